"""engine/readers/ocr.rows: Tesseract's lines of a table read column by column become one row
each, and columns of prose stay apart. Plain data in, no Tesseract needed."""
from engine.readers.ocr import rows


def line(text, conf, block, x0, y0, x1, y1):
    return (text, conf, block, x0, y0, x1, y1)


def test_a_table_read_column_by_column_is_joined_row_by_row():
    found = [
        line("Fee Schedule", 96.0, 0, 100, 20, 500, 60),
        line("Tree Cutting Permit (all types)", 97.0, 1, 100, 100, 600, 130),
        line("Variance Permit", 95.5, 1, 100, 150, 400, 180),
        line("$75 (per tree)", 98.0, 2, 800, 102, 1000, 132),
        line("$400", 91.0, 2, 800, 149, 900, 179),
        line("Passed at the April meeting.", 96.0, 3, 100, 300, 700, 330),
    ]
    assert rows(found) == [
        ("Fee Schedule", 96.0, False),
        ("Tree Cutting Permit (all types)  $75 (per tree)", 97.0, True),
        ("Variance Permit  $400", 91.0, False),  # the row's lowest confidence
        ("Passed at the April meeting.", 96.0, True),
    ]


def test_columns_of_prose_side_by_side_are_never_joined():
    left = ["the council met on a warm evening and", "heard the report of the clerk on fees"]
    right = ["the mayor asked that the dock rules be", "read again at the next regular meeting"]
    found = [line(t, 96.0, 0, 100, 100 + 50 * i, 500, 130 + 50 * i) for i, t in enumerate(left)]
    found += [line(t, 96.0, 1, 600, 100 + 50 * i, 1000, 130 + 50 * i) for i, t in enumerate(right)]
    assert [r[0] for r in rows(found)] == left + right


def test_lines_of_one_block_overlapping_or_at_other_heights_stay_apart():
    found = [
        line("Total", 96.0, 0, 100, 100, 300, 130),
        line("$12", 96.0, 0, 400, 100, 500, 130),       # the same block: Tesseract's own lines
        line("Overprint", 96.0, 1, 250, 100, 450, 130),  # over the first: not side by side
        line("$9", 96.0, 2, 600, 160, 700, 190),        # a line lower
    ]
    assert [r[0] for r in rows(found)] == ["Total", "$12", "Overprint", "$9"]


def test_no_piece_of_prose_is_joined_not_even_to_a_label():
    """Stricter than PDF rows: a label beside a prose line stays apart, and so does a short
    line of a column of prose (it reads as prose by its column)."""
    found = [line("Section 3", 96.0, 0, 100, 100, 250, 130),
             line("the applicant shall pay the fee before the permit is issued", 96.0, 1, 300, 101, 1000, 131)]
    assert [r[0] for r in rows(found)] == ["Section 3", "the applicant shall pay the fee before the permit is issued"]
    column = ["the council met on a warm evening and", "heard the report of the clerk on fees",
              "Dock Rules"]  # not prose itself: the end of a paragraph in a prose column
    found = [line(t, 96.0, 5 + i, 100, 100 + 50 * i, 500, 130 + 50 * i) for i, t in enumerate(column)]
    found.append(line("Fees", 96.0, 9, 700, 200, 800, 230))  # beside "Dock Rules"
    assert [r[0] for r in rows(found)] == column + ["Fees"]
