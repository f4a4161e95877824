"""May, the month, is a sibling of the other months (quote/lines._MAY): "may" is a stop word,
so no text's terms hold it, and a row of April answered a question on May 2022's figure
while April's question took May's row. Read from the words beside it: a figure before or
after it, or a table's cell alone; the verb ("revenue may be 3 percent higher") is none."""
from conftest import ask_words, quoted

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
