"""The checker's text reader (pdfium since issue 42): what it makes of pdfium's text, and
that a file it cannot read gives a reason, never a traceback."""
from __future__ import annotations

from pathlib import Path

from cardgen.check import pdftext
from cardgen.check.wording import page_texts


def _pdf(path: Path, pages: list) -> Path:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(300, 300), invariant=1, pageCompression=0)
    for lines in pages:
        for k, line in enumerate(lines):
            c.drawString(20, 260 - 20 * k, line)
        c.showPage()
    c.save()
    return path


def test_pdfium_text_is_normalised_as_the_checks_read_it():
    raw = "the three\ufffeand four-player\r\nﬁve  ·  3 \r\nold\u0002style"
    assert pdftext.normalise(raw) == "the three-\nand four-player\nfive · 3\nold-\nstyle"


def test_every_page_is_read_in_order_and_footers_dropped(tmp_path):
    path = _pdf(tmp_path / "b.pdf", [["Setting up", "Deal 7 cards each.", "Str8 Eight  ·  1"],
                                     ["2 · Str8 Eight", "Scoring 1,000 points wins."]])
    assert page_texts(path) == ["Setting up\nDeal 7 cards each.", "Scoring 1,000 points wins."]
    pages, texts = pdftext.read(path.read_bytes(), [1])
    assert pages == [1] and list(texts) == [1] and "1,000 points" in texts[1]


def test_a_damaged_pdf_is_a_reason_not_a_traceback(tmp_path):
    path = _pdf(tmp_path / "b.pdf", [["Setting up"]])
    path.write_bytes(path.read_bytes()[:200])
    got = page_texts(path)
    assert isinstance(got, str) and "\n" not in got and got
    try:
        pdftext.read(b"%PDF-1.4 not a pdf")
    except Exception as exc:  # pdfium's own error, which page_texts turns into a line
        assert exc.__class__.__name__ == "PdfiumError"
    else:
        raise AssertionError("pdfium read a file that is no PDF")
