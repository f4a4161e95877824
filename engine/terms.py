"""The one tokenizer every arm shares: text in, lower-case terms out.

Unicode NFKC, accents folded, lower-cased, NUL and soft hyphens removed. Numbers stay
whole (`1,715.00`, `5.37%`, `4199-g`, `5/8`); a leading currency sign is dropped so
`$12.50` matches `12.50`.
Words (not numbers or codes) are stemmed with the Snowball English stemmer, so
"hotspots" meets "hotspot" and "flushed" meets "flushing". Dimension words meet their
nouns (`DIMENSIONS`: "wide" is "width", "tall" is "height"), and a question's "how high",
"how far", "how old", "how big" ask for a height, a distance, an age, a size. Hyphenated words yield the
whole word and its parts, as words joined by underscores do (a data export's column,
"DEVELOPMENT_ID"); a short code is also indexed with its hyphen put in or taken out
("B-20" and "B20" are one name). Stop words are dropped from content terms (checked before
stemming). TOKENIZER_VERSION changes whenever the output could change: an index made with another
version has its passages' terms made again (Store.retokenize).
"""
from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache
from typing import Collection

import snowballstemmer

TOKENIZER_VERSION = "17"

# A run of word characters, optionally joined to more by one of - . , / : ' ’ (inside
# numbers and codes), optionally ending in %. Trailing punctuation is never part of a term.
_TOKEN = re.compile(r"[$£€]?\w+(?:[-.,/:'’]\w+)*%?")
_DIGIT = re.compile(r"\d")

STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves
    s t don shall may might must also much many per via""".split()
)


# A snowball stemmer keeps the word it works on in itself, so two threads stemming with one
# stemmer corrupt each other's word: wrong stems, or an IndexError (seen under a served
# engine's parallel questions, and possible whenever a refresh runs aside of a question).
# Each thread has its own.
_STEMMERS = threading.local()


def _stemmer():
    s = getattr(_STEMMERS, "english", None)
    if s is None:
        s = _STEMMERS.english = snowballstemmer.stemmer("english")
    return s


# Adjectives (and verbs) of size meet the nouns documents use, in every text: "How wide can a
# dock be?" meets "12 feet in width". Only words whose every use is about the dimension.
DIMENSIONS = {"wide": "width", "wider": "width", "widest": "width", "breadth": "width",
              "tall": "height", "taller": "height", "tallest": "height",
              "deep": "depth", "deeper": "depth", "deepest": "depth",
              "heavy": "weight", "heavier": "weight", "heaviest": "weight", "weigh": "weight",
              "weighs": "weight", "lengthy": "length",
              # "daily" is "per day", "annual" "per year" (the stemmer meets "monthly"/"month",
              # "weekly"/"week", "yearly"/"year", "hourly"/"hour" itself)
              "daily": "day", "annual": "year", "annually": "year"}
# In a question, "how ADJ" asks for the noun; elsewhere these words have other senses
# ("high voltage", "as far as", "large commercial"), so documents keep them as they are.
HOW_DIMENSIONS = {"high": "height", "far": "distance", "old": "age"}
_HOW = re.compile(r"\bhow\s+(" + "|".join(HOW_DIMENSIONS) + r")\b")


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """Snowball (Porter2) stem of a lower-case word; words with digits are left whole."""
    if _DIGIT.search(word) or len(word) < 3:
        return word
    word = DIMENSIONS.get(word, word)
    if "-" in word:
        return "-".join(stem(p) if p else p for p in word.split("-"))
    return _stemmer().stemWord(word)


def normalise(text: str) -> str:
    """NFKC, accents folded ("Pérez" -> "perez"), NUL and soft hyphens removed, lower-cased.
    Kana keep their voicing marks (で is not て: a different word, not an accent)."""
    text = unicodedata.normalize("NFKC", text).replace("\x00", "").replace("\u00ad", "")
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = unicodedata.normalize(
            "NFKC", "".join(ch for ch in decomposed if not unicodedata.combining(ch) or ch in _VOICING))
    return text.lower()


_VOICING = "\u3099\u309a"  # kana's combining voiced and semi-voiced sound marks


def _expand(tok: str) -> list[str]:
    if tok[0] in "$£€":
        tok = tok[1:]
    tok = tok.replace("’", "'")
    if tok.endswith("'s"):
        tok = tok[:-2]
    short = _CONTRACTED.match(tok)
    if short:  # "isn't" is "is" and "not", "they've" "they": stop words, no term of the topic
        return [_CONTRACTED_BASE.get(short[1], short[1]), "not"] if short[2] == "n't" else [short[1]]
    if "," in tok and not _DIGIT.search(tok):  # "Harrison,Michael": a roster's two words, no number
        return [w for p in tok.split(",") if p.strip(_PART_EDGES) for w in _expand(p.strip(_PART_EDGES))]
    out = [tok]
    if "_" in tok and len(parts := [p for p in tok.split("_") if p]) > 1:
        # a data export's column name ("DEVELOPMENT_ID", "total_units"): the whole and its words
        out.extend(w for p in parts for w in _expand(p))
        return out
    if "-" in tok and not _DIGIT.search(tok):
        out.extend(p for p in tok.split("-") if p)
    code = _SHORT_CODE.match(tok)
    if code:  # "B-20" and "B20" are one schedule's name: each is indexed as the other too
        out.append(code[1] + code[2] if "-" in tok else f"{code[1]}-{code[2]}")
    return out


_PART_EDGES = ".-/:'’"  # joiners left at a comma-split part's ends ("U.S.,Canada")


# an English contraction: a verb and "n't" ("can't" is "can" and "not", "won't" "will" and
# "not": _CONTRACTED_BASE), or a pronoun and "'re", "'ve", "'ll", "'d" or "'m"; the closed
# lists, so a name is no contraction ("Sa'd", "Ma'm")
_CONTRACTED = re.compile(
    r"^((?:is|are|was|were|do|does|did|has|have|had|ca|could|wo|would|sha|should|ai|must|need|might)(?=n't)"
    r"|(?:i|you|he|she|it|we|they|that|there|here|who|what|where|when|why|how)(?='))"
    r"(n't|'re|'ve|'ll|'d|'m)$")
_CONTRACTED_BASE = {"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}

# a short code of letters and digits, with or without a hyphen between ("b-20", "b20", "e1")
_SHORT_CODE = re.compile(r"^([a-z]{1,4})-?(\d{1,4})$")


_BROKEN = re.compile(r"(\w)-\n\s*([a-z])")


def matching_text(text: str) -> str:
    """Text as the arms match it: a word broken across lines by a hyphen ("sam-\npling", as
    PDFs print it) is joined. Only terms change; quoted lines stay exactly as read."""
    return _BROKEN.sub(r"\1\2", text)


# Chinese, Japanese and Korean write words without spaces between them, and a dictionary to
# find them is a model of its own. As search engines without one do (Lucene's CJKBigramFilter),
# a run of these scripts' characters is indexed as its overlapping pairs of characters ("树木许
# 可费" -> 树木 木许 许可 可费), a lone character as itself: a question's pairs meet the
# passage's wherever the same words are written. Han (with its extensions and compatibility
# ideographs), the iteration marks, Hiragana, Katakana (with the prolonged sound mark), and
# Hangul syllables and jamo. Half-width Katakana is made full-width by NFKC first.
_CJK_RUN = re.compile("[\u1100-\u11ff\u3005-\u3007\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff"
                      "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003ffff]+")


def _pairs(tok: str) -> list[str]:
    """A token holding CJK characters: each run as its overlapping pairs (a lone character as
    itself), the rest between the runs as ordinary words."""
    out: list[str] = []
    at = 0
    for m in _CJK_RUN.finditer(tok):
        for w in _TOKEN.finditer(tok[at:m.start()]):
            out.extend(_expand(w.group(0)))
        run = m.group(0)
        out.extend([run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)])
        at = m.end()
    for w in _TOKEN.finditer(tok[at:]):
        out.extend(_expand(w.group(0)))
    return out


# a sum (with cents, or thousands grouped) and the capitalised word after it printed with
# no space between, as a PDF's table cells often come out ("62,436.00Librarian I"): two
# words; a name that opens on a digit ("3Com", "4Runner") stays one
# (read with r"\1 " for the space: a pattern opening on a literal scans faster than a lookbehind)
_GLUED = re.compile(r"([.,]\d\d|,\d\d\d)(?=[A-Z][a-z]{2,})")


# an inch mark after a figure ('1” Meter', '5/8" or 3/4"', '2″ main'): the word "inch"; not a
# quotation's closing mark ('approved “Change Order 2” for ...', 'enter "2" in box')
_MARKS = re.compile(r"[\"“”″\n]")


def _inches(text: str) -> str:
    """`text` with " inch " for each inch mark after a figure. One pass: an opening quotation
    mark (“, or " before a non-space and after no figure) makes the next closing mark a
    quotation's, not an inch's; a line's end closes any quotation."""
    if '"' not in text and "”" not in text and "″" not in text:
        return text  # the common case, without a scan
    out, at, quoted = [], 0, False
    for m in _MARKS.finditer(text):
        i, ch = m.start(), m.group(0)
        if ch == "\n":
            quoted = False
            continue
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        figure = before.isdigit() or (before == " " and i > 1 and text[i - 2].isdigit())
        if ch == "“" or (ch == '"' and not figure and not after.isspace()):
            quoted = True
        elif figure and not quoted and not (after.isalnum() or after == "_"):
            out.append(text[at:i] + " inch ")
            at = i + 1
        else:
            quoted = False
    return "".join(out) + text[at:]


# May, the month, as a text writes it, read from the words beside it: before or after a
# figure ("May 2022", "May 15", "15 May", "May-23"), a table's cell alone ("| May |"), after
# a preposition ("in May"), before "of" and a year ("May of 2023", "May, 2023"), after a part
# of it ("late May", "mid-May", "the end of May"); in lower case only before a year
# ("meeting date may 2020", as a search box is typed). Not "may 2" in lower
# case, nor "MAY APPROVE", nor "May I ...": "may", the verb, is a stop word.
MAY_MONTH = re.compile(r"\b(?:May|MAY)(?=\.?[\s-]*\d)|(?<=\d)(?:st|nd|rd|th)?[\s-](?:of\s+)?(?:May|MAY)\b"
                       r"|(?:^|\|)\s*(?:May|MAY)\s*(?=\||$)"
                       r"|\b(?:in|In|of|for|during|since|until|through|from|by|and|to) May\b(?!-)"
                       r"|\bMay(?= of (?:19|20)\d\d\b)|\bmay(?=,?\s+(?:19|20)\d\d\b(?![\d,]))"
                       # "May, 2023"; "late May", "mid-May" ("the end of May": "of May" above)
                       r"|\bMay(?=,\s*(?:19|20)\d\d\b)|(?<=[Ee]arly )May\b|(?<=[Ll]ate )May\b"
                       r"|(?<=[Mm]id[- ])May\b", re.M)
_MAY_WORD = re.compile(r"(?i:may)$")


def _month_may(m: re.Match) -> str:
    """The month's word as "Mays": no stop word, and its stem is the month's term, "may". One
    joined to a figure by a hyphen ("May-23", "15-May") is a term of its own already."""
    text, end = m.group(0), m.end()
    body = text.rstrip()
    if m.string[end:end + 1] == "-" or body[-4:-3] == "-":
        return text
    return _MAY_WORD.sub(lambda w: w.group(0) + "s", body) + text[len(body):]


# A time of day as one term however it is written: an hour alone before its half of the day
# or "o'clock" takes its minutes ("7 pm", "7pm", "7 p.m.", "7 o'clock" are "7:00", as "7:00
# PM" is), and the half of the day parts from minutes glued to it ("7:00pm"). So a question's
# "from 7 o'clock" meets a schedule's "7:00 - 9:30 PM". Not an hour inside a range written as
# one term or a figure ("7-9 pm", "1.5 pm"): that range is read whole, as before ("7 - 9 pm",
# spaced, is two terms, "7" and "9:00").
_HOUR_ALONE = re.compile(r"(?<![\d:.,/$\-–—])\b(1[0-2]|0?[1-9])\s?(?=(?:[AaPp]\.?\s?[Mm]\b|o['’]clock\b))")
_GLUED_HALF = re.compile(r"\b(\d{1,2}:\d\d)(?=[AaPp]\.?[Mm]\b)")


def _times(text: str) -> str:
    """`text` with each time of day written as hours and minutes (_HOUR_ALONE, _GLUED_HALF)."""
    return _GLUED_HALF.sub(r"\1 ", _HOUR_ALONE.sub(lambda m: f"{int(m[1])}:00 ", text))  # "05 pm" is "5:00"


def _read(text: str) -> str:
    """Text as its terms are read: glued figures parted, inch marks said, times of day in
    hours and minutes (_times) and May the month made a term (MAY_MONTH) (all need the
    text's case and marks, so before NFKC and lower case), then normalised."""
    if "ay" in text or "AY" in text:
        text = MAY_MONTH.sub(_month_may, text)
    if "m" in text or "M" in text or "clock" in text:
        text = _times(text)
    return normalise(_inches(_GLUED.sub(r"\1 ", text)))


def words(text: str) -> list[str]:
    """Every word of `text` in order, unstemmed, stop words included; a run of Chinese,
    Japanese or Korean characters as its overlapping pairs; a figure glued to the
    capitalised word after it as two words (_GLUED); an inch mark after a figure as the
    word "inch" (_inches)."""
    out: list[str] = []
    text = _read(text)
    cjk = _CJK_RUN.search(text) is not None  # one look per text: other text pays nothing more
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        out.extend(_pairs(tok) if cjk and _CJK_RUN.search(tok) else _expand(tok))
    return [t for t in out if t]


def tokens(text: str) -> list[str]:
    """Every term of `text` in order, stemmed, stop words included."""
    return [stem(t) for t in words(text)]


def content_terms(text: str) -> list[str]:
    """Stemmed terms in order with stop words (and lone underscores) removed: what every arm scores."""
    return [stem(t) for t in words(text) if t not in STOP_WORDS and t.strip("_")]


_RANGE = re.compile(r"^(\d+)[-–](\d+)$")  # a range written as one term ("11-18")


def range_asked(term: str, qterms: Collection[str]) -> tuple[str, str] | None:
    """The two ends of a range `term` writes as one ("11-18"), where the question gives both
    apart ("for 11 to 18 units"); None otherwise. Both ends, never one: "11-18" says nothing
    of 11 units alone."""
    m = _RANGE.match(term)
    if not m or m[1] == m[2]:
        return None
    ends = set(qterms) | {q[:-3] for q in qterms if q.endswith(":00")}  # "to 9 pm" is "9:00" (_times)
    return (m[1], m[2]) if m[1] in ends and m[2] in ends else None


@lru_cache(maxsize=4096)
def is_number(term: str) -> bool:
    return bool(_DIGIT.search(term))


# Words that shape a question, not its subject: light verbs and the scaffolding of a plain
# question ("what time did the meeting get started", "according to the minutes", "is
# someone allowed to"). A document's line rarely repeats them, so counted as question words
# they only lower the share of the question a passage holds. Chosen by hand as English
# function-like words (no document's words); documents keep them as terms.
QUESTION_ONLY = frozenset(
    """get gets got getting gotten go goes going went gone make makes making take takes
    taking took taken put puts give gives gave given tell tells told know knows say says
    said want wants need needs needed someone somebody anyone anybody something anything
    everyone according actually exactly really please approximately roughly currently
    kind sort happen happens happened o'clock""".split())
# The same scaffolding in Chinese, Japanese and Korean, which write it inside the words of the
# question ("树木砍伐许可证多少钱", "犬の登録料はいくらですか", "수수료는 얼마입니까"): its
# character pairs are never in the answer's line. Removed from a question before its pairs
# are made; chosen by hand from the interrogatives and polite endings of each language.
QUESTION_ONLY_CJK = tuple(sorted(
    """多少钱 多少 什么时候 什么 哪里 哪儿 哪个 怎么样 怎么 如何 是否 是不是 吗 呢 请问
    いくらですか いくら ですか ますか でしょうか どこで どこ いつ なに 何時 何 だれ 誰 どの どれ どう
    얼마입니까 얼마예요 얼마 입니까 습니까 언제 어디서 어디 누구 무엇 몇""".split(), key=lambda w: (-len(w), w)))
_QUESTION_ONLY_CJK = re.compile("|".join(map(re.escape, QUESTION_ONLY_CJK)))
# "how long", "how often", "how soon" ask for a duration, "how late", "how early" for a time,
# "how big", "how large" for a sum, a share or a measure (kinds.py): the adverb is not the
# subject. ("How big a bond" read as "size" asked for a word a bond's amount never says.)
_HOW_ADVERB = re.compile(r"\bhow\s+(?:long|often|soon|late|early|big|large)\b", re.I)
_QUESTION_ONLY = re.compile(r"\b(?:" + "|".join(sorted(QUESTION_ONLY)) + r")\b", re.I)


def question_terms(question: str) -> tuple[str, ...]:
    """Distinct content terms of a question, in first-seen order, without the words that
    only shape a question (QUESTION_ONLY, and the adverb of "how long").

    A hyphenated word counts through its parts only ("wi-fi" -> "wi", "fi"): passages index
    both the whole and the parts, so the parts match either spelling, and one word of the
    question is not counted three times by coverage.
    """
    seen: dict[str, None] = {}
    question = _HOW.sub(lambda m: "how " + HOW_DIMENSIONS[m.group(1)], _read(question))
    question = _QUESTION_ONLY.sub(" ", _HOW_ADVERB.sub("how", question))
    if _CJK_RUN.search(question):
        question = _QUESTION_ONLY_CJK.sub(" ", question)
    for t in content_terms(question):
        if "-" in t and not _DIGIT.search(t):
            continue
        code = _SHORT_CODE.match(t)
        if code and (code[1] + code[2] in seen or f"{code[1]}-{code[2]}" in seen):
            continue  # the other spelling of a code just counted ("b-20" then "b20")
        seen.setdefault(t, None)
    return tuple(seen)


def surface_forms(question: str) -> dict[str, str]:
    """Each question term mapped back to the word the user typed (for messages)."""
    out: dict[str, str] = {}
    for w in words(question):
        if w not in STOP_WORDS:
            out.setdefault(stem(w), _MAY_READ.get(w, w))
    return out


_MAY_READ = {"mays": "may"}  # the month as _month_may reads it, shown as typed


_AMPERSAND = re.compile(r"\b([A-Za-z]+)\s?&\s?([A-Za-z]+)\b")


def joined_names(question: str) -> dict[str, tuple[str, ...]]:
    """Names written with an ampersand ("PG&E", "O&M"), each as the one word a file name or a
    plain-text copy writes ("pge", "om") mapped to the question terms it stands for ("pg",
    "e"): a passage holding the joined word holds those terms. Only short parts (four letters
    or fewer each) make such a name; "Procter & Gamble" stays two words."""
    out: dict[str, tuple[str, ...]] = {}
    for m in _AMPERSAND.finditer(normalise(question)):
        a, b = m.group(1), m.group(2)
        if len(a) <= 4 and len(b) <= 4:
            parts = tuple(t for t in (stem(a), stem(b)) if t not in STOP_WORDS)
            if parts:
                out.setdefault(a + b, parts)
    return out


# a run of capitalised words, joined by spaces or hyphens ("Mid-City Security District",
# "PG&E Diablo Canyon"): where a question's proper names are
_CAPITAL_RUN = re.compile(r"\b[A-Z][\w&]*(?:(?:\s+|-)[A-Z][\w&]*)+")


def initialisms(question: str) -> dict[str, tuple[str, ...]]:
    """A proper name of three or more capitalised words as the initials a file name writes it
    with ("Fair Oaks Water District" -> "fowd"), mapped to its terms ("fair", "oak", "water",
    "district"). The question's first word (capitalised anyway) opens a name only when it is
    no stop word ("San Juan Water District proposed retail rates: ...", not "What Fair Oaks
    ...")."""
    out: dict[str, tuple[str, ...]] = {}
    for m in _CAPITAL_RUN.finditer(question.strip()):
        words = m.group(0).replace("-", " ").split()  # "Mid-City Security District": "mcsd"
        if m.start() == 0 and not content_terms(words[0]):
            words = words[1:]
        if len(words) >= 3:
            parts = tuple(t for w in words for t in content_terms(w))
            if parts:
                out.setdefault("".join(w[0] for w in words).lower(), parts)
    return out


_ACRONYM = re.compile(r"(?<![\w&.-])([A-Z]{2,6})(?:s|['’]s)?(?![\w&.-])")
_ROMAN = re.compile(r"^[IVXLC]+$")


def acronyms(question: str) -> dict[str, str]:
    """The question's initialisms written in capitals ("ACF", "CDBG", "LA's"), as their terms
    mapped to their letters ("acf" -> "ACF"): a document may spell the name out instead
    (score.spelled_held). Roman numerals ("John Paul II") are none."""
    out: dict[str, str] = {}
    for m in _ACRONYM.finditer(question):
        letters = m.group(1)
        if _ROMAN.match(letters):
            continue
        for t in content_terms(letters):
            out.setdefault(t, letters)
    return out


def name_runs(question: str) -> tuple[tuple[str, ...], ...]:
    """The question's proper names of two capitalised words or more (a hyphen joins two:
    "Mid-City"), as their terms ("Oregon Farm Bureau" -> ("oregon", "farm", "bureau")). A
    possessive ends a name ("Toronto's Debenture Committee": two), and the question's first
    word opens none, as required_terms reads it ("List Oregon Farm Bureau officers")."""
    out: list[tuple[str, ...]] = []
    text = re.sub(r"['’]s\b", " ;", question.strip())
    for m in _CAPITAL_RUN.finditer(text):
        run = m.group(0)
        if m.start() == 0:
            run = run.split(maxsplit=1)[-1] if " " in run else ""
        # as the documents' words are cut, a number or a code aside ("FY2025", "G-NR2": the
        # names check asks for those alone), a hyphened word by its parts ("Mid-City")
        parts = tuple(t for t in content_terms(run) if "-" not in t and not any(c.isdigit() for c in t))
        if len(parts) >= 2 and parts not in out:
            out.append(parts)
    return tuple(out)


def required_terms(question: str) -> tuple[str, ...]:
    """Question terms an answer must contain: numbers and codes (a year, an amount, a permit
    number) and proper names (capitalised words that do not open the question). Asking about
    2019 must not be answered from a passage that gives 2018 figures."""
    qterms = question_terms(question)
    needed = {t for t in qterms if is_number(t)}
    after_first_word = question.strip().split(maxsplit=1)[1:]  # the opening word is capitalised anyway
    for rest in after_first_word:
        for m in re.finditer(r"\b[A-Z][A-Za-z'’]+", rest):
            needed.update(content_terms(m.group(0)))
    return tuple(t for t in qterms if t in needed)


# A question naming a document or a meeting by its date: "In MAPC's April 2023 tracking memo",
# "at its November 9, 2023 session", "the reply of August 2024", "the meeting in December
# 2022". The date is the document's, not the figure's: minutes of the April meeting are that
# meeting's in every passage, though their lines rarely name the month. A month is required
# (a year alone is a fiscal year's or a figure's as often), and the noun must be a record's or
# an event's; the date after the noun only for a record or an event ("rate in March 2022"
# dates the rate). Not an election's or a hearing's date: the minutes reporting them are of
# a later day (a review's made-up minutes). Read by score.named_by_document, against the
# date a document's file name writes.
_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_A_DATE = rf"{_MONTH_WORD}\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?(?:19|20)\d\d"
_RECORDS = (r"memo|memorandum|report|minutes|meeting|agenda|notice|letter|reply|statement|newsletter|"
            r"session|bulletin|update|release|presentation|letting")  # (a bid letting's tabulation)
_DATE_THEN_RECORD = re.compile(
    rf"\b({_A_DATE})(?:['’]s)?\s+(?:[A-Za-z&.’'-]+\s+){{0,3}}(?:{_RECORDS}|summary|review|edition|issue|"
    rf"schedule|budget|plan|ordinance|resolution)s?\b", re.I)
_RECORD_THEN_DATE = re.compile(rf"\b(?:{_RECORDS})s?\s+(?:of|dated|from|in|on)\s+(?:the\s+)?({_A_DATE})\b",
                               re.I)


# A question opening with the document it asks of: "In the City of Little Rock and ARDOT 2017
# stormwater annual report, how many gallons ...", "According to the University of Guam FY19
# farm bill budget, how much ...". The clause's names describe the document, not the passage
# that answers: a report names its authors and its subject on its first page and seldom after.
# The clause must open the question, end at a comma and name a record by its noun (a place
# alone, "In Ottawa County, who ...", is no document's name). Read by score.named_by_document
# against a document's opening lines (DOCUMENT_OPENING).
_RECORD_NOUNS = (rf"{_RECORDS}|budget|plan|ordinance|resolution|study|audit|census|agreement|contract|"
                 r"handbook|tariff|schedule|guide|survey|inventory|filing|permit|policy|bylaws|code|"
                 r"charter|summary|review|table|sheet|analysis|assessment|proposal|rules")
_DOCUMENT_CLAUSE = re.compile(rf"^\s*(?:in|according to|per|under)\s+((?:[^,?]{{0,120}}?\s)?(?:{_RECORD_NOUNS})s?"
                              rf"(?:\s+(?:of|for|from|on|dated)\s+[^,?]{{1,60}})?)\s*,", re.I)
_MONTH_NAME = re.compile(r"\b(?:january|february|march|april|may|june|july|august|september|october|november|"
                         r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b\.?", re.I)
DOCUMENT_OPENING = 40  # the lines of a document's opening that state what it is and whose


def document_names(question: str) -> tuple[str, ...]:
    """The terms of the clause a question opens with to name the document it asks of
    (_DOCUMENT_CLAUSE), figures and months left out (a year names a figure's period as
    often; a date the document is named by is terms.document_dates'):
    ("citi", "littl", "rock", "ardot", "stormwat", "year", "report") for "In the City of
    Little Rock and ARDOT 2017 stormwater annual report, how many ..." ("annual" stems as
    "year")."""
    m = _DOCUMENT_CLAUSE.match(question)
    if m is None:
        return ()
    months = set(content_terms(" ".join(_MONTH_NAME.findall(m.group(1)))))
    return tuple(dict.fromkeys(t for t in content_terms(m.group(1)) if not is_number(t) and t not in months))


def document_dates(question: str) -> tuple[str, ...]:
    """The question's terms of a date it names a document or a meeting by (_DATE_THEN_RECORD,
    _RECORD_THEN_DATE): ("april", "2023") for "In MAPC's April 2023 tracking memo"."""
    out: list[str] = []
    for pattern in (_DATE_THEN_RECORD, _RECORD_THEN_DATE):
        for m in pattern.finditer(question):
            out.extend(t for t in content_terms(m.group(1)) if t not in out)
    return tuple(out)


# English's common irregular past forms, as the stemmer leaves them, to their verb's stem
# ("held" is "hold"; "the board met" answers "where does the board meet")
IRREGULAR = {stem(past): stem(verb) for past, verb in (
    ("held", "hold"), ("met", "meet"), ("paid", "pay"), ("spent", "spend"), ("won", "win"),
    ("began", "begin"), ("begun", "begin"), ("chose", "choose"), ("chosen", "choose"),
    ("bought", "buy"), ("sold", "sell"), ("built", "build"), ("made", "make"), ("took", "take"),
    ("taken", "take"), ("gave", "give"), ("given", "give"), ("brought", "bring"), ("ran", "run"),
    ("told", "tell"), ("kept", "keep"), ("sent", "send"), ("lent", "lend"),
    ("risen", "rise"), ("fell", "fall"), ("fallen", "fall"), ("sought", "seek"),
    ("grew", "grow"), ("grown", "grow"), ("wrote", "write"), ("written", "write"))}


# A question's plain word and the words documents say it with, one way only: a person asks
# "how many years are left", the report says "16.7 years remaining". Written by hand from
# everyday English (not from any document's words), only where the document's word keeps the
# plain word's sense in public records; three reviews on made-up folders dropped the words
# whose document senses stray ("attorney" is also the district attorney, "employees" any
# body's headcount, "construction" a planned project for "when was it built", "population"
# a census for a parade's crowd, "penalty" a late payment's for a lost book's fine). Read by
# the quote alone (quote/lines.py `_answerer`): a line holding the asked kind speaks of the
# question through one of these only where no such line says the question's own words and
# the line itself, or the list item it is a sub-item of, says another word of the topic.
# Coverage never reads them: a synonym filling a passage's last missing word let passages
# meaning something else clear the floor.
_PLAIN_SAID = (
    ("left", "remaining remainder"),
    ("spend", "expense expenses expenditure expenditures"),
    ("salary", "wage wages"),
    ("pick", "elected"),
    ("choose", "elected"),
    ("buy", "purchase purchased"),
    ("fix", "repair repairs"),
    ("car", "vehicle vehicles automobile"),
    ("phone", "telephone"),
)
PLAIN_SAID = {IRREGULAR.get(stem(w), stem(w)): frozenset(stem(s) for s in said.split())
              for w, said in _PLAIN_SAID}


# A Latin-rooted noun's stem to its verb's, which the stemmer keeps apart ("response" stems
# to "respons", "respond" to "respond"): English derivational morphology's alternations
# (-pond/-ponse, -pend/-pense, -tend/-tension, -pand/-pansion, -cide/-cision, -vide/-vision,
# -clude/-clusion, -scribe/-scription, -sume/-sumption, -duce/-duction, -quire/-quisition),
# on stems of five letters or more, so that "a written response to this Violation Notice by
# May 31" speaks of "the deadline to respond" (the quote: quote/lines._lemmas). Not
# -mit/-mission nor -solve/-solution: "commission", "permission", "submission" and
# "resolution" name bodies, documents and other things' deadlines as often as the acts (a
# review: "committed" for a commission's meeting). A passage's coverage reads the pairs of
# COVERAGE_ROOTS only (score.roots_held): -vide/-vision, -duce/-duction and -sume/-sumption
# pair words of other senses too ("division" and "divide", "product" and "produce", "deduct"
# and "deduce").
ROOTS = (("pons", "pond"), ("pens", "pend"), ("xtens", "xtend"), ("pans", "pand"), ("cis", "cid"),
         ("vis", "vid"), ("clus", "clud"), ("script", "scrib"), ("umpt", "um"), ("uct", "uc"),
         ("cquisit", "cquir"), ("nquisit", "nquir"))  # "date of acquisition" for when it was acquired
# (not "requisition": a purchase requisition is no requirement)


COVERAGE_ROOTS = tuple(p for p in ROOTS if p not in (("vis", "vid"), ("uct", "uc"), ("umpt", "um")))


def root(t: str) -> str:
    """A stem as its verb's (ROOTS): "respons" (response) as "respond"."""
    if len(t) >= 5 and t.isalpha():
        for noun, verb in ROOTS:
            if t.endswith(noun):
                return t[: -len(noun)] + verb
    return t


def root_forms(t: str) -> frozenset[str]:
    """The other stems a passage may say `t` by, its noun's or its verb's (COVERAGE_ROOTS):
    "decis" (decision) for "decid" (decide), and "decid" for "decis"."""
    if len(t) < 5 or not t.isalpha():
        return frozenset()
    out = set()
    for noun, verb in COVERAGE_ROOTS:
        if t.endswith(noun):
            out.add(t[: -len(noun)] + verb)
        elif t.endswith(verb):
            out.add(t[: -len(verb)] + noun)
    return frozenset(out - {t})


def said_as(term: str) -> frozenset[str]:
    """The document words (stems) that say a question's plain word (`term`, a stem), its
    irregular past read as its verb ("spent" as "spend"); empty when none (PLAIN_SAID)."""
    return PLAIN_SAID.get(IRREGULAR.get(term, term), frozenset())
