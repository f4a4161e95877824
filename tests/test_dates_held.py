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


def test_a_date_in_figures_read_day_first_holds_the_whole_day_asked():
    # most of the world writes 1 July 2015 as 1/7/2015: the day, its month and its year, in a
    # passage whose dates are day first (one reads no other way: 14/10/2015)
    q = "How much PAYE arrears did the parish council pay HMRC on 1 July 2015?"
    ledger = "£1,494.74 paid to HMRC on 1/7/2015; £340.31 paid to HMRC on 14/10/2015"
    held = _held(q, [ledger])
    assert held["1"] and held["juli"] and held["2015"]
    # the month-first reading still holds it; another year or another day does not
    assert _held(q, ["£1,494.74 paid on 7/1/2015"])["juli"]
    held = _held(q, ["£1,494.74 paid to HMRC on 1/7/2016; £340.31 on 14/10/2016"])
    assert not held["juli"] and not held["1"]
    held = _held(q, ["£340.31 paid to HMRC on 14/10/2015"])
    assert not held["juli"] and not held["1"]
    # a day over 12 reads day first only
    held = _held("What was paid to HMRC on 31 July 2015?", ["£1,494.74 paid to HMRC on 31/7/2015"])
    assert held["31"] and held["juli"] and held["2015"]
    # a US record's dates are month first: "3/4/2015" is March 4, no April 3, where nothing
    # says otherwise, or where a date reads month first only
    q = "What resolution did the board adopt on April 3, 2015?"
    assert not _held(q, ["2015-08 | 3/4/2015 | Authorizing the acquisition of 12 Elm Street"])["april"]
    assert not _held(q, ["3/4/2015 | 12/15/2015 | 14/1/2015 | resolutions"])["april"]


def test_a_day_first_reading_holds_no_month_asked_alone():
    # a month asked without its day meets no date that is that month only when read day
    # first: every US date whose day is under 13 would be some month's
    held = _held("What was paid to HMRC in July 2015?", ["£1,494.74 paid to HMRC on 1/7/2015"])
    assert not held["juli"] and held["2015"]
    # nor a day without its year: "March 5" would meet the US "5/3/2021", May 3
    held = _held("What did the council approve on March 5?", ["Approved 5/3/2021: the paving contract"])
    assert not held["march"] and not held["5"]
