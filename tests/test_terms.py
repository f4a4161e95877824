"""The shared tokenizer: numbers stay whole, stop words go, stems meet."""
import pytest

from engine.terms import content_terms, is_number, question_terms, tokens


@pytest.mark.parametrize("text, expected", [
    ("The fee is $1,715.00.", ["fee", "1,715.00"]),
    ("Rates rose 5.37% in 2024", ["rate", "rose", "5.37%", "2024"]),
    ("Permit TP-4199-G", ["permit", "tp-4199-g"]),
    ("Meter 5/8 inch", ["meter", "5/8", "inch"]),
    ("Hotspots and hotspot", ["hotspot", "hotspot"]),
    ("tree-cutting", ["tree-cut", "tree", "cut"]),
    ("ﬁre station", ["fire", "station"]),          # ligature folded by NFKC
    ("NUL\x00here", ["nulher"]),                     # NUL removed, as some PDFs put it mid-word
    ("what is the", []),
    ("O’Neil's office", ["o'neil", "offic"]),
    ("Armando Pérez, café", ["armando", "perez", "cafe"]),     # accents folded: names match either way
    ("Москва 東京", ["москва", "東京"]),                          # other scripts kept
    # a contraction is its words, stop words both: no topic word "isn't" to find in a passage
    ("if the bill isn't paid", ["bill", "paid"]),
    ("a driver who can’t produce a license; they've won't I'd", ["driver", "produc", "licens"]),
    ("rock'n'roll at o'clock", ["rock'n'rol", "o'clock"]),  # no contraction's ending
    ("Sa'd Hariri rec'd", ["sa'd", "hariri", "rec'd"]),  # a name, an abbreviation: no contraction
    # a figure a PDF printed against the next cell's word: two words; a unit or a code stays one
    ("62,436.00Librarian I", ["62,436.00", "librarian"]),
    ("353,484.00City Manager", ["353,484.00", "citi", "manag"]),
    # an inch mark after a figure is the word inch ("1” Meter", '5/8" or 3/4"')
    ("1” Meter $52.90", ["1", "inch", "meter", "52.90"]),
    ('5/8" or 3/4" main, a 2″ pipe', ["5/8", "inch", "3/4", "inch", "main", "2", "inch", "pipe"]),
    ("approved “Change Order 2” for storm", ["approv", "chang", "order", "2", "storm"]),  # a quotation's close
    ('enter "2" in box', ["enter", "2", "box"]),  # a quotation opening on a figure
    ("10am 2nd B20 737MAX 3Ft 3Com 4Runner", ["10:00", "2nd", "b20", "b-20", "737max", "3ft", "3com", "4runner"]),
])
def test_content_terms(text, expected):
    assert content_terms(text) == expected


def test_question_terms_are_distinct_and_count_hyphenated_words_by_parts():
    assert question_terms("Wi-Fi hotspot, the hotspots?") == ("wi", "fi", "hotspot")
    assert question_terms("permit TP-4199-G") == ("permit", "tp-4199-g")


def test_a_contraction_keeps_its_negation_as_a_word():
    assert tokens("isn't paid") == ["is", "not", "paid"]
    assert tokens("can't won't") == ["can", "not", "will", "not"]


def test_tokens_keep_stop_words_in_order():
    assert tokens("What is the fee") == ["what", "is", "the", "fee"]


@pytest.mark.parametrize("term, number", [("2019", True), ("1,715.00", True), ("tp-4199-g", True), ("fee", False)])
def test_is_number(term, number):
    assert is_number(term) is number


def test_words_broken_across_lines_by_a_hyphen_match_whole():
    from engine.terms import matching_text
    assert content_terms(matching_text("lead sam-\n  pling results")) == ["lead", "sampl", "result"]
    assert matching_text("A-\nB") == "A-\nB"  # a capital after the break is not a broken word


def test_an_ampersand_name_is_also_the_one_word_a_file_name_writes():
    from engine.terms import joined_names
    assert joined_names("What is PG&E's daily customer charge?") == {"pge": ("pg", "e")}
    assert joined_names("What share of the O & M budget is labour?") == {"om": ("o", "m")}
    assert joined_names("What did Procter & Gamble earn?") == {}  # long parts: two words


def test_a_passage_whose_title_joins_the_ampersand_name_holds_it(tmp_path):
    from conftest import write
    from engine import Config, Engine
    d = tmp_path / "cabinet"
    write(d, "pge_gas_schedule_g-nr2.txt", "Daily customer charge on this schedule: $4.95518 per day.\n")
    write(d, "other_gas_schedule.txt", "Daily customer charge: $1.20 per day for gas service.\n")
    with Engine(d, index=tmp_path / "i.sqlite", config=Config(score_floor_lexical=0.0),
                embed_model="none") as eng:
        a = eng.ask("What is PG&E's daily customer charge?")
    assert a.answered and a.citations[0].path == "pge_gas_schedule_g-nr2.txt", a.to_dict()


def test_threads_stemming_at_once_get_the_stems_one_thread_gets():
    """A served engine stems in many threads (questions in parallel, a refresh aside). One
    shared snowball stemmer, which keeps its word in itself, gave wrong stems and an
    IndexError here; each thread now has its own."""
    import sys
    import threading

    import snowballstemmer

    from engine import terms

    roots = ["connect", "generat", "hop", "relat", "condition", "rational", "valu", "meter",
             "permit", "licens", "borrow", "flush", "percent", "charg", "applic", "amend"]
    ends = ["ing", "ions", "ational", "ness", "fully", "ed", "ers", "ably"]

    def words(k):  # letters only (a digit keeps a word whole), distinct per thread: no cache hit
        tag = "".join(chr(97 + int(d)) for d in f"{k:02d}")
        return [f"{r}{tag}{a}{e}" for r in roots for a in "abcdefgh" for e in ends]

    one = snowballstemmer.stemmer("english")
    got, failures = {}, []

    def run(k):
        try:
            got[k] = [terms.stem.__wrapped__(w) for w in words(k)]
        except Exception as e:  # noqa: BLE001 - the failure is the finding
            failures.append(repr(e))

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads change hands as often as they can
    try:
        threads = [threading.Thread(target=run, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(before)
    assert failures == []
    assert {k: got[k] for k in range(8)} == {k: [one.stemWord(w) for w in words(k)] for k in range(8)}


def test_a_question_s_inch_mark_is_read_as_a_document_s():
    assert question_terms("cost of a 2″ meter") == ("cost", "2", "inch", "meter")


def test_inch_marks_are_read_in_one_pass():
    from engine.terms import _inches
    line = 'a 3" pipe ' * 3000
    assert _inches(line).count(" inch ") == 3000


def test_a_roster_s_surname_and_given_name_are_two_words():
    # a salary file's "Harrison,Michael S": the surname is searchable (before: one term
    # "harrison,michael", so "Michael Harrison" found no row)
    assert content_terms("Harrison,Michael S") == ["harrison", "michael"]
    assert content_terms("1,000") == ["1,000"]  # a number keeps its comma


def test_words_joined_by_underscores_are_words_too():
    # a data export's column names ("DEVELOPMENT_ID | PHA_CODE") meet a question's words
    terms = content_terms("DEVELOPMENT_ID | TOTAL_UNITS")
    assert {"develop", "id", "total", "unit"} <= set(terms)
    assert "development_id" in terms  # the whole, as written, still
    assert content_terms("_") == []  # a lone underscore is no word
