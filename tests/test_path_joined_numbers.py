"""A file's name may join a number to the word before it ("harbor_electric_rate58.txt"), or two
words ("metrotransit"): the question's "Rate 58" or "Metro Transit" is that name's, so every
passage of the file holds what the names check asks for (score.named_by_document), though the
passage's own lines never repeat it. The number alone is not the name's: "58 kW" asks for
another figure. Real readers and index (words arm)."""
from conftest import ask_words, quoted

FILLER = "\n".join(f"Section {n}. Service under this schedule follows the general terms of the utility, part {n}."
                   for n in range(1, 40))
RATE58 = f"""HARBOR ELECTRIC COMPANY
LARGE TIME OF DAY ELECTRIC SERVICE
{FILLER}

Monthly charges for service.
Customer Service Charge for a demand of 2,000 kW but less than 5,000 kW: $2,200.00 per month.
Distribution demand charge: $7.53 per kVA of demand.
"""
RATE56 = f"""HARBOR ELECTRIC COMPANY
INTERMEDIATE GENERAL ELECTRIC SERVICE
{FILLER}

Monthly charges for service.
Customer Service Charge for a demand under 1,000 kW: $310.00 per month.
"""
FILES = {"harbor_electric_rate58_large_time_of_day.txt": RATE58,
         "harbor_electric_rate56_intermediate_service.txt": RATE56}


def test_the_rate_the_file_name_joins_is_the_question_s(tmp_path):
    a, = ask_words(tmp_path, FILES, "What is the monthly customer service charge on Harbor Electric Rate 58 "
                                    "for a demand between 2,000 and 5,000 kW?")
    assert a.answered and "$2,200.00" in quoted(a)[0], (quoted(a), a.refusal)
    assert a.citations[0].path.endswith("rate58_large_time_of_day.txt")


def test_a_number_the_name_does_not_join_to_the_asked_word_is_still_missing(tmp_path):
    # "58 kW": no rate's number; neither file writes 58 kW, so the names check refuses
    a, = ask_words(tmp_path, FILES, "What is the Harbor Electric monthly customer service charge at 58 kW of demand?")
    assert not a.answered and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)


# two words a file's name writes as one: "Metro Transit" is the "metrotransit" of the name
FAIR = """State Fair Express

Service runs every day of the fair from 6 a.m. until midnight.
""" + "\n".join(f"Stop {n}: Park and ride lot number {n}, every 15 minutes." for n in range(1, 30)) + """

Cost
$5 round-trip
Children age four and under ride free.
"""
LAKES = """Lakes Express

Service runs weekends only.
Cost
$3 round-trip
"""


def test_two_words_the_file_name_joins_are_the_question_s(tmp_path):
    a, = ask_words(tmp_path, {"twincities_metrotransit_state_fair_express.txt": FAIR,
                              "twincities_suburban_lakes_express.txt": LAKES},
                   "How much is a round trip on Metro Transit's State Fair Express bus?")
    assert a.answered and quoted(a)[0] == "$5 round-trip", (quoted(a), a.refusal)


def test_words_the_file_name_does_not_join_are_still_missing(tmp_path):
    # "Metro Transit" is no name of the lakes file: the names check refuses
    a, = ask_words(tmp_path, {"twincities_suburban_lakes_express.txt": LAKES},
                   "How much is a round trip on Metro Transit's Lakes Express bus?")
    assert not a.answered and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)
