"""A figure in running text whose sentence names only other years than the question's is
that year's figure (quote/lines._another_year): "the peak year was 2017, when the towns
permitted 8,640 units" is no answer to how many they permitted in 2022. Made-up memos
through the real readers and index, and the rule on made-up lines."""
from conftest import ask_words, choose, quoted
from engine.quote.lines import _another_year, _years_said

MEMO = """RIVERBEND HOUSING COMPACT: PERMITTING MEMO

The Riverbend Housing Compact tracks the housing units its member towns permit each year.
The highest permitting year since 2015 was 2017, when the member towns permitted 8,640 units.
Annual totals fell from 2018 through 2020 and rose again after that.
In late 2022, the town of Ashby joined the compact; its figures will be included in future memos.
"""


def test_years_said():
    assert _years_said("the 2024-25 budget") == {"2024", "2025"}
    assert _years_said("since 2015 the peak was 2017") == {"2017"}
    assert _years_said("FY2019/20 results") == {"2019", "2020"}


def test_another_year_s_figure_in_running_text():
    q = "How many housing units did the member towns permit in 2022?"
    unit = "The highest permitting year since 2015 was 2017, when the member towns permitted 8,640 units."
    assert _another_year(unit, q, ()) == ("2017", "2022")
    # the question's year in the sentence: its figure may be that year's
    assert _another_year(unit + " In 2022 they permitted 7,010 units.", q, ()) is None
    # a document named by the question's year speaks of that year throughout
    assert _another_year("Revenue rose to $5.2 million, up from $4.1 million in 2021.",
                         "What was the city's revenue in 2022?", {"2022"}) is None
    # a question asking when: its year says what it asks about
    assert _another_year("The bridge reopened on May 3, 2021.", "When did the bridge built in 2019 reopen?", ()) is None
    # a table's row is read by its key (_other_year), not here
    assert _another_year("2017 | 8,640", q, ()) is None
    # over a span of years: a sentence naming years but not the span's first is one year's
    span = "How many units did the towns permit from 2015 through 2021?"
    assert _another_year("The trend reversed in 2021, when 8,084 units were permitted.", span, ()) == (
        "2021", "2015 through 2021")
    assert _another_year("From 2015-2021 the towns permitted 86,333 units.", span, ()) is None
    assert _another_year("In all, the towns permitted 86,333 units.", span, ()) is None
    # a span's second year is the question's
    assert _another_year("The 2021-22 levy raised $3.1 million.", "How much did the levy raise in 2022?", ()) is None


def test_the_other_year_s_figure_is_not_quoted(tmp_path):
    q = "How many housing units did the Riverbend member towns permit in 2022?"
    (a,) = ask_words(tmp_path, {"riverbend_permitting_memo.txt": MEMO}, q)
    assert not any("8,640" in t for t in quoted(a)), quoted(a)
    # asked of 2017, the line answers
    assert choose("How many housing units did the member towns permit in 2017?", MEMO.splitlines()[2:4])[0].startswith(
        "The highest permitting year since 2015 was 2017")
