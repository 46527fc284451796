"""Every PDF cardgen writes says what it is, for which variant, who made it and when
(draw/pdfmeta.py), in its document information and its XMP packet alike; `cardgen
check` reads it back (check/pdfmeta.py) and fails a file whose metadata is a library's
default, another build's, or at odds with itself."""
from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from conftest import assert_check_catches, assert_metadata, run_cli, xmp_of

def test_every_pdf_of_a_build_is_titled_for_its_variant(built, printed):
    variants = {"str8eight": "8 × 8 table, 6 pass cards, sequences of 8", "fourscore": "8 × 8 table",
                "eights": "64 letter cards", "crazy-eights": "1 deck, aces count 10"}
    pdfs = sorted(built.rglob("*.pdf")) + sorted(printed.rglob("*.pdf"))
    kinds = set()
    for path in pdfs:
        if path.name.startswith(("how-to-print-", "print-everything-")):  # the kit's, at the top: for a paper
            info = assert_metadata(path, "Letter paper" if "letter" in path.name else "A4 paper")
            continue
        game = path.relative_to(path.parents[1]).parts[0]
        info = assert_metadata(path, variants[game])
        kinds.add(info["Title"].split(" – ")[1].split(",")[0].split(" (")[0])
    # every writer: cards, backs, sheets (pikepdf), boxes, sequence sheet, atlas, booklet,
    # fold (pikepdf alone), player aid, score pad, tournament sheet
    assert kinds >= {"card faces", "card backs", "print and play sheets", "tuck box", "sequence sheet",
                     "sequence atlas", "rules", "rules", "player aid", "score pad", "tournament sheet"}
    assert any("fold and staple" in p.name or "fold" in p.name for p in pdfs)


def test_source_date_epoch_dates_every_pdf_and_its_xmp(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    out = tmp_path / "out"
    result = run_cli("build", "--game", "fourscore", "--format", "pdf", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    for path in sorted(out.rglob("*.pdf")):
        kit = path.name.startswith(("how-to-print", "print-everything"))
        assert_metadata(path, "Letter paper" if kit else "8 × 8 table",
                        date="D:20231114221320+00'00'")
    assert run_cli("check", out).exit_code == 0


def _edit_info(path: Path, **values) -> None:
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        for key, value in values.items():
            if value is None:
                del pdf.docinfo[f"/{key}"]
            else:
                pdf.docinfo[f"/{key}"] = value
        pdf.save(path)


def _edit_xmp(path: Path, old: str, new: str) -> None:
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        text = xmp_of(pdf)
        assert old in text
        pdf.Root.Metadata.write(text.replace(old, new).encode("utf-8"))
        pdf.save(path)


@pytest.mark.parametrize("damage, message", [
    (lambda g: _edit_info(g / "eights-cards.pdf", Producer="ReportLab PDF Library - (opensource)",
                          Subject="(unspecified)", Author="anonymous"),
     ["eights-cards.pdf: faces: Producer is 'ReportLab PDF Library - (opensource)', not cardgen",
      "eights-cards.pdf: faces: Subject is '(unspecified)'",
      "eights-cards.pdf: faces: Author is 'anonymous', not 'cardgen"]),
    (lambda g: _edit_info(g / "eights-rules.pdf", Title="Eights – rules, half-letter (60 letter cards)"),
     ["eights-rules.pdf: rules: the title 'Eights – rules, half-letter (60 letter cards)' does not name the "
      "variant built (64 letter cards)"]),
    (lambda g: _edit_xmp(g / "eights-reference.pdf", "<xmp:CreateDate>2026-01-01T00:00:00Z",
                         "<xmp:CreateDate>2025-06-01T00:00:00Z"),
     ["eights-reference.pdf: reference: the XMP date '2025-06-01T00:00:00Z' differs from the document information"]),
    (lambda g: _stale_date(g / "eights-scorepad-letter.pdf"),
     ["eights-scorepad-letter.pdf: -: dated 2024-01-01T00:00:00+00:00, the other PDFs 2026-01-01"]),
    (lambda g: _strip(g / "eights-rules-fold-letter.pdf"),
     ["eights-rules-fold-letter.pdf: rules-fold: the PDF has no title of its own",
      "eights-rules-fold-letter.pdf: rules-fold: no XMP metadata"]),
], ids=["library defaults", "another variant", "xmp date", "another build's date", "no metadata"])
def test_the_checker_fails_metadata_that_is_not_ours(copy_of_games, damage, message):
    out = copy_of_games("eights")
    damage(out / "eights")
    assert "pdf metadata: " in assert_check_catches(out, message)


def _stale_date(path: Path) -> None:
    _edit_info(path, CreationDate="D:20240101000000+00'00'", ModDate="D:20240101000000+00'00'")
    _edit_xmp(path, "<xmp:CreateDate>2026-01-01T00:00:00Z</xmp:CreateDate>\n   <xmp:ModifyDate>2026-01-01T00:00:00Z",
              "<xmp:CreateDate>2024-01-01T00:00:00Z</xmp:CreateDate>\n   <xmp:ModifyDate>2024-01-01T00:00:00Z")


def _strip(path: Path) -> None:
    """What the fold booklets were: no document information, no XMP."""
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        del pdf.trailer.Info
        del pdf.Root.Metadata
        pdf.save(path)
