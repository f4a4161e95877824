"""Help that cannot drift: every option click knows has help text, `ask --help` names every
mode, and the README names every option (as sqlite-utils' tests/test_docs.py does)."""
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parent.parent
# the modes of `ask` besides the QUESTION: those that exist in this build are checked
MODES = ("--batch", "--golden", "--status", "--show", "--rebuild", "--search", "--serve", "--mcp")


def _options() -> list[click.Option]:
    return [p for p in main.params if isinstance(p, click.Option)]


@pytest.fixture(scope="module")
def help_text() -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    p = subprocess.run([sys.executable, "-m", "engine.cli", "--help"], capture_output=True, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout.decode()


@pytest.mark.parametrize("opt", _options(), ids=lambda o: o.opts[0])
def test_every_option_has_help(opt, help_text):
    assert opt.help and len(opt.help.split()) >= 4, f"{opt.opts[0]} has no real help text"
    assert not opt.hidden, f"{opt.opts[0]} is hidden from --help"
    for name in opt.opts:
        assert name in help_text, f"{name} is missing from ask --help"


def test_help_names_every_mode(help_text):
    names = {n for o in _options() for n in o.opts}
    present = [m for m in MODES if m in names]
    assert {"--batch", "--golden", "--status", "--show", "--rebuild"} <= set(present)
    usage, _, options = help_text.partition("Options:")
    assert "[QUESTION]" in usage
    for mode in present:  # each mode has an example above the options list
        assert f"ask --docs samples/ {mode}" in usage or f" {mode}" in usage, f"no example of {mode}"


def test_readme_names_every_option():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [o.opts[-1] for o in _options() if not any(n in readme for n in o.opts)]
    assert not missing, f"README.md does not mention {missing}"


def test_help_flag_forms():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    outs = [subprocess.run([sys.executable, "-m", "engine.cli", flag], capture_output=True, env=env,
                           timeout=120) for flag in ("--help", "-h")]
    assert all(o.returncode == 0 for o in outs) and outs[0].stdout == outs[1].stdout
