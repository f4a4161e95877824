"""Chinese, Japanese and Korean (issue 18): a run of their characters is indexed as its
overlapping pairs for every arm (engine/terms.py), so a question written in them finds the
line that answers it, quoted exactly as written; other text is tokenized as before."""
import pytest

from conftest import write
from engine import Engine
from engine.terms import content_terms, question_terms

DOCS = {
    "zh/图书馆.txt": ("图书馆的无线热点可以借用两周。\n"
                    "游泳池夏季开放时间为上午九点至晚上八点。\n"
                    "狗证每年收费十五元。\n"),
    "ja/市役所.txt": ("図書館のWi-Fiルーターは二週間借りられます。\n"
                   "市民プールは午前九時から午後八時まで開いています。\n"
                   "犬の登録料は三千円です。\n"),
    "ko/안내.txt": ("도서관 와이파이 공유기는 2주 동안 빌릴 수 있습니다.\n"
                  "수영장은 오전 9시부터 오후 8시까지 엽니다.\n"
                  "개 등록 수수료는 15,000원입니다.\n"),
    "en/fees.md": "The dog license fee is $15 per year.\n",
}

CASES = [
    ("无线热点可以借多久？", "zh/图书馆.txt", "图书馆的无线热点可以借用两周。"),
    ("狗证每年收费多少？", "zh/图书馆.txt", "狗证每年收费十五元。"),
    ("市民プールは何時から開いていますか？", "ja/市役所.txt", "市民プールは午前九時から午後八時まで開いています。"),
    ("犬の登録料はいくら？", "ja/市役所.txt", "犬の登録料は三千円です。"),
    ("수영장은 오전 몇 시부터 엽니까?", "ko/안내.txt", "수영장은 오전 9시부터 오후 8시까지 엽니다."),
    ("개 등록 수수료는 얼마입니까?", "ko/안내.txt", "개 등록 수수료는 15,000원입니다."),
]


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    root = tmp_path_factory.mktemp("cjk")
    for rel, text in DOCS.items():
        write(root / "docs", rel, text)
    with Engine(root / "docs", index=root / "i.sqlite", embed_model="none") as eng:
        yield eng


@pytest.mark.parametrize("question, path, line", CASES, ids=[c[0] for c in CASES])
def test_a_cjk_question_is_answered_with_its_line_verbatim(engine, question, path, line):
    a = engine.ask(question)
    assert a.answered, a.refusal
    assert a.citations[0].path == path
    assert line in [ln.text for ln in a.citations[0].lines]


def test_a_run_is_its_overlapping_pairs_and_a_lone_character_itself():
    assert content_terms("树木许可费是75元。") == ["树木", "木许", "许可", "可费", "费是", "75", "元"]
    # a question's own scaffolding (多少, いくらですか, 얼마입니까) makes no pairs (terms.QUESTION_ONLY_CJK)
    assert question_terms("树木许可费是多少？") == ("树木", "木许", "许可", "可费", "费是")
    assert question_terms("犬の登録料はいくらですか") == ("犬の", "の登", "登録", "録料", "料は")
    assert content_terms("ガス料金") == ["ガス", "ス料", "料金"]
    assert content_terms("ｶﾞｽ") == ["ガス"]  # half-width Katakana made full-width first
    assert content_terms("です") == ["です"]  # a voicing mark is not an accent: で is not て
    assert content_terms("서울시 도서관") == ["서울", "울시", "도서", "서관"]
    assert content_terms("The fee is $75 (税込)") == ["fee", "75", "税込"]


def test_english_terms_are_as_before():
    assert content_terms("The tree-cutting permit's fee is $1,715.00, Pérez said.") == \
        ["tree-cut", "tree", "cut", "permit", "fee", "1,715.00", "perez", "said"]


def test_a_chinese_question_about_english_documents_is_refused(engine):
    a = engine.ask("树木许可费是多少？")
    assert not a.answered


def test_an_index_from_the_older_tokenizer_gets_new_terms_without_being_read_again(tmp_path):
    """An index made before the pairs (tokenizer 5: a run was one term) is brought up to date
    by making each passage's terms again from its stored text: the passages keep their ids
    and their vectors, and the Chinese question is answered."""
    import sqlite3

    from engine.terms import TOKENIZER_VERSION

    docs, index = tmp_path / "docs", tmp_path / "i.sqlite"
    write(docs, "zh/图书馆.txt", DOCS["zh/图书馆.txt"])
    write(docs, "en/fees.md", DOCS["en/fees.md"])
    with Engine(docs, index=index, embed_model="none"):
        pass
    db = sqlite3.connect(str(index))
    with db:
        ids = dict(db.execute("SELECT pid, id FROM passages"))
        rows = db.execute("SELECT id, terms FROM passages").fetchall()
        for rowid, terms in rows:  # as tokenizer 5 made them: each run of Han characters one term
            old = " ".join(["图书馆的无线热点可以借用两周"] if "无线" in terms else terms.split())
            db.execute("INSERT INTO fts(fts, rowid, terms) VALUES('delete', ?, ?)", (rowid, terms))
            db.execute("INSERT INTO fts(rowid, terms) VALUES(?, ?)", (rowid, old))
            db.execute("UPDATE passages SET terms=? WHERE id=?", (old, rowid))
        db.execute("UPDATE meta SET value='5' WHERE key='tokenizer'")
        db.execute("INSERT INTO vectors(passage, model, vec) VALUES(?, 'kept#0', x'0000803f')",
                   (min(ids.values()),))
    db.close()
    with Engine(docs, index=index, embed_model="none") as eng:
        assert eng.report.read == 0  # nothing read again
        assert eng.ask("无线热点可以借多久？").answered
    db = sqlite3.connect(str(index))
    try:
        assert db.execute("SELECT value FROM meta WHERE key='tokenizer'").fetchone()[0] == TOKENIZER_VERSION
        assert dict(db.execute("SELECT pid, id FROM passages")) == ids
        assert db.execute("SELECT COUNT(*) FROM vectors WHERE model='kept#0'").fetchone()[0] == 1
        assert db.execute("SELECT COUNT(*) FROM fts WHERE fts MATCH '\"热点\"'").fetchone()[0] == 1
        assert db.execute("SELECT COUNT(*) FROM fts WHERE fts MATCH '\"图书馆的无线热点可以借用两周\"'"
                          ).fetchone()[0] == 0
    finally:
        db.close()


# Questions as people write them, with their languages' own question words and polite endings,
# through the command line, as JSON; and near misses that must be refused.
CLI_CASES = [
    ("狗证每年收费多少钱？", "zh/图书馆.txt", "狗证每年收费十五元。"),
    ("游泳池夏季什么时候开放？", "zh/图书馆.txt", "游泳池夏季开放时间为上午九点至晚上八点。"),
    ("犬の登録料はいくらですか", "ja/市役所.txt", "犬の登録料は三千円です。"),
    ("図書館のWi-Fiルーターはどのくらい借りられますか", "ja/市役所.txt", "図書館のWi-Fiルーターは二週間借りられます。"),
    ("개 등록 수수료는 얼마입니까?", "ko/안내.txt", "개 등록 수수료는 15,000원입니다."),
    ("도서관 와이파이 공유기는 언제까지 빌릴 수 있습니까?", "ko/안내.txt", "도서관 와이파이 공유기는 2주 동안 빌릴 수 있습니다."),
]
NEAR_MISSES = ["停车许可证多少钱？", "駐車場の料金はいくらですか", "주차 요금은 얼마입니까?"]


@pytest.fixture(scope="module")
def cli_docs(tmp_path_factory):
    root = tmp_path_factory.mktemp("cjk-cli")
    for rel, text in DOCS.items():
        write(root / "docs", rel, text)
    return root


def _ask(root, question):
    import json

    from click.testing import CliRunner

    from engine.cli import main

    r = CliRunner().invoke(main, ["--docs", str(root / "docs"), "--index", str(root / "i.sqlite"),
                                  "--embed-model", "none", "--json", question])
    return r.exit_code, json.loads(r.stdout)


@pytest.mark.parametrize("question, path, line", CLI_CASES, ids=[c[0] for c in CLI_CASES])
def test_a_cjk_question_through_ask_quotes_its_line(cli_docs, question, path, line):
    code, a = _ask(cli_docs, question)
    assert code == 0 and a["answered"], a["refusal"]
    assert a["citations"][0]["path"] == path
    assert line in [ln["text"] for ln in a["citations"][0]["lines"]]


@pytest.mark.parametrize("question", NEAR_MISSES)
def test_a_cjk_question_about_what_no_document_holds_is_refused(cli_docs, question):
    code, a = _ask(cli_docs, question)
    assert code == 1 and not a["answered"]
