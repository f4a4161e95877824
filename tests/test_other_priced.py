"""A line pricing another thing only is no answer (quote/lines._other_priced): "Adult Boarding
Fare $1.75 to $2" never says the monthly pass asked for, and names a fare after a word the
question does not say. A fee and a charge are one thing, so are a fine and a penalty, a
permit and a licence; a priced word the question says as a verb ("what does the city
charge ...") names no thing. Made-up fare tables through the real readers and index, and
the rule on made-up lines."""
from conftest import ask_words, choose, quoted
from engine.quote.lines import _other_priced, _said_as_verb, sibling
from engine.terms import content_terms

FARES = """LAKESHORE TRANSIT AUTHORITY
PROPOSED FARE ADJUSTMENT, EFFECTIVE MAY 1, 2026

Current and proposed fares
Adult Boarding Fare $1.75 to $2.00
Senior Boarding Fare $0.85 to $1.00

Proposed monthly passes
Adult $75
Senior $37
"""


def _other(unit: str, question: str):
    return sibling(unit, question, content_terms(question))


def test_another_priced_thing_is_a_sibling():
    q = "How much will an adult monthly pass on Lakeshore Transit cost after May 1, 2026?"
    assert _other("Adult Boarding Fare $1.75 to $2.00", q) == ("boarding fare", "monthly pass")
    assert _other("Adult monthly passes rise from $64 to $75 under the proposal.", q) is None
    assert _other("Adult $75", q) is None  # names no other priced thing
    # one thing by two words: a permit's charge is its fee, a parking penalty its fine
    assert _other("Building permit charge $50", "What is the building permit fee?") is None
    assert _other("Bus stop zone parking penalty $250", "What is the parking fine in a bus stop zone?") is None


def test_a_priced_word_said_as_a_verb_names_no_thing():
    q = "Under the 2024 fee schedule, what does the city charge each time it inspects approved conditions?"
    assert _said_as_verb(q, "charg")
    assert _other("Tree Cutting Permit (all types) $75 (per tree) + actual cost", q) is None
    assert not _said_as_verb("What would an adult monthly pass on the bus cost?", "pass")
    assert not _said_as_verb("How much is the adult monthly pass?", "pass")


def test_the_rule_on_made_up_lines():
    q = "What is the adult monthly pass price?"
    assert choose(q, ["Adult Boarding Fare $1.75", "Adult Monthly Pass $75"])[0] == "Adult Monthly Pass $75"
    assert choose(q, ["Adult Boarding Fare $1.75"]) == []


def test_the_pass_s_line_is_quoted_not_the_boarding_fare_s(tmp_path, monkeypatch):
    q = "What would an adult monthly pass on Lakeshore Transit cost under the proposed fare adjustment?"
    (a,) = ask_words(tmp_path / "on", {"lakeshore_transit_fare_proposal_2026.txt": FARES}, q)
    got = quoted(a)
    assert "Adult $75" in got and not any("Boarding" in t for t in got), (got, a.refusal)
    # without the rule, the boarding fare's line is quoted
    import engine.quote.lines as lines
    monkeypatch.setattr(lines, "_other_priced", lambda *args: None)
    (a,) = ask_words(tmp_path / "off", {"lakeshore_transit_fare_proposal_2026.txt": FARES}, q)
    assert any("Adult Boarding Fare" in t for t in quoted(a)), quoted(a)
