"""Word, HTML and JSON readers, and pypdf's fontTools path, on files written here.

Each reader is checked line for line on a small file a reader can check by eye; every new
locator form is parsed back; then the real `ask` command answers from each format, cites it,
takes every printed locator back with --show, and lists bad files in --status while the rest
stays answerable. Hostile files of these formats are in tests/hostile.py.
"""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from conftest import ROOT, write  # noqa: E402
from hostile import _p, docx_with_body  # noqa: E402

from engine import readers  # noqa: E402
from engine.errors import ReadError  # noqa: E402
from engine.locators import line_range, span, subtree  # noqa: E402
from engine.readers import html_reader, json_reader  # noqa: E402

CLI_TIMEOUT = 300  # seconds: a hang guard for one command, not a timing


def rows(result):
    return [(ln.locator, ln.text) for ln in result.lines]


# ---------------------------------------------------------------- docx

def harbour_notice(path: Path) -> Path:
    """A Word notice made the way Word users make them: title, headings, runs, a table with a
    merged cell and an empty one, a footer, a comment."""
    import docx

    doc = docx.Document()
    doc.add_heading("Harbour Notice", 0)
    doc.add_heading("Moorings", 1)
    p = doc.add_paragraph("A seasonal mooring costs ")
    p.add_run("$410").bold = True
    p.add_run(" per boat.\tPay by May 1.")
    doc.add_paragraph("")  # an empty paragraph: counted, not a line
    p = doc.add_paragraph("Moorings are assigned")
    p.add_run().add_break()  # a line break inside the paragraph
    p.add_run("by the harbour master.")
    doc.add_comment(p.runs[0], text="Reviewer: check the wording", author="Clerk")
    table = doc.add_table(rows=4, cols=3)
    for r, row in enumerate([("Berth", "Length", "Fee"), ("A-1", "24 ft", "$410"),
                             ("A-2", "", "$380"), ("Winter storage", "", "")]):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    table.cell(3, 0).merge(table.cell(3, 2))  # one cell across the row
    doc.add_paragraph("Questions go to the harbour office.")
    doc.sections[0].header.paragraphs[0].text = "Millbrook Harbour Commission letterhead"
    doc.sections[0].footer.paragraphs[0].text = "Page footer text"
    doc.save(path)
    return path


def test_docx_paragraphs_and_table_rows(tmp_path):
    result = readers.read(harbour_notice(tmp_path / "notice.docx"))
    assert [(ln.locator, ln.text, ln.region, ln.ordinal, ln.header) for ln in result.lines] == [
        ("¶1", "Harbour Notice", "", 2, False),
        ("¶2", "Moorings", "", 4, False),
        ("¶3", "A seasonal mooring costs $410 per boat.\tPay by May 1.", "", 6, False),
        ("¶5", "Moorings are assigned by the harbour master.", "", 10, False),
        ("T1:R1", "Berth | Length | Fee", "T1", 1, True),
        ("T1:R2", "A-1 | 24 ft | $410", "T1", 2, False),
        ("T1:R3", "A-2 | $380", "T1", 3, False),
        ("T1:R4", "Winter storage", "T1", 4, False),
        ("¶6", "Questions go to the harbour office.", "", 12, False),
    ]
    assert result.kind == "docx" and result.notes == ()
    everything = " ".join(ln.text for ln in result.lines)
    for unread in ("letterhead", "footer", "Reviewer"):  # header, footer, comment
        assert unread not in everything


@pytest.mark.parametrize("body, expected", [
    # tracked changes read as accepted: the insertion kept, the deletion dropped
    ('<w:p><w:r><w:t xml:space="preserve">Fare </w:t></w:r><w:del w:id="1" w:author="a">'
     '<w:r><w:delText>12</w:delText></w:r></w:del><w:ins w:id="2" w:author="a"><w:r><w:t>14'
     '</w:t></w:r></w:ins></w:p>', [("¶1", "Fare 14")]),
    # a field: its result is read, its code is not
    ('<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r><w:r><w:fldChar w:fldCharType='
     '"begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType='
     '"separate"/></w:r><w:r><w:t>3</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>',
     [("¶1", "Page 3")]),
    # a content control around paragraphs and around a table row
    ('<w:sdt><w:sdtContent>' + _p("Inside a control") + '</w:sdtContent></w:sdt>'
     '<w:tbl><w:sdt><w:sdtContent><w:tr><w:tc>' + _p("Cell in a control") + '</w:tc>'
     '<w:tc>' + _p("") + '</w:tc></w:tr></w:sdtContent></w:sdt></w:tbl>',
     [("¶1", "Inside a control"), ("T1:R1", "Cell in a control")]),
    # a table inside a cell: its text joins the cell's
    ('<w:tbl><w:tr><w:tc>' + _p("Outer") + '<w:tbl><w:tr><w:tc>' + _p("inner a") + '</w:tc>'
     '<w:tc>' + _p("inner b") + '</w:tc></w:tr></w:tbl></w:tc><w:tc>' + _p("Next") + '</w:tc>'
     '</w:tr></w:tbl>', [("T1:R1", "Outer inner a inner b | Next")]),
    # moved text: read where it went, not where it came from; soft hyphen and no-break hyphen
    ('<w:p><w:moveFrom w:id="3" w:author="a"><w:r><w:t>gone</w:t></w:r></w:moveFrom>'
     '<w:r><w:t>well</w:t><w:noBreakHyphen/><w:t>being</w:t></w:r></w:p>',
     [("¶1", "well-being")]),
])
def test_docx_what_word_shows(tmp_path, body, expected):
    path = tmp_path / "x.docx"
    path.write_bytes(docx_with_body(body))
    assert rows(readers.read(path)) == expected


def test_docx_long_paragraph_is_cut_with_a_note(tmp_path):
    path = tmp_path / "long.docx"
    path.write_bytes(docx_with_body(_p("Tide table " + "high low " * 3000) + _p("After")))
    result = readers.read(path)
    assert len(result.lines[0].text) <= 10_000 and result.lines[1].text == "After"
    assert result.notes == ("¶1 is longer than 10,000 characters: only its first 10,000 are read",)


def test_docx_refusals_name_the_real_format(tmp_path):
    doc = tmp_path / "letter.docx"
    doc.write_bytes(b"%PDF-1.4 not a zip")
    with pytest.raises(ReadError) as info:
        readers.read(doc)
    assert info.value.message == "not a valid docx file (not a zip archive)"
    assert info.value.hint == "open it in a word processor and save it again as .docx"
    # and the other way: a Word document named .xlsx
    sheet = tmp_path / "rates.xlsx"
    sheet.write_bytes(docx_with_body(_p("Not a workbook")))
    with pytest.raises(ReadError) as info:
        readers.read(sheet)
    assert (info.value.message, info.value.hint) == (
        "not a valid xlsx file (a Word document, not a spreadsheet)", "rename it to .docx")


# ---------------------------------------------------------------- html

PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Quay &amp; Harbour</title>
<style>p { color: red }</style><script>var shown = "<p>never</p>";</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/quay">Quay</a></nav>
<h1>Harbour   master's
notice</h1>
<p>The mooring fee is <b>$410</b>&nbsp;per boat.<br>Pay at the office.</p>
<noscript>Turn on JavaScript</noscript><!-- a comment -->
<table><caption>Berth fees</caption>
<tr><th>Berth</th><th>Fee</th></tr>
<tr><td>A-1</td><td>$410</td></tr>
<tr><td>A-2</td><td></td><td>$380</td>
</table>
<ul><li>First item</li><li>Second <i>item</i></li></ul>
<pre>
line one
   indented two

four</pre>
<template><p>template text</p></template><svg><title>svg title</title></svg>
<p>&copy; 2024 &bogus; end</p>
</body></html>
"""


def test_html_renders_the_visible_text_line_by_line(tmp_path):
    path = tmp_path / "notice.html"
    path.write_text(PAGE, encoding="utf-8")
    result = readers.read(path)
    assert [(ln.locator, ln.text, ln.region, ln.header) for ln in result.lines] == [
        ("L1", "Quay & Harbour", "", False),
        ("L3", "Home | Quay", "", False),
        ("L5", "Harbour master's notice", "", False),
        ("L7", "The mooring fee is $410 per boat.", "", False),
        ("L8", "Pay at the office.", "", False),
        ("L10", "Berth fees", "table 1", False),
        ("L11", "Berth | Fee", "table 1", True),
        ("L12", "A-1 | $410", "table 1", False),
        ("L13", "A-2 | $380", "table 1", False),
        ("L15", "First item", "", False),
        ("L16", "Second item", "", False),
        ("L18", "line one", "", False),
        ("L19", "   indented two", "", False),
        ("L21", "four", "", False),
        ("L23", "© 2024 &bogus; end", "", False),
    ]
    assert [ln.ordinal for ln in result.lines] == [int(ln.locator[1:]) for ln in result.lines]
    assert result.kind == "html" and result.notes == ()


def test_html_table_without_th_has_no_header_and_htm_is_html(tmp_path):
    path = tmp_path / "layout.htm"
    path.write_text("<table><tr><td>Menu</td><td>Body text</td></tr></table>", encoding="utf-8")
    lines = readers.read(path).lines
    assert [(ln.text, ln.header) for ln in lines] == [("Menu | Body text", False)]


# ---------------------------------------------------------------- json

HARBOUR_JSON = {
    "town": "Millbrook",
    "harbour": {"master": "Ines Okafor", "opening hours": "7 AM to 7 PM\nin summer",
                "tide_gauge": None},
    "moorings": [
        {"berth": "A-1", "fee": 410, "covered": True, "note": ""},
        {"berth": "A-2", "fee": "3.8e2", "tags": ["small", 5]},
    ],
    "list": ["alpha", "beta"],
}


def test_json_values_become_lines_with_paths(tmp_path):
    path = tmp_path / "harbour.json"
    # 3.8e2 and 1e3 written as numbers must come back as written
    path.write_text(json.dumps(HARBOUR_JSON).replace('"3.8e2"', "3.8e2"), encoding="utf-8")
    result = readers.read(path)
    assert [(ln.locator, ln.text, ln.region) for ln in result.lines] == [
        ("$.town", "town: Millbrook", ""),
        ("$.harbour.master", "harbour / master: Ines Okafor", ""),
        ("$.harbour['opening hours']", "harbour / opening hours: 7 AM to 7 PM in summer", ""),
        ("$.moorings[0].berth", "berth: A-1", "$.moorings[0]"),
        ("$.moorings[0].fee", "A-1 / fee: 410", "$.moorings[0]"),
        ("$.moorings[0].covered", "A-1 / covered: true", "$.moorings[0]"),
        ("$.moorings[1].berth", "berth: A-2", "$.moorings[1]"),
        ("$.moorings[1].fee", "A-2 / fee: 3.8e2", "$.moorings[1]"),
        ("$.moorings[1].tags[0]", "A-2 / tags: small", "$.moorings[1]"),  # the bare 5: nothing
        ("$.list[0]", "list: alpha", ""),
        ("$.list[1]", "list: beta", ""),
    ]
    assert result.kind == "json" and result.notes == ()


def test_json_keys_read_as_words(tmp_path):
    path = tmp_path / "fees.json"
    path.write_text('{"fees": {"tree_permit": 75, "dock.fee": "$5"}, "a\'b": "quote"}',
                    encoding="utf-8")
    assert rows(readers.read(path)) == [("$.fees.tree_permit", "fees / tree permit: 75"),
                                        ("$.fees['dock.fee']", "fees / dock.fee: $5"),
                                        ("$['a\\'b']", "a'b: quote")]


def test_jsonl_lines_carry_their_line_number(tmp_path):
    path = tmp_path / "permits.jsonl"
    path.write_bytes(b'{"id": 1, "title": "Tree permit", "fee": "$75"}\n\n"just a string"\n'
                     b'not json\n{"title": "Dock permit", "fee": "$40"}\n')
    result = readers.read(path)
    assert [(ln.locator, ln.text, ln.region) for ln in result.lines] == [
        ("L1:$.id", "Tree permit / id: 1", "L1"),
        ("L1:$.title", "title: Tree permit", "L1"),
        ("L1:$.fee", "Tree permit / fee: $75", "L1"),
        ("L3:$", "just a string", "L3"),
        ("L5:$.title", "title: Dock permit", "L5"),
        ("L5:$.fee", "Dock permit / fee: $40", "L5"),
    ]
    assert result.notes == ("line 4 skipped: not valid JSON (Expecting value (column 1))",)


def test_invalid_json_is_refused_with_where_and_how_to_fix(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"pier": "North",\n "fee": 5,,\n}', encoding="utf-8")
    with pytest.raises(ReadError) as info:
        readers.read(path)
    assert info.value.message == ("not valid JSON: Expecting property name enclosed in double "
                                  "quotes (line 2, column 11)")
    assert "python -m json.tool" in info.value.hint


def test_json_stops_at_the_value_limit_with_a_note(tmp_path, monkeypatch):
    monkeypatch.setattr(json_reader, "MAX_VALUES", 3)
    path = tmp_path / "many.json"
    path.write_text(json.dumps([f"buoy {i}" for i in range(10)]), encoding="utf-8")
    result = readers.read(path)
    assert [ln.text for ln in result.lines] == ["buoy 0", "buoy 1", "buoy 2"]
    assert result.notes == ("stopped after 3 values",)


# ---------------------------------------------------------------- locators

@pytest.mark.parametrize("locs, joined", [
    (["¶3", "¶7"], "¶3-7"),
    (["T2:R3", "T2:R5"], "T2:R3-5"),
    (["$.a[1].b", "$.a[1].c"], "$.a[1].b .. $.a[1].c"),
    (["L3:$.a", "L3:$.b"], "L3:$.a .. L3:$.b"),
    (["L4", "L9"], "L4-9"),  # HTML: as text
])
def test_span(locs, joined):
    assert span(locs) == joined


@pytest.mark.parametrize("loc, parsed", [
    ("¶3", ("¶", 3, 3)), ("¶3-7", ("¶", 3, 7)), ("¶3-¶7", ("¶", 3, 7)),
    ("para 4", ("¶", 4, 4)), ("paras 4-6", ("¶", 4, 6)),
    ("T2", ("T2", 1, 10**9)), ("T2:R3", ("T2", 3, 3)), ("T2:R3-5", ("T2", 3, 5)),
    ("L3:$.a", ("L", 3, 3)), ("$.a", None), ("p2:L1", ("p2", 1, 1)),
])
def test_line_range(loc, parsed):
    assert line_range(loc) == parsed


def test_subtree_takes_whole_keys_and_indexes_only():
    locs = ["$.a[3].b", "$.a[30].b", "$.a[3]", "$.ab", "$.a"]
    assert subtree(locs, "$.a[3]") == [0, 2]
    assert subtree(locs, "$.a") == [0, 1, 2, 4]
    assert subtree(locs, "¶3") == []


# ---------------------------------------------------------------- pdf: fonts read with fontTools

GLYPHS = ["fi", "fl", "r", "s", "t", "space", "o", "c", "e", "f"]


def cff_font(encoding: dict[int, str] | None = None) -> bytes:
    """A bare CFF font program whose built-in encoding gives codes 1.. to GLYPHS (or code ->
    glyph name as given): a subset font as PDF producers embed them."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.misc.psCharStrings import T2CharString

    order = [".notdef", *GLYPHS]
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCFF("MillbrookSerif", {"FullName": "Millbrook Serif"},
                {g: T2CharString(program=[500, 0, 0, "rmoveto", "endchar"]) for g in order}, {})
    cff = fb.font["CFF "].cff
    encoding = encoding or {i + 1: g for i, g in enumerate(GLYPHS)}
    cff.topDictIndex[0].Encoding = [encoding.get(code, ".notdef") for code in range(256)]
    out = io.BytesIO()
    cff.compile(out, fb.font)
    return out.getvalue()


def pdf_with_cff(font: bytes, codes: bytes, encoding: bytes = b"") -> bytes:
    """One page drawing `codes` in a Type1 font embedded as CFF (/FontFile3 /Type1C), with
    no /ToUnicode and, unless `encoding` names one, no /Encoding: then the font program's own
    encoding is the only key."""
    content = b"BT /F1 12 Tf 50 700 Td <" + codes.hex().encode() + b"> Tj ET"
    widths = b" ".join([b"500"] * len(GLYPHS))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 7 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /MillbrookSerif /FirstChar 1 /LastChar %d "
        b"/Widths [%s] /FontDescriptor 5 0 R%s >>"
        % (len(GLYPHS), widths, b" /Encoding " + encoding if encoding else b""),
        b"<< /Type /FontDescriptor /FontName /MillbrookSerif /Flags 4 /FontBBox [0 0 1000 1000] "
        b"/ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile3 6 0 R >>",
        b"<< /Subtype /Type1C /Length %d >>\nstream\n" % len(font) + font + b"\nendstream",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1,
                                                                              xref)
    return bytes(out)


@pytest.fixture
def ligature_pdf(tmp_path) -> Path:
    code = {g: i + 1 for i, g in enumerate(GLYPHS)}
    words = ["fi", "r", "s", "t", "space", "fl", "o", "o", "r", "space", "o", "f", "fi", "c", "e"]
    path = tmp_path / "ligatures.pdf"
    path.write_bytes(pdf_with_cff(cff_font(), bytes(code[g] for g in words)))
    return path


READ_IT = ("import sys\n{block}from pathlib import Path\nfrom engine import readers\n"
           "print([ln.text for ln in readers.read(Path(sys.argv[1])).lines])\n")


def test_cff_font_text_decodes_through_fonttools_and_ligatures_unfold(ligature_pdf):
    import pypdf

    # pypdf itself: the glyph names of the font's own encoding, ligatures as U+FB01, U+FB02
    assert pypdf.PdfReader(ligature_pdf).pages[0].extract_text() == "\ufb01rst \ufb02oor of\ufb01ce"
    # the reader: the same text, ligatures unfolded to letters
    assert rows(readers.read(ligature_pdf)) == [("p1:L1", "first floor office")]


def test_without_fonttools_the_same_pdf_does_not_decode(ligature_pdf):
    """Guards the test above: the PDF really needs fontTools (blocked here as if not installed)."""
    blocked = READ_IT.format(block="sys.modules['fontTools'] = None\n")
    out = subprocess.run([sys.executable, "-c", blocked, str(ligature_pdf)], cwd=ROOT,
                         capture_output=True, text=True, timeout=CLI_TIMEOUT)
    assert out.returncode == 0, out.stderr
    assert "first" not in out.stdout and "\\x01" in out.stdout


def test_an_encoding_the_pdf_names_wins_over_the_font_programs_own(tmp_path):
    """pypdf 7.1 with fontTools would read this font through its program's encoding, which
    here maps every letter code to a wrong glyph (as in a real file of the eval cabinet); the
    font dictionary names /WinAnsiEncoding, which is the one that holds."""
    letters = "Harbou"
    wrong = {ord(c): GLYPHS[i] for i, c in enumerate(letters)}  # 'H' -> "fi", 'a' -> "fl", ...
    path = tmp_path / "named-encoding.pdf"
    path.write_bytes(pdf_with_cff(cff_font(wrong), b"Harbour", b"/WinAnsiEncoding"))
    assert rows(readers.read(path)) == [("p1:L1", "Harbour")]


# ---------------------------------------------------------------- the real command

def ask(*args: str, index: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.cli", *args, "--index", str(index),
                           "--embed-model", "none"], cwd=ROOT, capture_output=True, text=True,
                          timeout=CLI_TIMEOUT)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    docs = tmp_path_factory.mktemp("formats")
    harbour_notice(docs / "harbour-notice.docx")
    write(docs, "quay.html", PAGE.replace("A-2", "B-7").replace("A-1", "C-3"))
    write(docs, "boards.json", json.dumps({"boards": [
        {"name": "Planning Board", "meets": "first Tuesday, 7 PM", "members": 7},
        {"name": "Harbour Committee", "meets": "last Friday, 6 PM", "members": 5}]}))
    write(docs, "permits.jsonl", '{"title": "Kayak permit", "fee": "$12 a season"}\n'
                                 '{"title": "Dock permit", "fee": "$40 a season"}\n')
    write(docs, "broken.json", '{"unclosed": [1, 2')
    write(docs, "notes.txt", "The lighthouse opens to visitors on Sundays.\n")
    return docs, tmp_path_factory.mktemp("index") / "formats.sqlite"


@pytest.mark.parametrize("question, path, quoted, locator", [
    ("How much is a seasonal mooring?", "harbour-notice.docx",
     "A seasonal mooring costs $410 per boat.\tPay by May 1.", "¶3"),
    ("What is the fee for berth A-1?", "harbour-notice.docx", "A-1 | 24 ft | $410", "T1:R2"),
    ("How much is the mooring fee per boat at the quay?", "quay.html",
     "The mooring fee is $410 per boat.", "L7"),
    ("When does the Harbour Committee meet?", "boards.json",
     "Harbour Committee / meets: last Friday, 6 PM", "$.boards[1].meets"),
    ("How much is a kayak permit?", "permits.jsonl", "Kayak permit / fee: $12 a season",
     "L1:$.fee"),
])
def test_ask_answers_from_each_format_and_show_takes_it_back(folder, question, path, quoted,
                                                             locator):
    docs, index = folder
    r = ask(question, "--docs", str(docs), "--json", index=index)
    assert r.returncode == 0, r.stdout + r.stderr
    cite = json.loads(r.stdout)["citations"][0]
    assert cite["path"] == path
    assert (quoted, locator) in [(ln["text"], ln["locator"]) for ln in cite["lines"]]
    for ref in (cite["locator"], locator):  # the citation's span, and the one line
        shown = ask("--docs", str(docs), "--show", f"{cite['doc_id']}:{ref}", index=index)
        assert shown.returncode == 0, shown.stdout + shown.stderr
        marked = [line for line in shown.stdout.splitlines() if line.startswith(">")]
        assert any(quoted in line and locator in line for line in marked), shown.stdout


def _doc_id(docs: Path, index: Path, question: str) -> str:
    r = ask(question, "--docs", str(docs), "--json", index=index)
    return json.loads(r.stdout)["citations"][0]["doc_id"]


@pytest.mark.parametrize("question, ref, cited", [
    ("When does the Harbour Committee meet?", "$.boards[1]",
     ["name: Harbour Committee", "Harbour Committee / meets: last Friday, 6 PM",
      "Harbour Committee / members: 5"]),
    ("How much is a kayak permit?", "L2",
     ["title: Dock permit", "Dock permit / fee: $40 a season"]),
    ("How much is a seasonal mooring?", "para 5", ["Moorings are assigned by the harbour master."]),
    ("What is the fee for berth A-1?", "T1", ["Berth | Length | Fee", "A-1 | 24 ft | $410",
                                              "A-2 | $380", "Winter storage"]),
])
def test_show_takes_a_record_a_line_a_paragraph_or_a_table(folder, question, ref, cited):
    docs, index = folder
    shown = ask("--docs", str(docs), "--show", f"{_doc_id(docs, index, question)}:{ref}",
                index=index)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    marked = [line[2:].split(None, 1)[1] for line in shown.stdout.splitlines()
              if line.startswith(">")]
    assert marked == cited, shown.stdout


def test_status_lists_the_bad_json_and_the_rest_is_indexed(folder):
    docs, index = folder
    r = ask("--docs", str(docs), "--status", "--json", index=index)
    assert r.returncode == 0, r.stderr
    status = json.loads(r.stdout)
    assert status["documents"] == {"docx": 1, "html": 1, "json": 1, "jsonl": 1, "text": 1}
    assert status["failed"] == [{
        "path": "broken.json",
        "reason": "not valid JSON: Expecting ',' delimiter (line 1, column 19)",
        "fix": json_reader.FIX}]


def test_the_indexed_html_holds_no_script_style_or_hidden_markup(folder):
    docs, index = folder
    doc_id = _doc_id(docs, index, "How much is the mooring fee per boat at the quay?")
    shown = ask("--docs", str(docs), "--show", doc_id, index=index)
    assert shown.returncode == 0, shown.stderr
    assert "Harbour master's notice" in shown.stdout
    for dropped in ("never", "color", "JavaScript", "template text", "svg title", "comment"):
        assert dropped not in shown.stdout


def test_reading_html_and_json_imports_no_word_library(tmp_path):
    page, data = tmp_path / "a.html", tmp_path / "a.json"
    page.write_text("<p>Quay</p>", encoding="utf-8")
    data.write_text('{"a": "b"}', encoding="utf-8")
    code = ("import sys\nfrom pathlib import Path\nfrom engine import readers\n"
            f"readers.read(Path({str(page)!r})); readers.read(Path({str(data)!r}))\n"
            "print(sorted(m for m in ('docx', 'lxml', 'pypdf', 'openpyxl') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=CLI_TIMEOUT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_html_reader_render_is_deterministic_on_the_sample_page():
    page = (ROOT / "samples" / "web" / "transfer-station-and-recycling.html").read_text("utf-8")
    first = html_reader.render(page)
    assert first == html_reader.render(page)
    texts = [t for t, _, _ in first if t]
    assert texts[0] == "Transfer Station & Recycling | Town of Millbrook"
    assert "Mattress or box spring | $25.00 | each" in texts
    assert not any("menuOpen" in t or "font-family" in t or "JavaScript" in t for t in texts)
