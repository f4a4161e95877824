"""A table's bare figures are measures of the unit its header names, when the question asks
for that unit by its word (kinds.unit_rows): "how many tons of municipal solid waste ..."
under "Material  Tons This Month  Tons Last Month  Change". A text table, as a PDF or a
plain report prints it, on the real readers and index."""
from conftest import ask_words, quoted

from engine.kinds import unit_rows
from engine.terms import content_terms

REPORT = """Riverside County Landfill Monthly Report, August 2024

Material                 Tons This Month   Tons Last Month   Change
Municipal solid waste    4,812             4,650             3.5%
Contaminated soil        1,205             1,390             -13.3%
Construction debris      2,340             2,210             5.9%
"""


def test_the_row_under_a_header_naming_tons_answers(tmp_path):
    (a,) = ask_words(tmp_path / "tons", {"landfill_report_2024-08.txt": REPORT},
                     "How many tons of contaminated soil came in this month?")
    assert quoted(a) == ["Contaminated soil        1,205             1,390             -13.3%"], (quoted(a), a.refusal)


def test_without_the_rule_the_row_is_no_measure(tmp_path, monkeypatch):
    import engine.quote.lines as lines
    import engine.rerank as rerank
    monkeypatch.setattr(lines, "unit_rows", lambda texts, kinds, qterms: set())
    monkeypatch.setattr(rerank, "unit_rows", lambda texts, kinds, qterms: set())
    (a,) = ask_words(tmp_path / "off", {"landfill_report_2024-08.txt": REPORT},
                     "How many tons of contaminated soil came in this month?")
    assert not a.citations and a.refusal.reason == "no_answer_kind", (quoted(a), a.refusal)


def test_only_the_unit_asked_and_only_the_rows_under_it():
    lines = REPORT.splitlines()
    tons = content_terms("How many tons of contaminated soil came in this month?")
    assert unit_rows(lines, ("measure",), tons) == {3, 4, 5}
    gallons = content_terms("How many gallons of leachate were hauled?")
    assert unit_rows(lines, ("measure",), gallons) == set()  # the header names no gallons
    assert unit_rows(lines, ("amount", "rate"), tons) == set()  # no measure asked
    stacked = ["Tons received", "4,812", "Notes on the scale house", "1,205"]
    assert unit_rows(stacked, ("measure",), tons) == {1}  # a line without a figure ends the table
