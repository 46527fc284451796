"""How a booklet's pages are made up, read from the PDF alone: what each page draws (its
text runs and filled areas, through check/legibility.py's reading of the content
streams) and so how full each page is, the heading at a page's foot, printing words on
a booklet's page, a full-bleed cover and the back cover's components and credits.

A booklet whose first page is a cover (a filled area over the whole page) is held to:

- every page but the last at least QUARTER full: the lowest thing it draws (the running
  footer left out) reaches a quarter of the way down the booklet's type area, which is
  the span its inner pages use between them;
- no page but the last ending with a heading (a text larger than the body type, with
  nothing drawn below it);
- no printing words ("double-sided", "short edge", "actual size", "staple", …): those
  belong on the how-to-print page;
- the cover's ground reaches every edge of the page (full bleed), in a color, not white;
- the last page is a back cover: "In this kit" with the components, each "N what" (the
  cards counted against the deck, where the game has one), and "Credits".

The fold file's sheets are read the same way, each half a page: a half that draws
nothing is a blank page, which a booklet with a back cover never needs.
Reads files only and imports nothing of the builder.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

QUARTER = 0.25
HEADING_RATIO = 1.1  # a heading's type is at least this much larger than the body's
EDGE_MM = 0.6  # a full-bleed ground reaches this near every edge
FOLIO = re.compile(r"^(\d+\s+·\s+.+|.+\s+·\s+\d+)$")
PRINTING = re.compile(r"double-sided|short edge|long edge|actual size|fit to page|staple|print at 100", re.I)
COMPONENT = re.compile(r"^(\d+)\s+(\S.*)$")


@dataclass
class Line:
    text: str
    size: float  # pt
    top: float  # mm from the page's top
    bottom: float
    left: float


@dataclass
class PageInk:
    width: float
    height: float
    lines: list = field(default_factory=list)  # Line, top to bottom, the footer left out
    folio: str = ""
    areas: list = field(default_factory=list)  # (x0, y0, x1, y1, rgb or None) of each filled area, not white
    ground: "tuple | None" = None  # the color of an area covering the whole page, when one does

    def bottom(self, below: float = 0.0) -> float:
        """The lowest thing drawn (mm from the top), or `below` when nothing is."""
        ends = [ln.bottom for ln in self.lines] + [a[3] for a in self.areas]
        return max(ends, default=below)

    def top(self) -> "float | None":
        starts = [ln.top for ln in self.lines] + [a[1] for a in self.areas]
        return min(starts, default=None)

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


def _white(rgb) -> bool:
    return rgb is not None and all(v >= 0.985 for v in rgb)


def read_pages(path: Path, halves: bool = False) -> list:
    """PageInk per page (halves: per half of each sheet, left then right, as a fold
    file's sheets hold two pages); kept by the file's digest (check/memo.py)."""
    from . import memo
    from .pdfread import file_digest

    return memo.kept("booklet-pages", f"{file_digest(Path(path))}:{int(halves)}", lambda: _read_pages(path, halves))


def _read_pages(path: Path, halves: bool) -> list:
    from .legibility import read_pdf
    from .pdfread import open_pdf, page_size

    with open_pdf(Path(path)) as pdf:
        sizes = [page_size(p) for p in pdf.pages]
    out = []
    for canvas, (w, h) in zip(read_pdf(path), sizes):
        parts = [(0.0, w / 2), (w / 2, w)] if halves else [(0.0, w)]
        for x0, x1 in parts:
            page = PageInk(x1 - x0, h)
            for region in canvas.regions:
                bx0, by0, bx1, by1 = region.bbox
                cx = (max(bx0, x0) + min(bx1, x1)) / 2
                if min(bx1, x1) - max(bx0, x0) <= 0.05 or not x0 <= cx <= x1:
                    continue
                covers = bx0 <= x0 + EDGE_MM and bx1 >= x1 - EDGE_MM and by0 <= EDGE_MM and by1 >= h - EDGE_MM
                if covers and page.ground is None and region.rgb is not None:
                    page.ground = region.rgb
                if covers or _white(region.rgb):
                    continue  # a ground is no content; white paints nothing
                page.areas.append((max(bx0, x0) - x0, by0, min(bx1, x1) - x0, by1, region.rgb))
            runs = []
            for t in canvas.texts:
                xs = [p[0] for p in t.points]
                ys = [p[1] for p in t.points]
                if not xs or not (x0 <= sum(xs) / len(xs) <= x1) or not t.text.strip():
                    continue
                pad = t.size_pt * 25.4 / 72 * 0.35  # the points lie over the middle of the letters
                runs.append(Line(t.text, t.size_pt, min(ys) - pad, max(ys) + pad, min(xs) - x0))
            page.lines = _join(runs)
            if page.lines and FOLIO.match(page.lines[-1].text.strip()):
                page.folio = page.lines.pop().text
            out.append(page)
    return out


def _join(runs: list) -> list:
    """Text runs on one baseline (a bold word, a dagger, a component's count) as one line."""
    lines: list = []
    for run in sorted(runs, key=lambda r: (round(r.bottom, 0), r.left)):
        last = lines[-1] if lines else None
        if last is not None and abs(last.bottom - run.bottom) < 1.0:
            last.text = f"{last.text} {run.text}".strip() if run.left > last.left else f"{run.text} {last.text}"
            last.size, last.top = max(last.size, run.size), min(last.top, run.top)
            last.left = min(last.left, run.left)
        else:
            lines.append(Line(run.text, run.size, run.top, run.bottom, run.left))
    return lines


def fills(pages: list) -> list:
    """How full each page is: from the top of the type area (the highest thing the inner
    pages draw) to the lowest thing on the page, over the type area's height (to the lowest
    thing any inner page draws, footers left out). The covers count as full."""
    inner = pages[1:-1] or pages
    tops = [p.top() for p in inner if p.top() is not None]
    if not tops:
        return [1.0] * len(pages)
    top = min(tops)
    foot = max(p.bottom(top) for p in inner)
    span = max(foot - top, 1.0)
    out = []
    for i, page in enumerate(pages):
        if i in (0, len(pages) - 1):
            out.append(1.0)
        else:
            out.append(max(0.0, page.bottom(top) - top) / span)
    return out


def body_size(pages: list) -> float:
    """The body type: the size most of the inner pages' characters are set in."""
    count: Counter = Counter()
    for page in pages[1:-1]:
        for line in page.lines:
            count[round(line.size, 1)] += len(line.text)
    return count.most_common(1)[0][0] if count else 0.0


def foot_headings(pages: list) -> list:
    """(page number, heading) for each inner page whose last thing drawn is a heading."""
    body = body_size(pages)
    found = []
    for number, page in enumerate(pages[1:-1], 2):
        if not page.lines or not body:
            continue
        last = page.lines[-1]
        below = [a for a in page.areas if a[3] > last.bottom + 0.5]
        if last.size >= body * HEADING_RATIO and not below:
            found.append((number, last.text))
    return found


def printing_words(pages: list) -> list:
    """(page number, the words) of each page that tells how to print."""
    out = []
    for number, page in enumerate(pages, 1):
        m = PRINTING.search(" ".join(page.text().split()))
        if m:
            out.append((number, m.group(0)))
    return out


def components(page: PageInk) -> "tuple[list, bool]":
    """The back cover's components ((count, what), …, the lines under "In this kit" up to
    "Credits") and whether it has its credits."""
    texts = [" ".join(ln.text.split()) for ln in page.lines]
    if "In this kit" not in texts:
        return [], "Credits" in texts
    start = texts.index("In this kit") + 1
    end = texts.index("Credits") if "Credits" in texts[start:] else len(texts)
    rows = [COMPONENT.match(t) for t in texts[start:end]]
    credits = "Credits" in texts and any(t for t in texts[end + 1:] if t)
    return [(int(m.group(1)), m.group(2)) for m in rows if m], credits


def cards_listed(rows: list) -> int:
    """The cards the components count: rows of "N … cards", aid cards apart."""
    return sum(n for n, what in rows if re.search(r"\bcards?\b", what) and "aid" not in what)
