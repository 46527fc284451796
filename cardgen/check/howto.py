"""Check the kit's how-to-print pages (how-to-print-<paper>.pdf at the top of the folder).

Stated from the build records and the manifest, not from the code that writes the pages:

- every paper any game's card sheets were made for has its page, listed in manifest.json
  (game "kit", kind "how-to-print"), one page of that paper's size that names the paper (a
  list of files too long for it runs on over continuation pages, MAX_PAGES in all);
- every file the page names (a path ending in .pdf; set-{a..l}/ in a path names the file in
  each of those set folders, as a shell expands it) is one the manifest lists, and every
  PDF of a game the manifest lists whose name ends in -<paper>.pdf (what is printed on
  that paper) is named;
- each game's card sheets for that paper are named (every set's, for class sets), and the
  line after the name says how many sheets of how many cards, which way up, how they print
  (both sides flipped on the long edge, one side, or one side then folded) and on card
  stock: the counts are the checker's own (homeprint.grid), from the recorded card, bleed,
  layout and printer margins;
- card sheets that carry player aid cards after the deck (home_print.aids) say how many
  of the deck's cards, then how many aid cards, and the sheet the aids start on;
- the cutting pictures are the grids the card sheets were laid in: each caption "C across,
  R down, turned|upright" is one of a listed card sheet's grid (homeprint.shape), and each
  such grid has its picture.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

from . import pdfread
from .homeprint import grid, shape, sheet_margins
from .paper import PAPERS
from .report import GameReport

KIT, KIND = "kit", "how-to-print"
PAGE = re.compile(r"how-to-print-([a-z0-9]+)\.pdf")
NAMED = re.compile(r"[A-Za-z0-9][\w.{}-]*(?:/[\w.{}-]+)*\.pdf")
SETS = re.compile(r"\{([a-z])\.\.([a-z])\}")
PAPER_NAMES = {"letter": "Letter", "a4": "A4"}
SIDES = {"duplex": "both sides, flip on the long edge", "fronts": "one side", "gutterfold": "one side, then fold"}
TOL_MM = 0.5
FOLD_SAYS = ("both sides", "short edge", "fold", "staple")  # what the page says of a fold booklet
DIAGRAM = re.compile(r"(\d+) across, (\d+) down, (turned|upright)")


def check_howto(out: Path, data: dict, records: dict) -> GameReport:
    report = GameReport("how to print")
    listed = {e.get("path") for e in data["files"] if isinstance(e, dict) and isinstance(e.get("path"), str)}
    pages = {}
    for e in data["files"]:
        if isinstance(e, dict) and e.get("game") == KIT and e.get("kind") == KIND:
            m = PAGE.fullmatch(e["path"]) if isinstance(e.get("path"), str) else None
            if m is None:
                report.fail(str(e.get("path"))[:80], "-", "a how-to-print page must be how-to-print-<paper>.pdf at "
                            "the top of the folder")
                continue
            pages[m.group(1)] = e["path"]
    printed = {}  # paper -> games whose card sheets were made for it
    for name, rec in records.items():
        info = getattr(rec, "home_print", None)
        for paper in info.papers if info is not None else ():
            printed.setdefault(paper, []).append(name)
    for paper in sorted(set(printed) - set(pages)):
        report.fail(f"how-to-print-{paper}.pdf", "-", f"missing: the kit's card sheets are made for {paper}, and "
                    "its first page says how to print them; rebuild")
    for paper, path in sorted(pages.items()):
        if paper not in PAPERS:
            report.fail(path, "-", f"unknown paper {paper!r}")
            continue
        if (out / path).is_symlink() or not (out / path).is_file():
            continue  # the manifest's own check reports it, and nothing is read through a link
        try:
            pdf = pdfread.open_pdf(out / path)
        except pdfread.Unreadable as exc:
            report.fail(path, "-", f"not a readable PDF ({exc})")
            continue
        with pdf:
            before = len(report.violations)
            named = _check_page(pdf, path, paper, printed.get(paper, []), records, listed, report)
            if len(report.violations) == before:
                count = "one" if len(pdf.pages) == 1 else str(len(pdf.pages))
                report.summary.append(f"{path}: {count} {PAPER_NAMES[paper]} page{'s' if len(pdf.pages) > 1 else ''} "
                                      f"naming {named} "
                                      f"file{'s' if named != 1 else ''} of the kit, each one it holds; the card "
                                      "sheets and their cutting pictures as the records lay them out")
    return report


MAX_PAGES = 4  # a class kit of twelve sets runs its list of files on over a second page


def _check_page(pdf, path: str, paper: str, games: list, records: dict, listed: set, report: GameReport) -> int:
    if not 1 <= len(pdf.pages) <= MAX_PAGES:
        report.fail(path, "-", f"{len(pdf.pages)} pages: the kit's first page is one page, its list of files "
                    f"running on over {MAX_PAGES} at most")
        return 0
    want = PAPERS[paper]
    for number, page in enumerate(pdf.pages, 1):
        w, h = pdfread.page_size(page)
        if abs(w - want[0]) > TOL_MM or abs(h - want[1]) > TOL_MM:
            report.fail(path, f"page {number}", f"{w:.1f} × {h:.1f} mm, expected {paper} ({want[0]:g} × {want[1]:g})")
    # the list of files reads on from page to page: its lines are read as one text
    lines = [line for number in range(1, len(pdf.pages) + 1) for line in pdfread.page_text(pdf, number).splitlines()]
    text = "\n".join(lines)
    if f"{PAPER_NAMES[paper]} paper" not in text:
        report.fail(path, "page 1", f"does not say it is for {PAPER_NAMES[paper]} paper")
    line_of = {}  # each file named -> the line naming it
    for i, line in enumerate(lines):
        for name in _expand(line.strip()) if NAMED.fullmatch(line.strip()) else ():
            line_of.setdefault(name, i)
    names = [n for found in NAMED.findall(text) for n in _expand(found) if not PAGE.fullmatch(n)]
    for name in names:
        if name not in listed:
            report.fail(path, "page 1", f"names {name[:80]}, which the kit does not hold (manifest.json lists no such file)")
    for name in sorted(f for f in listed if isinstance(f, str) and f.split("/")[0] in records
                       and f.endswith(f"-{paper}.pdf") and f not in names):
        report.fail(path, "page 1", f"does not name {name}, which the kit prints on {paper}")
    for name, at in sorted(line_of.items()):  # a fold booklet's pages hold no printing words: this page does
        if re.search(r"-rules-fold-[a-z0-9]+\.pdf$", name):
            detail = " ".join(_following(lines, at))
            missing = [w for w in FOLD_SAYS if w not in detail]
            if missing:
                report.fail(path, "page 1", f"says of {name} {detail[:120]!r}, without {', '.join(map(repr, missing))}:"
                            " how to print, fold and staple the booklet")
    drawn = {(int(c), int(r), t == "turned") for c, r, t in DIAGRAM.findall(text)}
    laid = set()
    for game in games:
        rec = records[game]
        info = rec.home_print
        stem = "print" if info.cards is None else "reprint"
        folders = [f"{game}/set-{letter.lower()}" for letter in rec.sets.letters] if rec.sets is not None else [game]
        count, turned = grid(info.layout, PAPERS[paper], rec.card.trim_mm, rec.card.bleed_mm,
                             sheet_margins(info.layout, info.printer.margins_mm))
        laid.add(shape(info.layout, PAPERS[paper], rec.card.trim_mm, rec.card.bleed_mm,
                       sheet_margins(info.layout, info.printer.margins_mm)))
        aids = sum(a.sides * a.copies for a in info.aids) if info.cards is None else 0
        cards = (len(rec.deck.faces) if info.cards is None else len(info.cards)) + aids
        sheets = math.ceil(cards / count) if count else 0
        says = (f"{sheets} sheet{'s' if sheets != 1 else ''} of {count} cards, {'turned' if turned else 'upright'}",
                SIDES.get(info.layout, "?"), "card stock")
        if aids:  # the player aid cards after the deck: their count and the sheet they start on
            says += (f"{len(rec.deck.faces)} cards, then {aids} player aid cards",
                     f"from sheet {len(rec.deck.faces) // count + 1}" if count else "")
        for folder in folders:
            name = f"{folder}/{game}-{stem}-{paper}.pdf"
            at = line_of.get(name)
            if at is None:
                report.fail(path, "page 1", f"does not name {name}, the card sheets to print on {paper}")
                continue
            detail = " ".join(_following(lines, at))
            missing = [w for w in says if w not in detail]
            if missing:
                report.fail(path, "page 1", f"says of {name} {detail[:120]!r}, where the record has "
                            f"{'; '.join(says)}")
    say = lambda g: f"{g[0]} across, {g[1]} down, {'turned' if g[2] else 'upright'}"  # noqa: E731
    for g in sorted(drawn - laid):
        report.fail(path, "page 1", f"draws a cutting picture of {say(g)}, a grid no card sheet of {paper} is laid in "
                    f"(the records lay out {'; '.join(say(x) for x in sorted(laid)) or 'none'})")
    for g in sorted(laid - drawn):
        report.fail(path, "page 1", f"draws no cutting picture of the card sheets' grid, {say(g)}")
    return len(set(names))


def _following(lines: list, at: int) -> list:
    """The description after the line naming a file: the lines up to the next file's name
    (a wrapped description takes two or three)."""
    out = []
    for line in lines[at + 1:at + 4]:
        if NAMED.fullmatch(line.strip()):
            break
        out.append(line.strip())
    return out


def _expand(name: str) -> list:
    """set-{a..l} in a name: the name in each set folder from a to l; at most 26."""
    m = SETS.search(name)
    if m is None:
        return [name]
    first, last = ord(m.group(1)), ord(m.group(2))
    return [name[:m.start()] + chr(c) + name[m.end():] for c in range(first, min(last, first + 25) + 1)]
