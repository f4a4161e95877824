"""A meeting's part by its name is no event (quote/lines._SESSION): "closed the open session
meeting at 7:02 p.m." ends the meeting and starts nothing, so it answers no question on when
the meeting started; "opened the closed session" starts the session, not the meeting
(_SESSION_OPENED), and answers only a question naming a session."""
from engine.quote.lines import _of_event

LINES = ["President Sarkovich closed the open session meeting at 7:02 p.m.",
         "President Sarkovich opened the closed session meeting at 7:10 p.m.",
         "President Sarkovich called the meeting to order at 6:30 p.m.",
         "The board went into executive session at 8:15 p.m."]


def test_a_session_s_name_is_no_start():
    assert not _of_event(LINES, [0], "start")
    assert _of_event(LINES, [0], "end")


def test_starts_stay_starts():
    assert _of_event(LINES, [2], "start")
    assert _of_event(["The meeting was held at 6:00 p.m. in the district office."], [0], "start")  # no end's word


def test_a_session_s_own_start_is_no_start_of_the_meeting():
    # the cabinet's Fair Oaks minutes: the closed session opened at 7:10, the meeting at 6:30
    assert not _of_event(LINES, [1], "start") and not _of_event(LINES, [1], "end")
    assert not _of_event(LINES, [3], "start")
    # asked of the session itself, it is the session's start
    assert _of_event(LINES, [1], "start", sessions=True) and _of_event(LINES, [3], "start", sessions=True)
    # a meeting called to order before its closed session still starts the meeting
    assert _of_event(["The meeting was called to order at 6:30 p.m.; the board then met in closed session."],
                     [0], "start")


def test_an_advisory_lifted_is_an_end():
    from engine.quote.lines import _event
    from engine.terms import content_terms
    assert _event(content_terms("When was the boil water advisory lifted?")) == "end"
    issued = ["Paintsville Utilities has issued a boil water advisory on April 12, 2020 at 3:00 p.m."]
    lifted = ["The boil water advisory was lifted on April 14, 2020 at 10:00 a.m."]
    assert not _of_event(issued, [0], "end") and _of_event(lifted, [0], "end")


def test_the_next_meeting_s_day_written_day_first():
    from engine.quote.lines import _next_meeting_only
    q = "What did the parish council decide at its 16 January 2013 meeting?"
    assert _next_meeting_only("The next meeting will be on Wednesday 16 January 2013 commencing at 7.30pm", q) \
        == ("the next meeting", "16 January")
    assert _next_meeting_only("At its meeting on 16 January 2013 the council approved the grant", q) is None
    assert _next_meeting_only("Next regular meeting June 09", "What was decided at the June 9 meeting?") \
        == ("the next meeting", "June 09")


def test_a_session_the_question_names_is_its_event():
    from engine.quote.lines import _SESSION_ASKED
    lines = ["The closed session was called to order at 5:30 p.m.", "The closed session ended at 6:40 p.m."]
    assert _SESSION_ASKED == "session"
    assert _of_event(lines, [0], "start", sessions=True) and not _of_event(lines, [1], "start", sessions=True)


def test_a_cancelled_advisory_is_an_end():
    assert _of_event(["The boil water advisory was cancelled at 11:00 a.m. on June 4, 2021."], [0], "end")
