"""A sentence left open leads into the value its next line gives under a label
(quote/lines._leads_in): the line holding the value answers by the words of the sentence
over it, as a wrapped sentence's second line does. Made-up licensing minutes on the real
readers and index."""
from conftest import ask_words, quoted

MINUTES = """Licensing Board Voting Minutes, Wednesday, March 8, 2023

1. Harbor Diner LLC, 12 Wharf Street
Holder of a Common Victualler License has petitioned to amend the closing hour of the licensed business
From: 10:00AM to 11:00 PM. To: 10:00AM to 2:00AM.
Granted

2. Elm Street Bakery, 40 Elm Street
Holder of a Common Victualler License has petitioned to transfer the license to a new manager.
Granted
"""
Q = "What later closing hour did the licensing board approve for the Harbor Diner?"


def test_the_value_under_the_open_sentence_answers(tmp_path):
    (a,) = ask_words(tmp_path / "on", {"licensing_minutes_2023-03-08.txt": MINUTES}, Q)
    assert "From: 10:00AM to 11:00 PM. To: 10:00AM to 2:00AM." in quoted(a), (quoted(a), a.refusal)


def test_without_the_rule_the_value_is_refused(tmp_path, monkeypatch):
    import engine.quote.lines as lines
    monkeypatch.setattr(lines, "_leads_in", lambda line, held, value, nxt: False)
    (a,) = ask_words(tmp_path / "off", {"licensing_minutes_2023-03-08.txt": MINUTES}, Q)
    assert not a.citations and a.refusal.reason == "no_answer_kind", (quoted(a), a.refusal)


def test_a_sentence_that_ends_leads_into_nothing():
    from engine.quote.lines import _leads_in
    value = "From: 10:00AM to 11:00 PM. To: 10:00AM to 2:00AM."
    assert _leads_in("Holder of a license has petitioned to amend the closing hour of the business", False, True, value)
    assert not _leads_in("Holder of a license has petitioned to amend the closing hour.", False, True, value)
    assert not _leads_in("Closing Hours", False, True, value)  # a heading, no running text
    assert not _leads_in("The business closes at 11:00 PM under its license and the board", True, True, value)
    # a line of its own below, no label opening it: read alone
    assert not _leads_in("The council heard reports from the following staff members and thanked",
                         False, True, "1. Parks Director Maria Lopez")
