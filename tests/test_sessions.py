"""A meeting's part by its name is no event (quote/lines._SESSION): "closed the open session
meeting at 7:02 p.m." ends the meeting and starts nothing, so it answers no question on when
the meeting started; "opened the closed session" still starts something."""
from engine.quote.lines import _of_event

LINES = ["President Sarkovich closed the open session meeting at 7:02 p.m.",
         "President Sarkovich opened the closed session meeting at 7:10 p.m.",
         "President Sarkovich called the meeting to order at 6:30 p.m.",
         "The board went into executive session at 8:15 p.m."]


def test_a_session_s_name_is_no_start():
    assert not _of_event(LINES, [0], "start")
    assert _of_event(LINES, [0], "end")


def test_starts_stay_starts():
    assert _of_event(LINES, [1], "start") and not _of_event(LINES, [1], "end")
    assert _of_event(LINES, [2], "start")
    assert _of_event(LINES, [3], "start")  # no end's word: read as a start, as before
