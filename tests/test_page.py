"""The page `ask --serve` serves at GET /, in a real browser: headless Chromium from the system
packages driven by Selenium (chromium and chromium-driver; `.ci/run` installs them and sets
ASK_REQUIRE_BROWSER=1, so in CI these tests run or fail, never skip). A person's path: type a
question, read the quoted line and its citation, open the document view and find the quote
highlighted, switch to search, open the status view; then with a token, the page asks for it.
Screenshots go to tmp (and to $ASK_SCREENSHOTS when set: docs/img/ is made that way)."""
import os
import shutil
from pathlib import Path

import pytest

from test_serve_http import env_for, serving

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
REQUIRED = os.environ.get("ASK_REQUIRE_BROWSER") == "1"
try:
    from selenium import webdriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    webdriver = None
MISSING = ("selenium" if webdriver is None else "chromium" if not CHROMIUM else
           "chromedriver" if not DRIVER else None)
if REQUIRED and MISSING:
    raise RuntimeError(f"ASK_REQUIRE_BROWSER=1 but {MISSING} is missing: apt-get install chromium "
                       "chromium-driver; pip install selenium")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"{MISSING} not installed "
                                "(apt-get install chromium chromium-driver; pip install selenium)")

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
QUESTION = "What is the fee for a tree removal permit?"
QUOTED = "The application fee for a tree removal permit is $75.00"
WAIT = 60


def shot(browser, tmp: Path, name: str) -> None:
    browser.save_screenshot(str(tmp / f"{name}.png"))
    if os.environ.get("ASK_SCREENSHOTS"):
        Path(os.environ["ASK_SCREENSHOTS"]).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(os.environ["ASK_SCREENSHOTS"]) / f"{name}.png"))


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,900",
                "--disable-gpu", "--no-first-run"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("page")
    docs = root / "docs"
    shutil.copytree(SAMPLES, docs)
    (docs / "drafts").mkdir()
    (docs / "drafts" / "old-fees.md").write_text("Draft: the tree removal permit fee is $1.\n")
    (docs / ".askignore").write_text("drafts/\n")  # left out: the status view lists the rule
    with serving(docs, root / "index.sqlite", env_for(root)) as server:
        yield server, root


def ask(browser, url: str, question: str, mode: str = "ask"):
    browser.get(url + "/")
    box = WebDriverWait(browser, WAIT).until(EC.element_to_be_clickable((By.ID, "question")))
    if mode != "ask":
        browser.find_element(By.CSS_SELECTOR, f"input[name=mode][value={mode}]").click()
    box.clear()
    box.send_keys(question, Keys.ENTER)  # the keyboard alone
    WebDriverWait(browser, WAIT).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#result .citation, #result .refusal, #result .error"))


def test_a_question_shows_the_quoted_line_its_citation_and_the_document_view(browser, site):
    server, root = site
    ask(browser, server.url, QUESTION)
    first = browser.find_element(By.CSS_SELECTOR, "#result .citation")
    lines = [q.text for q in first.find_elements(By.CSS_SELECTOR, ".quote .text")]
    assert any(QUOTED in t for t in lines), lines
    locator = first.find_element(By.CSS_SELECTOR, ".quote .loc").text
    cite = first.find_element(By.CSS_SELECTOR, ".cite-line").text
    assert cite.startswith("[") and "ordinances/ordinance-2023-14-public-trees.md" in cite and locator in cite
    assert browser.find_element(By.CSS_SELECTOR, "#result .method").text.startswith("method: ")
    shot(browser, root, "page-answer")
    first.find_element(By.CSS_SELECTOR, "button.open-doc").click()
    marks = WebDriverWait(browser, WAIT).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#document .doc-lines li.cited mark"))
    assert any(QUOTED in m.text for m in marks)
    cited = browser.find_element(By.CSS_SELECTOR, "#document li.cited .loc").text
    assert cited == locator
    assert browser.find_element(By.CSS_SELECTOR, "#document h2").text == "ordinances/ordinance-2023-14-public-trees.md"
    # lines around the quote are shown too, unmarked
    assert len(browser.find_elements(By.CSS_SELECTOR, "#document .doc-lines li")) > len(marks)
    shot(browser, root, "page-document")
    link = browser.find_element(By.CSS_SELECTOR, "#document a.file-link").get_attribute("href")
    status, body, headers = server.request("GET", link.removeprefix(server.url))
    assert status == 200 and QUOTED.encode() in body


def test_two_versions_show_their_dates_and_the_note(browser, site):
    server, root = site
    ask(browser, server.url, "How much is a fence permit in Millbrook now?")
    note = WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#result .versions"))
    assert "two versions give different values" in note[0].text
    cites = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#result .citation .cite-line")]
    assert "fees/2024-permit-fee-schedule.pdf" in cites[0] and "dated 2024-01-01" in cites[0]
    assert "fees/2019-permit-fee-schedule.pdf" in cites[1] and "dated 2019-07-01" in cites[1]
    shot(browser, root, "page-versions")


def test_a_refusal_says_why_in_plain_words(browser, site):
    server, root = site
    ask(browser, server.url, "What is the airspeed velocity of an unladen swallow?")
    refusal = browser.find_element(By.CSS_SELECTOR, "#result .refusal")
    assert "No confident answer" in refusal.text and "reason:" in refusal.text


def test_search_mode_lists_passages_with_their_arms(browser, site):
    server, root = site
    ask(browser, server.url, "tree removal permit", mode="search")
    hits = browser.find_elements(By.CSS_SELECTOR, "#result .hit")
    assert hits and "bm25" in hits[0].find_element(By.CSS_SELECTOR, ".arms").text
    assert "tree" in hits[0].text.lower()
    shot(browser, root, "page-search")


def test_the_status_view_lists_types_and_failures_with_their_fix(browser, site):
    server, root = site
    browser.get(server.url + "/")
    WebDriverWait(browser, WAIT).until(EC.element_to_be_clickable((By.ID, "show-status"))).click()
    table = WebDriverWait(browser, WAIT).until(lambda b: b.find_element(By.CSS_SELECTOR, "#status table"))
    assert "pdf" in table.text and "xlsx" in table.text
    assert "misc/town-seal.png" in browser.find_element(By.ID, "status").text
    assert "passages with vectors" in browser.find_element(By.ID, "status").text
    assert ".askignore line 1: drafts/: 1" in browser.find_element(By.ID, "status").text
    assert "null" not in browser.find_element(By.ID, "status").text
    assert "undefined" not in browser.find_element(By.ID, "status").text
    shot(browser, root, "page-status")


def test_with_a_token_the_page_asks_for_it_once_and_then_answers(browser, tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(SAMPLES, docs)
    with serving(docs, tmp_path / "index.sqlite", env_for(tmp_path), "--token", "s3cret-token") as server:
        browser.get(server.url + "/")
        box = WebDriverWait(browser, WAIT).until(EC.element_to_be_clickable((By.ID, "question")))
        box.send_keys(QUESTION, Keys.ENTER)
        token = WebDriverWait(browser, WAIT).until(EC.visibility_of_element_located((By.ID, "token")))
        token.send_keys("s3cret-token", Keys.ENTER)
        WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#result .citation"))
        assert QUOTED in browser.find_element(By.CSS_SELECTOR, "#result .citation").text
        # kept for the tab's session only
        assert browser.execute_script("return sessionStorage.getItem('ask-token')") == "s3cret-token"
        assert browser.execute_script("return localStorage.length") == 0
        browser.execute_script("sessionStorage.clear()")


def test_on_a_phone_wide_screen_nothing_runs_off_the_side(browser, site):
    """At 390 px wide the answer and the document view fit: no sideways scrolling."""
    server, root = site
    size = browser.get_window_size()
    browser.set_window_size(390, 844)
    try:
        ask(browser, server.url, QUESTION)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        browser.find_element(By.CSS_SELECTOR, "#result button.open-doc").click()
        WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#document mark"))
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        shot(browser, root, "page-phone")
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_every_control_has_a_label_for_screen_readers(browser, site):
    server, root = site
    ask(browser, server.url, QUESTION)
    unlabeled = browser.execute_script("""
        const bad = [];
        for (const e of document.querySelectorAll('input, button, a')) {
          if (e.offsetParent === null) continue;  // hidden
          const name = (e.labels && e.labels.length ? e.labels[0].textContent : '') ||
                       e.getAttribute('aria-label') || e.textContent;
          if (!name || !name.trim()) bad.push(e.outerHTML.slice(0, 80));
        }
        return bad;""")
    assert unlabeled == []
    assert browser.find_element(By.ID, "result").get_attribute("aria-live") == "polite"


def test_a_csv_row_is_shown_under_its_header_row(browser, site):
    """The document view of a CSV row deep in the file shows the header row above it, so its
    cells read by their column names (the same holds for a sheet's rows)."""
    server, root = site
    ask(browser, server.url, "How much does it cost to rent the amphitheater at Ridgeway Commons?")
    citations = browser.find_elements(By.CSS_SELECTOR, "#result .citation")
    csv = next(c for c in citations if "facility-rentals-2024.csv" in c.text)
    csv.find_element(By.CSS_SELECTOR, "button.open-doc").click()
    header = WebDriverWait(browser, WAIT).until(
        lambda b: b.find_element(By.CSS_SELECTOR, "#document li.header-row"))
    assert header.text.startswith("row 1") and "Facility" in header.text and "Security Deposit" in header.text
    assert "Amphitheater" in browser.find_element(By.CSS_SELECTOR, "#document li.cited mark").text
    shot(browser, root, "page-csv-row")


def test_a_pdf_citation_opens_the_original_at_its_page(browser, site):
    """The original-file link of a PDF citation names the cited page (#page=N, which the
    browser's PDF viewer opens at), and serves the PDF itself."""
    server, root = site
    ask(browser, server.url, "What was the lead 90th percentile in 2023?")
    first = browser.find_element(By.CSS_SELECTOR, "#result .citation")
    locator = first.find_element(By.CSS_SELECTOR, ".quote .loc").text  # p2:L11
    assert "reports/2023-water-quality-report.pdf" in first.find_element(By.CSS_SELECTOR, ".cite-line").text
    href = first.find_element(By.CSS_SELECTOR, "a.file-link").get_attribute("href")
    page = locator.split(":")[0].removeprefix("p")
    assert href.endswith(f"#page={page}") and page.isdigit()
    status, body, headers = server.request("GET", href.removeprefix(server.url).split("#")[0])
    assert status == 200 and body.startswith(b"%PDF") and headers["Content-Type"] == "application/pdf"


FORMATS = [  # (question, cited path, quoted text): one citation of each kind of locator
    ("What was the 90th percentile lead level in the 2023 water tests?",
     "reports/2023-water-quality-report.pdf", "90th percentile 4.1 ppb"),  # a PDF page's line
    ("What is the monthly water base charge for a residential 5/8 inch meter?",
     "rates/2024-utility-rates.xlsx", "Residential | 5/8 inch | $12.50"),  # a sheet's row
    ("How much is a community garden plot for a resident?",
     "parks/facility-rentals-2024.csv", "Community Garden Plot | Ridgeway Community Garden | $28.00"),  # a CSV row
    (QUESTION, "ordinances/ordinance-2023-14-public-trees.md", QUOTED),  # a text line
]


@pytest.mark.parametrize("question, path, quoted", FORMATS, ids=[f[1].rsplit(".", 1)[1] for f in FORMATS])
def test_the_citations_document_link_opens_the_view_at_the_highlighted_lines(browser, site, question, path, quoted):
    """The path a person clicks under a quote opens the document view scrolled to the quoted
    lines, highlighted, for every format; following the same address again opens it too."""
    server, root = site
    ask(browser, server.url, question)
    citation = next(c for c in browser.find_elements(By.CSS_SELECTOR, "#result .citation") if path in c.text)
    locator = citation.find_element(By.CSS_SELECTOR, ".quote .loc").text
    link = citation.find_element(By.CSS_SELECTOR, "a.doc-link")
    link.click()
    marks = WebDriverWait(browser, WAIT).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#document li.cited mark"))
    assert any(quoted in m.text for m in marks), [m.text for m in marks]
    assert browser.find_element(By.CSS_SELECTOR, "#document h2").text == path
    cited = browser.find_element(By.CSS_SELECTOR, "#document li.cited")
    assert cited.find_element(By.CSS_SELECTOR, ".loc").text.startswith(locator.split(" ")[0])
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", cited)
    assert 0 <= top <= browser.execute_script("return window.innerHeight")  # scrolled to it
    if path.endswith(".pdf"):
        href = browser.find_element(By.CSS_SELECTOR, "#document a.file-link").get_attribute("href")
        assert href.endswith("#page=" + locator.split(":")[0].removeprefix("p"))
    address = browser.current_url
    assert "#show=" in address
    browser.get(server.url + "/")  # a fresh page, then the address itself
    browser.get(address)
    marks = WebDriverWait(browser, WAIT).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#document li.cited mark"))
    assert any(quoted in m.text for m in marks)
    shot(browser, root, "page-doc-" + path.rsplit(".", 1)[1])


def test_the_keyboard_alone_reaches_the_document_view(browser, site):
    """Tab from the question box to the first "Show in the document", Enter: the highlight."""
    server, root = site
    ask(browser, server.url, QUESTION)
    for _ in range(12):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        active = browser.switch_to.active_element
        if "open-doc" in (active.get_attribute("class") or ""):
            break
    else:
        raise AssertionError("Tab never reached a 'Show in the document' button")
    active.send_keys(Keys.ENTER)
    marks = WebDriverWait(browser, WAIT).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#document mark"))
    assert any(QUOTED in m.text for m in marks)
