"""The `ask` command: parse options, call the library, render the result. Nothing else.

Exit status: 0 answered (batch: completed; golden: every case passes, a snapshot replays
unchanged; calibrate: completed); 1 no confident answer, a golden failure or a snapshot
difference; 2 usage error or unusable input. Library errors (engine.errors) become a
message with a hint on stderr.
"""
from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import click

from . import question as question_text
from .errors import AskError, UsageError
from .progress import Progress
from .style import COLORS, FORMATS

if TYPE_CHECKING:
    from .config import Config
    from .pipeline import Engine


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=False)


@click.command(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.argument("question", required=False)
@click.option("--docs", "docs", type=click.Path(file_okay=False), required=True,
              help="Folder of documents to answer from (read-only; never written to).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per question instead of text.")
@click.option("--format", "out_format", type=click.Choice(FORMATS), default=None,
              help="Output format: text (default, for people), json (same as --json), jsonl (one "
                   "compact record a line: per question, golden case, status file or shown line), "
                   "md (Markdown for notes). See docs/json.md.")
@click.option("--color", "color", type=click.Choice(COLORS), default="auto", show_default=True,
              help="Colour text output: auto = only when stdout is a terminal and NO_COLOR is not "
                   "set; always; never.")
@click.option("--explain", is_flag=True,
              help="Show each arm's raw and normalised score and rank, the rerank terms and the gate decision for the top candidates.")
@click.option("--candidates", "n_candidates", type=click.IntRange(min=1), default=None, metavar="K",
              help="Also list the K best candidates (the reranked pool before the gate); deepens the pull to at least K.")
@click.option("--path", "path_glob", default=None, metavar="GLOB",
              help="Only search documents whose path (relative to --docs) or file name matches GLOB.")
# -- ranked search and its choices (docs/search.md) --
@click.option("--search", "search", is_flag=True,
              help="List the top passages for QUESTION (no gate, no answer): short id, path, locator, "
                   "fused score and the best line of each; --json: a JSON array of hits.")
@click.option("--arms", "arms", default=None, metavar="all|bm25|tfidf|embed",
              help="With --search: the arms that rank, 'all' (default) or names joined by '+', e.g. "
                   "bm25+embed. bm25 alone needs no model; embed alone says so when there are no vectors.")
@click.option("-n", "n_results", type=click.IntRange(min=1), default=None, metavar="N",
              help="With --search: how many passages to list (default 10).")
@click.option("--fusion", "fusion", type=click.Choice(("minmax", "rrf")), default=None,
              help="How the arms are combined: minmax (weighted min-max scores, the default) or rrf "
                   "(reciprocal rank fusion, sum of 1/(60+rank)). Overrides 'fusion' in --config.")
@click.option("--hyde", "hyde", default=None, metavar="TEXT",
              help="A short passage written as the hoped-for document would say it: the vector arm "
                   "embeds it instead of the question; the question's own words still lead. "
                   "Batch .jsonl lines take a \"hyde\" field.")
@click.option("--index", "index", type=click.Path(dir_okay=False), default=None, metavar="PATH",
              help="Index file to use (default: a per-folder file under the user's cache directory).")
@click.option("--batch", "batch_file", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help='Answer every question in FILE: .txt (one a line) or .jsonl ({"id", "question", optional "path"}).')
@click.option("--status", "show_status", is_flag=True,
              help="Show what the index holds, which files were skipped or failed and why.")
@click.option("--show", "show_ref", default=None, metavar="ID[:LOCATOR]",
              help="Print a document's lines around a citation, from an id prefix that ask printed.")
@click.option("--exclude", "exclude", multiple=True, metavar="PATTERN",
              help="Leave files out of the index: a .gitignore pattern relative to --docs "
                   "(\"drafts/\", \"*.bak\"); repeat for more. Added after the configuration's "
                   "exclude list and any .askignore file in the folder (docs/configuration.md). "
                   "A file it newly excludes leaves the index on this run.")
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
              help="Read every file again and build this folder's index anew (a damaged index is "
                   "deleted, a sound one emptied, keeping the vectors of passages whose text is "
                   "unchanged; nothing in --docs is touched). Alone, or before any other mode.")
@click.option("--embed", "embed_all", is_flag=True,
              help="Embed every passage that has no vector yet, with a progress bar (rate and ETA), "
                   "before anything else. Until every passage has one, answers use the words alone "
                   "(and say so); a large folder's single question does not wait for it, and --serve and "
                   "--mcp embed in the background. Resumable: "
                   "a run stopped by Ctrl-C or a kill keeps what it embedded. Alone, or before any "
                   "other mode.")
@click.option("--ray", "ray", default=None, metavar="ADDRESS",
              help="With --embed: embed on a Ray cluster, each worker holding the model once; "
                   "'local' starts one on this machine, otherwise a cluster's address (ray://host:10001, "
                   "host:6379, auto). The vectors come back here and are the same as embedding here. "
                   "With --shards: each shard also answers on a Ray actor of its own (the index paths "
                   "must be readable from the cluster's nodes). "
                   "Needs pip install 'ask-engine[ray]' (docs/scale.md).")
@click.option("--shards", "shards", type=click.IntRange(min=1), default=None, metavar="N",
              help="Split the folder over N shard indexes (by a stable hash of each path; beside "
                   "--index) and answer a QUESTION, --search or --batch over them: each shard pulls its "
                   "candidates in a process of its own (on a Ray actor with --ray), and this process "
                   "ranks, gates and quotes (docs/scale.md). With --rebuild or --embed alone: build "
                   "the shards only.")
@click.option("--jobs", "jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Cores the refresh may use: the embedding of passages (embed_jobs in --config) and "
                   "the OCR of a scanned file's pages, one Tesseract process each (ocr_jobs). Default: "
                   "every core. The vectors and the lines read are the same at any count.")
@click.option("--wait", "wait", type=click.FloatRange(min=0.0), default=10.0, show_default=True,
              metavar="SECONDS",
              help="How long to wait for another ask that is updating the same index. After that a "
                   "question (or --status, --batch ...) uses the index as it is and says so on stderr; "
                   "--rebuild stops with an error.")
@click.option("--serve", is_flag=True,
              help="Load once, answer many over HTTP: JSON in and out (POST /ask, POST /search, "
                   "GET /show, GET /status) on 127.0.0.1 until Ctrl-C. Answers at once; passages "
                   "without vectors are embedded in the background, and answers switch to vectors "
                   "when all have them. See docs/serve.md.")
@click.option("--mcp", is_flag=True,
              help="Load once, answer many as a Model Context Protocol server on stdin/stdout "
                   "(tools ask, search, show) until stdin closes; embeds in the background as "
                   "--serve does. See docs/serve.md.")
@click.option("--watch", "watch", is_flag=True,
              help="Keep the index current as files are added, changed, renamed or deleted, "
                   "printing one line per change (--json: one JSON object per line); alone it "
                   "runs until Ctrl-C, and with --serve or --mcp the server answers from the "
                   "updated index. A burst of changes is read once nothing has changed for 1 s "
                   "(docs/configuration.md).")
@click.option("--port", type=click.IntRange(0, 65535), default=None, metavar="N",
              help="With --serve: the port to listen on (default 8765; 0 = any free port, "
                   "printed on stderr).")
@click.option("--host", default=None, metavar="ADDRESS",
              help="With --serve: the address to listen on (default 127.0.0.1, this machine only). "
                   "Any other address (0.0.0.0: every network) needs --token.")
@click.option("--token", default=None, envvar="ASK_TOKEN", show_envvar=True, metavar="TOKEN",
              help="With --serve: the access token every request must carry (Authorization: "
                   "Bearer TOKEN; the page asks for it once). Required with a --host beyond this "
                   "machine; optional on 127.0.0.1.")
@click.option("--recheck", type=click.FloatRange(min=0.0), default=None, metavar="SECONDS",
              help="With --serve or --mcp: before a request, look for changed documents if SECONDS "
                   "have passed since the last look (default 2; 0 = before every request).")
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
    ask --docs samples/ --rebuild   (or --embed: every vector now, resumable)
    ask --docs samples/ --serve [--port 8765] | --mcp
    ask "What is the tree permit fee?" --docs samples/ --format md   (text|json|jsonl|md)
    ask "tree permit fee" --docs samples/ --search [--arms bm25] [-n 5] [--hyde TEXT]
    """
    if options.get("question") is not None:  # argument bytes that were not UTF-8, as text
        options["question"] = question_text.from_argv(options["question"])
    if options.get("out_format") == "json":  # --format json is --json
        options["as_json"] = True
    o = _Options(**options)
    bar = Progress(o.quiet)  # the progress line on stderr: ended before any message
    try:
        _check_usage(o)
        sys.exit(_run(o, bar))
    except AskError as e:
        bar.end_line()
        click.echo(f"ask: {e}", err=True)
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        bar.end_line()
        click.echo("ask: interrupted; the index keeps every document finished so far", err=True)
        sys.exit(130)


@dataclass(frozen=True)
class _Options:
    question: str | None
    docs: str
    as_json: bool
    out_format: str | None
    color: str
    explain: bool
    n_candidates: int | None
    path_glob: str | None
    index: str | None
    batch_file: str | None
    show_status: bool
    show_ref: str | None
    config_file: str | None
    exclude: tuple[str, ...]
    embed_model: str | None
    embed_model_dir: str | None
    golden_path: str | None
    record_file: str | None
    calibrate: bool
    max_wrong_rate: float | None
    write_config: str | None
    rebuild: bool
    wait: float
    embed_all: bool
    ray: str | None
    shards: int | None
    jobs: int | None
    serve: bool
    mcp: bool
    watch: bool
    port: int | None
    host: str | None
    token: str | None
    recheck: float | None
    quiet: bool
    search: bool = False  # ranked search (--search and its options)
    arms: str | None = None
    n_results: int | None = None
    fusion: str | None = None
    hyde: str | None = None


def _check_usage(o: _Options) -> None:
    """Exactly one mode per call; options that belong to a mode need that mode."""
    modes = [m for m, on in (("QUESTION", o.question is not None), ("--batch", o.batch_file),
                             ("--golden", o.golden_path), ("--status", o.show_status),
                             ("--show", o.show_ref), ("--serve", o.serve), ("--mcp", o.mcp),
                             ("--watch", o.watch and not (o.serve or o.mcp))) if on]
    if len(modes) != 1 and not ((o.rebuild or o.embed_all) and not modes):
        raise UsageError(
            "give exactly one of: a QUESTION, --batch FILE, --golden PATH, --status, --show ID,"
            " --serve, --mcp, --watch (or --rebuild or --embed alone)"
            + (f" (got {', '.join(modes)})" if modes else ""),
            'for example: ask "What is the tree permit fee?" --docs samples/')
    needs = [("--record", o.record_file, "--golden", o.golden_path),
             ("--calibrate", o.calibrate, "--golden", o.golden_path),
             ("--max-wrong-rate", o.max_wrong_rate is not None, "--calibrate", o.calibrate),
             ("--write-config", o.write_config, "--calibrate", o.calibrate),
             ("--port", o.port is not None, "--serve", o.serve),
             ("--host", o.host is not None, "--serve", o.serve),
             ("--token", o.token is not None and not os.environ.get("ASK_TOKEN"), "--serve", o.serve),
             ("--recheck", o.recheck is not None, "--serve or --mcp", o.serve or o.mcp),
             ("--ray", o.ray is not None, "--embed or --shards", o.embed_all or o.shards is not None),
             ("--shards", o.shards is not None, "a QUESTION, --search, --batch, --rebuild or --embed",
              o.question is not None or o.batch_file or (not modes and (o.rebuild or o.embed_all)))]
    for opt, given, needed, present in needs:
        if given and not present:
            raise UsageError(f"{opt} only works with {needed}", "see ask --help")
    if o.record_file and o.calibrate:
        raise UsageError("--record and --calibrate are separate runs", "run them one after the other")
    _check_search_usage(o)
    if o.golden_path and (o.explain or o.n_candidates):
        raise UsageError("--explain and --candidates do not apply to --golden",
                         "ask a failing case on its own with --explain to see its numbers")
    if o.as_json and o.out_format not in (None, "json"):
        raise UsageError(f"--json and --format {o.out_format} ask for two formats",
                         "give one: --json is the same as --format json")
    per_request = [opt for opt, on in (("--json", o.as_json), ("--format", o.out_format),
                                       ("--explain", o.explain), ("--candidates", o.n_candidates),
                                       ("--path", o.path_glob)) if on]
    if (o.serve or o.mcp) and per_request:
        raise UsageError(f"{', '.join(per_request)} {'does' if len(per_request) == 1 else 'do'} not "
                         f"apply to {'--serve' if o.serve else '--mcp'}",
                         "servers answer in JSON; give path, explain or candidates in each request "
                         "(see docs/serve.md)")


def _check_search_usage(o: _Options) -> None:
    """--search needs a QUESTION; --arms and -n need --search; --hyde goes with a question."""
    if o.search and o.question is None:
        raise UsageError("--search needs a QUESTION to search for", 'ask "tree permit fee" --docs DIR --search')
    for opt, given in (("--arms", o.arms is not None), ("-n", o.n_results is not None)):
        if given and not o.search:
            raise UsageError(f"{opt} only works with --search", 'ask "tree permit fee" --docs DIR --search -n 5')
    if o.search and o.n_candidates:
        raise UsageError("--candidates does not apply to --search", "use -n N for the number of passages listed")
    if o.hyde is not None and o.question is None:
        raise UsageError("--hyde goes with a QUESTION (or --search)",
                         'in a --batch .jsonl file give each line its own "hyde" field')


def _fmt(o: _Options) -> str:
    """The output format: --json is --format json; text by default."""
    return "json" if o.as_json else (o.out_format or "text")


def _emit(o: _Options, text, obj=None, lines=None, md=None) -> None:
    """Print one result in the chosen --format. Each argument is a function, called only when
    needed: text(style) for people (coloured per --color), obj() the JSON value (json, and
    jsonl when `lines` is not given), lines() the records of jsonl, md() the Markdown (default:
    the text in a fenced block). Other modes render through this too."""
    from .style import PLAIN, Style, jsonl, md_block, wants_color

    fmt = _fmt(o)
    if fmt == "json" or (fmt == "jsonl" and lines is None and obj is not None):
        click.echo(_dump(obj()))
    elif fmt == "jsonl" and lines is not None:
        out = jsonl(lines())
        if out:
            click.echo(out)
    elif fmt == "md":
        click.echo(md() if md is not None else md_block(text(PLAIN)))
    else:
        style = Style(wants_color(o.color, sys.stdout))
        click.echo(text(style), color=True if style.color else None)


@dataclass(frozen=True)
class _Call:
    """One run of the command: its options, its configuration and the input files, all read
    (and so checked) before any work, and how to load the engine."""
    o: _Options
    progress: Progress
    cfg: "Config"         # --fusion applied
    items: list | None    # --batch: the questions
    gold: Any             # --golden: the cases, or a snapshot

    @classmethod
    def prepare(cls, o: _Options, progress: Progress) -> "_Call":
        from . import batch as batch_mod
        from . import golden as golden_mod
        from .config import Config

        cfg = Config.load(o.config_file)
        if o.fusion is not None:  # --fusion overrides the configuration, in every mode
            cfg = cfg.replace(fusion=o.fusion)
        if o.jobs is not None:
            cfg = cfg.replace(embed_jobs=o.jobs, ocr_jobs=o.jobs)
        if o.exclude:
            cfg = cfg.replace(exclude=cfg.exclude + tuple(o.exclude))
        if o.ray is not None:
            from .index.cluster import _ray
            _ray()  # not installed: exit 2 with how to install it, before any work
        from .index.exclude import Exclusions
        Exclusions(o.docs, cfg.exclude)  # a pattern that is not one: exit 2 before any work
        return cls(o, progress, cfg,
                   batch_mod.load(o.batch_file) if o.batch_file else None,
                   golden_mod.read(o.golden_path) if o.golden_path else None)

    def notify(self, text: str) -> None:
        self.progress.end_line()
        click.echo(f"ask: {text}", err=True)

    def embed(self) -> str:
        """How much embedding comes before the first answer (docs/decisions.md, "Speed"): a
        single question or search answers at once on a large new folder and embeds the rest
        over later runs; --embed, a rebuild, a batch and a golden run embed every passage first
        (their answers are compared between runs); the servers answer at once too and embed the
        rest in the background (engine/serve/background.py); show and status keep the
        library's default."""
        o = self.o
        if o.embed_all or o.rebuild or o.batch_file or o.golden_path:
            return "all"
        if o.serve or o.mcp:
            return "background"
        if o.question is not None:
            return "bounded"
        return "read"

    def engine(self) -> "Engine":
        from .pipeline import Engine

        o = self.o
        if o.shards is not None:
            from .sharded import ShardedEngine

            # one shard is answered here: a process of its own would only add its start
            hosts = "ray" if o.ray is not None else "processes" if o.shards > 1 else "inline"
            return ShardedEngine(o.docs, o.shards, index=o.index, hosts=hosts, ray_address=o.ray,
                                 config=self.cfg,
                                 embed_model=o.embed_model, embed_model_dir=o.embed_model_dir,
                                 progress=self.progress, rebuild=o.rebuild, wait=o.wait,
                                 notify=self.notify, embed=self.embed(),
                                 ray=o.ray if o.embed_all else None)
        return Engine(o.docs, index=o.index, config=self.cfg, embed_model=o.embed_model,
                      embed_model_dir=o.embed_model_dir, progress=self.progress, rebuild=o.rebuild,
                      wait=o.wait, notify=self.notify, embed=self.embed(), ray=o.ray)

    @contextmanager
    def loaded(self, notes: bool = True):
        """The engine, loaded for this call and closed after; its notes said on stderr first
        (`notes=False` for the modes whose answers carry them)."""
        with self.engine() as eng:
            for note in eng.notes if notes else ():
                click.echo(f"ask: note: {note}", err=True)
            yield eng


def _mode(o: _Options) -> str:
    """The one mode of this call (_check_usage has made sure there is exactly one)."""
    for mode, on in (("serve", o.serve), ("mcp", o.mcp), ("watch", o.watch), ("status", o.show_status),
                     ("show", o.show_ref), ("golden", o.golden_path), ("batch", o.batch_file),
                     ("search", o.search), ("ask", o.question is not None)):
        if on:
            return mode
    return "index"  # --rebuild or --embed alone


def _run(o: _Options, progress: Progress) -> int:
    c = _Call.prepare(o, progress)
    return MODES[_mode(o)](c)


# -- the modes: each takes the call and returns the exit status ---------------------------------
def _serve(c: _Call) -> int:
    """--serve: load once, answer many over HTTP (engine/serve/)."""
    from . import serve

    o = c.o
    return serve.serve_http(o.docs, c.engine, host=o.host or "127.0.0.1",
                            port=8765 if o.port is None else o.port, recheck=_recheck(o), quiet=o.quiet,
                            token=o.token, exclude=c.cfg.exclude, watch=o.watch)


def _mcp(c: _Call) -> int:
    """--mcp: load once, answer many over the Model Context Protocol on stdio."""
    from . import serve

    return serve.serve_mcp(c.o.docs, c.engine, recheck=_recheck(c.o), quiet=c.o.quiet,
                           exclude=c.cfg.exclude, watch=c.o.watch)


def _watch(c: _Call) -> int:
    """--watch alone: keep the index current until Ctrl-C, one line per change on stdout."""
    import json
    import signal
    import threading

    from .index.watch import Watch

    o = c.o

    def say(change: tuple[str, str, str]) -> None:
        what, path, detail = change
        if o.as_json:
            line = json.dumps({"change": what, "path": path, **({"detail": detail} if detail else {})},
                              ensure_ascii=False)
        else:
            line = f"{what:<8} {path}" + (f": {detail}" if detail else "")
        click.echo(line)

    # SIGTERM: a clean stop, exit 0, once a refresh under way has committed (an exception
    # raised from the handler would reach watchfiles, which turns it into Ctrl-C)
    stop = threading.Event()
    before = signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
    try:
        with c.loaded() as eng:
            def ready() -> None:
                click.echo(f"ask: watching {o.docs} ({len(eng.doc_rows)} documents indexed); "
                           "Ctrl-C stops", err=True)

            def refresh():  # None when another process kept the index (the last report again)
                before = eng.report
                now = eng.refresh()
                return now if now is not None and now is not before else None

            Watch(o.docs, refresh, exclude=c.cfg.exclude, say=say, ignore=[eng.index_path],
                  note=lambda text: click.echo(f"ask: note: {text}", err=True), stop=stop,
                  ready=ready).run()
    finally:
        signal.signal(signal.SIGTERM, before)
    return 0


def _recheck(o: _Options) -> float:
    from . import serve

    return serve.RECHECK if o.recheck is None else o.recheck


def _indexed(c: _Call) -> int:
    """--rebuild or --embed alone: say what the index now holds."""
    done = "rebuilt" if c.o.rebuild else "embedded"
    with c.loaded() as eng:
        cov = eng.coverage()
        failed = len(eng.report.failed) if eng.report else 0
        # --status reads one index: over shards the failed files are named here
        see = ("see --status" if c.o.shards is None or not failed else
               "; ".join(f"{path}: {why}" for path, why in eng.report.failed[:3]) + ("; …" if failed > 3 else ""))
        where = f"{eng.index_path}" + (f" ({c.o.shards} shards beside it)" if c.o.shards else "")
        _emit(c.o, lambda st: f"{done} {where}: {cov.documents} documents, {cov.passages} passages, "
                              f"{cov.vectors} with vectors" + (f", {failed} failed ({see})" if failed else ""),
              lambda: {done: str(eng.index_path), **cov.to_dict(), "failed": failed})
    return 0


def _status(c: _Call) -> int:
    """--status: what the index holds, what was skipped or failed and why."""
    from .status import entries, status, status_md, status_text

    with c.loaded() as eng:
        s = status(eng)
        _emit(c.o, lambda st: status_text(s, st), lambda: s, lambda: entries(eng), lambda: status_md(s))
    return 0


def _show(c: _Call) -> int:
    """--show ID[:LOCATOR]: a document's lines around a citation."""
    from .show import show, show_dict, show_md, show_text

    with c.loaded() as eng:
        shown = show(eng, c.o.show_ref)
        _emit(c.o, lambda st: show_text(shown, st), lambda: show_dict(shown),
              lambda: [{"doc_id": shown.doc_id, "path": shown.path, **ln} for ln in show_dict(shown)["lines"]],
              lambda: show_md(shown))
    return 0


def _batch(c: _Call) -> int:
    """--batch FILE: every question in FILE, one answer after another."""
    from .render import answer_text, batch_header
    from .style import md_answer

    o = c.o
    with c.loaded(notes=False) as eng:  # the answers carry the engine's notes themselves
        for n, item in enumerate(c.items):
            a = eng.ask(item.question, id=item.id, path=item.path or o.path_glob,
                        candidates=o.n_candidates, explain=o.explain, hyde=item.hyde)
            _emit(o, lambda st: ("\n" if n else "") + batch_header(a) + "\n" + answer_text(a, st),
                  a.to_dict, md=lambda: ("\n" if n else "") + md_answer(a.to_dict()))
    return 0


def _ask(c: _Call) -> int:
    """QUESTION: the answer, or why there is none (exit 1)."""
    from .render import answer_text
    from .style import md_answer

    o = c.o
    with c.loaded(notes=False) as eng:  # the answer carries the engine's notes itself
        a = eng.ask(o.question, path=o.path_glob, candidates=o.n_candidates, explain=o.explain,
                    hyde=o.hyde)
        _emit(o, lambda st: answer_text(a, st), a.to_dict, md=lambda: md_answer(a.to_dict()))
    return 0 if a.answered else 1


def _search(c: _Call) -> int:
    """--search: the top N passages, notes on stderr; exit 0 with hits, 1 with none."""
    from .render import search_text
    from .style import md_block

    o = c.o
    with c.loaded(notes=False) as eng:  # the search result carries the notes
        r = eng.search(o.question, k=o.n_results or 10, arms=o.arms or "all", path=o.path_glob,
                       hyde=o.hyde, explain=o.explain)
        for note in r.notes:
            click.echo(f"ask: note: {note}", err=True)
        _emit(o, lambda st: search_text(r, st), lambda: [h.to_dict() for h in r.hits],
              lambda: [h.to_dict() for h in r.hits], lambda: md_block(search_text(r)))
    return 0 if r.hits else 1


def _golden(c: _Call) -> int:
    """--golden: a calibration of the floors, or a regression run (a snapshot replay)."""
    with c.loaded() as eng:
        return _calibrate(c, eng) if c.o.calibrate else _regression(c, eng)


def _calibrate(c: _Call, eng: "Engine") -> int:
    """--golden --calibrate: sweep the floors, print (and perhaps write) the best pair."""
    from .gate.calibrate import calibrate, write_floors
    from .render import calibration_text

    o = c.o
    rate = 0.05 if o.max_wrong_rate is None else o.max_wrong_rate
    cal = calibrate(eng, c.gold.cases, max_wrong_rate=rate, path=o.path_glob, progress=c.progress)
    if o.write_config and cal.chosen is not None:
        write_floors(o.write_config, cal.chosen.score_floor, cal.chosen.coverage_floor, cal.score_key)
    _emit(o, lambda st: calibration_text(cal), cal.to_dict)
    if o.write_config and _fmt(o) in ("text", "md"):
        click.echo(f"written to {o.write_config}" if cal.chosen else f"{o.write_config} left unchanged")
    return 0


def _regression(c: _Call, eng: "Engine") -> int:
    """--golden [--record]: check every case (a snapshot: replay it); exit 1 on any failure."""
    from . import golden as golden_mod
    from . import snapshot as snapshot_mod
    from .render import golden_text, snapshot_check_text
    from .style import md_block

    o, gold = c.o, c.gold
    check = snapshot_mod.check_snapshot(eng, gold) if gold.digest is not None else None
    if check is not None and _fmt(o) == "text":
        click.echo(snapshot_check_text(check))  # before the run: what changed since the recording
    report = golden_mod.run(eng, gold, path=o.path_glob, check=check, progress=c.progress)
    if o.record_file:
        snapshot_mod.record(o.record_file, eng, report, path=o.path_glob)

    def summary() -> dict:  # the last jsonl record: the report without its cases
        return {k: v for k, v in report.to_dict().items() if k != "cases"}

    def md() -> str:
        before = snapshot_check_text(check) + "\n" if check is not None else ""
        return md_block(before + golden_text(report))

    _emit(o, lambda st: golden_text(report), report.to_dict,
          lambda: [r.to_dict() for r in report.results] + [summary()], md)
    return 0 if report.ok else 1


MODES: dict[str, Callable[[_Call], int]] = {
    "ask": _ask, "search": _search, "batch": _batch, "golden": _golden, "status": _status,
    "show": _show, "serve": _serve, "mcp": _mcp, "watch": _watch, "index": _indexed}


def run() -> None:
    """The console script: `main`, then an immediate exit once the output is flushed.

    By then the engine has closed the index and released its lock; what is left is the
    interpreter's teardown of the loaded libraries (onnxruntime, numpy), about 0.2 s of a
    cold question's wall time spent after the answer is printed (bench/: exit_s)."""
    try:
        main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        if e.code is not None and not isinstance(e.code, int):
            print(e.code, file=sys.stderr)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, OSError):  # the reader went away: nothing more to say
        code = code or 1
    os._exit(code)


if __name__ == "__main__":
    run()
