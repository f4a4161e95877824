"""A question's span of years ("2018-2020") is held by a passage writing the same span as two
dates in figures side by side ("01/01/2018 - 12/31/2020", a water report's compliance
period): score.date_spans_held. Another span ("01/01/2019 - 12/31/2020") holds it not. Real
readers and index (words arm)."""
from conftest import ask_words, quoted

INTRO = "\n".join(f"Section {n}. The Pine Ridge water system serves the ranch's homes from well {n}."
                  for n in range(1, 30))


def _report(period: str) -> str:
    return f"""Pine Ridge Water System Annual Quality Report
{INTRO}

Violation: DISINFECTION BYPRODUCTS FAILURE TO MONITOR AND/OR REPORT
Compliance period {period}
The system did not collect the required samples in the period and has since returned to compliance.
"""


Q = "Which water system violation did Pine Ridge have in 2018-2020?"


def test_a_span_of_dates_holds_the_span_of_years(tmp_path):
    a, = ask_words(tmp_path, {"pine_ridge_water_report.txt": _report("01/01/2018 - 12/31/2020")}, Q)
    assert a.answered and any("DISINFECTION BYPRODUCTS" in t for t in quoted(a)), (quoted(a), a.refusal)


def test_another_span_of_dates_holds_it_not(tmp_path):
    a, = ask_words(tmp_path, {"pine_ridge_water_report.txt": _report("01/01/2019 - 12/31/2020")}, Q)
    assert not a.answered and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)
