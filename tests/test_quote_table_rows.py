"""A table row is labelled by its own cells and its header row, not by the row above it
(quote/lines.py _unit): a header row whose "value" was the first data row under it led the
quote with another row's figures."""
from conftest import choose as _choose


BUDGET = ["Department | FY2024 | FY2025", "Fire | $4,100,000 | $4,300,000",
          "Parks | $1,000,000 | $1,100,000", "Police | $6,200,000 | $6,500,000"]
SALARIES = ["Year 2 Effective July 1, 2019 | Minimum | Increment", "Assistant Professor | $ 70,000 | $ 2600",
            "Associate Professor | $ 85,000 | $ 2600", "Professor | $ 100,000 | $ 2600"]


def test_the_row_asked_for_is_quoted_not_the_first_row_under_the_header():
    got = _choose("What is the police department budget for FY2025?", BUDGET, limit=2)
    assert "Police | $6,200,000 | $6,500,000" in got and "Fire | $4,100,000 | $4,300,000" not in got


def test_a_sibling_row_does_not_come_along_with_the_header():
    got = _choose("What was the minimum salary for an associate professor in 2019?", SALARIES, limit=2)
    assert got == [SALARIES[0], "Associate Professor | $ 85,000 | $ 2600"]
