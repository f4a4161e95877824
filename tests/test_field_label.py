"""A notice's field labelled by the kind asked ("TIME: 4:30 P.M.", "PLACE: Township Hall")
answers though it repeats none of the question's words, when it is the passage's only
field of that label (quote/lines._kind_field). Made-up notices through the real index and
readers."""
from conftest import ask_words, quoted
from engine.config import Config

NOTICE = """PINE LAKE AUTHORITY
NOTICE OF PUBLIC HEARING ON SPECIAL ASSESSMENT ROLL

DATE:   Monday, June 9, 2025
TIME:   4:30 P.M.
PLACE:  Alder Township Hall, 120 Main Street

A special assessment roll for the Pine Lake lake-level project is on file for public
examination at the Alder Township Clerk's Office.
"""

AGENDA = """ALDER TOWNSHIP BOARD AGENDA, JULY 14, 2025

Public hearing: road paving special assessment
TIME: 6:00 P.M.
Public hearing: sewer extension special assessment
TIME: 6:30 P.M.
"""


def test_the_field_labelled_by_the_kind_asked_answers(tmp_path):
    time, place = ask_words(tmp_path, {"pine_lake_hearing_notice.txt": NOTICE},
                            "What time does the Pine Lake lake-level assessment hearing start?",
                            "Where is the Pine Lake assessment hearing held?")
    assert quoted(time)[0] == "TIME:   4:30 P.M."
    # the clerk's office holds the roll; the hearing is at the hall the PLACE field gives
    assert quoted(place)[0] == "PLACE:  Alder Township Hall, 120 Main Street"


def test_without_the_rule_the_time_is_refused(tmp_path):
    from engine import Engine

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "pine_lake_hearing_notice.txt").write_text(NOTICE)
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none", config=Config(field_label=0)) as eng:
        answer = eng.ask("What time does the Pine Lake lake-level assessment hearing start?")
    assert not answer.answered


def test_a_start_time_is_no_end(tmp_path):
    (end,) = ask_words(tmp_path, {"pine_lake_hearing_notice.txt": NOTICE},
                       "What time does the Pine Lake lake-level assessment hearing end?")
    # "TIME:" gives the hearing's start; the notice says nothing of its end
    assert not end.answered


def test_two_fields_of_one_label_are_two_events(tmp_path):
    (answer,) = ask_words(tmp_path, {"alder_board_agenda.txt": AGENDA},
                          "What time does the Alder Township sewer extension assessment hearing begin?")
    # the agenda gives a TIME field under each hearing; a passage may hold one of them alone
    # with the next hearing's heading ("TIME: 6:00 P.M." / "Public hearing: sewer ..."), so
    # the label must be the only one on its page, not only in its passage
    assert "TIME: 6:00 P.M." not in quoted(answer)[:1]
