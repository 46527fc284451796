"""Draw an imposition plan (layout/imposition.py) into a multi-page PDF.

The cards are not drawn again: each page of the card PDF (and of the back PDF) that
was just written becomes a form XObject, copied once into the sheets and placed
wherever the plan puts it, clipped to the bleed the plan keeps (pikepdf does the
copying, without parsing a content stream). Text stays text, a back used 70 times
is stored once, and the sheets cost what their crop marks and labels cost, which
reportlab draws.
"""
from __future__ import annotations

from pathlib import Path

from ..layout.imposition import Page
from .pageforms import page_form
from ..draw.pdf import LONG_EDGE, PT_PER_MM, SIMPLEX, print_setup_pdf, save_pdf, vector_document
from ..draw.pdfmeta import on_pikepdf
from ..draw.subsets import unify

MARK_WIDTH_MM = 0.2
INK = (0.11, 0.14, 0.19)


def write_sheets(pages: list[Page], faces_pdf: Path, backs_pdf: Path, back_of: list, bleed: float, path: Path,
                 meta, fonts, correction=None, cards: "list | None" = None, aids: "tuple | None" = None) -> int:
    """faces_pdf holds card i on page i+1; backs_pdf the distinct backs, back_of[i] card i's.
    Both were made with this bleed (a page is the card plus its bleed all round); fonts
    (the theme's FontSet) sets the labels; meta: the file's metadata (draw/pdfmeta.py). correction (layout/printer.py) maps each page
    as the printer profile asks; cards: the deck index of each card the plan places
    (a reprint), default the deck in order. aids: (the player aid PDF, the page of each aid
    card): the plan's cards after the deck's are these, each backed with the deck's first back."""
    import io

    import pikepdf

    from ..draw.pdfcanvas import CanvasContext, flip
    from ..layout.printer import IDENTITY, page_maps, pdf_matrix

    marks = io.BytesIO()  # the marks and labels, in memory until the cards join them
    canvas = vector_document(marks, None, (pages[0].width * PT_PER_MM, pages[0].height * PT_PER_MM), fonts)
    for page in pages:
        canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        flip(canvas, page.height * PT_PER_MM)
        canvas.scale(PT_PER_MM, PT_PER_MM)
        extra = page_maps(correction, page.side, page.width, page.height)[1] if correction else IDENTITY
        _decorate(CanvasContext(canvas, fonts), page, extra)
        canvas.showPage()
    canvas.save()
    marks.seek(0)

    k = PT_PER_MM
    from contextlib import ExitStack

    with ExitStack() as files:
        sheets, faces, backs = (files.enter_context(pikepdf.open(p)) for p in (marks, faces_pdf, backs_pdf))
        aid_pdf = files.enter_context(pikepdf.open(aids[0])) if aids else None
        sources = {False: faces, True: backs, "aid": aid_pdf}
        forms: dict = {}
        later: list = []  # (sheet page, aid page, name): the aid cards' forms, added once the fonts are one

        def form(back, index: int):
            if (back, index) not in forms:
                source = sources[back]
                forms[(back, index)] = sheets.copy_foreign(page_form(source, source.pages[index]))
            return forms[(back, index)]
        for page, sheet in zip(pages, sheets.pages):
            whole, extra = page_maps(correction, page.side, page.width, page.height) if correction else (IDENTITY,) * 2
            ops = ["q " + _cm(pdf_matrix(whole, page.height))] if whole != IDENTITY else []
            for p in page.placements:
                card = cards[p.card] if cards is not None else p.card
                if aids and card >= len(back_of) and not p.back:  # a player aid card, after the deck
                    index = aids[1][card - len(back_of)]
                    name = f"/Aid{index}"
                    later.append((sheet, index, name))
                else:
                    index = (back_of[card] if card < len(back_of) else 0) if p.back else card
                    name = f"/{'Back' if p.back else 'Card'}{index}"  # fixed names: reproducible files
                    sheet.add_resource(form(p.back, index), pikepdf.Name.XObject, name=pikepdf.Name(name))
                clip_y = page.height - p.clip.y - p.clip.h  # the plan measures down from the top
                turn = _cm(pdf_matrix(extra, page.height)) + " " if p.back and extra != IDENTITY else ""
                ops.append(f"q {turn}{p.clip.x * k:.3f} {clip_y * k:.3f} {p.clip.w * k:.3f} {p.clip.h * k:.3f} re W n "
                           f"{_matrix(p, page.height, bleed)} cm {name} Do Q")
            # the cards go under the marks and labels; the page map holds for both
            sheet.contents_add(pikepdf.Stream(sheets, "\n".join(ops).encode("ascii")), prepend=True)
            if whole != IDENTITY:
                sheet.contents_add(pikepdf.Stream(sheets, b"Q"))
        unify(sheets, fonts)  # the labels' subsets and the cards' become one per font
        # the aid cards join after: their text stays as <game>-player-aids.pdf draws it (the
        # checker tells them by it), their subsets tagged apart from the cards' (draw/subsets.py)
        for sheet, index, name in later:
            sheet.add_resource(form("aid", index), pikepdf.Name.XObject, name=pikepdf.Name(name))
        print_setup_pdf(sheets, LONG_EDGE if any(p.side == "backs" for p in pages) else SIMPLEX)
        on_pikepdf(sheets, meta, "reportlab, pikepdf")
        tmp = path.with_name(path.name + ".part")
        save_pdf(sheets, tmp)
    tmp.replace(path)
    return len(pages)


def _cm(m: tuple) -> str:
    return " ".join(f"{v:.6f}" for v in m) + " cm"


def _matrix(p, page_h: float, bleed: float) -> str:
    """The matrix that puts a card page (its trim plus bleed, origin at its lower left) on
    its place on the sheet, turned as the plan says (the plan's trim is the turned card's)."""
    k = PT_PER_MM
    x0, y0 = (p.trim.x - bleed) * k, (page_h - p.trim.bottom - bleed) * k  # lower left of the placed bleed box
    if p.turn == 0:
        a, b, c, d, e, f = 1, 0, 0, 1, x0, y0
    elif p.turn == 1:  # counterclockwise: the card's top to the left
        a, b, c, d, e, f = 0, 1, -1, 0, x0 + (p.trim.w + 2 * bleed) * k, y0
    else:  # clockwise: the card's top to the right
        a, b, c, d, e, f = 0, -1, 1, 0, x0, y0 + (p.trim.h + 2 * bleed) * k
    return f"{a} {b} {c} {d} {e:.3f} {f:.3f}"


def _decorate(ctx, page: Page, back_map: tuple) -> None:
    """Crop marks, fold lines, labels and the calibration bar. A gutterfold sheet's backs'
    half (its back marks, and the labels and bar in its margins) goes through back_map
    (page mm), as its backs do: the whole half moves together."""
    fold = page.width / 2 if page.side == "sheet" else None

    def on_backs(item) -> bool:
        return fold is not None and item.x > fold

    _lines(ctx, page.marks, dashed=False)
    _lines(ctx, page.folds, dashed=True)
    for moved in (False, True):
        if moved:
            ctx.save()
            ctx.canvas.transform(*back_map)
            _lines(ctx, page.back_marks, dashed=False)
        for label in page.labels:
            if on_backs(label) == moved:
                _text(ctx, label.text, label.x, label.y, label.size_pt, label.vertical, label.room)
        for ruler in page.rulers:
            if on_backs(ruler) == moved:
                _ruler(ctx, ruler)
        if moved:
            ctx.restore()


def _lines(ctx, lines, dashed: bool) -> None:
    if not lines:
        return
    ctx.save()
    ctx.set_source_rgb(*INK)
    ctx.set_line_width(MARK_WIDTH_MM)
    if dashed:
        ctx.set_dash([2.0, 1.5])
    for line in lines:
        ctx.move_to(line.x1, line.y1)
        ctx.line_to(line.x2, line.y2)
    ctx.stroke()
    ctx.restore()


def _text(ctx, text: str, x: float, y: float, size_pt: float, vertical: bool, room: float = 0.0,
          align: str = "centre") -> None:
    """Text centred on (x, y) (or starting there), smaller when it is longer than room;
    vertical text reads bottom to top."""
    ctx.save()
    ctx.select_font_face(ctx.fonts.role("text"))
    ctx.set_font_size(size_pt / PT_PER_MM)
    ctx.set_source_rgb(*INK)
    ext = ctx.text_extents(text)  # (x_bearing, y_bearing, width, height, x_advance, y_advance)
    if room and ext[4] > room:
        size_pt *= room / ext[4]
        ctx.set_font_size(size_pt / PT_PER_MM)
        ext = ctx.text_extents(text)
    ctx.translate(x, y)
    if vertical:
        ctx.rotate(-3.141592653589793 / 2)
    ctx.move_to(-ext[4] / 2 if align == "centre" else 0.0, size_pt / PT_PER_MM * 0.35)
    ctx.show_text(text)
    ctx.restore()


def _ruler(ctx, ruler) -> None:
    """A bar of known length with end ticks, its length written after it: measure it to
    check the scale. A vertical bar runs down the page; its length is written above it."""
    ctx.save()
    ctx.set_source_rgb(*INK)
    ctx.set_line_width(0.25)
    ctx.translate(ruler.x, ruler.y)
    if ruler.vertical:
        ctx.rotate(3.141592653589793 / 2)
    ctx.move_to(0, 0)
    ctx.line_to(ruler.length, 0)
    for t in (0, ruler.length):
        ctx.move_to(t, -1.2)
        ctx.line_to(t, 1.2)
    ctx.stroke()
    ctx.restore()
    if ruler.vertical:
        _text(ctx, ruler.label, ruler.x, ruler.y - 1.5, 7.0, True, align="start")
    else:
        _text(ctx, ruler.label, ruler.x + ruler.length + 1.5, ruler.y, 7.0, False, align="start")
