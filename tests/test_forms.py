"""Other forms of a question's term (score.forms_held): a number of the same value, a fiscal
year written short or long, a street suffix spelt out or abbreviated, held by a passage that
writes the other form, for coverage and the names-and-numbers check alike."""
import pytest

from conftest import ask_words, quoted, write
from engine import Engine
from engine.score import other_forms, _form_key


@pytest.mark.parametrize("asked, written", [
    ("25", "25.00"), ("1500", "1,500"), ("1,500.50", "1500.5"),
    ("2019-20", "2019-2020"), ("2019/20", "2019-20"),
    ("fy2016-17", "2016-17"), ("fy22-23", "fy2022-23"), ("fy22-23", "2022-2023"),  # a fiscal year's forms
    ("2026", "fy26"), ("2026", "fy2026"), ("fy26", "2026"), ("1998", "fy98"),  # a fiscal year by its end
    ("street", "st"), ("ave", "avenu"),  # stemmed, as question terms are
    ("florida", "fl"), ("york", "ny"), ("michigan", "mi"),  # a state's name and its code
])
def test_a_term_meets_its_other_form(asked, written):
    assert _form_key(written) in other_forms(asked)


@pytest.mark.parametrize("asked, written", [
    ("25", "250"), ("25", "2.5"), ("007", "7"), ("2019-20", "2019-2021"), ("street", "road"),
    ("2021-08", "2021-2008"),  # a year and a month are no fiscal year
    ("fee", "fees"), ("florida", "ga"),
    ("2026", "fy25"), ("2025", "fy2026"), ("2026", "fyi"), ("26", "fy26"), ("2099", "fy99"),  # another year
])
def test_other_values_are_not_the_same_term(asked, written):
    assert _form_key(written) not in other_forms(asked)


def test_a_passage_writing_the_other_form_answers(tmp_path):
    docs = tmp_path / "docs"
    write(docs, "letter.txt", "Dear resident,\n\n"
          "Starting in March 2026, every lot on the water system will be charged\n"
          "a monthly availability fee of $25.00 per connection.\n\n"
          "Questions may be brought to the office at 12 Harbor St during business hours.\n")
    write(docs, "budget.txt", "Library District Budget\n\n"
          "For the fiscal year 2024-2025 the district expects property tax revenue of $1,200,000.\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("When does the $25 monthly availability fee start?")
        assert a.answered and any("March 2026" in ln.text for c in a.citations for ln in c.lines)
        b = eng.ask("How much property tax revenue does the district expect in fiscal 2024-25?")
        assert b.answered and any("$1,200,000" in ln.text for c in b.citations for ln in c.lines)
        # a number of another value is still missing
        c = eng.ask("When does the $35 monthly availability fee start?")
        assert not c.answered and c.refusal.reason == "name_or_number_missing"


def test_a_state_the_document_abbreviates_counts_as_named(tmp_path):
    """A document that names its state only by the USPS abbreviation, in its file name or
    after a comma in its heading, names the state for the names-and-numbers check; a state it
    does not abbreviate is still missing."""
    from engine.score import path_names

    assert "minnesota" in path_names("manchester_mn_fee_schedule.pdf", {})
    assert "colorado" in path_names("notice.pdf", {}, "TOWN OF PAONIA, CO 81428")
    assert {"new", "mexico"} <= path_names("santa_fe_nm_rates.csv", {})
    assert "colorado" not in path_names("notice.pdf", {}, "Bid bond: Co. of record")  # no comma, not capitals
    docs = tmp_path / "docs"
    write(docs, "manchester_mn_fees.txt", "CITY OF MANCHESTER\nRESOLUTION 2023-04A\n\n"
          "The council adopts the following fees.\n\n"
          "SEWER FEE (OPERABLE)   $55.00\nFENCE PERMIT   $5.00\nWATER CONNECT   $40.00\n")
    write(docs, "other.txt", "Town of Manchester, Vermont: meeting minutes.\n\nThe board met at 7 pm.\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("How much does Manchester, Minnesota charge for a fence permit?")
        assert a.answered and any("$5.00" in ln.text for c in a.citations for ln in c.lines)
        b = eng.ask("How much does Manchester, Iowa charge for a fence permit?")
        assert not b.answered and b.refusal.reason == "name_or_number_missing"


def test_a_path_s_initials_may_drop_the_last_words_of_the_body_s_name():
    """"sfusd_agenda.pdf" names San Francisco Unified (School District): the question's name
    with the body's last word or two left out; initials with more letters past it do not."""
    from engine.score import path_names
    from engine.terms import initialisms

    asked = initialisms("How many warrants did San Francisco Unified issue in December 2025?")
    assert {"san", "francisco"} <= path_names("sfusd_board_agenda_2026-02-10.pdf", asked)
    assert "francisco" not in path_names("sfuabcd_board_agenda.pdf", asked)
    assert "francisco" not in path_names("board_agenda.pdf", asked)


def test_a_row_writing_the_state_s_code_is_in_that_state_but_a_flow_is_no_fee(tmp_path):
    docs = tmp_path / "docs"
    write(docs, "per_diem.csv", "ID,State,Destination,County,Season Begin,Season End,Lodging,Meals\n"
          "90,FL,Key West,Monroe,October 1,January 31,$ 389,$ 86\n"
          "91,FL,Key West,Monroe,February 1,April 30,$ 436,$ 86\n"
          "92,GA,Atlanta,Fulton,October 1,September 30,$ 195,$ 79\n")
    write(docs, "plants.csv", "Index,Plant No,Design Flow (MGD),Electricity Demand (MW),City,State,"
          "Electricity Utility\n"
          "88,27000001001,218,21.2,St Paul,MN,Northern Power Electricity\n"
          "89,27000001002,41,3.5,Duluth,MN,Northern Power Electricity\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("What is the lodging per diem for Key West, Florida in February?")
        assert a.answered and any("$ 436" in ln.text for ln in a.citations[0].lines)
        # the plants' rows are in Minnesota, but their bare numbers stand under a flow and an
        # identifier: no charge of Northern Power's is in them (kinds.money_cells)
        b = eng.ask("What demand charge does Northern Power bill in Minnesota?")
        assert not b.answered and b.refusal.reason == "no_answer_kind"


def test_a_fiscal_year_the_path_writes_counts_as_named(tmp_path):
    from engine.score import path_names
    assert "fy2016-17" in path_names("oakland_budget_fy2016-17_midcycle_adopted.xlsx", {})
    assert "fy2022-2023" in path_names("budget/fy22-23_adopted.csv", {})  # its one form
    docs = tmp_path / "docs"
    write(docs, "springfield_budget_fy22-23_adopted.csv", "Department,Account,Amount\n"
          "Finance,Real Estate Transfer Tax,1012178\nFinance,Sales Tax,61881559\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("How much real estate transfer tax is in the Springfield FY2022-23 budget?")
        assert a.answered and "1012178" in a.citations[0].lines[0].text


def test_an_irregular_past_is_a_form_of_its_verb():
    from engine.score import other_forms
    from engine.terms import stem
    assert stem("held") in other_forms(stem("hold")) and stem("hold") in other_forms(stem("held"))
    assert {stem("began"), stem("begun")} <= other_forms(stem("begin"))
    assert stem("leave") not in other_forms(stem("left"))  # a direction as often as a verb: no form of "leave"


@pytest.mark.parametrize("asked, written", [
    ("left", "remaining"), ("spent", "expenses"), ("spend", "expenditures"), ("salary", "wages"),
    ("picked", "elected"), ("bought", "purchased"), ("cars", "vehicles"), ("fix", "repairs"),
])
def test_a_plain_word_is_said_in_the_documents_word(asked, written):
    from engine.terms import said_as, stem
    assert stem(written) in said_as(stem(asked))


@pytest.mark.parametrize("asked, written", [
    ("remaining", "left"), ("expenses", "spend"), ("attorney", "lawyer"), ("elected", "picked"),
    ("employees", "workers"),  # one way only: the document's word is not met by the plain one
    ("left", "leave"), ("fee", "fine"), ("pay", "salary"), ("picked", "selected"),  # not in the table
    # dropped after reviews: their documents' words stray from the sense
    ("lawyer", "attorney"), ("workers", "employees"), ("built", "construction"), ("wage", "salary"),
    ("hire", "appointed"), ("start", "commence"), ("late", "delinquent"), ("kids", "minor"),
    ("people", "population"), ("fine", "penalty"),  # a parade's crowd is no census; a fee list's penalty no fine
])
def test_a_plain_word_is_met_one_way_and_only_by_its_table(asked, written):
    from engine.terms import said_as, stem
    assert stem(written) not in said_as(stem(asked))


def test_coverage_never_reads_a_plain_word_s_synonym(tmp_path):
    """Only the quote reads PLAIN_SAID: a passage saying "expenditures" does not hold the
    question's "spend" for coverage (a synonym filling a passage's last missing word let
    passages meaning something else clear the floor), so "how much did the city spend on
    parks" is not answered by the General Fund's total."""
    a, b = ask_words(tmp_path, {
        "budget_2023.txt": "City of Alder FY2023 Budget\n\n"
                           "Total General Fund expenditures in 2023 were $48,200,000.\n\n"
                           "Library materials: $310,000 of the 2023 budget.\n",
        "parks_report_2023.txt": "Parks Department Report 2023\n\nThe parks department planted 420 trees in 2023.\n",
    }, "How much did the city spend on parks in 2023?", "How much did Alder spend?")
    assert not a.answered, a.citations
    assert not b.answered and b.refusal.reason == "below_floor" and "spend" in b.refusal.unmatched


def test_a_question_in_plain_words_is_answered_from_the_document_s_words(tmp_path):
    """"How many years are left" is answered by "16.7 years ... remaining"; before, the line
    holding the figure shared no word with the question's topic and the answer was refused."""
    a, b = ask_words(tmp_path, {
        "landfill_status_update_2024.txt":
            "Landfill Status Update 2024\n\n"
            "■ Wolfe Lake Landfill gained almost 2 years with the use of shredding services.\n"
            "– Approximately 16.7 Year lifespan remaining on the site.\n"
            "– Tonnage received in 2023 was 4,120 tonnes.\n",
        "council_minutes_2024-03-05.txt":
            "Council Minutes, March 5, 2024\n\nCouncil approved the road grading contract for $48,000.\n"
            "The meeting adjourned at 8:15 p.m.\n",
    }, "How many years are left at the Wolfe Lake landfill?",
        "How many years are left on the Wolfe Lake road grading contract?")
    assert a.answered, a.refusal
    assert "16.7 Year lifespan" in a.citations[0].lines[0].text
    assert not b.answered or "16.7" not in b.citations[0].lines[0].text


def test_a_synonym_answers_only_where_the_passage_says_the_rest_of_the_topic(tmp_path):
    """A line may speak of the question through the documents' word for its plain word only
    where it says another word of the topic itself: the bonds' "8 years remaining", in a
    report whose file is named for the landfill, is no answer to the landfill's years left."""
    a, = ask_words(tmp_path, {"landfill_report.md":
        "# Solid Waste Division Annual Report 2024\n\n## Landfill Capacity\n\n"
        "The Cedar Ridge Landfill has 16.7 years of capacity remaining at current fill rates, "
        "based on the 2024 aerial survey.\n\n## Debt Service\n\n"
        "The 2012 revenue bonds have 8 years remaining until final maturity in 2032.\n"},
        "How many years are left on the landfill?")
    assert a.answered, a.refusal
    lines = quoted(a)
    assert "16.7 years" in lines[0] and not any("8 years" in t for t in lines)


@pytest.mark.parametrize("text, question", [
    # the line saying the synonym must itself (or its parent list item) say the topic
    ("Parks Update 2023\n\nRiverside Park reopened in June after the new playground was installed.\n"
     "Citywide expenditures for fiscal 2023 were $48,200,000 across all departments.\n",
     "How much did the city spend on Riverside Park?"),
    # a line saying the question's own word stands; the synonym's line does not stand beside it
    ("Landfill Status 2024\n\nThe landfill lease has 12 years left on its term.\n"
     "The 2012 revenue bonds have 8 years remaining until maturity.\n",
     "How many years are left on the landfill lease?"),
])
def test_a_synonym_s_line_must_say_the_rest_of_the_topic_itself(tmp_path, text, question):
    a, = ask_words(tmp_path, {"status_update.txt": text}, question)
    assert not any("$48,200,000" in t or "8 years" in t for t in quoted(a)), quoted(a)


def test_a_sub_item_speaks_of_what_its_parent_item_names():
    from engine.quote.lines import _parent_item
    lines = ["2024 Monitoring Report Results",
             "■ Wolfe Lake Landfill gained almost 2 years with the use of shredding services and",
             "compaction.",
             "– Approximately 16.7 Year lifespan remaining on the site.",
             "– 14.5 Year lifespan remaining in 2023."]
    assert _parent_item(lines, 3) == 1 and _parent_item(lines, 4) == 1
    assert _parent_item(lines, 0) is None and _parent_item(lines, 1) is None


def _held(question: str, text: str) -> dict[str, bool]:
    """Which of the question's terms short_months_held marks held in a passage of `text`."""
    import numpy as np
    from types import SimpleNamespace
    from engine.score import short_months_held
    from engine.terms import content_terms, question_terms
    qterms = question_terms(question)
    has = np.zeros((1, len(qterms)), dtype=bool)
    short_months_held(SimpleNamespace(terms=[content_terms(text)]), qterms, has)
    return dict(zip(qterms, has[0].tolist()))


@pytest.mark.parametrize("question, text, month", [
    ("riders in April 2020", "Apr 2020 | 1547", "april"),
    ("riders in April 2020", "Apr-20 | 1547", "april"),
    ("riders in September 2019", "Sept. 2019 | 1547", "septemb"),
    ("riders in Sep 2019", "September 2019 | 1547", "sep"),
])
def test_a_month_abbreviated_beside_a_year_is_held(question, text, month):
    assert _held(question, text)[month]


@pytest.mark.parametrize("question, text, month", [
    ("the rate in November 2021", "Seasons: Winter = Nov-March  Summer = April-Oct", "novemb"),
    ("cash on hand in October 2025", "Farm market back Oct 18th new hrs 10-11:30am", "octob"),
    ("riders in April 2020", "Aug 2020 | 1547", "april"),
])
def test_a_month_abbreviated_without_a_year_or_another_month_is_not(question, text, month):
    assert not _held(question, text)[month]


def test_a_table_s_abbreviated_month_answers_the_month_written_out(tmp_path):
    """A ridership table writes "Apr 2020"; the question "April 2020". The month is held (the
    names-and-numbers check passes), and a month the table does not give is still missing."""
    docs = tmp_path / "docs"
    write(docs, "ridership.csv", "Month,Average weekday riders,Note\n"
          "Mar 2020,40210,\nApr 2020,1547,\nMay 2020,1780,estimated\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("How many average weekday riders were there in April 2020?")
        said = [ln.text for ln in a.citations[0].lines]
        assert a.answered and said[-1].startswith("Apr 2020 | 1547"), said  # after the header row
        assert not any(t.startswith(("Mar", "May")) for t in said)
        b = eng.ask("How many average weekday riders were there in October 2020?")
        assert not b.answered and b.refusal.reason == "name_or_number_missing"


def test_a_number_and_its_word_joined_or_apart(tmp_path):
    """"90-day" in the question and "90 day" in the passage are the same number and word, and
    so are the question's "30 day" and the passage's "30-day", and a fiscal year's 2026 in a
    slash's "2026/Program"; a number that is not the question's is still missing
    (score.joined_held)."""
    docs = tmp_path / "docs"
    write(docs, "graffiti.txt", "Graffiti Initiative\n\n"
          "During the 90 day graffiti removal initiative the City will pay up to $500 per building.\n")
    write(docs, "notice.txt", "Tenant Notices\n\n"
          "A landlord must give a 30-day notice period before any rent increase of $50 or more.\n")
    write(docs, "plan.txt", "Annual Action Plan\n\n"
          "Public hearings for the Fiscal Year 2026/Program Year 2025 Annual Action Plan will be held "
          "on June 12, 2025 at 5:01 P.M.\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("During the 90-day graffiti push, how much will the city pay per building?")
        assert a.answered and "$500" in a.citations[0].lines[0].text
        b = eng.ask("How much notice must a landlord give with the 30 day notice before a rent increase?")
        assert b.answered and "30-day" in b.citations[0].lines[0].text
        c = eng.ask("When are the hearings on the FY2026 action plan?")
        assert c.answered and "June 12, 2025" in c.citations[0].lines[0].text
        d = eng.ask("During the 60-day graffiti push, how much will the city pay per building?")
        assert not d.answered and d.refusal.reason == "name_or_number_missing"


@pytest.mark.parametrize("asked, written", [
    ("75th", "seventi-fifth"), ("21st", "twenti-first"), ("3rd", "third"), ("third", "3rd"), ("20th", "twentieth"),
])
def test_an_ordinal_in_figures_meets_it_in_words(asked, written):
    assert _form_key(written) in other_forms(asked)


@pytest.mark.parametrize("asked, written", [("75th", "75"), ("75th", "seventi-sixth"), ("5th", "fifti"), ("1st", "11th"),
                                           ("2nd", "second"), ("1st", "first")])  # "second by ...", "first reading"
def test_another_ordinal_or_a_bare_number_is_not_the_asked_place(asked, written):
    assert _form_key(written) not in other_forms(asked)


def test_a_precinct_named_in_words_answers_its_ordinal_in_figures(tmp_path):
    """A headcount table names its rows "SEVENTY-FIFTH PRECINCT"; the question "the 75th
    Precinct". The ordinal is held, and another ordinal is still missing."""
    docs = tmp_path / "docs"
    write(docs, "headcount.csv", "Budget Code Name,FY06,FY07\nFIRST PRECINCT,220,234\n"
          "SEVENTY-FIFTH PRECINCT,577,494\nSEVENTY-SEVENTH PRECINCT,301,310\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("How many officers did the 75th precinct have in FY06?")
        assert a.answered and a.citations[0].lines[-1].text.startswith("SEVENTY-FIFTH PRECINCT | 577")
        b = eng.ask("How many officers did the 76th precinct have in FY06?")
        assert not b.answered and b.refusal.reason == "name_or_number_missing"
