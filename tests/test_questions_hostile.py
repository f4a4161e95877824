"""Hostile questions: empty, blank, only common words, 10,000 characters, control characters,
non-Latin scripts, emoji, bytes that are not UTF-8, not a string at all.

Each one gets a usage error (exit status 2, a message and a hint; UsageError in Python), an
honest refusal (exit status 1; `answered` false, with the reason), or, when it really asks
something the documents hold, the answer. Never a traceback, through the command line or
through engine.Engine.ask. A Russian question is answered from a Russian document: the
tokenizer keeps Cyrillic words whole and folds their case.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import write
from engine import Engine
from engine.cli import main
from engine.errors import UsageError
from engine.terms import content_terms, words

LIGHTHOUSE = "What is the lighthouse keeper's radio call sign?"
LONG = (LIGHTHOUSE + " ") * 200  # 10,000 characters: cut to the first 2,000, with a note

DOCS = {
    "lighthouse.txt": "The lighthouse keeper's radio call sign is Kestrel Nine.\n",
    "ru/вырубка.txt": "Плата за разрешение на вырубку дерева составляет 75 рублей.\n"
                      "Библиотека открыта с девяти утра.\n",
    "zh/树木.txt": "树木许可费是75元。\n",
}

# (id, question, outcome, what the answer or refusal holds)
#   usage:    exit 2, the message on stderr; UsageError in Python
#   refused:  exit 1, the refusal message on stdout; answered False
#   answered: exit 0, the quoted line; answered True
CASES = [
    ("empty", "", "usage", "the question is empty"),
    ("blank", " \t\r\n ", "usage", "the question is empty"),
    ("stop-words", "what is the", "refused", "the question has no searchable words"),
    ("stop-words-many", "What is it that they would have been?", "refused",
     "the question has no searchable words"),
    ("10k-characters", LONG[:10_000], "answered", "Kestrel Nine"),
    ("10k-one-word", "x" * 10_000, "refused", "none of the question's words"),
    ("nul", "\x00What is the lighthouse\x00 keeper's radio call sign?", "answered", "Kestrel Nine"),
    ("only-nul", "\x00\x00", "usage", "the question is empty"),
    ("carriage-return", "What is the lighthouse\rkeeper's radio\r\ncall sign?", "answered",
     "Kestrel Nine"),
    # escape sequences and control characters are taken out of the question (engine/question.py)
    ("ansi-colour", "\x1b[31mWhat is the lighthouse keeper's radio call sign?\x1b[0m", "answered",
     "Kestrel Nine"),
    ("only-controls", "\x01\x02\x1b\x7f", "usage", "the question is empty"),
    ("chinese", "树木许可费是多少？", "answered", "树木许可费是75元"),
    ("arabic", "ما هي رسوم التصريح؟", "refused", "none of the question's words"),
    ("greek", "Πόσο κοστίζει η άδεια υλοτομίας;", "refused", "none of the question's words"),
    ("russian", "Сколько стоит разрешение на вырубку дерева?", "answered", "75 рублей"),
    ("russian-upper", "СКОЛЬКО СТОИТ РАЗРЕШЕНИЕ НА ВЫРУБКУ ДЕРЕВА?", "answered", "75 рублей"),
    ("emoji", "🌳💰❓", "refused", "the question has no searchable words"),
    ("emoji-joined", "👩‍👩‍👧‍👦 🏳️‍🌈", "refused", "the question has no searchable words"),
    ("lone-surrogate", "\udcff\udcfe What is the lighthouse keeper's radio call sign?",
     "answered", "Kestrel Nine"),
]
EXIT = {"answered": 0, "refused": 1, "usage": 2}
IDS = [c[0] for c in CASES]

# A lone surrogate is what Python makes of argument bytes that are not UTF-8 ("caf\xe9" typed
# on a Latin-1 terminal). Echoed back in JSON, it cannot be written to a strict UTF-8 stdout
# (CliRunner's, and Python's under an ordinary UTF-8 locale such as en_US.UTF-8).
# engine/cli.py reads such argument bytes as UTF-8 or cp1252 (engine/question.from_argv), and
# Engine.ask turns any lone surrogate left into U+FFFD, so the JSON can always be written.
JSON_CASES = [pytest.param(c, id=c[0]) for c in CASES]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("questions")
    docs = root / "docs"
    for rel, text in DOCS.items():
        write(docs, rel, text)
    index = root / "index.sqlite"
    with Engine(docs, index=index, embed_model="none"):  # indexed once, here
        pass
    return docs, index


@pytest.fixture(scope="module")
def engine(folder):
    docs, index = folder
    with Engine(docs, index=index, embed_model="none") as eng:
        yield eng


def cli(folder, *args):
    docs, index = folder
    r = CliRunner().invoke(main, [*args, "--docs", str(docs), "--index", str(index),
                                  "--embed-model", "none", "--quiet"])
    # anything but SystemExit escaping main would be a traceback for a user
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return r


# ---------------------------------------------------------------- the command line

@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_command_line(case, folder):
    _, question, outcome, holds = case
    r = cli(folder, question)
    assert r.exit_code == EXIT[outcome], (r.stdout, r.stderr)
    assert "Traceback" not in r.stdout + r.stderr
    if outcome == "usage":
        assert r.stdout == "" and r.stderr.startswith(f"ask: {holds}\n  hint: ")
    elif outcome == "refused":
        assert r.stdout.startswith("no confident answer") and holds in r.stdout
    else:
        assert holds in r.stdout.splitlines()[0] and r.stderr == ""


@pytest.mark.parametrize("case", JSON_CASES)
def test_the_command_line_json(case, folder):
    _, question, outcome, holds = case
    r = cli(folder, question, "--json")
    assert r.exit_code == EXIT[outcome]
    if outcome == "usage":
        assert r.stdout == ""
        return
    a = json.loads(r.stdout)
    assert a["answered"] is (outcome == "answered")
    if outcome == "answered":
        assert holds in a["citations"][0]["lines"][0]["text"]
    else:
        assert holds in a["refusal"]["message"]


def test_a_long_question_is_cut_and_says_so(folder):
    r = cli(folder, LONG[:10_000])
    assert r.exit_code == 0
    assert "note: question cut to its first 2000 characters" in r.stdout


def test_the_russian_answer_cites_the_russian_document(folder):
    r = cli(folder, "Сколько стоит разрешение на вырубку дерева?", "--json")
    cite = json.loads(r.stdout)["citations"][0]
    assert cite["path"] == "ru/вырубка.txt" and cite["locator"] == "L1"
    assert cite["lines"][0]["text"] == "Плата за разрешение на вырубку дерева составляет 75 рублей."


@pytest.mark.parametrize("text, expected", [
    ("Разрешение на ВЫРУБКУ", ["разрешение", "на", "вырубку"]),
    ("ёлка Йошкар-Ола", ["елка", "иошкар-ола", "иошкар", "ола"]),  # folded the same on both sides
    ("Πόσο κοστίζει", ["ποσο", "κοστιζει"]),
    ("ما هي رسوم", ["ما", "هي", "رسوم"]),
    ("🌳💰❓ \x1b\x00", []),
])
def test_the_tokenizer_keeps_words_of_every_script(text, expected):
    assert words(text) == expected


def test_a_batch_file_carries_what_a_shell_cannot(folder, tmp_path):
    """A shell cannot put NUL in an argument; a .jsonl batch can, and ESC too."""
    batch = tmp_path / "q.jsonl"
    cases = [c for c in CASES if c[2] != "usage" and c[0] != "lone-surrogate"]
    batch.write_text("".join(json.dumps({"id": c[0], "question": c[1]}) + "\n" for c in cases))
    r = cli(folder, "--batch", str(batch), "--json")
    assert r.exit_code == 0
    got = {a["id"]: a["answered"] for a in map(json.loads, r.stdout.splitlines())}
    assert got == {c[0]: c[2] == "answered" for c in cases}


def test_a_batch_file_with_blank_questions_is_refused_whole(folder, tmp_path):
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": 1, "question": "what is the"}\n{"id": 2, "question": " \\t "}\n')
    r = cli(folder, "--batch", str(batch))
    assert r.exit_code == 2 and "line 2" in r.stderr and r.stdout == ""


def _real_process(folder, tmp_path, *args) -> subprocess.CompletedProcess:
    """`ask` in its own process with a strict UTF-8 stdout, as under en_US.UTF-8."""
    docs, index = folder
    env = {**os.environ, "ASK_CACHE_DIR": str(tmp_path / "cache"), "NO_COLOR": "1",
           "PYTHONIOENCODING": "utf-8:strict"}
    return subprocess.run([sys.executable, "-m", "engine.cli", *args, "--docs", str(docs),
                           "--index", str(index), "--embed-model", "none", "--quiet"],
                          capture_output=True, env=env, timeout=120)


NOT_UTF8 = [(b"\xff\xfe What is the lighthouse keeper's radio call sign?", 0),
            (b"caf\xe9 \x1b[2J", 1)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bytes in argv")
@pytest.mark.parametrize("arg, code", NOT_UTF8, ids=["ff-fe", "latin1-cafe"])
def test_bytes_that_are_not_utf8_in_a_real_process(folder, tmp_path, arg, code):
    """As from a shell on a Latin-1 terminal: argument bytes that are not UTF-8."""
    r = _real_process(folder, tmp_path, arg)
    assert r.returncode == code and r.stderr == b"", r.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bytes in argv")
@pytest.mark.parametrize("arg, code", NOT_UTF8, ids=["ff-fe", "latin1-cafe"])
def test_bytes_that_are_not_utf8_in_a_real_process_as_json(folder, tmp_path, arg, code):
    r = _real_process(folder, tmp_path, arg, "--json")
    assert r.returncode == code and b"Traceback" not in r.stderr, r.stderr


# ---------------------------------------------------------------- Python

@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_python_api(case, engine):
    _, question, outcome, holds = case
    if outcome == "usage":
        with pytest.raises(UsageError) as info:
            engine.ask(question)
        assert info.value.message == holds and info.value.hint
        return
    a = engine.ask(question)
    assert a.answered is (outcome == "answered")
    if a.answered:
        assert holds in a.citations[0].lines[0].text
    else:
        assert holds in a.refusal.message
    assert a.to_dict()["answered"] is a.answered  # the JSON object builds too


@pytest.mark.parametrize("question", [None, b"What is the call sign?", 42, ["what"]])
def test_a_question_that_is_not_a_string_is_a_usage_error(question, engine):
    with pytest.raises(UsageError):
        engine.ask(question)


def test_the_same_hostile_question_gives_the_same_bytes(engine):
    for _, question, outcome, _ in CASES:
        if outcome != "usage":
            assert engine.ask(question).to_dict() == engine.ask(question).to_dict()


# ---------------------------------------------------------------- cleaned questions, known limits

def test_an_ansi_coloured_question_is_answered_like_the_plain_one(engine):
    assert engine.ask("\x1b[31m" + LIGHTHOUSE + "\x1b[0m").answered


def test_a_chinese_question_finds_its_chinese_line(engine):
    """A run of Han characters is its overlapping pairs (engine/terms.py), not one term."""
    assert content_terms("树木许可费是多少") != ["树木许可费是多少"]
    a = engine.ask("树木许可费是多少？")
    assert a.answered and a.citations[0].lines[0].text == "树木许可费是75元。"


def test_a_batch_header_never_sends_control_characters_to_the_terminal(folder, tmp_path):
    """click drops colour codes only when stdout is not a terminal (color=True: it is)."""
    docs, index = folder
    batch = tmp_path / "q.txt"
    batch.write_text("\x1b[2J\x1b[31mWhat is the lighthouse keeper's radio call sign?\n")
    r = CliRunner().invoke(main, ["--batch", str(batch), "--docs", str(docs), "--index",
                                  str(index), "--embed-model", "none"], color=True)
    assert r.exit_code == 0 and "\x1b" not in r.stdout


def test_a_batch_question_of_only_control_characters_is_a_malformed_line(folder, tmp_path):
    """Checked before anything is asked, like a blank question: never a failure mid-batch."""
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": 1, "question": "What is the call sign?"}\n'
                     '{"id": 2, "question": "\\u0001\\u001b[0m"}\n')
    r = cli(folder, "--batch", str(batch))
    assert r.exit_code == 2 and "line 2" in r.stderr and r.stdout == ""
