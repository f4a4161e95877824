"""A question asking for a date ("by what date", "what is the deadline", "what is the last day
to ...", "when were proposals due") is not answered by a line giving a year alone
(quote/lines.day_asked, gives_day): "... this study looks forward to 2016 when the district
opens its new lines" gives no date proposals were due. A month does ("by October 2025").
The check refuses only: it never looks further for a line with a date, in the passage or
in another (the bids' April 17 for a pre-bid meeting to be held "in 2025"). Made-up minutes
through the real readers and index, and the rule on made-up lines."""
from conftest import ask_words, choose, quoted
from engine.kinds import asked
from engine.quote.lines import day_asked, gives_day

MINUTES = """HARBOR TRANSIT DISTRICT
OPERATIONS COMMITTEE MINUTES

Fare Study. Staff described the consultant study of the district's fare policy.
He reiterated that this study looks forward to 2016 when the district will be opening
its new rail lines, and that the board will see the results in the fall.
"""

NOTICE = MINUTES + """
Proposals for the fare study are due June 27, 2014 at 2:00 p.m.
"""


def test_which_questions_ask_for_a_date():
    for q in ("By what date must owners license their dogs?", "As of what date is the data accurate?",
              "What is the deadline to submit a proposal?", "What's the last day to send comments?",
              "What day is trash picked up?", "What is the first day of school?",
              "When were consultant proposals due for the fare study?"):
        assert day_asked(q, asked(q)), q
    for q in ("When was the bridge built?", "What is the effective date of the new rates?",
              "What date do the new water rates take effect?",  # rates take effect "in July 2025"
              "What day of the week had the most calls?", "In what year did the plant open?",
              "How much is due on the last day of the month?"):  # another kind asked
        assert not day_asked(q, asked(q)), q


def test_what_gives_more_than_a_year():
    for t in ("June 27, 2014", "27 June 2014", "due 6/27/14", "2024/04/26", "every Tuesday", "at 2:00 p.m.",
              "Passed and adopted this 5th day of November, 2024", "| 10/20 | Early voting begins |",
              "| 3/24–3/28 | Spring break |", "from Memorial Day through Labor Day", "extended to the end of February",
              "Delivery must begin by October 2025.", "Taxes are due in April.",
              "Supplemental bills are mailed in 2025 and are payable within 30 days."):  # a span tells it
        assert gives_day(t), t
    for t in ("this study looks forward to 2016", "the FY2025 budget", "a 3/4 inch pipe", "due in 2016",
              "Payments may be made at the Town Hall in 2025."):  # "may" is no May
        assert not gives_day(t), t
    q = "When were consultant proposals due for the fare study?"
    assert choose(q, ["Proposals for the study are due in 2016."]) == []
    assert choose(q, ["Proposals for the study are due June 27, 2014."]) == ["Proposals for the study are due June 27, 2014."]
    # a title holding the year comes first, the line with the month after it: the quote stands
    q = "When are the paving bids due?"
    assert choose(q, ["Invitation to Bid: 2025 Street Paving Program", "Paving bids are due in May 2025."])
    # refusing only: the line that answers gives a year, so no neighbour's day is quoted
    q = "On what date is the sidewalk pre-bid meeting?"
    assert choose(q, ["The sidewalk pre-bid meeting will be held in 2025.",
                      "Sealed bids will be received until 11:00 a.m., Thursday, April 17, 2025."]) == []


def test_a_year_alone_is_refused_and_the_day_quoted(tmp_path, monkeypatch):
    q = "When were consultant proposals due for the Harbor Transit fare study?"
    (a,) = ask_words(tmp_path / "year", {"harbor_transit_operations_minutes.txt": MINUTES}, q)
    assert not a.citations and "gives a year alone, and the question asks for a date" in a.refusal.message, (
        quoted(a), a.refusal)
    (a,) = ask_words(tmp_path / "day", {"harbor_transit_operations_minutes.txt": NOTICE}, q)
    assert quoted(a)[0] == "Proposals for the fare study are due June 27, 2014 at 2:00 p.m.", quoted(a)
    # without the rule, the year's line is quoted
    import engine.quote.lines as lines
    monkeypatch.setattr(lines, "day_asked", lambda question, kinds: False)
    (a,) = ask_words(tmp_path / "off", {"harbor_transit_operations_minutes.txt": MINUTES}, q)
    assert any("2016" in t for t in quoted(a)), (quoted(a), a.refusal)


def test_another_passage_s_date_is_not_quoted_in_the_winner_s_place(tmp_path, monkeypatch):
    """The winner's answer gives a year alone: the answer is refused, not given by the
    runner-up's passage (another matter's date)."""
    bills = ("HARLOW SUPPLEMENTAL TAX BILLS FOR NEW CONSTRUCTION\n\nThe due date of supplemental tax bills for "
             "new construction is set when they are mailed in 2025.\n")
    installments = ("INSTALLMENT DUE DATES\n\nThe first installment of the annual tax bill is due August 1, 2025 "
                    "and the second installment is due February 1, 2026.\n")
    (a,) = ask_words(tmp_path, {"harlow_supplemental_tax_bills.txt": bills, "harlow_tax_installments.txt": installments},
                     "What is the due date for Harlow supplemental tax bills for new construction?")
    assert not a.citations and "year alone" in a.refusal.message, (quoted(a), a.refusal)
    # without the rule, the winner's year is quoted
    import engine.quote.lines as lines
    monkeypatch.setattr(lines, "day_asked", lambda question, kinds: False)
    (a,) = ask_words(tmp_path / "off", {"harlow_supplemental_tax_bills.txt": bills,
                                        "harlow_tax_installments.txt": installments},
                     "What is the due date for Harlow supplemental tax bills for new construction?")
    assert quoted(a) and "mailed in 2025" in quoted(a)[0], (quoted(a), a.refusal)
