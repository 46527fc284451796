"""Check a game's printed rules: the booklet exists and has pages of the size it
names, the fold file holds them two-up in saddle-stitch order (padded to a multiple
of 4), each player aid is one page of its booklet's size, the score pads one page
each; the booklet's title names its game; and its "About this edition" section lists
the game's table of readings as the variant applies it (check/edition.py).

The title is read from the PDF's metadata (document info, else XMP dc:title), which
the booklet writer sets: reading it costs a few milliseconds where extracting every
page's text cost most of a check."""
from __future__ import annotations

from pathlib import Path

from ..words import plural
from . import pdfread
from .deckfiles import pdf_page_sizes
from .paper import BOOKLET_PAGES
from .report import GameReport


def padded(pages: int) -> int:
    """Saddle stitching folds sheets of 4 pages: at least one sheet, blanks to fill the last."""
    return max(4, -(-pages // 4) * 4)


def pdf_title(path: Path) -> str:
    """The document title, or "" when the file has none (or cannot be read)."""
    try:
        with pdfread.open_pdf(path) as pdf:
            title = pdf.docinfo.get("/Title")
            if title is None:
                title = pdf.open_metadata().get("dc:title")
            return str(title or "")
    except Exception:  # unreadable files are reported by the page count
        return ""


def _wrong_page_size(sizes: list, page: str) -> "str | None":
    """What is wrong with the page sizes of a booklet or aid recorded as page, or None."""
    want = BOOKLET_PAGES.get(page)
    if want is None:
        return f"page size {page!r} is none of {', '.join(BOOKLET_PAGES)}"
    for i, (w, h) in enumerate(sizes, 1):
        if abs(w - want[0]) > 0.5 or abs(h - want[1]) > 0.5:
            return f"page {i} is {w:.1f} × {h:.1f} mm, not {page} ({want[0]:g} × {want[1]:g} mm)"
    return None


def _sizes(path: Path, kind: str, report: GameReport, rel) -> "list | None":
    """The PDF's page sizes, or None with the failure reported."""
    sizes = pdf_page_sizes(path, report, rel) if path.exists() else None
    if sizes is None:
        report.fail(rel(path), kind, "missing or unreadable")
    return sizes


def check_rules(game_dir: Path, rec, title: str, report: GameReport, rel, game: str) -> None:
    info = rec.rules
    if info is None:
        return
    for name, meta in info.booklet.items():
        path = game_dir / name
        if not path.exists():
            report.fail(rel(path), "booklet", "missing")
            continue
        sizes = pdf_page_sizes(path, report, rel)
        if sizes is None:
            continue
        if len(sizes) != meta.pages:
            report.fail(rel(path), "booklet", f"{plural(len(sizes), 'page')}, the build recorded {meta.pages}")
        if len(sizes) < 2:
            report.fail(rel(path), "booklet", f"{len(sizes)} page(s); a booklet has a title page and the rules")
        wrong = _wrong_page_size(sizes, meta.page)
        if wrong:
            report.fail(rel(path), "booklet", wrong)
        found = pdf_title(path)
        if title not in found:
            report.fail(rel(path), "booklet", f"the title {found!r} does not name {title}")
        from .edition import check_edition

        check_edition(path, game, info.readings, report, rel)
        report.summary.append(f"{name}: {len(sizes)} pages ({meta.page})"
                              + (f", {len(info.readings)} readings listed as the table gives them, each marked †"
                                 if info.readings else ""))
    for name, meta in info.fold.items():
        path = game_dir / name
        sizes = _sizes(path, "fold booklet", report, rel)
        if sizes is None:
            continue
        want = padded(meta.booklet_pages) // 2
        if len(sizes) != want:
            report.fail(rel(path), "fold booklet", f"{plural(len(sizes), 'side')}, expected {want} for "
                        f"{meta.booklet_pages} pages padded to {padded(meta.booklet_pages)}")
        elif any(w < h for w, h in sizes):
            report.fail(rel(path), "fold booklet", "sheets must be landscape")
    for name, meta in info.reference.items():
        path = game_dir / name
        sizes = _sizes(path, "player aid", report, rel)
        if sizes is None:
            continue
        if len(sizes) != 1:
            report.fail(rel(path), "player aid", f"{plural(len(sizes), 'page')}, expected one")
        wrong = _wrong_page_size(sizes, meta.page)
        if wrong:
            report.fail(rel(path), "player aid", wrong)
        report.summary.append(f"{name}: player aid, {plural(len(sizes), 'page')} ({meta.page})")
    singles = list(info.scorepad) + list(info.tournament)
    for name in singles:
        path = game_dir / name
        sizes = pdf_page_sizes(path, report, rel) if path.exists() else None
        if sizes is None:
            report.fail(rel(path), "-", "missing or unreadable")
        elif len(sizes) != 1:
            report.fail(rel(path), "-", f"{plural(len(sizes), 'page')}, expected one")
