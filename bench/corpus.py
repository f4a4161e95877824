"""Synthetic corpora: a size and a seed in, a folder of English-like text files out.

Word frequencies follow a Zipf-Mandelbrot curve over a fixed vocabulary of 40,000 words: real
English function words ("the", "of", "and" ...) at the top, then about 900 common English
content words (words.py), then made-up pronounceable words for the long tail (the rare words
and names of real text), with a few capitalised names and numbers.
Each file has a handful of topic words it uses more often than the rest of the corpus.
Sentences make paragraphs of 45-95 words, in lines of 8-13 words; each paragraph becomes
one passage for the engine (docs/benchmark.md). Files hold 1-7 paragraphs (4 on average), 400
files a folder. Everything is a pure function of (size, seed): the same arguments always give
the same bytes.

`questions(...)` samples 3-6 content words from passages of the corpus (mixing
common and rare words) into questions, deterministically.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from .words import ENGLISH

FUNCTION_WORDS = """the of and to a in is that for it as was with be by on not he this are or
his from at which but have an they you were her she there been one all we their has would
when who will more no if out so said what up its about into than them can only other new some
could time these two may then do first any my now such like our over man me even most made
after also did many before must through back years where much your way well down should
because each just those people how too little state good very make world still own see men
work long get here between both life being under never day same another know while last might
us great old year off come since against go came right used take three""".split()

SYLLABLES_ON = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v",
                "w", "z", "br", "cl", "dr", "fl", "gr", "pl", "pr", "sh", "st", "str", "th", "tr"]
SYLLABLES_NU = ["a", "e", "i", "o", "u", "ai", "ea", "io", "ou", "y"]
SYLLABLES_CO = ["", "", "", "n", "r", "s", "t", "l", "m", "nd", "st", "rt", "ck", "ng"]

VOCAB_SIZE = 40_000     # distinct words, function words included
ZIPF_S = 1.07           # exponent: English word frequencies are close to 1
ZIPF_Q = 2.7            # Mandelbrot shift: flattens the very top a little, as in real text
NAME_SHARE = 0.04       # share of content words written capitalised (names)
NUMBER_SHARE = 0.012    # share of tokens that are numbers (years, amounts, counts)
TOPIC_SHARE = 0.12      # share of a file's words drawn from its own topic words
FILES_PER_FOLDER = 400
PARAGRAPH_WORDS = (45, 95)  # each paragraph is one passage: the engine joins one under 40 words


@dataclass(frozen=True)
class Vocabulary:
    words: np.ndarray        # str objects by rank, as written mid-sentence
    capital: np.ndarray      # the same words capitalised (sentence starts)
    cdf: np.ndarray          # cumulative Zipf probabilities, by rank
    is_name: np.ndarray      # bool per rank: always written capitalised
    n_function: int
    numbers: np.ndarray      # a pool of number tokens (years, amounts, counts)


_VOCABS: dict[int, Vocabulary] = {}


def vocabulary(seed: int = 7) -> Vocabulary:
    """The fixed vocabulary: function words first, then made-up words, shorter ones first."""
    if seed in _VOCABS:
        return _VOCABS[seed]
    rng = np.random.default_rng([seed, 0])
    on = np.array(SYLLABLES_ON, dtype=object)
    nu = np.array(SYLLABLES_NU, dtype=object)
    co = np.array(SYLLABLES_CO, dtype=object)
    want = VOCAB_SIZE - len(FUNCTION_WORDS)
    n = want * 2
    n_syl = np.minimum(rng.geometric(0.55, size=n), 3)  # 1, 2 or 3 syllables
    parts = [on[rng.integers(len(on), size=n)] + nu[rng.integers(len(nu), size=n)]
             + co[rng.integers(len(co), size=n)] for _ in range(3)]
    words = np.where(n_syl >= 2, parts[0] + parts[1], parts[0])
    words = np.where(n_syl >= 3, words + parts[2], words)
    seen = set(FUNCTION_WORDS)
    english = [w for w in dict.fromkeys(ENGLISH.split()) if w not in seen]
    seen.update(english)
    english = [english[i] for i in rng.permutation(len(english))]
    want -= len(english)
    made: list[str] = []
    for w in words:  # first come, first kept: deterministic
        if len(w) >= 3 and w not in seen:
            seen.add(w)
            made.append(w)
            if len(made) == want:
                break
    jitter = rng.random(len(made)) * 4
    made = [w for _, w in sorted(zip((len(w) + j for w, j in zip(made, jitter)), made))]
    all_words = np.array(list(FUNCTION_WORDS) + english + made, dtype=object)
    ranks = np.arange(1, len(all_words) + 1, dtype=np.float64)
    p = 1.0 / (ranks + ZIPF_Q) ** ZIPF_S
    cdf = np.cumsum(p / p.sum())
    cdf[-1] = 1.0
    is_name = np.zeros(len(all_words), bool)
    is_name[len(all_words) - len(made):] = rng.random(len(made)) < NAME_SHARE
    capital = np.array([w[:1].upper() + w[1:] for w in all_words], dtype=object)
    shown = np.where(is_name, capital, all_words)
    numbers = np.array([str(int(y)) for y in rng.integers(1890, 2031, size=300)]
                       + [f"{a}.{b:02d}" for a, b in zip(rng.integers(1, 999, size=300), rng.integers(0, 100, size=300))]
                       + [str(int(c)) for c in rng.integers(2, 500, size=300)], dtype=object)
    v = Vocabulary(shown, capital, cdf, is_name, len(FUNCTION_WORDS), numbers)
    _VOCABS[seed] = v
    return v


def _token_table(vocab: Vocabulary) -> np.ndarray:
    """Every word and number in six forms: as is, capitalised, each with "." or "," after."""
    plain = np.concatenate([vocab.words, vocab.numbers])
    cap = np.concatenate([vocab.capital, vocab.numbers])
    return np.stack([plain, cap, plain + ".", cap + ".", plain + ",", cap + ","], axis=1)


def _texts(vocab: Vocabulary, table: np.ndarray, seed: int, part: int, plan: Sequence[int]) -> list[str]:
    """The files of one part of a corpus (plan: paragraphs per file): paragraphs of 50-110
    words, sentences of 6-20 words, lines of 8-13 words."""
    rng = np.random.default_rng([seed, 1, part])
    n_files = len(plan)
    n_paras = int(sum(plan))
    lengths = rng.integers(PARAGRAPH_WORDS[0], PARAGRAPH_WORDS[1] + 1, size=n_paras)
    total = int(lengths.sum())
    para_file = np.repeat(np.arange(n_files), plan)
    tok_file = np.repeat(para_file, lengths)
    rows = np.minimum(np.searchsorted(vocab.cdf, rng.random(total)), len(vocab.cdf) - 1)
    topics = np.searchsorted(vocab.cdf, rng.uniform(vocab.cdf[300], 1.0, size=(n_files, 12)))
    use_topic = rng.random(total) < TOPIC_SHARE
    rows[use_topic] = topics[tok_file[use_topic], rng.integers(12, size=int(use_topic.sum()))]
    numbers = rng.random(total) < NUMBER_SHARE
    rows[numbers] = len(vocab.words) + rng.integers(len(vocab.numbers), size=int(numbers.sum()))
    ends = np.zeros(total, bool)
    pos = np.cumsum(rng.integers(6, 21, size=total // 6 + 1)) - 1
    ends[pos[pos < total]] = True
    para_end = np.cumsum(lengths) - 1
    ends[para_end] = True
    starts = np.zeros(total, bool)
    starts[0] = True
    starts[1:] = ends[:-1]
    commas = (rng.random(total) < 0.06) & ~ends
    form = starts.astype(np.int64) + 2 * ends + 4 * commas
    toks = table[rows, form].tolist()
    widths = rng.integers(8, 14, size=total // 8 + n_paras + 1).tolist()
    texts: list[list[str]] = [[] for _ in range(n_files)]
    at = w_at = 0
    for f, length in zip(para_file.tolist(), lengths.tolist()):
        stop = at + length
        lines = []
        while at < stop:
            nxt = min(stop, at + widths[w_at])
            w_at += 1
            lines.append(" ".join(toks[at:nxt]))
            at = nxt
        texts[f].append("\n".join(lines))
    return ["\n\n".join(paras) + "\n" for paras in texts]


def file_plan(passages: int, seed: int) -> list[int]:
    """Paragraphs per file, in file order, summing to exactly `passages`."""
    rng = np.random.default_rng([seed, 2])
    sizes = rng.integers(1, 8, size=passages // 4 + 8)
    plan, total = [], 0
    for s in sizes:
        s = int(min(s, passages - total))
        if s <= 0:
            break
        plan.append(s)
        total += s
    while total < passages:
        plan.append(min(4, passages - total))
        total += plan[-1]
    return plan


def rel_path(n: int) -> str:
    return f"d{n // FILES_PER_FOLDER:03d}/doc-{n:06d}.txt"


PART_FILES = 1000  # files generated together (one random stream each)


def build(folder: Path, passages: int, seed: int = 7) -> int:
    """Write the corpus of `passages` paragraphs into `folder` (created); returns the file count.
    A folder already holding this exact corpus (its stamp file matches) is left as it is."""
    folder = Path(folder)
    stamp = folder.parent / f".{folder.name}.stamp"
    want = f"synthetic v2 passages={passages} seed={seed}"
    plan = file_plan(passages, seed)
    if stamp.exists() and stamp.read_text() == want and folder.is_dir():
        return len(plan)
    vocab = vocabulary(seed)
    table = _token_table(vocab)
    for part, first in enumerate(range(0, len(plan), PART_FILES)):
        texts = _texts(vocab, table, seed, part, plan[first : first + PART_FILES])
        for n, text in enumerate(texts, first):
            p = folder / rel_path(n)
            if n % FILES_PER_FOLDER == 0 or n == first:
                p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
    stamp.write_text(want)
    return len(plan)


def change_files(folder: Path, files: int, share: float, seed: int = 7) -> list[str]:
    """Edit `share` of the files (at least one), chosen by seed: one sentence added to their
    first paragraph, so that passage changes and the others keep their text. Returns their paths.
    The folder no longer holds the corpus `build` made, so its stamp is removed."""
    folder = Path(folder)
    (folder.parent / f".{folder.name}.stamp").unlink(missing_ok=True)
    rng = np.random.default_rng([seed, 3])
    k = max(1, round(files * share))
    picked = sorted(int(i) for i in rng.choice(files, size=k, replace=False))
    vocab = vocabulary(seed)
    out = []
    for n in picked:
        p = folder / rel_path(n)
        text = p.read_text(encoding="utf-8")
        head, sep, rest = text.partition("\n\n")
        extra = " ".join(vocab.words[vocab.n_function + int(r)] for r in rng.integers(0, 2000, size=5))
        p.write_text(head + f"\nRevised {n} {extra}." + sep + rest, encoding="utf-8")
        out.append(rel_path(n))
    return out


QUESTION_WORDS = ("what", "which", "how", "where", "when", "who")


def make_question(text: str, rng: np.random.Generator, rank: Callable[[str], int],
                  keep_case: Callable[[str], bool] = lambda w: False) -> str | None:
    """3-6 content words of `text`, in their order: about half from its rarer half (by `rank`,
    0 = most common), the rest from its commoner half, after a question word."""
    from engine.terms import STOP_WORDS

    words = [w.strip(".,;:()[]\"'") for w in text.split()]
    content = [(i, w) for i, w in enumerate(words)
               if len(w) > 1 and w.lower() not in STOP_WORDS and any(c.isalnum() for c in w)]
    if len(content) < 3:
        return None
    k = int(rng.integers(3, 7))
    by_rank = sorted(content, key=lambda iw: (rank(iw[1].lower()), iw[0]))  # ties: position
    half = len(by_rank) // 2
    common, rare = by_rank[:half], by_rank[half:]
    n_rare = min(len(rare), (k + 1) // 2)
    pick = [rare[int(i)] for i in rng.choice(len(rare), size=n_rare, replace=False)]
    n_common = min(len(common), k - n_rare)
    pick += [common[int(i)] for i in rng.choice(len(common), size=n_common, replace=False)]
    said = [w if keep_case(w) else w.lower() for _, w in sorted(pick)]
    return f"{QUESTION_WORDS[int(rng.integers(len(QUESTION_WORDS)))]} {' '.join(said)}?"


def questions(folder: Path, files: int, n: int, seed: int = 7) -> list[str]:
    """n questions about a synthetic corpus, each from one paragraph of a file chosen by seed;
    rarity is the word's Zipf rank, names keep their capital."""
    rng = np.random.default_rng([seed, 4])
    vocab = vocabulary(seed)
    rank = {w.lower(): i for i, w in enumerate(vocab.words)}
    out: list[str] = []
    while len(out) < n:
        f = int(rng.integers(files))
        paras = (Path(folder) / rel_path(f)).read_text(encoding="utf-8").split("\n\n")
        q = make_question(paras[int(rng.integers(len(paras)))], rng, lambda w: rank.get(w, 0),
                          lambda w: bool(vocab.is_name[rank.get(w.lower(), 0)]))
        if q is not None:
            out.append(q)
    return out


def questions_from_texts(texts: Sequence[str], n: int, seed: int = 7) -> list[str]:
    """n questions from passages of a real corpus; rarity from word counts over all `texts`."""
    counts = Counter(w.strip(".,;:()[]\"'").lower() for t in texts for w in t.split())
    order = {w: i for i, (w, _) in enumerate(sorted(counts.items(), key=lambda wc: (-wc[1], wc[0])))}
    rng = np.random.default_rng([seed, 5])
    out: list[str] = []
    for _ in range(n * 20):
        if len(out) == n or not texts:
            break
        q = make_question(texts[int(rng.integers(len(texts)))], rng, lambda w: order.get(w, 0))
        if q is not None:
            out.append(q)
    return out
