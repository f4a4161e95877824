"""A question's month, year or day of the month is held by a passage that writes the date in
numbers (engine/score.dates_held): "December 8, 2022" is in a row dated 2022-12-08."""
import numpy as np
from engine.pool import Pool
from engine.score import dates_held
from engine.terms import content_terms, question_terms


def _held(question, texts):
    qterms = question_terms(question)
    pool = Pool(rows=tuple(range(len(texts))), terms=tuple(tuple(content_terms(t)) for t in texts))
    has = np.array([[t in set(terms) for t in qterms] for terms in pool.terms])
    dates_held(pool, qterms, has)
    return {t: bool(has[0, k]) for k, t in enumerate(qterms)}


def test_a_day_beside_its_month_is_held_by_a_date_in_numbers():
    held = _held("When did the Debenture Committee meet on December 8, 2022?",
                 ["Debenture Committee | 1 | 2022-12-08 | Morning | 09:01AM - 09:16AM"])
    assert held["decemb"] and held["8"] and held["2022"]
    held = _held("When did the Debenture Committee meet on December 8, 2022?",
                 ["Debenture Committee | 1 | 2022-12-18 | Morning | 09:01AM - 09:16AM"])
    assert held["decemb"] and not held["8"]  # another day of the month
    held = _held("Who chaired the meeting of 8 December 2022?", ["Chair | 12/8/22 | Smith"])
    assert held["8"]


def test_a_month_and_its_day_run_together_hold_both():
    # a PDF's text layer lost the space: "April20, 2021" is April 20 as a reader sees it
    held = _held("What time was the inspection hearing on April 20, 2021?",
                 ["licensed premise inspection hearing on Tuesday, April20, 2021 at 11:00a.m."])
    assert held["april"] and held["20"] and held["2021"]
    held = _held("When was the bylaw adopted in December?", ["(Bylaw 4340, adopted Dec.13, 2006)"])
    assert held["decemb"]
    # another day run on is no day asked; a word with a number is no month ("mayor2")
    held = _held("What happened on April 21, 2021?", ["hearing on Tuesday, April20, 2021"])
    assert held["april"] and not held["21"]
    assert not _held("Who was mayor in March?", ["mar99 | mayor2"])["march"]
