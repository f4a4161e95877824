"""A clause a question opens with to name the document it asks of ("In the Pine Valley and
CDOT 2019 stormwater annual report, how many ...") names the document, not the passage that
answers: its names are held by every passage of a document whose opening lines say them
(terms.document_names, score.named_by_document, config document_names). Made-up reports
through the real readers and index (words arm), with the rule off too."""
from conftest import ask_words, quoted

from engine.config import Config
from engine.terms import document_names

INTRO = """This report describes the work of the stormwater program during the permit year.
It follows the outline the state permit sets for annual reports.
Each section gives the activities, the measures and the results for one minimum control measure.
"""
FILLER = "\n".join(f"Section {n}. The program continued routine inspections of outfalls and basins in area {n}."
                   for n in range(1, 80))
REPORT = f"""Pine Valley Stormwater Program
Annual Report 2019
{INTRO}The report is filed jointly by the City of Pine Valley and CDOT under permit ARS000777.
{FILLER}
Household hazardous waste: the Green Station collected 1,375 gallons of used motor oil and antifreeze.
Street sweeping removed 2,210 cubic yards of debris from city streets.
"""
# another city's report, which names CDOT deep in its body only
OTHER = f"""Elm Creek Stormwater Program
Annual Report 2019
{INTRO}The report is filed by the City of Elm Creek under its own permit.
{FILLER[:3000]}
A joint inspection with CDOT staff followed a spill on the highway ramp in May.
{FILLER[3000:]}
Household hazardous waste: the Blue Station collected 940 gallons of used motor oil and antifreeze.
"""
ASK = "In the City of Pine Valley and CDOT 2019 stormwater annual report, how many gallons of motor oil did the Green Station collect?"
ELM = "In the City of Elm Creek and CDOT 2019 stormwater annual report, how many gallons of motor oil did the Blue Station collect?"


def _ask(tmp_path, name, text, question, on):
    from engine import Engine
    from conftest import write
    write(tmp_path / "docs", name, text)
    with Engine(tmp_path / "docs", index=tmp_path / "i.sqlite", embed_model="none",
                config=Config().replace(document_names=on)) as eng:
        return eng.ask(question)


def test_the_clause_names_the_document(tmp_path):
    a = _ask(tmp_path, "pine_valley_stormwater_annual_report_2019.txt", REPORT, ASK, 1)
    assert a.answered and any("1,375 gallons" in t for t in quoted(a)), (quoted(a), a.refusal)


def test_a_name_only_deep_in_the_body_names_no_document(tmp_path):
    a = _ask(tmp_path, "elm_creek_stormwater_annual_report_2019.txt", OTHER, ELM, 1)
    assert not a.answered and "cdot" in a.refusal.unmatched, (quoted(a), a.refusal)


def test_off_as_shipped_the_name_is_missing(tmp_path):
    # shipped off: a review's made-up reports gained four right answers and six wrong ones
    assert Config().document_names == 0
    a = _ask(tmp_path, "pine_valley_stormwater_annual_report_2019.txt", REPORT, ASK, 0)
    assert not a.answered and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)


def test_which_clauses_name_a_document():
    assert document_names("In the University of Guam FY19 farm bill budget, how much was set aside?") == \
        ("universiti", "guam", "farm", "bill", "budget")
    assert document_names("According to the PEER jail census, how many?") == ("peer", "jail", "census")
    assert document_names("In Ottawa County, who finished first?") == ()  # a place names no record
    assert document_names("How many units did Watertown permit in the MAPC memo?") == ()  # not its opening
    # a month and a year date the document (terms.document_dates); "Mayfield" is no month
    assert document_names("In the May 2019 Mayfield report, how many?") == ("mayfield", "report")
