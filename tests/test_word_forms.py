"""Two readings of a line's words the stemmer and a regular expression had wrong: a
Latin-rooted noun speaks of its verb in the question ("response" of "respond":
terms.ROOTS), and a date after a preposition is read whole ("by May 31, 2024", not
"by May" and a bare year: kinds._DETECT), so a deadline's line holds a date where the
question names the month and year of its notice. Made-up lines through the quote's rules
and the kind detector, and a made-up violation notice through the real readers and index
(words arm)."""
from conftest import ask_words, quoted

from engine.kinds import asked, holds
from engine.quote.lines import _root, about
from engine.terms import content_terms, question_terms


def test_a_noun_stem_as_its_verb_s():
    pairs = [("response", "respond"), ("expense", "expend"), ("extension", "extend"),
             ("expansion", "expand"), ("decision", "decide"), ("provision", "provide"),
             ("conclusion", "conclude"), ("description", "describe"), ("consumption", "consume"),
             ("reduction", "reduce"), ("acquisition", "acquire")]
    for noun, verb in pairs:
        (n,), (v,) = content_terms(noun), content_terms(verb)
        assert _root(n) == _root(v), (noun, verb, _root(n), _root(v))
    # bodies, documents and others' deadlines stay apart from the acts (a review's folders)
    for noun, verb in [("commission", "commit"), ("permission", "permit"), ("submission", "submit"),
                       ("resolution", "resolve")]:
        (n,), (v,) = content_terms(noun), content_terms(verb)
        assert _root(n) != _root(v), (noun, verb)
    (n,), (v,) = content_terms("requisition"), content_terms("require")  # a purchase's form, no requirement
    assert _root(n) != _root(v)
    assert _root("miss") == "miss"


def test_a_line_saying_the_noun_speaks_of_the_verb():
    asked = frozenset(question_terms("What was the deadline to respond?")) - {"deadlin"}
    assert about("Please submit a written response to this notice by May 31, 2024.", asked)
    assert not about("The hearing was continued to May 31, 2024.", asked)


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


def test_a_unit_s_symbol_holds_its_name():
    """"sq ft" in a question is held by a passage's "square feet", and "per hour" by "/hr"
    (score._UNITS, read by forms_held for coverage and the names check): a search-box query
    writes units short, a fee schedule writes them out, or the other way round."""
    from conftest import ask_words, quoted
    from engine.score import other_forms
    assert other_forms("sq") == {"squar"} and "feet" in other_forms("ft") and "hr" in other_forms("hour")
    fees = {"stormwater_fees.txt": "Monthly stormwater fees\n"
            "Single-family properties under 2,000 square feet will pay $3.10 per month.\n"
            "Single-family properties from 2001-4000 square feet will pay $4.70 per month.\n"
            "Single-family properties over 4,000 square feet will pay $6.30 per month.\n"}
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        (a,) = ask_words(Path(d), fees, "stormwater fee house 2001-4000 sq ft per month")
    assert a.answered and any("$4.70" in t for t in quoted(a)), (quoted(a), a.refusal)


def test_a_row_labelled_by_the_noun_answers_the_verb_s_question():
    # a sheet's "date of acquisition" row answers when the greens were acquired, the greens
    # and the council being the names the document goes by (topic: the word left to say)
    from engine.config import Config
    from engine.quote import choose_lines
    rows = ["Mandatory Information | Letty Green | Cole Green",
            "owner / custodian, | Registered owners application made 8th February 1968 | Registered owners",
            "date of acquisition (if known), | 1st October 1970 | 1st October 1970",
            "present use. | Village Green | Village Green"]
    q = "On what date were the village greens acquired?"
    qterms = question_terms(q)
    got = choose_lines([(i, f"L{i + 1}", t) for i, t in enumerate(rows)], qterms, dict.fromkeys(qterms, 1.0),
                       Config(), 3, kinds=asked(q), question=q, topic=("acquir",))
    assert got and got[0].text == rows[2]
