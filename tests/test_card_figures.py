"""Card pictures read at every level (issue 27, item 3): for full, colors and bare faces, in
low ink, standard and large print, the booklet's figures (a sequence laid overlapping, a
facing pair, the setup picture) show each card's edge on white paper, print the numbers a
reader must read at 6 pt or more, never run wider than the text column, and show what
the level's cards show (a "?" at the colors level, no arrow at the bare level).

Measured in the PDF: where each card is drawn (its form's placement), the ink along its
edge in a rendering, and the text inside it."""
from __future__ import annotations

import pytest

from cardgen.documents.booklet import BOOKLET_MARGINS, PAGE_SIZES
from cardgen.draw.pdfmeta import meta_for
from cardgen.layout.figure import MIN_PRINTED_PT, PT_MM

LEVELS = [(level, large) for level in ("full", "colors", "bare") for large in (False, True)]
DPI = 100


def figures_pdf(folder, level: str, large: bool):
    """A booklet of the three kinds of figure, drawn from a low-ink 8 × 8 deck of the level:
    (pdf path, {picture digest: Picture})."""
    from cardgen.builders.str8eight import pictures
    from cardgen.documents.booklet import write_booklet
    from cardgen.documents.ruletext import parse
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.options import BuildOptions
    from cardgen.theme import theme_for

    options = BuildOptions(scaffold=level, large_print=large, low_ink=True)
    theme = theme_for(options)
    cards = pictures(options, theme)
    text = ("# Figures\n\n## Strip\n\n[[strip: 1 2 4 8 12 16 20 24]]\nFigure: a sequence\n\n"
            "## Pair\n\n[[facing: 4 8]]\nFigure: a pair\n\n"
            "## Setup\n\n[[setup: hand 7 12 28 = Your hand | back = Draw pile | empty = Discard pile]]\n")
    path = folder / f"{level}-{'large' if large else 'standard'}.pdf"
    write_booklet(parse(text), path, PAGE_SIZES["letter"], "Figures", register_reportlab_fonts(theme.fonts), cards,
                  meta=meta_for("rules", "Figures"))
    return path, cards


def placed_cards(path) -> list:
    """(page, x, y, w, h mm from the page's top left, form digest) of every card drawn."""
    import pikepdf

    from cardgen.check.pdfread import content_digest, placements

    found = []
    with pikepdf.open(path) as pdf:
        forms = {content_digest(x.read_bytes()): (x, [float(v) for v in x.BBox])
                 for page in pdf.pages for name, x in page.obj.Resources.get("/XObject", {}).items()
                 if name.startswith("/FormXob.pic")}
        for placed in placements(pdf):
            if placed.digest in forms:
                x, y, w, h = placed.rect(forms[placed.digest][1], float(pdf.pages[placed.page - 1].mediabox[3]))
                found.append((placed.page, x, y, w, h, placed.digest))
    return found


def edge_seen(image, x_mm: float, y_mm: float, h_mm: float) -> bool:
    """Whether a vertical line of ink runs down x_mm at a card's height (a third, a half and
    two thirds down): the darkest of three pixels across it, at each, darker than paper."""
    px = round(x_mm / 25.4 * DPI)
    return all(min(image.getpixel((px + dx, round((y_mm + h_mm * t) / 25.4 * DPI))) for dx in (-1, 0, 1)) < 200
               for t in (0.3, 0.5, 0.7))


@pytest.fixture(scope="module")
def figure_pdfs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("figures")
    return {key: figures_pdf(folder, *key) for key in LEVELS}


@pytest.mark.parametrize("level, large", LEVELS)
def test_figures_read_at_every_level(figure_pdfs, level, large):
    import pypdfium2 as pdfium

    path, cards = figure_pdfs[(level, large)]
    page_w = PAGE_SIZES["letter"].width
    inner, outer = BOOKLET_MARGINS[:2]
    drawn = placed_cards(path)
    faces = {}
    for name in ("1", "2", "4", "8", "12", "16", "20", "24", "7", "28"):
        picture = cards(name)
        faces[picture.face] = picture
    assert len(drawn) >= 8 + 2 + 3
    doc = pdfium.PdfDocument(str(path))
    rendered = {}
    smallest = []
    for page, x, y, w, h, _ in drawn:
        # never wider than the text column of its page
        left = inner if page % 2 else outer
        assert x >= left - 0.01 and x + w <= page_w - (outer if page % 2 else inner) + 0.01, (page, x, w)
        # the card's edge shows on the white page: ink down its left edge or, where the card
        # before it in a sequence lies over that, down its right edge
        if page not in rendered:
            rendered[page] = doc[page - 1].render(scale=DPI / 72, grayscale=True).to_pil()
        assert any(edge_seen(rendered[page], edge, y, h) for edge in (x, x + w)), (level, large, page, x, w)
        smallest.append(w)
    # the numbers a reader must read print at 6 pt or more on every face card drawn
    must = min(p.must_read_mm for p in faces.values() if p.must_read_mm)
    narrowest = min(w for page, x, y, w, h, _ in drawn if w > 17.0)  # piles and backs are drawn small: nothing to read
    assert must / PT_MM * narrowest / 63.5 >= MIN_PRINTED_PT - 0.01, (must, narrowest)
    text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    # what the level's faces show
    assert ("?" in text) == (level == "colors" and not large)
    if level == "bare":
        assert all(not p.face.left_arrows_end for p in faces.values())  # no arrow drawn on a bare face
        assert "×" in text  # the cell, "3 × 4", which bare cards teach, is printed large enough to read
    elif level == "full":
        assert "14" in text and "16" in text  # the 12's arrows name the next multiples


def test_a_card_drawn_too_small_or_without_its_edge_is_caught(figure_pdfs, tmp_path, monkeypatch):
    """The checks can fail: with the edge line removed, no edge is found; with the must-read
    rule ignored, the arrow numbers print under 6 pt."""
    from cardgen.documents import cardfigures
    from cardgen.layout import figure

    monkeypatch.setattr(cardfigures, "EDGE_INK", "#ffffff")
    monkeypatch.setattr(figure, "MIN_PRINTED_PT", 3.0)
    path, cards = figures_pdf(tmp_path, "full", False)
    drawn = placed_cards(path)
    narrowest = min(w for page, x, y, w, h, _ in drawn if w > 17.0)
    assert cards("12").must_read_mm / PT_MM * narrowest / 63.5 < MIN_PRINTED_PT
    import pypdfium2 as pdfium

    page, x, y, w, h, _ = drawn[0]
    image = pdfium.PdfDocument(str(path))[page - 1].render(scale=DPI / 72, grayscale=True).to_pil()
    assert not edge_seen(image, x, y, h) and not edge_seen(image, x + w, y, h)  # white on white: no edge
