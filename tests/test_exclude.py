"""Exclusions (issue 18): .askignore files in .gitignore syntax (in the folder and any
sub-folder), --exclude and the configuration's exclude list; one policy for the refresh's
walk, the server's look at the folder, --show and GET /file; --status counts each rule."""
import json

import pytest
from click.testing import CliRunner

from conftest import write
from engine import Engine
from engine.cli import main
from engine.config import Config
from engine.errors import ConfigError, NotFound
from engine.index.exclude import Exclusions
from engine.serve import Service
from engine.show import show

FEE = "What is the boat ramp launch fee?"


def folder(tmp_path):
    docs = tmp_path / "docs"
    write(docs, "fees.md", "The boat ramp launch fee is $12.00 per day.\n")
    write(docs, "drafts/fees.md", "Draft: the boat ramp launch fee is $99.00 per day.\n")
    write(docs, "old.bak.md", "Old: the boat ramp launch fee was $8.00 per day.\n")
    write(docs, "sub/a.md", "Sub a: the kayak rental fee is $30.00.\n")
    write(docs, "sub/keep.md", "Sub keep: the canoe rental fee is $25.00.\n")
    write(docs, "sub/deep/b.md", "Deep b: the paddleboard rental fee is $20.00.\n")
    return docs


def cli(docs, index, *args):
    return CliRunner().invoke(main, [*args, "--docs", str(docs), "--index", str(index),
                                     "--embed-model", "none", "-q"])


def indexed(docs, index, *args) -> dict:
    r = cli(docs, index, "--status", "--json", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def ok_paths(docs, index, *args) -> set[str]:
    r = cli(docs, index, "--status", "--format", "jsonl", *args)
    assert r.exit_code == 0, r.output
    return {d["path"] for d in map(json.loads, r.stdout.splitlines()) if d.get("status") == "ok"}


def test_askignore_files_in_the_folder_and_a_sub_folder(tmp_path):
    docs = folder(tmp_path)
    write(docs, ".askignore", "# drafts and backups\ndrafts/\n*.bak.md\n")
    write(docs, "sub/.askignore", "*.md\n!keep.md\n")  # relative to sub/, with a ! that includes
    index = tmp_path / "i.sqlite"
    assert ok_paths(docs, index) == {"fees.md", "sub/keep.md"}
    s = indexed(docs, index)
    assert s["excluded"] == [{"rule": ".askignore line 2: drafts/", "files": 1},
                             {"rule": ".askignore line 3: *.bak.md", "files": 1},
                             {"rule": "sub/.askignore line 1: *.md", "files": 2}]
    assert s["excluded_files"] == 4
    text = cli(docs, index, "--status").stdout
    assert "excluded: 4 files" in text and "  sub/.askignore line 1: *.md: 2 files" in text
    r = cli(docs, index, FEE, "--json")
    assert json.loads(r.stdout)["citations"][0]["path"] == "fees.md"


def test_exclude_option_and_configuration_add_to_the_askignore(tmp_path):
    docs = folder(tmp_path)
    write(docs, ".askignore", "drafts/\n")
    config = tmp_path / "ask.toml"
    config.write_text('exclude = ["sub/deep/"]\n')
    index = tmp_path / "i.sqlite"
    got = ok_paths(docs, index, "--config", str(config), "--exclude", "*.bak.md", "--exclude", "sub/a.md")
    assert got == {"fees.md", "sub/keep.md"}
    rules = {e["rule"]: e["files"] for e in indexed(docs, index, "--config", str(config), "--exclude",
                                                     "*.bak.md", "--exclude", "sub/a.md")["excluded"]}
    assert rules == {".askignore line 1: drafts/": 1, "exclude sub/deep/": 1, "exclude *.bak.md": 1,
                     "exclude sub/a.md": 1}
    # a ! given last includes again what a .askignore left out (the last match decides) ...
    assert "drafts/fees.md" not in ok_paths(docs, index, "--exclude", "!drafts/fees.md")
    # ... except under a folder left out as a whole, as in git
    write(docs, ".askignore", "drafts/*\n")
    assert "drafts/fees.md" in ok_paths(docs, index, "--exclude", "!drafts/fees.md")


def test_a_document_that_becomes_excluded_leaves_the_index_on_the_next_refresh(tmp_path):
    docs = folder(tmp_path)
    index = tmp_path / "i.sqlite"
    assert "drafts/fees.md" in ok_paths(docs, index)
    write(docs, ".askignore", "drafts/\n")
    assert "drafts/fees.md" not in ok_paths(docs, index)
    (docs / ".askignore").unlink()
    assert "drafts/fees.md" in ok_paths(docs, index)  # and comes back when the rule goes
    assert indexed(docs, index)["excluded"] == []


def test_show_and_file_refuse_a_document_excluded_since_the_last_refresh(tmp_path):
    docs = folder(tmp_path)
    index = tmp_path / "i.sqlite"
    service = Service(docs, lambda: Engine(docs, index=index, embed_model="none"), recheck=3600)
    service.load()
    try:
        eng = service.engine
        doc = next(r for r in eng.doc_rows.values() if r.path == "old.bak.md")
        assert show(eng, doc.doc_id).path == "old.bak.md"
        assert service.file(doc.doc_id)[0] == "old.bak.md"
        write(docs, ".askignore", "*.bak.md\n")  # no refresh yet: the index still holds it
        with pytest.raises(NotFound, match=r"old.bak.md is excluded from the index by \.askignore line 1"):
            show(eng, doc.doc_id)
        with pytest.raises(NotFound, match="excluded"):
            service.file(doc.doc_id)
    finally:
        service.close()


def test_the_server_look_at_the_folder_sees_an_edited_askignore(tmp_path):
    """The look before a request (recheck 0) covers the .askignore files: editing one is a
    change, and the refresh it starts takes the excluded document out."""
    docs = folder(tmp_path)
    index = tmp_path / "i.sqlite"
    service = Service(docs, lambda: Engine(docs, index=index, embed_model="none"), recheck=0)
    service.load()
    try:
        assert "old.bak.md" in {r.path for r in service.engine.doc_rows.values()}
        write(docs, ".askignore", "*.bak.md\n")
        service.ask({"question": FEE})
        assert "old.bak.md" not in {r.path for r in service.engine.doc_rows.values()}
        assert service.status()["excluded"] == [{"rule": ".askignore line 1: *.bak.md", "files": 1}]
    finally:
        service.close()


def test_a_bad_line_in_an_askignore_is_a_failure_with_a_fix_and_the_rest_applies(tmp_path):
    docs = folder(tmp_path)
    write(docs, ".askignore", "drafts/\n!\n")
    index = tmp_path / "i.sqlite"
    s = indexed(docs, index)
    bad = [f for f in s["failed"] if f["path"] == ".askignore"]
    assert len(bad) == 1 and "line 2" in bad[0]["reason"] and bad[0]["fix"]
    assert s["excluded"] == [{"rule": ".askignore line 1: drafts/", "files": 1}]


def test_a_bad_exclude_pattern_is_a_usage_error(tmp_path):
    docs = folder(tmp_path)
    r = cli(docs, tmp_path / "i.sqlite", "--status", "--exclude", "!")
    assert r.exit_code == 2 and "not a .gitignore pattern" in r.output
    with pytest.raises(ConfigError, match="list of patterns"):
        Config().replace(exclude="drafts/")


def test_the_policy_is_gits():
    import tempfile
    from pathlib import Path

    root = Path(tempfile.mkdtemp())
    write(root, ".askignore", "/top.md\nbuild/\n*.tmp\n")
    write(root, "a/.askignore", "!keep.tmp\n")
    e = Exclusions(root, ("**/old/*.pdf",))
    assert e.why("top.md").label == ".askignore line 1: /top.md"
    assert e.why("a/top.md") is None              # anchored to the folder of its .askignore
    assert e.why("a/b/build/x.md").pattern == "build/"  # a folder at any depth, and what is in it
    assert e.why("a/x.tmp").pattern == "*.tmp"
    assert e.why("a/keep.tmp") is None            # the deeper file comes later
    assert e.why("keep.tmp").pattern == "*.tmp"   # ... only in its own folder
    assert e.why("x/old/y.pdf").label == "exclude **/old/*.pdf"
