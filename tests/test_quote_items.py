"""A sub-item of a list answers by the item it stands under (quote/lines.py _under_item): an
item holding a figure of its own is a record, and its sub-items are more of its figures; an
item with no figure heads a list of other things, each named by its own line."""
from engine.config import Config
from engine.kinds import asked
from engine.quote import choose_lines
from engine.quote.cite import _topic
from engine.terms import question_terms

LANDFILLS = ["2024 Monitoring Report Results",
             "■ Wolfe Lake Landfill gained almost 2 years with the use of shredding services and ",
             "compaction.",
             "– Approximately 16.7 Year lifespan remaining on the site.",
             "■ Bear Creek Landfill gained 1.5 years with the use of compaction.",
             "– Approximately 7 Year lifespan remaining on the site."]


def _choose(question, texts, names=("landfil",)):
    """The lines quoted, as the pipeline asks: the topic leaves out the words the document
    names itself by (here its file name, "landfill_status_update.pdf") and the kind's."""
    lines = [(i, f"L{i + 1}", t) for i, t in enumerate(texts)]
    q = question_terms(question)
    kinds = asked(question)
    return [ln.text for ln in choose_lines(lines, q, dict.fromkeys(q, 1.0), Config(), 3, kinds=kinds,
                                           question=question, topic=_topic(q, set(names), kinds))]


def test_a_sub_item_answers_by_its_item_and_the_item_is_quoted_with_it():
    got = _choose("How many years are left at the Wolfe Lake landfill?", LANDFILLS)
    assert "– Approximately 16.7 Year lifespan remaining on the site." in got
    assert LANDFILLS[1] in got  # the item naming the landfill, for a reader to check
    assert "– Approximately 7 Year lifespan remaining on the site." not in got


def test_the_sub_items_of_another_item_do_not():
    got = _choose("How many years are left at the Bear Creek landfill?", LANDFILLS)
    assert "– Approximately 7 Year lifespan remaining on the site." in got
    assert "– Approximately 16.7 Year lifespan remaining on the site." not in got


def test_an_item_with_no_figure_of_its_own_heads_other_things():
    fees = ["■ Park shelter fees", "– Picnic pavilion $50 per day", "– Ball field lights $25 per hour"]
    assert _choose("How much is the park shelter fee for the gazebo?", fees) == []


def test_an_item_naming_a_sibling_lends_nothing():
    plans = ["• Plan B ambulance claims are paid within 10 days", "– within 30 days over 2,000",
             "• Plan D ambulance claims follow the schedule in section four"]
    assert _choose("How long does Plan D take to pay an ambulance claim?", plans) == []
