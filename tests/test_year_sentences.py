"""A value whose sentence names only other years than the one asked is another year's
(quote/lines._other_years_only): "The highest permitting year since 2015 was 2017, when the
municipalities permitted 8,640 units" gives no count for 2022. Made-up memo on the real
readers and index."""
from conftest import ask_words, quoted

from engine.quote.lines import _other_years_only

MEMO = """Regional Housing Task Force Tracking Memo

The member municipalities permitted 86,333 net new housing units from 2015 through 2021.
The highest permitting year since 2015 was 2017, when the member municipalities permitted 8,640 units.
In 2021 the member municipalities permitted 7,210 units, most of them in multifamily buildings.
In late 2022 the city of Easton joined the task force; its permits will be counted in future reports.
"""


def test_a_count_of_another_year_is_no_answer(tmp_path):
    y2022, y2021 = ask_words(tmp_path, {"housing_task_force_memo.txt": MEMO},
                             "How many housing units did the task force municipalities permit in 2022?",
                             "How many housing units did the task force municipalities permit in 2021?")
    assert not y2022.answered, quoted(y2022)  # 86,333 is 2015-2021's, 8,640 is 2017's
    assert any("7,210 units" in t for t in quoted(y2021)), (quoted(y2021), y2021.refusal)


def test_only_sentences_holding_the_value_and_naming_a_year_count():
    texts = ["The highest permitting year since 2015 was 2017, when the towns permitted 8,640 units."]
    assert _other_years_only(texts, [0], ("count",), (), frozenset({"2022"}))
    assert not _other_years_only(texts, [0], ("count",), (), frozenset({"2017"}))
    # no year in the value's sentence: the year may be said before it
    assert not _other_years_only(["The towns permitted 8,640 units."], [0], ("count",), (), frozenset({"2022"}))
    # a span ending in the year asked
    assert not _other_years_only(["In 2021-22 the towns permitted 8,640 units."], [0], ("count",), (),
                                 frozenset({"2022"}))
    # a table's row keeps its own rule
    assert not _other_years_only(["2017 | 8,640 | units"], [0], ("count",), (), frozenset({"2022"}))


def test_a_span_left_open_may_run_to_the_year_asked():
    texts = ["Since 2015 the towns have permitted 8,640 units."]
    assert not _other_years_only(texts, [0], ("count",), (), frozenset({"2022"}))
    closed = ["From 2015 through 2021 the towns permitted 86,333 units."]
    assert _other_years_only(closed, [0], ("count",), (), frozenset({"2022"}))
