"""Chunking: passages stay in their region, under the size cap, with stable ids and header context."""
from engine.chunk import chunk
from engine.config import Config
from engine.types import Line


def prose(n_paragraphs, words_each, start=1):
    lines, ln = [], start
    for p in range(n_paragraphs):
        lines.append(Line(" ".join(f"w{p}x{i}" for i in range(words_each)), f"L{ln}", "", ln))
        ln += 2  # a blank line between paragraphs
    return lines


def test_passages_never_cross_a_page():
    lines = [Line(f"page {p} line {i}", f"p{p}:L{i}", f"p{p}", i) for p in (1, 2) for i in (1, 2, 3)]
    ps = chunk(lines, "h", Config())
    assert [(p.first, p.last) for p in ps] == [(0, 2), (3, 5)]


def test_short_paragraphs_merge_and_long_text_splits_at_the_cap():
    cfg = Config(chunk_words=120)
    ps = chunk(prose(6, 30), "h", cfg)  # 30-word paragraphs: join until 40+ words, break at blank line
    assert [(p.first, p.last) for p in ps] == [(0, 1), (2, 3), (4, 5)]
    ps = chunk(prose(1, 10) + [Line(" ".join(["x"] * 100), "L5", "", 5), Line(" ".join(["y"] * 100), "L6", "", 6)], "h", cfg)
    assert all(sum(len(t.split()) for t in p.text.split("\n")) <= 120 for p in ps[1:])


def test_ids_are_stable_and_depend_on_content_hash_and_span():
    lines = prose(4, 50)
    a, b = chunk(lines, "hash1", Config()), chunk(lines, "hash1", Config())
    assert [p.pid for p in a] == [p.pid for p in b]
    assert len({p.pid for p in a}) == len(a)
    assert [p.pid for p in chunk(lines, "hash2", Config())] != [p.pid for p in a]


def test_sheet_header_row_joins_every_passage_for_matching_only():
    rows = [Line("Class | Size | Charge", "Rates!A1:C1", "Rates", 1, header=True)]
    rows += [Line(f"Residential | {i} inch | ${i}.00", f"Rates!A{i}:C{i}", "Rates", i) for i in range(2, 30)]
    ps = chunk(rows, "h", Config(chunk_rows=12))
    assert len(ps) == 3
    assert ps[0].context == "" and ps[0].text.startswith("Class | Size | Charge")
    assert all(p.context == "Class | Size | Charge" for p in ps[1:])
    assert all("Class | Size" not in p.text for p in ps[1:])  # never quoted outside its own row
    assert "Charge" in ps[2].match_text


def test_markdown_headings_and_table_header_become_context():
    text = ["# Library policy", "", "## Loan periods", "", "| Item | Loan period |", "|---|---|",
            "| Books | 21 days |", "| Hotspots | 14 days |"]
    lines = [Line(t, f"L{i}", "", i) for i, t in enumerate(text, 1) if t]
    ps = chunk(lines, "h", Config(chunk_words=8))
    last = ps[-1]
    assert "Hotspots" in last.text
    assert "Library policy" in last.context and "Loan periods" in last.context
    assert "| Item | Loan period |" in last.context


def test_document_title_is_matching_context_of_every_passage():
    from engine.chunk import title
    assert title("fees/grand-rapids_FY16.xlsx") == "fees grand rapids FY16"
    assert title("README") == "README"
    ps = chunk(prose(3, 50), "h", Config(chunk_words=60), title("minutes/2018-08-13.md"))
    assert len(ps) > 1
    assert all(p.context.split("\n")[0] == "minutes 2018 08 13" for p in ps)
    assert all("minutes" not in p.text for p in ps)
