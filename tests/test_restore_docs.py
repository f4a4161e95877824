"""bench/restore_docs.py brings a cabinet's documents back from a repository's snapshot, by
its SOURCES table: a real git repository made here, one file of the listed size, one missing."""
import importlib.util
import subprocess
from pathlib import Path

# bench/ is not an installed package: pytest as CI runs it (no PYTHONPATH) loads the script by path
_SPEC = importlib.util.spec_from_file_location(
    "restore_docs", Path(__file__).resolve().parents[1] / "bench" / "restore_docs.py")
restore_docs = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(restore_docs)


def _repo(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "data").mkdir()
    (work / "data" / "fees.csv").write_text("Fee,Amount\nDock permit,$10\n")
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "fees"], check=True)
    return work / ".git"


def test_a_table_s_files_come_back_and_a_missing_one_is_named(tmp_path, capsys):
    gitdir = _repo(tmp_path)
    sources = tmp_path / "SOURCES.md"
    sources.write_text(
        "| file | repository | commit | path | size |\n| --- | --- | --- | --- | --- |\n"
        "| town_fees.csv | someone/town-data | ? | data/fees.csv | 27 |\n"
        "| gone.pdf | someone/town-data | ? | data/gone.pdf | 100 |\n"
        "| other.txt | another/repo | ? | a.txt | 5 |\n")
    assert restore_docs.repos(sources) == ["someone/town-data", "another/repo"]
    bad = restore_docs.restore(sources, tmp_path / "docs", "someone/town-data", str(gitdir))
    out = capsys.readouterr().out
    assert (tmp_path / "docs" / "town_fees.csv").read_text() == "Fee,Amount\nDock permit,$10\n"
    assert bad == 1 and "MISSING gone.pdf" in out and "ok town_fees.csv" in out
    assert not (tmp_path / "docs" / "other.txt").exists()  # another repository's row
