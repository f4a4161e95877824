"""What exclusions cost the folder walk (engine/index/exclude.py): the refresh's walk of a
generated folder without a policy (the plain baseline), with a policy and no rules, with a
.askignore of four patterns, and with two --exclude patterns as well.

    python -m bench.exclude_walk [--folders 300] [--files 250] [--runs 3]

The walk (refresh.entries) is what every refresh, the server's look before a request and
--watch's catch-up pay; a file excluded is never read, so only the walk is timed. Best of
`--runs`, in one process, the baseline first; the ratio is against it.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from engine.index.exclude import Exclusions
from engine.index.refresh import entries

ASKIGNORE = "d00*/\n*.bak\n/d1*/f00*.md\n**/old/\n"


def timed(root: Path, make, runs: int) -> tuple[float, int, int]:
    best, kept, left = float("inf"), 0, 0
    for _ in range(runs):
        excluded: dict = {}
        began = time.perf_counter()
        kept = sum(1 for _ in entries(root, [], make(), excluded))
        best = min(best, time.perf_counter() - began)
        left = sum(excluded.values())
    return best, kept, left


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--folders", type=int, default=300)
    ap.add_argument("--files", type=int, default=250, help="files per folder")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for d in range(a.folders):
            folder = root / f"d{d:03d}"
            folder.mkdir()
            for f in range(a.files):
                (folder / f"f{f:03d}.md").touch()
        rows = [("no policy (baseline)", lambda: None),
                ("a policy, no rules", lambda: Exclusions(root))]
        base = timed(root, rows[0][1], a.runs)
        out = [(rows[0][0], *base), (rows[1][0], *timed(root, rows[1][1], a.runs))]
        (root / ".askignore").write_text(ASKIGNORE)
        out.append(("a .askignore of 4 patterns", *timed(root, lambda: Exclusions(root), a.runs)))
        out.append(("and 2 exclude patterns", *timed(root, lambda: Exclusions(root, ("*.tmp", "!keep.tmp")),
                                                    a.runs)))
    print(f"{a.folders * a.files} files in {a.folders} folders, best of {a.runs}\n")
    print("| walk | files kept | excluded | seconds | × baseline |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, seconds, kept, left in out:
        print(f"| {name} | {kept} | {left} | {seconds:.3f} | {seconds / base[0]:.2f} |")


if __name__ == "__main__":
    main()
