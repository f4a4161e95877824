"""A question about a table as a whole is answered by its total row (quote/totals.py): "How
many total votes did Whitfield get?" asks the sum over the precincts, not the first
precinct's row the passage holds. A made-up election workbook through the real readers and
index, and the rule on made-up lines."""
import dataclasses

import openpyxl

from engine import Engine
from engine.config import Config
from engine.quote.totals import asks_whole, total_row
from engine.types import Citation, QuotedLine

PRECINCTS = [("P1 Alder", 812, 640, 12), ("P2 Birch", 903, 701, 9), ("P3 Cedar", 655, 590, 14),
             ("P4 Dogwood", 1020, 877, 20), ("P5 Elm", 744, 512, 6), ("P6 Fir", 689, 603, 11),
             ("P7 Gum", 930, 845, 17), ("P8 Hazel", 577, 498, 8), ("P9 Ivy", 801, 720, 10),
             ("P10 Juniper", 866, 790, 15), ("P11 Kapok", 702, 611, 7), ("P12 Larch", 958, 880, 19),
             ("P13 Maple", 640, 555, 5), ("P14 Nutmeg", 771, 688, 13)]
TOTAL = tuple(sum(p[i] for p in PRECINCTS) for i in (1, 2, 3))


def workbook(path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sheriff"
    ws.append(["PINE COUNTY GENERAL ELECTION, NOVEMBER 5, 2024: COUNTY SHERIFF (Vote For 1)"])
    ws.append(["Precinct", "DANA WHITFIELD", "ROSS OKAFOR", "WRITE-IN"])
    for row in PRECINCTS:
        ws.append(list(row))
    ws.append(["Total:", *TOTAL])
    wb.save(path)


def ask(tmp_path, question, config=None):
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    if not (docs / "pine_county_election_results_2024-11-05.xlsx").exists():
        workbook(docs / "pine_county_election_results_2024-11-05.xlsx")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none", config=config) as eng:
        return eng.ask(question)


def texts(answer):
    return [ln.text for c in answer.citations for ln in c.lines]


def test_a_whole_is_asked():
    assert asks_whole("How many total votes did Whitfield get?")
    assert asks_whole("How many votes did Romney get countywide?")
    assert asks_whole("What did the county spend overall in 2023?")
    assert asks_whole("How many ballots were cast in all?")
    assert not asks_whole("How many votes did Whitfield get in the Cedar precinct?")


def test_the_total_row_answers_a_question_about_the_whole_table(tmp_path):
    question = "How many total votes did Dana Whitfield get for sheriff in Pine County?"
    a = ask(tmp_path, question)
    got = texts(a)
    assert a.answered and any(t.startswith("Total: | %d | %d | %d" % TOTAL) for t in got), got
    assert not any(t.startswith("P1 Alder") for t in got)
    # the rule off, a precinct's row is still no answer: the rows say no word of the question
    # by their own cells, fourteen alike under the header naming the candidate
    # (quote/lines._alike_rows); before that rule, "P1 Alder" was quoted beside the total
    off = ask(tmp_path, question, dataclasses.replace(Config(), total_rows=0))
    assert not any(t.startswith("P1 Alder") for t in texts(off)), texts(off)


def test_a_row_the_question_names_stays(tmp_path):
    a = ask(tmp_path, "How many total votes did Dana Whitfield get in the Cedar precinct?")
    got = texts(a)
    assert a.answered and any(t.startswith("P3 Cedar | 655") for t in got), got
    assert not any(t.startswith("Total:") for t in got)


def _citation(rows):
    lines = tuple(QuotedLine(text=t, locator=loc, score=1.0) for loc, t in rows)
    return Citation(doc_id="d", path="results.csv", locator="", score=2.0, coverage=1.0, lines=lines)


DOC = [(0, "row 1", "Precinct | Whitfield | Okafor"),
       (1, "row 2", "P1 Alder | 812 | 640"),
       (2, "row 3", "P2 Birch | 903 | 701"),
       (3, "row 4", "Sheriff results, continued"),
       (4, "row 5", "Precinct | Whitfield | Okafor"),
       (5, "row 6", "P3 Cedar | 655 | 590"),
       (6, "row 7", "Total: | 2370 | 1931")]


def _lines_of(doc):
    return lambda a, b: [ln for ln in doc if a <= ln[0] <= b]


def test_the_table_s_end_and_its_total_row():
    seq_of = {"row 1": 0, "row 2": 1}
    cit = _citation([("row 1", "Precinct | Whitfield | Okafor"), ("row 2", "P1 Alder | 812 | 640")])
    q = "How many total votes did Whitfield get?"
    terms = ("total", "vote", "whitfield")

    def swap(doc, holds=lambda t: True):
        got = total_row(cit, seq_of, _lines_of(doc), q, terms, holds)
        return [ln.text for ln in got.lines]

    # a section's heading and the header printed again at a page's top are passed over
    assert swap(DOC) == ["Precinct | Whitfield | Okafor", "Total: | 2370 | 1931"]
    assert total_row(cit, seq_of, _lines_of(DOC), q, terms, lambda t: True).locator == "rows 1-7"
    # a total row without the kind asked is no answer: the citation stays
    assert swap(DOC, lambda t: "Total" not in t) == [ln.text for ln in cit.lines]
    # the table ends at a line of text holding a figure, a blank row, or another table's header
    for end in [(3, "row 4", "Printed 11/06/2024, page 2"), (3, "row 9", "P3 Cedar | 655 | 590"),
                (3, "row 4", "Month | 2022 | 2023"), (3, "row 4", "Ward | Turnout | Notes")]:
        after = int(end[1].split()[1])
        doc = DOC[:3] + [end] + [(s, f"row {after + k}", t) for k, (s, _, t) in enumerate(DOC[4:], 1)]
        assert swap(doc) == [ln.text for ln in cit.lines], end
    # sections' subtotals and a grand total: the grand total; two totals and no grand: none
    funds = DOC[:3] + [(3, "row 4", "Total | 1715 | 1341"), (4, "row 5", "Enterprise Funds"),
                       (5, "row 6", "P3 Cedar | 655 | 590"), (6, "row 7", "Total | 655 | 590"),
                       (7, "row 8", "Grand Total | 2370 | 1931")]
    assert swap(funds)[-1] == "Grand Total | 2370 | 1931"
    assert swap(funds[:-1]) == [ln.text for ln in cit.lines]
