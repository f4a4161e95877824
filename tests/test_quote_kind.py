"""The quote's invariant (engine/quote/lines.py): when a question asks for a firm kind (an
amount, a count, a time, a name...), the first line quoted holds one, with its label or the
rest of a wrapped name, and says something of the question; a passage without such a line
quotes nothing, and the answer is refused with `no_answer_kind`.
"""
import pytest
from conftest import ask_words, choose as _choose, quoted, write
from engine import Engine
from engine.config import Config
from engine.kinds import asked, holds, money_cells
from engine.quote import choose_lines
from engine.quote.lines import _ASKING, _PERIOD_SUM
from engine.terms import question_terms


def test_a_passage_that_only_names_the_topic_quotes_nothing():
    got = _choose("How many homes does the Riverside housing project propose?",
                  ["Item 7: Riverside Housing Project", "Staff recommends approval of the project.",
                   "The applicant presented the site plan."])
    assert got == []


def test_the_first_line_holds_the_figure_not_the_heading():
    got = _choose("How many homes does the Riverside housing project propose?",
                  ["Item 7: Riverside Housing Project", "Staff recommends approval of the project.",
                   "The project proposes 45 homes on the north parcel."])
    assert "The project proposes 45 homes on the north parcel." in got
    assert _choose("How many homes does the Riverside housing project propose?",
                   ["Item 7: Riverside Housing Project", "The project proposes 45 homes."], limit=1) \
        == ["The project proposes 45 homes."]  # one line allowed: the figure's, not the heading's


def test_a_line_with_the_kind_but_nothing_of_the_question_is_no_answer():
    # a month for a question about months, on a line that says nothing of the season asked
    got = _choose("Which months fall in the transition season for the GSB rate?",
                  ["GSB Rate Schedule Summary", "Effective October 1, 2018", "Availability"])
    assert got == []


def test_a_compound_of_a_question_word_counts_as_the_word():
    got = _choose("During the winter, what hours count as on-peak?",
                  ["Determination of Onpeak and Offpeak Hours",
                   "November, December, January, February & March: Onpeak: 5am to 11am EST"])
    assert any("5am to 11am" in t for t in got)


def test_a_name_wrapped_over_two_lines_is_quoted_whole():
    got = _choose("Which federal agency's agreement with Puget Sound Energy is behind the credit?",
                  ["Under the Residential Exchange agreement between Puget Sound Energy and the Bonneville Power",
                   "Administration, residential customers receive a credit on their bills."])
    assert len(got) == 2


def test_a_label_number_is_not_a_count():
    assert _choose("How many parking spaces does the plan include?",
                   ["Section 4.2 Parking", "The parking plan is described in Exhibit 3."]) == []


def test_end_to_end_refusal_names_the_kind(tmp_path):
    docs = tmp_path / "docs"
    write(docs, "agenda.txt", "CITY OF LAKEVIEW PLANNING COMMISSION\n\n"
          "Item 7: Riverside Housing Project\n\n"
          "The commission will hear the Riverside housing project application.\n"
          "Staff recommends approval of the Riverside housing project.\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("How many homes does the Riverside housing project propose?")
        assert not a.answered
        assert a.refusal.reason == "no_answer_kind"
        assert "a count" in a.refusal.message


def test_a_title_in_capitals_is_read_as_one_sentence():
    # a resolution's title set in capitals wraps like prose: the amount's line is quoted with
    # the line that says what it is per ("ANNUALLY")
    got = _choose("How much can the city spend per year on the shuttle service?",
                  ["A RESOLUTION AUTHORIZING A CONTRACT WITH METRO SHUTTLE",
                   "FOR TWO YEARS, AT AN AMOUNT NOT TO EXCEED $ 410, 250",
                   "ANNUALLY PURSUANT TO SECTION 4 OF THE CODE"])
    assert "FOR TWO YEARS, AT AN AMOUNT NOT TO EXCEED $ 410, 250" in got
    assert "ANNUALLY PURSUANT TO SECTION 4 OF THE CODE" in got


def test_a_stack_of_values_under_a_heading_is_labelled_by_it():
    notice = ["Special Board Meeting", "Thursday, March 6, 2025", "6:30 pm", "at the Grange Hall",
              "• Approve the road maintenance contract"]
    got = _choose("Where will the special board meeting be held?", notice)
    assert "at the Grange Hall" in got
    # a heading that names another meeting ("Special") labels no regular meeting's time
    assert _choose("What time does the regular board meeting start?", notice) == []
    # a value with words of its own beside it is no bare value: the heading does not vouch for it
    assert _choose("Where will the special board meeting be held?",
                   ["Special Board Meeting", "Parking is available at the Grange Hall"]) == []


def test_a_figure_inside_the_topic_s_name_is_not_the_value_asked_for():
    # "8-Inch" stands between question words: part of the project's name, not the bond's size
    assert _choose("How big a bid bond is needed for the East Ridge water main project?",
                   ["Subject: East Ridge 8-Inch Water Main Replacement - Pre-Bid Meeting",
                    "Questions go to the engineer."]) == []
    got = _choose("How big a bid bond is needed for the East Ridge water main project?",
                  ["Subject: East Ridge 8-Inch Water Main Replacement - Pre-Bid Meeting",
                   "b. A 5% bid bond is required."])
    assert "b. A 5% bid bond is required." in got


def test_a_capitalised_run_of_the_question_s_words_is_no_organisation():
    assert _choose("Which administrative hearing officer signed the order?",
                   ["ADMINISTRATIVE HEARING OFFICER ORDER SETTING DATES", "This order sets the dates."]) == []


def test_a_signature_block_answers_who_signed():
    letter = ["The enclosed tables give the fuel adjustment for each rate schedule from May 1.",
              "Sincerely,", "/s/ Dana K. Whitfield", "Dana K. Whitfield", "President",
              "Northern Island Utilities"]
    got = _choose("Who signed the utility's letter on the fuel adjustment?", letter)
    assert "Dana K. Whitfield" in got or "/s/ Dana K. Whitfield" in got
    # an office on a line of its own does not join the next line's words into a name
    assert _choose("Who signed the utility's letter on the fuel adjustment?",
                   ["The enclosed tables give the fuel adjustment for each rate schedule.",
                    "President", "Kona County Utilities"]) == []
    # a name with no closing above it is no signer for a line that says nothing of the question
    assert _choose("Who signed the utility's letter on the fuel adjustment?",
                   ["The enclosed tables give the fuel adjustment for each rate schedule.",
                    "Copies went to Dana K. Whitfield"]) == []


def test_a_time_question_asking_for_an_end_wants_an_end_s_word():
    minutes = ["Hearing on the dock permit", "The hearing was continued to Monday, May 4 at 7 PM."]
    assert _choose("What time did the dock permit hearing adjourn?", minutes) == []
    got = _choose("What time did the dock permit hearing adjourn?",
                  minutes + ["The dock permit hearing adjourned at 9:12 p.m."])
    assert "The dock permit hearing adjourned at 9:12 p.m." in got
    # a start is not answered by an end's line alone
    assert _choose("What time did the dock permit hearing start?",
                   ["Hearing on the dock permit", "The dock permit hearing adjourned at 9:12 p.m."]) == []
    assert "The dock permit hearing began at 7:02 p.m." in _choose(
        "What time did the dock permit hearing start?",
        ["Hearing on the dock permit", "The dock permit hearing began at 7:02 p.m."])


def test_a_time_given_as_a_limit_is_an_end():
    policy = "Regular hearings on dock permits shall not continue beyond 11:00 p.m. unless extended."
    assert policy in _choose("What is the latest end time of dock permit hearings?",
                             ["Dock permit hearings", policy])
    # a limit that is no time of day ("until 30 days after") gives no end
    assert _choose("What time did the dock permit hearing end?",
                   ["The dock permit hearing began at 7:00 p.m.",
                    "Written comments on the dock permit are accepted until 30 days after it."]) == []
    # the same time said without a limit's word is read as a start, no end
    assert _choose("What is the latest end time of dock permit hearings?",
                   ["Dock permit hearings", "Regular hearings on dock permits are held at 11:00 p.m."]) == []


def test_no_other_figure_is_quoted_beside_the_one_asked():
    """Lines holding the asked kind but nothing of the question are other answers (the other
    fees of a schedule): after the answer's own line they are left out; lines that say
    something of the question ("permit") may still be quoted with it."""
    fees = ["CITY OF MANCHESTER FEE SCHEDULE", "SEWER FEE (OPERABLE)   $55.00",
            "FENCE PERMIT   $5.00", "WATER CONNECT   $40.00"]
    assert _choose("How much does a fence permit cost?", fees) == ["FENCE PERMIT   $5.00"]
    got = _choose("What did a fence permit cost in 2019?",
                  ["Fee schedule", "Effective July 1, 2019", "Fence permit: $40.00", "Dumpster rental: $25.00"])
    assert got == ["Effective July 1, 2019", "Fence permit: $40.00"]
    # two lines that each answer are both quoted
    both = _choose("What do fence and sign permits cost?",
                   ["Fence permit: $40.00", "Sign permit: $25.00", "Dumpster rental: $15.00"])
    assert both == ["Fence permit: $40.00", "Sign permit: $25.00"]


def test_whether_something_must_be_done_is_answered_by_the_line_that_says_so(tmp_path):
    """"Do bidders have to attend …?" asks what must be done: the subject line naming the
    meeting is no answer; the line saying it is mandatory is, and without one it is refused."""
    q = "Do bidders have to attend the pre-bid meeting for the water main job?"
    assert asked(q) == ("obligation",)
    subject = "Subject: West Loop Water Main Replacement - Pre-Bid Meeting"
    lines = [subject, "The engineer reviewed the schedule.", "Pre-bid meeting is mandatory."]
    assert "Pre-bid meeting is mandatory." in _choose(q, lines)
    assert _choose(q, lines, limit=1) == ["Pre-bid meeting is mandatory."]
    assert _choose(q, [subject, "The engineer reviewed the schedule."]) == []


def test_a_table_row_answers_only_when_it_or_its_header_names_the_topic():
    # a budget's total row says nothing of parking: no answer to a parking question
    rows = ["Historical Information has been restated. | Historical Information has been restated.",
            "as City of Tulsa entity. | as City of Tulsa entity.",  # a note's cells: no header row
            "REVENUE ESTIMATE | $645,950,000 | $702,022,000 | $714,002,000"]
    assert _choose("How much did the City of Tulsa adopt for parking?", rows) == []
    # a row that holds the topic's word answers
    assert "Parking Fees | $2,150,000 | $2,310,000" in _choose(
        "How much did the City of Tulsa adopt for parking?", rows + ["Parking Fees | $2,150,000 | $2,310,000"])
    # so does a row under a header row naming the column asked for
    got = _choose("What is the daily customer charge?",
                  ["Effective | Advice | Customer Charge | Procurement | Transportation",
                   "2020-01-01 | 4199-G | $4.95518 | $0.40043 | $0.71602"])
    assert "2020-01-01 | 4199-G | $4.95518 | $0.40043 | $0.71602" in got
    # with row_topic off, any row of the passage answers (before issue 27's sixth pass)
    lines = [(i, f"L{i + 1}", t) for i, t in enumerate(rows)]
    q = question_terms("How much did the City of Tulsa adopt for parking?")
    old = choose_lines(lines, q, dict.fromkeys(q, 1.0), Config().replace(row_topic=0), 3,
                       kinds=asked("How much did the City of Tulsa adopt for parking?"))
    assert [ln.text for ln in old][-1].startswith("REVENUE ESTIMATE")


def test_a_row_dated_in_numbers_speaks_of_the_month_the_question_names():
    rows = ["2021-10-01 | 4497-G | $4.95518 | $0.62086 | $0.79284",
            "2021-11-01 | 4515-G | $4.95518 | $0.74747 | $0.79284",
            "1/ | Unless otherwise noted"]
    got = _choose("What was the G-NR2 gas charge per therm effective November 1, 2021?", rows)
    assert got[0] == "2021-11-01 | 4515-G | $4.95518 | $0.74747 | $0.79284"
    # another year's November is not the month asked
    assert _choose("What was the G-NR2 gas charge per therm effective November 1, 2022?", rows) == []


def test_a_heading_in_capitals_does_not_run_into_the_next_line():
    # "... REPORT" / "Board of Trustees" read across the break made the organisation "Report Board"
    assert _choose("Which accounting firm audited the township's financial statements?",
                   ["INDEPENDENT AUDITOR'S REPORT", "Board of Trustees", "Crete Township"]) == []


def test_a_unit_cut_short_keeps_the_line_its_value_runs_in_from():
    # two lines allowed: the figure begins on the line above ("a total of 506,674" / "square
    # feet ..."), so that line stays, not the next line with another figure
    got = _choose("How big is the Town Center zone, in square feet of buildings?",
                  ["According to research by Planning Division Staff, there is a total of 506,674",
                   "square feet of building space in the Town Center Commercial (CT) Zone.  Of the total",
                   "square footage, approximately 10.9% or 55,073 square feet of medical uses have been"],
                  limit=2)
    assert got[0].endswith("a total of 506,674")



def test_a_line_naming_a_sibling_of_what_was_asked_is_no_answer():
    from engine.quote.lines import contradicts
    q = "What net income did the company report for the fourth quarter of fiscal 2024?"
    assert contradicts("Net income for the third quarter of fiscal 2024 was $44.2 million", q, question_terms(q))
    assert not contradicts("Net income for the fourth quarter of fiscal 2024 was $51.0 million", q,
                           question_terms(q))
    q = "What is the ambulance limit under Plan D?"
    assert contradicts("Plan B ambulance cover: up to INR 4,000", q, question_terms(q))
    assert not contradicts("Plan A | Plan B | Plan D: up to INR 4,000", q, question_terms(q))
    q = "How many robberies did Manhattan North report?"
    assert contradicts("Manhattan South robberies 412", q, question_terms(q))
    # another utility service; a service's other name is the service itself
    q = "By how much did the town raise sewer rates in March?"
    assert contradicts("Motion to raise City Water prices by 1.5%", q, question_terms(q))
    assert not contradicts("Motion to raise wastewater rates by 2%", q, question_terms(q))
    assert not contradicts("Motion to raise water and sewer rates by 2%", q, question_terms(q))
    # where a transfer goes, and which class of customer
    q = "What is the credit union's fee for an outgoing international wire transfer?"
    assert contradicts("Wire Transfer (Domestic - In or Out) .... $35.00 per wire", q, question_terms(q))
    assert not contradicts("Foreign wire transfer, outgoing .... $45.00", q, question_terms(q))
    q = "What do residential gas customers pay per therm?"
    assert contradicts("COMMERCIAL: 1st 10,000 therms: $0.12086", q, question_terms(q))
    # a question negating its word in words asks for the negation
    q = "notary fee for documents not related to credit union business"
    assert not contradicts("Notary (Non-Credit Union Business) ....$15.00 per signature", q, question_terms(q))
    q = "notary fee for credit union business"
    assert contradicts("Notary (Non-Credit Union Business) ....$15.00 per signature", q, question_terms(q))
    q = "Is there no charge for active employees?"  # a bare "no" negates no word of the line's
    assert contradicts("Inactive employees: $5 per month", q, question_terms(q))
    # another kind of the priced thing: the fence permit's fee is not the building permit's
    q = "What is the town's fee for a building permit?"
    assert contradicts("FENCE PERMIT                  $5.00  $5.00", q, question_terms(q))
    assert not contradicts("BUILDING PERMIT               $50.00", q, question_terms(q))
    assert not contradicts("Permit fee, annual: $5.00", q, question_terms(q))  # a plain word is no kind
    q = "How much cannabis tax revenue did the city budget for 2023?"
    assert contradicts("Property tax | 2023 | 1,250,000", q, question_terms(q))
    # the kind the document names itself by (a cannabis tax ordinance's "business tax") is its subject
    assert not contradicts("the business tax is due monthly: $10.00", q, question_terms(q),
                           named={"cannabi"})
    # a figure given only as a change answers no question asking for the value itself
    q = "How much did the district bring in from parcel fees in 2021?"
    assert contradicts("Parcel fees decreased by $10,470 in 2021 as compared to 2020.", q, question_terms(q))
    assert not contradicts("Parcel fees were $250,000 in 2021, an increase of $10,470.", q, question_terms(q))
    # a new level or a sum raised is no change
    assert not contradicts("Parcel fees increased to $250,000 in 2021.", q, question_terms(q))
    assert not contradicts("The district raised $250,000 from parcel fees in 2021.", q, question_terms(q))
    # a statement sets its sign apart from the sum ("by $ 113,066"): one figure, a change still
    assert contradicts("Expenses for the District decreased by $ 113,066 in 2021 as compared to 2020.", q,
                       question_terms(q))
    assert not contradicts("Expenses for the District were $ 113,066 in 2021.", q, question_terms(q))
    q = "How much did parcel fees go up in 2021?"
    assert not contradicts("Parcel fees increased by $10,470 in 2021.", q, question_terms(q))
    q = "By how much did parcel fees fall in 2021?"
    assert not contradicts("Parcel fees decreased by $10,470 in 2021 as compared to 2020.", q, question_terms(q))
    # a word that only looks like a label's value is none ("level in the 2023 tests")
    q = "What was the 90th percentile lead level in the 2023 water tests?"
    assert not contradicts("Lead: 90th percentile 4.1 ppb; action level 15 ppb", q, question_terms(q))
    # a table row whose cell is another year than the question's
    q = "What was the abated value for the convention center parcel in tax year 2015?"
    assert contradicts("2014 | 010-000266-00 | CONV FACILITIES AUTHORITY | 116370000", q, question_terms(q))
    assert not contradicts("2015 | 010-000266-00 | CONV FACILITIES AUTHORITY | 116370000", q, question_terms(q))
    assert not contradicts("2014 | 010-000266-00 | abated through 2015 | 116370000", q, question_terms(q))
    assert not contradicts("Abated in 2014: $116,370,000", q, question_terms(q))  # running text: no year cell
    assert not contradicts("Parcel | 2014/15 | 116370000", q, question_terms(q))  # a fiscal year is no year cell
    # a year further along the row is a year built, a model year or an amount, not the row's key
    q = "What was the assessed value of 12 Main St in 2024?"
    assert not contradicts("12 Main St | 1962 | $350,000", q, question_terms(q))
    assert not contradicts("Parks | 1985 | 2040", q, question_terms(q))
    lines = [(0, "L1", "Address | Year Built | Assessed Value"), (1, "L2", "12 Main St | 1962 | $350,000"),
             (2, "L3", "14 Main St | 1971 | $410,000")]
    qt = question_terms(q)
    assert choose_lines(lines, qt, dict.fromkeys(qt, 1.0), Config(), 3, kinds=asked(q), question=q) != []
    # quoted: the sibling's line is passed over, and with no other line the passage gives none
    lines = [(0, "L1", "Net income for the third quarter of fiscal 2024 was $44.2 million.")]
    q = "What net income did the company report for the fourth quarter of fiscal 2024?"
    qt = question_terms(q)
    assert choose_lines(lines, qt, dict.fromkeys(qt, 1.0), Config(), 3, kinds=asked(q), question=q) == []
    assert choose_lines(lines, qt, dict.fromkeys(qt, 1.0), Config().replace(siblings=0), 3,
                        kinds=asked(q), question=q) != []


def test_a_passage_about_a_sibling_quotes_nothing_and_says_so(tmp_path):
    # the release is about the third quarter: its unlabelled figure is no fourth quarter's
    lines = ["THE COMPANY REPORTS THIRD QUARTER NET INCOME",
             "Net income for the fiscal quarter ended November 2, 2024 was $44.2 million."]
    assert _choose("What net income did the company report for the fourth quarter of fiscal 2024?", lines) == []
    assert _choose("What net income did the company report for the 3rd quarter of fiscal 2024?", lines) != []
    docs = tmp_path / "docs"
    write(docs, "release.txt", "\n".join(lines) + "\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("What net income did the company report for the fourth quarter of fiscal 2024?")
        # the release's title names its quarter (engine/scope.py: a report of another period)
        assert not a.answered and "reports the third quarter, not the fourth quarter" in a.refusal.message


def test_a_number_whose_unit_is_on_the_next_line_is_no_count():
    question = "At how many schools had the district tested drinking water for lead?"
    passage = ["Lead in drinking water comes from home plumbing. You can minimize the",
               "potential for lead exposure by flushing your tap for 30",
               "seconds before using water for drinking or cooking."]
    assert _choose(question, passage) == []
    assert _choose(question, passage + ["The district tested drinking water for lead at 44 schools."]) \
        == ["The district tested drinking water for lead at 44 schools."]


def test_a_question_asking_for_a_number_that_names_is_not_answered_by_dates():
    question = "What is the ordinance number of the road district budget ordinance?"
    assert _choose(question, ["Road district budget ordinance for the fiscal year beginning",
                              "APRIL 1, 2022 and ending MARCH 31, 2023."]) == []


def test_a_line_saying_the_question_s_verb_in_another_form_speaks_of_it():
    # "held" is "hold"; "start" is "begin"; "completed" tells an end as "finished" does
    assert _choose("When is the Port holding its budget hearing?",
                   ["Notice", "A public meeting of the Port will be held on May 30, 2019 at 2pm."]) \
        == ["A public meeting of the Port will be held on May 30, 2019 at 2pm."]
    assert "This fee will start January 2025." in _choose(
        "When does the water availability charge begin?", ["Water availability charge", "This fee will start January 2025."])
    assert _choose("When is the new fire station on 65th Avenue supposed to be finished?",
                   ["The fire station on 65th Avenue is projected to be completed by December 2019."]) \
        == ["The fire station on 65th Avenue is projected to be completed by December 2019."]



def test_a_line_giving_another_statistic_than_the_one_asked_is_no_answer():
    q = "What is the maximum standby supply current of the sensor?"
    assert _choose(q, ["Standby current typically is 3 µA at +125°C."]) == []
    assert _choose(q, ["Standby current, max: 1000 nA"]) == ["Standby current, max: 1000 nA"]
    # "at least" says a minimum: it answers "the minimum initial term"
    q = "How long is the minimum initial contract term for the rate?"
    assert _choose(q, ["Contracts for this rate have an initial term of at least 5 years."]) \
        == ["Contracts for this rate have an initial term of at least 5 years."]


def test_a_document_s_title_line_speaks_of_it_by_its_own_names(tmp_path):
    docs = tmp_path / "docs"
    text = ("Year 2 Report\nSloan Foundation Grant No: G-2018-11120\n"
            "Title: Development of data skills curriculum and scalable open lessons\n\n"
            "In year 2 we trained instructors in economics and chemistry and ran workshops for "
            "researchers in many places, with help from our member organizations.\n")
    write(docs, "the_carpentries_sloan_foundation_grant_year2_report_2020.txt", text)
    question = "What is the Sloan Foundation grant number on The Carpentries' curriculum development report?"
    cfg = Config(score_floor_lexical=0.0, coverage_floor=0.0)
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none", config=cfg) as eng:
        a = eng.ask(question)
        assert a.answered, a.to_dict()
        assert a.citations[0].lines[0].text == "Sloan Foundation Grant No: G-2018-11120"



def test_a_value_under_a_sibling_lettered_heading_is_no_answer():
    q = "What is the monthly customer charge for a customer inside the City of University Place?"
    passage = ["(d) Within the City of Steilacoom:", "(3) Customer Charge: calculated monthly:",
               "$1,715.00 per month.", "(e) Within the City of University Place:",
               "(3) Customer Charge: calculated monthly:", "$1,775.09 per month."]
    got = _choose(q, passage)
    assert "$1,775.09 per month." in got and "$1,715.00 per month." not in got
    assert _choose(q, passage[:3] + ["(e) Within the City of University Place:"]) == []


@pytest.mark.parametrize("question, sibling, answer", [
    # the negation of the question's word by a prefix
    ("How many active employees did the township have in the pension plan?",
     "Inactive employees in the plan 16", "Active employees in the plan 12"),
    # a number bounded the other way
    ("Is a facilities rental charge added for delivery at 161 kV or higher?",
     "For delivery at less than 161 kV, a facilities rental charge of $1.50 is added.",
     "For delivery at 161 kV or higher there shall be no facilities rental charge."),
    # the question's date said only as the next meeting's
    ("What time did the council meeting of June 19, 2018 adjourn?",
     "That the meeting be adjourned. Time: 7:26 p.m. Next regular meeting June 19, 2018.",
     "The council meeting of June 19, 2018 adjourned at 8:10 p.m."),
    # another value after the word the question's value follows
    ("How much more will the owner of a property assessed at $216,000 pay in taxes?",
     "A house assessed at $432,000 will pay an increase of $170.84 for the year.",
     "A house assessed at $216,000 will pay an increase of $85.42 for the year."),
    # who was there for who was not ("participating" names no one absent)
    ("Which board members missed the November 2022 meeting?",
     "The following members participating: Daniel Breitbarth, Des Moines; Julie Pottorff, Ames.",
     "Members absent: Joan Corbin, Pella; Monica McHugh, Zwingle."),
    ("Who attended the March 3 board meeting?",
     "Members absent from the March 3 meeting: Joan Corbin, Pella.",
     "Members attending the March 3 meeting: Daniel Breitbarth, Julie Pottorff."),
    # an end of a meeting asked: a span of two times ends at its second
    ("What time did the zoo board meeting wrap up on December 8?",
     "The zoo board meeting of December 8 was continued to 7:30 p.m. on January 5.",
     "Zoo board meeting | December 8 | Afternoon | 14:08PM - 15:07PM"),
])
def test_a_line_about_a_sibling_of_what_was_asked_is_no_answer(question, sibling, answer):
    assert _choose(question, [sibling]) == []
    assert _choose(question, [answer]) == [answer]


def test_a_line_saying_the_question_s_label_speaks_of_it():
    # every other word of the question names the document; the line's "tax rate" is the
    # question's label for the value
    from engine.quote import lines as L
    q = "What's the water district's tax rate on my property bill?"
    texts = ["The CAWCD tax rate currently is 10-cents per $100 of assessed valuation."]
    qt = question_terms(q)
    kinds = asked(q)
    kind, joins, _ = L._held(texts, kinds, qt)
    topic = ("bill",)  # the quote leaves out the words the document names itself by
    answers = L._answerer(texts, kind, lambda i: [i], kinds, qt, topic, (), question=q)
    assert answers(0)
    other = ["The CAWCD levy currently is 10-cents per $100 of assessed valuation."]
    kind, joins, _ = L._held(other, kinds, qt)
    assert not L._answerer(other, kind, lambda i: [i], kinds, qt, topic, (), question=q)(0)


def test_the_sentence_holding_the_figure_speaks_of_the_question():
    q = "How much did the township pay for its new fire truck?"
    # the truck is named in one sentence, the sums in others: no price of the truck
    assert _choose(q, ["The fire department took delivery of the new truck this month. A grant of",
                       "$2,500 was received for turnout gear. Gear costs about $4,000 per member."]) == []
    assert _choose(q, ["The township paid $412,000 for the new fire truck delivered this month."]) != []
    q = "What did tickets to the annual dinner cost?"
    assert _choose(q, ["Annual dinner meeting; $500 for firearm; we will pay the county bureau."]) == []
    # a time or an address a sentence gives for the one before it still answers
    got = _choose("What time did the council meeting adjourn?",
                  ["That the council meeting be adjourned. Time: 7:26 p.m. Carried."])
    assert got == ["That the council meeting be adjourned. Time: 7:26 p.m. Carried."]
    got = _choose("Where do I mail my water payment?",
                  ["Please mail your water payment to the address below. Falls Creek Office, 12 Ridge Road, Durango CO"])
    assert got != []


def test_a_sentence_goes_on_inside_brackets_and_after_a_semicolon_before_a_figure():
    from engine.quote.lines import _sentences
    assert _sentences("Steven Adler (born Michael Coletti; January 22, 1965) is an American musician.") \
        == ["Steven Adler (born Michael Coletti; January 22, 1965) is an American musician."]
    assert _sentences("Freddie Mercury (born Farrokh Bulsara; Gujarati); 5 September 1946 was born") \
        == ["Freddie Mercury (born Farrokh Bulsara; Gujarati); 5 September 1946 was born"]
    assert _sentences("Annual dinner meeting; $500 for firearm. The club pays.") \
        == ["Annual dinner meeting", "$500 for firearm", "The club pays."]
    # an abbreviation or an initial, in any case, ends no sentence
    for text in ("The fee is Rs. 500 a year", "Approx. $50 each", "Meets at 7 p.m. Tuesday",
                 "Paid by John A. Smith", "See Ord. 2019-4 for the rate"):
        assert _sentences(text) == [text]


def test_a_line_naming_the_whole_subject_speaks_of_it_when_one_word_is_left_to_ask():
    """A document named after its subject ("Elvis Presley"): a line naming the subject whole
    answers a question asking one thing more of it ("born"), not one asking several
    ("which contractor won the construction bid for Mora Park")."""
    def choose(question, text, names):
        q = question_terms(question)
        subject = tuple(t for t in q if t in names)
        topic = tuple(t for t in q if t not in names and t not in {"year", "much"}) or None
        return [ln.text for ln in choose_lines([(0, "L1", text)], q, dict.fromkeys(q, 1.0), Config(), 3,
                                               kinds=asked(question), question=question, topic=topic,
                                               subject=subject)]
    line = "Elvis Aaron Presley (January 8, 1935 - August 16, 1977) was an American singer."
    assert choose("What year was Elvis Presley born?", line, {"elvi", "presley"}) == [line]
    line = "Authorize the City Manager to amend the agreement for Mora Park in the amount of $20,000."
    assert choose("How much was the construction bid the contractor won for Mora Park?", line, {"mora", "park"}) == []
    assert choose("How much is the agreement for Mora Park?", line, {"mora", "park"}) == [line]


def test_a_first_name_or_a_verb_that_shares_a_month_s_stem_names_no_month():
    """"Julie" and "marched" share the stems of July and March; only a month's own word
    names a month, so a line naming Julie Pottorff is no line about July."""
    from engine.quote.lines import sibling
    q = "Which board members missed the November 2022 meeting?"
    assert sibling("Absent: Julie Pottorff, Des Moines; Joan Corbin, Pella.", q, question_terms(q)) is None
    assert sibling("Absent at the July 2022 meeting: Joan Corbin.", q, question_terms(q)) == ("july", "november")
    q = "How many people marched in the November parade?"
    assert sibling("About 400 people marched down Main Street.", q, question_terms(q)) is None


def test_a_question_that_asks_no_kind_quotes_no_line_naming_the_document(tmp_path):
    """A search-box query asks for no kind; the document's title lines share its words but
    name the document, not an answer: the line with the figures is quoted."""
    a, = ask_words(tmp_path, {"debt_service_requirements.md":
        "# City of Boston Debt Service Requirements FY2016 through FY2023\n\n"
        "Fiscal year: FY16 Actual, FY17 Actual, FY18 Budget\n\n"
        "Total Net Debt Service Requirements: 150,346,287 158,585,613 175,487,541\n"},
        "boston net debt service fy16 actual")
    assert a.answered, a.refusal
    assert not any(t.startswith("# City of Boston") for t in quoted(a))
    assert any("150,346,287" in t for t in quoted(a))


def test_a_date_a_matter_was_put_off_to_says_nothing_of_that_day_s_meeting(tmp_path):
    """"What did the board decide on X at its March 15 hearing?": minutes saying the hearing
    was postponed until the March 15 meeting answer nothing of March 15, whatever the kind
    asked; the refusal says why. The minutes of March 15 themselves answer."""
    q = "What did the planning board decide on the 60-90 Glacier Drive cell tower at its March 15 hearing?"
    a, = ask_words(tmp_path, {"planning_board_minutes_2016-02-09.txt":
        "Planning Board Minutes, February 9, 2016\n\n"
        "60-90 Glacier Drive - Special Permit Public Hearing - Postponed\n"
        "Ms. McCabe informed the Board the applicant has requested a postponement of this public\n"
        "hearing for a wireless communications facility to install a telecommunications\n"
        "structure until the March 15 meeting.\n"}, q)
    assert not a.answered and "put off" in a.refusal.message
    a, = ask_words(tmp_path, {"planning_board_minutes_2016-03-15.txt":
        "Planning Board Minutes, March 15, 2016\n\n"
        "60-90 Glacier Drive - Special Permit Public Hearing\n"
        "On March 15 the Board voted 4-1 to approve the special permit for the 90 foot tower.\n"}, q)
    assert a.answered and "voted 4-1" in a.citations[0].lines[-1].text


def test_an_article_s_first_sentence_is_no_title_to_leave_out(tmp_path):
    """A short article's first sentence stands in its title block; it is running text, and it
    is quoted for a question asking no kind (WikiQA's definitions)."""
    a, = ask_words(tmp_path, {"plus_minus_sign.txt":
        "The plus-minus sign is a mathematical symbol with multiple meanings.\n"
        "In experimental sciences, the sign commonly indicates the confidence interval or error in a "
        "measurement, often the standard deviation or standard error.\n"}, "what does a plus-minus sign mean")
    assert a.answered, a.refusal
    assert a.citations[0].lines[0].text.startswith("The plus-minus sign is a mathematical symbol")


def test_a_hearing_continued_from_one_date_to_the_asked_one_is_that_day_s_hearing(tmp_path):
    """"continued from February 9 to March 15, was reopened" is the March 15 minutes' own
    hearing, not a matter put off to it: it answers what the board decided on March 15."""
    a, = ask_words(tmp_path, {"planning_board_minutes_2016-03-15.txt":
        "Planning Board Minutes, March 15, 2016\n\n"
        "The public hearing on 60-90 Glacier Drive, continued from February 9 to March 15, was reopened\n"
        "and the Board voted 4-1 to approve the special permit for the cell tower.\n"},
        "How did the planning board vote on the Glacier Drive cell tower on March 15?")
    assert a.answered, a.refusal
    assert any("4-1" in t for t in quoted(a))


def test_who_was_present_and_who_presented_are_no_answer_for_who_was_absent():
    q = "Who presented the budget at the March meeting?"
    assert _choose(q, ["Members absent from the March meeting: Joan Corbin, Pella."]) == []


def test_a_span_of_times_with_one_am_or_pm_gives_its_end():
    from engine.quote.lines import _TIME_SPAN
    assert _TIME_SPAN.search("Board meeting | 14:08 - 15:07PM")
    assert not _TIME_SPAN.search("continued to August 27 at 7 PM")


def test_a_short_document_s_sentences_are_no_title_to_leave_out(tmp_path):
    """A document of a few short lines holds them all in its title block; a line ending a
    sentence, in any script, is quoted for a question asking no kind."""
    a, = ask_words(tmp_path, {"library.txt": "图书馆的无线热点可以借用两周。\n借书证免费。\n"}, "无线热点可以借多久？")
    assert a.answered, a.refusal
    assert a.citations[0].lines[0].text == "图书馆的无线热点可以借用两周。"


@pytest.mark.parametrize("unit, answers", [
    ("December 15, 2022 1:00 p.m. IPIB Meeting", False),     # the bound's own month
    ("Minutes of the November 17, 2022 meeting", False),
    ("Next Board Meeting: January 19, 2023 at 1:00 p.m.", True),
    ("The board meets monthly at 1:00 p.m.", True),           # no date given: no judgement
])
def test_what_comes_after_a_date_is_no_date_before_it(unit, answers):
    from engine.quote.lines import _not_after
    q = "when is the iowa public info board meeting after december 2022"
    assert (_not_after(unit, q) is None) == answers
    assert _not_after(unit, "when is the board meeting in december 2022") is None  # no bound asked


def test_a_meeting_asked_after_a_date_is_not_answered_with_that_date_s_meeting(tmp_path):
    a, = ask_words(tmp_path, {"board_agenda_2022-12-15.txt":
        "Public Information Board\nAgenda\nDecember 15, 2022 1:00 p.m.\n\n"
        "I. Approval of the agenda\nII. Approval of the November 17, 2022 minutes\n"
        "III. Public forum (5-minute limit per speaker)\n\n"
        "Next Board Meeting will be held in the Wallace Building, Conference Room\n"
        "January 19, 2023 at 1:00 p.m.\n"}, "when is the public information board meeting after december 2022")
    assert not any("December 15" in t for t in quoted(a)), quoted(a)


@pytest.mark.parametrize("unit, question", [
    # "after" names an event, not a bound on the date asked
    ("Following the public hearing on March 3, 2023, the council approved the paving contract.",
     "What did the council approve after the March 3, 2023 hearing?"),
    ("Jane Doe was hired in June 2022 as the deputy clerk.", "Who was hired after the June 2022 vacancy?"),
    # a later date given without its year, or in numbers: no verdict
    ("Notice posted November 2, 2023 for a zoning hearing on Nov 14.", "When is the zoning hearing after November 2, 2023?"),
    ("Posted December 15, 2022; next meeting 1/19/2023.", "When is the board meeting after December 2022?"),
    # a word opening with a month's letters is no month
    ("The marketing 2023 plan was adopted.", "When is the meeting after marketing 2023?"),
])
def test_after_a_date_judges_only_a_date_asked_and_dates_it_can_read(unit, question):
    from engine.quote.lines import _not_after
    assert _not_after(unit, question) is None


def test_the_bound_may_close_on_the_meeting_it_dates_and_dates_may_be_in_numbers():
    from engine.quote.lines import _not_after
    q = "When is the park commission meeting again after its November 9, 2023 session?"
    assert _not_after("DATE: Thursday, November 9, 2023", q) == (
        "a date no later than November 9, 2023", "after November 9, 2023")
    assert _not_after("11/09/2023 Director's Report", q) is not None
    assert _not_after("Next Regular meeting is 12/14/2023", q) is None
    # the bound's month is no month asked: the next month's meeting answers
    got = _choose(q, ["DATE: Thursday, November 9, 2023", "Next Regular meeting is December 14, 2023"])
    assert got == ["Next Regular meeting is December 14, 2023"]


def test_another_name_of_the_member_asked_speaks_of_it():
    present = ("The Board met on November 17, 2022 with the following members participating: "
               "Daniel Breitbarth, Des Moines;")
    absent = "Barry Lindahl, Dubuque. Absent: Joan Corbin, Pella; Monica McHugh, Zwingle."
    assert _choose("Which board members missed the November meeting?", [present, absent]) == [absent]
    # a weekday's short form, as hours tables print it, is the day ("Sun" for Sunday) ...
    hours = ["Branch | Opens | Closes", "Sat | 10 a.m. | 5 p.m.", "Sun | 1 p.m. | 5 p.m."]
    assert _choose("library sunday hours", hours)[-1] == "Sun | 1 p.m. | 5 p.m."
    # ... in a schedule's shape: "Sun Prairie Branch" is no Sunday, "Wed Lane" no Wednesday
    branches = ["Branch | Opens | Closes", "Sun Prairie Branch | 9 a.m. | 6 p.m."]
    assert _choose("what are the library hours on sunday", branches) == []
    assert _choose("what time is trash pickup on wednesday?", ["Street | Day | Time", "Wed Lane | Thursday | 8 a.m."]) == []
    # a service's looser names are no other name of it: storm drains are no stormwater fee
    assert _choose("monthly stormwater utility fee", ["Service | Rate", "Storm Drain Cleaning | $150 per hour"]) == []


def test_hours_asked_are_hours_kept_not_an_event_s_time():
    q = "What hours is the Paintsville Utilities office open?"
    meeting = ["Commission Meeting: Held the 1st Monday of each month", "at 5 pm in the utility office conference room."]
    assert _choose(q, meeting) == []
    assert _choose(q, ["Office hours: Monday - Friday, 7:30 a.m. - 4:00 p.m."] + meeting) == [
        "Office hours: Monday - Friday, 7:30 a.m. - 4:00 p.m."]
    assert _choose("what are the pool hours", ["The pool is open from 10 am until 6 pm daily."]) == [
        "The pool is open from 10 am until 6 pm daily."]
    assert _choose("library sunday hours", ["Day | Opens | Closes", "Sun | 1 p.m. | 5 p.m."]) == ["Sun | 1 p.m. | 5 p.m."]


def test_a_directory_entry_s_name_heads_its_short_lines():
    q = "How do I reach Van Buren Public Transit by phone?"
    entry = ["TRANSPORTATION", "Van Buren Public Transit", "610 David Walton Drive", "Bangor MI 49013 269-427-7921"]
    assert _choose(q, entry)[-1] == "Bangor MI 49013 269-427-7921"
    # another entry's name heads nothing asked
    assert _choose(q, ["Van Buren Senior Transit"] + entry[2:]) == []
    # a table's stray cell ("90th %") is no entry's name over a stray row of figures
    cells = ["Copper 1.3 AL=1.3 0.0381", "90th %", "Value", "ppm N/A 2021 0 Sites"]
    assert "ppm N/A 2021 0 Sites" not in _choose("What was the 90th percentile copper result in 2021?", cells)[:1]


def test_a_charge_s_period_is_a_sibling_class():
    q = "How much is an adult monthly pass between Scotia and Trinidad?"
    day = "Day Passes $4.90 - give you unlimited travel anywhere between Scotia and Trinidad."
    assert _choose(q, [day]) == []
    assert _choose(q, [day, "Fare | Cash | Discount | Monthly Pass", "Adult (18-62) | $3 | $1.90 | $59"]) == [
        "Adult (18-62) | $3 | $1.90 | $59"]
    # a span of days is no period of a charge: "valid 30 days" names none
    assert _choose("What does a monthly permit cost?", ["A permit costs $25 and is valid 30 days."]) == [
        "A permit costs $25 and is valid 30 days."]
    # "$75/day" and "$10 / month" name a period too
    from engine.quote.lines import _periodic
    assert _periodic("$75/day, $10 / month, 5%/year") == {"~day", "~month", "~year"}


def test_review_mends_of_the_second_batch():
    # another entry's name between is no line of this entry
    assert _choose("How do I reach Legal Aid of Western Michigan by phone?",
                   ["Legal Aid of Western Michigan", "100 Main Street, Kalamazoo", "Housing Authority", "269-555-1111"]) == []
    # a 31-day pass is a monthly pass's kin, no day pass; "24 hours a day" names no charge's period
    assert _choose("How much is a monthly pass?", ["Fare | Cash | Reduced", "31-Day Pass | $80.00 | $40.00"]) == [
        "31-Day Pass | $80.00 | $40.00"]
    assert _choose("What are the monthly parking rates?", ["Covered parking (24 hours a day) $85"]) == [
        "Covered parking (24 hours a day) $85"]
    # hours written loosely are hours kept; "at what hour does it begin" asks a start
    assert _choose("What are the office hours?", ["Office Hours: 1–4 p.m."]) == ["Office Hours: 1–4 p.m."]
    assert _choose("At what hour does the meeting begin?", ["The meeting will begin at 7:00 p.m."]) == [
        "The meeting will begin at 7:00 p.m."]
    # the bound may close on any word: "after the November 9, 2023 workshop"
    from engine.quote.lines import _not_after
    assert _not_after("Workshop held November 9, 2023", "When is the next session after the November 9, 2023 workshop?")


@pytest.mark.parametrize("text, question, named", [
    ("Backflow Device Testing - 6\" and Over $25 Monthly Fee", "What is the tier 6 water rate?", False),
    ("Tier 6 (Residential) $4.02 Per 100 cu. ft.", "What is the tier 6 water rate?", True),
    ("TIER 6 RATES", "What is the tier 6 water rate?", True),
    ("Precinct | Ballots\n6 | 1,640", "How many ballots in precinct 6?", True),  # a row's first cell under the label
    ("Ballots | Precinct\n1,640 | 6", "How many ballots in precinct 6?", False),  # a 6 in another cell
    # a weekly report's week, a landfill's cell: "38.00" of a processing time names no week 38
    ("Processing Time | 38.00 | 56.67\nTotal Call Time | 1,661.00 | 2,403.00", "How many calls in week 38?", False),
    ("WEEKLY REPORT: WEEK 38\nTotal Calls | 1,204", "How many calls in week 38?", True),
    ("Leachate depth in the sump: 8 feet", "How deep was the leachate in Cell 8?", False),
    # named together, by a short form, or as a markdown row's first cell under the label
    ("## Cells 5 and 6\nVegetation cover is complete.", "What is the vegetation cover on cell 6?", True),
    ("Weeks 37-40 summary\nCalls | 2,611", "How many calls in week 38?", True),
    ("Wk 38 (Sept 15-21)\nCalls for service | 655", "How many calls in week 38?", True),
    ("| Week | Date | Boardings |\n| 11 | March 10 | 40,211 |", "How many boardings in week 11?", True),
])
def test_a_label_s_value_is_a_name_the_passage_must_give(text, question, named):
    from engine.quote.lines import unnamed_label
    assert (unnamed_label(text, question) is None) is named


def test_a_label_s_short_form_names_it(tmp_path):
    from engine.quote.lines import unnamed_label
    assert unnamed_label("COUNTY COMMISSION DIST. 5 JOHN FROELICH 520", "votes in commission district 5") is None
    assert unnamed_label("Pct 105 | 1,640", "ballots cast in precinct 105") is None
    a, = ask_words(tmp_path, {"indio_rates_2018.txt": "Tier 1 water rate: $1.05 per 100 cubic feet.\n"
                              "Tier 2 water rate: $1.58 per 100 cubic feet.\n"
                              "Backflow testing for a 6\" meter: $25 monthly fee.\n"},
                   "What is the tier 6 water rate?")
    assert not a.answered and "tier 6" in a.refusal.message


def test_the_year_ending_a_form_s_blank_date_is_no_date():
    form = ["Adopted by the Township Board of the Township of Lincoln this _____ day of ____________________,",
            "1986."]
    assert _choose("When was the noise ordinance adopted?", form) == []
    # a rule line of underscores above a line is no form's blank
    assert _choose("What time did the board adjourn?", ["________________________________",
                                                       "The board adjourned at 8:15 p.m."])


@pytest.mark.parametrize("line, question, answers", [
    # another number of a numbered name is another of its series
    ("10 | 0015 | Moab 9:70 | 531 | 436", "How many registered voters were in the Moab 12 precinct?", False),
    ("10 | 0016 | MOAB 12 | 498 | 401", "How many registered voters were in the Moab 12 precinct?", True),
    ("Chapter 13.04 sets a fee of $20.", "What is the fee under Chapter 13?", True),  # a section of it
    ("Page 4 shows the fee of $20.", "What fee does Page 3 give?", True),  # a page is where, not which
    # a place by another kind of government is another place
    ("LOWER CHICHESTER | CHESTER CITY | 1.55", "How many miles are planned in Chester County?", False),
    ("Salt Lake City residents pay $5 a month.", "What do Salt Lake County residents pay a month?", False),
    ("In the City of Chester the rate is 2%.", "What is the rate in Chester County?", False),
    ("Chester County and Chester City each set a tax rate of 2%.", "What is the tax rate in Chester County?", True),
    ("The Lincoln Township tax rate is 2%.", "What is the tax rate in the Town of Lincoln?", True),  # one, two names
])
def test_a_line_naming_another_of_a_numbered_or_governed_place_is_no_answer(line, question, answers):
    assert (_choose(question, [line]) == [line]) is answers


def test_a_bare_value_stands_with_the_place_stacked_under_it():
    q = "When is the drain board meeting at Covert Township Hall?"
    notice = ["Agenda", "Round Lake Outlet Drain Board", "(Berrien, Cass, & Van Buren Counties)",
              "10:30 a.m., Wednesday, August 5, 2026", "Covert Township Hall", "73943 Lake Street"]
    assert _choose(q, notice)[:1] == ["10:30 a.m., Wednesday, August 5, 2026"]
    # a place two stacks away is another meeting's
    other = ["10:30 a.m., Wednesday, August 5, 2026", "Bangor Library", "Board Members present:",
             "Covert Township Hall"]
    assert _choose(q, other) == []


def test_an_initialism_with_stops_is_the_name_it_spells():
    from engine.quote.cite import _topic
    assert _topic(("month", "fee", "m.u.d", "bill"), {"mud", "omaha"}, ("amount",)) == ("month", "bill")


@pytest.mark.parametrize("question, kinds", [
    ("How much is the monthly water infrastructure fee on an M.U.D. bill?", ("amount", "rate", "percentage")),
    ("How much water does the city use a day?", ("measure", "area", "amount")),
    ("how much treated water was pumped in 2019", ("measure", "area", "amount")),
])
def test_how_much_of_a_substance_asks_a_measure_but_its_fee_a_sum(question, kinds):
    assert asked(question) == kinds


def test_a_word_two_rows_names_share_tells_no_row_apart():
    rows = ["Middle College High School 77 62,048$ 1,694,336$ 1,756,384$",
            "Nova High School 298 61,110$ 3,602,417$ 3,663,527$",
            "Seattle World School 186 301,136$ 3,164,000$ 3,465,136$"]
    assert _choose("garfield high school total budget", rows + ["Garfield 1,417 225,520$ 14,019,198$ 14,244,718$"]) \
        == ["Garfield 1,417 225,520$ 14,019,198$ 14,244,718$"]
    # a row saying every question word any row says still speaks
    parks = ["Central Park Pavilion | $75 | $150", "Riverside Park Pavilion | $50 | $100", "Central Park Gazebo | $25 | $50"]
    assert _choose("What is the rental fee for Central Park pavilion?", parks)[:1] == parks[:1]
    # one name repeated row after row is one thing; a longer name holding another is a kind of it
    zoo = ["134 | Paul | Board of Management of the Toronto Zoo | 2022-12-08 | 14:08PM - 15:07PM",
           "135 | Jennifer | Board of Management of the Toronto Zoo | 2022-12-08 | 14:08PM - 15:07PM"]
    assert _choose("When did the Toronto Zoo board of management meeting end?", zoo)[:1] == zoo[:1]
    fees = ["| Fee Type | Fee |", "| Administrator Exception | $100.00 |", "| Zoning Board of Adjustment | $400.00 |",
            "| Zoning Board of Adjustment Protest Appeal | $400.00 |", "| Planning Commission Hearing | $1,350.00 |"]
    assert _choose("zoning board of adjustment hearing fee", fees)[:1] == ["| Zoning Board of Adjustment | $400.00 |"]


def test_a_span_of_years_in_a_file_name_is_no_year_the_document_names():
    from engine.score import path_names
    assert "2005" not in path_names("cso_annual_overflow_volumes_2005-2019.xlsx", {})
    assert {"2016", "2017"} <= path_names("budget_2016-2017.xlsx", {})  # one fiscal year
    assert "2019" in path_names("minutes_2019-03-06.pdf", {})  # a date, no span


def test_a_label_left_blank_gives_no_value_for_it():
    line = "TOTAL REQUEST: $97,401.25  TOTAL AWARD: $ "
    assert _choose("How much did the commission award TURN?", [line]) == []
    assert _choose("How much did TURN request in total?", [line]) == [line]
    # a blank that is another label's leaves the asked one's value standing
    assert _choose("What is the application fee?", ["Application Fee: $25.00 Late Fee:"]) == [
        "Application Fee: $25.00 Late Fee:"]


@pytest.mark.parametrize("question, kinds", [
    ("What raise did San Bernardino teachers get in July 2016?", ("percentage", "rate", "amount")),
    ("what rate hike was approved", ("percentage", "rate", "amount")),
])
def test_what_raise_asks_a_figure(question, kinds):
    assert asked(question) == kinds


@pytest.mark.parametrize("question, lines, first", [
    # a number before a comma is still the name's number; a citation is no sibling
    ("What was the vote on Ordinance 45?", ["Ordinance 45, amending the zoning map, passed 4-1.",
                                           "Ordinance 46 was referred to committee."], 0),
    ("What is the fee in Section 4 of the ordinance?", ["SECTION 4. FEES.",
                                                        "The permit fee shall be $75, except as provided in section 6."], 1),
    ("How much is admission for Children Under 12?", ["Admission: Adults $10; children under 3 free; children 3 to 12 $5"], 0),
    # "the City and County of Denver" is both; a place asked as two kinds needs one
    ("What is the City of Denver sales tax rate?", ["The City and County of Denver sales tax rate is 4.81%."], 0),
    ("What is the millage for Lancaster City in Lancaster County?", ["Lancaster City | 11.2", "Lancaster Township | 3.1"], 0),
    # a filled label the question asks of beside a blank one of a generic word
    ("What is the total amount of the invoice?", ["Invoice Total: $4,250.00    Amount Paid: $"], 0),
    ("How much is the dog license fee?", ["Dog License Fee: $ ten dollars ($10.00) per dog"], 0),
])
def test_review_mends_of_the_fourteenth_pass(question, lines, first):
    assert lines[first] in _choose(question, lines)


def test_a_list_of_entries_gives_each_its_own_value():
    entries = ["Eastside Library", "9:00 a.m. - 5:00 p.m.", "Westside Library", "10:00 a.m. - 6:00 p.m."]
    assert _choose("What are the hours at the Westside Library?", entries) == []  # no neighbour's hours


@pytest.mark.parametrize("question, kinds", [
    ("How much is the water plant capacity?", ("measure", "area", "amount")),
    ("How much is the daily water allowance per household?", ("measure", "area", "amount")),
    ("Which hike is the longest?", ("duration", "measure")),
    ("annual water volume charge residential", ("amount", "rate", "percentage")),
])
def test_review_mends_of_the_fourteenth_pass_in_kinds(question, kinds):
    assert asked(question) == kinds


def test_a_biennium_or_a_date_after_a_year_in_a_file_name_is_no_span():
    from engine.score import path_names
    assert {"2023", "2025"} <= path_names("biennial_budget_2023-2025.pdf", {})
    assert "2024" in path_names("council_minutes_2021_2024-01-09.pdf", {})


def test_last_week_s_figure_beside_this_week_s_is_no_sibling():
    """A weekly report gives last week's figure beside this week's ("94.2% (Week 39: 91.8%)"):
    a week is a label a passage must name (unnamed_label), never a sibling of the week asked."""
    from engine.quote.lines import sibling
    from engine.terms import content_terms
    q = "What percentage of 911 calls were answered within 15 seconds in week 40?"
    assert sibling("Answered within 15 seconds: 94.2% (Week 39: 91.8%)", q, content_terms(q)) is None
    q = "What is the tier 2 water rate?"
    assert sibling("Tier 3 water rate: $5.10", q, content_terms(q)) is not None  # a tier still is


def test_a_complete_ban_s_start_is_no_end_of_it():
    """'complete' before the thing it describes says no end (quote/lines._COMPLETE_THING): a
    notice that a complete burn ban takes effect gives no date it was lifted."""
    lines = ["SAN JUAN COUNTY COMPLETE BURN BAN EFFECTIVE THIS FRIDAY, JULY 30, 2021",
             "All outdoor burning is prohibited until further notice."]
    assert _choose("On what date was the 2021 San Juan County complete burn ban lifted?", lines) == []
    assert _choose("When does the 2021 San Juan County complete burn ban begin?", lines) != []
    done = ["The Elm Street bridge repairs were complete by December 12, 2019."]
    assert _choose("When were the Elm Street bridge repairs finished?", done) != []
    # the verb before its object still ends a work (a review's made-up notice)
    verb = ["The contractor will complete installation of the new signals on Friday, October 4, 2024."]
    assert _choose("When will the Main Street traffic signal installation be completed?", verb) != []


def test_a_ballot_instruction_is_no_tally_and_a_dot_leader_no_full_stop():
    """An election report's "Vote for not more than 1" tells how many a voter may choose
    (kinds._BALLOT), no count of votes; and a row's dot leader ("Hillary Clinton (DEM) . . .
    . . 4,512") ends no sentence (quote/lines._LEADER), so the tally speaks of its name."""
    report = ["RUN TIME:11:16 AM     November 8, 2016", "PRESIDENT AND VICE PRESIDENT",
              "Vote for not more than  1", "Hillary Clinton (DEM) .  .  .  .  .  .    4,512   25.30",
              "Donald J. Trump (REP) .  .  .  .  .  .   13,576   72.10"]
    got = _choose("How many votes did Hillary Clinton get countywide in Clinton County, Ohio in 2016?", report)
    assert any("4,512" in t for t in got) and not any("not more than" in t for t in got), got
    # the instruction counts how many a voter may choose, where that is asked (kinds._CHOOSE)
    from engine.kinds import holds
    assert holds("Vote for not more than  3", ("count",), ("candid", "voter", "choos"))
    assert not holds("Vote for not more than  3", ("count",), ("vote", "hillari"))
    # no tally of hers: the instruction answers nothing
    assert _choose("How many votes did Hillary Clinton get countywide in Clinton County, Ohio in 2016?",
                   report[:3]) == []


def test_a_label_naming_a_share_and_its_figure_is_a_percentage():
    """An election report prints turnout as a bare figure after its label (kinds._LABEL_SHARE):
    the line holds the share asked for; a count asked finds the registered voters' line."""
    report = ["PRECINCT WILMINGTON 1-A", "REGISTERED VOTERS - TOTAL  .  .  .  .  .  .          1,204",
              "BALLOTS CAST - TOTAL  .  .  .  .  .  .  .          804",
              "VOTER TURNOUT - TOTAL  .  .  .  .  .  .  .          66.82"]
    got = _choose("What share of registered voters actually voted in the Wilmington 1-A precinct?", report)
    # the precinct's heading may print above: it gives the question's "1-A" (quote/lines._above_lead)
    assert any("66.82" in t for t in got) and not any("1,204" in t or "804" in t for t in got), got
    assert not any("66.82" in t for t in _choose("How many ballots were cast in Wilmington 1-A?", report))


def test_a_margin_s_line_numbers_are_no_figures():
    """Numbered minutes print each line's number at its end ("... for the preliminary 2026
    54"): a run of lines whose last integers count up by one (quote/lines._numbered_lines)
    holds no figure in them, so the line giving the total is the one quoted."""
    minutes = [" 52 ", "2026 District 3 Budget 53 ",
               "Chief Monin reviewed the preliminary Reserve, Capital, General Fund and Personnel Funds for the preliminary 2026 54 ",
               "District 3 Budget. The estimated 2025 ending balance plus the preliminary highest lawful levy rate were used to 55 ",
               "determine the preliminary beginning balance for the 2026 District 3 Budget. Total estimated resources for the 2026 56 ",
               "District 3 Budget currently total $5,540,087. 57 ", " 58 "]
    got = _choose("At the September 2025 meeting, what total did the chief give for estimated resources in the "
                  "preliminary 2026 budget?", minutes)
    assert any("$5,540,087" in t for t in got), got
    from engine.quote.lines import _numbered_lines
    assert _numbered_lines(minutes) == set(range(7))
    assert _numbered_lines(["Fee: $25", "Fee: $26", "Total 40"]) == set()  # no run of line numbers


def test_a_table_s_column_names_hold_no_value():
    """A CSV's header row ("_id | Quarter/Year | ... | 1 Bedroom | 2 Bedroom") names columns:
    its numbers are no count (quote/lines._column_names)."""
    rows = ["_id | Quarter/Year | New/reactivated | Housed | Total active waiting list | 1 Bedroom | 2 Bedroom",
            "19 | Q3 2023 | 6120 | 498 | 84510 | 20101 | 9980",
            "20 | Q4 2023 | 6430 | 536 | 85097 | 20354 | 10021"]
    got = _choose("How many households were on the active social housing waiting list at the end of 2023?", rows)
    assert got and not got[0].startswith("_id") and "85097" in " ".join(got), got
    # the CSV's first row, a passage of its own
    assert _choose("How many households were on the waiting list at the end of 2023?",
                   [rows[0] + " | 3 Bedroom | Seniors"]) == []


def test_an_ellipsis_still_ends_a_sentence():
    """A dot leader is three spaced dots or four running ones (quote/lines._LEADER); an
    ellipsis ("roof... Gazebo") still ends its sentence (the second review's made-up minutes)."""
    from engine.quote.lines import _sentences
    assert len(_sentences("Repairs to the pavilion roof... Gazebo painting cost $12,500.")) == 2
    assert len(_sentences("Hillary Clinton (DEM) . . . . . 4,512")) == 1
    assert len(_sentences("Total........ 4,512")) == 1


def test_a_number_opening_a_line_after_a_route_s_code_is_no_count():
    # a bid tabulation's description wraps a list of routes: "CO" / "116" is Colorado 116
    # (before: the route's 116 was quoted as the number of structures)
    lines = ["Project C25974: timber bridge retrofit on structures located in SE Colorado on US 50B, CO 101A, CO",
             "116, US 160C, AND US 350A."]
    assert _choose("How many structures does the timber bridge retrofit cover?", lines) == []
    # a capitalised word closing the line before is no code: the count stands
    lines = ["The council approved the hiring of new officers for the Police", "12 officers will start in June."]
    assert _choose("How many officers will the police hire?", lines)[-1:] == ["12 officers will start in June."]
    # nor any acronym (a review's): the NYPD's, the state's OES
    lines = ["The council approved the hiring of new officers for the NYPD", "12 officers will start in June."]
    assert _choose("How many officers will the police hire?", lines)[-1:] == ["12 officers will start in June."]


def test_another_ballot_measure_is_a_sibling():
    from engine.quote.lines import sibling
    from engine.terms import content_terms
    q = "lake county 2016 initiated measure 21 yes votes total"
    assert sibling("Initiated Measure 22", q, content_terms(q)) is not None
    assert sibling("Initiated Measure 21", q, content_terms(q)) is None
    q = "How did Proposition 68 do in the county?"
    assert sibling("Proposition 64 | Yes 1,204 | No 980", q, content_terms(q)) is not None


def test_a_word_said_with_not_is_its_negation():
    from engine.quote.lines import sibling
    # "had not been presented" are the unpresented cheques; "presented" alone is not
    q = "After allowing for unpresented cheques, what was the actual bank total?"
    assert sibling("Cheques to the value of £557.10 had not been presented giving an actual "
                   "total of £10,513.62.", q, question_terms(q)) is None
    assert sibling("Cheques presented totalled £557.10, an actual total of £10,513.62.", q,
                   question_terms(q)) == ("presented", "unpresented")
    assert sibling("Cheques worth £557.10 hasn't been presented yet.", q, question_terms(q)) is None
    assert sibling("Cheques worth £557.10 had not yet been fully presented.", q, question_terms(q)) is None
    # a line saying the word itself too speaks of it, its figure the presented cheques'
    assert sibling("Cheques presented totalled £4,212.10, including cheque 1133, which had not been "
                   "presented at the June reconciliation.", q, question_terms(q)) == ("presented", "unpresented")
    # and the other way: the question negates by its words, the line by its prefix
    q = "What was the value of cheques that had not been presented?"
    assert sibling("Unpresented cheques: £557.10", q, question_terms(q)) is None



def test_a_span_of_years_over_per_month_is_no_rate():
    # a tariff table's column heads: "2022/23 2023/24 ... 2025/26" then "per month  Tariff":
    # read across the break, "26 per month" is no rate; the levy's own line answers
    q = "What monthly demand management levy does the water utility charge a household in 2023/24?"
    assert not holds_("Kilolitres per connection 2022/23 2023/24 2024/25 2025/26 per month", q)
    assert not holds_("Fees for 2025-26 per household are set in Schedule B", q)
    assert holds_("A demand management levy of R33.97 per month applies to each household.", q)
    got = _choose(q, ["Proposed Domestic Water Tariffs 2023/24 household",
                      "Kilolitres per connection 2022/23 2023/24 2024/25 2025/26",
                      "per month  Tariff Tariff Tariff Tariff",
                      ">6-10 11.05 12.08 12.87 13.72",
                      "Prices exclude the demand management levy and VAT"])
    assert not any("Kilolitres per connection" in t for t in got)


def holds_(text, q):
    from engine.kinds import holds
    return holds(text, asked(q), question_terms(q))


FRONT_MATTER = ["fares:", "  passes:", "  - name: Local 10 Ride", "    cost: \"$18\"", "    breeze: true",
                "  - name: Local 31 Day Pass", "    cost: \"$72\"", "    breeze: true",
                "  - name: Express 20 Ride", "    cost: \"$65\"", "    breeze: true"]


def test_a_record_s_field_is_read_with_its_item_s_name():
    # a page's YAML front matter: each item's "cost" is the cost of the item its "- name:"
    # field names, and the question's "31-day" is the name's "31 Day"
    got = _choose("How much is the local 31-day pass?", FRONT_MATTER, limit=2)
    assert got == ["  - name: Local 31 Day Pass", "    cost: \"$72\""]
    got = _choose("What does a 20-ride express ticket cost?", FRONT_MATTER, limit=2)
    assert got == ["  - name: Express 20 Ride", "    cost: \"$65\""]
    # and no other item's figure comes along below it, though its name says words of the question
    assert _choose("What does the local 10 ride ticket cost?", FRONT_MATTER, limit=3) == \
        ["  - name: Local 10 Ride", "    cost: \"$18\""]
    # a field under no item's name is read as before: a key of its own labels nothing else
    assert _choose("How much is the local 31-day pass?", ["fares:", "  cost: \"$72\"", "  breeze: true"]) == []


def test_a_number_joined_to_its_word_is_the_same_term_apart():
    from engine.score import joined_in
    from engine.terms import content_terms
    assert joined_in(["local", "31-day", "pass"], content_terms("Local 31 Day Pass")) == {"31-day"}
    assert joined_in(["90", "day", "notice"], content_terms("a 90-day notice")) == {"90", "day"}
    assert joined_in(["31-day"], content_terms("31 rides a day")) == set()


def test_a_record_s_field_far_below_its_name_is_still_its():
    # an item's cost as its fourth field is the item's: "Express 31 Day Pass", not the local one
    lines = ["fares:", "  passes:", "  - name: Local 31 Day Pass", "    cost: \"$72.00\"",
             "  - name: Express 31 Day Pass", "    zone: all", "    breeze: true", "    description: Express bus pass",
             "    cost: \"$125.00\""]
    got = _choose("How much is an express 31 day pass?", lines, limit=2)
    assert got == ["  - name: Express 31 Day Pass", "    cost: \"$125.00\""], got


def test_a_joined_number_speaks_only_with_its_word():
    # "31 Day Pass" speaks of a "31-day pass"; "3-bedroom" of no route 3
    from engine.quote.lines import about
    assert about("Local 31 Day Pass", frozenset({"31-day"}))
    assert about("a 90-day notice", frozenset({"90", "day"}))
    assert not about("3-bedroom apartment $1,500", frozenset({"3", "rout", "fare"}))


def test_a_bare_decimal_of_three_places_after_its_label_is_a_rate():
    """A rate book prints each body's tax rate as a bare decimal (kinds._BARE_RATE): the line
    holds the rate asked for; a sum's two places, a section's number, a version, a longitude
    after its latitude and a measure's figure are no rates."""
    book = ["TAX CODE   0106                         TOTAL RATE   7.2523",
            "  TAX BODY            TAX BODY   NAME          RATE      PERCENTAGE",
            "422   2150   CUSTER FIRE DISTRICT      .4645       6.4049",
            "847   6930   CITY OF WILMINGTON        .9217      12.7091",
            "965   4120   FOSSIL RIDGE PUB LIB      .1236       1.7043"]
    got = _choose("What is the City of Wilmington's tax rate?", book)
    assert any(".9217" in t for t in got), got
    rates = ("percentage", "rate", "amount")
    for line in ("AVERAGE TAX RATE FOR 2018 ------------------------------------ 7.5927",
                 "GODLEY PARK DISTRICT .3857"):
        assert holds(line, rates), line
    for line in ("Sec. 17.040 Fees for licences", "See section 13.40.010 of the code", "Chapter 13.040 Animals",
                 "Station at 36.15518 -95.98954", "Release version 1.105 notes", "Plant flow 1.234 MGD"):
        assert not holds(line, ("rate",)), line
    assert not holds("847   6930   CITY OF WILMINGTON        92.17", ("rate",))  # two places: a sum's


def test_a_rate_by_another_unit_than_the_one_asked_is_no_answer():
    """A question asking a rate by a unit ("per-mile", "monthly") is not answered by a figure
    that is a rate by another unit (quote/lines._per_asked_unit); a line naming the asked
    unit anywhere, or giving one of its short forms, still answers."""
    q = "What per-mile mileage rate does the student association reimburse for personal cars?"
    assert _choose(q, ["Mileage reimbursement",
                       "The amount of reimbursement shall not exceed $50.00 per car trip, without prior",
                       "approval of the Finance Committee."]) == []
    assert _choose(q, ["Mileage is reimbursed at $0.58/mi for personal cars."]) \
        == ["Mileage is reimbursed at $0.58/mi for personal cars."]
    monthly = "What is the monthly customer charge for residential water?"
    assert _choose(monthly, ["Residential volume charge $4.50 per 1,000 gallons"]) == []
    assert _choose(monthly, ["Residential Monthly Customer Charge: $12.00 per meter"]) \
        == ["Residential Monthly Customer Charge: $12.00 per meter"]
    assert _choose("What is the hourly parking rate downtown?", ["Downtown parking rate: $2.00 per 2 hours"]) \
        == ["Downtown parking rate: $2.00 per 2 hours"]


def test_a_sum_taken_in_is_no_rate_by_a_unit():
    """A question asking what a body took in ("bring in", "collect") asks a total: a rate by a
    unit of the closed lists is what each payer owes (quote/lines._TAKEN_IN). A rate asked
    ("per parcel"), or "raise" (a rate's change), leaves the rule off; a line with a sum by no
    unit still answers."""
    q = "How much did the district bring in from parcel fees in 2021?"
    rate = "The parcel fee shall be a flat fee per improved parcel not to exceed $250 per year."
    assert _choose(q, [rate]) == []
    assert _choose(q, ["Parcel fees brought in $946,181 in 2021."]) == ["Parcel fees brought in $946,181 in 2021."]
    assert _choose("How much is the parcel fee per year?", [rate]) == [rate]
    assert _choose("How much did the city collect in pool fees in 2014?", ["Pool admission: $3.00 per visit"]) == []
    assert _choose("How much did the city collect in pool fees in 2014?", ["Pool fees collected: $48,200"]) \
        == ["Pool fees collected: $48,200"]
    assert _choose("How much did the city collect per pool visit?", ["Pool admission: $3.00 per visit"]) \
        == ["Pool admission: $3.00 per visit"]
    # a question in the present, or naming a rate or each payer, asks the rate ("collect" alone
    # is no total)
    for question, line in (("How much does the city charge to collect yard waste?", "Yard waste collection: $5.00 per bag"),
                           ("How much tax does the city collect on each gallon of fuel?", "Fuel tax: $0.05 per gallon"),
                           ("What hotel tax rate does the city collect?", "Hotel occupancy tax: $2.00 per room night"),
                           ("How much is the toll collected on the bridge for each car?", "Bridge toll: $6.00 per trip")):
        assert _choose(question, [line]) == [line], question
    assert _choose("How much did the pool take in last summer?", ["Pool admission: $3.00 per visit"]) == []
    # a rate by any unit, not only the closed lists' ("per equivalent residential unit")
    q = "How much did the district collect in sewer assessments in 2022?"
    assert _choose(q, ["Sewer assessment: $7.25 per equivalent residential unit"]) == []
    assert _choose(q, ["Sewer assessments collected in 2022: $1,250,000"]) == ["Sewer assessments collected in 2022: $1,250,000"]
    assert _choose("How much was collected in pool fees in 2014?", ["Pool admission: $3.00 per visit"]) == []


def test_a_column_headed_by_its_period_holds_that_periods_sums():
    """"FY 2011" heads the fiscal year's column of tuitions (kinds._PERIOD_HEAD): its bare
    figures are sums for an amount asked, as a column headed "Year" or "FY" alone holds
    years, no sums, and one headed "Year 2019" may hold counts."""
    header = "Sector | Campus | FY 2009 | FY 2010 | FY 2011 | FY 2012"
    rows = ["University Main Campus | Miami University | 11886 | 11886 | 12654 | 13081",
            "University Main Campus | Ohio State University | 8679 | 8726 | 9420 | 9735"]
    got = _choose("Ohio State University main campus in-state tuition, fiscal year 2011?", [header] + rows)
    assert rows[1] in got and rows[0] not in got, got
    assert money_cells("2011 | 500", "Year | Amount") == " | 500"
    assert money_cells("FY 2011 | 500", "FY | Staff") == "FY 2011 | "
    # a calendar year's column heads an enrollment table as often as a budget
    assert money_cells("Lincoln Elementary | 412 | 430", "School | Year 2019 | Year 2020") \
        == "Lincoln Elementary |  | "


def test_the_per_unit_rule_reads_units_in_other_words_and_every_sum():
    """The review's cases (quote/lines._per_asked_unit): "per diem" asks a day's rate, "per
    city policy" asks none, a ride is a trip, CCF a hundred cubic feet, and a line with a sum
    by no unit beside one by another unit still answers."""
    assert _choose("How much is the per diem for meals?",
                   ["Meals and incidentals: $55.00 per day while in travel status"]) \
        == ["Meals and incidentals: $55.00 per day while in travel status"]
    assert _choose("What is the late payment charge per city policy?", ["Late payment charge: $10.00 per bill"]) \
        == ["Late payment charge: $10.00 per bill"]
    assert _choose("What does a taxi cost per trip?", ["Taxi: $40.00 per ride"]) == ["Taxi: $40.00 per ride"]
    assert _choose("What is the water rate per 100 cubic feet?", ["Water usage $3.20 per CCF"]) \
        == ["Water usage $3.20 per CCF"]
    line = "Sewer: base charge $18.00; usage $5.25 per 1,000 gallons"
    assert _choose("What is the monthly sewer charge?", [line]) == [line]
    assert _choose("What does a taxi cost per trip?", ["Taxi waiting time: $40.00 per hour"]) == []


def test_a_bare_rate_after_a_leaders_dots_and_no_coordinate():
    """A leader's dots may touch a bare rate; a latitude after its longitude is none."""
    assert holds("Bond Redemption Fund……8.315", ("rate",))
    assert holds("Bond Redemption Fund........8.315", ("rate",))
    assert not holds("Station -105.0388, 40.5476 surveyed", ("rate",))  # a latitude after its longitude


def test_a_bare_rate_needs_its_label_before_it():
    """A section's number opening its heading, a coordinate with its hemisphere and a
    formula's operand are no rates (kinds._bare_rates)."""
    assert not holds("523.047     LARGE INDUSTRIAL RATE SCHEDULE", ("rate",))
    assert not holds("set forth in Section 523.04.\n523.047     LARGE INDUSTRIAL RATE SCHEDULE", ("rate",))
    assert not holds("Plant at St Paul 44.9252 N 93.0444 W", ("rate",))
    assert not holds("the Distribution Demand Charge will be divided by .903 and the", ("rate",))
    assert holds("847   6930   CITY OF WILMINGTON        .9217", ("rate",))


def test_a_charge_per_customer_answers_a_monthly_charge_and_no_leader_is_a_decimal():
    """A charge per customer is billed each month; a leader's last dot is no decimal point."""
    line = "Customer Charge $0.90 per Retail Customer"
    assert _choose("oncor residential delivery customer charge per month", [line]) == [line]
    assert not holds("ParkWorks — agreement — Division of Water (O 1098-04) ...............1109", ("rate",))


def test_the_read_throughs_cases_of_the_bare_rate_and_the_per_unit_rule():
    """The diff's read-through: a numbered part's every number, a policy's, a statute's and an
    account's number are no rates; a rate's line is read alone in a passage's whole text (its
    table's bars and its unit are its own line's); a share with a spaced sign is none."""
    for line in ("See Sections 17.040 and 17.050", "Board Policy 3.105", "ORS 197.015", "Ord. 2.105",
                 "Pages 1.100 and 1.200", "Account 10.100 General Fund", "TAX RATE 12.7091 %",
                 "levied under Minn. Stat. 462.357 each year"):
        assert not holds(line, ("rate",)), line
    assert holds("CITY OF WILMINGTON   .9217\nE MOLINE FIRE DISTRICT", ("rate",))
    assert holds("Fund | Levy\nGODLEY PARK DISTRICT .3857", ("rate",))
    # a unit of the closed lists only, on both sides; a period asked takes things billed each period
    for q, line in (("What is the building permit fee per square foot?", "New residential construction: $0.35/sq. ft."),
                    ("What is the energy charge per kilowatt-hour?", "Energy charge $0.0832/kWh"),
                    ("What is the tipping fee per ton?", "Tipping fee $48.00/tn"),
                    ("What is the vendor fee at the weekly farmers market?", "Farmers market vendor fee: $25.00 per stall"),
                    ("What is the daily rate for the pavilion?", "Pavilion $150.00 per rental"),
                    ("What is the monthly trash fee?", "Trash $22.50 per cart")):
        assert _choose(q, [line]) == [line], q
    assert _choose("What is the monthly trash fee?", ["Trash $0.12 per pound"]) == []


def test_a_fiscal_years_column_with_other_words_heads_no_sums_and_a_frontage_road_no_length():
    assert money_cells("Fire | 4,512 | 4,880", "Department | FY 2019 Calls | FY 2020 Calls") == "Fire |  | "
    assert money_cells("Fire | 4,512 | 4,880", "Department | FY 2019 | FY 2020 Adopted") == "Fire | 4,512 | 4,880"
    assert asked("Which frontage road will be closed during construction?") == ()


def test_a_name_over_the_office_it_holds_answers_who_holds_it():
    """A staff page or a signature block prints a name alone and its office on the next line
    (quote/lines._office_under): the office speaks for the name when it is the office asked,
    word for word but one, under the same rank, held now; not a line that is a sentence,
    with or without its period, and not a name printed under another office's line."""
    q = "Who is the director of Oakland Animal Services?"
    page = ["## Leadership", "Joe Devries", "**Director of Animal Services**", "jdevries@oaklandca.gov"]
    assert "Joe Devries" in _choose(q, page)
    assert _choose("Who is the director of public works?", page) == []
    assert _choose(q, ["## Leadership", "Jane Roe", "Deputy Director of Animal Services"]) == []
    deputy = ["## Leadership", "Jane Roe", "Deputy Director of Animal Services"]
    assert "Jane Roe" in _choose("Who is the deputy director of animal services?", deputy)
    assert _choose("Who is the deputy director of animal services?",
                   ["## Leadership", "Jane Roe", "Assistant Director of Animal Services"]) == []
    assert "Jane Roe" in _choose("Who is the city manager?", ["## Staff", "Jane Roe", "City Manager"])
    for other in ("Manager of the Month", "Former City Manager", "Office of the City Manager",
                  "City Manager's Report"):
        assert _choose("Who is the city manager?", ["## Staff", "Jane Roe", other]) == [], other
    assert _choose("Who is the mayor?", ["## Candidates", "Jane Roe", "Candidate for Mayor"]) == []
    for said in ("Volunteers help the director of animal services.", "Volunteers help the director of animal services"):
        assert _choose(q, ["## Volunteers", "Sam Poe", said]) == [], said
    # a staff page printing each name over its office, ending in a name: each name is its own
    # office's, not the one above's; a name over a sentence holds no office asked
    page = ["Kevin Marsh", "Parks Superintendent", "Tanya Reed", "Recreation Manager", "Ben Yu",
            "Assistant Recreation Manager", "Carla Mendes", "Carla coordinates the youth sports leagues."]
    assert _choose("Who is the recreation manager?", page)[:1] == ["Tanya Reed"]
    assert _choose("Who is the parks superintendent?", page)[:1] == ["Kevin Marsh"]
    directory = ["## Animal Services", "Joe Devries", "**Director of Animal Services**", "(510) 555-0142",
                 "Maria Chen", "**Deputy Director of Animal Services**", "(510) 555-0148"]
    assert _choose("Who is the deputy director of animal services?", directory)[:1] == ["Maria Chen"]
    assert _choose("Who is the director of animal services?", directory)[:1] == ["Joe Devries"]
    # the office over the next name is the name above's: it labels and heads no name under it,
    # so the first line quoted is the asked office's holder
    works = ["## Public Works", "Alan Brooks", "Assistant Director of Public Works", "Priya Natarajan",
             "Director of Public Works", "## Finance", "Gregory Hale", "Finance Officer", "Nina Patel",
             "Assistant Finance Officer"]
    assert _choose("Who is the director of public works?", works)[:1] == ["Priya Natarajan"]
    assert _choose("Who is the assistant finance officer?", works)[:1] == ["Nina Patel"]
    # the office printed above its name: the name under it is that office's
    above = ["## Leadership", "Director of Public Works", "Joe Devries", "Director of Animal Services", "Jane Roe"]
    assert "Joe Devries" not in _choose("Who is the director of animal services?", above)


def test_a_title_line_labels_no_value_under_it():
    """A line of the document's title block (quote/cite.title_lines) is a headline, not the
    label of the value under it: it does not print above the answer as its label (the first
    line quoted holds the amount), though a heading giving the question's year still may."""
    texts = ["Maple Hollow Opens Applications for Small Business Grants",
             "The city will award grants of up to $5,000 to 40 small businesses."]
    q = "How much is each small business grant?"
    lines = [(i, f"L{i + 1}", t) for i, t in enumerate(texts)]
    terms = question_terms(q)
    got = [ln.text for ln in choose_lines(lines, terms, dict.fromkeys(terms, 1.0), Config(), 3,
                                          kinds=asked(q), question=q, title=frozenset(texts[:1]))]
    assert got[:1] == [texts[1]], got
    untitled = [ln.text for ln in choose_lines(lines, terms, dict.fromkeys(terms, 1.0), Config(), 3,
                                               kinds=asked(q), question=q)]
    assert texts[1] in untitled


def test_a_rate_asked_is_no_sum_taken_in():
    """A question asking a rate by a unit ("per unit", "per ton") is not answered by a line
    telling a sum taken in with no rate ("has collected approximately $543,000"); a line
    giving the rate beside the sum, or a total asked, still answers."""
    q = "What is the affordable housing in-lieu fee per unit?"
    assert _choose(q, ["The City has collected approximately $543,000 from in-lieu fees."]) == []
    both = "The in-lieu fee is $25,000 per unit; the City has collected $543,000."
    assert _choose(q, [both]) == [both]
    assert _choose("How much does the city collect per ton at the transfer station?",
                   ["Tipping fees collected in 2023 totaled $2,556,260."]) == []
    assert _choose("What is the total monthly charge?", ["Total monthly charge: $45.00"]) == ["Total monthly charge: $45.00"]


def test_a_row_of_column_numbers_holds_no_values():
    """A state form numbers its columns under their names ("1 | 2 | 3 | ... | 10"): that row
    holds no amount or count (quote/lines._numbering_row); a row of figures that happen to
    start at 1 but do not count up by one still does."""
    header = "Project Identifier | Unit Types | Proposed Units | Total Approved Units | Notes"
    assert _choose("How many units were approved in total?", [header, "1 | 2 | 3 | 4 | 5"]) == []
    row = "Maple Court | 1 | 12 | 40 | 38"
    assert row in _choose("How many units were approved in total for Maple Court?", [header, row])


def test_a_calendar_s_month_and_day_is_a_date_and_a_fraction_is_not():
    """A school calendar writes its days without the year ("4/13-4/17 Spring Break", "6/17
    Last Day of School"): a date for a date asked; "1/2", "3/4 inch" and "7/8" are fractions."""
    assert holds("4/13-4/17 Spring Break", ("date", "time"))
    assert holds("6/17 Half-Day - Last Day of School", ("date",))
    for fraction in ("Pipe of 3/4 inch", "about 1/2 of the lots", "a 7/8 share", "open 24/7"):
        assert not holds(fraction, ("date",)), fraction
    q = "What are the dates of spring break 2026?"
    assert _choose(q, ["Spring Break", "4/13-4/17 Spring Break"])[0] == "4/13-4/17 Spring Break"


def test_a_page_s_update_stamp_dates_nothing_it_tells():
    """"Updated Jan 01, 2026" is when the page was made (kinds._STAMPED): no date of an event
    on it, unless the question asks when it was updated."""
    stamp = "Updated Jan 01, 2026|Calendar subject to change"
    assert _choose("When is spring break 2026 on the calendar?", [stamp]) == []
    assert _choose("When was the calendar last updated?", [stamp]) == [stamp]
    assert not holds("Last revised: 3/2/2024", ("date",))
    assert holds("Revised budget adopted March 2, 2024", ("date",))


def test_a_line_asking_a_question_holds_no_answer():
    """A FAQ's heading asks what the lines under it answer: "Doesn't Maine pay for 55% of
    Education Costs?" holds no share (quote/lines._ASKING); the answer under it does."""
    ask = "### Doesn't Maine pay for 55% of Education Costs?"
    answer = "State share is 22.86% of this for FY27"
    q = "What share of education costs does Maine pay?"
    assert _choose(q, [ask]) == []
    assert _choose(q, [ask, answer])[0] == answer


def test_money_asked_by_its_name_is_a_sum_not_a_share():
    """"How much new money does the agreement cost" asks a sum of money: "a 1% increase" is
    no answer; "approximately $30,000" is."""
    assert asked("Roughly how much new money does the 2015 agreement cost the district?") == ("amount", "rate")
    assert asked("How much funding did the library receive?") == ("amount", "rate")
    q = "Roughly how much new money does the 2015 agreement cost the district?"
    share = "The agreement includes a 1% increase in the existing salary schedule."
    assert _choose(q, [share]) == []
    cost = "The agreement will cost the district approximately $30,000 in new money."
    assert _choose(q, [share, cost])[0] == cost


def test_a_total_by_a_period_is_no_rate_by_another():
    """"The total annual dollar amount of the contract" asks a sum by the year: "a beginning
    wage of $13 per hour" is a rate by another period (quote/lines._PER_ASKED reads "annual
    ... amount"); a yearly sum answers."""
    q = "What is the total annual dollar amount of the custodial contract?"
    assert _choose(q, ["The custodial contract sets a beginning wage of $13 per hour."]) == []
    year = "The custodial contract is $1,240,000 per year."
    assert _choose(q, [year]) == [year]


def test_a_score_asked_is_a_figure_and_an_application_s_number_no_rate():
    """"What inspection score counts as failing" asks a figure: a line with none gives no
    answer. "107193/FUL/22" is an application's number, no rate "per FUL" for a fee asked."""
    assert "figure" in asked("What inspection score counts as a failing grade for a restaurant?")
    assert _choose("What inspection score counts as a failing grade for a restaurant?",
                   ["- a bad routine score can make a restaurant eligible to be ranked on that score"]) == []
    q = "What planning fee did the council charge for application 107193/FUL/22?"
    assert _choose(q, ["Text: Application Number: 107193/FUL/22"]) == []
    assert holds("a fee of 45/hour", ("rate",))


def test_a_number_modifying_another_noun_or_naming_grades_counts_nothing_asked():
    """"the 7-county Twin Cities region" counts no hospitalizations, and "grades 5, 8, 9 and
    11" name grades (kinds._MODIFIER, kinds._LABELS); "a 5-member board" still counts members
    and "42 3-bedroom units" counts 42 units."""
    assert _choose("How many of the flu hospitalizations were in the metro region?",
                   ["Hospitalized inpatients who reside in the 7-county Twin Cities metro region"]) == []
    assert _choose("How many students took the student survey?",
                   ["The student survey is given every three years to students in grades 5, 8, 9 and 11."]) == []
    board = "The commission is a 5-member board appointed by the council."
    assert _choose("How many members sit on the commission's board?", [board]) == [board]
    units = "The project built 42 3-bedroom units."
    assert _choose("How many units did the project build?", [units]) == [units]
    size = "The developer proposes a 40-unit apartment building on the site."
    assert _choose("How many apartments does the developer propose?", [size]) == [size]


def test_the_read_through_s_cases_of_the_thirty_fifth_pass():
    """A helper's read-through of the new rules: a sum taken in still answers a sum by its
    period; a stamp word after a subject is the event's own date; a statement closing on a
    question still answers; a fraction or a thing's number is no date."""
    taken = "The contract totaled $1,240,000 for FY2025."
    assert _choose("What is the annual amount of the custodial contract?", [taken]) == [taken]
    fines = "Parking fines collected in FY2024 totaled $1,245,300."
    assert _choose("What is the total annual amount of parking fines collected?", [fines]) == [fines]
    moved = "Meeting date updated: March 16, 2026"
    assert _choose("When is the next board meeting?", [moved]) == [moved]
    assert holds("The board approved the calendar as revised on March 3, 2025.", ("date",))
    assert holds("Policy adopted 6/1/2010; revised 4/15/2023", ("date",), ["amend", "polici"])
    for line in ("The application fee is $50. Questions?", "The tax rate is 1.2%; how does that compare?"):
        assert holds(line, ("amount", "rate", "percentage")) and not _ASKING.search(line), line
    assert _ASKING.search("Q: Is the fee $25?") and _ASKING.search("### Doesn't Maine pay for 55% of costs?")
    for line in ("requires a 4/5 vote", "5/16 inch", "Grades 5/6", "FY 12/13 budget", "Motion carried 5/2",
                 "Page 3/12", "1 1/2 hours"):
        assert not holds(line, ("date",)), line
    assert holds("1/5 Classes Resume", ("date",))
    assert holds("a fee of 0.58/mile/vehicle", ("rate",))
    assert _choose("What is the planning fee for application 22/00123/FUL?",
                   ["Application Number: 22/00123/FUL"]) == []
    assert asked("How much federal grant money did the district receive?") == ("amount", "rate")


def test_the_made_up_folders_cases_of_the_thirty_fifth_pass():
    """A helper's review on made-up folders: a slope's "1/12 grade" is no date; a change of
    funding may be a share; "what scores" asks which; "annual" two words before "penalty"
    is the registration's, no period asked."""
    assert not holds("Bleacher ramps slope at 1/12 grade", ("date",))
    assert "percentage" in asked("How much federal funding did the district lose?")
    assert "figure" not in asked("What scores are reported to families?")
    assert _PERIOD_SUM.search("What is the annual rental registration penalty amount?") is None
    assert _PERIOD_SUM.search("What is the total annual dollar amount of the contract?")
