"""Scope words (engine/scope.py): a question about one class of customer is not answered from
a document that never names that class, however many of its other words it holds."""
from conftest import write
from engine import Config, Engine
from engine.scope import lacking, scope_terms


def test_class_words_are_the_question_s_scope():
    assert scope_terms("What is the residential customer charge?") == ("residenti",)
    assert scope_terms("What do commercial and industrial customers pay?") == ("commerci", "industri")
    assert scope_terms("What is the customer charge?") == ()


def test_lacking_names_each_document_without_the_words_as_typed():
    held = {("a.pdf", "residenti")}
    got = lacking(["a.pdf", "b.pdf", "a.pdf"], ("residenti",), lambda p, t: (p, t) in held,
                  {"residenti": "residential"})
    assert got == {"b.pdf": ("residential",)}


def test_another_class_s_schedule_does_not_answer(tmp_path):
    d = tmp_path / "cabinet"
    write(d, "large_general.txt",
          "SCHEDULE LG LARGE GENERAL SERVICE\nCustomer Charge: $1,715.00 per month.\n"
          "Energy charge: 5.1 cents per kWh for every customer on this schedule.\n")
    cfg = Config(score_floor_lexical=0.0, coverage_floor=0.0)
    q = "What is the residential customer charge per month?"
    with Engine(d, index=tmp_path / "i.sqlite", config=cfg, embed_model="none") as eng:
        a = eng.ask(q)
        assert not a.answered and a.refusal.reason == "outside_scope", a.to_dict()
        assert "residential" in a.refusal.message and "large_general.txt" in a.refusal.message
        assert a.gate is not None and a.gate.passed is False and not a.gate.in_scope
        write(d, "residential.txt", "SCHEDULE R RESIDENTIAL SERVICE\nCustomer Charge: $9.50 per month.\n")
        eng.refresh()
        b = eng.ask(q)
        assert b.answered and b.citations[0].path == "residential.txt", b.to_dict()
        assert all(c.path != "large_general.txt" for c in b.citations)
