"""Write the generated files of the sample cabinet (the Town of Millbrook).

Run:  python samples/make_samples.py
Out:  reports/2023-water-quality-report.pdf   (4 pages, via tests/minipdf.py)
      rates/2024-utility-rates.xlsx           (openpyxl; fixed timestamps, fixed zip entries)
      parks/facility-rentals-2024.csv
      clerk/2024-dog-licensing-notice.docx    (python-docx; fixed properties, fixed zip entries)
      clerk/boards-and-committees-2024.json
      web/transfer-station-and-recycling.html (a saved web page, with a script and a style sheet)
      misc/town-seal.png                      (a tiny valid PNG: an unsupported type on purpose)

Everything is invented. Running the script twice gives byte-identical files. The Markdown and
text documents next to these are written by hand and are not touched here.
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import os
import struct
import sys
import zipfile
import zlib
from pathlib import Path

# openpyxl writes its XML with lxml when lxml is installed (python-docx brings it), spacing
# tags differently; its own writer keeps the workbook's bytes the same on every machine.
os.environ["OPENPYXL_LXML"] = "False"

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from minipdf import write_pdf  # noqa: E402

FIXED_TIME = dt.datetime(2024, 6, 3, 9, 0, 0)
ZIP_TIME = (2024, 6, 3, 9, 0, 0)


# --------------------------------------------------------------------------- PDF

WATER_REPORT_PAGES: list[list[str]] = [
    [
        "TOWN OF MILLBROOK WATER UTILITY",
        "2023 Annual Drinking Water Quality Report",
        "Public Water System ID 4418027 - Issued June 2024 - Page 1 of 4",
        "",
        "This report covers the water delivered to you from January 1 through December 31, 2023.",
        "The Millbrook Water Utility serves about 6,850 residents through 2,311 metered connections.",
        "We are pleased to report that your water met every federal and state health standard in 2023.",
        "",
        "Where your water comes from",
        "Most of our water is pumped from three wells at the Cedar Hollow Wellfield (Wells 3, 4 and 7).",
        "In peak summer demand we also draw from Ashford Pond under Withdrawal Permit WMA-2207-C.",
        "All water is treated at the Harlan Street Treatment Plant, rated at 2.4 million gallons per day.",
        "In 2023 the utility pumped 412.6 million gallons of water, an average of 1.13 million a day.",
        "The highest single day was July 19, 2023, when demand reached 2.06 million gallons.",
        "Unaccounted-for water (leaks, meter error, flushing) was 8.7% of the water pumped.",
        "",
        "How your water is treated",
        "Iron and manganese are removed by greensand filtration before disinfection.",
        "Chlorine is added for disinfection; the target residual in the mains is 0.6 mg/L.",
        "Fluoride is adjusted to 0.70 mg/L, the level recommended by the state health department.",
        "Orthophosphate is added at 1.5 mg/L to reduce corrosion of household plumbing.",
        "",
        "Questions about this report",
        "Call Water Superintendent Dolores Kwiatkowski at (555) 014-2270, Monday to Friday, 8 AM to 4 PM.",
        "The Water and Sewer Commission meets the second Thursday of each month at 6:30 PM at Town Hall.",
        "Este informe contiene informacion importante sobre su agua potable. Llame al (555) 014-2271.",
    ],
    [
        "2023 Annual Drinking Water Quality Report - Page 2 of 4",
        "",
        "Regulated substances detected in 2023",
        "Substance (unit) | MCL | Level detected | Range | Violation | Likely source",
        "Nitrate (ppm) | 10 | 3.8 | 1.2 - 3.8 | No | Fertilizer runoff, septic systems",
        "Barium (ppm) | 2 | 0.041 | 0.018 - 0.041 | No | Erosion of natural deposits",
        "Fluoride (ppm) | 4 | 0.74 | 0.52 - 0.81 | No | Water additive for strong teeth",
        "Total trihalomethanes (ppb) | 80 | 38.2 | 21.6 - 44.9 | No | By-product of chlorination",
        "Haloacetic acids (ppb) | 60 | 17.5 | 9.3 - 22.0 | No | By-product of chlorination",
        "Gross alpha (pCi/L) | 15 | 2.1 | ND - 2.1 | No | Erosion of natural deposits",
        "",
        "Lead and copper (tap samples from 30 homes, June to September 2023)",
        "Lead: 90th percentile 4.1 ppb; action level 15 ppb; 0 of 30 sites above the action level.",
        "Copper: 90th percentile 0.41 ppm; action level 1.3 ppm; 0 of 30 sites above the action level.",
        "",
        "Unregulated substances",
        "Sodium: average 22.4 mg/L (range 18.9 - 27.3 mg/L).",
        "People on a sodium-restricted diet should tell their doctor the sodium level of their water.",
        "PFAS (sum of six compounds): average 6.2 ng/L at the entry point; the state limit is 20 ng/L.",
        "Manganese: average 31 ug/L after treatment (range 12 - 48 ug/L).",
        "",
        "Definitions",
        "MCL: Maximum Contaminant Level, the highest level of a contaminant allowed in drinking water.",
        "Action level: the concentration which, if exceeded, triggers treatment or other requirements.",
        "ppm: parts per million. ppb: parts per billion. ng/L: nanograms per liter. ND: not detected.",
    ],
    [
        "2023 Annual Drinking Water Quality Report - Page 3 of 4",
        "",
        "Monitoring violation in 2023",
        "In July 2023 the utility collected its 10 routine coliform samples four days after the deadline.",
        "The late samples (sample plan SP-2023-07) were all negative for total coliform bacteria.",
        "This was a monitoring violation only; it did not affect the safety of your water.",
        "The laboratory contract now fixes sampling on the first Tuesday of each month.",
        "",
        "Lead service line inventory",
        "The utility finished its service line inventory on October 16, 2023.",
        "Of 2,311 service lines, 214 are lead and 96 are galvanized pipe that was once downstream of lead.",
        "Another 158 lines are of unknown material and will be dug up and checked by the end of 2025.",
        "In 2023 crews replaced 37 lead service lines at no cost to owners, paid by a $1,150,000 state loan.",
        "The Council's goal is to remove every lead service line in Millbrook by December 31, 2031.",
        "To find out what your service line is made of, call the Water Department at (555) 014-2270.",
        "",
        "Source water assessment",
        "The state assessed the Cedar Hollow wells in 2019 and rated their susceptibility as moderate.",
        "Possible sources of contamination include Route 9, a former orchard and two gasoline stations.",
        "A copy of the assessment is kept at the reference desk of the Millbrook Free Public Library.",
        "",
        "Cross-connection control",
        "Backflow devices at 412 commercial and irrigation services were tested in 2023.",
        "Owners of devices that fail must repair and retest them within 30 days.",
    ],
    [
        "2023 Annual Drinking Water Quality Report - Page 4 of 4",
        "",
        "Capital improvements",
        "The Well 7 pump and motor were replaced in March 2023 at a cost of $186,400.",
        "A standby generator was installed at the Harlan Street Treatment Plant in November 2023.",
        "In 2024 the Harlan Street water main will be replaced between Orchard Road and Mill Pond Lane.",
        "",
        "Saving water",
        "The outdoor watering schedule runs from May 15 to September 15 each year.",
        "Odd-numbered addresses may water lawns on Tuesday and Saturday; even-numbered, Wednesday and Sunday.",
        "No lawn watering is allowed between 9 AM and 5 PM on any day.",
        "The utility offers a $100 rebate for a WaterSense toilet and a $50 rebate for a rain barrel.",
        "",
        "Important health information",
        "Some people may be more vulnerable to contaminants in drinking water than the general population.",
        "People with weakened immune systems should seek advice about drinking water from their doctors.",
        "Infants and young children are typically more vulnerable to lead in drinking water.",
        "If you are concerned about lead, you may wish to have your water tested.",
        "Flush your tap for 30 seconds to 2 minutes before using water for drinking or cooking.",
        "",
        "This report was prepared by Dolores Kwiatkowski, Water Superintendent,",
        "and Emeka Fairweather, Treatment Plant Operator (Grade 3).",
    ],
]


def make_pdf() -> Path:
    out = HERE / "reports" / "2023-water-quality-report.pdf"
    out.parent.mkdir(parents=True, exist_ok=True)
    for page in WATER_REPORT_PAGES:
        for line in page:
            assert len(line) <= 100, line
    return write_pdf(out, WATER_REPORT_PAGES)


# --------------------------------------------------------- fee schedules (a series)
# Two versions of one document (docs/versions.md): the 2024 schedule replaced the 2019 one;
# some fees changed, some did not, one is new.
FEE_SCHEDULES = {
    "2019": [
        "TOWN OF MILLBROOK",
        "Schedule of Permit Fees",
        "Resolution 2019-07",
        "Effective July 1, 2019",
        "",
        "Building permit, one- or two-family dwelling: $150.00",
        "Fence permit: $40.00",
        "Sign permit: $25.00",
        "Sidewalk cafe permit: $100.00 per season",
        "Block party permit: no fee",
        "",
        "Adopted by the Board of Selectmen on June 10, 2019.",
    ],
    "2024": [
        "TOWN OF MILLBROOK",
        "Schedule of Permit Fees",
        "Resolution 2024-03",
        "Effective January 1, 2024",
        "",
        "Building permit, one- or two-family dwelling: $175.00",
        "Fence permit: $55.00",
        "Sign permit: $25.00",
        "Sidewalk cafe permit: $120.00 per season",
        "Dumpster permit: $35.00 per week",
        "Block party permit: no fee",
        "",
        "This schedule supersedes the schedule of permit fees effective July 1, 2019.",
        "Adopted by the Board of Selectmen on December 11, 2023.",
    ],
}


def make_fee_schedules() -> Path:
    out = HERE / "fees"
    out.mkdir(parents=True, exist_ok=True)
    for year, lines in FEE_SCHEDULES.items():
        path = write_pdf(out / f"{year}-permit-fee-schedule.pdf", [lines])
    return path


# -------------------------------------------------------------------------- XLSX

CURRENCY = "$#,##0.00"
PERCENT = "0.00%"

WATER_RATES = [
    ("Residential", "5/8 inch", 12.50, 5.85),
    ("Residential", "3/4 inch", 14.75, 5.85),
    ("Residential", "1 inch", 19.20, 5.85),
    ("Commercial", "1 inch", 24.80, 6.40),
    ("Commercial", "1.5 inch", 48.30, 6.40),
    ("Commercial", "2 inch", 77.15, 6.40),
    ("Industrial", "3 inch", 152.40, 6.95),
    ("Industrial", "4 inch", 238.60, 6.95),
    ("Irrigation only", "1 inch", 19.20, 7.80),
]

SEWER_RATES = [
    ("Residential", "5/8 inch", 18.40, 7.92),
    ("Residential", "3/4 inch", 21.10, 7.92),
    ("Residential", "1 inch", 27.35, 7.92),
    ("Commercial", "1 inch", 33.60, 8.45),
    ("Commercial", "2 inch", 104.25, 8.45),
    ("Industrial", "3 inch", 210.80, 9.10),
]

# (fee, amount, number format or None for General, unit, notes)
FEES = [
    ("New service connection, 5/8 inch meter", 1385.00, CURRENCY, "each", "Includes meter, tap and curb stop"),
    ("New service connection, 1 inch meter", 1715.00, CURRENCY, "each", "Includes meter, tap and curb stop"),
    ("Meter test at customer request", 45.00, CURRENCY, "each", "Refunded if the meter reads more than 2% fast"),
    ("Turn-on after shutoff for nonpayment", 60.00, CURRENCY, "each", "Business hours"),
    ("After-hours turn-on", 125.00, CURRENCY, "each", "Weekdays after 4 PM, weekends and holidays"),
    ("Returned check or declined card", 35.00, CURRENCY, "each", None),
    ("Late payment penalty", 0.015, PERCENT, "per month", "On balances more than 30 days past due"),
    # Pasted from a formula by the clerk: the stored double is one step below 26.51 and the
    # cell keeps the General format, so a reader must show "26.51", not 26.509999999999998.
    ("Bulk water from hydrant meter", 26.509999999999998, None, "per 1,000 gallons",
     "Hydrant meter permit from the Water Department required"),
    ("Hydrant meter deposit", 850.00, CURRENCY, "each", "Refunded when the meter is returned undamaged"),
    ("Backflow device test", 65.00, CURRENCY, "per device", "Annual test by a certified tester"),
    ("Final meter reading for a property sale", 30.00, CURRENCY, "each", "Request 5 business days ahead"),
    ("Municipal lien certificate", 25.00, CURRENCY, "each", None),
]

LOOKUP = [("5/8 inch", 1), ("3/4 inch", 1.5), ("1 inch", 2.5), ("1.5 inch", 5),
          ("2 inch", 8), ("3 inch", 16), ("4 inch", 25)]


# openpyxl writes numbers with "%.16g", which rounds 26.509999999999998 back to "26.51".
# Excel writes the full 17 digits; these patches put the stored value back the way Excel
# would have saved it, so the float artefact really is in the file: (zip member, old, new).
EXCEL_DIGITS = [
    ("xl/worksheets/sheet3.xml", '<c r="B9" t="n"><v>26.51</v></c>',
     '<c r="B9" t="n"><v>26.509999999999998</v></c>'),
]


def _deterministic_zip(raw: bytes) -> bytes:
    """Rewrite a zip with fixed entry timestamps and attributes, entries in the same order."""
    src = zipfile.ZipFile(io.BytesIO(raw))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            for member, old, new in EXCEL_DIGITS:
                if member == info.filename:
                    assert data.count(old.encode()) == 1, (member, old)
                    data = data.replace(old.encode(), new.encode())
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zi.create_system = 0
            dst.writestr(zi, data)
    return buf.getvalue()


def make_xlsx() -> Path:
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.writer.excel import ExcelWriter

    bold = Font(bold=True)
    wb = Workbook()

    def header(ws, names, widths):
        ws.append(list(names))
        for cell in ws[1]:
            cell.font = bold
        for col, width in zip("ABCDEFGH", widths):
            ws.column_dimensions[col].width = width
        ws.freeze_panes = "A2"

    ws = wb.active
    ws.title = "Water Rates"
    header(ws, ("Customer Class", "Meter Size", "Water Base Charge per Month",
                "Water Usage per 1,000 Gallons"), (18, 12, 28, 28))
    for cls, size, base, usage in WATER_RATES:
        ws.append([cls, size, base, usage])
        r = ws.max_row
        ws.cell(r, 3).number_format = CURRENCY
        ws.cell(r, 4).number_format = CURRENCY

    ws = wb.create_sheet("Sewer Rates")
    header(ws, ("Customer Class", "Meter Size", "Sewer Base Charge per Month",
                "Sewer Usage per 1,000 Gallons"), (18, 12, 28, 30))
    for cls, size, base, usage in SEWER_RATES:
        ws.append([cls, size, base, usage])
        r = ws.max_row
        ws.cell(r, 3).number_format = CURRENCY
        ws.cell(r, 4).number_format = CURRENCY

    ws = wb.create_sheet("Fees")
    header(ws, ("Fee", "Amount", "Unit", "Notes"), (40, 12, 18, 52))
    for name, amount, fmt, unit, notes in FEES:
        ws.append([name, amount, unit, notes])
        if fmt:
            ws.cell(ws.max_row, 2).number_format = fmt

    ws = wb.create_sheet("Notes")
    header(ws, ("Item", "Value"), (36, 44))
    notes = [
        ("Rates adopted by", "Ordinance 2024-06", None),
        ("Effective date", dt.date(2024, 7, 1), "yyyy-mm-dd"),
        ("Water rate increase, FY2025", 0.031, PERCENT),
        ("Sewer rate increase, FY2025", 0.0537, PERCENT),
        ("Bills issued", "Quarterly, in January, April, July and October", None),
        ("Payment due", "30 days after the bill date", None),
        ("Prepared by", "Theodora Lindqvist, Finance Director", None),
        ("Billing questions", "(555) 014-2204", None),
    ]
    for item, value, fmt in notes:
        ws.append([item, value])
        if fmt:
            ws.cell(ws.max_row, 2).number_format = fmt

    ws = wb.create_sheet("Lookup")
    ws.sheet_state = "hidden"
    header(ws, ("Meter Size", "Equivalent Residential Units"), (12, 30))
    for size, eru in LOOKUP:
        ws.append([size, eru])

    wb.properties.creator = "Millbrook Finance Department"
    wb.properties.lastModifiedBy = "Millbrook Finance Department"
    wb.properties.title = "FY2025 Water and Sewer Rates and Utility Fees"
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME

    # ExcelWriter directly: save_workbook() would stamp "modified" with the current time.
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as archive:
        ExcelWriter(wb, archive).write_data()
    out = HERE / "rates" / "2024-utility-rates.xlsx"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(_deterministic_zip(raw.getvalue()))
    return out


# --------------------------------------------------------------------------- CSV

RENTAL_HEADER = ["Facility", "Park", "Capacity", "Resident Half Day", "Resident Full Day",
                 "Non-Resident Full Day", "Security Deposit", "Notes"]

RENTALS = [
    ["Pavilion A", "Veterans Memorial Park", "120", "$85.00", "$150.00", "$260.00", "$100.00",
     "Electricity, 12 picnic tables, 2 grills"],
    ["Pavilion B", "Veterans Memorial Park", "60", "$55.00", "$95.00", "$170.00", "$100.00",
     "No electricity"],
    ["Gazebo", "Veterans Memorial Park", "40", "$40.00", "$70.00", "$125.00", "$50.00",
     "Popular for weddings; book at least 60 days ahead"],
    ["Bandstand", "Town Green", "200", "$90.00", "$165.00", "$285.00", "$150.00",
     "Sound permit needed after 8 PM"],
    ["Horseshoe Pits (4)", "Town Green", "32", "$15.00", "$25.00", "$45.00", "", ""],
    ["Community Room", "Fenwick Lodge", "75", "$120.00", "$210.00", "$340.00", "$200.00",
     "Kitchen use adds $45.00"],
    ["Hearth Room", "Fenwick Lodge", "30", "$65.00", "$115.00", "$190.00", "$100.00",
     "Seated meetings only"],
    ["Softball Field 1", "Kessler Field Complex", "150", "$60.00", "$110.00", "$180.00", "$75.00",
     "Field lights $35.00 per hour"],
    ["Softball Field 2", "Kessler Field Complex", "100", "$50.00", "$90.00", "$150.00", "$75.00",
     "No lights"],
    ["Soccer Field North", "Kessler Field Complex", "200", "$60.00", "$110.00", "$180.00", "$75.00",
     "Lined for U12 and up"],
    ["Soccer Field South", "Kessler Field Complex", "120", "$45.00", "$80.00", "$135.00", "$75.00",
     "Lined for U10 and under"],
    ["Concession Stand", "Kessler Field Complex", "", "$35.00", "$60.00", "$100.00", "$150.00",
     "Food permit from Board of Health required"],
    ["Tennis Courts (4)", "Brightwater Park", "16", "$20.00", "$36.00", "$64.00", "", "Per court"],
    ["Pickleball Courts (6)", "Brightwater Park", "24", "$18.00", "$32.00", "$58.00", "",
     "Per court; closed August 5 to August 23, 2024 for resurfacing"],
    ["Basketball Court", "Brightwater Park", "30", "$22.00", "$40.00", "$72.00", "", ""],
    ["Splash Pad Private Hour", "Brightwater Park", "50", "$95.00", "", "$160.00", "$50.00",
     "One hour after closing, Memorial Day to Labor Day"],
    ["Amphitheater", "Ridgeway Commons", "300", "$140.00", "$250.00", "$420.00", "$250.00",
     "Stage, 8 benches, power outlets"],
    ["Picnic Shelter", "Ridgeway Commons", "48", "$45.00", "$80.00", "$140.00", "$50.00", ""],
    ["Community Garden Plot", "Ridgeway Community Garden", "", "", "$28.00", "$56.00", "",
     "10 x 20 ft, season April 15 to October 31"],
    ["Kayak Rack Space", "Mill Pond Landing", "", "", "$48.00", "$96.00", "",
     "Season rate; assigned by lottery in March"],
    ["Boat Launch Event", "Mill Pond Landing", "60", "$30.00", "$55.00", "$95.00", "$50.00",
     "No gas motors"],
    ["Trail Shelter", "Pennock Woods", "20", "$20.00", "$35.00", "$60.00", "", "Carry in, carry out"],
    ["Meeting Room", "Millbrook Senior Center", "45", "$50.00", "$85.00", "$150.00", "$75.00",
     "Weekday evenings and weekends only"],
    ["Warming Hut", "Hatfield Hill", "25", "$40.00", "$72.00", "$120.00", "$50.00",
     "December to March"],
]


def make_csv() -> Path:
    out = HERE / "parks" / "facility-rentals-2024.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(RENTAL_HEADER)
        w.writerows(RENTALS)
    return out


# -------------------------------------------------------------------------- DOCX

DOG_LICENSE_TITLE = "Dog Licensing 2024"
DOG_LICENSE_BEFORE = [
    ("Heading 1", "Who needs a license"),
    (None, "Every dog six months of age or older that lives in Millbrook must be licensed by "
           "March 31, 2024. Licenses run from April 1 to March 31 of the next year."),
    (None, "Bring a current rabies vaccination certificate. A spayed or neutered dog also needs "
           "the veterinarian's certificate of the operation, once."),
    ("Heading 1", "Fees"),
]
DOG_LICENSE_FEES = [
    ("License", "Fee", "After March 31"),
    ("Spayed or neutered dog", "$10.00", "$25.00"),
    ("Dog not spayed or neutered", "$15.00", "$30.00"),
    ("Spayed or neutered dog, owner 70 or older", "$5.00", "$20.00"),
    ("Kennel license, up to 4 dogs", "$60.00", "$90.00"),
    ("Replacement tag", "$3.00", ""),
]
DOG_LICENSE_AFTER = [
    ("Heading 1", "Where and when"),
    (None, "Licenses are issued by the Town Clerk, Marisol Vandermeer, at Town Hall Room 104, "
           "Monday to Thursday, 8:30 AM to 4:30 PM."),
    (None, "Licenses can also be renewed by mail: send the form, a copy of the rabies certificate "
           "and a check payable to the Town of Millbrook."),
    (None, "The Animal Control Officer, Tobias Lindqvist, can be reached at (555) 014-2305."),
]


def make_docx() -> Path:
    """A Town Clerk notice: a title, headings, paragraphs and a fee table; the footer is not
    read by ask (docs/formats.md), so what it says is said in the body too."""
    from docx import Document

    doc = Document()
    props = doc.core_properties
    props.author = props.last_modified_by = "Office of the Town Clerk"
    props.title = DOG_LICENSE_TITLE
    props.created = props.modified = FIXED_TIME
    props.revision = 1
    doc.add_heading(DOG_LICENSE_TITLE, 0)
    for style, text in DOG_LICENSE_BEFORE:
        doc.add_paragraph(text, style=style)
    table = doc.add_table(rows=0, cols=3)
    for row in DOG_LICENSE_FEES:
        cells = table.add_row().cells
        for cell, text in zip(cells, row):
            cell.text = text
    for style, text in DOG_LICENSE_AFTER:
        doc.add_paragraph(text, style=style)
    doc.sections[0].footer.paragraphs[0].text = "Town of Millbrook, Office of the Town Clerk"
    raw = io.BytesIO()
    doc.save(raw)
    out = HERE / "clerk" / "2024-dog-licensing-notice.docx"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(_deterministic_zip(raw.getvalue()))
    return out


# -------------------------------------------------------------------------- JSON

BOARDS = {
    "town": "Millbrook",
    "updated": "2024-02-01",
    "boards": [
        {"name": "Planning Board", "chair": "Rosalind Achebe", "members": 7,
         "meets": "first and third Tuesday of each month, 7:00 PM", "room": "Town Hall Room 201",
         "duties": "Reviews subdivision plans and site plans for new buildings."},
        {"name": "Zoning Board of Appeals", "chair": "Casimir Oduya", "members": 5,
         "meets": "second Wednesday of each month, 7:30 PM", "room": "Town Hall Room 201",
         "duties": "Hears appeals and requests for variances and special permits."},
        {"name": "Conservation Commission", "chair": "Henrietta Solberg", "members": 7,
         "meets": "fourth Monday of each month, 6:30 PM", "room": "Fenwick Lodge",
         "duties": "Reviews work within 100 feet of wetlands under the Wetlands Protection Act."},
        {"name": "Board of Health", "chair": "Dr. Anselm Prewitt", "members": 3,
         "meets": "first Thursday of each month, 5:30 PM", "room": "Town Hall Room 104",
         "duties": "Issues septic system, well and food service permits."},
    ],
    "vacancies": [{"board": "Conservation Commission", "seats": 1,
                   "apply": "Send a letter of interest to the Select Board office."}],
}


def make_json() -> Path:
    import json

    out = HERE / "clerk" / "boards-and-committees-2024.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(BOARDS, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return out


# -------------------------------------------------------------------------- HTML

TRANSFER_STATION_HTML = """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Transfer Station &amp; Recycling | Town of Millbrook</title>
<style>
  body { font-family: sans-serif; } .fee { text-align: right; }
</style>
<script>
  // menu toggle: none of this is shown, and ask does not read it
  document.addEventListener("DOMContentLoaded", function () { window.menuOpen = false; });
</script>
</head>
<body>
<nav><a href="/">Home</a> &middot; <a href="/departments">Departments</a> &middot;
<a href="/public-works">Public Works</a></nav>
<main>
<h1>Transfer Station &amp; Recycling</h1>
<p>The Transfer Station at 48 Quarry Road is open <strong>Wednesday and Saturday,
7:30&nbsp;AM to 3:30&nbsp;PM</strong>. It is closed on Town holidays.</p>
<h2>Stickers</h2>
<p>Residents need a Transfer Station sticker on the vehicle. A sticker costs $95 a year
(July 1 to June 30); a second sticker for the same household costs $20.
Stickers are sold at the Town Clerk&rsquo;s office and at the gate.</p>
<h2>Bulky items</h2>
<table class="fees">
  <thead><tr><th>Item</th><th>Fee</th><th>Notes</th></tr></thead>
  <tbody>
  <tr><td>Mattress or box spring</td><td class="fee">$25.00</td><td>each</td></tr>
  <tr><td>Refrigerator, freezer or air conditioner</td><td class="fee">$30.00</td>
      <td>Freon removal included</td></tr>
  <tr><td>Car tire</td><td class="fee">$5.00</td><td>$10.00 with the rim</td></tr>
  <tr><td>Television or computer monitor</td><td class="fee">$20.00</td><td></td></tr>
  <tr><td>Upholstered chair</td><td class="fee">$15.00</td><td>sofas $30.00</td></tr>
  </tbody>
</table>
<h2>Recycling</h2>
<ul>
  <li>Paper, cardboard, glass, cans and plastics 1 to 7 are taken free of charge.</li>
  <li>Bring yard waste and brush to the compost area behind the scale house.</li>
  <li>Used motor oil (up to 5 gallons a visit) goes in the tank beside the swap shed.</li>
</ul>
<p>Questions: call the Transfer Station attendant, Wendell Osei, at (555) 014-2318.</p>
<noscript>This page works best with JavaScript turned on.</noscript>
</main>
<footer><p>&copy; 2024 Town of Millbrook Department of Public Works</p></footer>
</body>
</html>
"""


def make_html() -> Path:
    out = HERE / "web" / "transfer-station-and-recycling.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(TRANSFER_STATION_HTML, encoding="utf-8", newline="\n")
    return out


# --------------------------------------------------------------------------- PNG

def make_png() -> Path:
    """A 16x16 RGB town seal: a green disc on white. Valid PNG, unsupported by the engine."""
    size = 16
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter type 0
        for x in range(size):
            inside = (x - 7.5) ** 2 + (y - 7.5) ** 2 <= 49
            row += bytes((34, 110, 60)) if inside else bytes((255, 255, 255))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
           + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
    out = HERE / "misc" / "town-seal.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png)
    return out


def main() -> None:
    for make in (make_pdf, make_xlsx, make_csv, make_docx, make_json, make_html, make_png,
                 make_fee_schedules):
        path = make()
        print(f"wrote {path.relative_to(HERE).as_posix()} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
