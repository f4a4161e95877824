"""Scope words (engine/scope.py): a question about one class of customer is not answered from
a document that never names that class, however many of its other words it holds."""
from conftest import write
from engine import Config, Engine
from engine.scope import lacking, scope_terms

UNFLOORED = Config(score_floor_lexical=0.0, coverage_floor=0.0)  # only the scope words refuse


def _ask(tmp_path, files: dict[str, str], *questions: str) -> list:
    """Each question's Answer from a words-only engine with the floors at zero, on `files`."""
    d = tmp_path / "cabinet"
    for name, text in files.items():
        write(d, name, text)
    with Engine(d, index=tmp_path / "i.sqlite", config=UNFLOORED, embed_model="none") as eng:
        return [eng.ask(q) for q in questions]


def test_class_words_are_the_question_s_scope():
    assert scope_terms("What is the residential customer charge?") == ("residenti",)
    assert scope_terms("What do commercial and industrial customers pay?") == ("commerci", "industri")
    assert scope_terms("What is the customer charge?") == ()


def test_the_subject_a_rule_is_named_by_is_the_question_s_scope():
    assert scope_terms("What is the fine for violating the open burning ordinance?") == ("open", "burn")
    assert scope_terms("When was the Lincoln Township noise ordinance adopted?") == ("nois",)
    # the body or the place that adopted it, or its state, is no subject
    assert scope_terms("Under the district travel policy, what is the mileage rate?") == ("travel",)
    assert scope_terms("When was the proposed ordinance adopted?") == ()
    assert scope_terms("When did the council approve the resolution?") == ()  # a verb, no subject


def test_another_rule_s_penalty_does_not_answer(tmp_path):
    a, b = _ask(tmp_path, {"noise_ordinance.txt":
                "NOISE ORDINANCE\nNo person shall make loud noise between 10 p.m. and 7 a.m.\n"
                "The penalty for any person violating this Ordinance shall be a fine of not more than $500.00.\n"},
                "What is the fine for violating the open burning ordinance?",
                "What is the fine for violating the noise ordinance?")
    assert not a.answered and a.refusal.reason == "outside_scope", a.to_dict()
    assert "burning" in a.refusal.message
    assert b.answered


def test_a_name_the_question_gives_a_candidate_document_by_is_a_scope_word(tmp_path):
    from engine.scope import naming
    names = {"grand_county_results.txt": frozenset({"grand", "counti", "result"}),
             "uintah_county_results.txt": frozenset({"uintah", "counti", "result"})}
    common = frozenset({"counti"})
    q = "Grand County Utah 2018 general election total ballots cast"
    assert naming(q, ("grand", "counti", "total", "ballot"), list(names), names.__getitem__, common) == ("grand",)
    # a word in lower case is a kind of thing, not which one; a question's first word alone no name
    assert naming("grand county total ballots", ("grand", "counti"), list(names), names.__getitem__, common) == ()
    names["results_2018.txt"] = frozenset({"result", "2018"})
    assert naming("Results of the grand county vote", ("result", "grand"), list(names), names.__getitem__,
                  common) == ()
    a, = _ask(tmp_path, {
        "uintah_county_results.txt": "UINTAH COUNTY GENERAL ELECTION 2018\nTotal ballots cast in 2018: 12,345\n",
        "grand_county_results.txt": "GRAND COUNTY GENERAL ELECTION 2018\nCandidates filed in 2018 by office\n"},
        "Grand County 2018 general election total ballots cast")
    assert a.refusal is not None and a.refusal.reason == "outside_scope", a.to_dict()
    assert "not found: grand" in a.refusal.message


def test_a_state_named_by_a_candidate_is_said_by_its_postal_code(tmp_path):
    """A survey's table writes a state by its code ("CA"): a question naming California,
    which another candidate's file name gives, does not refuse it as never saying the state
    (score.state_codes); a table of other states' codes still does."""
    files = {"california_adu_handbook.txt": "CALIFORNIA ADU HANDBOOK\nImpact fees apply to units of 750 square feet or more.\n",
             "impact_fee_survey.csv": "State,County,Jurisdiction,Total\nCA,Alameda,Fremont,\"$77,194\"\n"
                                      "CO,Pitkin,Pitkin Co,\"$21,674\"\n"}
    a, = _ask(tmp_path, files, "What total impact fee does the survey show for Fremont, California?")
    assert a.answered and "$77,194" in a.citations[0].lines[0].text, a.to_dict()
    files["impact_fee_survey.csv"] = "State,County,Jurisdiction,Total\nCO,Pitkin,Pitkin Co,\"$21,674\"\n"
    b, = _ask(tmp_path / "b", files, "What total impact fee does the survey show for Pitkin, California?")
    assert not (b.answered and "$21,674" in b.citations[0].lines[0].text), b.to_dict()


def test_lacking_names_each_document_without_the_words_as_typed():
    held = {("a.pdf", "residenti")}
    got = lacking(["a.pdf", "b.pdf", "a.pdf"], ("residenti",), lambda p, t: (p, t) in held,
                  {"residenti": "residential"})
    assert got == {"b.pdf": ("residential",)}


def test_another_class_s_schedule_does_not_answer(tmp_path):
    d = tmp_path / "cabinet"
    write(d, "large_general.txt",
          "SCHEDULE LG LARGE GENERAL SERVICE\nCustomer Charge: $1,715.00 per month.\n"
          "Energy charge: 5.1 cents per kWh for every customer on this schedule.\n")
    cfg = UNFLOORED
    q = "What is the residential customer charge per month?"
    with Engine(d, index=tmp_path / "i.sqlite", config=cfg, embed_model="none") as eng:
        a = eng.ask(q)
        assert not a.answered and a.refusal.reason == "outside_scope", a.to_dict()
        assert "residential" in a.refusal.message and "large_general.txt" in a.refusal.message
        assert a.gate is not None and a.gate.passed is False and not a.gate.in_scope
        write(d, "residential.txt", "SCHEDULE R RESIDENTIAL SERVICE\nCustomer Charge: $9.50 per month.\n")
        eng.refresh()
        b = eng.ask(q)
        assert b.answered and b.citations[0].path == "residential.txt", b.to_dict()
        assert all(c.path != "large_general.txt" for c in b.citations)


# -- the names a document's own file name gives (engine/score.py: path_names) ---------------------
def test_a_file_name_gives_its_body_s_name_written_out_or_as_initials():
    from engine.score import path_names
    from engine.terms import initialisms, required_terms

    q = "What time did the Fair Oaks Water District board open the hearing on December 15, 2025?"
    assert initialisms(q) == {"fowd": ("fair", "oak", "water", "district")}
    named = path_names("minutes/fowd_board_minutes_2025-12-15.txt", initialisms(q))
    assert {"fair", "oak", "water", "district", "2025", "15"} <= named
    assert set(required_terms(q)) - named == {"decemb"}  # the month is not in the name
    assert not {"fair", "oak"} & path_names("sjwd_board_minutes.txt", initialisms(q))
    assert "oakland" in path_names("oakland_budget_fy16.csv", {})
    # a question that opens with the name: its first word is part of it, a question word is not
    assert initialisms("San Juan Water District daily base charge for a 2-inch meter") == \
        {"sjwd": ("san", "juan", "water", "district")}
    assert initialisms("What Fair Oaks Water District board met?") == {"fowd": ("fair", "oak", "water", "district")}
    assert initialisms("What did the Mid-City Security District collect?") == \
        {"mcsd": ("mid", "citi", "secur", "district")}  # a hyphen joins two words of a name


def test_a_passage_holds_the_name_its_file_is_named_for(tmp_path):
    """Minutes named fowd_… that spell the Fair Oaks Water District out somewhere are its
    minutes: every passage holds the name, for the names check and for coverage, though
    the answer's lines do not repeat it. The same lines in a file whose name gives another
    body are refused for lacking the name, and so are they in a fowd_ file that never
    spells the name out: initials alone may be anything's ("oct" in a file name is a month,
    not the Orange County Transit)."""
    line = "President Costa opened the public hearing on the water rates at 6:58 p.m.\n"
    filler = "".join(f"Item {i}: the directors reviewed the monthly operations report.\n" for i in range(30))
    address = "Offices of the Fair Oaks Water District, 10326 Fair Oaks Boulevard.\n"
    q = "When did the Fair Oaks Water District president open the public hearing on water rates?"
    d = tmp_path / "docs"
    write(d, "sjwd_board_minutes.txt", "Regular Board Meeting Minutes\n" + filler + line + filler + address)
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask(q, explain=True)
        assert not a.answered, a.to_dict()  # its own name is another body's
        (d / "sjwd_board_minutes.txt").unlink()
        write(d, "fowd_board_minutes.txt", "Regular Board Meeting Minutes\n" + filler + line)
        eng.refresh()
        b = eng.ask(q, explain=True)
        assert not b.answered and b.refusal.reason == "name_or_number_missing", b.to_dict()
        write(d, "fowd_board_minutes.txt", "Regular Board Meeting Minutes\n" + filler + line + filler + address)
        eng.refresh()
        c = eng.ask(q, explain=True)
        assert c.answered, c.to_dict()
        assert c.citations[0].path == "fowd_board_minutes.txt" and "6:58" in c.citations[0].lines[0].text
        top = c.to_dict()["candidates"][0]
        assert top["path"] == "fowd_board_minutes.txt" and top["locator"] == "L27-38", top  # the line L32's
        assert not {"fair", "oak", "district"} & set(top["unmatched"]), top


def test_a_passage_that_calls_the_body_by_its_initials_holds_its_name(tmp_path):
    """A document spells a body's name out once and calls it by its initials after
    ("Director Tobin moved ... SJWD"): a passage writing "SJWD" holds the question's "San
    Juan Water District" for coverage and for the names check. Not when the document never
    spells that name out, its words together and in order, nor when its heading gives the
    initials to another body (the Santa Jacinta Water District's minutes, which mention a
    letter from San Juan's), nor another body's initials, nor the letters in lower case or
    in a line in capitals."""
    q = "What day did the San Juan Water District board move its August meeting to?"
    filler = "".join(f"Item {i}: the directors reviewed the monthly operations report.\n" for i in range(30))
    line = "SJWD Director Tobin moved to change the August board meeting to August 14, 2025.\n"
    d = tmp_path / "docs"
    write(d, "minutes.txt", "Regular Board Meeting Minutes, San Juan Water District\n" + filler + line)
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask(q, explain=True)
        assert a.answered and "August 14, 2025" in a.citations[0].lines[0].text, a.to_dict()
        top = a.to_dict()["candidates"][0]
        assert not {"san", "juan", "district"} & set(top["unmatched"]), top
        mention = "Correspondence: a letter from the San Juan Water District on the intertie.\n"
        scattered = "Held at the San Juan Bautista mission; the water district's staff attended.\n"
        for header, written in (("Santa Jacinta Water District", mention + filler + line),
                                ("Santa Jacinta Water District", filler + line),
                                ("Annual Report", scattered + filler + line),
                                ("San Juan Water District", filler + line.replace("SJWD", "FOWD")),
                                ("San Juan Water District", filler + line.replace("SJWD", "Sjwd")),
                                # in a text in capitals, initials are no sign: "CAP WATER DELIVERIES"
                                ("Annual Report", filler + "The San Juan Water District serves Granite Bay.\n"
                                 + filler + line.upper())):
            write(d, "minutes.txt", f"Regular Board Meeting Minutes, {header}\n" + written)
            eng.refresh()
            b = eng.ask(q, explain=True)
            assert not b.answered, (header, written, b.to_dict())


def test_a_proper_name_s_words_are_one_name(tmp_path):
    """The question's "Oregon Farm Bureau" is one name. Minutes of the Multnomah County
    Farm Bureau, filed as ..._portland_or_..., hold "Farm Bureau", and their file name
    states Oregon (score._STATES) — but not the name: their president is not the Oregon
    Farm Bureau's. A name's words a document gives of itself (its path, title lines, state)
    count for the names check only when the document holds the name whole: its words
    together and in order (common words such as "County" or "Bureau" aside)."""
    from engine.terms import name_runs
    assert name_runs("Who chairs the Oregon Farm Bureau?") == (("oregon", "farm", "bureau"),)
    assert name_runs("List Oregon Farm Bureau officers") == (("oregon", "farm", "bureau"),)
    # a possessive ends a name; the question's opening word opens none; a number or a code
    # is asked for alone, and a hyphened word by its parts
    assert name_runs("What time did Toronto's Debenture Committee meet?") == (("debentur", "committe"),)
    assert name_runs("What is the FY2025 GSA rate for the Mid-City Security District?") == \
        (("mid", "citi", "secur", "district"),)
    q = "Who was elected president of the Oregon Farm Bureau in 2019?"
    body = ("Annual Meeting Minutes, November 8, 2019\nMembers discussed the county fair booth.\n"
            "Officers elected for 2019:\nPresident: Larry Bailey\nVice President: Al Garre\n")
    d = tmp_path / "docs"
    write(d, "multnomah_farm_bureau_portland_or_minutes.txt", body)
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask(q)
        assert not a.answered and a.refusal.reason == "name_or_number_missing", a.to_dict()
        (d / "multnomah_farm_bureau_portland_or_minutes.txt").unlink()
        write(d, "oregon_farm_bureau_minutes.txt", body)
        eng.refresh()
        b = eng.ask(q)
        assert b.answered and any("Larry Bailey" in ln.text for ln in b.citations[0].lines), b.to_dict()
        # a state that trails the name is the state's part of that body: a sheet of Xcel
        # Energy's headed "Denver, CO" answers for "Xcel Energy Colorado"
        write(d, "electric_rates_2024.txt", "Xcel Energy\n1800 Larimer Street, Denver, CO 80202\n"
              "Electric Rate Summary, effective January 1, 2024\n" + "".join(
                  f"Commercial line {i}: contracted services carried forward at the same level.\n"
                  for i in range(12)) + "RESIDENTIAL SERVICE SCHEDULE R\nWinter energy charge per kWh: $0.07852\n")
        eng.refresh()
        c = eng.ask("What is the Xcel Energy Colorado residential winter energy charge?")
        assert c.answered and "$0.07852" in c.citations[0].lines[0].text, c.to_dict()


def test_a_table_cell_of_a_state_s_code_is_that_state(tmp_path):
    """A per diem table names its states by their codes, one column: "OR | Portland" is
    Portland, Oregon's row, "ME | Portland" Portland, Maine's. The question's "Oregon" is held
    by the Oregon rows only; "or" in running text is a word, no state."""
    rows = ["ID | State | City | County | Lodging"]
    rows += [f"{100 + i} | ME | {c} | Cumberland | $ {120 + i}" for i, c in enumerate(
        ["Portland", "Portland", "Bar Harbor", "Kittery", "Bangor", "Augusta", "Camden", "York"])]
    rows += [f"{300 + i} | OR | {c} | Lane | $ {140 + i}" for i, c in enumerate(
        ["Eugene", "Florence", "Bend", "Salem", "Medford", "Newport", "Astoria", "Ashland", "Hood River",
         "Lincoln City", "Seaside", "Corvallis"])]
    rows += ["312 | OR | Portland | Multnomah | $ 155"]
    d = tmp_path / "docs"
    write(d, "per_diem_rates.csv", "\n".join(rows) + "\n")
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("What is the lodging rate for Portland, Oregon?")
        assert a.answered and "OR | Portland | Multnomah" in a.citations[0].lines[0].text, a.to_dict()
    write(d, "per_diem_rates.csv", "\n".join(r for r in rows if "| OR |" not in r) + "\n")
    write(d, "notes.txt", "Travelers to Portland may stay in a hotel or a motel; lodging is reimbursed at cost.\n")
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        b = eng.ask("What is the lodging rate for Portland, Oregon?")
        assert not b.answered, b.to_dict()


def test_a_state_s_code_counts_only_in_a_state_column_on_the_asked_row(tmp_path):
    """A code in another column is no state ("IN" network, "OR" operating room), and a
    passage giving two states' codes beside the asked city says which row, not which state."""
    from engine.score import states_held, _STATES
    from engine.index.store import PassageRow
    from engine.pool import Pool
    import numpy as np

    def held(text: str, context: str, question_terms: tuple[str, ...], required: tuple[str, ...]):
        row = PassageRow(1, "p", 1, 1, 2, "rows 1-2", " ".join(content_terms(text)), text, context)
        pool = Pool((row,), (tuple(content_terms(text)),))
        has = np.zeros((1, len(question_terms)), dtype=bool)
        states_held(pool, question_terms, required, has)
        return dict(zip(question_terms, has[0].tolist()))

    from engine.terms import content_terms
    q, req = ("portland", "oregon", "lodg", "rate"), ("portland", "oregon")
    header = "ID | State | City | County | Lodging"
    assert held("305 | OR | Portland | Multnomah | $ 155", header, q, req)["oregon"]
    assert not held("305 | OR | Portland | Multnomah | $ 155", "ID | Network | City | County | Fee", q, req)["oregon"]
    assert not held("301 | OR | Eugene | Lane | $ 141\n102 | ME | Portland | Cumberland | $ 122", header, q, req)["oregon"]
    assert not held("312 | OR | Portland | Multnomah | $ 155\n102 | ME | Portland | Cumberland | $ 122",
                    header, q, req)["oregon"]
    assert not held("305 | OR | Portland | Multnomah | $ 155", header, q, ("portland",))["oregon"]  # not named
    assert "or" in _STATES


def test_a_transport_mode_is_a_scope_word():
    # the bus standards of a document that never says "ferry" answer no ferry question
    assert scope_terms("What on-time performance standard does HART set for its ferry service?") == ("ferri",)
    assert scope_terms("What is the paratransit fare?") == ("paratransit",)
    assert scope_terms("What is the bus fare?") == ()  # said in too many ways to look up


def test_a_document_without_the_mode_is_out_of_scope(tmp_path):
    from conftest import ask_words, quoted
    doc = ("# Transit Service Standards\n\nOn-Time Performance: 72% of trips from 1 minute early to "
           "5 minutes late at scheduled timepoints, for all bus service.\n")
    (a,) = ask_words(tmp_path / "ferry", {"metro_transit_service_standards.md": doc},
                     "What on-time performance standard does Metro Transit set for its ferry service?")
    assert not a.citations and a.refusal.reason == "outside_scope", (quoted(a), a.refusal)
    (b,) = ask_words(tmp_path / "bus", {"metro_transit_service_standards.md": doc},
                     "What on-time performance standard does Metro Transit set for its bus service?")
    assert quoted(b) and "72%" in quoted(b)[0], (quoted(b), b.refusal)


def test_a_mode_written_apart_is_the_mode():
    from engine.scope import lacking
    held = {("guide.md", "para"), ("guide.md", "transit"), ("vans.md", "van"), ("vans.md", "pool")}
    has = lambda path, term: (path, term) in held
    assert lacking(["guide.md", "vans.md"], ("paratransit",), has, {}) == {"vans.md": ("paratransit",)}
    assert lacking(["vans.md"], ("vanpool",), has, {}) == {}


def test_a_mode_written_apart_on_the_real_index(tmp_path):
    from conftest import ask_words, quoted
    doc = "# ACCESS Ride Guide\n\nPara-transit service for riders with disabilities.\n\nEach one-way ACCESS trip costs $3.50.\n"
    (a,) = ask_words(tmp_path / "apart", {"access_ride_guide.md": doc}, "How much does a paratransit trip cost?")
    assert quoted(a) and "$3.50" in quoted(a)[0], (quoted(a), a.refusal)
    (b,) = ask_words(tmp_path / "none", {"access_ride_guide.md": doc.replace("Para-transit", "Door-to-door")},
                     "How much does a paratransit trip cost?")
    assert not b.citations and b.refusal.reason == "outside_scope", (quoted(b), b.refusal)


def test_a_place_a_state_s_word_opens_is_one_name(tmp_path):
    """"Jersey City" is a city, not New Jersey and a city: a court table filed as nj_...
    names New Jersey, and its "EGG HARBOR CITY" row holds "city", but only the JERSEY CITY
    row holds the place whole."""
    rows = ["County | Municipality | Parking Filed | Parking Resolved"]
    rows += [f"ATLANTIC | {m} CITY | {100 + i} | {90 + i}" for i, m in enumerate(
        ["EGG HARBOR", "CORBIN", "VENTNOR", "LINWOOD", "SOMERS POINT", "NORTHFIELD", "BRIGANTINE", "ABSECON"])]
    rows += ["HUDSON | JERSEY CITY | 344,928 | 301,112"]
    d = tmp_path / "docs"
    write(d, "nj_municipal_court_statistics_2023_2024.csv", "\n".join(rows) + "\n")
    q = "How many parking tickets were filed in Jersey City's municipal court?"
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask(q)
        assert a.answered and "JERSEY CITY" in a.citations[0].lines[0].text, a.to_dict()
    write(d, "nj_municipal_court_statistics_2023_2024.csv", "\n".join(r for r in rows if "JERSEY" not in r) + "\n")
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        b = eng.ask(q)
        assert not b.answered, b.to_dict()


def test_a_state_s_own_name_or_a_body_after_it_is_no_place(tmp_path):
    """"South Dakota" is the state a file named harding_county_sd_... gives, and "Clayton,
    Missouri Board of Aldermen" a body after the state: neither is a place to hold whole."""
    d = tmp_path / "docs"
    write(d, "harding_county_sd_primary_results_2016.csv",
          "Office | Candidate | Votes\n" + "".join(f"County Commissioner | Candidate {i} | {100 + i}\n"
                                                   for i in range(8))
          + "County Treasurer | Kaeloni Latham | 203\n")
    write(d, "clayton_mo_board_of_aldermen.txt", "Board of Aldermen\nMeetings are held in City Hall.\n"
          "The business session starts at 7:00 p.m.\n")
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("Who won the primary for county treasurer in Harding County, South Dakota?")
        assert a.answered and "Kaeloni Latham" in a.citations[0].lines[0].text, a.to_dict()
        b = eng.ask("What time does the Clayton, Missouri Board of Aldermen business session begin?")
        assert b.answered and "7:00 p.m." in b.citations[0].lines[0].text, b.to_dict()
