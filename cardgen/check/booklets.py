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
        check_pages(path, rec, report, rel)
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
        if any(w < h for w, h in sizes):
            report.fail(rel(path), "fold booklet", "sheets must be landscape")
        else:
            check_fold_pages(path, report, rel)
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


def check_pages(path: Path, rec, report: GameReport, rel) -> None:
    """The booklet's make-up (check/bookletpages.py): a full-bleed cover, no page but the
    back cover under a quarter full, no heading at a page's foot, no printing words, a back
    cover with the components (its cards as many as the deck's) and the credits."""
    from . import bookletpages as bp

    try:
        pages = bp.read_pages(path)
    except pdfread.Unreadable:
        return  # reported by the page count
    if len(pages) < 2:
        return
    name = rel(path)
    if pages[0].ground is None or all(v >= 0.985 for v in pages[0].ground):
        report.fail(name, "page 1", "the cover is not full bleed: no color reaches every edge of the page")
    for number, full in enumerate(bp.fills(pages), 1):
        if number < len(pages) and full < bp.QUARTER:
            report.fail(name, f"page {number}", f"{full:.0%} full, under a quarter: only the back cover may be")
    for number, heading in bp.foot_headings(pages):
        report.fail(name, f"page {number}", f"ends with the heading “{heading[:60]}”, apart from its text")
    for number, words in bp.printing_words(pages):
        report.fail(name, f"page {number}", f"says how to print (“{words}”): that is the how-to-print page's to say")
    rows, credits = bp.components(pages[-1])
    if not rows:
        report.fail(name, f"page {len(pages)}", "the back cover lists no components (“In this kit”, a count a line)")
    if not credits:
        report.fail(name, f"page {len(pages)}", "the back cover has no credits")
    deck = getattr(rec, "deck", None)
    if rows and deck is not None and bp.cards_listed(rows) != len(deck.faces):
        report.fail(name, f"page {len(pages)}", f"the back cover lists {plural(bp.cards_listed(rows), 'card')}, "
                    f"the deck has {len(deck.faces)}")


def check_fold_pages(path: Path, report: GameReport, rel) -> None:
    """The fold sheets' halves as pages: none blank (a booklet with a back cover makes whole
    sheets), no printing words, the cover (the first side's right half) full bleed."""
    from . import bookletpages as bp

    try:
        halves = bp.read_pages(path, halves=True)
    except pdfread.Unreadable:
        return
    blank = [i for i, h in enumerate(halves) if not h.lines and not h.areas and h.ground is None]
    if blank:
        report.fail(rel(path), "fold booklet", f"{plural(len(blank), 'blank page')} "
                    f"({', '.join(f'side {i // 2 + 1} ' + ('left' if i % 2 == 0 else 'right') for i in blank)}): "
                    "the booklet's pages do not make whole sheets")
    if len(halves) > 1 and (halves[1].ground is None or all(v >= 0.985 for v in halves[1].ground)):
        report.fail(rel(path), "fold booklet", "the cover (side 1, right) is not full bleed")
    for number, words in bp.printing_words(halves):
        report.fail(rel(path), f"side {(number - 1) // 2 + 1}", f"says how to print (“{words}”): that is the "
                    "how-to-print page's to say")
