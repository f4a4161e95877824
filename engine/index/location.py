"""Where an index lives by default: a per-folder file under the user's cache directory.

The documents' folder is never written to. ASK_CACHE_DIR overrides the cache root.
"""
from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path


def cache_root() -> Path:
    if os.environ.get("ASK_CACHE_DIR"):
        return Path(os.environ["ASK_CACHE_DIR"])
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "ask"


def default_index_path(docs: Path) -> Path:
    """`<cache>/indexes/<folder name>-<hash of its absolute path>.sqlite`."""
    absolute = str(Path(docs).resolve())
    digest = hashlib.sha256(absolute.encode("utf-8")).hexdigest()[:12]
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(absolute).name)[:40] or "root"
    return cache_root() / "indexes" / f"{name}-{digest}.sqlite"
