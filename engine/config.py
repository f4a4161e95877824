"""Weights, floors, depths and bonuses (and the exclude patterns): one frozen Config with
documented defaults.

A TOML file (`--config FILE.toml`) may override any field by name, at the top level or
under an `[ask]` table. Unknown names and wrong types are errors, never ignored.
"""
from __future__ import annotations

import dataclasses
import os
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path

from .errors import ConfigError


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def jobs(setting: int) -> int:
    """A setting counting threads or processes (embed_jobs, ocr_jobs) as a count: 0 means
    every core (`cores`)."""
    return setting if setting > 0 else cores()

CHOICES = {"order": ("coverage", "score"), "gate_coverage": ("plain", "weighted"),
           "fusion": ("minmax", "rrf")}


@dataclass(frozen=True)
class Config:
    # Candidate pull: the whole question top `pull_k`, each content word top `word_depth * pull_k`.
    pull_k: int = 40
    word_depth: int = 4
    # A word found in more than word_skip_share of the index's passages and in more than
    # word_skip_min of them is common: it gets no search of its own and is left out of the
    # whole-question search (unless every word is common). Ranking every passage that holds
    # a word costs time in proportion to the index, and a common word's own top list is the
    # passages repeating it most, whatever the question. The arms still score it in the pool.
    # Searches limited by --path leave no word out. word_skip_share = 1 turns this off.
    word_skip_share: float = 0.02
    word_skip_min: int = 2000
    # Nearest vectors added to the pool (0 turns this off): reaches passages that share no
    # word with the question.
    vector_k: int = 40
    # Fusion weights for the min-max normalised arms. Arms that did not run are left out and
    # the remaining weights are rescaled to sum to one, so floors keep their meaning.
    w_bm25: float = 0.4
    w_tfidf: float = 0.3
    w_embed: float = 0.3
    # How the arms are combined: "minmax" (the weights above over min-max normalised scores)
    # or "rrf" (reciprocal rank fusion: sum of 1 / (60 + rank) over the arms that ran,
    # scaled so first in every arm is 1 before the rerank; docs/search.md). --fusion overrides.
    fusion: str = "minmax"
    # With a written hypothetical passage (--hyde), the vector arm embeds it instead of the
    # question and weighs at most hyde_share times the lexical arms' weight together, so the
    # words the user typed keep more weight than the passage written for them.
    hyde_share: float = 0.5
    # Rerank: fused + coverage_credit * coverage + phrase_bonus [+ number_bonus per number].
    coverage_credit: float = 0.5
    phrase_bonus: float = 0.2
    number_bonus: float = 0.15
    # Answer kinds (engine/kinds.py): a passage holding the kind of value the question asks
    # for (an amount for "how much", a time for "what time") gets kind_bonus in the rerank;
    # a winner without one gives way to the first of the next kind_depth candidates that has
    # one and clears the gate, or the answer is refused (0 turns the fallback off).
    kind_bonus: float = 0.15
    kind_depth: int = 5
    # 2: a candidate that a winner without the kind gives way to must cover the question as
    # well as it does (weighted coverage at least the winner's), unless it neighbours the
    # winner in the same document (within 3 lines: a chunk's edge can part a topic from its
    # value); 1: any passage of the same document may cover less (as before: in long minutes
    # another item's figure answered); 0: any candidate that clears the gate; 3: as 2, and a
    # passage of the same document that says more of the question's words than the winner,
    # the document's own names (file name, title lines) held by both (gate/decide.covers_as_well:
    # a meeting's title block gives way to the line that adjourns it).
    kind_fallback_cover: int = 2
    # A winner holding the asked kind needs coverage >= coverage_floor - kind_relief: a long
    # question whose passage misses a word or two but holds the value asked for is answered.
    kind_relief: float = 0.0
    # A winner short of the coverage floor by at most line_relief (the score floor cleared)
    # is answered when its quote's first line holds the asked kind and its lines say at least
    # half the question's words that are not its document's names (two at least): the line
    # itself, not the passage, speaks of the question. 0: off.
    line_relief: float = 0.0
    # The answer's line chooses among close passages (pipeline.pick_by_line): with a firm
    # kind asked, of the next answer_pick_depth candidates after the gate's winner that hold
    # the kind, the question's names and numbers and the coverage floor, and score within
    # answer_pick_margin of the winner, the one whose answer line (its best quoted line
    # holding the kind, quote/lines.line_score: the question's words on it, rarity-weighted,
    # its numbers, its likeness to the question) scores answer_pick_gain more than the
    # answer's first citation's, and most, is quoted first, the earlier on a tie; the
    # citation it displaced stays as the runner-up. A passage naming the topic everywhere
    # and the value asked for nowhere near it gives way to the one whose own line says both.
    # 0: the gate's winner, as before.
    answer_pick_depth: int = 4
    answer_pick_margin: float = 0.3
    answer_pick_gain: float = 0.1  # how much higher the other's answer line must score
    # 1: a question's initialism in capitals ("ACF", "CDBG") is held by a passage spelling
    # its name out, or (three letters or more) whose document's context does; two letters only where
    # the passage spells one name and the file name spells it too (score.spelled_held).
    spelled_initials: int = 1
    # 1: a date the question names a document or a meeting by ("In MAPC's April 2023 tracking
    # memo", "at its November 9, 2023 session": terms.document_dates) is held by every passage
    # of a document whose file name writes a date within it (score.named_by_document); 0: off.
    # Off as shipped: on, a blind set gained a wrong answer on each arm for two right answers
    # on the read sets (docs/decisions.md, the twenty-fifth pass).
    document_dates: int = 0
    # 1: the names of a clause the question opens with to name the document it asks of ("In
    # the City of Little Rock and ARDOT 2017 stormwater annual report, ...": terms.document_names)
    # are held by every passage of a document whose first terms.DOCUMENT_OPENING lines say them
    # (score.named_by_document), for the names-and-numbers check only; 0: off.
    document_names: int = 0
    # 1: a passage's one line holding the asked time, place or date under a label naming that
    # kind ("TIME: 4:30 P.M.", "PLACE: ...") answers though it says no word of the question,
    # where an event the question names is named by a heading or a title line
    # (quote/lines._kind_labelled); 0: off. Off as shipped: mended after a first review of
    # made-up notices (3 false answers for 7 right), a second on new ones still found 7 false
    # answers and 1 wrong for 23 right (a flyer's one "TIME:" is its festival's, not the parade
    # it mentions); docs/decisions.md, the twenty-seventh pass.
    kind_labels: int = 0
    # When neither the winner nor the runner-up (the next candidate, when it passes the gate
    # on its own) gives a line to quote, the next runner_depth candidates after the winner
    # are tried in their place: the first that passes the gate on its own, then those that
    # pass and cover the question better than the winner (gate/decide._fallbacks); the
    # first giving a line answers (1: only the next one, as before). Beside a winner that
    # quotes, the runner-up stays the next candidate: a farther one added unrelated second
    # citations (a review's made-up minutes).
    runner_depth: int = 4
    # 1: a name or number the question requires that a passage's document states of itself
    # (its path, title lines, running headers: score.named_by_document) counts as present for
    # coverage too, not only for the names-and-numbers check; 0: for that check only.
    document_names_cover: int = 0
    # 1: a question word that asks for the kind ("time" in "what time did it begin?",
    # "company" in "which company won?": kinds.answered_words) counts as present for coverage
    # in a passage that holds a value of that kind: the value answers the word; 0: only the
    # word itself
    kind_words_cover: int = 1
    # Final order of the pool: "coverage" = rarity-weighted coverage first, rerank score
    # breaking ties (DESIGN.md); "score" = rerank score first, weighted coverage breaking ties.
    order: str = "score"
    # Gate: the winner needs rerank score >= score_floor AND coverage >= coverage_floor.
    # Refuse when the winner lacks a number or proper name the question gives (1 on, 0 off).
    require_names_numbers: int = 1
    # 1: a name or number a document states of itself in its context (title lines, running
    # headers, sheet names: readers/layout.py) counts as present in its passages for that
    # check, as its path's words do; 0: the path alone (docs/decisions.md, issue 27)
    document_context: int = 1
    # 1: a state a document gives only by its code ("Portland, OR") names no body whose
    # name the state opens ("Oregon Farm Bureau") unless the document holds that name whole
    # (score.names_whole); 0: the code names the state's word wherever it stands
    name_phrases: int = 1
    # 1: the quote's invariant (quote/lines.py): for a firm kind, the first line quoted holds
    # it and speaks of the question, or the passage quotes nothing; 0: a line with the kind
    # is preferred, never required (before issue 27)
    quote_invariant: int = 1
    # 1 (with quote_invariant on): with a firm kind asked, a line above the answer's own
    # unit is quoted only when it answers too, labels it, heads its stack of values, is a
    # table's header row or gives a number or year it does not (quote/lines.py
    # _above_lead): lines print in document order, and the first printed line is the
    # answer's, not a heading that came along; 0: every line taken prints (before issue
    # 27's tenth pass)
    lead_first: int = 1
    # 1: a table row answers only when it holds a word of the question's topic itself (a
    # row is told from its neighbours by its label: "REVENUE ESTIMATE | $645,950,000" is no
    # answer to "how much parking revenue ..."); 0: any row of the passage answers, its
    # header taken for its label (before issue 27's sixth pass)
    row_topic: int = 1
    # 1: a line naming a sibling of what the question names and not the question's own (the
    # third quarter for the fourth, Plan B for Plan D, Manhattan South for North: quote/
    # lines.contradicts) does not answer it; 0: off
    siblings: int = 1
    # 1: a question asking for a whole (total, overall, countywide, in all) quoted with a
    # table row whose label it never names gets that table's total row in the row's place
    # (quote/totals.py); 0: off
    total_rows: int = 1
    # 1: two versions of one document (engine/versions.py) whose quoted values differ are
    # quoted side by side, the one in force first, each with its date; 0: off
    versions: int = 1
    score_floor: float = 1.25
    coverage_floor: float = 0.6
    # Which coverage the gate's coverage floor reads: "plain" = share of the question's
    # content words present; "weighted" = the same share weighted by each word's rarity among
    # the candidates, so missing the one rare word ("pool") counts for more than missing a
    # word nearly every candidate has (the town's name).
    gate_coverage: str = "plain"
    # The score floor when the embedding arm did not run (no model, or no vectors yet): the
    # rerank score has a different spread then, so it has its own calibrated floor.
    score_floor_lexical: float = 0.3
    # Quote: at most this many lines, each needing line score >= line_floor and at least
    # line_relative_floor times the best line's score (a heading that shares one word with
    # the question is not quoted beside the line that answers it).
    max_lines: int = 3
    line_floor: float = 0.01
    line_relative_floor: float = 0.5
    line_number_bonus: float = 0.5
    # A line holding the kind of value the question asks for scores line_kind_bonus more.
    line_kind_bonus: float = 0.5
    # A line whose every word is a question word (a heading, a restatement) scores this share
    # less: it names the topic, not the answer (engine/quote/lines.py).
    line_restate_cut: float = 0.5
    # Quote whole units (1 on, 0 off): a label with the line that holds its value, a sentence
    # wrapped over lines whole (engine/quote/lines.py), within max_lines.
    quote_units: int = 1
    # With a model: line score += line_embed_weight * cosine(line, question). The winner's
    # lines are embedded at question time (a handful of short lines).
    line_embed_weight: float = 1.0
    # Chunking: passages stay under these sizes (words approximate model tokens).
    chunk_words: int = 120
    chunk_rows: int = 12
    # Plain-text structure as context (1 on, 0 off; engine/chunk.py): headings open the
    # passages they head and join the context of those below, page headers join their page's.
    structure: int = 1
    # Reading: each file is read in a separate process, stopped after read_timeout seconds of
    # its processor time (on Linux; elsewhere, and for a process that waits rather than works,
    # the clock: at most 4 times read_timeout) or when it needs more than read_memory_mb MiB
    # (0 turns a limit off); the file is then listed as failed with the reason, and indexing
    # goes on.
    read_timeout: float = 60.0
    read_memory_mb: int = 2048
    # Embedding at indexing: passages go shortest first, at most embed_batch of them and at
    # most embed_tokens padded tokens (passages × the longest one's tokens) per batch, which
    # bounds the model's memory (it grows with batch × length²); the vectors do not depend
    # on the batching. embed_threads: onnxruntime threads for a question's own vector and its
    # lines (0: one per core; one was faster for a single short text, docs/decisions.md).
    # embed_jobs: cores the refresh's embedding uses (onnxruntime threads of a second model
    # session; 0: every core this process may run on); the vectors do not depend on it.
    embed_batch: int = 16
    embed_tokens: int = 2048
    embed_threads: int = 1
    embed_jobs: int = 0
    # ocr_jobs: processes the pages of one scanned PDF or multi-page image are OCR'd by, one
    # Tesseract each (engine/readers/ocrpool.py; 0: every core this process may run on, 1: the
    # reading process alone); the lines are the same at any count.
    ocr_jobs: int = 0
    # Passages left without vectors by an earlier run that stopped while embedding: a run
    # embeds at most this many of them before answering (the passages of the documents it
    # reads itself are always embedded), so a question on a large unfinished folder is
    # answered soon from the words and the vectors there are, and each run does a share.
    embed_backlog: int = 256
    # Files the index leaves out: .gitignore patterns relative to the documents folder, after
    # any .askignore file's (engine/index/exclude.py); --exclude adds to them. Not part of the
    # configuration's digest: what they leave out shows in the documents' digest.
    exclude: tuple[str, ...] = ()

    @classmethod
    def load(cls, path: str | Path | None) -> "Config":
        if path is None:
            return cls()
        p = Path(path)
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"config file not found: {p}", "check the --config path") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise ConfigError(f"config file {p} is not valid TOML: {e}", "fix the syntax") from None
        if isinstance(data.get("ask"), dict):
            data = data["ask"]
        return cls().replace(**data)

    def replace(self, **changes) -> "Config":
        known = {f.name: f for f in fields(self)}
        clean = {}
        for name, value in changes.items():
            if name not in known:
                raise ConfigError(
                    f"unknown setting {name!r}",
                    "known settings: " + ", ".join(sorted(known)),
                )
            if name == "exclude":
                if isinstance(value, str) or not isinstance(value, (list, tuple)) or \
                        not all(isinstance(v, str) for v in value):
                    raise ConfigError(f"setting 'exclude' must be a list of patterns, got {value!r}",
                                      'for example exclude = ["drafts/", "*.bak"]')
                clean[name] = tuple(value)
                continue
            if known[name].type == "str":
                if value not in CHOICES.get(name, (value,)):
                    raise ConfigError(f"setting {name!r} must be one of {', '.join(CHOICES[name])}, got {value!r}")
                clean[name] = value
                continue
            want = int if known[name].type == "int" else float
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ConfigError(f"setting {name!r} must be a number, got {value!r}")
            if want is int and not float(value).is_integer():
                raise ConfigError(f"setting {name!r} must be a whole number, got {value!r}")
            if value < 0:
                raise ConfigError(f"setting {name!r} must not be negative, got {value!r}")
            clean[name] = want(value)
        return dataclasses.replace(self, **clean)

    def floor_key(self, vectors: bool) -> str:
        """The name of the score floor that applies: with vectors, or lexical arms only."""
        return "score_floor" if vectors else "score_floor_lexical"

    def score_floor_for(self, vectors: bool) -> float:
        """The score floor that applies (see floor_key)."""
        return getattr(self, self.floor_key(vectors))

    def to_dict(self) -> dict:
        """The answer settings (every field but exclude, which says what is indexed)."""
        return {k: v for k, v in dataclasses.asdict(self).items() if k != "exclude"}

    def to_toml(self) -> str:
        """The answer settings, one per line: the configuration's digest."""
        return "".join(f"{k} = {v!r}\n" for k, v in self.to_dict().items())
