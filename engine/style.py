"""Style: whether output is coloured, the few ANSI styles text output uses, and output formats.

Colour (`--color auto|always|never`): auto colours only when stdout is a terminal, NO_COLOR
is unset or empty (no-color.org) and TERM is not "dumb"; always and never are what they say
(an explicit option wins over NO_COLOR, as no-color.org asks). Formats (`--format`): text for
people, json / jsonl for scripts, md for notes; what each means per mode is in docs/json.md.
Every renderer takes a Style; Style() is plain text, byte-identical to uncoloured output.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Iterable, TextIO

COLORS = ("auto", "always", "never")
FORMATS = ("text", "json", "jsonl", "md")

_BOLD, _DIM, _RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"
_GREEN, _YELLOW, _RED = "\x1b[32m", "\x1b[33m", "\x1b[31m"


def wants_color(choice: str, stream: TextIO, env: dict[str, str] | None = None) -> bool:
    """The --color decision for output written to `stream`."""
    env = os.environ if env is None else env
    if choice == "always":
        return True
    if choice == "never":
        return False
    if env.get("NO_COLOR", "") != "" or env.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass(frozen=True)
class Style:
    """ANSI styles, or none. Every method returns its text unchanged when `color` is false."""

    color: bool = False

    def _wrap(self, code: str, text: str) -> str:
        return f"{code}{text}{_RESET}" if self.color and text else text

    def quote(self, text: str) -> str:
        """A quoted line: what the user came for, so it stands out."""
        return self._wrap(_BOLD, text)

    def locator(self, text: str) -> str:
        return self._wrap(_GREEN, text)

    def dim(self, text: str) -> str:
        """Citation, method and note lines: needed, but second to the quote."""
        return self._wrap(_DIM, text)

    def warn(self, text: str) -> str:
        """A refusal's first line."""
        return self._wrap(_YELLOW, text)

    def bad(self, text: str) -> str:
        return self._wrap(_RED, text)


PLAIN = Style()


# -- machine formats ---------------------------------------------------------------------
def dump(obj: Any) -> str:
    """One JSON value on one line, keys in the order the library built them (what --json prints)."""
    return json.dumps(obj, ensure_ascii=False, sort_keys=False)


def jsonl(objs: Iterable[Any]) -> str:
    """JSON Lines: one compact value a line."""
    return "\n".join(dump(o) for o in objs)


# -- Markdown ------------------------------------------------------------------------------
_MD_SPECIAL = set("\\`*_[]<>#|~")


def md_escape(text: str) -> str:
    """Text that Markdown shows exactly as written (specials backslash-escaped)."""
    out = "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in text)
    return out if out.strip() else "\u00a0"  # an empty quoted line still shows as a line


def md_code(text: str) -> str:
    """An inline code span that survives backticks in the text."""
    longest = 0
    run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_answer(d: dict[str, Any], heading: str = "##") -> str:
    """An answer's JSON object (Answer.to_dict()) as Markdown for notes: the question as a
    heading, each quoted line as a blockquote line led by its locator, the citation under it."""
    title = f"{d['id']}: {d['question']}" if d.get("id") is not None else d["question"]
    out = [f"{heading} {md_escape(title)}", ""]
    if d.get("answered"):
        for c in d["citations"]:
            quoted = [f"> {md_code(ln['locator'])}{' (OCR)' if ln.get('ocr') else ''} {md_escape(ln['text'])}"
                      for ln in c["lines"]]
            out.append("\n>\n".join(quoted))
            out.append("")
            out.append(f"— {md_code(c['doc_id'])} {md_code(c['path'])} {md_escape(c['locator'])} "
                       f"(score {c['score']:.2f}, coverage {c['coverage']:.2f})")
            out.append("")
    else:
        r = d.get("refusal") or {}
        out.append(f"**No confident answer.** {md_escape(r.get('message') or '')}".rstrip())
        out.append("")
        for f in r.get("failed") or []:
            out.append(f"- {f['floor']} {f['value']:.2f} < floor {f['threshold']:.2f}")
        if r.get("unmatched"):
            out.append("- question words not found: " + md_escape(", ".join(r["unmatched"])))
        if r.get("failed") or r.get("unmatched"):
            out.append("")
    for note in d.get("notes") or []:
        out.append(f"*note: {md_escape(note)}*")
        out.append("")
    ix = d.get("index") or {}
    share = f"{ix.get('vector_share', 0):.0%} with vectors" if ix.get("model") else "no vectors"
    out.append(f"*method: {md_escape(d['method'])} · {ix.get('documents', 0)} documents, "
               f"{ix.get('passages', 0)} passages ({share})*")
    if d.get("candidates"):
        out += ["", "| # | id | path | locator | score | coverage |", "| --- | --- | --- | --- | --- | --- |"]
        for n, c in enumerate(d["candidates"], 1):
            out.append(f"| {n} | {md_code(c['doc_id'])} | {md_code(c['path'])} | {md_escape(c['locator'])} "
                       f"| {c['score']:.3f} | {c['coverage']:.2f} |")
    return "\n".join(out)


def md_block(text: str) -> str:
    """Text output kept as it is, in a fenced block (for modes whose text is already a table)."""
    fence = "```"
    while fence in text:
        fence += "`"
    return f"{fence}text\n{text}\n{fence}"
