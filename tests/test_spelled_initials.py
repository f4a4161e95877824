"""A question's initialism in capitals ("ACF", "LA") is held by a passage that spells the
name out ("Administration for Children and Families", "Los Angeles"), or for three letters
or more by its document's title lines (score.spelled_held). Made-up documents through the
real index and readers."""
from conftest import quoted
from engine import Engine
from engine.config import Config
from engine.score import _spelled
from engine.terms import acronyms

AUDIT = """Audit of Head Start Grants to Spotsylvania County Schools

For August 2008 through July 2009, the Administration for Children and Families awarded
Spotsylvania County Schools $2,417,236 in regular Head Start grants.
"""

TITLED = "{name} Branch Directory\n\n" + "\n\n".join(
    f"The {branch} branch lends books, films and laptops to card holders and hosts story time "
    f"for children on weekday mornings; its meeting room seats forty and is booked online."
    for branch in ("Echo Park", "Silver Lake", "Hollywood", "Venice", "Watts", "Encino")
) + "\n\nThe Central Library is open daily and its reference desk answers at (213) 228-7000.\n"


def _ask(tmp_path, files, question, on):
    docs = tmp_path / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (docs / name).write_text(text)
    with Engine(docs, index=tmp_path / f"i{on}.sqlite", embed_model="none",
                config=Config(spelled_initials=on)) as eng:
        return eng.ask(question)


def test_the_initials_are_read_in_the_name_spelled_out(tmp_path):
    q = "How much in regular Head Start grants did ACF award Spotsylvania County Schools for 2008?"
    assert not _ask(tmp_path, {"hhs_audit.txt": AUDIT}, q, 0).answered  # "ACF" is nowhere
    answer = _ask(tmp_path, {"hhs_audit.txt": AUDIT}, q, 1)
    assert "Spotsylvania County Schools $2,417,236 in regular Head Start grants." in quoted(answer)


def test_two_letters_must_spell_the_name_in_the_passage_itself(tmp_path):
    # three letters spelled in the document's title lines hold the initialism ...
    three = _ask(tmp_path, {"branches.txt": TITLED.format(name="Los Angeles Public Library")},
                 "phone number for the LAPL Central Library", 1)
    assert quoted(three)[0].startswith("The Central Library is open daily")
    # ... two name too many things ("Lake Avenue", "Legal Aid") to be read from a title
    two = _ask(tmp_path / "two", {"branches.txt": TITLED.format(name="Los Angeles Public Library")},
               "phone number for the LA Central Library", 1)
    assert not two.answered


def test_the_initialisms_of_a_question():
    assert acronyms("Did ACF pay the LA library, or John Paul II, or SDG&E, or the MPs?") == \
        {"acf": "ACF", "la": "LA", "mp": "MP"}
    assert _spelled("CDBG").search("the Community Development Block Grant program")
    assert _spelled("DEP").search("Massachusetts Department of Environmental Protection")
    assert not _spelled("CDBG").search("Community Development Grant")


def test_two_letters_need_one_name_and_the_file_name_spelling_it(tmp_path):
    branches = "Branch,Phone\nCentral Library of Los Angeles,(213) 228-7000\nEcho Park Branch,(213) 250-7808\n"
    held = _ask(tmp_path / "a", {"los_angeles_library_branches.csv": branches},
                "phone number for the LA Central Library", 1)
    assert quoted(held)[0] == "Central Library of Los Angeles | (213) 228-7000"
    # the same passage in a file whose name spells no "LA": two letters name too much
    other = _ask(tmp_path / "b", {"library_branches.csv": branches},
                 "phone number for the LA Central Library", 1)
    assert not other.answered
    # one budget's Parks, Planning and Police Departments are three "PD"s
    budget = ("Department overtime, FY2025\n\nParks Department overtime: $210,000\n"
              "Planning Department overtime: $35,000\nPolice Department overtime: $4,800,000\n")
    pd = _ask(tmp_path / "c", {"police_department_overtime_fy2025.txt": budget},
              "What was the PD overtime in FY2025?", 1)
    assert not pd.answered
