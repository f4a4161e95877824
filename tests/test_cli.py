"""The `ask` command, driven as a user drives it: exit codes, text and JSON, batch, status, show, help."""
import json
import os
import re
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from conftest import write
from engine.cli import main
from engine.readers import ocr


@pytest.fixture
def run(tmp_path):
    idx = tmp_path / "cli.sqlite"

    def _run(*args, input=None):
        r = CliRunner().invoke(main, [*args, "--index", str(idx), "--embed-model", "none"], input=input)
        return r.exit_code, r.output, r.stderr if hasattr(r, "stderr") else ""
    return _run


def test_answer_in_text_exits_0_with_lines_citation_and_method(run, samples):
    code, out, _ = run("What is the fee for a tree removal permit?", "--docs", str(samples))
    assert code == 0, out
    lines = out.splitlines()
    assert any("$75.00" in ln for ln in lines)
    cite = [ln for ln in lines if ln.startswith("[")]
    assert cite and re.match(r"^\[[0-9a-f]{12}\] ordinances/\S+\.md L\d+", cite[0])
    assert lines[-1].startswith("method: bm25+tfidf→rerank→gate (no vectors: embedding turned off)")
    assert "documents" in lines[-1] and "passages" in lines[-1]


def test_refusal_in_text_exits_1_and_says_why(run, samples):
    code, out, _ = run("What is the airport landing fee?", "--docs", str(samples))
    assert code == 1
    assert "no confident answer" in out and "below the floor" in out
    assert "question words not found:" in out and "airport" in out


def test_json_has_the_contract_fields(run, samples):
    code, out, _ = run("How much does a non-resident library card cost?", "--docs", str(samples), "--json",
                       "--candidates", "3")
    assert code == 0
    d = json.loads(out)
    assert set(d) >= {"id", "question", "answered", "citations", "refusal", "method", "candidates"}
    c = d["citations"][0]
    assert set(c) >= {"doc_id", "path", "locator", "score", "coverage", "lines"}
    assert set(c["lines"][0]) == {"text", "locator", "score"}
    assert c["path"] == "library/borrowing-policy.md"
    assert len(d["candidates"]) == 3 and set(d["candidates"][0]) >= {"doc_id", "path", "locator", "score", "coverage"}


def test_explain_shows_each_arm_and_the_rerank_terms(run, samples):
    code, out, _ = run("What is the fee for a tree removal permit?", "--docs", str(samples), "--explain")
    assert code == 0
    assert "bm25 raw" in out and "tfidf raw" in out and "norm" in out and "#1" in out
    assert "fused" in out and "coverage" in out
    assert "gate: winner score" in out and "→ answer" in out


def test_batch_txt_and_jsonl_in_input_order_with_path(run, samples, tmp_path):
    txt = tmp_path / "q.txt"
    txt.write_text("# comment\nWhat is the fee for a tree removal permit?\n\nWho painted the lobby mural?\n", encoding="utf-8")
    code, out, _ = run("--docs", str(samples), "--batch", str(txt), "--json")
    assert code == 0
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r["id"] for r in rows] == ["2", "4"]
    assert [r["answered"] for r in rows] == [True, False]

    jl = tmp_path / "q.jsonl"
    jl.write_text("\n".join(json.dumps(o) for o in [
        {"id": "b", "question": "What is the special event permit fee?", "path": "parks/*.md"},
        {"id": "a", "question": "What is the special event permit fee?", "path": "ordinances/*"},
    ]) + "\n", encoding="utf-8")
    code, out, _ = run("--docs", str(samples), "--batch", str(jl), "--json")
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r["id"] for r in rows] == ["b", "a"]
    assert all(c["path"].startswith("parks/") for c in rows[0]["citations"])
    assert all(c["path"].startswith("ordinances/") for c in rows[1]["citations"])


def test_malformed_batch_is_a_usage_error_naming_the_lines(run, samples, tmp_path):
    jl = tmp_path / "bad.jsonl"
    jl.write_text('{"id": 1, "question": "ok?"}\nnot json\n{"id": 3}\n', encoding="utf-8")
    code, out, _ = run("--docs", str(samples), "--batch", str(jl))
    assert code == 2
    assert "line 2: not valid JSON" in out and 'line 3: needs a non-empty "question"' in out


def test_usage_errors_exit_2(run, samples, tmp_path):
    assert run("--docs", str(samples))[0] == 2                              # no question, no mode
    assert run("q", "--docs", str(samples), "--status")[0] == 2              # two modes
    assert run("q", "--docs", str(tmp_path / "missing"))[0] == 2             # no such folder
    assert run("q", "--docs", str(samples), "--candidates", "0")[0] == 2
    bad = tmp_path / "bad.toml"
    bad.write_text("nonsense = 1\n", encoding="utf-8")
    code, out, _ = run("q", "--docs", str(samples), "--config", str(bad))
    assert code == 2 and "unknown setting 'nonsense'" in out


def test_status_lists_kinds_skipped_and_failed(run, tmp_path):
    d = tmp_path / "docs"
    write(d, "a.txt", "alfa\n")
    write(d, "song.mp3", "mp3")
    write(d, "logo.png", "png")  # an image, read by OCR: this one is no image (or OCR is missing)
    (d / "bad.pdf").write_bytes(b"garbage")
    code, out, _ = run("--docs", str(d), "--status")
    assert code == 0
    assert "documents: 1 (1 text)" in out
    assert "skipped (unsupported type): 1" in out and "song.mp3" in out
    assert "failed: 2" in out and "bad.pdf: not a valid PDF" in out and "fix:" in out
    assert ("logo.png: not a readable image" in out if ocr.available()
            else "logo.png: needs OCR, which is not installed" in out)
    code, out, _ = run("--docs", str(d), "--status", "--json")
    assert json.loads(out)["failed"][0]["path"] == "bad.pdf"


def test_show_takes_back_what_ask_printed(run, samples):
    code, out, _ = run("What is the fee for a tree removal permit?", "--docs", str(samples), "--json")
    c = json.loads(out)["citations"][0]
    code, shown, _ = run("--docs", str(samples), "--show", f"{c['doc_id'][:6]}:{c['locator']}")
    assert code == 0
    marked = [ln for ln in shown.splitlines() if ln.startswith(">")]
    assert marked and any(c["lines"][0]["text"] in ln for ln in marked)
    assert run("--docs", str(samples), "--show", "zzzz")[0] == 2


def test_help_explains_every_option():
    for param in main.params:
        if isinstance(param, click.Option):
            assert param.help and len(param.help) > 15, f"{param.name} has no help text"
    out = CliRunner().invoke(main, ["--help"]).output
    for opt in ("--docs", "--json", "--explain", "--candidates", "--path", "--index", "--batch", "--status",
                "--show", "--config", "--embed-model", "--embed-model-dir", "--quiet"):
        assert opt in out


def test_two_processes_print_identical_bytes(samples, tmp_path):
    env = {**os.environ, "ASK_EMBED_MODEL": "none", "PYTHONHASHSEED": "random"}
    cmd = [sys.executable, "-m", "engine.cli", "What are the monthly water rates for residential customers?",
           "--docs", str(samples), "--json", "--explain", "--candidates", "5"]
    one = subprocess.run(cmd + ["--index", str(tmp_path / "a.sqlite")], capture_output=True, env=env)
    two = subprocess.run(cmd + ["--index", str(tmp_path / "b.sqlite")], capture_output=True, env=env)
    assert one.returncode in (0, 1), one.stderr
    assert one.stdout == two.stdout and one.stdout
