"""Answer kinds (engine/kinds.py): what a question asks for, which lines hold it, and what the
quote, the rerank and the gate do with that — on lines in the forms real schedules, minutes
and ordinances print them."""
import pytest

from conftest import write
from engine import Config, Engine
from engine.chunk import chunk, looks_like_heading
from engine.kinds import money_cells, asked, evidence, found, holds
from engine.quote import choose_lines
from engine.terms import content_terms, question_terms
from engine.types import Line


@pytest.mark.parametrize("question, kind", [
    ("How much is the monthly customer charge on schedule HVG?", "amount"),
    ("What is the fee for a swimming pool permit?", "amount"),
    ("Is there a fee for a dog license?", "amount"),
    ("How many lead service lines were replaced in 2023?", "count"),
    ("What share of the district's water comes from groundwater?", "percentage"),
    ("What annual interest rate did the bank charge on a 3-year loan?", "percentage"),
    ("When does the board meet?", "date"),
    ("What time did the meeting adjourn?", "time"),
    ("How long before an election can signs go up?", "duration"),
    ("How much notice is needed to end the contract?", "duration"),
    ("How wide can a private dock be?", "measure"),
    ("What is the design flow of the plant, in million gallons per day?", "measure"),
    ("Who signed the letter for the utility?", "person"),
    ("Which firm will audit the district's accounts?", "organisation"),
    ("Where was the council meeting held?", "place"),
    ("What outside air temperature do the rules assume for an engine's rating?", "temperature"),
    ("What is the maximum height of a fence in a front yard?", "length"),
    ("What thickness of redwood is allowed for roof decking?", "length"),
    ("What diameter pipe is required for the service line?", "length"),
    ("Who signed the filing for the utility?", "person"),
    ("Which company got the construction contract?", "organisation"),
    ("Which union's initial contract proposal was scheduled for a public hearing?", "organisation"),
    ("Which association runs the community pool?", "organisation"),
    ("What chlorine disinfectant residual did the town report for 2022?", "figure"),
    ("What did Hughes Supply bid for the stop cock boxes?", "amount"),
    ("What did the board approve spending on the three new flag poles?", "amount"),
    ("What was the last radon reading in the basement?", "figure"),
    ("What is the license number for the restaurant?", "code"),
    ("What password do callers enter for the audio conference?", "access"),
    ("What's the Zoom passcode for the council meeting?", "access"),
    ("What is the webinar ID for the hearing?", "access"),
    # forms seen in the tuning sets: wages, rent, per diem name money; an on-peak hour is a time
    ("What was the social security wage base limit for 2011?", "amount"),
    ("What is the monthly base rent for suite 1050?", "amount"),
    ("What is the FY2025 GSA lodging per diem for Key West?", "amount"),
    ("On EPB's GSB rate, what are the on-peak hours during January?", "time"),
    ("tenant share of building operating expenses and taxes", "percentage"),
    ("mauna loa co2 ppm 2024 yearly mean", "figure"),
    ("By what percentage did the number of events fall?", "percentage"),  # the share, not the count
    ("What later closing time did the licensing board approve for the restaurant?", "time"),
    ("Which start time applies to the Tuesday class?", "time"),
    ("Which board members missed the November meeting?", "person"),
    ("ottawa county minneapolis mayor votes 2023", "count"),  # a search-box query ending in "votes"
    ("boston council president race vote totals", "count"),
    ("What dollar figure did the consultant estimate?", "amount"),
    ("What was the combined township millage for commercial property in 2016?", "amount"),
    # a council's precept (England's local levy) and an association's dues are sums of
    # money however the question asks for them ("honorarium" is not: a review's minutes
    # answered "what is the Chair's honorarium?" with "the Chair would continue to waive it")
    ("What precept did the town council raise in the year to March 2018?", "amount"),
    ("What are the annual dues for the county association?", "amount"),
    ("Proposed retail rates: daily base charge for a 2-inch meter starting January 1, 2026?", "amount"),
    ("What phone number do I call with questions about the report?", "phone"),
    ("Do contractors have to attend the pre-bid meeting?", "obligation"),
    ("Is a permit required for a backyard shed?", "obligation"),
    ("Does the city require a deposit for a hydrant meter?", "obligation"),
    # a search-box query names its price anywhere; "what was" needs no "the"
    ("mlgw schedule tgs service charge per delivery point 2021", "amount"),
    ("cleveland public power residential winter rate per kwh first 1000 kwh", "rate"),
    ("city water rate split between base charge and consumption", "percentage"),
    ("What was PG&E's Schedule G-NR2 gas procurement charge per therm effective November 1, 2021?", "amount"),
    ("What was the council vote on Ordinance 2319?", "vote"),
    ("How did the board vote on the budget?", "vote"),
    ("What net income did the company report for its third quarter?", "amount"),
    ("Ambulance cover limit for Plan B of the policy", "figure"),  # a search-box query's limit
    ("When does the water availability charge begin?", "date"),  # "when" asks for a date, price named or not
    ("How much administrative leave can an employee get to donate bone marrow?", "duration"),
    ("oak bay pound fee dog picked up a second time", "amount"),  # "a second time": no time of day
    ("How do I reach Van Buren Public Transit by phone?", "phone"),
    ("senior fare on the Garberville commuter bus", "amount"),  # a fare is a price
    ("report number for the HHS audit of Natrona County", "code"),  # a search-box query naming a number
    ("fine for parking in a no parking zone", "amount"),  # "a no ..." names no number
    ("fare for the number 3 bus", "amount"),
    ("When can I call the utility office by phone?", "time"),  # when, not which number
    ("What was the jobless rate in the Windsor area in March 2024?", "percentage"),  # a share by its name
    # the twenty-eighth pass: forms the three blind cabinets HH, II and JJ asked in
    ("How far ahead do I have to register a sound truck with the police?", "duration"),
    ("How far in advance must the pavilion be booked?", "duration"),
    ("How far out does the elementary walk zone extend?", "measure"),  # a distance
    ("How far before turning must a driver signal?", "measure"),
    ("What seating capacity did the board approve for the cafe?", "count"),
    ("library phone service proposals send to whom", "person"),
    ("To whom are appeals of the decision sent?", "person"),
    ("What are Lakeview, Ohio park hours in the winter?", "time"),
    ("What were the library's hours on Saturdays?", "time"),
    ("What are the hours of operation at the transfer station?", "time"),
    ("sign permit approval time", "duration"),
    ("building permit processing time", "duration"),
])
def test_question_forms_ask_for_their_kind(question, kind):
    assert kind in asked(question)


def test_an_association_named_after_which_asks_no_organisation():
    """"which union" asks a body; "which round was the Darwin Basketball Association funded"
    names the association and asks the round (kinds._SOCIETY: only right after "which")."""
    assert "organisation" not in asked("In which round was Darwin Basketball Association funded, and for how much?")
    assert "organisation" not in asked("Which Union County schools closed early?")  # a place's name
    assert "organisation" not in asked("Which foundation is required for a manufactured home?")  # a house's
    assert "organisation" in asked("Which nonprofits received grants?")
    # a body's name ending in its kind is an organisation's, though the question says the kind
    line = "Hollow Creek Watershed Coalition - stream cleanup - $12,000"
    assert holds(line, ("organisation",), question_terms("Which coalition received funding for stream cleanup?"))


@pytest.mark.parametrize("question", [
    "What color must a private dock be?",
    "Does a small engine need an oil pressure alarm?",
    "What does the energy plan adjustment pay for?",
    "tree removal permit",  # a search-box query naming no price
    "Explain the fee schedule",  # a request, not a search-box query
    "Why did the sewer rate go up?",
    "what does judgment as a matter of law mean",  # "mean" the verb asks for a definition
    "Which ordinances passed with unanimous votes?",  # "votes" closes a question, not a query
    "dog picked up each time",  # how often, no time of day
    "How can I pay other than by phone?",
    "number of votes for mayor",  # a count's "number of", no code (the count is asked by "how many")
    "building code requirements",  # a code of rules, not a code asked for
    "What were police overtime hours in 2017?",  # hours worked: no place's hours
])
def test_questions_that_ask_for_no_kind_in_particular(question):
    assert asked(question) == ()


@pytest.mark.parametrize("line, kind", [
    ("Customer Charge: $1,715.00 per month", "amount"),
    ("copies at fifty (.50) cents per page", "amount"),
    ("TREE CUTTING PERMIT  No Fee", "amount"),
    ("Library Book Fines | 170000 | 165000", "amount"),
    ("the district performed lead monitoring at 44 schools", "count"),
    ("a credit of 20.00 percent will be applicable", "percentage"),
    ("Energy charge 14.523 cents per kWh", "rate"),
    ("The hearing was continued to August 27, 2018 at 7 PM.", "date"),
    ("The Quist bore permit was issued in March.", "date"),
    ("Mayor Smith called the meeting to order at 7:02 p.m.", "time"),
    ("signs may be placed 120 days before the election", "duration"),
    ("No dock shall exceed 12 feet in width.", "measure"),
    ("Lead: 90th percentile 4.1 ppb", "measure"),
    ("Sincerely, Jane Q. Public, Director of Rates", "person"),
    ("the board approved Richardson & Company, LLP as auditor", "organisation"),
    ("The meeting was held at Lloyd Minor Park.", "place"),
    ("Advice Letter 4515-G", "code"),
    ("ambient air temperature = 45°C", "temperature"),
    ("no fence shall exceed six feet in height", "length"),
    ("Unrepresented Employee:  Superintendent Wendy Gudalewicz", "person"),
    ("Permit Administrator:        GEORGE A SWEIKERT", "person"),
    ("/s/ Sharon M. Suzuki", "person"),
    ("a construction contract with Gateway Pacific Contractors, Inc.", "organisation"),
    ("Pre-bid meeting is mandatory", "obligation"),
    ("Attendance at the site visit is optional.", "obligation"),
    ("No permit is required for fences under four feet.", "obligation"),
    ("Motion carried 5-0.", "vote"),
    ("The CAWCD tax rate currently is 10-cents per $100 of assessed value", "amount"),
    ("Allotment plot 12 | 30 pounds", "amount"),  # a currency's name
    ("Ambulance cover: Up to INR 4,000 per hospitalisation", "amount"),
    ("Converts Temperature to 12-Bit Digital Word in 750ms (Max)", "duration"),
    ("Ayes: Smith, Jones, Lee. Nays: none.", "vote"),
    ("The ordinance was adopted unanimously.", "vote"),
    ("The Gas Company", "organisation"),
    # a drafter's number in words with its digits in brackets
    ("At any membership meeting, fifteen (15) percent of the members shall constitute a quorum", "percentage"),
    ("no less than twenty-five (25) percent of the units", "percentage"),
    # a currency sign a PDF prints after the sum (its column's sign, read after the figure)
    ("BASIC CHARGE 7.49$   17.99$   Per Month", "amount"),
    ("Parcel fees 946,181$ 956,651$", "amount"),
    # beside a web address, a line's own values are read
    ("Fee: $3.00 (see http://example.org/fees?page=2)", "amount"),
    ("120 requests were approved", "count"),
    ("Permit|https://x.org/permits|$150.00", "amount"),  # the next cell's sum is the line's
    ("a 5-percent raise", "percentage"),
    # an access code or a code asked reads a web address too (a meeting's link holds its id)
    ("Meeting ID https://zoom.us/j/81234567890", "access"),
    ("https://x.org/permit/AB-1234", "code"),
    ("12 pct", "percentage"),
])
def test_lines_hold_their_kind(line, kind):
    assert kind in found(line)


@pytest.mark.parametrize("line, kind", [
    ("The Customer Charge recovers the costs of metering and billing.", "amount"),
    ("Call the emergency line at 800-895-1999.", "date"),
    ("Members may march in the parade.", "date"),
    ("The council discussed the dock ordinance at length.", "measure"),
    ("Customer charges are invoiced under the customer service policies:", "amount"),
    ("Temperature of cooling water or cooling air local", "temperature"),
    ("Not applicable to emergency generator of less than 220 kW", "temperature"),
    ("1309 S. Mary Avenue  7:30 a.m.", "person"),
    ("Subject: Energy Cost Recovery Factor for February 2021", "person"),
    ("The Honorable Chair and Members", "person"),
    ("Rivergrove City Council Meeting Minutes", "person"),
    ("Kekuanao'a Building, First Floor", "person"),
    ("Subject: West Loop 8-Inch Water Main Replacement - Pre-Bid Meeting", "obligation"),
    ("- Section 17. Mayor's Functions at Council Meetings", "person"),
    # a sentence's opener is no part of a name, and a body's word alone names none
    ("If Council approves the recommended actions, construction is expected to begin", "organisation"),
    ("The Board approved the minutes.", "organisation"),
    # a governing body's members are no firm
    ("Board of Trustees", "organisation"),
    ("(attached to the DBC Construction Agreement amendment at contract execution)", "organisation"),
    # an office is no firm, nor a document's part
    ("3. Authorize the City Manager to award the construction contract to the lowest", "organisation"),
    ("as directed by the Public Works Director", "organisation"),
    ("Contract and General Conditions, the undersigned certifies having examined the RFP,", "organisation"),
    ("in accordance with the Special Provisions and Technical Specifications", "organisation"),
    ("ADOPT ORDINANCE 2319, NEW SERIES, OF THE CITY OF MORGAN HILL", "vote"),
    ("ORDINANCE No. 22-02", "vote"),
    ("III.       Public Forum (5-minute limit per speaker)", "organisation"),  # an agenda item
    # a share is no count, in a sign or in words
    ("gross rent is above 120 percent of the FMR, the request must be submitted to Headquarters.", "count"),
    ("a 12-percent increase", "count"),
    # a web address's figures are an address's ("$fn=default.htm$3.0$vid=" states no fee)
    ("# [JOBS-HOUSING LINKAGE FEE](http://library.amlegal.com/nxt/gateway.dll?f=templates$fn=default.htm$3.0$vid=x)",
     "amount"),
    ("Tilden Regional Park](https://www.google.com/maps/place/@37.8953,-122.2425,17z)", "count"),
    ("SEE HTTPS://X.ORG/FEES$3.0", "amount"),  # in capitals too
    ("Permit|https://x.org/permits?id=150|Apply", "count"),  # up to a cell's bar
    ("two percent of the levy", "count"),
    ("12  percent", "count"),
    # a list's or a section's number is no count
    ("7. EMPLOYEE RETIREMENT SYSTEMS (Continued)", "count"),
    ("(3) Fees are due at filing.", "count"),
    ("the 2021-22 budget", "vote"),
    # years, a span of years and a section's number are no figure a level is given in
    ("samples for the 2009 – 2017 monitoring period", "figure"),
    ("3.1.1.2 Limit for Cataract Surgery", "figure"),
    ("Please call the City of Benson at (520)586-2245.", "figure"),  # a telephone number
    # a list's or a footnote's number in brackets is no share; a sign inside a word or a
    # code, after a formula, a command, a year or a placeholder's 0 is no sum (a review)
    ("see note (3) percentages below", "percentage"),
    ("(3) Percent of applicants approved, by program.", "percentage"),
    ("Non-revenue water (1) % n/a n/a", "percentage"),
    ("Change (1) %", "percentage"),
    ("Account 4410$A | Misc", "amount"),
    ("for this study we assumed $r = 1.5$.", "amount"),
    ("To list failed fee payments, run: grep ' 500$' payments.log", "amount"),
    ("Expense 2022$  2021$", "amount"),
    ("Application fee paid: $__________ (write 0$ if waived)", "amount"),
    ("let x = 125.00$ in the formula", "amount"),
    ("the string '125.00$' in the template", "amount"),
    ("code 125.00$A on the form", "amount"),
    ("BID #2016‐20", "date"),  # a bid's number, its hyphen a Unicode one: no year
])
def test_lines_without_the_kind(line, kind):
    assert kind not in found(line)


def test_the_question_s_own_words_are_no_evidence():
    q = "When was the August 2018 hearing continued?"
    assert not holds("Minutes of August 2018", asked(q), question_terms(q))
    assert holds("continued to August 27, 2018", asked(q), question_terms(q))


def test_the_line_with_the_amount_is_quoted_not_the_lines_that_restate_the_question():
    lines = [(1, "L1", "3. Customer Charge: Calculated monthly, invoiced and collected under"),
             (2, "L2", "the customer service policies of the customer charge schedule:"),
             (3, "L3", "$1,715.00 per month."),
             (4, "L4", "Customer charge policies apply to every customer charge account.")]
    q = "How much is the monthly customer charge?"
    qterms = question_terms(q)
    weights = dict.fromkeys(qterms, 1.0)
    got = choose_lines(lines, qterms, weights, Config(), 3, kinds=asked(q))
    assert "$1,715.00 per month." in [ln.text for ln in got]
    plain = choose_lines(lines, qterms, weights, Config(), 1)  # without kinds: a restatement
    assert plain[0].text != "$1,715.00 per month."


def test_a_label_is_quoted_with_the_value_on_the_next_line():
    lines = [(1, "L1", "Monthly minimum charge:"), (2, "L2", "$12.25 plus the energy adjustment."),
             (3, "L3", "Other charges apply as stated above.")]
    q = "What is the monthly minimum charge?"
    qterms = question_terms(q)
    got = choose_lines(lines, qterms, dict.fromkeys(qterms, 1.0), Config(), 2, kinds=asked(q))
    assert [ln.locator for ln in got] == ["L1", "L2"]


def test_a_wrapped_sentence_is_quoted_whole_within_the_ceiling():
    lines = [(1, "L1", "No private dock on the river shall exceed a total area and"),
             (2, "L2", "no dock shall exceed 12 feet in width."),
             (3, "L3", "Docks shall be painted in earth tones."),
             (4, "L4", "Dock permits are issued by the city recorder.")]
    q = "How wide can a private dock on the river be?"
    qterms = question_terms(q)
    got = choose_lines(lines, qterms, dict.fromkeys(qterms, 1.0), Config(), 3, kinds=asked(q))
    assert [ln.locator for ln in got][:2] == ["L1", "L2"] and len(got) <= 3


def test_a_line_that_only_restates_the_question_gives_way_to_the_one_that_answers():
    """"President for 2026" holds nothing the question does not; the motion line does."""
    from engine.quote.lines import restates

    q = "Who was picked as board president for 2026?"
    qterms = question_terms(q)
    asked_terms = frozenset(qterms)
    assert restates("President for 2026", asked_terms)
    assert not restates("Director Marx was appointed as Board President for 2026.", asked_terms)
    assert not restates("Board President:", asked_terms)  # a label: quoted with its value
    q = "What did the board decide on the president for 2026 at the December meeting?"
    qterms = question_terms(q)
    lines = [(1, "L1", "President for 2026"),
             (2, "L2", "At the December meeting the board appointed Director Marx as president.")]
    weights = dict.fromkeys(qterms, 1.0)
    got = choose_lines(lines, qterms, weights, Config(), 1)
    assert [ln.locator for ln in got] == ["L2"]
    off = choose_lines(lines, qterms, weights, Config(line_restate_cut=0.0), 1)
    assert [ln.locator for ln in off] == ["L1"]  # without the rule, the restatement won


def test_a_paragraph_wrapped_inside_a_name_is_quoted_with_its_first_half():
    """Prose wraps anywhere, also between the words of a name: the line that begins with
    "Contractors, Inc." takes the line before it, which holds "Gateway Pacific"."""
    lines = [(1, "L1", "Director Tobin moved to authorize the Director of Engineering"),
             (2, "L2", "Services to sign a construction contract with Gateway Pacific"),
             (3, "L3", "Contractors, Inc. for the construction of the Kokila Reservoir"),
             (4, "L4", "Replacement Project and to authorize the Director of Engineering")]
    q = "Which company got the construction contract for the Kokila Reservoir?"
    qterms = question_terms(q)
    got = choose_lines(lines, qterms, dict.fromkeys(qterms, 1.0), Config(), 2, kinds=asked(q))
    assert [ln.locator for ln in got] == ["L2", "L3"]  # two lines allowed: the best two of the unit


def test_a_title_case_heading_is_not_taken_as_the_start_of_the_line_below():
    from engine.quote.lines import _prose

    assert not _prose("Determination of Onpeak and Offpeak Hours")
    assert not _prose("Area Accessory Development Permit | $100 | per application")
    assert _prose("Services to sign a construction contract with Gateway Pacific")
    lines = [(1, "L1", "Determination of Onpeak and Offpeak Hours"),
             (2, "L2", "April, May, June, July, August, September and October: Onpeak: 2pm to 8pm EST")]
    q = "When are onpeak hours in April?"
    qterms = question_terms(q)
    got = choose_lines(lines, qterms, dict.fromkeys(qterms, 1.0), Config(), 1, kinds=asked(q))
    assert [ln.locator for ln in got] == ["L2"]


def test_width_meets_wide():
    assert "width" in question_terms("How wide can a dock be?")
    assert "height" in question_terms("How high can a fence be?")
    assert "height" in question_terms("How tall can a house be?")


def test_a_question_asking_for_a_named_dimension_wants_its_units():
    q = "What ambient temperature do the rules assume?"
    assert asked(q) == ("temperature",)
    assert not holds("Temperature of cooling air (1) below 220 kW and a bore of 300 mm", asked(q),
                     question_terms(q))
    assert holds("ambient air temperature = 45°C", asked(q), question_terms(q))


def test_how_many_of_a_unit_asks_a_measure_in_metric_units_too():
    """"How many tonnes" asks a weight, not a count: a line with a day's count ("observed on
    1 day in 2021") or a level in µg/m3 is no answer to it."""
    for q in ("How many tonnes of waste did the city recycle in 2021?",
              "How many kilometres of cycle path were built?", "How many square yards of milling are in it?",
              "How many litres does the tank hold?", "How many hectares is the reserve?"):
        assert asked(q) == ("measure",), q
    q = "How many tonnes of waste did the city recycle in 2021?"
    assert not holds("The maximum level of 89μg/m3 was only observed on 1 day in 2021.", asked(q),
                     question_terms(q))
    assert holds("Waste recycled: 3.51 million tonnes", asked(q), question_terms(q))


def test_headings_open_passages_and_page_headers_join_their_pages():
    pages = []
    for p in (1, 2):
        rows = ["SCHEDULE HVG HIGH VOLTAGE GENERAL", f"Page {p} of 2"]
        if p == 1:
            rows += ["Service is available to customers at transmission voltage with contracts "
                     "signed after the effective date of this schedule and its riders."] * 3
            rows += ["9. Docks.", "a. Docks shall be painted in earth tones."]
        else:
            rows += ["b. No dock shall exceed 12 feet in width.", "B. MONTHLY RATE.",
                     "Customer Charge $1,715.00 per month"]
        pages += [Line(t, f"p{p}:L{i}", f"p{p}", i) for i, t in enumerate(rows, 1)]
    ps = chunk(pages, "h", Config())
    docks = next(p for p in ps if p.text.startswith("9. Docks."))
    assert docks.text.startswith("9. Docks.")  # the heading opens its passage
    width = next(p for p in ps if "12 feet" in p.text)
    assert "9. Docks." in width.context  # the list keeps its heading across the page break
    rate = next(p for p in ps if "1,715.00" in p.text)
    assert rate.text.startswith("B. MONTHLY RATE.")
    assert "SCHEDULE HVG HIGH VOLTAGE GENERAL" in rate.context  # the page header
    assert looks_like_heading("B. MONTHLY RATE.") and not looks_like_heading("Customer Charge $1,715.00")


def _charges(d):
    """A folder whose topic passage (policy.txt) names the charge and whose amount is elsewhere."""
    write(d, "policy.txt",
          "The customer charge recovers metering, billing and customer service costs.\n"
          "The customer charge is set by the board for every customer class.\n")
    write(d, "rates.txt", "Customer charge, small business: $18.00 a month, billed monthly.\n")
    return d


def test_a_winner_without_the_asked_kind_gives_way_or_is_refused(tmp_path):
    d = _charges(tmp_path / "cabinet")
    cfg = Config(score_floor_lexical=0.0, coverage_floor=0.0)
    with Engine(d, index=tmp_path / "i.sqlite", config=cfg, embed_model="none") as eng:
        a = eng.ask("How much is the customer charge?", explain=True)
        assert a.answered and a.citations[0].path == "rates.txt", a.to_dict()
    # a passage of another document that says less of the question does not (covers_as_well)
    write(d, "rates.txt", "Small business customers: $18.00 a month, billed monthly.\n")
    with Engine(d, index=tmp_path / "k.sqlite", config=cfg, embed_model="none") as eng:
        assert eng.ask("How much is the customer charge?").refusal.reason == "no_answer_kind"
    only = tmp_path / "only"
    write(only, "policy.txt", "The customer charge recovers metering and billing costs.\n")
    with Engine(only, index=tmp_path / "j.sqlite", config=cfg, embed_model="none") as eng:
        b = eng.ask("How much is the customer charge?", explain=True)
        assert not b.answered and b.refusal.reason == "no_answer_kind"
        assert "an amount" in b.refusal.message
        assert b.to_dict()["gate"]["passed"] is False


def test_a_who_question_is_refused_rather_than_answered_with_a_heading(tmp_path):
    d = tmp_path / "cabinet"
    write(d, "agenda.txt", "Westfield School District Board Agenda\nApril 6, 2016\n1309 Mary Avenue\n")
    cfg = Config(score_floor_lexical=0.0, coverage_floor=0.0)
    with Engine(d, index=tmp_path / "i.sqlite", config=cfg, embed_model="none") as eng:
        a = eng.ask("Who chaired the Westfield School District board on April 6, 2016?")
        assert not a.answered and a.refusal.reason == "no_answer_kind", a.to_dict()
        write(d, "minutes.txt", "Westfield School District board, April 6, 2016.\n"
                                "Board President Josephine Lucey chaired the meeting.\n")
        eng.refresh()
        b = eng.ask("Who chaired the Westfield School District board on April 6, 2016?")
        assert b.answered and "Josephine Lucey" in b.citations[0].lines[-1].text, b.to_dict()


def test_only_passages_that_could_reach_the_top_are_read_for_the_kind_and_the_top_is_unchanged():
    import random

    from engine.rerank import KIND_REACH, within_reach
    rng = random.Random(7)
    for trial in range(200):
        n = rng.randint(1, 300)
        pre = [round(rng.uniform(0, 2), 3) for _ in range(n)]
        group = [rng.random() < 0.7 for _ in range(n)]
        holds_kind = [rng.random() < 0.4 for _ in range(n)]
        bonus = 0.15

        def top(read):
            final = [pre[i] + (bonus if holds_kind[i] and i in read else 0.0) for i in range(n)]
            order = sorted(range(n), key=lambda i: (not group[i], -final[i], i))
            return order[:KIND_REACH]

        read = set(within_reach(pre, group, bonus))
        assert top(read) == top(set(range(n)))  # reading every passage changes nothing up top
        if n > 3 * KIND_REACH:
            assert len(read) < n  # and fewer passages are read than the whole pool


def test_calibration_judges_the_winner_the_gate_chose_and_the_candidate_after_it(tmp_path):
    from engine.gate.calibrate import measure
    from engine.golden import Case, Expect
    d = _charges(tmp_path / "cabinet")
    write(d, "other.txt", "Water customers pay by meter size; see the customer charge table.\n")
    zero = Config(score_floor=0.0, score_floor_lexical=0.0, coverage_floor=0.0)
    case = Case("c", "How much is the customer charge?", (Expect("rates.txt", "$18.00"),))
    with Engine(d, index=tmp_path / "i.sqlite", config=zero, embed_model="none") as eng:
        a = eng.ask(case.question, explain=True, candidates=10)
    cands = a.candidates
    assert cands[0].path != "rates.txt" and a.citations[0].path == "rates.txt"
    at = next(i for i, c in enumerate(cands) if c.path == "rates.txt")
    p = measure(case, a, 3, zero)
    assert (p.score, p.coverage) == (cands[at].score, cands[at].coverage)
    after = cands[at + 1] if len(cands) > at + 1 else None
    assert p.runner_score == (after.score if after else None)
    assert p.alone == (True, True)


def test_the_prefix_factored_word_list_matches_exactly_its_words():
    """kinds._trie must accept the very strings the plain alternation accepts: every word, and
    none of their prefixes, extensions or neighbours that are not words themselves."""
    import re

    from engine.kinds import _NOT_NAMES, _trie

    words = _NOT_NAMES.split("|")
    factored = re.compile(rf"(?i:{_trie(words)})\Z")
    plain = re.compile(rf"(?i:{_NOT_NAMES})\Z")
    probes = set(words)
    for w in words:
        probes.update({w[:i] for i in range(1, len(w))})
        probes.update({w + "s", w + "x", w.upper(), w.title(), "x" + w, w[1:]})
    assert len(probes) > 2000
    for p in sorted(probes):
        assert bool(factored.match(p)) == bool(plain.match(p)), p
    assert factored.match("Avenue") and factored.match("re") and not factored.match("rex")


def test_the_name_detector_keeps_its_matches_on_names_and_headings():
    """The detector's spans on lines of the kinds it was built for (issue 14), unchanged by
    the faster pattern: names found, title-case headings and place words not."""
    from engine.kinds import _DETECT

    person = _DETECT["person"]
    spans = {text: [m.group(0) for m in person.finditer(text)] for text in (
        "Moved by Councilor Maria Lopez, seconded by Dr. Chen.",
        "Signed: Wendy Gudalewicz, Superintendent",
        "Energy Cost Recovery Factor applies to Mary Avenue customers.",
        "JOHN Q SMITH, Clerk",
        "The Regular Meeting of the City Council was held in Council Chambers.",
    )}
    assert spans == {
        "Moved by Councilor Maria Lopez, seconded by Dr. Chen.": ["Councilor Maria", "Dr. Chen"],
        "Signed: Wendy Gudalewicz, Superintendent": ["Wendy Gudalewicz"],
        "Energy Cost Recovery Factor applies to Mary Avenue customers.": [],
        "JOHN Q SMITH, Clerk": ["JOHN Q SMITH"],
        "The Regular Meeting of the City Council was held in Council Chambers.": [],
    }


def test_lines_ocr_read_below_the_floor_are_never_quoted():
    """OCR's confidence per line seq: the label's value read at 40 (below the floor) is not
    quoted, and then neither is its label (the charge without its amount); a line below the
    floor that is not chosen changes nothing; at 97 the value is quoted, with its confidence."""
    from engine.readers.ocr import QUOTE_FLOOR

    lines = [(1, "L1", "Monthly minimum charge:"), (2, "L2", "$12.25 plus the energy adjustment."),
             (3, "L3", "Other charges apply as stated above.")]
    q = "What is the monthly minimum charge?"
    qterms = question_terms(q)
    weights = dict.fromkeys(qterms, 1.0)
    assert 40.0 < QUOTE_FLOOR < 97.0
    low = choose_lines(lines, qterms, weights, Config(), 2, kinds=asked(q), ocr={1: 98.0, 2: 40.0})
    assert low == []  # the label alone would name the charge without its amount: nothing
    other = choose_lines(lines, qterms, weights, Config(), 2, kinds=asked(q), ocr={1: 98.0, 2: 98.0, 3: 40.0})
    assert [ln.locator for ln in other] == ["L1", "L2"]  # a line not chosen may be unsure
    high = choose_lines(lines, qterms, weights, Config(), 2, kinds=asked(q), ocr={1: 98.0, 2: 97.0})
    assert [(ln.locator, ln.ocr) for ln in high] == [("L1", 98.0), ("L2", 97.0)]
    none = choose_lines(lines, qterms, weights, Config(), 2, kinds=asked(q), ocr={1: 10.0, 2: 10.0, 3: 10.0})
    assert none == []
    text = choose_lines(lines, qterms, weights, Config(), 2, kinds=asked(q))
    assert [ln.locator for ln in text] == ["L1", "L2"] and all(ln.ocr is None for ln in text)


@pytest.mark.parametrize("question", [
    "Why do part-time employees pay higher premiums in the spring?",
    "So why is the sewer fee higher this year?",
    "For what reason was the permit fee waived?",
])
def test_a_why_question_asks_for_a_reason_not_a_figure(question):
    assert asked(question) == ()


@pytest.mark.parametrize("line", [
    "On November 7, 2018, the agency issued a notice",
    "at the 7 May meeting",
    "the 21st of October",
    "Adopted this 10th day of December, 2018",
    'Attested on this 10" day of December 2018',  # a raised "th" printed as a quote mark
])
def test_a_day_of_the_month_is_no_count(line):
    assert not holds(line, ("count",))


def test_a_count_beside_a_month_word_elsewhere_still_counts():
    assert holds("In November, 7 members voted yes", ("count",))


@pytest.mark.parametrize("line, counted", [
    ("Replace the 8-inch main on Oak Street", False),   # a measure
    ("a setback of 12 feet from the lot line", False),
    ("Location: Town Hall, 214 Grand Ave", False),     # an address
    ("interior renovations for a ~5,000 SF accounting office", False),  # square feet
    ("a 1,200 sq ft addition", False),
    ("The preliminary plat proposes 45 SF lots on 30 acres.", True),  # single-family lots
    ("The project proposes 45 homes", True),
    ("The garage adds 12 units", True),
    # a span of time counts no things, its number in words or in brackets ...
    ("speakers get three (3) minutes", False),
    ("officers hold office for one (1) year", False),
    ("a Board of at least three (3) but not more than seven (7) directors", True),
])
def test_a_measure_or_an_address_is_no_count(line, counted):
    assert holds(line, ("count",)) is counted


def test_a_span_of_time_counts_when_its_unit_is_what_is_counted():
    # ... unless the question counts that unit ("how many minutes do speakers get?")
    assert holds("speakers get three (3) minutes", ("count",), question_terms("how many minutes do speakers get?"))


@pytest.mark.parametrize("question", [
    "What fluoride range does the district keep its water in?",
    "What was the lead 90th percentile in the 2022 report?",
    "What is the maximum contaminant level for arsenic?",
    "What was the highest nitrate level detected?",
])
def test_a_level_limit_or_range_asks_for_a_figure(question):
    assert "figure" in asked(question)


@pytest.mark.parametrize("line, held", [
    ("Fluoride  0.6 - 1.2  optimal", True),   # a range without a unit
    ("Lead  ND  ND", True),                   # a laboratory's "not detected"
    ("Nitrate 0.12", True),
    ("See Section 4", False),                 # a number that names
    ("Measured on November 7", False),        # a day
    ("Fluoride in drinking water", False),
])
def test_a_figure_is_any_number_however_written(line, held):
    assert holds(line, ("figure",)) is held


@pytest.mark.parametrize("line, held", [
    ("Nkechi Okonkwo, Director of Finance", True),        # an office after the name vouches for it
    ("Adaeze Obi  Chief Financial Officer", True),         # ... or after a table's gap
    ("MAYOR ELAINE KIBBEY", True),                         # a title in capitals
    ("JOHN SMITH, Chair", True),                           # a first name and a surname in capitals
    ("Prepared by Yusuf Abernathy-Kole", True),            # a hyphenated surname
    ("Capital Projects Manager", False),                   # a Title Case heading with an office word
    ("ANNUAL FINANCIAL REPORT", False),
    ("SAN FRANCISCO UNIFIED SCHOOL DISTRICT", False),
])
def test_more_forms_of_a_person_s_name(line, held):
    assert holds(line, ("person",)) is held


@pytest.mark.parametrize("line, held", [
    ("wastewater effluent is discharged to the Hudson River.", False),  # a river, not a person
    ("Samples were taken at Crater Lake and Idaho Falls", False),
    ("Hudson Smith, Plant Operator", True),                           # the first name still names
])
def test_a_water_or_landform_is_no_person(line, held):
    assert holds(line, ("person",)) is held


_COOLING = "How much is Cleveland paying Synergy to replace the cooling towers?"


@pytest.mark.parametrize("line, held", [
    ("Cooling Towers Replacement, including a $30,770.00 contingency allowance, all items", False),
    ("for the cooling towers; a $500 deposit is due with the bid", False),
    ("amount of $338,470.00, is affirmed", True),                 # no article: the sum itself
    ("Synergy is paid a $338,470.00 total for the cooling towers", True),  # a word of scale
    ("a $25 fee is charged for the cooling tower permit", True),  # a word asking for an amount
    ("the $4.3 million payment to Synergy", True),
])
def test_an_amount_an_article_gives_to_another_thing_is_not_the_one_asked(line, held):
    assert holds(line, ("amount",), content_terms(_COOLING)) is held


def test_a_value_of_the_asked_kind_answers_the_word_that_asks_for_it(tmp_path):
    d = tmp_path / "minutes"
    write(d, "minutes.txt", "The board approved Richardson & Company, LLP as the independent "
                            "auditor for fiscal year 2025.\n\n"
                            "The board approved the auditor's engagement letter.\n")
    q = "Which firm did the board approve as the independent auditor?"
    seen = {}
    for on in (1, 0):
        cfg = Config(kind_words_cover=on)
        with Engine(d, index=tmp_path / f"i{on}.sqlite", config=cfg, embed_model="none") as eng:
            a = eng.ask(q, explain=True)
            top = next(c for c in a.candidates if c.locator.startswith("L1"))
            seen[on] = (top.coverage, top.unmatched, a)
    # "firm" is missing from the passage, but the firm's name it holds answers it
    assert seen[1][0] > seen[0][0], seen
    assert "firm" in seen[1][1]  # still named as missing, for --explain
    answer = seen[1][2]
    assert answer.answered and "Richardson & Company, LLP" in answer.citations[0].lines[0].text


def test_a_word_is_answered_only_by_a_value_of_its_own_kind(tmp_path):
    # "size" and "number" name a topic or another kind: a fee answers neither
    d = tmp_path / "fees"
    write(d, "fees.txt", "Building permit (city fee) $10.00 for a house on a lot.\n")
    q = "What is the minimum lot size for building a house?"
    seen = []
    for on in (1, 0):
        with Engine(d, index=tmp_path / f"j{on}.sqlite", config=Config(kind_words_cover=on),
                    embed_model="none") as eng:
            seen.append(eng.ask(q, explain=True).candidates[0].coverage)
    assert seen[0] == seen[1]


@pytest.mark.parametrize("question, kinds", [
    ("yonkers wastewater plant air permit expiration date", ("date", "time")),
    ("rivergrove tree removal permit cost now", ("amount", "rate")),
    ("council meeting time", ("time",)),
    ("county recorder office address", ("place",)),
    ("What's the longest a type approval certificate stays valid?", ("duration", "measure")),
])
def test_a_search_box_query_asks_for_the_noun_it_ends_with(question, kinds):
    assert asked(question) == kinds


def test_a_query_that_ends_with_a_topic_asks_for_no_kind():
    assert asked("rivergrove tree removal permit") == ()


@pytest.mark.parametrize("line, counted", [
    ("Service Bulletin 737-27-1318, Revision 1, dated June 24, 2020.", False),  # a label
    ("the trail follows State Route 66 west", False),                           # a name
    ("Approximately 73 airplanes of U.S. registry.", True),  # opens the line: no name
    ("The Board appointed 3 members to the committee.", True),  # "appointed": lower case
    ("Present: 5 commissioners", True),                      # after a colon: a count
])
def test_a_number_after_a_capitalised_word_inside_a_sentence_names(line, counted):
    assert holds(line, ("count",)) is counted


def test_a_row_s_bare_numbers_under_a_unit_or_an_identifier_are_no_money():
    header = "Index | CWNS_No | Design Flow (MGD) | City | State | Budget | Electricity Utility"
    row = "88 | 27000001001 | 218 | St Paul | MN | 1500 | Xcel Energy"
    assert money_cells(row, header) == " |  |  | St Paul | MN | 1500 | Xcel Energy"
    # a reader leaves an empty cell out: the header one further on may be the cell's
    assert money_cells("88 | 218 | St Paul | MN | Xcel Energy", header) == " |  | St Paul | MN | Xcel Energy"
    # a column named for money keeps its numbers; a row that does not line up is as it was
    assert money_cells("FY22-23 | Parks | 236216", "Fiscal Year | Department | Amount") == "FY22-23 | Parks | 236216"
    assert money_cells("1 | 2", "A | B | C | D | E | F") == "1 | 2"
    # a measure named by its "-age" noun heads no sums ("Acreage"), as its unit would
    assert money_cells("Riverside Park | 191 | Regional", "Name | Acreage | Type") == "Riverside Park |  | Regional"


def test_how_much_something_costs_or_pays_asks_for_money_not_a_share():
    assert asked("How much does the insurer pay the surgeon for a gastric bypass?") == ("amount", "rate")
    assert "percentage" in asked("How much of the water is groundwater?")


def test_an_access_code_is_answered_only_by_the_label_asked():
    q = question_terms("What's the Zoom passcode for the council meeting?")
    assert holds("Passcode: 812345", ("access",), q)
    assert holds("Password: abc123", ("access",), q)  # one label, two words
    assert not holds("Webinar ID: 812 3456 7890", ("access",), q)  # an id is no passcode
    assert not holds("Join the Zoom meeting at 6:00 p.m.", ("access",), q)
    assert holds("Webinar ID: 812 3456 7890", ("access",), question_terms("What is the webinar ID?"))
    assert holds("Questions? Call (520) 586-2245.", ("phone",))
    assert asked("What is the monthly cell phone stipend?") != ("phone",)  # a phone, not its number


@pytest.mark.parametrize("line, question, counted", [
    ("flush your tap for 2 minutes before drinking", "How many schools were tested for lead?", False),
    ("give 30 days notice before the hearing", "How many schools were tested for lead?", False),
    ("give 30 days notice before the hearing", "How many days of notice are required?", True),
    ("monitoring was done at 44 schools", "How many schools were tested for lead?", True),
])
def test_a_span_of_time_counts_only_what_the_question_counts(line, question, counted):
    assert holds(line, ("count",), question_terms(question)) is counted


def test_an_address_or_an_identifier_holds_no_figure():
    assert not holds("visit Benson City Hall 120 West 6th Street.", ("figure", "count"))
    assert not holds("AZ04-02-005 City of Benson Water System", ("figure",))
    assert holds("Arsenic (ppb) N 8.9 2-10", ("figure",))


def test_a_total_asks_for_a_figure():
    assert "figure" in asked("What was the township's total net position at March 31, 2023?")
    assert "figure" in asked("bridgestone total employees worldwide end of 2022")


def test_a_month_or_a_word_of_a_heading_in_capitals_is_no_code():
    assert not holds("APRIL 1, 2022 and ending MARCH 31, 2023.", ("code",))
    assert not holds("TOTAL APPROPRIATIONS", ("code",))
    assert holds("ORDINANCE No. 22-02", ("code",))
    assert holds("Rate Schedule TSL applies to traffic signals", ("code",))
    assert asked("What is the ordinance number of the road district's budget ordinance?") == ("code",)


def test_an_inch_mark_makes_a_measure():
    assert holds("trees shall be 6” DBH or 18 7/8” circumference", ("measure",))
    assert holds('2" meter', ("measure",))
    assert not holds("trees shall be measured at breast height", ("measure",))


def test_negations_and_bounds_are_read_as_words_say_them():
    from engine.quote.lines import sibling
    assert sibling("Inactive employees 16", "how many active employees", ()) == ("inactive", "active")
    assert sibling("Active employees 12", "how many inactive employees", ()) == ("active", "inactive")
    assert sibling("net income of the city", "what did the city come up with", ()) is None  # no negation
    assert sibling("the union members", "what did the ion", ()) is None
    assert sibling("customers using less than 1,000 kWh", "customers using 1000 kWh or more", ()) \
        == ("under 1000", "1000 or more")
    assert sibling("equal to or in excess of 37 kW", "engines over 37 kW", ()) is None


def test_days_listed_after_a_month_and_a_program_s_year_are_no_counts():
    assert not holds("That the statement of accounts dated: April 3, 8, 12, 15, and 24, 2025.", ("count", "figure"))
    assert not holds("compared with year 1.", ("count",))
    assert holds("We held 12 workshops on May 5.", ("count",))


def test_insurance_sums_and_cents_ask_for_money():
    assert asked("What is the annual deductible on the PPO plan?") == ("amount", "rate")
    assert asked("How many cents per mile does the city reimburse?") == ("amount", "rate")


def test_how_much_more_someone_will_pay_asks_for_money():
    assert asked("How much more will the owner of a $216,000 home pay in taxes?") == ("amount", "rate")


def test_a_grouped_number_with_cents_is_a_sum_and_10k_is_ten_thousand():
    from engine.score import _form_key
    assert holds("8000 - CI Fiscal Sponsorship Fee 30,921.14 24,333.80 101,214.94", ("amount",))
    assert not holds("Population 12,345 people", ("amount",))
    assert not holds("Design flow 1.25 MGD", ("amount",))
    assert _form_key("10k") == _form_key("10,000") == _form_key("10000")
    assert _form_key("2.5k") == _form_key("2,500")


def test_a_table_cell_saying_how_a_vote_went_is_a_vote():
    assert holds("article15 | ARTICLE 15 - ZONING BYLAW AMENDMENT | 137 | 82 | 0 | Fail | 24-April-2019", ("vote",))
    assert holds("article29 | REGULATION OF POLYSTYRENE | 192 | 3 | 0 | Pass", ("vote",))
    assert not holds("The pass was closed for the winter.", ("vote",))


def test_a_formula_s_operands_and_a_note_s_star_are_no_figures():
    assert not holds("(*3) ROE (Return on Equity) = Profit / ((Previous equity + current equity) /2)*100",
                     ("count", "figure"))
    assert holds("Employees 138,036 | 129,262", ("count", "figure"))
    assert asked("How much did the district bring in from parcel fees in 2021?") == ("amount", "rate")


def test_a_question_giving_the_code_asks_for_no_code():
    assert asked("what area code is 949") == ()
    assert asked("Which CPT code does the policy list for a sleeve gastrectomy?") == ("code",)


def test_a_short_label_and_a_sum_in_cents_is_an_amount():
    assert holds("Biweekly 80.80", ("amount",))
    assert not holds("The rate rose to 80.80 after the hearing in May", ("amount",))


def test_a_label_naming_its_unit_in_brackets_gives_its_value_that_unit():
    assert holds("Lot Area Minimum (ft²) 8,000", ("area",))
    assert holds("Design Flow (MGD) 2.5", ("measure",))
    assert holds("Capital outlay ($) 12,400", ("amount",))
    assert not holds("Lot Area Minimum (ft²) 8,000", ("amount",))  # a square foot is no sum
    assert not holds("Vehicles listed in paragraph (g) 5 are exempt", ("weight",))  # an enumerator
    assert not holds("Fences described in item (iv) 3 need no permit", ("length", "voltage"))
    assert holds("Manufactured homes with a minimum 1,000 ft² of floor area.", ("area",))


def test_a_tally_ends_a_sentence_or_a_clause_and_a_long_subject_still_votes():
    assert holds("The motion passed 5-0.", ("vote",))
    assert holds("The board vote 4-1, with Smith absent", ("vote",))
    assert not holds("See section 3-1.2 of the code", ("vote",))
    assert not holds("Children's program for ages 5-12.", ("vote",))  # a range, no tally
    assert not holds("Hours: 9-5, Monday to Friday", ("vote",))
    assert asked("How did the Tulsa public works committee vote on the budget transfer?") == ("vote",)


def test_weighing_and_a_search_opening_on_a_statistic_ask_for_figures():
    assert asked("What does the bench power supply weigh?") == ("weight",)
    assert holds("Weight 2 kgs", ("weight",))
    assert "figure" in asked("highest airspeed the aeronautical module can generate")
    assert "figure" not in asked("Max Weber's birthplace")  # a name, no statistic
    # a figure in brackets after its word is read with the unit after the bracket
    assert not holds("may request a period of less than (3) months", ("count",))
    assert holds("composed of nine (9) Club members", ("count",))


def test_one_of_a_set_and_a_fraction_count_nothing():
    assert not holds("One of our most significant achievements was charitable status", ("count",))
    assert not holds("one or more members may object", ("count",))
    assert not holds("a two-thirds vote of the board", ("count",))
    assert not holds("one half of the members present", ("count",))
    assert holds("the board has one member from each ward", ("count",))


def test_an_example_s_figures_are_no_answer(tmp_path):
    """A rate page explains its structure with an example ("Example" / "An annual water
    budget of $100,000 would require $77,000 ..."): those figures illustrate the rule and
    answer no question on what the rate is, so a page whose only figures are an example's
    quotes nothing. The lines after the example's heading are the page's own again from the
    next heading; a question asking for the example gets it."""
    from conftest import write
    from engine import Engine
    from engine.kinds import examples
    lines = ["Example", "An annual water budget of $100,000 would require $77,000 in base revenue.",
             "Current Rates", "Base rate per meter: $25.00 per month"]
    assert examples(lines) == [True, True, False, False]
    # an opener that supposes is an example; one that states a fact is not
    assert examples(["For example, a home assessed at $200,000 would pay $500.", "Meters are read monthly."]) == [True, False]
    assert examples(["For example, Brookfield charges $11.50 per ERU."]) == [False]
    # under a heading, the example runs to its first sentence's end: the rates after are real
    assert examples(["Example", "A customer using 10 ccf", "pays $31.50.", "Base rate: $28.40 per month"]) == \
        [True, True, True, False]
    assert examples(["Example", "Current rates:", "Base rate per meter: $28.40"]) == [True, True, False]
    assert examples(lines, ["exampl"]) == [False] * 4
    d = tmp_path / "docs"
    write(d, "water_rates.html.txt", "Water Rate Structure\nThe water base rate pays for the system's fixed costs.\n"
          "Example\nAn annual water budget of $100,000 would require $77,000 in revenue from the base rate"
          " and $23,000 from the monthly consumptive rate per meter.\n")
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("What is the current monthly water base rate per meter?")
        assert not a.answered, a.to_dict()
        b = eng.ask("In the example, how much revenue would the base rate generate?")
        assert b.answered and "$77,000" in b.citations[0].lines[0].text, b.to_dict()


@pytest.mark.parametrize("question", [
    "What did bidders have to include with the bid?",  # a bid the noun: no sum asked
    "What did bidders submit with their bid bond?",
    "What is the admission policy for seniors?",
    "What were the admission requirements?",
])
def test_a_bid_or_an_admission_named_asks_for_no_sum(question):
    assert "amount" not in asked(question)


def test_an_example_line_is_not_the_line_quoted():
    """The line with the asked kind is chosen over an example's line that says more of the
    question (quote/lines._held reads kinds.examples), and a value a line break cuts in two
    inside an example is still the example's."""
    from conftest import choose
    rates = ["Example", "A customer with a 3/4 inch meter would pay a base rate of $25.00 per month.",
             "Current rates", "Meter charge: $31.40"]
    assert choose("What is the monthly base rate for a 3/4 inch meter?", rates, limit=1) == ["Meter charge: $31.40"]
    terms = ["Example", "A sidewalk cafe permit issued this spring would run an initial term of at least 5",
             "years, renewable on request.", "Current terms", "Permits run 3 years."]
    assert choose("How long does a sidewalk cafe permit term run?", terms, limit=1) == ["Permits run 3 years."]


def test_a_sum_with_its_sign_is_no_part_of_a_name():
    q = question_terms("What is the monthly base charge for a home with a 1 inch water meter?")
    assert holds("1” Meter $52.90 Monthly Base Service Fee", ("amount", "rate"), q)
    # a figure inside a name the question gives still is ("West Loop 8-Inch Water Main")
    assert not holds("West Loop 8-Inch Water Main", ("measure",), question_terms("when will the west loop water main be replaced"))



def test_a_price_s_rate_asks_no_share():
    assert asked("What is the water rate?") == ("amount", "rate")


def test_a_total_named_by_whose_it_is_asks_for_a_figure():
    # however many words say whose total it is (the form asked for nothing before)
    assert "count" in asked("What was the Cypress Police Department's annual total of calls for service in 2020?")
    assert "count" in asked("What is the city's total?")  # the plain form, as before
    # "total number of" asks a count, not a code's number
    assert asked("What was the library's total number of visits?") == ("count",)
    assert asked("What was the total number of visits?") == ("count",)


def test_what_a_body_charges_for_a_thing_is_a_sum():
    assert asked("What does Tulare County Federal Credit Union charge for a domestic wire, sent or received?") \
        == ("amount", "rate")
    assert asked("What does the bank charge for each returned check?") == ("amount", "rate")


def test_the_most_one_can_be_fined_is_a_sum():
    assert asked("What's the most you can be fined for breaking the noise bylaw?") == ("amount", "rate")
    assert asked("What is the least a member pays for a locker?") == ("amount", "rate")
    # the most of something else is no sum
    assert "amount" not in asked("Which park is the most visited?")


def test_a_credit_rating_asks_for_a_rating_on_the_agencies_scales():
    """A credit rating is a code of its own ("AA+", "Aa2"), not a rate or a share: a line on
    the rating's outlook that gives none ("S&P expects the City's strong financial management
    will allow ...") is no answer; a lone capital A or B is a letter, not a rating."""
    for q in ("windsor ontario credit rating s&p", "What rating does Moody's give the City of Windsor?",
              "How does S&P rate the county's bonds?", "What is the city's bond rating?"):
        assert asked(q) == ("rating",), q
    assert asked("What is the tax rate?") != ("rating",)
    assert "rating" not in asked("What inspection rating did the restaurant get?")
    for line in ("Issuer Credit Rating AA+/Stable/--", "Moody's assigned its Aa2 rating", "rated 'BBB-' by Fitch",
                 "Short-term rating SP-1+", "rated double-A by S&P", "Kroll has not rated the City", "NR"):
        assert holds(line, ("rating",)), line
    for line in ("S&P Global Ratings expects the City of Windsor's strong financial management will allow",
                 "Plan A and Plan B are both offered", "Rating agencies review the city each June"):
        assert not holds(line, ("rating",)), line


def test_which_route_asks_for_a_route_s_number():
    """"Which two bus routes were eliminated" asks for routes by their numbers: "NFTA Metro
    operates bus and rail service on Local, School, Metrolink, and Express routes" names
    none. A route's changes, map or schedule, or its number as a code, ask no route."""
    for q in ("Which two bus routes did the authority propose to eliminate?", "Which route serves the airport?",
              "RTD August 2017 which route loses early morning and late evening service"):
        assert asked(q) == ("route",), q
    assert asked("What route changes did the district propose?") == ()
    assert "route" not in asked("What route will the parade take through downtown?")  # streets
    assert asked("Which bus route should I take to the airport?") == ("route",)
    for q in ("What was Route 7 ridership in Q3 2023?", "What was Route 4 Airport ridership in Q3 2024?"):
        assert "route" not in asked(q), q  # a route the question names: its ridership asked
    assert asked("What state route number is Cheyney Road in the paving list?") == ("code",)
    for line in ("NFTA proposes eliminating Route 27 and Route 57", "Routes 27 and 57", "Rte. 9 bridge",
                 "Route 46 – South Dahlia Street: discontinue early morning service"):
        assert holds(line, ("route",)), line
    for line in ("operates bus and rail service on Local, School, Metrolink, and Express routes",
                 "route service hours fell by a quarter"):
        assert not holds(line, ("route",)), line


# the twenty-first pass: forms read more widely, each with what it must not take
@pytest.mark.parametrize("question, kinds", [
    ("Which MP asked the parliamentary question about the falling recycling rate?", ("person",)),
    ("Which trustee moved the motion on the levy?", ("person", "organisation")),
    ("How much dirt is being moved for the new house and pool?", ("measure", "area", "amount")),
    ("How much fill was placed on the lot?", ("measure", "area", "amount")),
    ("How much is the trash sticker fee?", ("amount", "rate", "percentage")),  # a price, not trash
    ("keweenaw 2020 allouez number registered voters", ("count",)),
    ("report number for the HHS inspector general audit", ("code",)),
    ("How much paid time off do employees get?", ("duration",)),
    ("How much do part time lifeguards earn?", ("amount", "rate")),  # a wage, no span
])
def test_forms_read_in_the_twenty_first_pass(question, kinds):
    assert asked(question) == kinds


@pytest.mark.parametrize("line, kinds, held", [
    ("A three (3) foot wide paved walkway shall lead to the door", ("measure",), True),
    ("THE CHEESE BOARD PIZZA | 1512 SHATTUCK AVE", ("place",), True),
    ("LOCATION:  Schoolcraft County Courthouse", ("place",), True),
    ("Venue: Town Hall, second floor", ("place",), True),
    ("three (3) members shall constitute a quorum", ("measure",), False),  # no unit
    ("PUBLIC HEARING ON THE ASSESSMENT ROLL", ("place",), False),
    ("Location of the work is shown on Exhibit A", ("place",), False),  # no label's colon
])
def test_values_read_in_the_twenty_first_pass(line, kinds, held):
    assert holds(line, kinds) is held


def test_a_public_body_is_no_firm_asked():
    q = "Which consulting firm was awarded the Eureka transit line system study?"
    k, terms = asked(q), content_terms(q)
    assert k == ("organisation",)
    assert not holds("City staff anticipate the City Council will award a contract in June", k, terms)
    assert holds("to award the bid to Kerr Electric Company", k, terms)
    # a question asking for a body at large still takes a public one
    q2 = "Which agency issued the permit?"
    assert holds("The permit was issued by the Maryland Department of the Environment", asked(q2), content_terms(q2))


def test_a_public_body_may_be_the_vendor_asked():
    # only the body that chooses ("will award", "selected") is no firm
    q = "Which vendor provides emergency dispatch services?"
    assert holds("Dispatch is provided by the Tri-County Emergency Communications Authority at $212,000 per year.",
                 asked(q), content_terms(q))


def test_a_public_body_approving_is_no_firm_either():
    q = "Which consulting firm was awarded the Eureka transit line system study?"
    assert not holds("An agreement with the successful consulting firm will require the approval of the City Council.",
                     asked(q), content_terms(q))


def test_an_identifier_s_number_is_no_measure_or_count(tmp_path):
    # a site number, coordinates and a record id are bare numbers, but measure nothing
    from engine.kinds import figure_cells
    header = "site_no | site_name | violation | latitude | longitude | id"
    row = "20643 | Honeygo Run Landfill | Odors found off site. | 39.380173 | -76.4379955 | 1023"
    assert figure_cells(row, header) == " | Honeygo Run Landfill | Odors found off site. |  |  | "
    # a count's header keeps its numbers; a row short of its header blanks a number only
    # where an identifier may stand over it and no count or unit does
    assert figure_cells("Adams | 65 | 601", "COUNTY | INMATE COUNT | MAXIMUM DAYS") == "Adams | 65 | 601"
    assert figure_cells("12 | Main St | 1,200", "Parcel ID | Street | Units | Sq Ft") == " | Main St | 1,200"
    # "No" counts after a verb ("Issued No"), numbers after a thing ("Permit No")
    assert figure_cells("Fence | F12 | 388", "Permit Type | Fee Code | Issued No") == "Fence | F12 | 388"
    assert figure_cells("Fence | 20481 | 388", "Permit Type | Permit No | Issued") == "Fence |  | 388"
    write(tmp_path / "docs", "violations_2024.csv",
          "site_no,site_name,violation,latitude,longitude,id\n"
          "20643,Honeygo Run Landfill,Odors found off site.,39.380173,-76.4379955,1023\n"
          "20650,Eastside Transfer,Litter along the fence.,39.291,-76.512,1024\n")
    eng = Engine(tmp_path / "docs", index=tmp_path / "i.sqlite", embed_model="none")
    a = eng.ask("How deep was the leachate at the Honeygo Run Landfill?")
    assert not a.citations and a.refusal.reason == "no_answer_kind", a


def test_a_markdown_escape_is_read_as_the_text_shows_it():
    # a contract converted to Markdown escapes its brackets: "two \(2\) years" shows "two (2) years"
    line = r"An employee shall be eligible for recall for two \(2\) years from the date of layoff."
    spans = list(evidence(line, ("duration",)))
    assert [line[a:b] for a, b in spans] == [r"two \(2\) years"]  # the span is the line's own
    assert holds(r"a clothing allowance of two hundred dollars \($200.00\) for each year", ("amount",))
    assert not holds(r"see section 4\.2 \(b\)", ("duration",))


def test_a_number_with_a_plus_is_a_duration_of_at_least_it():
    assert holds("Longevity Step for those with 25+ years", ("duration",))


def test_an_edition_s_number_counts_nothing():
    """"Trip Generation (9 Edition)", "the 10th edition": the number names which edition
    (kinds._EDITION), no count of anything; "9 editors" still counts."""
    from engine.kinds import holds
    assert not holds("The ITE Trip Generation (9 Edition) handbook was used to estimate trips", ("count",), ())
    assert not holds("as the 10th edition of the manual requires", ("count",), ())
    assert holds("9 editors attended the session", ("count",), ())


def test_a_share_asked_by_its_name_is_no_sum():
    """"What share of households ...", "what percent of graduates ...", and a search-box query
    naming a share and no sum ask a percentage or a rate, never an amount: a median income of
    $69,800 answers none of them (kinds._ASKS)."""
    from engine.kinds import asked
    assert asked("What share of registered voters actually voted?") == ("percentage",)
    assert asked("charlottesville share of households below poverty line") == ("percentage",)
    assert "amount" in asked("How much of the budget goes to police?")
    assert asked("water rate split between base charge and consumption")[0] == "amount"  # a sum's word


@pytest.mark.parametrize("question, kind", [
    ("guelph june 16 2014 amalgamation of guelph hydro and gmhi - who voted no?", ("person",)),
    ("cb1 congestion pricing resolution: who moved it", ("person",)),
    ("manhattan cb1 march 2019 full board - time adjourned", ("time",)),
    ("What were the yeas and nays on the Old Kildonan library item?", ("vote",)),
    ("Who was absent at roll call?", ("person",)),  # "roll call" asks no vote
])
def test_a_search_box_s_late_ask_and_a_vote_s_words_ask_their_kind(question, kind):
    assert asked(question) == kind


def test_in_favor_and_opposed_are_a_vote_only_with_their_count():
    """A speaker "Not in favor of congestion pricing" states an opinion, not how a body
    voted (a set's community board minutes quoted it for "how did the vote go")."""
    assert not holds("Not in favor of congestion pricing - suggestion reverse the tolls", ("vote",))
    assert not holds("Residents opposed to the plan spoke at length.", ("vote",))
    assert holds("roll call vote of 32 in favor, 0 opposed, 1 abstained", ("vote",))
    assert holds("In favor: 5", ("vote",))
    assert holds("All in favor.", ("vote",))
    assert holds("Those in favor | 5", ("vote",))


def test_a_row_of_one_side_of_a_vote_answers_no_question_of_the_other(tmp_path):
    """Election results give each side of a measure a row of its own; "votes against" is
    never answered by the For row (quote/lines._other_side), while "votes for" still is."""
    docs = tmp_path / "docs"
    write(docs, "results.txt", "Summers County General Election Results, November 6, 2018\n\n"
          "Amendment 2 votes by precinct\nFor 214 144 358\nAgainst 120 96 216\n\n"
          "Amendment 3 votes by precinct\nFor 301 250 551\nAgainst 40 22 62\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("How many votes against Amendment 2 were there in Summers County?")
        said = [ln.text for c in a.citations for ln in c.lines]
        assert not any(t.startswith("For") for t in said), said
        b = eng.ask("How many votes for Amendment 2 were there in Summers County?")
        assert b.answered and b.citations[0].lines[-1].text == "For 214 144 358"
    from engine.quote.lines import _other_side
    q = "how many voted against the school levy?"
    assert _other_side("SCHOOL LEVY FOR THE LEVIES | 80 | 977", q) == ("votes for", "votes against")
    assert _other_side("AGAINST THE LEVIES | 61", q) is None
    assert _other_side("Precinct No 4 | 12", q) is None  # a number's "No", no side
    assert _other_side("The budget for 2019 is 5", q) is None  # a sentence's "for"
    assert _other_side("Against | 100 | 1031", "how many yes votes for the levy?") == ("votes against", "votes for")


@pytest.mark.parametrize("question, kind", [
    ("Ottawa demolition permit fee when the property is designated under the Heritage Act", ()),
    ("Ireland: cost of a general dog licence covering several dogs kept at one location",
     ("amount", "rate", "percentage")),
    ("So when is the hearing?", ("date", "time")),
    ("Could you tell me when the pool opens?", ("date", "time")),
    ("pool opening - when?", ("date", "time")),
    ("city hall location", ("place",)),
    ("What is the address of the Main Branch?", ("place",)),
])
def test_when_inside_a_phrase_is_a_condition_and_a_priced_query_s_location_no_place(question, kind):
    """A search box's "fee when the property is designated" names the fee's condition, not
    a date asked; "cost of a licence ... kept at one location" asks the cost."""
    assert asked(question) == kind


def test_a_place_is_in_at_or_near_a_name_not_across_one_nor_a_month_s_event():
    """A community board's minutes: "stopped by at the Women's Month event" and "membership
    across the Community Boards" gave "where was the meeting held?" its answer; "from" and
    "of" a name stay places (WikiQA: "a singer from Garner, North Carolina")."""
    assert not holds("Thank you for the people who stopped by at the Women's Month event last", ("place",))
    assert not holds("for membership across the Community Boards, decisions will be out", ("place",))
    assert holds("The hearing is at the Schoolcraft County Courthouse", ("place",))
    assert holds("the clinic at Memorial Park", ("place",))
    assert holds("is an American country music singer from Garner, North Carolina", ("place",))
    assert holds("is a city in the eastern part of Maricopa County, Arizona", ("place",))


@pytest.mark.parametrize("line", [
    "permission is presumed from nine a.m. through twelve thirty a.m. the following day",
    "No amplified sound after ten p.m. on weeknights",
])
def test_an_hour_in_words_is_a_time_of_day(line):
    assert holds(line, ("time",))


def test_a_number_in_words_before_am_without_its_periods_is_no_time():
    assert not holds("one am not sure", ("time",))


def test_a_quoted_exhibit_number_is_no_count_and_no_inches():
    line = "Agreement to Meet Costs of Development, attached as Exhibit “2” hereto, before undertaking review"
    assert not holds(line, ("count",)) and not holds(line, ("measure",)) and not holds(line, ("length",))
    assert holds("a 6” DBH tree", ("measure",))  # a figure's closing quote alone is still inches


def test_a_body_named_for_the_question_s_place_still_answers_who():
    # a review's "Who maintains the Hamilton County roads?": the department is named for the
    # county, and is the answer (a rule taking such names for the question's own body was
    # dropped for it)
    from engine.terms import question_terms
    q = question_terms("Who maintains the Hamilton County roads?")
    assert holds("County roads are maintained by the Hamilton County Highway Department.",
                 ("organisation", "person"), q)


def test_a_rate_s_base_is_no_amount():
    # a fire district's report: "per $100 of valuation" is what its tax rates are of
    assert not holds("The tax rates assessed, per $100 of valuation, for the year ended September 30, 2017",
                     ("amount",))
    assert holds("The levy is $0.52 per $100 of valuation", ("amount",))  # the rate's own sum still is


def test_a_search_box_date_may_name_its_month_or_year():
    # a fire district's notice: "regular meeting date may 2020" asks the date; the month
    # and year after "date" name the one asked
    assert "date" in asked("rock creek rural fire district regular meeting date may 2020")
    assert "date" in asked("filing deadline for 2024")
    assert "date" in asked("budget hearing date in june")
    assert "date" not in asked("budget hearing minutes june 2020")


def test_a_roll_call_s_plural_titles_name_people():
    # "Absent -- Aldermen Foulkes, Thomas -- 2.": "which aldermen missed" asks the people
    assert "person" in asked("which aldermen missed the april 30 2014 chicago council meeting")
    assert holds("Absent -- Aldermen Foulkes, Thomas -- 2.", ("person",))
    assert holds("Councilmember Smith moved the item", ("person",))
    assert not holds("ALDERMEN PRESENT", ("person",))


def test_a_day_written_as_its_ordinal_is_a_date():
    # a pre-bid meeting's minutes: "Target date – May 18th."
    assert holds("Target date – May 18th.", ("date",))
    assert holds("Bids open Monday, June 8th at noon", ("date",))
    assert holds("due by the 8th of June", ("date",))
    assert not holds("See Section 18th", ("date",))


def test_what_is_the_date_on_a_record_asks_a_date():
    assert "date" in asked("What is the date on Addendum No. 1 for the Paonia West Loop water main?")
    assert "date" in asked("what was the hearing date for the rezoning?")
    assert "date" not in asked("what is the date range of the survey?")


def test_what_payment_asks_an_amount_not_a_payment_s_method_or_date():
    assert asked("What principal payment on debt did the Division of Water budget for 2020?") == ("amount", "rate")
    assert asked("what payment methods are accepted?") == ()
    assert asked("what is the payment due date?") == ("date", "time")


def test_a_search_box_closing_on_a_season_asks_when_it_runs():
    assert asked("lakefork spring site access season") == ("date", "month")
    assert asked("trout fishing season 2024") == ("date", "month")
    assert "date" not in asked("what is the season pass price")
    # a review's: a price for the season asks the price; a window is a building's
    assert asked("price of a centennial pool pass for the season")[0] == "amount"
    assert "date" not in asked("basement egress window")


def test_how_early_may_ask_a_span_and_by_when_a_day():
    assert asked("How early do school buses get to school before the morning bell?") == ("time", "duration")
    assert asked("How much earlier do schools let out on the day before Thanksgiving?") == ("time", "duration")
    assert asked("By when must a school ask in writing to change its bell time?") == ("date",)
    assert asked("By when must lunch orders be submitted?") == ("date", "time")  # "by 9:00 a.m. each day"


def test_an_office_only_a_person_holds_asks_a_person():
    # an appeals board's opinion: "which judge wrote it" is not answered by the protester, a firm
    assert asked("Which judge wrote the appeals board opinion on MXI Environmental's protest?") == ("person",)
    assert asked("which contractor won the paving job?") == ("person", "organisation")  # a firm may
    # an office may answer for a clerk ("the Office of the Gallatin County Clerk"), and a
    # judge's office is no judge
    assert asked("Which clerk certified the election results?") == ("person", "organisation")
    assert "organisation" in asked("Which judge's office handles small claims?")
    assert asked("which members voted no?") == ("person", "organisation")


def test_a_legal_citation_s_page_is_no_count():
    assert not holds("time to cure compliance issues for invitation award.” (Protest, at 1). On October 14,",
                     ("count",))
    assert not holds("See Id. at 4.", ("count",))
    assert not holds("(Tr. at 45-46)", ("count",))
    assert holds("protests must be filed within five (5) working days", ("count",))


def test_a_bid_named_by_its_standing_asks_its_sum():
    assert asked("us50 structure L-24-b box culvert low bid") == ("amount",)
    assert asked("what was the winning bid on the Lake County job") == ("amount",)
    assert asked("who was the low bidder") == ("person",)
    assert asked("Which company submitted the lowest bid?") == ("organisation",)


def test_a_ranked_bidder_s_place_is_no_count():
    # a bid tabulation's row: rank, vendor code, name, total
    assert not holds("3 1086A STRUCTURES, INC. $2,170,921.38 142.75% 141.27%", ("count",))
    assert holds("2 100 kW generators were replaced", ("count",))
    assert holds("2 250 KVA GENERATORS", ("count",))  # capitals, and no bid's sum: a count
    assert holds("6 bidders submitted proposals", ("count",))


def test_common_words_before_a_number_are_no_ballot_labels():
    # a review's: "issue" and "measure" are verbs as often (a label only with its capital)
    assert holds("The county will issue 40 new licenses", ("count",))
    assert holds("Crews measure 12 sites each week", ("count",))
    assert holds("Attendance peaked, at 300.", ("count",))  # a comma's "at" pins no page
    assert holds("Hearing: 02/11/2019 12:00 PM", ("time",))  # noon, no midnight stamp


def test_a_ballot_measure_s_number_is_a_label():
    assert not holds("Initiated Measure 22", ("count", "figure"))
    assert not holds("Constitutional Amendment 5", ("count", "figure"))
    assert holds("Yes 344 366 129 4,872", ("count",))


def test_a_date_s_midnight_stamp_is_no_time_of_day():
    # a data portal's date column: "02/11/2019 12:00:00 AM"
    assert not holds("Harrison,Michael S | Police Commissioner | 02/11/2019 12:00:00 AM | 275000", ("time",))
    assert holds("02/11/2019 12:00:00 AM", ("date",))
    assert holds("The hearing starts at 12:00 PM on 02/11/2019", ("time",))


def test_what_an_account_holds_or_lacks_is_a_sum():
    for q in ("What was the treasurer's account balance reported at the June meeting?",
              "What was the general fund ending balance for 2024-25?",
              "What was the balance of the project account?",
              "What was the operating deficit in 2023?"):
        assert "amount" in asked(q), q
    # a balance or a surplus of another sort asks no sum
    for q in ("Which vehicles were declared surplus at the May meeting?",
              "What does the plan say about work-life balance?",
              "What is my vacation leave balance?",
              "Does the city have a fund balance policy?",
              "What is the balance of power on the council?"):
        assert "amount" not in asked(q), q



def test_a_count_of_people_is_no_count_of_things_asked():
    # "approximately 9,400 residents" counts no structure fires; "12 structure fires" does
    q = question_terms("How many structure fires did the fire district respond to in 2024?")
    assert not holds("provides fire services to approximately 9,400 residents on San Juan Island", ("count",), q)
    assert holds("The district responded to 12 structure fires in 2024.", ("count",), q)
    assert holds("Structure fires: 12", ("count",), q)
    # a word for people counts people, whichever the question uses
    assert holds("The district serves 9,400 residents.", ("count",), question_terms("How many people live there?"))
    assert holds("The board has 9 members.", ("count",), question_terms("How many councillors sit on the board?"))
    # people doing what the question asks of them count ("40 residents attended")
    assert holds("Approximately 40 residents attended the hearing.", ("count",),
                 question_terms("How many attended the public hearing?"))
    assert holds("5 members voting in favor", ("count",), question_terms("How many voted in favor?"))
    # things for things are left alone: "120 homes" may be the housing units asked
    assert holds("The cities permitted 120 homes.", ("count",), question_terms("How many housing units were permitted?"))


def test_a_contribution_is_a_sum():
    # a budget's "pension contribution", a county's "contribution to the project": money
    assert "amount" in asked("darien library pension contribution 2016-17")
    assert "amount" in asked("What was the county contribution to the bridge project?")
    assert "amount" in asked("How much were the employer contributions to the retirement fund in 2023?")


def test_a_law_s_name_and_its_subject_name_no_organisation():
    # a judgment cites "the Road Traffic (Expressway Traffic) Rules (Cap 276, R 23, 1990 Ed)":
    # no taxi company in it; nor is "the Central Expressway" one
    q = question_terms("Which taxi company did Wu Tze Kok drive for?")
    for t in ("an offence under r 7 of the Road Traffic (Expressway Traffic) Rules (Cap 276, R 23, 1990 Ed).",
              "under r 4(1) of the Road Traffic (Motor Vehicles, Wearing of Seat Belts) Rules",
              "a charge under s 67(1)(b) of the Road Traffic (Cap 276, 1997 Ed)",
              "Both offences occurred on the Central Expressway."):
        assert not holds(t, ("organisation",), q), t
    # a company's own bracketed words leave it a company
    assert holds("He drove for Comfort Transportation (Pte) Ltd at the time.", ("organisation",), q)
    assert holds("The Metropolitan Water District (MWD) approved the plan.", ("organisation",), ())


def test_a_ballot_s_oval_instruction_counts_no_votes():
    # "SUPREME COURT CHIEF JUSTICE - RETAIN MIKE MCGRATH (vote in one oval)": how many ovals
    # the voter may mark, no count of votes against him
    q = question_terms("How many voters voted against retaining Chief Justice Mike McGrath?")
    assert not holds("SUPREME COURT CHIEF JUSTICE - RETAIN MIKE MCGRATH (vote in one oval)", ("count",), q)
    assert holds("NO 145 241 178 128 4,648", ("count",), q)


def test_one_letter_and_digits_is_a_code():
    # a ward's GSS code: "E05000837 | Timperley | ..." gives the code of Timperley ward
    q = question_terms("What area code does Trafford use for Timperley ward?")
    assert holds("E05000837 | Timperley | Violence and sexual offences | Rate | 24.1", ("code",), q)
    assert holds("Flight A380 departs at noon", ("code",), ())
    assert not holds("Ward 3 met on Tuesday", ("code",), ())


def test_how_much_of_a_substance_asks_a_measure():
    # "272mg of alcohol per 100ml of blood": how much alcohol was found is a measure, in
    # milligrams (not a sum); its price is still a sum
    q = "How much alcohol was found in the driver's blood, per 100ml?"
    assert "measure" in asked(q)
    assert holds("his blood held 272mg of alcohol per 100ml of blood", asked(q), question_terms(q))
    assert "measure" in asked("How much fuel oil did the town burn last winter?")
    assert "measure" not in asked("How much does heating oil cost?")


def test_the_state_s_officers_and_courts_are_no_firm():
    # a judgment's caption "Wu Tze Kok v Public Prosecutor" names no taxi company
    q = question_terms("Which taxi company did Wu Tze Kok drive for?")
    assert not holds("Wu Tze Kok v Public Prosecutor", ("organisation",), q)
    assert not holds("heard in the Subordinate Court", ("organisation",), q)
    assert holds("He drove for Comfort Transportation Ltd.", ("organisation",), q)
    # a body of the state still answers a question asking for a body
    q2 = question_terms("Which office brought the charges?")
    assert holds("Wu Tze Kok v Public Prosecutor", ("organisation",), q2)



def test_the_review_s_near_misses_of_this_pass_s_kinds():
    # two rates side by side are rates ("resident/non-resident: 20/30 per hour"); a firm's
    # name before its RFQ number and an order's number is a firm's; a share of alcohol
    # answers how much alcohol a drink may hold
    assert holds("Reservation rate (resident/non-resident): 20/30 per hour", ("rate",), ())
    assert holds("Award to Summit Engineering Group (RFQ 24-03) Order No. 118 for well design",
                 ("organisation",), question_terms("Which firm was awarded the design contract for Well 4?"))
    q = "How much alcohol may drinks served at park events contain?"
    assert holds("Beverages may contain no more than 6% alcohol by volume.", asked(q), question_terms(q))


def test_a_sheriff_or_the_police_is_no_firm():
    q = question_terms("Which company sold the county its patrol vehicles?")
    assert not holds("Item 9. The State Police will provide crash reconstruction services.", ("organisation",), q)
    assert not holds("The Harris County Sheriff requested two vehicles.", ("organisation",), q)
    assert holds("The Board approved the purchase from Hilltop Ford Company.", ("organisation",), q)


def test_an_officer_is_a_person():
    # "which ANAO officer signed the report" asks no audit office; "which official body" asks a body
    assert asked("Which ANAO officer signed the audit report?") == ("person",)
    assert "organisation" in asked("Which official body canvassed the returns?")
    q = question_terms("Which ANAO officer signed the audit report?")
    assert not holds("the independence requirements of the Australian National Audit Office",
                     asked("Which ANAO officer signed the audit report?"), q)
