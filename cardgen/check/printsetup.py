"""Check that every PDF sets the printer up: /ViewerPreferences asking for actual size
(/PrintScaling /None) and, for what is printed, single- or double-sided with the flip
edge its layout needs; and that the first page of the print sheets says so in words (sides, flip edge, actual size, card stock, where to cut or fold).

Which file wants what, stated from the file names and the build record:
<game>-print-<paper>.pdf and a reprint's <game>-reprint-<paper>.pdf: duplex sheets flip
on the long edge, fronts-only and gutterfold sheets are single-sided;
<game>-rules-fold-<paper>.pdf flips on the short edge; a calibration sheet
(calibration[-check]-<paper>.pdf, should one be written into a game's folder) flips on
the long edge and says so; the booklet in reading order only asks for actual size; every
other PDF is single-sided.
"""
from __future__ import annotations

import re
from pathlib import Path

from . import pdfread
from .report import GameReport

SIMPLEX, LONG_EDGE, SHORT_EDGE = "/Simplex", "/DuplexFlipLongEdge", "/DuplexFlipShortEdge"
SHEET_WORDS = {"duplex": ("double-sided", "long edge", "actual size", "card stock", "cut"),
               "fronts": ("single-sided", "actual size", "card stock", "cut"),
               "gutterfold": ("single-sided", "actual size", "card stock", "fold", "cut")}
CALIBRATION_WORDS = ("both sides", "long edge", "100 %")


def _wants(game: str, name: str, rec) -> tuple:
    """(the /Duplex the file asks for or None, the words its first page says or ())."""
    if re.fullmatch(rf"{re.escape(game)}-(re)?print-[a-z0-9]+\.pdf", name):
        layout = rec.home_print.layout if rec.home_print is not None else "duplex"
        return (LONG_EDGE if layout == "duplex" else SIMPLEX), SHEET_WORDS.get(layout, ())
    if re.fullmatch(rf"{re.escape(game)}-rules-fold-[a-z0-9]+\.pdf", name):
        return SHORT_EDGE, ()  # its printing words are the how-to-print page's (check/howto.py)
    if re.fullmatch(r"calibration(-check)?-[a-z0-9]+\.pdf", name):
        return LONG_EDGE, CALIBRATION_WORDS
    if re.fullmatch(rf"{re.escape(game)}-rules(-[a-z0-9]+)?\.pdf", name):
        return None, ()
    return SIMPLEX, ()


def check_print_setup(game: str, game_dir: Path, rec, report: GameReport, rel) -> None:
    checked = 0
    for path in sorted(game_dir.glob("*.pdf")):
        duplex, words = _wants(game, path.name, rec)
        try:
            pdf = pdfread.open_pdf(path)
        except pdfread.Unreadable:
            continue  # reported by the checks that read the file for its pages
        with pdf:
            prefs = pdf.Root.get("/ViewerPreferences", {})
            scaling, got = str(prefs.get("/PrintScaling", "")), str(prefs.get("/Duplex", ""))
            if scaling != "/None":
                report.fail(rel(path), "print setup", f"/PrintScaling is {scaling or 'not set'}, expected /None "
                            "(actual size: a reader's 'fit to page' shrinks the cards)")
            if duplex and got != duplex:
                report.fail(rel(path), "print setup", f"/Duplex is {got or 'not set'}, expected {duplex}")
            if words and len(pdf.pages):
                text = pdfread.page_text(pdf, 1).lower()
                missing = [w for w in words if w not in text]
                if missing:
                    report.fail(rel(path), "page 1", f"does not say {', '.join(repr(w) for w in missing)}: the "
                                "first page tells how to print it")
        checked += 1
    if checked:
        report.summary.append(f"{checked} PDFs set up to print at actual size, single- or double-sided as they need")
