"""Other forms of a question's term (score.forms_held): a number of the same value, a fiscal
year written short or long, a street suffix spelt out or abbreviated, held by a passage that
writes the other form, for coverage and the names-and-numbers check alike."""
import pytest

from conftest import write
from engine import Engine
from engine.score import other_forms, _form_key


@pytest.mark.parametrize("asked, written", [
    ("25", "25.00"), ("1500", "1,500"), ("1,500.50", "1500.5"),
    ("2019-20", "2019-2020"), ("2019/20", "2019-20"),
    ("street", "st"), ("ave", "avenu"),  # stemmed, as question terms are
])
def test_a_term_meets_its_other_form(asked, written):
    assert _form_key(written) in other_forms(asked)


@pytest.mark.parametrize("asked, written", [
    ("25", "250"), ("25", "2.5"), ("007", "7"), ("2019-20", "2019-2021"), ("street", "road"),
    ("fee", "fees"),
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
