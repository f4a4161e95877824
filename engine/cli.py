"""The `ask` command: parse options, call the library, render the result. Nothing else.

Exit status: 0 answered (batch: completed; golden: every case passes, a snapshot replays
unchanged; calibrate: completed); 1 no confident answer, a golden failure or a snapshot
difference; 2 usage error or unusable input. Library errors (engine.errors) become a
message with a hint on stderr.
"""
from __future__ import annotations

import json
import sqlite3
import sys
from dataclasses import dataclass

import click

from . import question as question_text
from .errors import AskError, UsageError


class _Progress:
    """Counts on stderr when it is a terminal; silent otherwise or with --quiet."""

    def __init__(self, quiet: bool):
        self.on = not quiet and sys.stderr.isatty()
        self.last = ""

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.on:
            return
        text = f"\r{stage} {done}/{total}"
        if text != self.last:
            sys.stderr.write(text + ("\n" if done >= total else ""))
            sys.stderr.flush()
            self.last = text


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=False)


@click.command(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.argument("question", required=False)
@click.option("--docs", "docs", type=click.Path(file_okay=False), required=True,
              help="Folder of documents to answer from (read-only; never written to).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per question instead of text.")
@click.option("--explain", is_flag=True,
              help="Show each arm's raw and normalised score and rank, the rerank terms and the gate decision for the top candidates.")
@click.option("--candidates", "n_candidates", type=click.IntRange(min=1), default=None, metavar="K",
              help="Also list the K best candidates (the reranked pool before the gate); deepens the pull to at least K.")
@click.option("--path", "path_glob", default=None, metavar="GLOB",
              help="Only search documents whose path (relative to --docs) or file name matches GLOB.")
@click.option("--index", "index", type=click.Path(dir_okay=False), default=None, metavar="PATH",
              help="Index file to use (default: a per-folder file under the user's cache directory).")
@click.option("--batch", "batch_file", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help='Answer every question in FILE: .txt (one a line) or .jsonl ({"id", "question", optional "path"}).')
@click.option("--status", "show_status", is_flag=True,
              help="Show what the index holds, which files were skipped or failed and why.")
@click.option("--show", "show_ref", default=None, metavar="ID[:LOCATOR]",
              help="Print a document's lines around a citation, from an id prefix that ask printed.")
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None, metavar="FILE.toml",
              help="TOML file overriding weights, floors, depths and bonuses (see docs/configuration.md).")
@click.option("--embed-model", "embed_model", envvar="ASK_EMBED_MODEL", default=None, metavar="NAME|none",
              help="fastembed model name (default BAAI/bge-small-en-v1.5); 'none' turns the embedding arm off. Env: ASK_EMBED_MODEL.")
@click.option("--embed-model-dir", "embed_model_dir", envvar="ASK_EMBED_MODEL_DIR", default=None, metavar="DIR",
              type=click.Path(file_okay=False),
              help="Local folder holding the model's ONNX files (loaded offline). Env: ASK_EMBED_MODEL_DIR.")
@click.option("--golden", "golden_path", type=click.Path(), default=None, metavar="PATH",
              help="Golden-answer regression run: check every case in PATH (a .jsonl file or a folder of them, "
                   "or a snapshot written by --record); exit 1 if any case fails (see docs/golden.md).")
@click.option("--record", "record_file", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="With --golden: also write every answer exactly, stamped with a digest of documents, "
                   "configuration and model, as a snapshot FILE that --golden FILE replays byte for byte.")
@click.option("--calibrate", is_flag=True,
              help="With --golden: answer each case once, sweep the score and coverage floors over a grid and "
                   "print the pair with the most correct answers within --max-wrong-rate.")
@click.option("--max-wrong-rate", "max_wrong_rate", type=click.FloatRange(0.0, 1.0), default=None,
              metavar="RATE",
              help="With --calibrate: the ceiling on (wrong answers + false answers) / questions answered "
                   "(default 0.05).")
@click.option("--write-config", "write_config", type=click.Path(dir_okay=False), default=None,
              metavar="FILE.toml",
              help="With --calibrate: write the chosen score_floor and coverage_floor into FILE.toml "
                   "(other settings in it are kept).")
@click.option("--rebuild", is_flag=True,
              help="Throw away this folder's index and build it again from the documents (a damaged "
                   "index is deleted, a sound one emptied; nothing in --docs is touched). Alone, or "
                   "before any other mode.")
@click.option("--wait", "wait", type=click.FloatRange(min=0.0), default=10.0, show_default=True,
              metavar="SECONDS",
              help="How long to wait for another ask that is updating the same index. After that a "
                   "question (or --status, --batch ...) uses the index as it is and says so on stderr; "
                   "--rebuild stops with an error.")
@click.option("-q", "--quiet", is_flag=True, help="No progress output on stderr.")
def main(**options):
    """Answer QUESTION with up to three lines quoted verbatim from the documents in --docs,
    each with a citation (document id, path, locator), or say why there is no confident answer.

    \b
    ask "What is the tree permit fee?" --docs samples/
    ask --docs samples/ --batch questions.jsonl --json
    ask --docs samples/ --golden golden/ [--record snapshot.jsonl | --calibrate]
    ask --docs samples/ --status
    ask --docs samples/ --show 3f9a1c2b:L12
    ask --docs samples/ --rebuild
    """
    if options.get("question") is not None:  # argument bytes that were not UTF-8, as text
        options["question"] = question_text.from_argv(options["question"])
    o = _Options(**options)
    try:
        _check_usage(o)
        sys.exit(_run(o))
    except AskError as e:
        click.echo(f"ask: {e}", err=True)
        sys.exit(e.exit_code)
    except sqlite3.DatabaseError as e:  # the index failed after it opened (damaged, disk full)
        from .index import default_index_path
        from .index.store import index_failure

        err = index_failure(o.index or default_index_path(o.docs), e)
        click.echo(f"ask: {err}", err=True)
        sys.exit(err.exit_code)
    except KeyboardInterrupt:
        click.echo("ask: interrupted; the index keeps every document finished so far", err=True)
        sys.exit(130)


@dataclass(frozen=True)
class _Options:
    question: str | None
    docs: str
    as_json: bool
    explain: bool
    n_candidates: int | None
    path_glob: str | None
    index: str | None
    batch_file: str | None
    show_status: bool
    show_ref: str | None
    config_file: str | None
    embed_model: str | None
    embed_model_dir: str | None
    golden_path: str | None
    record_file: str | None
    calibrate: bool
    max_wrong_rate: float | None
    write_config: str | None
    rebuild: bool
    wait: float
    quiet: bool


def _check_usage(o: _Options) -> None:
    """Exactly one mode per call; options that belong to a mode need that mode."""
    modes = [m for m, on in (("QUESTION", o.question is not None), ("--batch", o.batch_file),
                             ("--golden", o.golden_path), ("--status", o.show_status),
                             ("--show", o.show_ref)) if on]
    if len(modes) != 1 and not (o.rebuild and not modes):
        raise UsageError(
            "give exactly one of: a QUESTION, --batch FILE, --golden PATH, --status, --show ID"
            " (or --rebuild alone)"
            + (f" (got {', '.join(modes)})" if modes else ""),
            'for example: ask "What is the tree permit fee?" --docs samples/')
    needs = [("--record", o.record_file, "--golden", o.golden_path),
             ("--calibrate", o.calibrate, "--golden", o.golden_path),
             ("--max-wrong-rate", o.max_wrong_rate is not None, "--calibrate", o.calibrate),
             ("--write-config", o.write_config, "--calibrate", o.calibrate)]
    for opt, given, needed, present in needs:
        if given and not present:
            raise UsageError(f"{opt} only works with {needed}", "see ask --help")
    if o.record_file and o.calibrate:
        raise UsageError("--record and --calibrate are separate runs", "run them one after the other")
    if o.golden_path and (o.explain or o.n_candidates):
        raise UsageError("--explain and --candidates do not apply to --golden",
                         "ask a failing case on its own with --explain to see its numbers")


def _run(o: _Options) -> int:
    from . import batch as batch_mod
    from . import golden as golden_mod
    from .config import Config
    from .pipeline import Engine
    from .render import answer_text, batch_header

    cfg = Config.load(o.config_file)
    # check the input files before any work
    items = batch_mod.load(o.batch_file) if o.batch_file else None
    gold = golden_mod.read(o.golden_path) if o.golden_path else None
    progress = _Progress(o.quiet)
    eng = Engine(o.docs, index=o.index, config=cfg, embed_model=o.embed_model,
                 embed_model_dir=o.embed_model_dir, progress=progress, rebuild=o.rebuild,
                 wait=o.wait, notify=lambda text: click.echo(f"ask: {text}", err=True))
    with eng:
        if o.question is None and not o.batch_file:  # answers carry the engine's notes themselves
            for note in eng.notes:
                click.echo(f"ask: note: {note}", err=True)
        if o.rebuild and not (o.question is not None or o.batch_file or o.golden_path
                              or o.show_status or o.show_ref):
            cov = eng.coverage()
            failed = len(eng.report.failed) if eng.report else 0
            click.echo(f"rebuilt {eng.index_path}: {cov.documents} documents, {cov.passages} passages, "
                       f"{cov.vectors} with vectors" + (f", {failed} failed (see --status)" if failed else ""))
            return 0
        if o.show_status:
            from .status import status, status_text

            s = status(eng)
            click.echo(_dump(s) if o.as_json else status_text(s))
            return 0
        if o.show_ref:
            from .show import show, show_text

            shown = show(eng, o.show_ref)
            if o.as_json:
                click.echo(_dump({"doc_id": shown.doc_id, "path": shown.path,
                                  "lines": [{"locator": l, "text": t, "cited": c} for l, t, c in shown.lines]}))
            else:
                click.echo(show_text(shown))
            return 0
        if gold is not None:
            return _golden(eng, gold, o, progress)
        if items is not None:
            for n, item in enumerate(items):
                a = eng.ask(item.question, id=item.id, path=item.path or o.path_glob,
                            candidates=o.n_candidates, explain=o.explain)
                if o.as_json:
                    click.echo(_dump(a.to_dict()))
                else:
                    click.echo(("\n" if n else "") + batch_header(a) + "\n" + answer_text(a))
            return 0
        a = eng.ask(o.question, path=o.path_glob, candidates=o.n_candidates, explain=o.explain)
        click.echo(_dump(a.to_dict()) if o.as_json else answer_text(a))
        return 0 if a.answered else 1


def _golden(eng, gold, o: _Options, progress) -> int:
    """--golden: a regression run, a snapshot replay, or a calibration of the floors."""
    from . import golden as golden_mod
    from . import snapshot as snapshot_mod
    from .render import calibration_text, golden_text, snapshot_check_text

    if o.calibrate:
        from .gate.calibrate import calibrate, write_floors

        rate = 0.05 if o.max_wrong_rate is None else o.max_wrong_rate
        cal = calibrate(eng, gold.cases, max_wrong_rate=rate, path=o.path_glob, progress=progress)
        if o.write_config and cal.chosen is not None:
            write_floors(o.write_config, cal.chosen.score_floor, cal.chosen.coverage_floor, cal.score_key)
        click.echo(_dump(cal.to_dict()) if o.as_json else calibration_text(cal))
        if o.write_config and not o.as_json:
            click.echo(f"written to {o.write_config}" if cal.chosen else f"{o.write_config} left unchanged")
        return 0
    check = snapshot_mod.check_snapshot(eng, gold) if gold.digest is not None else None
    if check is not None and not o.as_json:
        click.echo(snapshot_check_text(check))  # before the run: what changed since the recording
    report = golden_mod.run(eng, gold, path=o.path_glob, check=check, progress=progress)
    if o.record_file:
        snapshot_mod.record(o.record_file, eng, report, path=o.path_glob)
    click.echo(_dump(report.to_dict()) if o.as_json else golden_text(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    main()
