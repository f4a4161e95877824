"""A date after a preposition is read whole ("by May 31, 2024", not "by May" and a bare
year: kinds._DETECT), so a deadline's line holds a date where the question names the
month and year of its notice. Made-up lines through the kind detector, and a made-up
violation notice through the real readers and index (words arm)."""
from conftest import ask_words, quoted

from engine.kinds import asked, holds
from engine.terms import question_terms


def test_a_date_after_a_preposition_is_read_whole():
    q = "What was the deadline to respond to the violation notice of May 2024?"
    kinds, qterms = asked(q), question_terms(q)
    assert holds("submit a written response to this Violation Notice by May 31, 2024.", kinds, qterms)
    # the question's own month and year alone are no date it asks for
    assert not holds("The notice was issued in May 2024.", kinds, qterms)
    assert holds("Comments are due by June.", asked("When are comments due?"), question_terms("When are comments due?"))


NOTICE = """Department of Environmental Quality
Air Quality Division

VIOLATION NOTICE

Dear Plant Manager:

On April 2, 2024 staff observed visible emissions from the flare at the landfill gas plant.
The observed opacity exceeded the limit in the renewable operating permit.

Please respond in writing to this Violation Notice by May 31, 2024, identifying the actions
the company will take to correct the cited violations.

Sincerely,
Jane Doe, Environmental Engineer
"""


def test_the_deadline_in_a_notice_named_by_its_month(tmp_path):
    (a,) = ask_words(tmp_path, {"violation_notice_ridgeview_energy_2024-05-10.txt": NOTICE},
                     "What was the deadline for Ridgeview Energy to respond to the violation notice of May 2024?")
    assert a.answered and any("May 31, 2024" in t for t in quoted(a)), (quoted(a), a.refusal)
