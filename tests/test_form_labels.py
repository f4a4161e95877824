"""A notice's form labels its values by the kind itself ("TIME: 4:30 P.M.", "LOCATION: Town
Hall"): the labelled line answers the question asking for that kind where the passage names
the question's subject, though the line shares no other word with the question
(quote/lines._form_label). A made-up notice on the real readers and index."""
from conftest import ask_words, quoted

from engine.quote.lines import _form_label

NOTICE = """NOTICE OF PUBLIC HEARING
Pine Lake Improvement Board

DATE:     Wednesday, September 3, 2025
TIME:     4:30 P.M.
LOCATION: Alder County Courthouse, 300 Walnut Street

A special assessment roll for the Pine Lake level control project is on file for public
examination at the Alder County Clerk's Office and will be reviewed at a public hearing on
the above date, time and location. Written objections may be filed before the hearing.
"""
OTHER = """Alder County Fair Board
The fair board approved the new grandstand paint colors and the ticket booth design.
The grandstand seats 1,200 people.
"""
Q = "What time does the Pine Lake lake-level assessment hearing start?"


def _ask(tmp_path, q):
    (a,) = ask_words(tmp_path, {"pine_lake_hearing_notice_2025.txt": NOTICE, "fair_board.txt": OTHER}, q)
    return a


def test_the_forms_time_answers_when_the_hearing_starts(tmp_path):
    a = _ask(tmp_path / "on", Q)
    assert quoted(a)[:1] == ["TIME:     4:30 P.M."], (quoted(a), a.refusal)


def test_without_the_rule_the_time_is_refused(tmp_path, monkeypatch):
    import engine.quote.lines as lines
    monkeypatch.setattr(lines, "_form_label", lambda text, kinds: False)
    a = _ask(tmp_path / "off", Q)
    assert not a.citations and a.refusal.reason == "no_answer_kind", (quoted(a), a.refusal)


def test_a_subject_the_notice_does_not_name_gets_no_time(tmp_path):
    a = _ask(tmp_path / "cedar", "What time does the Cedar Lake lake-level assessment hearing start?")
    assert "TIME:     4:30 P.M." not in quoted(a), quoted(a)


def test_the_label_must_be_the_kind_asked():
    assert _form_label("TIME: 4:30 P.M.", ("time",)) and _form_label("  When: June 3 at noon", ("date", "time"))
    assert _form_label("LOCATION: Town Hall", ("place",)) and _form_label("Venue: Town Hall", ("place",))
    assert not _form_label("TIME: 4:30 P.M.", ("place",))
    assert not _form_label("The time: 4:30 P.M.", ("time",))  # a sentence, not a form's label
    assert not _form_label("TIME:", ("time",))  # a label without its value
