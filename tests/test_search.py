"""Ranked search (--search, Engine.search, engine.search): keyword-only with no model, vector-only
with the shared model, reciprocal rank fusion against a hand-computed example, a written
hypothetical passage (--hyde), --path in every arm, batch "hyde" fields, and bad input."""
import json
import math
import subprocess
import sys

import numpy as np
import pytest
from click.testing import CliRunner

import engine
from conftest import write
from engine import Engine
from engine.batch import load as load_batch
from engine.cli import main
from engine.config import Config
from engine.errors import BatchError, ConfigError, UsageError
from engine.fuse import RRF_K, rrf, rrf_scale

# -- a folder where the words of the question are everywhere but in the answer ------------------
QUESTION = "What is the tree permit fee?"
HYDE = "Cutting down a tree on city land costs dollars, paid to the forestry division."


@pytest.fixture
def fees(tmp_path):
    d = tmp_path / "fees"
    write(d, "permits.md", "Tree permits\n\nA tree permit is needed before any work on a street tree. "
                           "The tree permit form is at the permit office.\n")
    write(d, "office.md", "Permit office\n\nThe permit office handles tree permit questions on weekdays. "
                          "Bring the permit number to every visit.\n")
    write(d, "board.md", "Tree board\n\nThe tree board meets monthly to review each tree permit appeal "
                         "and tree planting plans.\n")
    write(d, "charges.md", "Charges\n\nTaking down an oak on city land costs eighty-five dollars, "
                           "payable to the forestry division.\n")
    write(d, "parking/residents.md", "Parking\n\nA parking permit for residents costs twenty dollars a year.\n")
    return d


def _lexical(folder, tmp_path, **kw):
    return Engine(folder, index=tmp_path / "lex.sqlite", embed_model="none", **kw)


# -- keyword-only, no model -------------------------------------------------------------------
def test_keyword_only_needs_no_model_and_leads_with_the_short_id(fees, tmp_path):
    with _lexical(fees, tmp_path) as eng:
        r = eng.search("tree permit fee", arms="bm25", k=3)
        assert r.arms == ("bm25",) and r.fusion == "minmax"
        assert r.method.startswith("bm25→rerank→list") and "no vectors" not in r.method
        assert not any("vectors" in n for n in r.notes)  # the vector arm was not asked for
        assert [h.rank for h in r.hits] == [1, 2, 3]
        top = r.hits[0]
        assert top.path == "permits.md" and [a for a, _ in top.arms] == ["bm25"]
        assert top.line is not None and top.line.text in (fees / "permits.md").read_text()
        doc = {row.path: row.doc_id for row in eng.doc_rows.values()}
        assert top.doc_id == doc["permits.md"]
        # the order is the rerank's; each hit's rerank value never rises down the list
        reranks = [h.rerank for h in r.hits]
        assert reranks == sorted(reranks, reverse=True)


def test_search_cli_text_json_and_show_takes_the_id_back(fees, tmp_path):
    idx = str(tmp_path / "cli.sqlite")
    base = ["tree permit fee", "--docs", str(fees), "--index", idx, "--embed-model", "none", "--search"]
    res = CliRunner().invoke(main, [*base, "--arms", "bm25", "-n", "2"])
    assert res.exit_code == 0, res.output
    first = res.output.splitlines()[0]
    assert first.startswith("[") and "permits.md" in first and "#1  score" in first
    doc_id = first[1:].split("]", 1)[0]
    res = CliRunner().invoke(main, [*base, "--arms", "bm25", "-n", "2", "--json"])
    hits = json.loads(res.output)
    assert isinstance(hits, list) and len(hits) == 2
    assert set(hits[0]) >= {"doc_id", "path", "locator", "score", "line", "arms"}
    assert hits[0]["doc_id"] == doc_id and set(hits[0]["line"]) == {"text", "locator"}
    ref = f"{hits[0]['doc_id']}:{hits[0]['line']['locator']}"
    shown = CliRunner().invoke(main, ["--docs", str(fees), "--index", idx, "--embed-model", "none",
                                      "--show", ref])
    assert shown.exit_code == 0 and hits[0]["line"]["text"] in shown.output


def test_the_real_command_is_deterministic_and_notes_go_to_stderr(fees, tmp_path):
    cmd = [sys.executable, "-m", "engine.cli", "tree permit fee", "--docs", str(fees), "--index",
           str(tmp_path / "sub.sqlite"), "--embed-model", "none", "--search", "--json", "-n", "50"]
    runs = [subprocess.run(cmd, capture_output=True, text=True, timeout=120) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    hits = json.loads(runs[0].stdout)
    assert 0 < len(hits) < 50
    assert f"ask: note: only {len(hits)} passages match the query, asked for 50" in runs[0].stderr


# -- vector-only ------------------------------------------------------------------------------
def test_vector_only_without_vectors_says_so_and_raises_nothing(fees, tmp_path):
    with _lexical(fees, tmp_path) as eng:
        r = eng.search(QUESTION, arms="embed")
    assert r.hits == () and r.arms == ()
    assert any(n.startswith("no vectors: embedding turned off") for n in r.notes)
    res = CliRunner().invoke(main, [QUESTION, "--docs", str(fees), "--index", str(tmp_path / "c.sqlite"),
                                    "--embed-model", "none", "--search", "--arms", "embed"])
    assert res.exit_code == 1
    assert "no passage matches the query" in res.output


def test_vector_only_with_no_vectors_computed_yet(fees, tmp_path, model):
    idx = tmp_path / "later.sqlite"
    with Engine(fees, index=idx, embed_model="none"):
        pass  # indexed from the words only
    with Engine(fees, index=idx, refresh_index=False, **model) as eng:
        assert eng.coverage().vectors == 0
        r = eng.search(QUESTION, arms="embed")
    assert r.hits == ()
    assert any("0 of 5 passages have vectors" in n and "--embed" in n for n in r.notes), r.notes


def test_vector_only_with_the_shared_model_ranks_by_meaning(fees, tmp_path, model):
    with Engine(fees, index=tmp_path / "vec.sqlite", **model) as eng:
        r = eng.search("How much does it cost to take down an oak tree?", arms="embed", k=10)
    assert r.arms == ("embed",) and r.method.startswith("embed→rerank→list")
    assert [a for a, _ in r.hits[0].arms] == ["embed"]
    assert r.hits[0].path == "charges.md"
    assert len(r.hits) == 5  # every passage has a vector, so every one is ranked
    assert "only 5 passages match the query, asked for 10" in r.notes


def test_path_holds_in_the_vector_arm_and_thin_results_are_named(fees, tmp_path, model):
    with Engine(fees, index=tmp_path / "vec.sqlite", **model) as eng:
        r = eng.search(QUESTION, arms="embed", path="parking/*", k=3)
        assert [h.path for h in r.hits] == ["parking/residents.md"]
        assert "only 1 passage under --path 'parking/*' matches the query, asked for 3" in r.notes
        a = eng.ask("How much does taking down an oak cost?", path="parking/*", candidates=5)
        assert {c.path for c in a.candidates} <= {"parking/residents.md"}


# -- reciprocal rank fusion -------------------------------------------------------------------
def test_rrf_by_hand_with_disagreeing_arms_a_missing_vector_and_a_tie():
    # three passages; bm25 ranks them 1, 2, 3; tfidf 2, 1, 3; embed 1, -, 2 (no vector for #2)
    raw = {"bm25": np.array([3.0, 2.0, 1.0]), "tfidf": np.array([0.5, 0.9, 0.1]),
           "embed": np.array([0.8, np.nan, 0.3])}
    arm_ranks = {"bm25": np.array([1, 2, 3]), "tfidf": np.array([2, 1, 3]), "embed": np.array([1, 3, 2])}
    got = rrf(arm_ranks, raw, 3)
    want = [1 / 61 + 1 / 62 + 1 / 61, 1 / 62 + 1 / 61, 1 / 63 + 1 / 63 + 1 / 62]
    assert got.tolist() == pytest.approx(want, abs=1e-15)
    assert RRF_K == 60 and rrf_scale(["bm25", "tfidf", "embed"]) == pytest.approx(61 / 3)
    # two arms only (no vectors at all): passage 1 and 2 tie at 1/61 + 1/62
    two = rrf({a: arm_ranks[a] for a in ("bm25", "tfidf")}, raw, 3)
    assert two[0] == two[1]


@pytest.fixture
def ladder(tmp_path):
    """Six passages of nine terms, each holding one of the words zulu, yankee, xray 6, 5, ... 1
    times and filler otherwise: both lexical arms rank them by that count (same word rarity,
    same length), so the ranks are known by eye: six-zulu first ... one-xray last."""
    d = tmp_path / "ladder"
    rows = [("a", "zulu", 6), ("b", "yankee", 5), ("c", "xray", 4), ("d", "zulu", 3),
            ("e", "yankee", 2), ("f", "xray", 1)]
    for name, word, n in rows:
        write(d, f"{name}.txt", " ".join([word] * n + ["alfa"] * (8 - n)) + "\n")
    return d


def test_rrf_on_real_passages_matches_the_hand_computed_sums(ladder, tmp_path):
    with _lexical(ladder, tmp_path) as eng:
        r = eng.search("zulu yankee xray", arms="bm25+tfidf", fusion="rrf", k=6)
        m = eng.search("zulu yankee xray", arms="bm25+tfidf", fusion="minmax", k=6)
    assert [h.path for h in r.hits] == ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "f.txt"]
    for h in r.hits:  # rank r in both arms: 1/(60 + r) twice
        assert dict((a, s.rank) for a, s in h.arms) == {"bm25": h.rank, "tfidf": h.rank}
        assert h.score == pytest.approx(2 / (60 + h.rank), abs=1e-15)
    assert r.method.startswith("bm25+tfidf→rrf→rerank→list") and r.fusion == "rrf"
    assert m.hits[0].score == 1.0 and m.hits[-1].score == 0.0  # min-max: best 1, worst 0
    res = CliRunner().invoke(main, ["zulu yankee xray", "--docs", str(ladder), "--index",
                                    str(tmp_path / "l.sqlite"), "--embed-model", "none", "--search",
                                    "--arms", "bm25+tfidf", "--fusion", "rrf", "--explain", "-n", "1"])
    assert res.exit_code == 0
    assert "bm25 #1" in res.output and "tfidf #1" in res.output and f"rrf {2 / 61:.4f}" in res.output


def test_rrf_value_is_the_sum_over_every_arm_that_ran(samples, tmp_path, model):
    with Engine(samples, index=tmp_path / "s.sqlite", **model) as eng:
        r = eng.search("tree removal permit fee", fusion="rrf", k=10)
        a = eng.ask("What is the fee for a tree removal permit?", fusion="rrf", explain=True)
    assert r.arms == ("bm25", "tfidf", "embed") and len(r.hits) == 10
    for h in r.hits:
        assert h.score == pytest.approx(sum(1 / (60 + s.rank) for _, s in h.arms), abs=1e-12)
    # ask with rrf: the rerank reads the rrf value scaled so first everywhere is 1
    assert "→rrf→" in a.method and a.candidates[0].fused_scale == pytest.approx(61 / 3)
    assert a.answered and "$75.00" in a.citations[0].lines[0].text


def test_fusion_comes_from_config_and_bad_names_are_refused(tmp_path):
    p = write(tmp_path, "f.toml", 'fusion = "rrf"\n')
    assert Config.load(p).fusion == "rrf"
    with pytest.raises(ConfigError, match="fusion"):
        Config().replace(fusion="borda")


# -- a written hypothetical passage -----------------------------------------------------------
def test_hyde_finds_the_answer_the_question_alone_misses(fees, tmp_path, model):
    with Engine(fees, index=tmp_path / "h.sqlite", **model) as eng:
        plain = eng.search(QUESTION, arms="embed", k=3)
        hyde = eng.search(QUESTION, arms="embed", k=3, hyde=HYDE)
        both = eng.search(QUESTION, k=5, hyde=HYDE)
    assert "charges.md" not in [h.path for h in plain.hits]
    assert hyde.hits[0].path == "charges.md" and "eighty-five dollars" in hyde.hits[0].line.text
    assert hyde.method.startswith("embed(hyde)→rerank→list")
    # with every arm the question's own words lead: the passages holding them stay on top
    assert both.method.startswith("bm25+tfidf+embed(hyde)")
    assert both.hits[0].path == "permits.md"


def test_hyde_weighs_less_than_the_typed_words(tmp_path):
    from engine.score import arm_weights

    cfg = Config().replace(w_bm25=0.1, w_tfidf=0.1, w_embed=0.8)
    w = arm_weights(["bm25", "tfidf", "embed"], cfg, "minmax", hyde=True)
    assert w["embed"] < w["bm25"] + w["tfidf"]
    assert arm_weights(["bm25", "embed"], cfg, "rrf", hyde=True) == {"bm25": 1.0, "embed": 0.5}
    assert arm_weights(["bm25", "embed"], cfg, "rrf", hyde=False) is None  # plain rrf: no weights


def test_hyde_without_a_model_is_accepted_and_said_unused(fees, tmp_path):
    with _lexical(fees, tmp_path) as eng:
        a = eng.ask(QUESTION, hyde=HYDE)
        r = eng.search(QUESTION, hyde=HYDE, arms="bm25")
        with pytest.raises(UsageError, match="--hyde passage is empty"):
            eng.ask(QUESTION, hyde="  ")
    assert any(n.startswith("--hyde not used: no vectors") for n in a.notes)
    assert "embed(hyde)" not in a.method
    assert "--hyde not used: the vector arm (embed) is not among --arms" in r.notes


def test_batch_lines_carry_hyde(fees, tmp_path):
    good = write(tmp_path, "q.jsonl", json.dumps({"id": "h1", "question": QUESTION, "hyde": HYDE}) + "\n"
                 + json.dumps({"id": "p", "question": QUESTION}) + "\n")
    items = load_batch(good)
    assert items[0].hyde == HYDE and items[1].hyde is None
    bad = write(tmp_path, "bad.jsonl", json.dumps({"question": QUESTION, "hyde": 3}) + "\n")
    with pytest.raises(BatchError, match='line 1: "hyde" must be a non-empty string'):
        load_batch(bad)
    res = CliRunner().invoke(main, ["--docs", str(fees), "--index", str(tmp_path / "b.sqlite"),
                                    "--embed-model", "none", "--batch", str(good), "--json"])
    out = [json.loads(ln) for ln in res.output.splitlines()]
    assert [o["id"] for o in out] == ["h1", "p"]
    assert any("--hyde not used" in n for n in out[0].get("notes", []))
    assert not any("--hyde" in n for n in out[1].get("notes", []))


# -- the API and bad input --------------------------------------------------------------------
def test_one_call_search_and_result_dict(fees):
    r = engine.search("tree permit", fees, arms="bm25+tfidf", k=2, embed_model="none")
    d = r.to_dict()
    assert set(d) == {"query", "k", "arms", "fusion", "method", "hits", "notes", "index"}
    assert d["k"] == 2 and d["arms"] == ["bm25", "tfidf"] and len(d["hits"]) == 2


@pytest.mark.parametrize("args, message", [
    (["--search", "--arms", "bm26"], "unknown arm 'bm26'"),
    (["--arms", "bm25"], "--arms only works with --search"),
    (["-n", "3"], "-n only works with --search"),
    (["--search", "--candidates", "3"], "--candidates does not apply to --search"),
    (["--search", "-n", "0"], "0"),
    (["--search", "--fusion", "borda"], "borda"),
])
def test_bad_search_options_exit_2_with_a_hint(fees, tmp_path, args, message):
    res = CliRunner().invoke(main, ["tree permit", "--docs", str(fees), "--index", str(tmp_path / "x.sqlite"),
                                    "--embed-model", "none", *args])
    assert res.exit_code == 2 and message in res.output


def test_search_without_a_query_is_a_usage_error(fees, tmp_path):
    res = CliRunner().invoke(main, ["--docs", str(fees), "--embed-model", "none", "--search", "--status"])
    assert res.exit_code == 2 and "--search needs a QUESTION" in res.output
    with _lexical(fees, tmp_path) as eng:
        with pytest.raises(UsageError, match="at least 1"):
            eng.search("tree", k=0)
        with pytest.raises(UsageError, match="query is empty"):
            eng.search("   ")


def test_every_search_option_has_help_text():
    for p in main.params:
        if p.name in ("search", "arms", "n_results", "fusion", "hyde"):
            assert p.help and len(p.help) > 20, p.name
    assert math.isfinite(rrf_scale([]))
