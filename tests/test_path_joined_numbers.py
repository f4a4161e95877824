"""A file's name may join a number to the word before it ("harbor_electric_rate58.txt"): the
question's "Rate 58" is that name's, so every passage of the file holds the 58 the names
check asks for (score.named_by_document), though the passage's own lines never repeat it.
The number alone is not the name's: "58 kW" asks for another figure. Real readers and
index (words arm)."""
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
