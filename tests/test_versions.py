"""Versions across documents (engine/versions.py, readers/dating.py): two fee schedules of one
town (samples/fees, made by samples/make_samples.py) give different fees for a fence permit;
a question about now gets the newer first, one naming 2019 the 2019 schedule first, one
asking neither gets both, newest first, each with its date and a note; values that agree,
and a fee only one schedule has, answer as before.
"""
import json
from pathlib import Path

import pytest

from engine import Engine
from engine.readers import read
from engine.readers.dating import date_of
from engine.types import Line
from engine.versions import same_series, series_of, told_apart

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.fixture(scope="module")
def eng(tmp_path_factory):
    with Engine(SAMPLES, index=tmp_path_factory.mktemp("v") / "i.sqlite", embed_model="none") as e:
        yield e


def _paths(a):
    return [c.path for c in a.citations]


def test_now_gets_the_newer_first_with_both_dates(eng):
    a = eng.ask("How much is a fence permit in Millbrook now?")
    assert _paths(a) == ["fees/2024-permit-fee-schedule.pdf", "fees/2019-permit-fee-schedule.pdf"]
    assert any("$55.00" in ln.text for ln in a.citations[0].lines)
    assert any("$40.00" in ln.text for ln in a.citations[1].lines)
    d = a.to_dict()
    assert d["citations"][0]["date"] == {"value": "2024-01-01", "start": "2024-01-01", "end": "2024-01-01",
                                         "evidence": "p1:L4 Effective January 1, 2024"}
    assert d["citations"][1]["date"]["value"] == "2019-07-01"
    assert d["versions"]["newer"] == "fees/2024-permit-fee-schedule.pdf"
    assert "now" in d["versions"]["order"]


def test_a_named_year_gets_its_version_first(eng):
    a = eng.ask("What did a fence permit cost in 2019?")
    assert _paths(a)[0] == "fees/2019-permit-fee-schedule.pdf"
    assert any("$40.00" in ln.text for ln in a.citations[0].lines)
    assert "2019" in a.versions["order"]


def test_unqualified_gets_both_newest_first_and_the_note_in_text(eng):
    from engine.render import answer_text

    a = eng.ask("How much is a fence permit?")
    assert _paths(a) == ["fees/2024-permit-fee-schedule.pdf", "fees/2019-permit-fee-schedule.pdf"]
    text = answer_text(a)
    assert "dated 2024-01-01 (p1:L4 Effective January 1, 2024)" in text
    assert "versions: two versions give different values" in text


def test_values_that_agree_and_fees_of_one_version_answer_as_before(eng):
    same = eng.ask("How much is a sign permit?")  # $25.00 in both
    assert same.versions is None and all(c.date is None for c in same.citations)
    assert "versions" not in same.to_dict()
    only = eng.ask("What does the town charge for a dumpster permit?")  # 2024 alone lists it
    assert only.versions is None and _paths(only) == ["fees/2024-permit-fee-schedule.pdf"]


def test_off_is_byte_identical_for_a_question_without_versions(eng):
    from engine.config import Config

    for q in ("What is the monthly water base charge for a residential 5/8 inch meter?",
              "How much is a sign permit?"):
        on = json.dumps(eng.ask(q).to_dict(), sort_keys=True)
        off = json.dumps(eng.ask(q, config=eng.config.replace(versions=0)).to_dict(), sort_keys=True)
        assert on == off


def test_series_by_file_name():
    assert same_series("fees/2019-permit-fee-schedule.pdf", "fees/2024-permit-fee-schedule.pdf")
    assert same_series("rivergrove_resolution_259-2018_development_fees.pdf",
                       "rivergrove_resolution_300-2024_fee_schedule.pdf")
    assert same_series("pge_electric_b-20_rates_2021-08_to_2021-11.xlsx", "pge_electric_schedule_b-20.pdf")
    assert not same_series("rivergrove_ordinance_81-2011_signs.pdf", "rivergrove_ordinance_88-2017_docks.pdf")
    assert not same_series("a/x.pdf", "a/x.pdf")
    groups = series_of(["b/2019-fees.pdf", "b/2024-fees.pdf", "minutes.txt"])
    assert groups == {"b/2019-fees.pdf": "b/2019-fees.pdf", "b/2024-fees.pdf": "b/2019-fees.pdf"}


def test_dates_from_lines_and_file_names():
    def lines(*texts):
        return [Line(text=t, locator=f"L{i}") for i, t in enumerate(texts, 1)]

    assert date_of(lines("RATE SCHEDULE", "Effective: April 1, 2021"), "x.pdf").start == "2021-04-01"
    assert date_of(lines("Minutes", "December 15, 2025", "Call to order"), "m.txt").evidence == "L2 December 15, 2025"
    got = date_of(lines("RESOLUTION 300", "A resolution adopting fees", *["text"] * 50,
                        "ADOPTED by the Council this 8th day of April, 2024"), "r.pdf")
    assert got.start == "2024-04-08"
    assert date_of(lines("Budget in brief", "2020 2021 2022"), "b.pdf").shown == "2022"
    assert date_of(lines("no dates here"), "rates_2021-08_to_2021-11.xlsx").shown == "2021-08 to 2021-11"
    assert date_of(lines("no dates here"), "budget_fy2025.csv").shown == "2025"
    assert date_of(lines("no dates here"), "notes.txt") is None
    # a print stamp is page furniture: it never dates the document
    stamp = Line(text="8/9/22, 4:50 PM Rate Schedule", locator="p1:L1", region="p1", furniture=True)
    assert date_of([stamp, *lines("Rates")], "r.pdf") is None


def test_sample_schedules_are_dated_at_read_time():
    for year, day in (("2019", "2019-07-01"), ("2024", "2024-01-01")):
        r = read(SAMPLES / "fees" / f"{year}-permit-fee-schedule.pdf")
        assert date_of(r.lines, f"fees/{year}-permit-fee-schedule.pdf").start == day


CABINET = Path(__file__).resolve().parents[2] / "shared" / "eval" / "cabinet"
SERIES = ("rivergrove_resolution_259-2018_development_fees.pdf", "rivergrove_resolution_300-2024_fee_schedule.pdf",
          "rivergrove_ordinance_89-2018_tree_cutting.pdf", "pge_electric_schedule_b-20.pdf",
          "pge_electric_b-20_rates_2021-08_to_2021-11.xlsx", "pge_gas_schedule_g-nr2_rates_2020-2021.xlsx")


@pytest.fixture(scope="module", params=["words", "model"])
def cabinet(request, tmp_path_factory):
    """The six documents, words only and with the shared model (every passage embedded)."""
    if not CABINET.is_dir():
        pytest.skip(f"real-document cabinet not found at {CABINET}")
    import shutil

    docs = tmp_path_factory.mktemp("series") / "docs"
    docs.mkdir()
    for name in SERIES:
        shutil.copy(CABINET / name, docs / name)
    kw = {"embed_model": "none"} if request.param == "words" else {**request.getfixturevalue("model"), "embed": "all"}
    with Engine(docs, index=docs.parent / "i.sqlite", **kw) as e:
        yield e


def test_the_cabinet_tree_permit_now_is_the_2024_fee_first(cabinet):
    a = cabinet.ask("How much does a tree cutting permit cost in Rivergrove now?")
    assert _paths(a) == ["rivergrove_resolution_300-2024_fee_schedule.pdf",
                         "rivergrove_resolution_259-2018_development_fees.pdf"]
    assert any("$75 (per tree)" in ln.text for ln in a.citations[0].lines)
    assert any("$20 per tree" in ln.text for ln in a.citations[1].lines)
    assert a.citations[0].date["value"] == "2024-04-08" and a.citations[1].date["value"] == "2019-01-01"


def test_the_cabinet_b20_charge_gives_both_values_the_newer_first(cabinet):
    a = cabinet.ask("What is the daily customer charge for PG&E B-20 secondary voltage service?")
    assert _paths(a) == ["pge_electric_b-20_rates_2021-08_to_2021-11.xlsx", "pge_electric_schedule_b-20.pdf"]
    assert a.citations[0].date["value"] == "2021-08 to 2021-11"
    assert a.versions["newer"] == "pge_electric_b-20_rates_2021-08_to_2021-11.xlsx"


def test_explain_shows_each_candidates_document_date(eng):
    from engine.render import answer_text

    a = eng.ask("How much is a sign permit?", explain=True)
    dates = {c["path"]: c.get("document_date", {}).get("value") for c in a.to_dict()["candidates"]}
    assert dates["fees/2024-permit-fee-schedule.pdf"] == "2024-01-01"
    assert dates["fees/2019-permit-fee-schedule.pdf"] == "2019-07-01"
    assert "dated 2024-01-01 (p1:L4 Effective January 1, 2024)" in answer_text(a)


def test_a_document_that_says_it_supersedes_another_is_its_version(tmp_path):
    """Two names with nothing in common: the newer says, in its last lines, that it
    supersedes the other, naming its number."""
    from conftest import write

    docs = tmp_path / "docs"
    write(docs, "res_259-2018_development_fees.txt",
          "RESOLUTION 259-2018\nEffective January 1, 2019\n\nFence permit: $40.00\nSign permit: $25.00\n")
    write(docs, "2024_council_fee_update.txt",
          "FEE UPDATE\nEffective January 1, 2024\n\nFence permit: $55.00\nSign permit: $25.00\n\n"
          "This resolution supersedes Resolution 259-2018.\n")
    assert not same_series("res_259-2018_development_fees.txt", "2024_council_fee_update.txt")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("How much is a fence permit now?")
        assert _paths(a) == ["2024_council_fee_update.txt", "res_259-2018_development_fees.txt"]
        assert a.versions is not None


def test_status_series_joins_names_whose_first_words_differ():
    # the two Rivergrove resolutions share rivergrove, resolution and fee, not their
    # alphabetically first words ("develop" and "fee")
    a, b = "rivergrove_resolution_259-2018_development_fees.pdf", "rivergrove_resolution_300-2024_fee_schedule.pdf"
    assert series_of([b, a, "minutes.txt"]) == {a: a, b: a}


def test_a_question_naming_one_of_two_look_alike_names_keeps_them_apart(tmp_path):
    from conftest import ask_words

    files = {"ottawa_county_election_results_2023-11-07.txt": "Minneapolis Mayor\nDavid Sweat received 215 votes.\n",
             "rooks_county_election_results_2023-11-07.txt": "Plainville Mayor\nQuentin Meyers received 269 votes.\n"}
    from types import SimpleNamespace as C
    ottawa, rooks = (C(path=p, unmatched=u) for p, u in zip(files, [(), ("ottawa",)]))
    assert same_series(*files) and told_apart(ottawa, rooks, ("ottawa", "mayor"))
    assert not told_apart(ottawa, rooks, ("mayor", "vote"))
    # a word of one name that the other's passage says tells nothing apart
    assert not told_apart(C(path="water_sewer_rates_2022.txt", unmatched=()),
                          C(path="water_rates_2024.txt", unmatched=()), ("sewer", "rate"))
    a, = ask_words(tmp_path, files, "How many votes did the ottawa county mayor get?")
    # not two versions (which would put the later path first): Ottawa's answer leads
    assert a.citations[0].path == "ottawa_county_election_results_2023-11-07.txt" and a.versions is None


def test_a_name_s_extra_word_the_newer_version_says_keeps_them_versions(tmp_path):
    from conftest import ask_words

    a, = ask_words(tmp_path, {
        "water_sewer_rates_2022.txt": "Effective January 1, 2022\nResidential sewer rate: $5.25 per 1,000 gallons\n",
        "water_rates_2024.txt": "Effective January 1, 2024\nResidential sewer rate: $6.10 per 1,000 gallons\n"},
        "What is the residential sewer rate?")
    assert a.citations[0].path == "water_rates_2024.txt" and a.versions is not None
