"""The command line people meet: progress on a terminal, colour, --format, --status, --show.

Every test drives the real command (a subprocess of `python -m engine.cli`, on a pseudo-terminal
where a terminal matters, or click's CliRunner for quick checks) on real files and a real index.
"""
import fcntl
import io
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import write
from engine.cli import main
from engine.readers import ocr
from engine.progress import Progress, bar_line, clock_text
from engine.units import size

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
TREE_Q = "What is the fee for a tree removal permit?"
HANG_GUARD = 300  # seconds: only so a broken run cannot hang the suite


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "TERM")}
    env.update({"PYTHONPATH": str(ROOT), "ASK_EMBED_MODEL": "none", "TERM": "xterm"})
    env.update({k: v for k, v in extra.items() if v is not None})
    return env


def _cmd(*args) -> list[str]:
    return [sys.executable, "-m", "engine.cli", *args]


def _pty(columns: int = 100) -> tuple[int, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    return master, slave


def run_tty(args, env, *, stdout_tty=False, stderr_tty=True):
    """Run the command with stdout and/or stderr on a pseudo-terminal of its own;
    returns (exit code, stdout bytes, stderr bytes)."""
    masters, kwargs = {}, {}
    for name, tty in (("stdout", stdout_tty), ("stderr", stderr_tty)):
        if tty:
            m, s = _pty()
            masters[name] = (m, s)
            kwargs[name] = s
        else:
            kwargs[name] = subprocess.PIPE
    p = subprocess.Popen(_cmd(*args), env=env, stdin=subprocess.DEVNULL, **kwargs)
    for _m, s in masters.values():
        os.close(s)
    got = {name: b"" for name in masters}
    open_fds = {m: name for name, (m, _s) in masters.items()}
    piped = {name: getattr(p, name) for name in ("stdout", "stderr") if name not in masters}
    for name, f in piped.items():
        open_fds[f.fileno()] = name
        got[name] = b""
    deadline = time.monotonic() + HANG_GUARD
    while open_fds and time.monotonic() < deadline:
        ready, _, _ = select.select(list(open_fds), [], [], 1.0)
        for fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:  # the terminal closed: the process is gone
                data = b""
            if data:
                got[open_fds[fd]] += data
            else:
                del open_fds[fd]
    code = p.wait(timeout=HANG_GUARD)
    for m, _s in masters.values():
        os.close(m)
    # a terminal turns "\n" into "\r\n"
    return code, got["stdout"].replace(b"\r\n", b"\n"), got["stderr"].replace(b"\r\n", b"\n")


@pytest.fixture
def many(tmp_path):
    """A folder of 200 small text files: long enough for the bar to be drawn several times."""
    d = tmp_path / "many"
    for i in range(200):
        write(d, f"f{i:03d}.txt", f"alfa bravo charlie {i} delta echo foxtrot\n")
    return d


# -- progress ----------------------------------------------------------------------------
def test_progress_bar_on_a_terminal_with_counts(many, tmp_path):
    code, out, err = run_tty(["--docs", str(many), "--index", str(tmp_path / "i.sqlite"), "--status"],
                             _env(), stderr_tty=True)
    assert code == 0, err
    text = err.decode()
    frames = [f for f in re.split(r"[\r\n]", ANSI.sub("", text)) if f.strip()]
    assert frames and all(f.startswith("reading") for f in frames), text
    assert re.search(r"reading +\[#{30}\] 200/200 100%", frames[-1]), frames[-1]
    assert all(re.search(r"\[[#-]+\] \d+/200 +\d+%", f) for f in frames)
    assert len(frames) < 200  # throttled: not one redraw per file
    assert "documents: 200 (200 text)" in out.decode()  # stdout untouched by the bar
    assert "\r" not in out.decode()


def test_no_progress_on_a_pipe_nor_with_quiet(many, tmp_path):
    p = subprocess.run(_cmd("--docs", str(many), "--index", str(tmp_path / "a.sqlite"), "--status"),
                       capture_output=True, env=_env(), timeout=HANG_GUARD)
    assert p.returncode == 0 and p.stderr == b"" and b"documents: 200" in p.stdout
    code, out, err = run_tty(["--docs", str(many), "--index", str(tmp_path / "b.sqlite"), "--status", "--quiet"],
                             _env())
    assert code == 0 and err == b"" and b"documents: 200" in out


def test_progress_shows_embedding_too(tmp_path, model):
    d = tmp_path / "docs"
    for i in range(30):
        write(d, f"n{i:02d}.md", f"# Note {i}\n\nThe pump station {i} runs on Tuesday at {i} o'clock.\n")
    env = _env(ASK_EMBED_MODEL=model["embed_model"], ASK_EMBED_MODEL_DIR=model["embed_model_dir"])
    code, out, err = run_tty(["--docs", str(d), "--index", str(tmp_path / "i.sqlite"), "--status"], env)
    assert code == 0, err
    text = ANSI.sub("", err.decode())
    assert re.search(r"reading +\[#+\] 30/30 100%", text)
    assert re.search(r"embedding +\[#+\] 30/30 100%", text)
    assert "with vectors: 30 (100%)" in out.decode()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_rate_eta_and_throttle_with_a_given_clock():
    now = [0.0]
    screen = _Terminal()
    bar = Progress(stream=screen, clock=lambda: now[0], columns=100)
    for done in range(1, 11):  # ten steps inside one redraw interval: drawn once
        now[0] = done * 0.001
        bar("reading", done, 100)
    assert screen.getvalue().count("\r") == 1
    now[0] = 2.0
    bar("reading", 50, 100)  # 50 in 2 s: 25/s, 50 left: 2 s
    assert screen.getvalue().endswith("\r" + bar_line("reading", 50, 100, 2.0, 100) + "\x1b[K")
    assert "25.0/s  ETA 0:02" in screen.getvalue()
    now[0] = 4.0
    bar("reading", 100, 100)
    assert screen.getvalue().endswith("100/100 100%  0:04\x1b[K\n")
    bar("embedding", 1, 3)  # a new stage starts on the fresh line
    assert screen.getvalue().endswith("\n\rembedding  [##########--------------------] 1/3  33%  ETA --:--\x1b[K")
    quiet = _Terminal()
    Progress(quiet=True, stream=quiet)("reading", 1, 2)
    pipe = io.StringIO()
    Progress(stream=pipe)("reading", 1, 2)
    assert quiet.getvalue() == "" and pipe.getvalue() == ""


@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (7.4, "0:07"), (754, "12:34"), (3723, "1:02:03")])
def test_clock_text(seconds, text):
    assert clock_text(seconds) == text


def test_bar_never_wider_than_the_terminal():
    for cols in (20, 40, 60, 80, 200):
        line = bar_line("embedding", 123456, 999999, 12.0, cols)
        assert len(line) < cols, (cols, line)


# -- colour ------------------------------------------------------------------------------
def _args(samples, tmp_path, *more):
    return [TREE_Q, "--docs", str(samples), "--index", str(tmp_path / "c.sqlite"), *more]


def test_colour_on_a_terminal_plain_with_no_color(samples, tmp_path):
    code, out, _ = run_tty(_args(samples, tmp_path), _env(), stdout_tty=True, stderr_tty=False)
    assert code == 0
    text = out.decode()
    assert "\x1b[1mThe application fee for a tree removal permit is $75.00" in text  # quoted: bold
    cite = [ln for ln in text.splitlines() if "[" in ANSI.sub("", ln)[:1]]
    assert cite and cite[0].startswith("\x1b[2m[")  # citation line: dim
    method = [ln for ln in text.splitlines() if "method:" in ln]
    assert method[0].startswith("\x1b[2mmethod:")
    # the same bytes as plain output once the escapes are taken out
    plain = subprocess.run(_cmd(*_args(samples, tmp_path)), capture_output=True, env=_env(),
                           timeout=HANG_GUARD).stdout.decode()
    assert "\x1b" not in plain and ANSI.sub("", text) == plain
    for no_color in ("1", "0", "no"):  # any non-empty value (no-color.org)
        code, out, _ = run_tty(_args(samples, tmp_path), _env(NO_COLOR=no_color), stdout_tty=True,
                               stderr_tty=False)
        assert code == 0 and b"\x1b" not in out and out.decode() == plain
    code, out, _ = run_tty(_args(samples, tmp_path, "--color", "never"), _env(), stdout_tty=True, stderr_tty=False)
    assert b"\x1b" not in out


def test_colour_always_through_a_pipe_and_never_for_machines(samples, tmp_path):
    p = subprocess.run(_cmd(*_args(samples, tmp_path, "--color", "always")), capture_output=True,
                       env=_env(NO_COLOR="1"), timeout=HANG_GUARD)  # the option wins over NO_COLOR
    assert p.returncode == 0 and b"\x1b[1m" in p.stdout
    for fmt in ("json", "jsonl", "md"):
        code, out, _ = run_tty(_args(samples, tmp_path, "--format", fmt, "--color", "always"), _env(),
                               stdout_tty=True, stderr_tty=False)
        assert code == 0 and b"\x1b" not in out, fmt


def test_locators_aligned_in_colour(samples, tmp_path):
    q = "What are the monthly water rates for residential customers?"
    code, out, _ = run_tty([q, "--docs", str(samples), "--index", str(tmp_path / "c.sqlite")], _env(),
                           stdout_tty=True, stderr_tty=False)
    assert code == 0
    quoted = [ANSI.sub("", ln) for ln in out.decode().splitlines() if ln.startswith("  ")]
    assert len(quoted) >= 2
    starts = {len(m.group(1)) for m in (re.match(r"^(  \S.*?\s{2,})\S", q) for q in quoted)}
    assert len(starts) == 1, quoted  # every quoted text starts in the same column


# -- formats -----------------------------------------------------------------------------
@pytest.fixture
def cli(tmp_path):
    idx = tmp_path / "f.sqlite"

    def _run(*args, stdout_only=False):
        """(exit code, stdout and stderr as a user sees them; stdout alone if asked)."""
        r = CliRunner().invoke(main, [*args, "--index", str(idx), "--embed-model", "none"])
        return r.exit_code, r.stdout if stdout_only else r.output
    return _run


def test_format_json_is_json_and_jsonl_one_record_a_line(cli, samples, tmp_path):
    qs = tmp_path / "q.txt"
    qs.write_text(f"{TREE_Q}\nWho painted the lobby mural?\n", encoding="utf-8")
    golden = ROOT / "golden" / "samples.jsonl"
    for mode in ([TREE_Q, "--explain"], ["--batch", str(qs)], ["--show", "7007:L28"], ["--golden", str(golden)]):
        a = cli(*mode, "--docs", str(samples), "--json")
        b = cli(*mode, "--docs", str(samples), "--format", "json")
        assert a == b and a[1].strip(), mode
    # jsonl: a question is one line; a batch one line per question, like --json
    code, out = cli(TREE_Q, "--docs", str(samples), "--format", "jsonl")
    assert code == 0 and len(out.splitlines()) == 1 and json.loads(out)["answered"] is True
    assert cli("--batch", str(qs), "--docs", str(samples), "--format", "jsonl") == \
        cli("--batch", str(qs), "--docs", str(samples), "--json")
    # golden: one line per case, then the summary
    code, out = cli("--golden", str(golden), "--docs", str(samples), "--format", "jsonl")
    rows = [json.loads(x) for x in out.splitlines()]
    n_cases = sum(1 for x in golden.read_text(encoding="utf-8").splitlines() if x.strip())
    assert len(rows) == n_cases + 1
    assert all({"id", "outcome", "passed", "answer"} <= set(r) for r in rows[:-1])
    assert set(rows[-1]) == {"ok", "summary"} and rows[-1]["summary"]["cases"] == n_cases
    assert code == (0 if rows[-1]["ok"] else 1)


def test_format_md_for_notes(cli, samples):
    code, out = cli(TREE_Q, "--docs", str(samples), "--format", "md")
    assert code == 0
    assert out.startswith(f"## {TREE_Q}\n")
    assert "> `L28` The application fee for a tree removal permit is $75.00" in out
    assert re.search(r"^— `[0-9a-f]{12}` `ordinances/ordinance-2023-14-public-trees\.md` L28", out, re.M)
    assert "*method: bm25+tfidf→rerank→gate" in out
    code, out = cli("Who painted the lobby mural?", "--docs", str(samples), "--format", "md")
    assert code == 1 and "**No confident answer.**" in out and "- question words not found: lobby, mural" in out
    code, out = cli("--status", "--docs", str(samples), "--format", "md")
    assert code == 0 and "| type | documents | lines | passages |" in out and "### Failed (1)" in out
    assert "misc/town-seal.png" in out  # an image: read by OCR (no text in it), or needs OCR


def test_json_with_another_format_is_a_usage_error(cli, samples):
    code, out = cli(TREE_Q, "--docs", str(samples), "--json", "--format", "md")
    assert code == 2 and "--json and --format md" in out and "hint:" in out
    code, out = cli(TREE_Q, "--docs", str(samples), "--format", "yaml")
    assert code == 2 and "yaml" in out
    code, out = cli(TREE_Q, "--docs", str(samples), "--color", "sometimes")
    assert code == 2 and "sometimes" in out


# -- status ------------------------------------------------------------------------------
def test_status_fields(cli, tmp_path):
    d = tmp_path / "docs"
    write(d, "a.txt", "alfa\nbravo\n\ncharlie\n")
    write(d, "notes/b.md", "# Bee\n\ndelta echo\n")
    write(d, "song.mp3", "mp3")
    write(d, "logo.png", "png")  # an image, read by OCR: this one is no image (or OCR is missing)
    (d / "bad.pdf").write_bytes(b"garbage")
    code, out = cli("--docs", str(d), "--status", "--json")
    assert code == 0
    s = json.loads(out)
    assert s["documents"] == {"text": 2}
    assert s["types"] == {"text": {"documents": 2, "lines": 5, "passages": s["passages"]}}
    assert s["lines"] == 5 and s["passages"] >= 2 and s["passages_with_vectors"] == 0
    assert s["model"] is None and s["model_note"] == "embedding turned off"
    assert s["skipped"] == [{"path": "song.mp3", "reason": "unsupported file type"}]
    assert [f["path"] for f in s["failed"]] == ["bad.pdf", "logo.png"] and s["failed"][0]["fix"]
    assert s["failed"][1]["reason"] == ("not a readable image" if ocr.available()
                                       else "needs OCR, which is not installed")
    idx = Path(s["index"])
    assert not Path(f"{idx}-wal").exists()  # closed: the log folded into the file
    assert s["index_bytes"] == idx.stat().st_size > 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", s["last_change"])
    again = json.loads(cli("--docs", str(d), "--status", "--json")[1])
    assert json.loads(cli("--docs", str(d), "--status", "--json")[1]) == again  # nothing changed
    assert {k: v for k, v in again.items() if k != "last_change"} == \
        {k: v for k, v in s.items() if k != "last_change"}
    assert again["last_change"] >= s["last_change"]  # (the log is folded in when the first run ends)
    code, text = cli("--docs", str(d), "--status")
    assert f"last changed {s['last_change'][:10]}" in text
    assert text.startswith(f"index: {idx} ({size(s['index_bytes'])}, last changed ")
    assert re.search(r"^  text +2 +5 +\d+$", text, re.M)
    assert "lines: 5, passages:" in text and "failed: 2" in text and "bad.pdf: not a valid PDF" in text
    code, out = cli("--docs", str(d), "--status", "--format", "jsonl")
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r["path"] for r in rows] == ["a.txt", "bad.pdf", "logo.png", "notes/b.md", "song.mp3"]
    assert [r["status"] for r in rows] == ["ok", "failed", "failed", "ok", "skipped"]
    assert rows[0]["lines"] == 3 and re.fullmatch(r"[0-9a-f]{12}", rows[0]["doc_id"])


def test_sizes_are_said_in_binary_units_one_decimal_at_most():
    assert [size(n) for n in (0, 1023, 1024, 1536, 401408, 64 << 20, 65 * 10**6, 3 << 29)] == \
        ["0 bytes", "1023 bytes", "1 KiB", "1.5 KiB", "392 KiB", "64 MiB", "62 MiB", "1.5 GiB"]


def test_status_names_vectors_of_another_model(tmp_path, model):
    d = tmp_path / "docs"
    write(d, "a.md", "The pump runs on Tuesday.\n")
    idx = str(tmp_path / "i.sqlite")
    with_model = ["--docs", str(d), "--index", idx, "--embed-model", model["embed_model"],
                  "--embed-model-dir", model["embed_model_dir"], "--status", "--json"]
    s = json.loads(CliRunner().invoke(main, with_model).output)
    assert s["passages_with_vectors"] == s["passages"] == 1
    assert s["vectors"] == [{"model": s["model"], "passages": 1}]
    out = CliRunner().invoke(main, ["--docs", str(d), "--index", idx, "--embed-model", "none", "--status"]).output
    assert f"also stored: 1 vectors from {s['model']} (not used by this run)" in out


# -- show takes back everything ask prints ------------------------------------------------
QUESTIONS = [TREE_Q,  # Markdown
             "What did the 2023 report say about the lead 90th percentile?",  # PDF
             "What are the monthly water rates for residential customers?",  # XLSX
             "What is the security deposit for the Gazebo at Veterans Memorial Park?",  # CSV
             "How long can I borrow a Wi-Fi hotspot?"]


def _marked(out: str) -> list[str]:
    return [ln for ln in out.splitlines() if ln.startswith(">")]


def test_show_takes_back_every_id_and_locator(cli, samples, tmp_path):
    qs = tmp_path / "q.jsonl"
    qs.write_text("\n".join(json.dumps({"id": f"q{i}", "question": q}) for i, q in enumerate(QUESTIONS)),
                  encoding="utf-8")
    code, out = cli("--docs", str(samples), "--batch", str(qs), "--json", "--explain")
    answers = [json.loads(x) for x in out.splitlines()]
    kinds = set()
    for a in answers:
        assert a["answered"], a["question"]
        for c in a["citations"]:
            kinds.add(c["path"].rsplit(".", 1)[-1])
            for ref in (f"{c['doc_id']}:{c['locator']}", f"{c['doc_id'][:4]}:{c['locator']}"):
                code, shown = cli("--docs", str(samples), "--show", ref)
                assert code == 0, (ref, shown)
                assert shown.splitlines()[0] == f"[{c['doc_id']}] {c['path']}"
                for ln in c["lines"]:  # every quoted line is inside the shown span, marked
                    assert any(ln["text"] in m and ln["locator"] in m for m in _marked(shown)), (ref, ln)
                    code, one = cli("--docs", str(samples), "--show", f"{c['doc_id'][:4]}:{ln['locator']}")
                    assert code == 0 and len(_marked(one)) == 1 and ln["text"] in _marked(one)[0]
        for cand in a["candidates"]:  # --explain's candidates: passage spans
            code, shown = cli("--docs", str(samples), "--show", f"{cand['doc_id'][:4]}:{cand['locator']}")
            assert code == 0 and _marked(shown), (cand, shown)
    assert kinds >= {"md", "pdf", "xlsx", "csv"}
    # a citation line as text output printed it, pasted whole
    code, text = cli(TREE_Q, "--docs", str(samples))
    line = next(ln for ln in text.splitlines() if ln.startswith("["))
    code, shown = cli("--docs", str(samples), "--show", line)
    assert code == 0 and any("$75.00" in m for m in _marked(shown))
    # an id alone: the whole document, nothing marked
    doc = answers[0]["citations"][0]
    code, whole = cli("--docs", str(samples), "--show", doc["doc_id"][:4])
    assert code == 0 and not _marked(whole)
    source = (samples / doc["path"]).read_text(encoding="utf-8").splitlines()
    assert len(whole.splitlines()) - 1 == sum(1 for x in source if x.strip())  # blank lines are not lines


def test_show_takes_back_golden_ids(cli, samples):
    code, out = cli("--golden", str(ROOT / "golden" / "samples.jsonl"), "--docs", str(samples), "--json")
    report = json.loads(out)
    refs = [(c["doc_id"], ln) for case in report["cases"] for c in case["answer"]["citations"] for ln in c["lines"]]
    assert refs
    for doc_id, ln in refs:
        code, shown = cli("--docs", str(samples), "--show", f"{doc_id}:{ln['locator']}")
        assert code == 0 and ln["text"] in _marked(shown)[0]


def _doc_ids(cli, d) -> dict[str, str]:
    out = cli("--docs", str(d), "--status", "--format", "jsonl")[1]
    return {r["path"]: r["doc_id"] for r in map(json.loads, out.splitlines()) if r["doc_id"]}


def test_show_ambiguous_prefix_lists_the_candidates(cli, tmp_path):
    d = tmp_path / "docs"
    for i in range(40):  # 40 ids among 16 first characters: some share one
        write(d, f"d{i:02d}.txt", f"document number {i}\n")
    ids = _doc_ids(cli, d)
    by_first: dict[str, list[str]] = {}
    for path, doc_id in sorted(ids.items()):
        by_first.setdefault(doc_id[0], []).append(path)
    first, paths = next((k, v) for k, v in sorted(by_first.items()) if len(v) >= 2)
    code, out = cli("--docs", str(d), "--show", first + ":L1")
    assert code == 2 and f"id prefix '{first}' is ambiguous, it starts {len(paths)} documents" in out
    for p in paths[:10]:
        assert f"{ids[p]} {p}" in out
    assert "hint: give more characters of the id" in out
    unique = next(p for p in paths if sum(v.startswith(ids[p][:4]) for v in ids.values()) == 1)
    code, out = cli("--docs", str(d), "--show", ids[unique][:4] + ":L1")  # 4 characters are enough
    assert code == 0 and _marked(out) == [f"> L1  document number {int(unique[1:3])}"]


def test_show_identical_files_and_bad_references(cli, tmp_path):
    d = tmp_path / "docs"
    write(d, "one/same.txt", "alfa\nbravo\n")
    write(d, "two/same.txt", "alfa\nbravo\n")
    ids = _doc_ids(cli, d)
    assert ids["one/same.txt"] == ids["two/same.txt"]
    doc_id = ids["one/same.txt"]
    code, out = cli("--docs", str(d), "--show", f"{doc_id[:4]}:L2")  # one content: not ambiguous
    assert code == 0 and out.splitlines()[0] == f"[{doc_id}] one/same.txt"
    code, out = cli("--docs", str(d), "--show", f"[{doc_id}] two/same.txt L2")  # the path decides
    assert code == 0 and out.splitlines()[0] == f"[{doc_id}] two/same.txt" and _marked(out) == ["> L2  bravo"]
    for ref, says in ((f"{doc_id[:6]}:L99", "is not in"), (f"{doc_id[:6]}:Q7", "cannot read locator"),
                      ("ffffffffffff", "no document id starts with"), ("not-an-id", "is not a document id"),
                      (":L1", "no document id given")):
        code, out = cli("--docs", str(d), "--show", ref)
        assert code == 2 and says in out and "hint:" in out, (ref, out)


def test_show_takes_back_search_hits(cli, samples):
    code, out = cli("tree permit fee", "--docs", str(samples), "--search", "--json", stdout_only=True)
    assert code == 0, out
    d = json.loads(out)
    hits = d["hits"] if isinstance(d, dict) else d  # an array of hits, or a result holding them
    assert hits
    for h in hits:
        code, shown = cli("--docs", str(samples), "--show", f"{h['doc_id'][:4]}:{h['locator']}")
        assert code == 0 and _marked(shown), (h, shown)
        if h.get("line"):
            code, one = cli("--docs", str(samples), "--show", f"{h['doc_id'][:4]}:{h['line']['locator']}")
            assert code == 0 and h["line"]["text"] in _marked(one)[0]


def test_ocr_pages_draw_inside_the_reading_line_and_leave_its_clock_alone():
    """A scan's pages (a transient stage) take the reading line's place while OCR runs, are
    wiped when done, and reading goes on with the rate it had (its clock not restarted)."""
    now = [0.0]
    screen = _Terminal()
    bar = Progress(stream=screen, clock=lambda: now[0], columns=100)
    bar("reading", 1, 10)
    now[0] = 1.0
    bar("OCR pages", 0, 4)
    for page in range(1, 5):
        now[0] = 1.0 + 2.0 * page  # 2 s a page: 0.5/s
        bar("OCR pages", page, 4)
        if page == 2:
            assert screen.getvalue().endswith(bar_line("OCR pages", 2, 4, 4.0, 100) + "\x1b[K")
            assert "0.5/s  ETA 0:04" in screen.getvalue()
    assert screen.getvalue().endswith("\r\x1b[K")  # wiped, no new line
    now[0] = 10.0
    bar("reading", 2, 10)  # 2 files in 10 s since reading began: 0.2/s, 8 left: 40 s
    assert screen.getvalue().endswith("\r" + bar_line("reading", 2, 10, 10.0, 100) + "\x1b[K")
    assert "0.2/s  ETA 0:40" in screen.getvalue()
    assert "\n" not in screen.getvalue()
    bar("OCR pages", 0, 3)  # a scan whose reading failed halfway leaves no half-drawn bar
    now[0] = 11.0
    bar("reading", 3, 10)
    assert "\n" not in screen.getvalue() and screen.getvalue().endswith(
        "\r" + bar_line("reading", 3, 10, 11.0, 100) + "\x1b[K")
