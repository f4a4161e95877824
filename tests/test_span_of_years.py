"""A figure asked over a span of years ("from 2015 through 2021") is not one year's figure
(quote/lines._one_year_of_span): "... reversed in 2021, when 8,084 units were permitted" is
2021's alone. Made-up memos through the real readers and index, and the rule on made-up
lines. A sentence naming another single year is not refused by it: reports give this year's
figure beside last year's."""
from conftest import ask_words, quoted
from engine.quote.lines import _one_year_of_span, _span_ends, _years_of

MEMO = """RIVERBEND HOUSING COMPACT: PERMITTING MEMO

The Riverbend Housing Compact tracks the housing units its member towns have permitted each year since 2015.
Annual totals fell in each year from 2018-2020, but the trend reversed in 2021
when 8,084 units were permitted.
In all, the member towns issued building permits for 50,351 units.
"""


def test_years_said():
    assert _years_of("the 2024-25 budget") | _span_ends("the 2024-25 budget") == {"2024", "2025"}
    assert _years_of("since 2015 the peak was 2017", unbounded=True) == {"2017"}
    assert _years_of("FY2019/20 results") | _span_ends("FY2019/20 results") == {"2019", "2020"}
    assert _span_ends("dated 2024/04/17") == set()  # a date, no span


def test_one_year_of_a_span():
    q = "How many units did the towns permit from 2015 through 2021?"
    assert _one_year_of_span("The trend reversed in 2021, when 8,084 units were permitted.", q) == (
        "2021", "2015 through 2021")
    assert _one_year_of_span("From 2015-2021 the towns permitted 86,333 units.", q) is None
    assert _one_year_of_span("Since 2015 the towns have permitted 50,351 units.", q) is None
    assert _one_year_of_span("In all, the towns permitted 50,351 units.", q) is None
    assert _one_year_of_span("2021 | 8,084", q) is None  # a table's row: read by its key
    # no span asked, or two years apart at most: nothing to say
    assert _one_year_of_span("The trend reversed in 2021, when 8,084 units were permitted.",
                             "How many units did the towns permit in 2022?") is None
    assert _one_year_of_span("In 2021 the levy raised $3.1 million.",
                             "How much did the levy raise between 2020 and 2021?") is None
    # a question asking when: its years say what it asks about
    assert _one_year_of_span("The bridge reopened on May 3, 2021.",
                             "When did the bridge closed from 2015 through 2021 reopen?") is None


def test_the_span_s_figure_is_quoted_not_one_year_s(tmp_path, monkeypatch):
    q = "How many housing units did the Riverbend member towns permit from 2015 through 2021?"
    (a,) = ask_words(tmp_path / "on", {"riverbend_permitting_memo.txt": MEMO}, q)
    got = quoted(a)
    assert any("50,351" in t for t in got) and not any("8,084" in t for t in got), got
    # without the rule, 2021's figure is quoted beside it
    import engine.quote.lines as lines
    monkeypatch.setattr(lines, "_one_year_of_span", lambda unit, question: None)
    (a,) = ask_words(tmp_path / "off", {"riverbend_permitting_memo.txt": MEMO}, q)
    assert any("8,084" in t for t in quoted(a))


def _holders(tmp_path):
    rows = ["Year,Place Name,Paid Fishing License Holders"]
    for year in ("2025", "1963"):
        rows += [f"{year}-01-01 00:00:00,{state},{n}" for state, n in
                 (("IOWA", 408695), ("KANSAS", 303912), ("MAINE", 219843), ("MARYLAND", 91572),
                  ("MICHIGAN", 1090840 if year == "2025" else 952852), ("MINNESOTA", 1355512),
                  ("MISSOURI", 656546), ("MONTANA", 234657), ("NEVADA", 120433))]
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "fishing_license_holders_by_state_1960-2025.csv").write_text("\n".join(rows) + "\n")
    return docs


def test_a_year_ending_the_file_name_s_span_is_not_in_every_passage(tmp_path, monkeypatch):
    # the title "... 1960 2025" is every passage's context: the 1963 rows hold no 2025
    from engine import Engine
    import engine.score as score
    q = "How many paid fishing license holders did Michigan have in 2025?"
    docs = _holders(tmp_path)
    with Engine(docs, index=tmp_path / "on.sqlite", embed_model="none") as eng:
        a = eng.ask(q, explain=True)
    assert [ln.text for c in a.citations for ln in c.lines][0].startswith("2025-01-01 00:00:00 | MICHIGAN | 1090840")
    assert any("2025" in c.unmatched for c in a.candidates)  # a passage of 1963 rows lacks the year
    monkeypatch.setattr(score, "spans_unheld", lambda *a: None)
    with Engine(docs, index=tmp_path / "off.sqlite", embed_model="none") as eng:
        off = eng.ask(q, explain=True)
    assert not any("2025" in c.unmatched for c in off.candidates)  # every passage held it


def test_a_header_naming_a_column_by_a_word_and_its_year_holds_the_year(tmp_path, monkeypatch):
    # a data export's yearly columns: "wkd2024" is 2024's weekday boardings
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "transit_weekday_boardings.csv").write_text(
        "mode,month_,wkd2022,wkd2023,wkd2024\n"
        "Light Rail,November,28101,33480,37012\n"
        "Light Rail,December,28824,35748,39225\n"
        "Commuter Rail,December,12001,13420,14877\n")
    from engine import Engine
    import engine.score as score
    q = "light rail weekday boardings December 2024"
    with Engine(docs, index=tmp_path / "on.sqlite", embed_model="none") as eng:
        a = eng.ask(q, explain=True)
    assert "2024" not in a.candidates[0].unmatched
    assert "Light Rail | December | 28824 | 35748 | 39225" in [ln.text for ln in a.citations[0].lines]
    monkeypatch.setattr(score, "headed_years_held", lambda *a: None)
    with Engine(docs, index=tmp_path / "off.sqlite", embed_model="none") as eng:
        off = eng.ask(q, explain=True)
    assert "2024" in off.candidates[0].unmatched and not off.answered


def test_a_table_headed_by_another_kind_of_the_thing_gives_no_row(tmp_path):
    # "Paid Fishing License Holders" heads the rows: no row counts hunting licence holders
    docs = _holders(tmp_path)
    from engine import Engine
    with Engine(docs, index=tmp_path / "k.sqlite", embed_model="none") as eng:
        fishing = eng.ask("How many paid fishing license holders did Michigan have in 2025?")
        hunting = eng.ask("How many paid hunting license holders did Michigan have in 2025?")
    assert fishing.citations[0].lines[0].text.startswith("2025-01-01 00:00:00 | MICHIGAN | 1090840")
    assert not hunting.answered
    # and the refusal says why: the header, not a lack of the question's words
    assert "header names" in hunting.refusal.message and "hunting" in hunting.refusal.message, hunting.refusal


def test_a_header_spelt_the_british_way_names_the_same_thing(tmp_path):
    # "Dog Licence Fee" heads the dog license fees: no other kind of licence
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "elm_falls_dog_licences.csv").write_text(
        "Dog | Dog Licence Fee\nSpayed or neutered | $15.00\nNot spayed or neutered | $40.00\n".replace(" | ", ","))
    from engine import Engine
    with Engine(docs, index=tmp_path / "d.sqlite", embed_model="none") as eng:
        a = eng.ask("What is the Elm Falls dog license fee for a spayed or neutered dog?")
    assert a.citations[0].lines[0].text == "Spayed or neutered | $15.00"


def test_a_row_s_code_with_a_year_in_it_names_no_year(tmp_path):
    # "WO2019" is a work order's number, one cell of a row: no 2019 column
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "water_main_work_orders.csv").write_text(
        "Work Order,Street,Status\nWO2019,Maple Drive,Completed October 2022\n"
        "WO2024,Oak Avenue,Completed March 2023\n")
    from engine import Engine
    with Engine(docs, index=tmp_path / "w.sqlite", embed_model="none") as eng:
        a = eng.ask("Which water main project was completed in 2019?", explain=True)
    assert all("2019" in c.unmatched for c in a.candidates) and not a.answered
