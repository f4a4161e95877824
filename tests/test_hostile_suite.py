"""The hostile folder, end to end: the acceptance test for hostile input.

One documents folder holds every kind of bad file in tests/hostile.py (text, CSV, XLSX and
PDF: each written on demand), the folder hazards a real disk has (a link that leaves the
folder, a link loop, a broken link, a link to a folder outside, a named pipe, an unreadable
file, a .git folder), and one good file per format, each holding a fact. The real `ask`
command, in its own process, indexes it and then:

- never crashes and never hangs: exit status 0 or 1, no traceback on stderr, the whole
  indexing inside a generous wall-clock bound (a hang guard, not a benchmark);
- reports every bad file in `--status` (JSON and text) with the reason its kind expects, and
  its fix; files that are read despite their flaws carry their notes;
- answers a question about each good file, quoting the line with the fact, citing its path;
- on a second run reads nothing again: the index is exactly as it was (failures that depend
  on something outside the file, such as permissions, are looked at again, and are still
  the same).

Run with `pytest -rP tests/test_hostile_suite.py` to see the table of what a user sees for
each kind.
"""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import hostile  # noqa: E402
from hostile import HOSTILE_FILES  # noqa: E402
from minipdf import write_pdf  # noqa: E402
from test_hostile_folder import _NO_DAC  # noqa: E402

linux = pytest.mark.skipif(not sys.platform.startswith("linux"),
                           reason="Linux link, pipe and permission semantics")
pytestmark = linux

INDEX_BOUND = 180  # seconds for the whole first indexing run: a hang guard
CLI_TIMEOUT = 600  # the test itself never waits longer on one command


# ---------------------------------------------------------------- the good files

def _xlsx(path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Allotments"
    ws.append(["Plot", "Annual rent"])
    ws.append(["Allotment plot 12", "30 pounds"])
    ws.append(["Allotment plot 14", "35 pounds"])
    wb.save(path)


# path -> (writer, question, text the quoted line holds)
def _docx(path: Path, paragraphs: list[str]) -> None:
    import docx

    doc = docx.Document()
    for text in paragraphs:
        doc.add_paragraph(text)
    doc.save(str(path))


GOOD = {
    "good/lighthouse.txt": (
        lambda p: p.write_text("Lighthouse log\n\nThe lighthouse keeper's radio call sign is "
                               "Kestrel Nine.\nThe lamp is checked at dusk.\n"),
        "What is the lighthouse keeper's radio call sign?", "Kestrel Nine"),
    "good/orchard.md": (
        lambda p: p.write_text("# Community orchard\n\nThe orchard harvest festival starts on "
                               "14 September.\n\nVolunteers meet at the gate.\n"),
        "When does the orchard harvest festival start?", "14 September"),
    "good/moorings.csv": (
        lambda p: p.write_text("Boat,Mooring fee\nSailing dinghy,45 dollars a month\n"
                               "Motor launch,80 dollars a month\n"),
        "What is the mooring fee for a sailing dinghy?", "Sailing dinghy | 45 dollars a month"),
    "good/allotments.xlsx": (
        _xlsx, "What is the annual rent for allotment plot 12?", "Allotment plot 12 | 30 pounds"),
    "good/quarry.pdf": (
        lambda p: write_pdf(p, [["Quarry notice"],
                                ["The quarry blasting takes place every Tuesday at noon.",
                                 "Sirens sound five minutes before."]]),
        "When does the quarry blasting take place?", "every Tuesday at noon"),
    "good/ferry.docx": (
        lambda p: _docx(p, ["Ferry timetable", "The winter ferry leaves the harbour at 7:15 each morning."]),
        "When does the winter ferry leave the harbour?", "7:15 each morning"),
    "good/observatory.html": (
        lambda p: p.write_text("<html><head><title>Observatory</title><script>var x = 'decoy';</script>"
                               "</head><body><h1>Open nights</h1><p>The observatory opens to the public "
                               "on the first Friday of each month.</p></body></html>"),
        "When does the observatory open to the public?", "first Friday of each month"),
    "good/beekeepers.json": (
        lambda p: p.write_text('{"club": "Beekeepers", "meeting": "The beekeepers club meets in the '
                               'old mill every second Thursday."}'),
        "Where does the beekeepers club meet?", "old mill every second Thursday"),
}

# Folder hazards: path in --status -> (status, reason). The unreadable file is added when the
# test can make a file this process cannot read (see `_as_a_user`).
HAZARDS = {
    "links/out.txt": ("failed", "link points outside the documents folder (not followed)"),
    "links/outdir/": ("failed", "link points outside the documents folder (not followed)"),
    "links/loop.txt": ("failed", "link loop (the link leads back to itself)"),
    "links/broken.txt": ("failed", "broken link (what it points to does not exist)"),
    "links/pipe.txt": ("skipped", "not a regular file (a named pipe)"),
}
UNREADABLE = ("links/locked.txt", ("failed", "permission denied"))
SECRET = "The walrus password is swordfish."  # outside the folder, and in .git: never indexed


def _as_a_user(scratch: Path) -> tuple[list[str], str | None]:
    """The command prefix that runs Python as a user a chmod-0 file is closed to, or the
    reason there is none here. Root reads anything; run without the two capabilities that let
    it (tests/test_hostile_folder.py's trick), it meets "permission denied" as anyone would."""
    probe = scratch / "probe.txt"
    probe.write_text("x")
    probe.chmod(0)
    try:
        r = subprocess.run([sys.executable, "-c", _NO_DAC, "-c", f"open({str(probe)!r})"],
                           capture_output=True, text=True, timeout=60)
    finally:
        probe.chmod(0o644)
        probe.unlink()
    if r.returncode == 77:
        return [sys.executable], ("running as root without the right to drop capabilities: "
                                  "permissions cannot be tested")
    if "PermissionError" not in r.stderr:
        return [sys.executable], "this user reads files whatever their mode"
    return [sys.executable, "-c", _NO_DAC], None


def _build(root: Path) -> dict:
    docs, outside = root / "docs", root / "outside"
    (docs / "good").mkdir(parents=True)
    (docs / "links").mkdir()
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET + "\n")
    hostile_paths = hostile.write_all(docs / "hostile")
    for rel, (writer, _, _) in GOOD.items():
        writer(docs / rel)
    links = docs / "links"
    os.symlink(outside / "secret.txt", links / "out.txt")
    os.symlink(outside, links / "outdir")
    os.symlink("loop.txt", links / "loop.txt")
    os.symlink("missing.txt", links / "broken.txt")
    os.mkfifo(links / "pipe.txt")  # opening it would wait forever for a writer
    (docs / ".git" / "objects").mkdir(parents=True)
    (docs / ".git" / "config.txt").write_text("[core]\n")
    (docs / ".git" / "objects" / "note.txt").write_text(SECRET + "\n")
    prefix, why_not = _as_a_user(root)
    hazards = dict(HAZARDS)
    if why_not is None:
        locked = docs / UNREADABLE[0]
        locked.write_text("The locked note says the vault code is 4471.\n")
        locked.chmod(0)
        hazards[UNREADABLE[0]] = UNREADABLE[1]
    return {"docs": docs, "hostile": hostile_paths, "prefix": prefix, "why_not": why_not,
            "hazards": hazards}


# ---------------------------------------------------------------- running ask

def _env(root: Path) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("ASK_EMBED_MODEL", "ASK_EMBED_MODEL_DIR")}
    env.update(ASK_CACHE_DIR=str(root / "cache"), NO_COLOR="1")
    return env


class Ask:
    """`ask` in its own process, as the user the folder was built for."""

    def __init__(self, root: Path, built: dict):
        self.root, self.built = root, built
        self.index = root / "index.sqlite"
        self.calls: list[subprocess.CompletedProcess] = []

    def __call__(self, *args: str) -> subprocess.CompletedProcess:
        cmd = [*self.built["prefix"], "-m", "engine.cli", *args, "--docs", str(self.built["docs"]),
               "--index", str(self.index), "--embed-model", "none", "--quiet"]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=CLI_TIMEOUT,
                           env=_env(self.root), cwd=self.root)
        self.calls.append(r)
        return r

    def documents(self) -> list[tuple]:
        """Every row of the index's documents table, read-only (what the index holds)."""
        with sqlite3.connect(f"file:{self.index}?mode=ro", uri=True) as db:
            return db.execute("SELECT id, path, hash, size, mtime_ns, kind, status, error, hint, "
                              "notes FROM documents ORDER BY path").fetchall()

    def lines_of(self, rel: str) -> list[str]:
        with sqlite3.connect(f"file:{self.index}?mode=ro", uri=True) as db:
            return [t for (t,) in db.execute(
                "SELECT l.text FROM lines l JOIN documents d ON d.id = l.doc WHERE d.path = ? "
                "ORDER BY l.seq", (rel,))]


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile-suite")
    built = _build(root)
    ask = Ask(root, built)
    started = time.monotonic()
    first = ask("--status", "--json")
    seconds = time.monotonic() - started
    state = {"ask": ask, "built": built, "first": first, "seconds": seconds,
             "status": json.loads(first.stdout) if first.returncode == 0 else None,
             "rows": ask.documents() if first.returncode == 0 else []}
    yield state
    locked = built["docs"] / UNREADABLE[0]
    if locked.exists():
        locked.chmod(0o644)
    for path in built["hostile"].values():  # two are 50 MB
        path.unlink(missing_ok=True)


def _expected(built: dict) -> dict[str, tuple[str, str, str]]:
    """path in --status -> (outcome, expected reason or text, expected note)."""
    out = {f"hostile/{p.name}": (HOSTILE_FILES[k].outcome, HOSTILE_FILES[k].expect,
                                 HOSTILE_FILES[k].note) for k, p in built["hostile"].items()}
    out.update({rel: (status, reason, "") for rel, (status, reason) in built["hazards"].items()})
    return out


# ---------------------------------------------------------------- the checks

def test_the_folder_holds_at_least_30_kinds_of_bad_file_and_every_format(suite):
    kinds = {k.split("-")[0] for k in HOSTILE_FILES}
    assert len(HOSTILE_FILES) >= 30 and kinds == {"text", "csv", "xlsx", "pdf", "docx", "html", "json", "jsonl"}
    assert {Path(rel).suffix for rel in GOOD} == {".txt", ".md", ".csv", ".xlsx", ".pdf", ".docx", ".html", ".json"}


def test_indexing_neither_crashes_nor_hangs(suite):
    first = suite["first"]
    assert first.returncode == 0, first.stderr
    assert "Traceback" not in first.stderr and first.stderr == "", first.stderr
    print(f"first run (index + --status --json): {suite['seconds']:.1f} s")
    assert suite["seconds"] < INDEX_BOUND, f"indexing took {suite['seconds']:.0f} s: a hang?"


def test_every_bad_file_is_reported_with_its_reason_and_a_fix(suite):
    status = suite["status"]
    failed = {r["path"]: r for r in status["failed"]}
    skipped = {r["path"]: r for r in status["skipped"]}
    notes = {r["path"]: r["notes"] for r in status["notes"]}
    problems = []
    for rel, (outcome, expect, note) in sorted(_expected(suite["built"]).items()):
        if outcome == "failed":
            entry = failed.get(rel)
            if entry is None or expect not in entry["reason"] or not entry["fix"]:
                problems.append(f"{rel}: expected failed with {expect!r}, got {entry}")
        elif outcome == "skipped":
            entry = skipped.get(rel)
            if entry is None or expect not in entry["reason"]:
                problems.append(f"{rel}: expected skipped with {expect!r}, got {entry}")
        else:  # read despite its flaws: indexed, with the note its kind expects
            if rel in failed or rel in skipped:
                problems.append(f"{rel}: expected read, got {failed.get(rel) or skipped.get(rel)}")
            if note and note not in notes.get(rel, ""):
                problems.append(f"{rel}: expected a note {note!r}, got {notes.get(rel)!r}")
            lines = suite["ask"].lines_of(rel)
            if expect and not any(expect in t for t in lines):
                problems.append(f"{rel}: no line holds {expect!r}: {lines[:3]}")
            if not expect and lines:
                problems.append(f"{rel}: expected no lines, got {lines[:3]}")
    assert problems == []
    # nothing else failed: every failure is one the table expects
    expected_failed = {rel for rel, (o, _, _) in _expected(suite["built"]).items() if o == "failed"}
    assert set(failed) == expected_failed


def test_the_text_status_shows_the_same_with_each_fix(suite):
    r = suite["ask"]("--status")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    lines = r.stdout.splitlines()
    status = suite["status"]
    assert f"failed: {len(status['failed'])}" in lines
    for entry in status["failed"]:
        assert f"  {entry['path']}: {entry['reason']} (fix: {entry['fix']})" in lines
    counts = ", ".join(f"{n} {k}" for k, n in status["documents"].items())
    assert f"documents: {sum(status['documents'].values())} ({counts})" in lines


def test_hidden_folders_and_what_links_point_at_are_never_indexed(suite):
    paths = [row[1] for row in suite["rows"]]
    assert not any(p.startswith(".git") for p in paths)
    with sqlite3.connect(f"file:{suite['ask'].index}?mode=ro", uri=True) as db:
        words = " ".join(t for (t,) in db.execute("SELECT text FROM lines"))
    assert "walrus" not in words and "vault code" not in words
    r = suite["ask"]("What is the walrus password?")
    assert r.returncode == 1 and "Traceback" not in r.stderr, (r.stdout, r.stderr)
    assert r.stdout.startswith("no confident answer")


@pytest.mark.parametrize("rel", sorted(GOOD))
def test_every_good_file_is_answered_from_its_own_line(suite, rel):
    _, question, fact = GOOD[rel]
    r = suite["ask"](question, "--json")
    assert r.returncode == 0 and "Traceback" not in r.stderr, (r.stdout, r.stderr)
    a = json.loads(r.stdout)
    assert a["answered"], a["refusal"]
    cite = a["citations"][0]
    assert cite["path"] == rel
    assert any(fact in line["text"] for line in cite["lines"]), cite["lines"]


def test_a_good_answer_in_text_cites_the_file(suite):
    r = suite["ask"]("What is the mooring fee for a sailing dinghy?")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "Sailing dinghy | 45 dollars a month" in r.stdout
    assert "] good/moorings.csv row 2" in r.stdout


def test_a_second_run_reads_nothing_again(suite):
    before = suite["rows"]
    r = suite["ask"]("--status", "--json")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    after = suite["ask"].documents()
    changed = sorted({row[1] for row in set(before) ^ set(after)})
    assert changed == []  # same rows, same ids: no document was read or recorded again
    assert json.loads(r.stdout)["failed"] == suite["status"]["failed"]


def test_an_unreadable_file_is_reported_and_looked_at_again(suite):
    why_not = suite["built"]["why_not"]
    if why_not:
        pytest.skip(why_not)
    rows = {row[1]: row for row in suite["rows"]}
    locked = rows[UNREADABLE[0]]
    assert (locked[6], locked[7]) == ("failed", "permission denied")
    assert locked[3] == -1  # stored with no size: the next run looks again (chmod changes neither)


def test_what_the_user_sees_for_each_kind(suite):
    """The table of the issue: each kind, its outcome, and what --status says about it."""
    status = suite["status"]
    said = {r["path"]: f"{r['reason']} (fix: {r['fix']})" for r in status["failed"]}
    said.update({r["path"]: f"skipped: {r['reason']}" for r in status["skipped"]})
    notes = {r["path"]: r["notes"] for r in status["notes"]}
    kinds = {f"hostile/{p.name}": k for k, p in suite["built"]["hostile"].items()}
    kinds.update({rel: rel for rel in suite["built"]["hazards"]})
    rows = []
    for rel, kind in sorted(kinds.items(), key=lambda kv: kv[1]):
        outcome, expect, _ = _expected(suite["built"])[rel]
        seen = said.get(rel)
        if seen is None:
            seen = f'read: "{expect}"' if expect else "read, no lines"
            seen += f"; note: {notes[rel]}" if rel in notes else ""
        rows.append(f"| {kind} | {outcome} | {seen} |")
    print("\n| kind | outcome | what --status says |\n| --- | --- | --- |\n" + "\n".join(rows))
    print(f"{len(HOSTILE_FILES)} kinds of bad file, {len(suite['built']['hazards'])} folder "
          f"hazards, {len(GOOD)} good files; first run {suite['seconds']:.1f} s")
    if suite["built"]["why_not"]:
        print(f"not tested: unreadable file ({suite['built']['why_not']})")
    assert len(rows) == len(HOSTILE_FILES) + len(suite["built"]["hazards"])
