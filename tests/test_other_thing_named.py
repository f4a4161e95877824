"""Lines that name another thing than the question's, made from a blind cabinet's false
answers (bench/tunepp, read after its first run):
- a paragraph's number ("3.2  Regulations were brought in ...", a council report's) counts
  nothing (kinds._PARAGRAPH): "how many pensioners receive council tax support" took it;
- a date in figures names its month where it reads one way only (quote/lines._figured_months):
  "Approval of Town Board Minutes – 5/15/2013" is May's, no answer on June 2013's minutes;
- an office under a rank the question does not give (quote/lines._lesser_office): "DPTY CITY
  SOLICITOR" is no answer on the city solicitor's pay;
- another animal (quote/lines._ANIMALS): "For each spayed female dog $5.00" is no cat's fee;
- "expenses" name a sum, as "expenditures" do (kinds._MONEY)."""
import pytest
from conftest import ask_words, choose, quoted

from engine.kinds import asked, evidence
from engine.quote.lines import sibling
from engine.terms import content_terms


def _sib(unit: str, question: str):
    return sibling(unit, question, set(content_terms(question)))


@pytest.mark.parametrize("line, counted", [
    ("3.2  Regulations were brought in by the Government to ensure that pensioners continue", False),
    ("10.3  Pensioners (those over state pension age) are protected from any changes", False),
    ("8.2 Officers have begun the process of populating the proposed new structure", False),
    ("3.2 Million people live in the county", True),  # a scale, no paragraph
    ("12 Officers were hired in 2025", True),  # a whole number opens a count
])
def test_a_paragraph_s_number_counts_nothing(line, counted):
    assert bool(list(evidence(line, ("count", "figure")))) is counted


def test_a_date_in_figures_names_its_month():
    q = "Which June 2013 Town Board minutes are up for approval?"
    assert _sib("I.  Approval of Town Board Minutes – 5/15/2013", q) == ("may", "june")
    assert _sib("Approval of Town Board Minutes – 2013-05-15", q) == ("may", "june")
    assert _sib("Approval of Town Board Minutes – 6/19/2013", q) is None
    assert _sib("Approval of Town Board Minutes – 5/6/2013", q) is None  # May 6 or 5 June


def test_an_office_under_a_rank_is_another_office():
    q = "How much did Newton's city solicitor earn in 2019?"
    assert _sib("LAW HONIG, JEFFREY DPTY CITY SOLICITOR LABOR 133,899.99", q) == ("dpty city solicitor", "solicitor")
    assert _sib("Secretary to City Solicitor | 50,000", q) == ("secretary to city solicitor", "solicitor")
    assert _sib("LAW SMITH, JOHN CITY SOLICITOR 150,000.00", q) is None
    assert _sib("DPTY CITY SOLICITOR 133,899.99", "What does the deputy city solicitor earn?") is None
    assert _sib("Fire Chief Ann Lee and Assistant Fire Chief Tom Jones", "Who is the fire chief?") is None


def test_another_animal_is_another_thing():
    q = "How much is the annual license fee for a spayed cat?"
    assert _sib("For each spayed female dog $5.00", q) == ("dog", "cat")
    assert _sib("For each spayed cat $5.00", q) is None


def test_expenses_ask_a_sum():
    assert "amount" in asked("Lexington library expenses FY2022 actual")


PAYROLL = """# City of Elm employee earnings 2019

LAW HONIG, JEFFREY DPTY CITY SOLICITOR LABOR 133,899.99 0.00 0.00 750.00 134,649.99
LAW LAWLOR, MARIE DEPUTY CITY SOLICITOR SCH 127,130.91 0.00 0.00 900.00 128,030.91
LAW LEE, ANDREW ASST CITY SOLICITOR 90,025.00 0.00 0.00 0.00 90,025.00
"""


def test_a_deputy_s_row_is_no_answer_on_the_office(tmp_path):
    (a,) = ask_words(tmp_path / "p", {"elm_employee_earnings_2019.md": PAYROLL},
                     "How much did Elm's city solicitor earn in 2019?")
    assert not a.citations, quoted(a)


DOGS = """# Animal licenses

Annual license fees are due each January.
For each spayed female dog $5.00
For each unspayed female dog $10.00
"""


def test_a_dog_s_fee_is_no_answer_on_a_cat_s(tmp_path):
    (a,) = ask_words(tmp_path / "d", {"animal_licenses.md": DOGS},
                     "How much is the annual license fee for a spayed cat?")
    assert not a.citations, quoted(a)


def test_a_share_in_words_is_a_percentage():
    line = "equal in number to at least twenty-five percent of the total number of votes cast"
    assert list(evidence(line, ("percentage",)))


AGENDA = """# Town Board agenda

RESOLUTION #176 RE: Reappointment of Jennie Miller as Assessor
WHEREAS, the six year term of Jennie Miller as Assessor expires on September 30, 2013.
RESOLVED that the Town Board reappoints Jennie
Miller as Assessor for a six year term from October 1, 2013 through September 30, 2019, and,
"""


def test_a_period_s_last_day_answers_when_it_ends(tmp_path):
    (a,) = ask_words(tmp_path / "t", {"town_board_agenda_2013-07-17.md": AGENDA},
                     "When does Jennie Miller's new term as assessor end?")
    assert quoted(a) and any("September 30, 2019" in t for t in quoted(a)), (quoted(a), a.refusal)


# what a review on made-up folders found the first forms of these rules did (/tmp/rv31)
def test_what_the_review_found_stands():
    assert list(evidence("12.5 Lane miles of streets were resurfaced.", ("count", "figure", "measure")))
    assert _sib("Acting City Manager: Dale Price, ext. 201", "Who is the city manager?") is None
    assert _sib("Interim Superintendent: Ana Ruiz", "Who is the superintendent?") is None
    assert _sib("Invoice 123 dated 5/28/2024 $500", "What did the April 2024 invoices total?") is None
    assert _sib("Off-leash area: Rabbit Run Park, 400 Goat Hill Road", "Where is the dog park?") is None
    assert asked("What expenses are reimbursable?") == ()  # which, not how much


def test_a_date_in_figures_is_no_member_of_the_months():
    from engine.quote.lines import _members
    assert "august" not in _members("July 2024 pumpage 41.2 MG (report 8/14/2024)")  # sibling reads it, alone


NOTICE = """# Pre-bid conference

The pre-bid conference was postponed to February 20, 2024.
"""


def test_a_day_moved_to_is_no_end(tmp_path):
    (a,) = ask_words(tmp_path / "n", {"prebid_notice.md": NOTICE}, "When does the pre-bid conference end?")
    assert not a.citations, quoted(a)


def test_a_word_under_a_prefix_is_another_thing():
    q = "When will bids be opened for the West Loop water main?"
    assert _sib("Please see attached minutes from the pre-bid meeting held on May 14, 2026 at 1pm.", q) \
        == ("pre-bid", "bid")
    assert _sib("Bids will be opened on June 8, 2026; a pre-bid meeting was held May 14.", q) is None
    assert _sib("Non-resident fee $50", "What is the resident fee for the pool?") == ("non-resident", "resident")
    assert _sib("Non-resident fee $50", "What is the nonresident fee?") is None
    assert _sib("present at the meeting on May 4", "When was the letter sent?") is None  # a word of its own


ADDENDUM = """# Addendum No. 1

Town of Paonia West Loop 8-Inch Water Main Replacement: bids opened publicly.
Please see attached meeting minutes and attendance sheet from the pre-bid meeting held on May 14, 2026
at 1pm.
"""


def test_the_pre_bid_meeting_s_day_is_no_bid_opening(tmp_path):
    (a,) = ask_words(tmp_path / "b", {"west_loop_addendum_1.md": ADDENDUM},
                     "When will bids be opened for the West Loop water main?")
    assert not a.citations, quoted(a)


def test_a_year_s_row_under_another_block_is_that_block_s():
    q = "What is Newton's 2021 fire department budget?"
    lines = ["Police | 22,951,779 | 147,024", "Library | 5,772,412 | -158,408", "Police Patroling",
             "2020 | 10,736,557", "2021 | 11,156,427"]
    assert choose(q, lines) == []
    lines = ["Fire Department budget by year", "2020 | 10,736,557", "2021 | 11,156,427"]
    assert any("11,156,427" in t for t in choose(q, lines))
    lines = ["Table 3", "Year | Fire Department Budget", "2020 | 10,736,557", "2021 | 11,156,427"]
    assert any("11,156,427" in t for t in choose(q, lines))


def test_a_roster_s_row_of_another_office_is_another_office():
    q = "How much overtime did Newton's chief of police earn in 2019?"
    assert _sib("POLICE DEPARTMENT MURPHY, DONALD POLICE OFFICER 40,151.55 453.59 1,045.00 0.00", q) \
        == ("officer", "chief")
    assert _sib("POLICE DEPARTMENT SMITH, JOHN CHIEF OF POLICE 180,151.55 0.00", q) is None
    assert _sib("Chair | 5,000", "How much does the chairperson get paid?") is None  # one office
    assert _sib("Mayor Smith presided as chair", "Who is the chair?") is None  # running text, no row


def test_a_flyer_s_place_under_its_dated_title():
    """A flyer's title, dated by its year, over its days and its place: the title labels the
    place (quote/lines._heading_of: a year says nothing more where the question names none; an
    entry's lines between may give days, _ENTRY_KINDS; a line of eight words is an entry's)."""
    lines = ["Taunton Bay Adventure Camp 2026", "July 21-23 or Aug 4-6, 9 AM- noon",
             "Gordon's Wharf, 11 Wharf Rd, Sullivan, ME",
             "Loads of active fun and learning for 6 to 11 year-olds on the coast of Maine"]
    assert "Gordon's Wharf, 11 Wharf Rd, Sullivan, ME" in choose(
        "Where do kids go for the Taunton Bay Adventure Camp sessions?", lines)
    assert choose("Where is the Taunton Bay Adventure Camp in 2025?", lines) == []  # another year


def test_what_the_read_through_found_stands():
    from engine.quote.lines import _figured_months
    assert asked("What did John Roe bid for the paving?") != ("percentage", "rate")  # a name, no ROE
    assert _figured_months("Ordinance 10-13-25 amending the code") == set()  # a number, no October
    assert _figured_months("Minutes approved 5/15/2013.") == {"may"}  # a sentence's end
    assert list(evidence("1.5 Gallons per minute were pumped.", ("measure", "figure")))
    assert _sib("The department operates under the City Manager, Jane Doe", "Who is the city manager?") is None


def test_the_question_s_own_word_under_a_prefix_not_its_stem():
    q = "What does a residential hang tag cost per year for the Allegany County transfer stations in 2025?"
    assert _sib("Hang tags are non-transferable. Residential hang tag $250/year", q) is None  # "transfer"


def test_a_sub_committee_is_a_committee():
    assert _sib("Technology Sub-committee: Raj Patel", "Who chairs the Technology committee?") is None
