"""A ledger's row of another month is no answer for a question on a month of a year
(quote/lines._other_dated_row): "Delta Uniforms | 2024-02-10 | 500.00" for February 2023.
A row with a date of the asked month stands, read either way round ("09/01/2018" may be 9
January). Made-up ledgers through the real readers and index."""
from conftest import ask_words, quoted

from engine.quote.lines import _other_dated_row

LEDGER = """Vendor,Payment Date,Amount,Description
Delta Uniforms,2024-02-10,500.00,Uniform rental
Harbor Legal,2023-02-21,1200.00,Legal services
Acme Fuel,2023-02-14,300.00,Fuel
"""


def test_another_year_s_row_is_no_answer(tmp_path):
    (a,) = ask_words(tmp_path / "ledger", {"town_payments_register.csv": LEDGER},
                     "How much did the town pay Delta Uniforms in February 2023?")
    assert not any("Delta Uniforms" in line for line in quoted(a)), quoted(a)


def test_the_asked_month_s_row_answers(tmp_path):
    (a,) = ask_words(tmp_path / "ledger2", {"town_payments_register.csv": LEDGER},
                     "How much did the town pay Harbor Legal in February 2023?")
    assert quoted(a) and "Harbor Legal" in quoted(a)[0] and "1200.00" in quoted(a)[0], (quoted(a), a.refusal)


def test_without_the_rule_another_year_s_row_answers(tmp_path, monkeypatch):
    import engine.quote.lines as lines
    monkeypatch.setattr(lines, "_other_dated_row", lambda unit, question: None)
    (a,) = ask_words(tmp_path / "off", {"town_payments_register.csv": LEDGER},
                     "How much did the town pay Delta Uniforms in February 2023?")
    assert any("Delta Uniforms" in line for line in quoted(a)), (quoted(a), a.refusal)


def test_dates_read_either_way_and_words_for_the_year():
    q = "How much did the council pay Biffa in January 2018?"
    assert _other_dated_row("OCC | Tipping Charges | 09/01/2018 | 14547.82 | BIFFA", q) is None  # 9 January
    assert _other_dated_row("OCC | Tipping Charges | 09/15/2018 | 14547.82 | BIFFA", q) == ("September 2018", "January 2018")
    assert _other_dated_row("OCC | Tipping Charges | 2018-03-01 | 1.00 | FY2018", q) is None  # the year said
    assert _other_dated_row("OCC | Tipping Charges | 14547.82 | BIFFA", q) is None  # no date
    assert _other_dated_row("OCC | 2018-03-01 | 1.00", "When did the council pay Biffa in January 2018?") is None
