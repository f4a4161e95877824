"""`ask --golden`: regression runs, snapshots and calibration, driven through the command."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT, write
from engine import Config, Engine
from engine.cli import main
from engine.gate.calibrate import calibrate, tally, write_floors
from engine.golden import Summary, read, run as golden_run

GOLDEN = ROOT / "golden" / "samples.jsonl"
LOAN = "Library books may be borrowed for 21 days."


@pytest.fixture
def run(tmp_path):
    idx = tmp_path / "golden.sqlite"

    def _run(*args):
        r = CliRunner().invoke(main, [*args, "--index", str(idx), "--embed-model", "none"])
        return r.exit_code, r.output
    return _run


def edit(path: Path, text: str, tick: [int] = [0]) -> None:
    """Rewrite a file and move its mtime on, so the refresh sees it even within one clock tick."""
    tick[0] += 1
    path.write_text(text, encoding="utf-8")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + tick[0] * 1_000_000_000))


def cases(folder: Path, *objs) -> Path:
    p = folder / "cases.jsonl"
    p.write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    return p


LOAN_CASE = {"id": "loan-days", "question": "How long can a library book be borrowed?",
             "expect": [{"path": "policies/*.md", "contains": "21  days"}]}  # whitespace folds
MURAL_CASE = {"id": "no-mural", "question": "Who painted the lobby mural?", "expect": "refuse"}


@pytest.fixture
def cabinet(tmp_path):
    d = tmp_path / "docs"
    write(d, "policies/loans.md", LOAN + "\n")
    write(d, "parks/pool.txt", "The pool opens June 1.\n")
    write(d, "parks/fees.txt", "Picnic shelter rental costs $40 a day.\n")
    return d


# -- the project's own golden file ----------------------------------------------------------------
def test_project_golden_file_passes_in_golden_mode(run, samples):
    code, out = run("--docs", str(samples), "--golden", str(GOLDEN))
    assert code == 0, out
    assert "golden: 37 cases, 37 passed, 0 failed" in out
    code, out = run("--docs", str(samples), "--golden", str(GOLDEN.parent))  # a folder of files
    assert code == 0, out


def test_project_golden_file_passes_with_the_shared_model(samples, tmp_path, model):
    args = ["--docs", str(samples), "--golden", str(GOLDEN), "--index", str(tmp_path / "m.sqlite"),
            "--embed-model", model["embed_model"], "--embed-model-dir", model["embed_model_dir"]]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert "37 passed, 0 failed" in r.output


# -- pass, fail, flip; the summary ------------------------------------------------------------------
def test_a_case_passes_fails_and_flips_back(run, cabinet, tmp_path):
    gold = cases(tmp_path, LOAN_CASE, MURAL_CASE)
    code, out = run("--docs", str(cabinet), "--golden", str(gold))
    assert (code, out.splitlines()[0]) == (0, "golden: 2 cases, 2 passed, 0 failed")
    edit(cabinet / "policies/loans.md", "Library books may be borrowed for 7 days.\n")
    code, out = run("--docs", str(cabinet), "--golden", str(gold))
    assert code == 1
    fail = out.splitlines()[0]
    assert fail.startswith("FAIL loan-days (wrong): expected '21  days' in policies/*.md; got [")
    assert "policies/loans.md L1 'Library books may be borrowed for 7 days.'" in fail
    assert "golden: 2 cases, 1 passed, 1 failed" in out
    edit(cabinet / "policies/loans.md", LOAN + "\n")
    assert run("--docs", str(cabinet), "--golden", str(gold))[0] == 0


SUMMARY_CASES = (
    LOAN_CASE,                                                                      # correct
    {**LOAN_CASE, "id": "loan-wrong", "expect": [{"path": "*", "contains": "30 days"}]},  # wrong
    {"id": "pool", "question": "When does the swimming pool open in summer?",       # missed:
     "expect": [{"path": "parks/pool.txt", "contains": "June 1"}]},                 # coverage 0.5
    MURAL_CASE,                                                                     # refused
    {**LOAN_CASE, "id": "loan-refuse", "expect": "refuse"},                         # false answer
)


def test_summary_counts_every_outcome(run, cabinet, tmp_path):
    code, out = run("--docs", str(cabinet), "--golden", str(cases(tmp_path, *SUMMARY_CASES)))
    assert code == 1
    lines = out.splitlines()
    assert [ln.split(":")[0] for ln in lines[:3]] == ["FAIL loan-wrong (wrong)", "FAIL pool (missed)",
                                                     "FAIL loan-refuse (false answer)"]
    assert "expected '30 days' in *; got [" in lines[0]
    assert "got refused: no confident answer: coverage 0.50 is below the floor 0.60" in lines[1]
    assert "expected a refusal; got [" in lines[2] and "L1 'Library books" in lines[2]
    assert lines[3:] == [
        "golden: 5 cases, 2 passed, 3 failed",
        "  answer cases (3): 1 answered correctly, 1 wrong answer, 1 missed (refused)",
        "  must-refuse cases (2): 1 refused correctly, 1 false answer"]


def test_json_report(run, cabinet, tmp_path):
    code, out = run("--docs", str(cabinet), "--golden", str(cases(tmp_path, *SUMMARY_CASES)), "--json")
    assert code == 1
    d = json.loads(out)
    assert d["ok"] is False
    assert d["summary"] == {"cases": 5, "passed": 2, "failed": 3, "correct": 1, "wrong": 1, "missed": 1,
                            "refused": 1, "false_answers": 1}
    by_id = {c["id"]: c for c in d["cases"]}
    assert [c["id"] for c in d["cases"]] == [c["id"] for c in SUMMARY_CASES]
    assert {k: c["outcome"] for k, c in by_id.items()} == {
        "loan-days": "correct", "loan-wrong": "wrong", "pool": "missed", "no-mural": "refused",
        "loan-refuse": "false_answer"}
    loan = by_id["loan-days"]
    assert loan["passed"] and loan["expect"] == LOAN_CASE["expect"]
    line = loan["answer"]["citations"][0]["lines"][0]
    assert (line["text"], line["locator"]) == (LOAN, "L1")
    assert by_id["pool"]["answer"]["refusal"]["floor"] == "coverage"


def test_a_case_path_limits_its_question(run, tmp_path):
    d = tmp_path / "docs"
    write(d, "east/fees.md", "The dock permit fee is $10.\n")
    write(d, "west/fees.md", "The dock permit fee is $20.\n")
    both = [{"id": side, "question": "What is the dock permit fee?", "path": f"{side}/*",
             "expect": [{"path": f"{side}/fees.md", "contains": fee}]}
            for side, fee in (("east", "$10"), ("west", "$20"))]
    code, out = run("--docs", str(d), "--golden", str(cases(tmp_path, *both)))
    assert code == 0, out


# -- snapshots --------------------------------------------------------------------------------------
def test_record_then_replay_unchanged(run, cabinet, tmp_path):
    gold, snap = cases(tmp_path, LOAN_CASE, MURAL_CASE), tmp_path / "snap.jsonl"
    code, out = run("--docs", str(cabinet), "--golden", str(gold), "--record", str(snap))
    assert code == 0, out
    rows = [json.loads(x) for x in snap.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["ask_snapshot"] == 1
    assert set(rows[0]["digest"]) == {"documents", "config", "model", "combined"}
    assert rows[0]["digest"]["model"] == "none"
    assert [r["id"] for r in rows[1:]] == ["loan-days", "no-mural"]
    assert rows[1]["answer"]["citations"][0]["lines"][0]["text"] == LOAN
    assert rows[1]["cited"] == [{"path": "policies/loans.md", "doc_hash": dict(rows[0]["files"])["policies/loans.md"],
                                 "locator": "L1", "text": LOAN}]
    code, out = run("--docs", str(cabinet), "--golden", str(snap))
    assert code == 0, out
    assert out.splitlines()[0].endswith("unchanged (same documents, configuration and model)")
    assert "snapshot: 2 cases, 2 identical, 0 different" in out
    code, again = run("--docs", str(cabinet), "--golden", str(snap), "--record", str(tmp_path / "b.jsonl"))
    assert (tmp_path / "b.jsonl").read_bytes() == snap.read_bytes()


def test_replay_after_editing_the_cited_line(run, cabinet, tmp_path):
    snap = tmp_path / "snap.jsonl"
    run("--docs", str(cabinet), "--golden", str(cases(tmp_path, LOAN_CASE, MURAL_CASE)), "--record", str(snap))
    edit(cabinet / "policies/loans.md", "Library books may be borrowed for 7 days.\n")
    code, out = run("--docs", str(cabinet), "--golden", str(snap))
    assert code == 1
    lines = out.splitlines()
    assert "documents CHANGED, configuration same, model same" in lines[0]
    assert lines[1] == "  documents edited: policies/loans.md"
    assert lines[2] == "cited lines edited or deleted since the recording (1 case):"
    assert lines[3] == (f"  loan-days: policies/loans.md L1 edited: was {LOAN!r} "
                        "now 'Library books may be borrowed for 7 days.'")
    assert lines[4].startswith("DIFF loan-days: citations differ; was: [")
    assert "snapshot: 2 cases, 1 identical, 1 different" in out
    d = json.loads(run("--docs", str(cabinet), "--golden", str(snap), "--json")[1])
    assert d["snapshot"]["digest"]["changed"] == ["documents"]
    assert d["snapshot"]["changed_lines"][0]["change"] == "edited"
    assert d["cases"][0]["differs"] == ["citations"] and d["cases"][1]["differs"] == []


def test_replay_lists_only_cited_lines_that_changed_and_deleted_ones(run, cabinet, tmp_path):
    snap = tmp_path / "snap.jsonl"
    run("--docs", str(cabinet), "--golden", str(cases(tmp_path, LOAN_CASE)), "--record", str(snap))
    edit(cabinet / "policies/loans.md", LOAN + "\n\nOverdue notices go out by email.\n")
    code, out = run("--docs", str(cabinet), "--golden", str(snap))
    assert "documents edited: policies/loans.md" in out and "cited lines" not in out
    (cabinet / "policies/loans.md").unlink()
    code, out = run("--docs", str(cabinet), "--golden", str(snap))
    assert code == 1
    assert "documents removed: policies/loans.md" in out
    assert f"  loan-days: policies/loans.md L1 deleted: was {LOAN!r}" in out.splitlines()


def test_replay_with_another_configuration(run, cabinet, tmp_path):
    snap, toml = tmp_path / "snap.jsonl", tmp_path / "c.toml"
    run("--docs", str(cabinet), "--golden", str(cases(tmp_path, LOAN_CASE, MURAL_CASE)), "--record", str(snap))
    toml.write_text("phrase_bonus = 0.3\n", encoding="utf-8")
    code, out = run("--docs", str(cabinet), "--golden", str(snap), "--config", str(toml))
    assert "documents same, configuration CHANGED, model same" in out.splitlines()[0]
    d = json.loads(run("--docs", str(cabinet), "--golden", str(snap), "--config", str(toml), "--json")[1])
    assert d["snapshot"]["digest"]["changed"] == ["config"]
    assert (code == 0) == (d["snapshot"]["different"] == 0)


# -- calibration ------------------------------------------------------------------------------------
CAL_CASES = SUMMARY_CASES[:1] + SUMMARY_CASES[2:4] + (
    {"id": "shelter", "question": "How much is the picnic shelter rental?",
     "expect": [{"path": "parks/*", "contains": "$40"}]},
    {"id": "no-pool-fee", "question": "How much is the pool entry fee?", "expect": "refuse"},
)


def test_calibrate_is_deterministic_and_writes_a_config_that_loads(run, cabinet, tmp_path):
    gold, toml = cases(tmp_path, *CAL_CASES), tmp_path / "floors.toml"
    toml.write_text("# kept\nw_bm25 = 0.5\nscore_floor = 9.0\n", encoding="utf-8")
    code, out = run("--docs", str(cabinet), "--golden", str(gold), "--calibrate")
    assert code == 0, out
    assert run("--docs", str(cabinet), "--golden", str(gold), "--calibrate")[1] == out
    js = run("--docs", str(cabinet), "--golden", str(gold), "--calibrate", "--json")[1]
    assert run("--docs", str(cabinet), "--golden", str(gold), "--calibrate", "--json")[1] == js
    cal = json.loads(js)
    assert len(cal["grid"]) == 41 * 21 and len(cal["points"]) == len(CAL_CASES)
    chosen = cal["chosen"]
    ok = [c for c in cal["grid"] if c["wrong_rate"] <= 0.05]  # a naive reference for the choice
    assert chosen["correct"] == max(c["correct"] for c in ok)
    assert chosen["wrong"] + chosen["false_answers"] == min(
        c["wrong"] + c["false_answers"] for c in ok if c["correct"] == chosen["correct"])
    # a run without vectors calibrates the lexical-only score floor and leaves score_floor alone
    assert cal["score_key"] == "score_floor_lexical"
    assert f"score_floor_lexical = {chosen['score_floor']!r}" in out.splitlines()
    assert run("--docs", str(cabinet), "--golden", str(gold), "--calibrate", "--write-config", str(toml))[0] == 0
    text = toml.read_text(encoding="utf-8")
    assert text.startswith("# kept\nw_bm25 = 0.5\nscore_floor = 9.0\nscore_floor_lexical = ")
    cfg = Config.load(toml)
    assert (cfg.score_floor_lexical, cfg.coverage_floor, cfg.w_bm25, cfg.score_floor) == \
        (chosen["score_floor"], chosen["coverage_floor"], 0.5, 9.0)
    # the written floors, used for real, give the counts calibration predicted
    d = json.loads(run("--docs", str(cabinet), "--golden", str(gold), "--config", str(toml), "--json")[1])
    assert {k: d["summary"][k] for k in ("correct", "wrong", "missed", "refused", "false_answers")} == \
        {k: chosen[k] for k in ("correct", "wrong", "missed", "refused", "false_answers")}


def test_floors_applied_to_recorded_scores_match_real_runs(samples, tmp_path):
    """The sweep's arithmetic against the engine itself, on a spread of floor pairs."""
    golden = read(GOLDEN)
    with Engine(samples, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        points = calibrate(eng, golden.cases, score_grid=(0.0,), coverage_grid=(0.0,)).points
        base = eng.config
        for sf in (0.0, 0.8, 1.15, 1.3):
            for cf in (0.0, 0.3, 0.55, 0.75):
                eng.config = base.replace(score_floor_lexical=sf, coverage_floor=cf)  # no vectors here
                got = golden_run(eng, golden).summary
                cell = tally(points, sf, cf)
                want = Summary(got.cases, cell.correct + cell.refused, cell.correct, cell.wrong, cell.missed,
                               cell.refused, cell.false_answers)
                assert got == want, (sf, cf)


def test_write_config_refuses_a_file_config_cannot_load(run, cabinet, tmp_path):
    toml = tmp_path / "c.toml"
    toml.write_text("[tool]\nx = 1\n", encoding="utf-8")
    code, out = run("--docs", str(cabinet), "--golden", str(cases(tmp_path, *CAL_CASES)), "--calibrate",
                    "--write-config", str(toml))
    assert code == 2 and "unknown setting 'tool'" in out
    assert toml.read_text(encoding="utf-8") == "[tool]\nx = 1\n"


def test_a_third_line_counts_when_the_runner_up_drops_out(tmp_path):
    """With a runner-up the winner quotes two lines; alone, three. The sweep knows both."""
    d = tmp_path / "docs"
    write(d, "a.txt", "Alfa bravo charlie boat colour notes.\nAlfa bravo charlie boat details.\n"
                      "The alfa bravo boat is painted red.\n")
    write(d, "b.txt", "Charlie boat rentals open daily.\n")
    golden = read(cases(tmp_path, {"id": "red", "question": "What colour is the alfa bravo charlie boat?",
                                   "expect": [{"path": "a.txt", "contains": "painted red"}]}))
    with Engine(d, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        points = calibrate(eng, golden.cases, score_grid=(0.0,), coverage_grid=(0.0,)).points
        assert (points[0].both, points[0].alone) == ((True, False), (True, True))
        for cf, outcome in ((0.0, "wrong"), (0.5, "correct")):  # the runner-up covers 0.4
            eng.config = eng.config.replace(score_floor_lexical=0.0, coverage_floor=cf)
            assert golden_run(eng, golden).results[0].outcome == outcome
            assert tally(points, 0.0, cf).correct == (outcome == "correct")


@pytest.mark.parametrize("before, after", [
    ("", "score_floor = 0.5\ncoverage_floor = 0.25\n"),
    ("coverage_floor = 0.9  # old\nw_tfidf = 0.2\n", "coverage_floor = 0.25\nw_tfidf = 0.2\nscore_floor = 0.5\n"),
    ("# top\n[ask]\nw_tfidf = 0.2\n\n[tool]\ny = 2\n",
     "# top\n[ask]\nw_tfidf = 0.2\nscore_floor = 0.5\ncoverage_floor = 0.25\n\n[tool]\ny = 2\n"),
])
def test_write_floors_keeps_the_rest_of_the_file(tmp_path, before, after):
    p = tmp_path / "c.toml"
    if before:
        p.write_text(before, encoding="utf-8")
    write_floors(p, 0.5, 0.25)
    assert p.read_text(encoding="utf-8") == after
    assert [f.name for f in tmp_path.iterdir()] == ["c.toml"]  # no temporary file left behind


# -- usage ------------------------------------------------------------------------------------------
def test_usage_errors_exit_2(run, cabinet, tmp_path):
    gold = cases(tmp_path, LOAN_CASE)
    docs = ("--docs", str(cabinet))
    assert run(*docs, "--record", str(tmp_path / "s.jsonl"), "--batch", str(gold))[0] == 2
    assert run(*docs, "--calibrate", "--status")[0] == 2
    assert run(*docs, "--golden", str(gold), "--write-config", str(tmp_path / "c.toml"))[0] == 2
    assert run(*docs, "--golden", str(gold), "--max-wrong-rate", "0.1")[0] == 2
    assert run(*docs, "--golden", str(gold), "--calibrate", "--max-wrong-rate", "2")[0] == 2
    assert run(*docs, "--golden", str(gold), "--calibrate", "--record", str(tmp_path / "s.jsonl"))[0] == 2
    assert run("q?", *docs, "--golden", str(gold))[0] == 2
    assert run(*docs, "--golden", str(tmp_path / "missing.jsonl"))[0] == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "question": "q?", "expect": []}\nnope\n' + json.dumps(LOAN_CASE) * 1 + "\n"
                   + json.dumps(LOAN_CASE) + "\n", encoding="utf-8")
    code, out = run(*docs, "--golden", str(bad))
    assert code == 2
    assert "bad.jsonl:1: \"expect\" must be" in out and "bad.jsonl:2:" in out
    assert "bad.jsonl:4: duplicate id 'loan-days'" in out


def test_help_names_the_golden_options():
    out = CliRunner().invoke(main, ["--help"]).output
    for opt in ("--golden", "--record", "--calibrate", "--max-wrong-rate", "--write-config"):
        assert opt in out


def test_wikiqa_converter(tmp_path):
    gold = tmp_path / "g.jsonl"
    qs = tmp_path / "q.jsonl"
    gold.write_text('{"id": "Q1", "path": "D1-A.txt", "gold": ["Alfa is bravo."]}\n'
                    '{"id": "Q2", "path": "D2-B.txt", "gold": []}\n', encoding="utf-8")
    qs.write_text('{"id": "Q1", "question": "what is alfa", "path": "D1-A.txt"}\n'
                  '{"id": "Q2", "question": "who is charlie", "path": "D2-B.txt"}\n', encoding="utf-8")
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "wikiqa_golden.py"), str(gold), str(qs)],
                         capture_output=True, text=True, check=True).stdout
    assert [json.loads(x) for x in out.splitlines()] == [
        {"id": "Q1", "question": "what is alfa", "expect": [{"path": "D1-A.txt", "contains": "Alfa is bravo."}],
         "path": "D1-A.txt"},
        {"id": "Q2", "question": "who is charlie", "expect": "refuse", "path": "D2-B.txt"}]
    converted = tmp_path / "c.jsonl"
    converted.write_text(out, encoding="utf-8")
    assert [c.path for c in read(converted).cases] == ["D1-A.txt", "D2-B.txt"]
