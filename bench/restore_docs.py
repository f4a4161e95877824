"""Bring a tuning or held-out cabinet's documents back from their repositories.

    python -m bench.restore_docs bench/tunep/SOURCES.md OUTDIR owner/name GITDIR

The cabinets' documents live outside the repository (as ../shared/eval's do), and the
machines' disks outside the checkout do not survive a session. Each SOURCES.md table names a
file's repository, commit, path and size; with the repository's git directory at hand (the
library's `fetch` gives one), this writes every file of that repository the table lists into
OUTDIR, from the commit named (else HEAD, else any commit holding the path whose blob has the
listed size), and prints `ok`, `SIZE a != b` or `MISSING` for each file.

    python -m bench.restore_docs --repos [SETS...]
    python -m bench.restore_docs --all MIRROR OUT_ROOT [SETS...]

`--repos` lists every repository the SOURCES tables of bench/SETS (default: heldout and every
tune* folder) name, once each: what to `fetch`. `--all` then restores every set at once from
the fetched snapshots, MIRROR/owner+name/repo (or its .git) being a repository's git
directory (the layout `fetch` gives), each set's files into OUT_ROOT/SET/docs; a repository with no snapshot there
is listed as NOT FETCHED with its files.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple


class Row(NamedTuple):
    name: str
    repo: str
    commit: str
    path: str
    size: int | None


_SIZE = re.compile(r"^([\d,]+)(?:\s*B\b.*)?$")  # "58334", "21,659 B (3 pp)"


def rows(sources: Path, repo: str) -> list[Row]:
    """The table rows of `sources` whose repository is `repo` (case folded)."""
    out = []
    for line in sources.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| ") or line.startswith(("| file", "| ---")):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or cells[1].lower() != repo.lower():
            continue
        size = next((int(m[1].replace(",", "")) for c in cells[4:] for m in [_SIZE.match(c)] if m), None)
        out.append(Row(cells[0], cells[1], cells[2], cells[3], size))
    return out


def _show(gitdir: str, ref: str, path: str) -> bytes | None:
    r = subprocess.run(["git", "--git-dir", gitdir, "show", f"{ref}:{path}"], capture_output=True)
    return r.stdout if r.returncode == 0 else None


def blob(gitdir: str, row: Row) -> tuple[bytes | None, str]:
    """The file's bytes and the commit they came from: the one named, else HEAD, else the
    first commit holding the path with the listed size."""
    refs = ([row.commit] if re.fullmatch(r"[0-9a-f]{7,40}", row.commit) else []) + ["HEAD"]
    for ref in refs:
        data = _show(gitdir, ref, row.path)
        if data is not None and (row.size is None or len(data) == row.size):
            return data, ref[:8]
    log = subprocess.run(["git", "--git-dir", gitdir, "log", "--all", "--format=%H", "--", row.path],
                         capture_output=True, text=True).stdout.split()
    for ref in log:
        data = _show(gitdir, ref, row.path)
        if data is not None and (row.size is None or len(data) == row.size):
            return data, ref[:8]
    data = _show(gitdir, "HEAD", row.path)
    return data, "HEAD"


BENCH = Path(__file__).resolve().parent


def _tables(sets: list[str]) -> list[Path]:
    names = sets or ["heldout"] + sorted(p.name for p in BENCH.glob("tune*") if p.is_dir())
    return [BENCH / n / "SOURCES.md" for n in names if (BENCH / n / "SOURCES.md").exists()]


def repos(sources: Path) -> list[str]:
    """Every repository `sources`' table names, in table order, once each."""
    seen: dict[str, None] = {}
    for line in sources.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith(("| file", "| ---")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 4 and "/" in cells[1]:
                seen.setdefault(cells[1], None)
    return list(seen)


def restore_all(mirror: Path, out_root: Path, sets: list[str]) -> int:
    bad = 0
    for sources in _tables(sets):
        for repo in repos(sources):
            gitdir = mirror / repo.replace("/", "+") / "repo"
            if (gitdir / ".git").is_dir():  # a snapshot with a work tree's layout
                gitdir = gitdir / ".git"
            if not gitdir.is_dir():
                names = ", ".join(r.name for r in rows(sources, repo))
                print(f"NOT FETCHED {repo} ({sources.parent.name}: {names})")
                bad += 1
                continue
            bad += restore(sources, out_root / sources.parent.name / "docs", repo, str(gitdir))
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--repos"]:
        print("\n".join(dict.fromkeys(r for t in _tables(argv[1:]) for r in repos(t))))
        return 0
    if argv[:1] == ["--all"] and len(argv) >= 3:
        return restore_all(Path(argv[1]), Path(argv[2]), argv[3:])
    if len(argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return 1 if restore(Path(argv[0]), Path(argv[1]), argv[2], argv[3]) else 0


def restore(sources: Path, out: Path, repo: str, gitdir: str) -> int:
    """Write `repo`'s files of the `sources` table into `out`; the count of files missing or
    of another size than listed."""
    out.mkdir(parents=True, exist_ok=True)
    bad = 0
    for row in rows(sources, repo):
        data, ref = blob(gitdir, row)
        if data is None:
            print(f"MISSING {row.name} ({row.repo}:{row.path})")
            bad += 1
            continue
        (out / row.name).write_bytes(data)
        if row.size is not None and len(data) != row.size:
            print(f"SIZE {len(data)} != {row.size} {row.name} from {ref}")
            bad += 1
        else:
            print(f"ok {row.name} from {ref}")
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
