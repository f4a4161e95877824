"""The `ask` command: parse options, call the library, render the result. Nothing else.

Exit status: 0 answered (batch: completed); 1 no confident answer; 2 usage error or
unusable input. Library errors (engine.errors) become a message with a hint on stderr.
"""
from __future__ import annotations

import json
import sys

import click

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
@click.option("-q", "--quiet", is_flag=True, help="No progress output on stderr.")
def main(question, docs, as_json, explain, n_candidates, path_glob, index, batch_file, show_status,
         show_ref, config_file, embed_model, embed_model_dir, quiet):
    """Answer QUESTION with up to three lines quoted verbatim from the documents in --docs,
    each with a citation (document id, path, locator), or say why there is no confident answer.

    \b
    ask "What is the tree permit fee?" --docs samples/
    ask --docs samples/ --batch questions.jsonl --json
    ask --docs samples/ --status
    ask --docs samples/ --show 3f9a1c2b:L12
    """
    modes = [m for m, on in (("QUESTION", question is not None), ("--batch", batch_file),
                             ("--status", show_status), ("--show", show_ref)) if on]
    try:
        if len(modes) != 1:
            raise UsageError(
                "give exactly one of: a QUESTION, --batch FILE, --status, --show ID"
                + (f" (got {', '.join(modes)})" if modes else ""),
                'for example: ask "What is the tree permit fee?" --docs samples/')
        sys.exit(_run(question, docs, as_json, explain, n_candidates, path_glob, index, batch_file,
                      show_status, show_ref, config_file, embed_model, embed_model_dir, quiet))
    except AskError as e:
        click.echo(f"ask: {e}", err=True)
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        click.echo("ask: interrupted; the index keeps every document finished so far", err=True)
        sys.exit(130)


def _run(question, docs, as_json, explain, n_candidates, path_glob, index, batch_file, show_status,
         show_ref, config_file, embed_model, embed_model_dir, quiet) -> int:
    from . import batch as batch_mod
    from .config import Config
    from .pipeline import Engine
    from .render import answer_text, batch_header

    cfg = Config.load(config_file)
    items = batch_mod.load(batch_file) if batch_file else None  # check the file before any work
    eng = Engine(docs, index=index, config=cfg, embed_model=embed_model,
                 embed_model_dir=embed_model_dir, progress=_Progress(quiet))
    with eng:
        if show_status:
            from .status import status, status_text

            s = status(eng)
            click.echo(_dump(s) if as_json else status_text(s))
            return 0
        if show_ref:
            from .show import show, show_text

            shown = show(eng, show_ref)
            if as_json:
                click.echo(_dump({"doc_id": shown.doc_id, "path": shown.path,
                                  "lines": [{"locator": l, "text": t, "cited": c} for l, t, c in shown.lines]}))
            else:
                click.echo(show_text(shown))
            return 0
        if items is not None:
            for n, item in enumerate(items):
                a = eng.ask(item.question, id=item.id, path=item.path or path_glob,
                            candidates=n_candidates, explain=explain)
                if as_json:
                    click.echo(_dump(a.to_dict()))
                else:
                    click.echo(("\n" if n else "") + batch_header(a) + "\n" + answer_text(a))
            return 0
        a = eng.ask(question, path=path_glob, candidates=n_candidates, explain=explain)
        click.echo(_dump(a.to_dict()) if as_json else answer_text(a))
        return 0 if a.answered else 1


if __name__ == "__main__":
    main()
