"""The gate's fallback (engine/gate/decide.py): when the first candidate holds no value of
the kind asked, a later one may answer in its place only if it is of the same document or
covers the question's words as well (covers_as_well)."""
import dataclasses
import re

from engine.config import Config
from engine.gate.decide import decide
from engine.types import Candidate


def _cand(rowid, path, weighted, kind, score=2.0, coverage=0.8):
    return Candidate(rowid=rowid, pid=f"p{rowid}", doc_id=f"d{rowid}", path=path, locator="L1",
                     arms=(), fused=1.0, coverage=coverage, weighted_coverage=weighted, phrase=False,
                     numbers_found=0, score=score, matched=(), unmatched=(), kind=kind)


KINDS = ("amount", "rate")


def test_a_passage_of_another_document_that_says_less_does_not_answer_in_the_first_s_place():
    first = _cand(1, "minutes.pdf", 0.9, kind=False)
    other = _cand(2, "fee_schedule.pdf", 0.7, kind=True)
    d = decide([first, other], (), Config(), vectors=False, kinds=KINDS)
    assert d.winner is first and d.refusal.reason == "no_answer_kind"
    # with the rule off (kind_fallback_cover = 0), it did
    d = decide([first, other], (), dataclasses.replace(Config(), kind_fallback_cover=0),
               vectors=False, kinds=KINDS)
    assert d.winner is other and d.refusal is None


def test_a_passage_of_the_same_document_or_one_that_covers_as_well_does():
    first = _cand(1, "minutes.pdf", 0.9, kind=False)
    same = _cand(2, "minutes.pdf", 0.6, kind=True)
    assert decide([first, same], (), Config(), vectors=False, kinds=KINDS).winner is same


def test_a_passage_of_the_same_document_that_says_less_must_neighbour_the_first():
    # a chunk's edge can part a topic from its value, so the next passage of the document may
    # answer though it covers less; a passage further on in long minutes is another item's
    # ("the DPW garage roof's $22,400" for the salt shed roof): with the passages' spans, it
    # must cover the question as well as the first does (kind_fallback_cover 2)
    first = _cand(1, "minutes.pdf", 0.9, kind=False)
    near = _cand(2, "minutes.pdf", 0.6, kind=True)
    far = _cand(3, "minutes.pdf", 0.6, kind=True)
    spans = {1: (10, 24), 2: (25, 38), 3: (120, 134)}
    span = lambda c: spans[c.rowid]  # noqa: E731
    assert decide([first, near], (), Config(), vectors=False, kinds=KINDS, span=span).winner is near
    d = decide([first, far], (), Config(), vectors=False, kinds=KINDS, span=span)
    assert d.winner is first and d.refusal is not None and d.refusal.reason == "no_answer_kind"
    # as before with 1: any passage of the same document
    old = dataclasses.replace(Config(), kind_fallback_cover=1)
    assert decide([first, far], (), old, vectors=False, kinds=KINDS, span=span).winner is far
    fuller = _cand(4, "minutes.pdf", 0.95, kind=True)
    spans[4] = (300, 310)
    assert decide([first, far, fuller], (), Config(), vectors=False, kinds=KINDS, span=span).winner is fuller
    fuller = _cand(3, "fee_schedule.pdf", 0.9, kind=True)
    d = decide([first, fuller], (), Config(), vectors=False, kinds=KINDS)
    assert d.winner is fuller and d.refusal is None


def test_the_runner_up_is_the_next_candidate_and_a_farther_one_only_falls_back():
    # the runner-up beside the winner is the next candidate when it passes on its own; a
    # farther one (within runner_depth) is kept apart, to answer only when neither the
    # winner nor the runner-up gives a line (engine/pipeline.py)
    winner = _cand(1, "minutes.pdf", 0.9, kind=True)
    weak = _cand(2, "agenda.pdf", 0.2, kind=True, coverage=0.2)  # below the coverage floor
    farther = _cand(3, "fee_schedule.pdf", 0.8, kind=True)
    d = decide([winner, weak, farther], (), Config(), vectors=False, kinds=KINDS)
    assert d.winner is winner and d.runner is None and d.fallbacks == (farther,)
    d = decide([winner, weak, farther], (), dataclasses.replace(Config(), runner_depth=1),
               vectors=False, kinds=KINDS)
    assert d.fallbacks == ()
    passing = _cand(2, "agenda.pdf", 0.8, kind=True)
    d = decide([winner, passing, farther], (), Config(), vectors=False, kinds=KINDS)
    # the runner-up passes: a farther candidate is tried after it only when it covers the
    # question better than the winner (a same-topic passage saying less answered
    # must-refuse questions with its own figure)
    assert d.runner is passing and d.fallbacks == ()
    better = _cand(4, "fee_schedule.pdf", 0.95, kind=True)
    d = decide([winner, passing, farther, better], (), Config(), vectors=False, kinds=KINDS)
    assert d.runner is passing and d.fallbacks == (better,)
    d = decide([winner, weak, farther, better], (), Config(), vectors=False, kinds=KINDS)
    assert d.runner is None and d.fallbacks == (farther, better)


def test_a_far_passage_of_the_same_minutes_does_not_price_the_topic(tmp_path):
    # made-up minutes (tests/data/pine_hollow_minutes_2025-02-11.md): the engineer's report on
    # the bridge gives no cost; six items further on, the design contract's $38,500 does not
    # answer what the replacement will cost (the real index, words only). With the old rule
    # (kind_fallback_cover 1) it did; as the next passage, a chunk's edge away, it still may.
    from pathlib import Path

    from engine import Engine

    text = (Path(__file__).parent / "data" / "pine_hollow_minutes_2025-02-11.md").read_text()
    asked = "How much will the Ridge Road bridge replacement cost?"
    far = tmp_path / "far"
    (far / "docs").mkdir(parents=True)
    (far / "docs" / "minutes.md").write_text(text)
    for cover, answered in ((3, False), (2, False), (1, True)):  # 2 as shipped
        with Engine(far / "docs", index=far / f"i{cover}.sqlite", embed_model="none",
                    config=dataclasses.replace(Config(), kind_fallback_cover=cover)) as eng:
            a = eng.ask(asked)
        assert a.answered is answered
        if not answered:
            assert a.refusal.reason == "no_answer_kind"
        else:
            assert "$38,500" in a.citations[0].lines[0].text
    # the filler items taken out, the design contract is the engineer's report's neighbour
    near = tmp_path / "near"
    (near / "docs").mkdir(parents=True)
    (near / "docs" / "minutes.md").write_text(
        re.sub(r"## (?:Parks|Library|Zoning|Recycling|Stormwater|Correspondence)\n(?:.+\n)+\n?", "", text))
    with Engine(near / "docs", index=near / "i.sqlite", embed_model="none") as eng:
        a = eng.ask(asked)
    assert a.answered and "$38,500" in a.citations[0].lines[0].text



def test_a_title_block_gives_way_to_a_passage_saying_more_beside_the_document_s_names():
    # the first candidate is the minutes' title block: the body and the date the question
    # gives, which the document names itself by, and no time; the adjournment, pages on,
    # says "meeting" and "fire" but not the body's name. Its rarity-weighted coverage is
    # lower, so it did not cover as well (kind_fallback_cover 2); with the document's names
    # held by both (3), it says more of the rest of the question and answers.
    names = frozenset({"harbor", "island", "district", "septemb", "9", "2025"})
    title = dataclasses.replace(_cand(1, "minutes.pdf", 0.56, kind=False),
                                matched=("harbor", "island", "fire", "district", "septemb", "9", "2025"))
    adjourn = dataclasses.replace(_cand(2, "minutes.pdf", 0.51, kind=True), matched=("fire", "meet", "9"))
    spans = {1: (1, 6), 2: (180, 189)}
    args = dict(vectors=False, kinds=("time",), span=lambda c: spans[c.rowid], named=lambda c: names)
    three = dataclasses.replace(Config(), kind_fallback_cover=3)
    assert decide([title, adjourn], (), three, **args).winner is adjourn
    # shipped at 2: a review's made-up contracts got three wrong answers from it, none right
    assert Config().kind_fallback_cover == 2
    assert decide([title, adjourn], (), Config(), **args).winner is title
    # one that says only as much beside the names does not (a long ordinance's other section)
    same = dataclasses.replace(adjourn, matched=("fire", "9"))
    assert decide([title, same], (), three, **args).winner is title
