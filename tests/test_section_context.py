"""A section numbered by levels ("6.1.1.1.1 Residential Service", as tariffs, codes and
specifications number theirs) is a heading, and stays the context of the passages under it
though plain headings inside it ("MONTHLY RATE") open their own (chunk.section_heading,
chunk._PlainContext). Before, a decimal number read as a figure, so "6.1.1.1.1 Residential
Service" was no heading at all; and the one heading in force was the last plain one, so the
Customer Charge row under "MONTHLY RATE" never matched "residential", and a lighting
service's "$1.53 per Month" answered "oncor residential delivery customer charge per month"."""
import pytest
from conftest import ask_words, quoted

from engine.chunk import chunk, section_heading
from engine.config import Config
from engine.types import Line


@pytest.mark.parametrize("text, heading", [
    ("6.1.1.1.1 Residential Service", True),
    ("6.1.1.1.2 Secondary Service Less Than or Equal to 10 kW", True),
    ("3.2 Permit Fees", True),
    ("3.2 Fees 2024", True),
    ("10.4 Water", False),  # a decimal before its row's label
    ("1.2 Water 1,234 5.6", False),  # a row's figures
    ("1.2 Water Rates 12 13", False),
    ("2.1 The city shall pay the fee on demand.", False),  # a sentence
    ("6.1.1 Delivery System Charges Sheet: 1.1", False),  # a label and its value
    ("7.1 Connection Fees 9", False),  # a contents page's entry (a review)
    ("1.5 Inch Meter", False),  # a meter's size
])
def test_a_section_heading_is_numbered_by_levels(text, heading):
    assert section_heading(text) is heading


def _tariff() -> list[Line]:
    rows = ["6.1.1.1.1 Residential Service", "AVAILABILITY",
            "This schedule is applicable to Delivery Service for residential purposes of a "
            "permanent nature to Individual Private Dwellings and to individually metered apartments.",
            "MONTHLY RATE", "Customer Charge $0.90 per Retail Customer",
            "Metering Charge $2.52 per Retail Customer",
            "6.1.1.1.2 Secondary Service Less Than or Equal to 10 kW", "MONTHLY RATE",
            "Customer Charge $2.05 per Retail Customer"]
    return [Line(t, f"p1:L{i}", "p1", i) for i, t in enumerate(rows, 1)]


def test_the_section_stays_the_context_under_its_plain_headings():
    ps = chunk(_tariff(), "h", Config())
    residential = next(p for p in ps if "$0.90" in p.text)
    assert "6.1.1.1.1 Residential Service" in residential.context
    assert "MONTHLY RATE" in residential.text or "MONTHLY RATE" in residential.context
    secondary = next(p for p in ps if "$2.05" in p.text)
    assert "Residential" not in secondary.context  # the next section ends it
    assert "6.1.1.1.2 Secondary Service" in secondary.text + secondary.context


TARIFF = "\n".join(ln.text for ln in _tariff()) + "\n"


def test_a_rate_row_answers_by_its_section(tmp_path):
    (a,) = ask_words(tmp_path / "t", {"delivery_tariff.txt": TARIFF},
                     "residential delivery customer charge per month")
    assert quoted(a) and "$0.90" in quoted(a)[0], (quoted(a), a.refusal)


def test_a_section_run_into_its_text_ends_the_one_before():
    toc = ["CONTENTS", "9.010 Bonds or Cash Deposits", "9.020 Penalties and Abatement",
           "9.030 Fees and System Development Charges"]
    body = ["Section 1.010. Title. This ordinance shall be known as the Development Ordinance of the "
            "city, and it governs every use of land within the city limits, every division of land, "
            "and every structure built, moved or altered after the date it takes effect.",
            "Section 8.170. Notice of Appeal. Notice of appeal shall contain the following, and any "
            "violation of a permit is an offense punishable by fine not to exceed $1,500.00."]
    lines = [Line(t, f"p1:L{i}", "p1", i) for i, t in enumerate(toc, 1)]
    lines += [Line(t, f"p2:L{i}", "p2", 3 * i) for i, t in enumerate(body, 1)]  # a blank line between
    ps = chunk(lines, "h", Config())
    appeal = next(p for p in ps if "$1,500.00" in p.text)
    assert appeal.text.startswith("Section 8.170") and "9.030" not in appeal.context  # the contents' last entry


def test_a_wrapped_value_opening_on_a_decimal_ends_no_section():
    rows = ["6.1.1.1.1 Residential Service", "MONTHLY RATE", "The customer charge is",
            "12.50 per month for each meter, and the energy charge applies",
            "BILLING", "Bills are due monthly and carry a customer charge as above."]
    lines = [Line(t, f"p1:L{i}", "p1", 3 * i) for i, t in enumerate(rows, 1)]
    last = chunk(lines, "h", Config())[-1]
    assert "6.1.1.1.1 Residential Service" in last.context + last.text
