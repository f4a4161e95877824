"""A row a PDF's text split in two, its label alone on a line over its figures, is read as
one row (quote/lines._labels_figures): the label is quoted with the figures it names, and a
sibling label ("August" for July) tells the figures apart. Made-up monthly report on the real
readers and index."""
from conftest import ask_words, quoted

from engine.quote.lines import _labels_figures

REPORT = """Citywide Police Overtime Report 2017
Overtime earned by month, in dollars and hours

MONEY  TIME  TOTAL ACT HRS  TOTAL CRED HRS  TOTAL AMT
July
 230,999.75  31,622.25  267,606.75  391,098.49  17,475,831.93
MONEY  TIME  TOTAL ACT HRS  TOTAL CRED HRS  TOTAL AMT
August
 190,886.75  33,699.25  228,860.25  335,429.66  14,898,974.84
"""


def test_the_month_is_quoted_with_its_figures(tmp_path):
    july, august = ask_words(tmp_path, {"police_overtime_report_2017.txt": REPORT},
                             "Police overtime dollars in July 2017",
                             "Police overtime dollars in August 2017")
    row = " 230,999.75  31,622.25  267,606.75  391,098.49  17,475,831.93"
    q = quoted(july)
    assert "July" in q and row in q and q.index(row) == q.index("July") + 1, (q, july.refusal)
    assert "August" in quoted(august) and not any("230,999.75" in t for t in quoted(august)), quoted(august)


def test_only_a_short_label_over_figures_alone():
    figures = " 230,999.75  31,622.25  17,475,831.93"
    assert _labels_figures("July", figures) and _labels_figures("Fire Department", figures)
    assert not _labels_figures("Overtime earned by month, in dollars and hours", figures)  # no label
    assert not _labels_figures("FY 2017", figures)  # a figure of its own: a header
    assert not _labels_figures("July", "Total 230,999.75 31,622.25")  # the row names itself
    assert not _labels_figures("July", "230,999.75")  # one figure: no row
