"""Page furniture and document context (engine/readers/layout.py), through the real readers
and the real index: running headers, page numbers, print stamps and capture addresses are
matched but never quoted; a question's name that only the document's title lines state
counts as present for the names-and-numbers check.
"""
from pathlib import Path

from engine import Engine
from engine.readers import layout, read
from engine.types import Line

from minipdf import write_pdf


def _minutes(path: Path) -> Path:
    """Four pages of minutes as a browser prints a web page: stamp, address, page count."""
    pages = []
    bodies = [
        ["Call to order at 7:02 p.m. by the chair.", "Roll call: all members present."],
        ["The board discussed the budget for the library roof.",
         "The roof repair was estimated at $48,500 by the engineer."],
        ["Public comment was heard on parking near the ferry landing."],
        ["The meeting adjourned at 9:15 p.m."],
    ]
    for n, body in enumerate(bodies, 1):
        pages.append(["3/14/23, 9:41 AM Harbor Board Minutes | Portside Harbor District",
                      "https://archive.example.org/web/2023/portside/minutes.html",
                      *body,
                      f"Page {n} of {len(bodies)}"])
    return write_pdf(path, pages)


def test_furniture_found_by_repetition_and_shape(tmp_path):
    r = read(_minutes(tmp_path / "minutes.pdf"))
    furniture = [ln.text.strip() for ln in r.lines if ln.furniture]
    body = [ln.text.strip() for ln in r.lines if not ln.furniture]
    assert len(furniture) == 12  # stamp, address, page count on each of 4 pages
    assert all(t.startswith(("3/14/23", "https://", "Page ")) for t in furniture)
    assert "The roof repair was estimated at $48,500 by the engineer." in body
    assert len(body) == 6


def test_shape_rules_on_single_lines():
    def furn(text, region=""):
        return layout.by_shape(Line(text=text, locator="L1", region=region))

    assert furn("Page 3") and furn("page 3 of 12") and furn("- 7 -") and furn("4 of 9")
    assert furn("8/9/22, 4:50 PM Rate Schedule | Cleveland Public Power")
    assert furn("https://web.archive.org/web/2021/https://example.com/rates 2/12")
    assert furn("12", region="p12") and not furn("12", region="p3")  # a page's own number only
    assert not furn("The fee is $12 per page.")
    assert not furn("Adopted 8/9/22 by the council")
    assert not furn("See https://example.com for the full text of the ordinance.")


def test_a_line_in_the_middle_of_pages_is_not_furniture(tmp_path):
    # "Total" repeats on every page, but in the middle: a table's row, not a running footer
    pages = [[f"Heading of section {n}", "alpha line", "beta line", "Total", "gamma line",
              "delta line", "epsilon line"] for n in range(1, 5)]
    r = read(write_pdf(tmp_path / "t.pdf", pages))
    assert not any(ln.furniture for ln in r.lines if ln.text.strip() == "Total")


def test_context_is_the_title_lines_and_the_headers(tmp_path):
    r = read(_minutes(tmp_path / "minutes.pdf"))
    ctx = layout.context(r.lines).split("\n")
    assert ctx[0] == "Call to order at 7:02 p.m. by the chair."  # short first lines: the title
    assert "3/14/23, 9:41 AM Harbor Board Minutes | Portside Harbor District" in ctx
    assert not any(c.startswith("Page ") for c in ctx)


def test_a_spreadsheets_rows_are_not_its_context():
    lines = [Line("Department | Fund | Amount", "Sheet1!A1:C1", "Sheet1", 1, header=True),
             Line("Police | General | 100", "Sheet1!A2:C2", "Sheet1", 2)]
    assert layout.context(lines) == "Sheet1"


def test_furniture_is_never_quoted_but_still_matched(tmp_path, model):
    docs = tmp_path / "docs"
    docs.mkdir()
    _minutes(docs / "minutes.pdf")
    with Engine(docs, index=tmp_path / "i.sqlite", embed="all", **model) as eng:
        a = eng.ask("How much was the roof repair estimated at?")
        assert a.answered
        quoted = [ln.text for c in a.citations for ln in c.lines]
        assert any("$48,500" in t for t in quoted)
        assert not any(t.startswith(("3/14/23", "https://", "Page ")) for t in quoted)
        # the stamp's words are context: a question naming the district still finds the page
        b = eng.ask("When did the Portside Harbor District board meeting adjourn?")
        assert b.answered, b.refusal
        assert any("9:15 p.m." in ln.text for c in b.citations for ln in c.lines)
        assert not any(ln.text.startswith("3/14/23") for c in b.citations for ln in c.lines)


def test_status_shows_each_documents_context(tmp_path):
    import json

    from click.testing import CliRunner

    from engine.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    _minutes(docs / "minutes.pdf")
    r = CliRunner().invoke(main, ["--docs", str(docs), "--status", "--format", "jsonl",
                                  "--index", str(tmp_path / "i.sqlite"), "--embed-model", "none"])
    assert r.exit_code == 0, r.output
    rec = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    ctx = next(x["context"] for x in rec if x["path"] == "minutes.pdf")
    assert "3/14/23, 9:41 AM Harbor Board Minutes | Portside Harbor District" in ctx


def test_a_month_the_question_names_is_held_by_a_date_in_numbers(tmp_path):
    from conftest import write

    docs = tmp_path / "docs"
    write(docs, "gas_rates.csv", "Effective Date,Advice Letter,Procurement Charge\n"
          "2021-09-01,4470-G,$0.41712\n2021-10-01,4501-G,$0.52230\n2021-11-01,4522-G,$0.60118\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("What was the procurement charge in October 2021?")
        assert a.answered, a.refusal
        assert any("$0.52230" in ln.text for c in a.citations for ln in c.lines)
        b = eng.ask("What was the procurement charge in March 2021?")  # no such month
        assert not b.answered


def test_the_index_keeps_the_documents_own_context(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    _minutes(docs / "minutes.pdf")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        row = next(iter(eng.store.documents().values()))
        assert row.context == layout.context(read(docs / "minutes.pdf").lines)


def test_running_heads_that_alternate_between_even_and_odd_pages(tmp_path):
    # a book's pages: "28 | Alliance ..." atop the even ones, the title atop the odd ones; a
    # table row with a bar that repeats is no furniture
    pages = []
    for n in range(1, 9):
        head = f"{n + 26}  |  Alliance for Water Efficiency" if n % 2 == 0 else "Building Better Water Rates"
        words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"][n - 1]
        pages.append([head, f"Body line about {words} rate structures.", "Tier | Rate | Use",
                      f"More about {words} customers.", f"Second body line about {words} budgets.",
                      f"Closing {words} remarks."])
    r = read(write_pdf(tmp_path / "book.pdf", pages))
    furniture = {ln.text.strip() for ln in r.lines if ln.furniture}
    assert "28  |  Alliance for Water Efficiency" in furniture
    assert "Building Better Water Rates" in furniture
    assert not any(t.startswith(("Body line", "Second body", "Tier", "More", "Closing")) for t in furniture)


def test_a_page_head_repeating_the_title_with_more_is_furniture_on_two_pages(tmp_path):
    # a two-page fact sheet: its title atop page 1, a head atop page 2 that repeats it with
    # the issuer and a date; body lines that name the title inside a sentence stay body
    pages = [["Understanding the Lead and Copper Rule",
              "EPA established the Lead and Copper Rule in 1991 to protect public health.",
              "The most common sources of lead are lead pipes."],
             ["EPA OGWDW | Understanding the Lead and Copper Rule  EPA October 2019",
              "The Understanding the Lead and Copper Rule sheet was first printed in 1992 for water systems.",
              "The action level is 15 ppb."]]
    r = read(write_pdf(tmp_path / "sheet.pdf", pages))
    furniture = {ln.text.strip() for ln in r.lines if ln.furniture}
    assert furniture == {"EPA OGWDW | Understanding the Lead and Copper Rule  EPA October 2019"}


def _letters(path: Path) -> Path:
    """Two three-page letters filed as one PDF: each continuation page heads "name / firm /
    Page N / the letter's own date"; a salary table closes the second letter's pages."""
    pages = []
    for date, when in (("February 16, 2024", "March 8, 2024"), ("May 5, 2023", "May 26, 2023")):
        pages.append(["STATE OF ALDER", "DEPARTMENT OF AIR QUALITY",
                      f" {date}", "Dear Kirk Payne:",
                      "Stack testing was not completed within 60 days.",
                      "The device did not reach the required destruction efficiency.",
                      "The annual emissions report was not submitted.",
                      "These are violations of the consent order."])
        for n in (2, 3):
            pages.append(["Kirk Payne", "Flock Works Company", f"Page {n}", date,
                          f"Please submit a written response by {when}." if n == 2 else
                          "Thank you for your attention to resolving the violations.",
                          "Step | Rate", f"{n} 61,237 63,378 64,925 66,470",
                          f"{n + 20} 61,237 63,378 64,925 66,470"])
    return write_pdf(path, pages)


def test_a_letters_continuation_head_closes_on_its_date(tmp_path):
    # the date under "Page 2" stands on two of the six pages, one letter's two continuation
    # pages: it closes a head whose other lines run through the file, so it is furniture
    r = read(_letters(tmp_path / "letters.pdf"))
    furniture = [(ln.region, ln.text.strip()) for ln in r.lines if ln.furniture]
    assert ("p2", "February 16, 2024") in furniture and ("p6", "May 5, 2023") in furniture
    # the letter's own date on its first page is the letter's text, not a head, though it
    # stands under the second letter's letterhead, itself furniture (it repeats the title)
    assert ("p4", "STATE OF ALDER") in furniture
    assert not any(t in ("February 16, 2024", "May 5, 2023") for p, t in furniture if p in ("p1", "p4"))
    assert not any("Please submit" in t or "Thank you" in t for _, t in furniture)


def test_a_row_of_figures_at_the_pages_foot_is_no_footer(tmp_path):
    # the last rows of the salary table stand at each page's foot, alike digits aside
    r = read(_letters(tmp_path / "letters.pdf"))
    rows = [ln for ln in r.lines if "61,237" in ln.text]
    assert len(rows) == 8 and not any(ln.furniture for ln in rows)


def test_a_page_number_does_not_use_up_the_edge():
    # the fourth line from the top, under a page number, stands at the page's edge; with the
    # page number at the foot instead, the same fourth line is the page's body
    def lines(head):
        out = []
        for n in range(1, 4):
            body = ["Kirk Payne", "Flock Works Company", f"Page {n}", "Regional Office"] if head else \
                   ["Kirk Payne", "Flock Works Company", "Board notes", "Regional Office"]
            for k, t in enumerate(body + [f"Body text {n} {w}." for w in ("one", "two", "three", "four")]
                                  + ([] if head else [f"Page {n}"])):
                out.append(Line(text=t, locator=f"p{n}:L{k + 1}", region=f"p{n}"))
        return out
    def marked(ls):
        return {ls[i].text for i in layout.furniture(ls)}
    assert "Regional Office" in marked(lines(True))
    assert "Regional Office" not in marked(lines(False))


def test_a_report_writers_run_stamp_is_furniture_by_its_shape():
    def furn(text):
        return layout.by_shape(Line(text=text, locator="A1", region="Sheet1"))

    # an election system's and a ledger's print stamps, on a sheet with no pages to repeat on
    assert furn("RUN TIME:11:16 AM     November 8, 2016")
    assert furn("RUN DATE: 03/15/19 RUN TIME: 10:14:22")
    assert furn("Printed: 03/15/2019 10:14 AM") and furn("Date Printed: 2019-03-04 10:14 Page 2 of 5")
    # a label with words of its own, or a date or a clock time alone (a race's day, a bus's
    # start, a duration), is the document's text
    assert not furn("Run Date:11/22/16 General Election")
    assert not furn("Run Date: 11/28/2019") and not furn("Run Time: 6:45 AM")
    assert not furn("Run time: 1:45")
    assert not furn("Printed on recycled paper")
    assert not furn("Printed by the City Clerk 3/4/2019")


def test_a_long_line_of_dates_is_no_stamp_and_reads_at_once():
    # values run together with no separator once backtracked without end (the read-through's)
    def furn(text):
        return layout.by_shape(Line(text=text, locator="A1", region="Sheet1"))
    assert not furn("Run " + "11/11/11" * 40 + "x")
    assert not furn("Printed" + " " * 1000 + "x")
    assert furn("RUN DATE 03/15/19 10:14")


def test_a_running_foot_split_differently_on_some_pages_is_still_running():
    """A PDF's text layer writes one page's foot "... Season P age 9" and the next's "...
    Season Page 5": spaces aside, the same running foot (layout._repeat_key)."""
    foot = "Department of Health Weekly Report: Summary of the 2022-23 Influenza Season {}"
    out = []
    for n in range(1, 5):  # (page 3's foot split: on one page of four, no running line by itself)
        body = [f"Page {n} of the survey covers {w} seen by clinics." for w in
                (("flu", "RSV", "COVID-19", "measles"), ("outbreaks", "schools", "absences", "closures"),
                 ("hospitals", "admissions", "beds", "wards"), ("deaths", "ages", "counties", "weeks"))[n - 1]]
        for k, t in enumerate(body + [foot.format(f"P age {n}" if n == 3 else f"Page {n}")]):
            out.append(Line(text=t, locator=f"p{n}:L{k + 1}", region=f"p{n}"))
    marked = {out[i].text for i in layout.furniture(out)}
    assert marked == {ln.text for ln in out if "Season" in ln.text}


def test_votes_at_page_edges_are_not_one_running_line():
    """Spaces between letters aside, not those by a figure: "Motion carried 5-0." and "Motion
    carried 4 - 1." at the feet of pages are the minutes' own lines."""
    out = []  # (each on two pages of six: no running line by itself; the two as one would be)
    for n in range(1, 7):
        body = [f"Item {n}: the board heard {w}." for w in
                (("the budget", "the audit"), ("parking", "paving"), ("the levy", "the bonds"), ("zoning", "signs"),
                 ("trees", "parks"), ("fees", "fines"))[n - 1]]
        vote = ("Motion carried 5-0.", "Motion carried 4 - 1.", "The meeting adjourned.")[(n - 1) // 2]
        for k, t in enumerate(body + [vote]):
            out.append(Line(text=t, locator=f"p{n}:L{k + 1}", region=f"p{n}"))
    marked = {out[i].text for i in layout.furniture(out)}
    assert not {"Motion carried 5-0.", "Motion carried 4 - 1."} & marked


def test_a_paged_title_read_mid_page_is_still_a_running_foot():
    """A PDF's text layer reads a page's chart after its foot: the report's title closing on
    its page's number stands at no page's edge, yet repeats on every page
    (layout._paged_titles); a sentence that happens to say "page 2" once is the text's own."""
    foot = "State Department of Health Weekly Influenza Report: Summary of the 2022-23 Season {}"
    out = []
    for n in range(1, 6):
        body = [f"Chart {n} shows {w} by week." for w in ("cases", "visits", "tests", "deaths", "beds", "staff",
                                                          "masks", "vaccines")]
        said = [f"The outbreak table on page {n + 1} lists {n * 7} schools."] if n == 2 else []
        for k, t in enumerate(body[:4] + [foot.format(f"P age {n}" if n == 4 else f"Page {n}")] + said + body[4:]):
            out.append(Line(text=t, locator=f"p{n}:L{k + 1}", region=f"p{n}"))
    marked = {out[i].text for i in layout.furniture(out)}
    assert {t for t in marked if "Summary" in t} == {ln.text for ln in out if "Summary" in ln.text}
    assert not any("outbreak table" in t for t in marked)


def test_an_agenda_s_packet_pages_and_a_contents_page_are_no_paged_title():
    """A review's made-up folders: an agenda's items closing on their packet's page ("...
    effective July 1, 2024, packet page 12", "... packet page 19") and a table of contents'
    lines ("Quarter 1 Financial Report .... Page 3", twice on a page) share a shape but
    follow no page's number: the document's own lines, quoted as before."""
    items = ["3. Ordinance 2024-04 raising sewer rates 4.5% effective July 1, 2024, packet page 12",
             "9. Ordinance 2024-05 raising sewer rates 3.0% effective July 1, 2025, packet page 19"]
    out = []
    for n, item in enumerate(items, 1):
        for k, t in enumerate([f"Agenda part {n} of the council meeting", "Call to order", "Roll call",
                               "Consent items", item, "Public comment", "New business", "Adjournment"]):
            out.append(Line(text=t, locator=f"p{n}:L{k + 1}", region=f"p{n}"))
    assert not {out[i].text for i in layout.furniture(out)} & set(items)
    contents = []
    for n in range(1, 5):
        body = ["Budget message", "Revenue overview", "Capital plan", "Debt service", "Staffing",
                f"Quarter {n} Financial Report .......... Page {2 * n + 1}",
                f"Quarter {n} Audit Findings Summary .......... Page {2 * n + 2}", "Appendix", "Glossary", "Index"]
        contents += [Line(text=t, locator=f"p{n}:L{k + 1}", region=f"p{n}") for k, t in enumerate(body)]
    assert not any("Quarter" in contents[i].text for i in layout.furniture(contents))
