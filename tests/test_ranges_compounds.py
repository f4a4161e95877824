"""A question's range given apart is held by a passage writing it as one term ("for 11 to 18
units" and "Tier 2 11-18 $3.02": score.ranges_held), and a word is held by a passage writing
it with a number joined on ("COVID" and "COVID-19": score.compounds_held), for the
names-and-numbers check. Made-up notices through the real readers and index."""
from conftest import ask_words, quoted

RATES = """City of Fairmont Water Rates

Single family residential water rates, per unit (748 gallons), effective July 19, 2023:
Tier 1 0-10 $2.61
Tier 2 11-18 $3.02
Tier 3 19 and over $3.55
"""

NOTICE = """Licensing Board for the City of Fairmont

The Board is holding an emergency licensed premise inspection hearing on Tuesday,
April 20, 2021 at 11:00 a.m. to address COVID-19 violations at licensed premises.
"""


def test_both_ends_of_a_range_are_held(tmp_path):
    (a,) = ask_words(tmp_path / "range", {"fairmont_water_rates_2023.txt": RATES},
                     "Fairmont single family water price for 11 to 18 units")
    assert quoted(a) and "11-18 $3.02" in quoted(a)[0], (quoted(a), a.refusal)


def test_one_end_alone_is_not(tmp_path):
    (a,) = ask_words(tmp_path / "one", {"fairmont_water_rates_2023.txt": RATES},
                     "Fairmont single family water price for 11 to 25 units")
    assert not a.citations and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)


def test_a_word_with_its_number_joined_on_holds_the_word(tmp_path):
    (a,) = ask_words(tmp_path / "covid", {"fairmont_hearing_notice.txt": NOTICE},
                     "What time is Fairmont's COVID inspection hearing?")
    assert quoted(a) and "11:00 a.m." in " ".join(quoted(a)), (quoted(a), a.refusal)


def test_without_the_rules_both_are_refused(tmp_path, monkeypatch):
    import engine.score as score
    monkeypatch.setattr(score, "ranges_held", lambda pool, qterms, has, kinds=(): None)
    monkeypatch.setattr(score, "compounds_held", lambda pool, qterms, has: None)
    (a,) = ask_words(tmp_path / "off1", {"fairmont_water_rates_2023.txt": RATES},
                     "Fairmont single family water price for 11 to 18 units")
    (b,) = ask_words(tmp_path / "off2", {"fairmont_hearing_notice.txt": NOTICE},
                     "What time is Fairmont's COVID inspection hearing?")
    assert not a.citations and not b.citations, (quoted(a), quoted(b))


PROGRAMS = """Program,Ages,Session,Resident Fee,Nonresident Fee
Day Camp,6-12,June 17 - July 26,$165 per week,$195 per week
Teen Adventure Camp,13-17,June 24 - August 2,$210 per week,$245 per week
Tot Time,3-5,Mondays and Wednesdays,$48 per month,$60 per month
Junior Tennis,8-14,Saturdays,$90 per session,$110 per session
"""

INSPECTIONS = """Establishment,Inspection Date,Result,Violations
Blue Kettle Diner,2024-03-11,Pass,1 minor (COVID-19 signage missing)
Sunrise Bakery,2024-03-12,Conditional,3 (cold holding above 41F)
Harbor Grill,2024-03-15,Fail,5 (no certified food manager)
"""


def test_another_program_s_range_is_not_the_asked_one_s(tmp_path):
    # a review's made-up fee table: the Junior Tennis row names the tennis; Day Camp's
    # "6-12" is another program's ages
    (a,) = ask_words(tmp_path / "tennis", {"summer_programs_2024.csv": PROGRAMS},
                     "What is the nonresident tennis fee for ages 6 to 12?")
    assert not any("Day Camp" in line for line in quoted(a)), quoted(a)


def test_a_row_s_compound_is_that_row_s(tmp_path):
    # "COVID-19" on Blue Kettle's row does not make Sunrise Bakery's a COVID violation
    (a,) = ask_words(tmp_path / "rows", {"restaurant_inspections.csv": INSPECTIONS},
                     "What COVID violation did Sunrise Bakery have?")
    assert not a.citations, quoted(a)
    # nor, so, Blue Kettle's own: no row's compound is read (the names-and-numbers check is
    # the passage's, and the row's word would be every row's)
    (b,) = ask_words(tmp_path / "own", {"restaurant_inspections.csv": INSPECTIONS},
                     "What COVID violation did Blue Kettle Diner have?")
    assert not b.citations and b.refusal.reason == "name_or_number_missing", (quoted(b), b.refusal)


DECISION = ("Elm Street zoning appeal\n\nThe board's decision on the Elm Street appeal was issued on "
            "29 June 2001 after a hearing.\n\nOther business followed.\n")


def test_a_latin_rooted_noun_holds_its_verb_for_coverage(tmp_path):
    # "decision" is what "when did the board decide" asks of (terms.ROOTS, score.roots_held),
    # as the quote has read it: the passage holds every question word
    from conftest import ask_words
    (a,) = ask_words(tmp_path, {"appeal.txt": DECISION}, "When did the board decide the Elm Street appeal?")
    assert a.answered and a.citations[0].coverage == 1.0, (a.refusal, a.citations)
    assert any("29 June 2001" in ln.text for c in a.citations for ln in c.lines)
