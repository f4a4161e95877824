"""Messages that say what to do (issue 29, item 4): OCR's missing part named, a folder whose
every file failed said so."""
import importlib.util

from click.testing import CliRunner

from engine.cli import main
from engine.readers import ocr


def test_ocr_hint_names_the_missing_english_data(tmp_path, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: object() if name in ("tesserocr", "pypdfium2") else real(name, *a))
    monkeypatch.setenv("TESSDATA_PREFIX", str(tmp_path))  # a folder without eng.traineddata
    hint = ocr.install_hint()
    assert "English data is missing" in hint and "tesseract-ocr-eng" in hint and str(tmp_path) in hint
    assert "pip install" not in hint
    monkeypatch.delenv("TESSDATA_PREFIX")
    monkeypatch.setattr(ocr, "TESSDATA", (str(tmp_path),))
    assert "apt-get install tesseract-ocr-eng" in ocr.install_hint()


def test_ocr_hint_without_the_extra_is_the_install_command(monkeypatch):
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None)
    assert ocr.install_hint() == ocr.INSTALL


def test_a_folder_whose_every_file_failed_says_so(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.pdf").write_bytes(b"%PDF-1.4 broken")
    (docs / "b.xlsx").write_bytes(b"PK broken")
    r = CliRunner().invoke(main, ["--docs", str(docs), "--index", str(tmp_path / "i.sqlite"),
                                  "--embed-model", "none", "What is the fee?"])
    assert r.exit_code == 1
    assert "2 files failed to read and none could be searched: see --status" in r.output
    assert "0 searched documents" not in r.output
