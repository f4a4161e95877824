"""A line naming the words a document's path names it by speaks of the question when at
most one other word of it is left (quote/lines._answers, _SUBJECT_REST) — leaving out the
proper names the path gives: a town's page on dog licences says "License Dogs by April 30,
2024" and never its own town's name. Two words that are no number are left to name at
least (a cat's licence is no "licens" and "2024"). Made-up town pages through the real
readers and index."""
from conftest import ask_words, quoted

PAGE = """# Town of Brookfield

Town Hall is open Monday through Thursday. The Select Board meets on the second Tuesday of each month.

## Dog owners must register their dogs

![Picture](http://www.example.org/uploads/dog.jpg)

**License Dogs by April 30, 2024**

All dogs four months of age and older must be licensed each year with the Town Clerk.
Failure to comply will make you liable to a penalty of $25.00.

| Downloads |
| **dog\\_license\\_application.docx** |
"""

Q = "By what date do Brookfield dog owners have to get their dogs licensed in 2024?"


def test_the_line_naming_the_subject_but_the_town_answers(tmp_path):
    (a,) = ask_words(tmp_path / "on", {"brookfield_dog_licensing_2024.md": PAGE}, Q)
    assert quoted(a) and quoted(a)[0] == "**License Dogs by April 30, 2024**", (quoted(a), a.refusal)


def test_with_the_town_s_name_required_it_is_refused(tmp_path, monkeypatch):
    import engine.quote.lines as lines
    monkeypatch.setattr(lines, "required_terms", lambda question: ())  # no proper name left out
    (a,) = ask_words(tmp_path / "off", {"brookfield_dog_licensing_2024.md": PAGE}, Q)
    assert not a.citations and a.refusal.reason == "no_answer_kind", (quoted(a), a.refusal)


def test_one_word_and_a_year_name_no_subject(tmp_path):
    # a cat's licence on the dog licensing page: "licens" and "2024" are left of the path's
    # words once the town is aside, one word that is no number, so the dog's date is no answer
    (a,) = ask_words(tmp_path / "cat", {"brookfield_dog_licensing_2024.md": PAGE},
                     "By what date must Brookfield cats be licensed in 2024?")
    assert not a.citations, quoted(a)
