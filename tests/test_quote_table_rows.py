"""A table row is labelled by its own cells and its header row, not by the row above it
(quote/lines.py _unit): a header row whose "value" was the first data row under it led the
quote with another row's figures."""
from conftest import choose as _choose


BUDGET = ["Department | FY2024 | FY2025", "Fire | $4,100,000 | $4,300,000",
          "Parks | $1,000,000 | $1,100,000", "Police | $6,200,000 | $6,500,000"]
SALARIES = ["Year 2 Effective July 1, 2019 | Minimum | Increment", "Assistant Professor | $ 70,000 | $ 2600",
            "Associate Professor | $ 85,000 | $ 2600", "Professor | $ 100,000 | $ 2600"]


def test_the_row_asked_for_is_quoted_not_the_first_row_under_the_header():
    got = _choose("What is the police department budget for FY2025?", BUDGET, limit=2)
    assert "Police | $6,200,000 | $6,500,000" in got and "Fire | $4,100,000 | $4,300,000" not in got


def test_a_sibling_row_does_not_come_along_with_the_header():
    got = _choose("What was the minimum salary for an associate professor in 2019?", SALARIES, limit=2)
    assert got == [SALARIES[0], "Associate Professor | $ 85,000 | $ 2600"]


ELECTION = ["Minneapolis City Council Ward 3", "Total | ED | A | P", "Ann Lee | 120 | 100 | 20",
            "Minneapolis Mayor", "Total | ED | A | P", "David Sweat | 215 | 178 | 36",
            "Brady Neusane (WI) | 2 | 2 | 0"]


def test_a_row_is_spoken_of_by_the_label_its_block_stands_under():
    # the candidates' rows say nothing of the question; the line heading their block does
    got = _choose("minneapolis mayor votes", ELECTION)
    assert got[0] == "David Sweat | 215 | 178 | 36" and "Ann Lee | 120 | 100 | 20" not in got


def test_a_block_label_of_a_sibling_or_saying_too_little_of_the_question_names_no_row():
    assert _choose("How many votes did the winner for Minneapolis city council ward 4 get?", ELECTION[:3]) == []
    # "School Committee" is a part of the question; the rows under it are no lawyers' fees
    rows = ["1110 - School Committee", "Staff Orientation Expenses | $1,000 | $1,000 | $900",
            "Dues/Meetings | $3,950 | - | $5,971"]
    assert _choose("What did the school committee spend on lawyers in FY23?", rows) == []
    # a sum's rows under a group's label are its different items: the label names none of them
    from engine.quote.lines import _block_labels
    from engine.terms import question_terms

    def labelled(question, texts, kinds):
        q = question_terms(question)
        kind = ["|" in t for t in texts]
        return [_block_labels(texts, kind, kinds, frozenset(q), question, q)(j) for j in range(len(texts))]

    fees = ["Animal Services Fees 2024", "Spayed or neutered dog | $10", "Unaltered dog | $25"]
    assert labelled("What are the 2024 animal services fees for cats?", fees, ("amount", "rate")) == [False] * 3
    # the candidates of a contest are its block's rows
    assert labelled("minneapolis mayor votes", ELECTION[3:], ("count",)) == [False, True, True, True]


def test_a_header_row_naming_only_the_period_asked_names_no_row():
    rows = ["Description | FY23 | FY24 | FY25", "Staff Orientation Expenses | $1,000 | $1,000 | $900",
            "Legal Services | $36,594 | $38,561 | $26,461"]
    assert _choose("What did the school committee spend on lawyers in FY23?", rows) == []
    assert _choose("What did the city spend on legal services in FY23?", rows)[-1] == rows[2]


# a voucher's payment standards as a PDF prints them: the ZIP code column last
STANDARDS = ["2026 Payment Standards",
             "0BR 1BR 2BR 3BR 4BR 5BR",
             "ZIP Codes $940 $980 $1,200 $1,540 $1,790 $2,058 63129",
             "$1,010 $1,060 $1,300 $1,660 $1,930 $2,220 63040"]


def test_a_row_closing_on_the_question_s_identifier_answers():
    got = _choose("I rent a 2-bedroom in 63129 with my voucher. What's the 2026 payment standard there?", STANDARDS)
    assert got[:1] == [STANDARDS[2]], got
    got = _choose("What is the 2026 payment standard for a 2-bedroom in 63040?", STANDARDS)
    assert got[:1] == [STANDARDS[3]], got
    # a ZIP code the table does not list keys no row
    assert _choose("What is the 2026 payment standard for a 2-bedroom in 63130?", STANDARDS) == []



RESULTS_PDF = ["STATE REPRESENTATIVE DIST 88 (vote for one)", "MARGARET J. GORSKI (D) 313 340 404 351 410 1,818",
               "ED GREEF (R) 721 539 764 857 758 3,639", "CLERK OF THE DISTRICT COURT (vote for one)",
               "PAIGE ALLEN TRAUTWEIN (R) 516 835 580 645 1,025 810 17,233"]


def test_a_contest_s_heading_speaks_for_its_rows_past_its_ballot_aside():
    # a PDF's election report: the contest's heading ends on "(vote for one)", no sentence
    got = _choose("Who ran for Clerk of the District Court in 2016?", RESULTS_PDF, limit=1)
    assert got == ["PAIGE ALLEN TRAUTWEIN (R) 516 835 580 645 1,025 810 17,233"]


GRANTS = "amount,club,rnd,state\n23986,Canberra Bmx Club,1,ACT\n500000,Mosman Rowing Club,3,NSW\n45000,Darwin Sailing Club,1,NT\n"


def test_a_row_s_cell_under_a_numbered_label_is_that_label_s(tmp_path):
    # a grants table's "rnd" column: Mosman's row is round 3's, no answer for round 1
    from conftest import ask_words
    a, b = ask_words(tmp_path, {"community_sport_grants_rounds_1-3.csv": GRANTS},
                     "How much did Mosman Rowing Club get in round 1 of the sport grants?",
                     "How much did Mosman Rowing Club get in round 3 of the sport grants?")
    assert not a.answered, [ln.text for c in a.citations for ln in c.lines]
    assert b.answered and any("500000" in ln.text for c in b.citations for ln in c.lines), b.refusal


ROUNDS = ("round,tier,org,amount\n1,5,Harbor Arts Collective,4500\n3,1,Harbor Arts Collective,6000\n"
          "1,2,Eastside Food Pantry,3000\n")


def test_a_row_of_the_asked_round_answers_beside_another_round_s(tmp_path):
    # the same group in rounds 1 and 3: the round-1 row answers round 1, though the round-3
    # row holds a 1 in another column
    from conftest import ask_words
    (a,) = ask_words(tmp_path, {"grants_rounds.csv": ROUNDS},
                     "How much did Harbor Arts Collective get in round 1?")
    assert a.answered and any("4500" in ln.text for c in a.citations for ln in c.lines), a.refusal
    from engine.quote.lines import unnamed_label
    assert unnamed_label("Second Round Awards\nMain Street Cycles | 2,500", "How much did Main Street Cycles get in round 2?") is None


def test_a_row_is_read_with_its_header_s_labels_against_the_question():
    # the round-3 row says the group's name as the round-1 row does: the header's "rnd" tells
    # them apart, and the round asked answers
    rows = ["org | rnd | tier | amount", "Harbor Arts | 3 | 1 | $6,000", "Harbor Arts | 1 | 5 | $4,500"]
    assert _choose("How much did Harbor Arts get in round 1?", rows, limit=1) == ["Harbor Arts | 1 | 5 | $4,500"]
    assert _choose("How much did Harbor Arts get in round 3?", rows, limit=1) == ["Harbor Arts | 3 | 1 | $6,000"]
