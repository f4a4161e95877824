"""May, the month, is a sibling of the other months (quote/lines._MAY) and a term of its own
(terms.MAY_MONTH): "may" is a stop word, so no text's terms held it, and a row of April
answered a question on May 2022's figure while April's question took May's row. Read from
the words beside it: a figure before or after it, or a table's cell alone; the verb
("revenue may be 3 percent higher") is none."""
from conftest import ask_words, choose, quoted

from engine.quote.lines import sibling
from engine.terms import content_terms


def _sib(unit: str, question: str):
    return sibling(unit, question, set(content_terms(question)))


def test_may_asked_and_april_given_is_another_month():
    q = "What was the sales tax revenue for May 2022?"
    assert _sib("April 2022 | 1,234,567", q) == ("april", "may")
    assert _sib("May 2022 | 1,234,567", q) is None


def test_april_asked_and_may_given_is_another_month():
    q = "What was the sales tax revenue for April 2022?"
    assert _sib("May 2022 | 1,234,567", q) == ("may", "april")
    assert _sib("| May | 1,234,567 |", q) == ("may", "april")
    assert _sib("Receipts for 15 May 2022 were 3", q) == ("may", "april")


def test_the_verb_is_no_month():
    assert _sib("Revenue may be 3 percent higher", "What was the sales tax revenue for April 2022?") is None
    assert _sib("The board may approve 2 items", "What was the sales tax revenue for May 2022?") is None


TAX = """# Town of Elmwood monthly receipts

Sales tax receipts for April 2022: $412,300.

Sales tax receipts for June 2022: $455,120.
"""


def test_a_may_question_is_not_answered_by_april_s_row(tmp_path):
    (a,) = ask_words(tmp_path / "may", {"sales_tax_receipts_2022.md": TAX},
                     "How much sales tax did the town receive in May 2022?")
    assert not a.citations, quoted(a)  # before: April's and June's lines
    (b,) = ask_words(tmp_path / "april", {"sales_tax_receipts_2022.md": TAX},
                     "How much sales tax did the town receive in April 2022?")
    assert quoted(b) and "April 2022" in quoted(b)[0], (quoted(b), b.refusal)


def test_may_after_a_preposition_or_before_of_a_year():
    q = "How many main breaks were repaired in May?"
    assert _sib("January | 4 main breaks repaired", q) == ("january", "may")
    assert _sib("Main breaks repaired in January: 4", q) == ("january", "may")
    assert _sib("Main breaks repaired in May: 6", q) is None
    assert _sib("Complaints in April of 2023: 12", "How many complaints were there in May of 2023?") == ("april", "may")
    assert _sib("Crews may repair 6 breaks in April", "How many breaks in June?") == ("april", "june")
    assert _sib("Crews may repair breaks", "How many breaks in June?") is None  # the verb


def test_the_month_is_a_term_and_the_verb_is_not():
    assert "may" in content_terms("MAY 28")
    assert "may" in content_terms("regular meeting date may 2020")  # a search box, in lower case
    assert "may" in content_terms("Sales tax receipts for May 2022")
    assert "may" in content_terms("| Apr | May | Jun |")
    assert "may" not in content_terms("The council may approve the permit")
    assert "may" not in content_terms("May I park on the street?")
    assert "may" not in content_terms("Board May Approve Fees")
    assert "may" not in content_terms("the board may 2 times a year")  # lower case: a year only
    assert content_terms("May-23") == ["may-23", "may23"]  # joined to its figure: a term already
    # a review's: the month as documents also write it
    for text in ("May, 2023", "in late May", "mid-May", "by the end of May", "Early May"):
        assert "may" in content_terms(text), text


NOTICE = """# Elmwood Fire District

REGULAR MONTHLY MEETINGS TO BE HELD IN 2020

APRIL 2

MAY 28

JUNE 25

THE MEETING IS OPEN TO THE PUBLIC
"""


def test_a_search_box_s_month_finds_its_row(tmp_path):
    # before: "may" was no term, so the heading was quoted for the May meeting's date
    (a,) = ask_words(tmp_path / "may", {"meeting_notice_2020.md": NOTICE},
                     "elmwood fire district regular meeting date may 2020")
    assert quoted(a) and quoted(a)[0] == "MAY 28", (quoted(a), a.refusal)
    (b,) = ask_words(tmp_path / "july", {"meeting_notice_2020.md": NOTICE},
                     "elmwood fire district regular meeting date july 2020")
    assert not any("APRIL" in t or "MAY" in t or "JUNE" in t for t in quoted(b)), quoted(b)


ROLL = ["Attendance:",
        "Present -- Aldermen Moreno, Fioretti, Dowell, Burns, Hairston, Sawyer -- 6.",
        "Absent -- Aldermen Foulkes, Thomas -- 2."]


def test_which_aldermen_missed_is_answered_by_the_absent_line():
    # a deadline missed names no absence: the act is a meeting's (a review's)
    assert choose("Which contractor missed the filing deadline?",
                  ["Smith Paving Co. missed the March 1 filing deadline for its bid bond."])
    assert choose("which aldermen missed the council meeting?", ROLL)[:1] == [ROLL[2]]
    assert choose("which aldermen were absent from the council meeting?", ROLL)[:1] == [ROLL[2]]
    # the present line alone names no one who missed it
    assert choose("which aldermen missed the council meeting?", ROLL[:2]) == []


def test_the_month_names_a_document_s_date_and_is_shown_as_typed():
    from engine.score import MONTHS
    from engine.terms import document_dates, surface_forms
    q = "What was the winning bid on the Lake County pavement job in the May 2026 INDOT letting?"
    assert document_dates(q) == ("may", "2026")  # a letting's date names its tabulation's file
    assert MONTHS["may"] == 5
    assert surface_forms(q)["may"] == "may"  # not "mays", the form the tokenizer reads it by


BIDS = "\n".join(f"Contract R-{n} | PAVEMENT PATCHING | Low bidder: Paving Co {n} | ${n},100.00" for n in range(40, 70))


def test_a_tabulation_filed_by_its_letting_s_date_is_that_month_s(tmp_path):
    # the question's May 2026 is the file name's 2026-05-07 (score.named_by_document)
    files = {"bid_tabulation_letting_2026-05-07.txt": BIDS + "\nContract R-44001 | PAVEMENT REPLACEMENT | "
             "Low bidder: Milestone Contractors | $13,242,000.00\n",
             "bid_tabulation_letting_2026-04-09.txt": BIDS + "\nContract R-44001 | PAVEMENT REPLACEMENT | "
             "Low bidder: Rieth-Riley Construction | $14,808,992.78\n"}
    (a,) = ask_words(tmp_path, files, "What was the low bid on the pavement replacement contract R-44001 "
                                      "in the May 2026 letting?")
    assert quoted(a) and "$13,242,000.00" in quoted(a)[0], (quoted(a), a.refusal)
    assert not any("$14,808,992.78" in t for t in quoted(a)), quoted(a)  # April's letting is not May's


MOTION = ["Minutes of the regular meeting",
          "Motion to award the sidewalk replacement contract to Paving Co. carried.",
          "Present: Moreno, Fioretti, Dowell, Burns, Hairston",
          "Voting no: Burns, Hairston"]


def test_which_members_voted_no_is_read_as_who_voted_no():
    # "which" now reads the act as "who" does: a line naming people must name the "no" vote
    # (before: the motion's line was quoted, its firm taken for the members)
    got = choose("Which members voted no on the sidewalk replacement contract?", MOTION)
    assert not any("Motion" in t for t in got), got
