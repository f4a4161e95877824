"""A line naming the next meeting answers a question asking when a body meets after a date
that closes it (quote/lines._asks_next_meeting, _NEXT_SAID): "Next Meeting 12 November 2025"
for "When was the board due to meet again after its October 2025 meeting?", whose other
words are the document's own (the body, "meeting") and the bound's. Made-up minutes through
the real readers and index (words arm), with the rule turned off too."""
from conftest import ask_words, quoted

import engine.quote.lines as lines

MINUTES = """Pine Township Board
Regular Meeting Minutes
8 October 2025

Call to order: Supervisor Lee called the meeting to order at 7:00 pm. Present: Lee, Fischer, Ortiz, Banks, Hale.
Minutes: The minutes of the 10 September 2025 meeting were approved as presented. Motion by Ortiz 2nd by Banks.
Roads: The road commission will grade Cedar Lane and Birch Road before the first snowfall.
Cemetery: The board reviewed bids for mowing the township cemetery and tabled the item.
Treasurer: The treasurer reported the general fund balance and the bills were approved for payment.
Public comment: Two residents asked about brush pickup; the supervisor will post the dates.
Adjournment: Next Meeting 12 November 2025. Motion by Lee 2nd by Fischer Yay 5 nay 0
"""
FILES = {"pine_township_board_meeting_minutes_2025-10-08.txt": MINUTES}
ASK = "When was the Pine Township board due to meet again after its {} meeting?"


def test_the_next_meeting_s_line_answers(tmp_path):
    after_october, after_november = ask_words(tmp_path, FILES, ASK.format("October 2025"), ASK.format("November 2025"))
    assert after_october.answered and any("12 November 2025" in t for t in quoted(after_october)), \
        (quoted(after_october), after_october.refusal)
    # the next meeting's date is no later than a November bound: refused (_not_after)
    assert not any("12 November 2025" in t for t in quoted(after_november)), quoted(after_november)


def test_without_the_rule_it_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(lines, "_asks_next_meeting", lambda question, kinds: False)
    (a,) = ask_words(tmp_path, FILES, ASK.format("October 2025"))
    assert not any("12 November 2025" in t for t in quoted(a)), quoted(a)


def test_which_questions_ask_the_next_meeting():
    kinds = ("date", "time")
    assert lines._asks_next_meeting("When is the commission meeting again after its November 9, 2023 session?", kinds)
    assert lines._asks_next_meeting("when is the board meeting after december 2022", kinds)
    assert not lines._asks_next_meeting("What time did the board meeting in December 2022 start?", kinds)
    assert not lines._asks_next_meeting("When is the meeting after December 2022?", ("amount",))
