"""The thirty-ninth pass: rules made from blind cabinets' wrong answers (bench/tunebc..tunebg),
each case failing on the start tree 22d000b:
- a double first name is a first name when each half is one ("Rose-Ann Lee");
- a staff page's cards printed side by side, which the PDF reader joins row by row ("Kevin
  Marshman (Officer)  Bruce Malloch" over "President and Chief  Director, Strategic"): the
  asked office must stand beside one of the row's names, cell for cell; an office line goes
  on into the next line that carries it on ("Chief Financial Officer" / "and Treasurer"); a
  row of names alone is a name line, so a grid printing names over offices is read so;
- the holder of an office asked ("the plan review supervisor") is named near the office's
  noun, or not at all;
- "which council member" asks a person, not an organisation;
- a sum saved ("$700,000 in utility cost savings") is no cost;
- the words naming where to read ("according to the financial summary") are not what a line
  must speak of;
- a utility service the question says only inside a body's name ("the Niagara Falls Water
  Board") is not the service asked;
- "at the Water Board's December 19, 2022 meeting" names a day, not a place;
- running text left open inside a name ("... at the Wastewater Treatment" / "Plant, 1201
  Buffalo Avenue, ...") goes on into the next line;
- a row's bare figures under a column counting people ("Total Budgeted Enrollment (FY16)"), a
  ward's number, or the change of such a column are no sums of money;
- "which board members", "which deputy chief" ask a person ("in charge of" names no charge); "by how much did ... enrollment change" a count or a share;
- a figure summed across several of a kind ("3,400 cases filed across the four
  jurisdictions") is no figure of the one the question names ("the Vanuatu Supreme Court");
- a surname alone under a column naming its people by their role ("Farias" under "SPONSOR")
  is a person's name, for the quote and for the passage's kind;
- "Department of Justice/Bureau of Alcohol, ..." names an organisation;
- a range's first figure is in its last one's unit ("parcels 1,500 - 2,640 ft away": no count);
- a day's number before its month's cell ("16 | July | 2014") is no sum, and a record's row
  too short to tell its columns, under a header naming no money, holds none;
- "which afternoon hours" asks a time; a row's first cell is a label's value only under a
  column the label heads ("3 | July | ..." under "Day | Month | Property Type" is no Type 3);
- for a question asking no kind, a line naming another month's year ("Hearing minutes for
  October 17, 2017" for the October 29, 2019 hearing) and a day alone ("Tuesday, October 29,
  2019") answer nothing;
- a running header of a title's parts set apart by bars, one giving a year ("Harlow Fire &
  Rescue  |  2023 Annual Report"), is page furniture;
- rows that say nothing of the question by their own cells, two or more under the header that
  does ("1101 | 4,325 | ..." under "Precinct | ... | Mayor - Dana WHITLEY"), are no answer;
- a Markdown table's header row names columns and answers no question asking no kind; its
  rows do ("| Arts & Culture Fund | ... | 25% of the grant |" for the match an arts grant needs);
- a number the question joins to its unit ("5/8-inch") is held by a passage writing them
  apart (5/8", read "5/8 inch": score.measures_held);
- a fire apparatus's unit code names it ("E3" is Engine 3, "L1" Ladder 1);
- a roll call's surnames after its vote are people's names ("Noes - Nakamura"); a vote is on
  the numbered item nearest above it, which may speak for it;
- cases filed, pending and disposed of are siblings ("pending caseload ... 800 cases" gives no
  count of cases filed; a case lodged is filed)."""
from conftest import choose

from engine import Engine
from engine.kinds import asked, evidence, holds, money_cells, person_cells
from engine.quote.lines import sibling, source_terms, unnamed_label
from engine.terms import question_terms

def _first_answer(tmp_path, name: str, text: str, question: str):
    """The real engine (words arm, a real index) on a folder of one file: its answer."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / name).write_text(text, encoding="utf-8")
    with Engine(docs, index=tmp_path / "ix.sqlite", embed_model="none") as e:
        return e.ask(question)


CARDS = ["Executive leadership team", "Kevin Marshman (Officer)  Bruce Malloch",
         "President and Chief  Director, Strategic", "Executive Officer  Communications",
         "Cathy Barker (Officer)  Sheila Penny", "Vice President,  Vice President, Facilities",
         "Human Resources  Management", "Rose-Ann Lee (Officer)", "Chief Financial Officer", "and Treasurer",
         "Darragh Meagher", "General Counsel"]


def test_a_double_first_name():
    assert holds("Rose-Ann Lee (Officer)", ("person",))
    assert holds("Hans-Peter Brandt", ("person",))
    assert not holds("Trans-Canada Highway", ("person",))


def test_cards_side_by_side_name_no_one_for_another_office():
    q = "Who is listed as Chief Financial Officer and Treasurer on the executive leadership team?"
    assert choose(q, CARDS) == ["Rose-Ann Lee (Officer)"]
    # the office beside a name, cell for cell: the second card's
    q = "Who is the Director, Strategic Communications?"
    assert choose(q, CARDS)[0] == "Kevin Marshman (Officer)  Bruce Malloch"
    # a name and its office on one row is one record, not cards
    assert choose("Who is the chief financial officer?", ["Staff", "Reeta Madhavan  Chief Financial Officer"]) \
        == ["Reeta Madhavan  Chief Financial Officer"]


def test_the_holder_of_an_office_is_named_near_its_noun():
    lines = ["Development Services Department", "Cody Christensen", "City Council", "City Manager", "Scott Sanders"]
    assert choose("Who is the plan review supervisor in the Development Services Department?", lines) == []
    assert choose("Who is the city manager?", lines)[0] in ("City Manager", "Scott Sanders")


def test_which_council_member_asks_a_person():
    assert asked("Which council member introduced the April 2014 resolution?") == ("person",)
    assert asked("Which council members voted no?") == ("person",)


def test_a_sum_saved_is_no_cost():
    q = "What did utilities cost TCHC in 2018?"
    assert sibling("$700,000 in utility cost savings.", q, question_terms(q)) == ("a change", "the value itself")
    assert sibling("Utilities cost $120.6 million in 2018.", q, question_terms(q)) is None
    q = "How much did the energy retrofits save?"
    assert sibling("$700,000 in utility cost savings.", q, question_terms(q)) is None


def test_where_to_read_is_not_what_a_line_speaks_of():
    q = "What did utilities cost TCHC in 2018 according to the financial summary?"
    assert source_terms(q) == {"financi", "summari"}
    assert source_terms("What is the fee as listed in the 2024 schedule?") == {"schedul"}
    assert source_terms("What is the fee?") == frozenset()


def test_a_service_inside_a_body_s_name_is_not_asked():
    q = "Where is the mandatory pre-proposal session for the Niagara Falls Water Board RFP held?"
    assert sibling("A mandatory pre-proposal session will be held at the Wastewater Treatment Plant", q,
                   question_terms(q)) is None
    q = "What is the water rate per 1,000 gallons?"
    assert sibling("Wastewater rate per 1,000 gallons: $5.10", q, question_terms(q)) == ("sewer", "water")


def test_a_day_is_no_place():
    assert not holds("will be at the Water Board’s December 19, 2022 meeting.", ("place",))
    assert holds("The meeting will be held at the Wastewater Treatment Plant.", ("place",))


def test_running_text_open_inside_a_name_goes_on():
    lines = ["Deadline for Sealed Proposal Submissions:", "Monday, December 5, 2022 by 2:00 p.m.",
             "A mandatory pre-proposal information session will be conducted at the Wastewater Treatment",
             "Plant, 1201 Buffalo Avenue, Niagara Falls, NY 14304 on Tuesday, November 29, 2022 at", "noon."]
    got = choose("Where is the mandatory pre-proposal session held?", lines)
    assert got[:2] == lines[2:4]
    # a timeline's rows are no running text going on: the asked day's row leads
    rows = ["June 24, 2025  Board adopts the LCAP and 2025-26 budget  Board of Education",
            "July 1, 2025  Adopted budget due to the County Office of Education  Business Services"]
    assert choose("What is the deadline for sending the adopted budget to the county office of education?",
                  rows)[0] == rows[1]


def test_counts_of_people_are_no_sums_of_money():
    header = ("School Code | School Name | Ward | Special Education (FY16) | Change | "
              "Total Budgeted Enrollment (FY16) | Total Budgeted Enrollment (FY15) | Change")
    row = "405 | Deal MS | 3 | 108 | -23 | 1332 | 1310 | 22"
    assert money_cells(row, header) == " | Deal MS |  |  |  |  |  | "
    # a budget's columns by year name no money and hold it; so does an allocation's
    assert money_cells("Parks | 1,234 | 1,500 | 266", "Department | FY2020 | FY2021 | Change") \
        == "Parks | 1,234 | 1,500 | 266"
    assert money_cells("Deal MS | 11809870 | 120", "School | Total Allocation | Enrollment") == "Deal MS | 11809870 | "
    q = "What was Deal Middle School's total FY16 school budget allocation?"
    assert choose(q, [header, row]) == []


def test_which_board_members_asks_a_person():
    assert asked("Which LAUSD board members brought the resolution on student screen time?") == ("person",)
    assert asked("Which board approved it?") == ()
    assert asked("By how much did Woodson High School's budgeted enrollment change from FY15 to FY16?") \
        == ("count", "percentage")
    assert asked("How much did the enrollment fee increase?") == ("amount", "rate", "percentage")
    # a bill's number is a code, not a sum; "in charge of" names no charge; a chief is a person
    assert asked("Bill number of the Injured Metropolitan Police Officer Relief Amendment Act of 2017?") == ("code",)
    assert asked("What is the average water bill?") == ("amount", "rate")
    assert asked("Which deputy chief is in charge of operations?") == ("person",)
    assert asked("What is the charge for a permit?") == ("amount", "rate")


def test_a_sum_across_several_is_not_the_one_named():
    q = "How many cases were filed in the Vanuatu Supreme Court in 2022?"
    said = sibling("Just over 3,400 cases filed across the four jurisdictions, a", q, question_terms(q))
    assert said == ("a sum across the four jurisdictions", "Vanuatu Supreme Court")
    assert sibling("The Supreme Court heard 723 of 3,400 cases filed across the four jurisdictions", q,
                   question_terms(q)) is None
    q = "How many cases were filed across all Vanuatu courts in 2022?"
    assert sibling("Just over 3,400 cases filed across the four jurisdictions, a", q, question_terms(q)) is None


def test_cases_filed_pending_and_disposed_are_siblings():
    q = "How many cases were lodged with the Supreme Court in 2022?"
    assert sibling("Overall pending caseload for the Supreme Court remains at 800 cases.", q,
                   question_terms(q)) == ("pend", "file")
    assert sibling("SC filings just above 700, with 723 cases filed", q, question_terms(q)) is None


def test_a_surname_under_a_sponsor_column(tmp_path):
    header = "PROJECT | BORO | CD | SPONSOR | TITLE | FY26"
    assert person_cells("P CN0420 | X | 18 | Farias | HARDING PARK COMMUNITY GARDEN UPGRADES | $350,000", header)
    assert not person_cells("P CN0420 | X | 18 | Farias | HARDING PARK COMMUNITY GARDEN UPGRADES | $350,000",
                            "PROJECT | BORO | CD | NAME | TITLE | FY26")  # a thing's name may be one word
    got = _first_answer(tmp_path, "capital_fy26.csv",
                        "PROJECT,BORO,CD,SPONSOR,TITLE,FY26\n"
                        "P CN0419,X,17,Salamanca,HUNTS POINT RECREATION CENTER SECURITY GATE,\"$150,000\"\n"
                        "P CN0420,X,18,Farias,HARDING PARK COMMUNITY GARDEN WATER SUPPLY UPGRADES,\"$350,000\"\n",
                        "Which council member sponsored the Harding Park Community Garden water supply upgrade?")
    assert got.answered and "Farias" in got.citations[0].lines[0].text, got.refusal


def test_a_department_of_something_is_an_organisation():
    line = "ESF Coordinator: Department of Justice/Bureau of Alcohol, Tobacco, Firearms, and Explosives"
    assert holds(line, ("organisation",))
    q = "Which agency is the coordinator for ESF #13, Public Safety and Security?"
    lines = ["ESF #13 – Public Safety and Security", line,
             "Coordinates the integration of public safety and security capabilities."]
    assert line in choose(q, lines)


def test_a_range_s_first_figure_is_in_its_unit():
    assert not holds("located on parcels 1,500 - 2,640 ft away from the station", ("count",))
    assert not holds("parcels 1,500 to 2,640 feet away", ("count",))
    assert holds("Rooms 10 - 12 seat 40 people", ("count",))


def test_a_day_s_number_and_a_record_s_row_are_no_sums():
    assert not holds("16 | July | 2014 | 09:59:24 | 006656-16072014", ("amount",))
    assert holds("16 | Mayor | 1,200", ("amount",))
    header = " | ".join(["Day", "Month", "Year", "Time of Call", "Incident Number", "Ward", "Injuries", "Rescues"]
                        + [f"Question {n}" for n in range(1, 20)])
    row = "5 | July | 2014 | 16:17:19 | 005834-05072014 | CHARFIELD | 0 | 2"
    assert money_cells(row, header) == " | July |  | 16:17:19 | 005834-05072014 | CHARFIELD |  | "
    money = header.replace("Rescues", "Cost (£)")
    assert money_cells(row, money) == row  # a header naming money: the row's figures may be sums


def test_part_of_the_day_hours_and_a_label_s_first_cell():
    assert asked("Which afternoon hours count as the peak period for a Major Transit Stop?") == ("time",)
    q = "For a Type 3 incident, how many responders could be involved?"
    assert unnamed_label("Day | Month | Property Type | Cause\n3 | July | Dwelling | Fire", q) == "type 3"
    assert unnamed_label("Type | Responders\n3 | 200", q) is None


def test_no_kind_asked_other_years_and_days_alone_answer_nothing():
    q = "Which appeals did the Zoning Board of Appeal approve at its October 29, 2019 hearing?"
    assert asked(q) == ()
    lines = ["Tuesday, October 8, 2019", "Tuesday, October 29, 2019", "Hearing minutes for October 17, 2017"]
    assert choose(q, lines) == []
    lines = ["October 29, 2019 hearing", "The Board approved appeals BOA-1012 and BOA-1020 at the hearing."]
    assert lines[1] in choose(q, lines)


GRID = ["Leadership and Command Staff", "The command staff below led the department during 2023.",
        "Marcus D. Whitfield  Renata Ochoa  Thomas Kettering", "Fire Chief  Deputy Chief,  Deputy Chief, Administration",
        "Operations  and Support Services", 'Alicia Brandt  Dwayne Pruitt  Harold "Hal" Simms',
        "Fire Marshal  Battalion Chief,  Battalion Chief,", "A Shift  B Shift",
        "Keiko Yamada  Samuel Ortiz-Lange  Linda Farraday", "EMS Coordinator  Training Captain  Public Information"]


def test_a_grid_of_names_over_offices():
    assert choose("Who is Harlow's fire marshal?", GRID)[0] == GRID[5]
    assert choose("Who is the EMS coordinator?", GRID)[0] == GRID[8]
    assert choose("Who is the fire chief?", GRID)[0] == GRID[2]


def test_a_title_s_parts_set_apart_by_bars_is_a_running_header():
    from engine.readers import layout
    from engine.types import Line

    def pages(head):
        out = []
        for n in range(1, 4):
            for k, t in enumerate([head, f"City of Harlow — Page {n} of 3", f"Body text {n} one.",
                                   f"Body text {n} two.", f"Body text {n} three.", f"Body text {n} four."]):
                out.append(Line(text=t, locator=f"p{n}:L{k + 1}", region=f"p{n}"))
        return out

    def marked(ls):
        return {ls[i].text for i in layout.furniture(ls)}
    assert "Harlow Fire & Rescue  |  2023 Annual Report" in marked(pages("Harlow Fire & Rescue  |  2023 Annual Report"))
    three = "Brookfield Planning Commission  |  Staff Report  |  Meeting of September 18, 2024"
    assert three in marked(pages(three))
    # a table's header row repeated atop each page is no title
    assert "Account | Description | Amount" not in marked(pages("Account | Description | Amount"))
    # carried in a passage's context as furniture, the running header is no table's header row
    from engine.chunk import table_header
    assert table_header(f"Staff report\n{three}") == ""
    assert table_header(f"Staff report\n{three}\nAccount | Description | Amount") == "Account | Description | Amount"


def test_rows_alike_under_the_header_that_names_the_question():
    rows = ["Precinct | Registered Voters | Ballots Cast | Mayor - Dana WHITLEY | Mayor - Oscar FUENTES",
            "1101 | 4,325 | 3,058 | 1410 | 1498", "1102 | 4,441 | 3,255 | 1695 | 1424", "1103 | 3,245 | 2,542 | 1379 | 1037"]
    assert choose("How many votes did Dana Whitley get for mayor in the final count?", rows) == []
    assert rows[2] in choose("How many votes did Dana Whitley get in precinct 1102?", rows)
    one = rows[:2]
    assert rows[1] in choose("How many votes did Dana Whitley get for mayor?", one)
    # a row saying a word of the question, a year and a quarter, or a number of years, is told apart
    quarters = ["Quarter | First Review | Resubmittal", "2022 Q4 | 14.10 | 6.02", "2023 Q1 | 15.00 | 5.90",
                "2023 Q2 | 16.02 | 5.37", "2022 Q1 | 12.50 | 4.80"]
    assert quarters[3] in choose("What was the average first review time in 2023 Q2?", quarters)
    burial = ["Exclusive right of burial | Resident | Non-resident", "25 years | £800.00 | £1,600.00",
              "50 years | £1,300.00 | £2,600.00", "99 years | £2,176.00 | £4,355.00"]
    assert burial[3] in choose("What does a non-resident pay for a 99-year exclusive right of burial?", burial)


def test_a_markdown_header_row_answers_nothing():
    lines = ["## Award limits", "| Program | Minimum request | Maximum request | Match required |", "|---|---|---|---|",
             "| CDBG public services | $10,000 | $150,000 | None |", "| Arts & Culture Fund | $5,000 | $60,000 | 25% of the grant |"]
    got = choose("What local match is required for an arts grant?", lines)
    assert got and got[0] == lines[4] and lines[1] not in got


def test_a_number_joined_to_its_unit_is_held_apart(tmp_path):
    got = _first_answer(tmp_path, "portland_development_fees_2025.csv",
                        "Bureau,Charge,Fee,Unit\n"
                        "Portland Water Bureau,\"System Development Charges by Meter Size - 5/8\"\"\",5030,per connection\n"
                        "Portland Water Bureau,\"System Development Charges by Meter Size - 2\"\"\",40240,per connection\n"
                        "Portland Parks,Parks SDC per dwelling,14200,per unit\n",
                        "What is the Portland Water Bureau system development charge for a 5/8-inch meter connection?")
    assert got.answered and "5030" in got.citations[0].lines[0].text, got.refusal


def test_an_apparatus_unit_code_names_it():
    roster = "Unit | Type | Model Year | Planned Replacement\nE3 | Engine (pumper) | 2010 | 2025\nE4 | Engine | 2021 | 2036"
    assert unnamed_label(roster, "When is Engine 3 scheduled to be replaced?") is None
    assert unnamed_label(roster, "When is Engine 7 scheduled to be replaced?") == "engine 7"
    q = "When is Engine 3 scheduled to be replaced?"
    assert sibling("E4 | Engine | 2021 | 2036", q, question_terms(q)) == ("engine 4", "engine 3")
    q = "What model year is Ladder 1?"
    assert sibling("E1 | Engine (pumper) | 2016 | Station 1", q, question_terms(q)) == ("engine 1", "ladder 1")
    assert sibling("L1 | Aerial ladder | 2012 | Station 1", q, question_terms(q)) is None


def test_a_roll_call_s_surnames_are_people():
    line = "Vote: Ayes - Goetz, Liu, Marsh, Reyes; Noes - Nakamura; Absent - Adeyemi. Motion carried 4-1."
    assert holds(line, ("person",))
    assert not holds("Absent: None", ("person",))
    lines = ["5.1 PC-2024-0117 - Conditional Use Permit, self-storage facility, 2290 Alder Way.",
             "Commissioner Goetz moved to adopt Resolution 2024-31 approving the project; seconded by Commissioner Liu.", line]
    assert line in choose("Which commissioner voted no on the self-storage project?", lines)


def test_a_vote_is_on_the_numbered_item_above_it():
    lines = ["5. PUBLIC HEARINGS", "5.1 PC-2024-0117 - Conditional Use Permit, self-storage facility, 2290 Alder Way.",
             "Associate Planner Whitcombe presented the staff report.",
             "Commissioner Goetz moved to adopt Resolution 2024-31; seconded by Commissioner Liu.",
             "Ayes - Goetz, Liu, Marsh, Reyes; Noes - Nakamura. Motion carried 4-1."]
    assert choose("What was the commission's vote on the Alder Way storage facility?", lines)[0] == lines[4]
    other = ["5.2 PC-2024-0121 - Variance, 14 Pinecrest Court.", "Staff presented the report.",
             "Ayes - all. Motion carried 5-0."]
    assert choose("What was the commission's vote on the Alder Way storage facility?", other) == []
    assert choose("What was the commission's vote on the Pinecrest Court variance?", other) == [other[2]]
