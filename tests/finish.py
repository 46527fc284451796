"""How a typeset booklet is finished, read from the PDF alone (pypdfium2 for its text lines
and a low-resolution rendering, pikepdf for where card pictures are drawn): the page-finish
rules of issue 27, shared by tests/test_booklet_finish.py and benchmarks/booklet_finish.py.

- no heading, and no line that leads into a list, table or figure, as a page's last line;
- no caption on the page after its figure (a figure that ends a page keeps its caption);
- no line break inside a run of numbers ("28 ·" / "32.");
- no page more than 40 % empty, unless what the next page starts with (a figure taller than
  the space left) could not fit: the title page, the one-page quick start and the last page
  are let be.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

FOOTER = re.compile(r"^(\d+ · .+|.+ · \d+)$")
MM_PER_PT = 25.4 / 72
EMPTY_LIMIT = 0.40
RUN_BREAK = re.compile(r"[·+=−×]$")  # a line ending inside a run: "28 ·", "7 +"
COMMA_RUN = (re.compile(r"\d,$"), re.compile(r"^\d+(?:[,.);]|$| and\b)"))  # "4, 8," / "12, 16": a list of numbers


def norm(text: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).replace("\u00a0", " ").split())


@dataclass
class Page:
    number: int
    lines: list  # (top mm from the page top, text), top to bottom, footer left out
    ink_bottom: float  # mm from the top: the lowest ink above the footer
    pictures: list = field(default_factory=list)  # (top, bottom) mm of each card picture
    rects: list = field(default_factory=list)  # (left, top, right, bottom) mm of each card picture


def read(pdf_path, frame_bottom_mm: float) -> list:
    """The booklet's pages: their text lines, lowest ink and card pictures."""
    import pikepdf
    import pypdfium2 as pdfium

    from cardgen.check.pdfread import content_digest, placements

    doc = pdfium.PdfDocument(str(pdf_path))
    pages = []
    for i in range(len(doc)):
        page = doc[i]
        height = page.get_height()
        text = page.get_textpage()
        lines = []
        for k in range(text.count_rects()):
            left, bottom, right, top = text.get_rect(k)
            words = norm(text.get_text_bounded(left, bottom, right, top))
            if words and not FOOTER.match(words):
                lines.append(((height - top) * MM_PER_PT, words, left * MM_PER_PT))
        lines.sort()
        merged: list = []  # rects of one line (a bold word, a dagger) joined
        for top, words, _ in lines:
            if merged and abs(merged[-1][0] - top) < 1.2:
                merged[-1] = (merged[-1][0], merged[-1][1] + " " + words)
            else:
                merged.append((top, words))
        image = page.render(scale=40 / 72, grayscale=True).to_pil()
        limit = int(image.height * (1 - (frame_bottom_mm - 1) / (height * MM_PER_PT)))
        rows = [y for y in range(min(limit, image.height)) if image.crop((0, y, image.width, y + 1)).getextrema()[0] < 200]
        ink_bottom = (rows[-1] + 1) / image.height * height * MM_PER_PT if rows else 0.0
        pages.append(Page(i + 1, merged, ink_bottom))
        pages[-1].raw = lines
    with pikepdf.open(pdf_path) as pdf:
        boxes = {content_digest(x.read_bytes()): [float(v) for v in x.BBox]
                 for page in pdf.pages for name, x in page.obj.Resources.get("/XObject", {}).items()
                 if name.startswith("/FormXob.pic")}
        for placed in placements(pdf):
            if placed.digest in boxes:
                x, y, w, h = placed.rect(boxes[placed.digest], float(pdf.pages[placed.page - 1].mediabox[3]))
                pages[placed.page - 1].pictures.append((y, y + h))
                pages[placed.page - 1].rects.append((x, y, x + w, y + h))
    for page in pages:  # the words printed on the cards are pictures, not lines of the text
        inside = [(t, w) for t, w, x in page.raw
                  if not any(l - 0.5 <= x <= r and tp - 0.5 <= t <= b for l, tp, r, b in page.rects)]
        page.lines = []
        for top, words in inside:
            if page.lines and abs(page.lines[-1][0] - top) < 1.2:
                page.lines[-1] = (page.lines[-1][0], page.lines[-1][1] + " " + words)
            else:
                page.lines.append((top, words))
    return pages


def problems(pdf_path, blocks, margins: tuple, page_height_mm: float, quick_start: bool = True) -> list:
    """Every page-finish rule the booklet breaks, one line each. blocks: its rule text
    (ruletext.Block), for the words of its headings, lead-ins and captions. margins: the
    booklet's (inner, outer, top, bottom) in mm."""
    top_mm, bottom_mm = margins[2], margins[3]
    frame_h = page_height_mm - top_mm - bottom_mm
    pages = read(pdf_path, bottom_mm)
    headings = [norm(b.text) for b in blocks if b.kind in ("h2", "h3")]
    lead_ins = [norm(b.text) for b, nxt in zip(blocks, blocks[1:])
                if b.kind == "para" and nxt.kind in ("list", "table", "figure") and norm(b.text).endswith(":")]
    captions = [norm(b.caption) for b in blocks if b.kind == "figure" and b.caption and b.label != "cover"]
    found = []
    for page in pages[:-1]:
        last = page.lines[-1][1] if page.lines else ""
        if page.lines and page.ink_bottom - page.lines[-1][0] > 10.0:
            continue  # a figure (or a table) follows its last line of text on the page
        if len(last) >= 6 and any(t.endswith(last) for t in headings):
            found.append(f"page {page.number} ends with the heading “{last}”")
        elif len(last) >= 6 and any(t.endswith(last) for t in lead_ins):
            found.append(f"page {page.number} ends with “{last}”, which leads into what the next page shows")
    for page, nxt in zip(pages, pages[1:]):
        tall = page.pictures and min(t for t, _ in page.pictures) < top_mm + 15.0  # a figure taller than a page
        if page.pictures and not tall and nxt.lines and max(b for _, b in page.pictures) >= page.ink_bottom - 1.0 \
                and any(c.startswith(nxt.lines[0][1][:40]) for c in captions if len(nxt.lines[0][1]) >= 10):
            found.append(f"page {page.number} ends with a figure whose caption is on page {nxt.number}")
    for page in pages:
        for (_, a), (_, b) in zip(page.lines, page.lines[1:]):
            if (RUN_BREAK.search(a) and re.match(r"^\d", b)) or (COMMA_RUN[0].search(a) and COMMA_RUN[1].match(b)):
                found.append(f"page {page.number} breaks a run of numbers: “{a[-20:]}” / “{b[:20]}”")
    exempt = {1, len(pages)} | ({2} if quick_start else set())
    for page, nxt in zip(pages, pages[1:]):
        if page.number in exempt:
            continue
        free = (page_height_mm - bottom_mm - page.ink_bottom) / frame_h
        if free <= EMPTY_LIMIT:
            continue
        head = [p for p in nxt.pictures if p[0] < top_mm + 12.0]  # a figure heading the next page (under its heading)
        bottom = max((b for _, b in head), default=0.0)
        for t, b in sorted(nxt.pictures):  # its rows, each starting where the one above ends
            if head and t <= bottom + 4.0:
                bottom = max(bottom, b)
        if head and bottom - top_mm > free * frame_h:
            continue  # what follows is a figure that could not fit: the text before it flowed as far as it may
        found.append(f"page {page.number} is {free:.0%} empty")
    return found


def rules_end(pdf_path, title: str) -> "int | None":
    """The page on which the section after `title` starts (from the booklet's outline),
    less one: the last page of that section and the ones before it."""
    import pypdf

    reader = pypdf.PdfReader(str(pdf_path))
    starts = [(str(o["/Title"]), reader.get_destination_page_number(o) + 1) for o in reader.outline
              if isinstance(o, dict)]
    names = [t for t, _ in starts]
    if title not in names or names.index(title) + 1 >= len(names):
        return None
    after = starts[names.index(title) + 1][1]
    lines = [norm(line) for line in (reader.pages[after - 1].extract_text() or "").splitlines()]
    first = next((line for line in lines if line and not FOOTER.match(line)), "")
    return after - 1 if first.startswith(names[names.index(title) + 1]) else after
