"""--show --json of a sheet's or CSV's rows gives the header row above them when the lines
shown start below it (the page's document view draws it), and never otherwise."""
import json
import subprocess
import sys
from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def ask(tmp_path, *args):
    r = subprocess.run([sys.executable, "-m", "engine.cli", "--docs", str(SAMPLES), "--index",
                        str(tmp_path / "i.sqlite"), "--embed-model", "none", "-q", *args],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


def ids(tmp_path) -> dict[str, str]:
    return {d["path"]: d["doc_id"] for d in map(json.loads, ask(tmp_path, "--status", "--format", "jsonl").splitlines())
            if d.get("doc_id")}


def test_a_sheet_row_and_a_csv_row_come_with_their_header_row(tmp_path):
    doc = ids(tmp_path)
    sheet = json.loads(ask(tmp_path, "--show", f"{doc['rates/2024-utility-rates.xlsx']}:'Sewer Rates'!A6:D6", "--json"))
    assert sheet["header"] == {"locator": "'Sewer Rates'!A1:D1", "text": "Customer Class | Meter Size | "
                               "Sewer Base Charge per Month | Sewer Usage per 1,000 Gallons"}
    assert [ln["locator"] for ln in sheet["lines"] if ln["cited"]] == ["'Sewer Rates'!A6:D6"]
    rows = json.loads(ask(tmp_path, "--show", f"{doc['parks/facility-rentals-2024.csv']}:row 18", "--json"))
    assert rows["header"]["locator"] == "row 1" and rows["header"]["text"].startswith("Facility | Park")


def test_no_header_when_it_is_shown_already_or_the_document_has_none(tmp_path):
    doc = ids(tmp_path)
    near = json.loads(ask(tmp_path, "--show", f"{doc['rates/2024-utility-rates.xlsx']}:'Water Rates'!A2:D2", "--json"))
    assert "header" not in near and near["lines"][0]["locator"] == "'Water Rates'!A1:D1"
    text = json.loads(ask(tmp_path, "--show", f"{doc['ordinances/ordinance-2023-14-public-trees.md']}:L28", "--json"))
    assert "header" not in text
