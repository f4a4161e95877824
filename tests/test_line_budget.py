"""How many lines each citation may quote (quote/lines.py line_budget), shared by the quoter
and the calibration sweep: three lines and two citations are the ceiling."""
from engine.quote.lines import line_budget


def test_the_winner_alone_quotes_max_lines_and_leaves_the_rest_to_the_runner_up():
    assert line_budget(3, False) == 3
    assert line_budget(3, True) == 2 and line_budget(3, True, winner_quoted=2) == 1
    assert line_budget(3, True, winner_quoted=1) == 2 and line_budget(3, True, winner_quoted=3) == 1


def test_one_line_goes_to_the_winner_and_to_the_runner_up_only_when_the_winner_quoted_none():
    assert line_budget(1, True) == 1
    assert line_budget(1, True, winner_quoted=1) == 0
    assert line_budget(1, True, winner_quoted=0) == 1
