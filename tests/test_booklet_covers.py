"""Booklets finished as a publisher's (issue 41, item 5): a full-bleed cover, a back cover
with what the kit holds for the game and the credits, no printing words on the pages
(they are the how-to-print page's), whole fold sheets with no page under a quarter full
but the back cover, no heading at a page's foot; and the checker failing each of these.

Read from the built PDFs: text with pypdf, pixels with pypdfium2, how full a page is from
a rendering (the lowest row with ink above the running footer)."""
from __future__ import annotations

import re

import pypdf
import pypdfium2 as pdfium
import pytest

from conftest import assert_check_catches

GAMES = ("str8eight", "fourscore", "eights", "crazy-eights")
DPI = 40


def render(path, number: int, dpi: int = DPI):
    return pdfium.PdfDocument(str(path))[number - 1].render(scale=dpi / 72).to_pil().convert("RGB")


def edge_pixels(img, box=None) -> list:
    """The pixels one pixel in from each edge of img (or of box, a (left, top, right, bottom)
    part of it): every tenth along each edge."""
    left, top, right, bottom = box or (0, 0, img.width, img.height)
    out = []
    for x in range(left + 1, right - 1, 10):
        out += [img.getpixel((x, top + 1)), img.getpixel((x, bottom - 2))]
    for y in range(top + 1, bottom - 1, 10):
        out += [img.getpixel((left + 1, y)), img.getpixel((right - 2, y))]
    return out


def lowest_ink(img, footer_px: int) -> float:
    """The lowest row (a share of the height above the footer band) holding ink: a pixel
    darker than 200 in any channel."""
    gray = img.convert("L")
    limit = img.height - footer_px
    for y in range(limit - 1, -1, -1):
        if gray.crop((0, y, img.width, y + 1)).getextrema()[0] < 200:
            return y / img.height
    return 0.0


@pytest.mark.parametrize("game", GAMES)
def test_the_cover_is_full_bleed_and_the_back_cover_lists_the_kit(built, game):
    path = built / game / f"{game}-rules.pdf"
    reader = pypdf.PdfReader(str(path))
    pages = len(reader.pages)
    assert pages % 4 == 0, pages  # whole fold sheets: no blank page before the back cover
    cover = render(path, 1)
    edges = edge_pixels(cover)
    ground = max(set(edges), key=edges.count)
    assert min(ground) < 200, ground  # a color, not white paper
    assert all(max(abs(a - b) for a, b in zip(p, ground)) <= 6 for p in edges), set(edges)
    back = " ".join(reader.pages[-1].extract_text().split())
    assert "In this kit" in back and "Credits" in back and "rule booklet" in back, back
    listed = dict((what, int(n)) for n, what in re.findall(r"(\d+) (number cards|pass cards|letter cards|playing "
                                                             r"cards|player aid cards)", back))
    if game == "str8eight":
        assert listed["number cards"] == 64 and listed["pass cards"] == 6 and listed["player aid cards"] >= 1
        assert "Peter McClain" in back  # the designer, as our research notes name him
    elif game == "eights":
        assert listed["letter cards"] == 64 and "Eric Pederson" in back
    elif game == "crazy-eights":
        assert listed["playing cards"] == 52 and "traditional" in back
    else:
        assert listed["number cards"] == 64 and "Justin Brown" in back
    # the back cover's head band reaches the top and side edges, its foot band the bottom
    last = render(path, pages)
    top = [last.getpixel((x, 1)) for x in range(1, last.width - 1, 10)]
    assert all(min(p) < 200 for p in top)
    assert min(last.getpixel((last.width // 2, last.height - 2))) < 200


@pytest.mark.parametrize("game", GAMES)
def test_no_page_is_under_a_quarter_full_but_the_back_cover(built, game):
    """Measured on a rendering: from the top of the type area (the highest ink any inner page
    has) to the lowest ink on the page, over the inner pages' fullest span; the footer band
    (the last 12 mm) left out."""
    path = built / game / f"{game}-rules.pdf"
    n = len(pdfium.PdfDocument(str(path)))
    footer = round(12 / 25.4 * DPI)
    images = [render(path, k) for k in range(2, n)]
    lows = [lowest_ink(img, footer) for img in images]
    highs = []
    for img in images:
        gray = img.convert("L")
        highs.append(next(y for y in range(img.height) if gray.crop((0, y, img.width, y + 1)).getextrema()[0] < 200)
                     / img.height)
    top, foot = min(highs), max(lows)
    fills = [(low - top) / (foot - top) for low in lows]
    assert min(fills) >= 0.25, [f"page {k}: {f:.0%}" for k, f in enumerate(fills, 2)]


@pytest.mark.parametrize("game", GAMES)
def test_no_printing_words_on_the_booklets_pages(built, game):
    """The fold sheets hold the booklet's pages and nothing else; the how-to-print page says
    how to print, fold and staple them."""
    words = re.compile(r"double-sided|short edge|actual size|staple|fit to page", re.I)
    for name in (f"{game}-rules.pdf", f"{game}-rules-fold-letter.pdf"):
        for number, page in enumerate(pypdf.PdfReader(str(built / game / name)).pages, 1):
            assert not words.search(page.extract_text() or ""), (name, number)
    howto = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(str(built / "how-to-print-letter.pdf")).pages)
                     .split())  # the list runs on to a second page when it needs the room
    line = howto.split(f"{game}/{game}-rules-fold-letter.pdf")[1][:200]
    assert "short edge" in line and "fold in half" in line and "staple" in line, line


def test_the_fold_keeps_the_covers_outside_and_full_bleed(built):
    fold = built / "str8eight" / "str8eight-rules-fold-letter.pdf"
    booklet = built / "str8eight" / "str8eight-rules.pdf"
    sheets = len(pdfium.PdfDocument(str(fold)))
    assert sheets * 2 == len(pdfium.PdfDocument(str(booklet)))  # no blank page
    img = render(fold, 1)
    w, h = img.size
    right = edge_pixels(img, (w // 2, 0, w, h))  # the cover: its ground at the sheet's edges and the fold
    assert all(min(p) < 200 for p in right)
    left = img.crop((0, 0, w // 2, h))  # the back cover: its head band at the top
    assert all(min(left.getpixel((x, 1))) < 200 for x in range(1, w // 2 - 1, 10))


def test_low_ink_covers_stay_light(tmp_path):
    """Low ink: the cover's ground is a light tint of the game's color reaching every edge,
    its words in ink at 4.5:1 or more."""
    from cardgen.check.legibility import contrast
    from cardgen.documents.cover import LOW_INK_TINT, cover_scheme
    from cardgen.theme import DEFAULT_THEME

    tokens = DEFAULT_THEME.tokens
    for ground in ("str8eight.back", "eights.back", "crazy_eights.back"):
        try:
            color = tokens.color(ground)
        except Exception:  # noqa: BLE001 - a token name this theme spells otherwise
            continue
        scheme = cover_scheme(tokens, color, True)
        rgb = lambda c: tuple(int(c[i:i + 2], 16) / 255 for i in (1, 3, 5))  # noqa: E731
        assert min(rgb(scheme.ground)) >= LOW_INK_TINT - 0.05  # light: at most a tenth of the way to the color
        assert contrast(rgb(scheme.text), rgb(scheme.ground)) >= 4.5
        assert contrast(rgb(scheme.soft), rgb(scheme.ground)) >= 4.5


def _damaged_booklet(path, blocks, page, title, fonts, pictures, *, cover, back):
    from cardgen.documents.booklet import _write
    from cardgen.draw.pdfmeta import meta_for

    return _write(blocks, path, page, title, fonts, pictures, True, False, meta=meta_for("rules", title),
                  cover=cover, back=back)[0]


def test_the_checker_fails_a_badly_made_booklet(copy_of_games, monkeypatch):
    """Eights' booklet typeset with an inset cover, a back cover with neither components nor
    credits, a page broken after one line, headings let fall to a page's foot and printing
    words in its text; its fold imposed with blanks: the checker names each."""
    from cardgen.builders import eights
    from cardgen.builders.rulebook import booklet_blocks
    from cardgen.documents import booklet
    from cardgen.documents.booklet import PAGE_SIZES
    from cardgen.documents.cover import Cover
    from cardgen.documents.fold import write_fold
    from cardgen.documents.ruletext import Block
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.draw.pdfmeta import meta_for
    from cardgen.theme import DEFAULT_THEME

    out = copy_of_games("eights")
    page = PAGE_SIZES["letter"]
    fonts = register_reportlab_fonts(DEFAULT_THEME.fonts)
    from types import SimpleNamespace

    from cardgen.builders.rulebook import CardPictures

    cards = [SimpleNamespace(slug=p.stem, svg=p.read_text()) for p in (out / "eights" / "svg").glob("*.svg")]
    pictures = CardPictures(cards, eights._resolve, DEFAULT_THEME.fonts)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'
           '<rect x="12" y="12" width="{iw}" height="{ih}" fill="#332288"/></svg>')
    inset = Cover(svg.format(w=page.width, h=page.height, iw=page.width - 24, ih=page.height - 24), DEFAULT_THEME.fonts)
    blank_back = Cover(svg.format(w=page.width, h=page.height, iw=10, ih=10), DEFAULT_THEME.fonts)
    blocks = [b for b in booklet_blocks(eights.rules_spec()) if b.kind != "figure"]
    at = next(i for i, b in enumerate(blocks) if b.kind == "h2" and i > 4)
    blocks[at:at] = [Block("newpage"), Block("para", text="Print it double-sided, flip on the short edge."),
                     Block("newpage")]
    styles = booklet._styles

    def loose(*args, **kwargs):
        found = styles(*args, **kwargs)
        found["h2"].keepWithNext = found["h3"].keepWithNext = 0
        return found
    path = out / "eights" / "eights-rules.pdf"
    with monkeypatch.context() as m:
        m.setattr(booklet, "_styles", loose)
        pages = _damaged_booklet(path, blocks, page, "Eights", fonts, pictures, cover=inset, back=blank_back)
    write_fold(path, out / "eights" / "eights-rules-fold-letter.pdf", (279.4, 215.9),
               meta_for("rules-fold", "Eights"))
    rel = "eights/eights-rules.pdf"
    output = assert_check_catches(out, [
        f"{rel}: page 1: the cover is not full bleed",
        "under a quarter: only the back cover may be",
        "ends with the heading",
        "says how to print (“double-sided”)",
        f"{rel}: page {pages}: the back cover lists no components",
        f"{rel}: page {pages}: the back cover has no credits",
        "eights/eights-rules-fold-letter.pdf: fold booklet: ",
        "the booklet's pages do not make whole sheets" if pages % 4 else "eights-rules-fold-letter.pdf: side",
    ])
    assert "eights/eights-rules-fold-letter.pdf: fold booklet: the cover (side 1, right) is not full bleed" in output


def test_the_checker_counts_the_back_covers_cards_against_the_deck(copy_of_games):
    """A back cover that lists one card fewer than the deck holds is caught."""
    from types import SimpleNamespace

    from cardgen.builders import crazy_eights
    from cardgen.builders.rulebook import CardPictures, booklet_blocks
    from cardgen.documents.booklet import PAGE_SIZES
    from cardgen.documents.boxtext import BoxText
    from cardgen.documents.cover import Cover, back_cover_svg
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.theme import DEFAULT_THEME

    out = copy_of_games("crazy-eights")
    page = PAGE_SIZES["letter"]
    cards = [SimpleNamespace(slug=p.stem, svg=p.read_text()) for p in (out / "crazy-eights" / "svg").glob("*.svg")]
    pictures = CardPictures(cards, crazy_eights._resolve, DEFAULT_THEME.fonts)
    ground = ('<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'
              '<rect width="{w}" height="{h}" fill="#7a1f2b"/></svg>').format(w=page.width, h=page.height)
    text = BoxText("The classic shedding game", (), components=(("51", "playing cards"), ("1", "rule booklet")),
                   credit_lines=("Game: Crazy Eights, a traditional card game.",))
    back = Cover(back_cover_svg("Crazy Eights", text, (page.width, page.height), "#7a1f2b", False, DEFAULT_THEME),
                 DEFAULT_THEME.fonts)
    pages = _damaged_booklet(out / "crazy-eights" / "crazy-eights-rules.pdf", booklet_blocks(crazy_eights._rules(1, 10)),
                             page, "Crazy Eights", register_reportlab_fonts(DEFAULT_THEME.fonts), pictures,
                             cover=Cover(ground, DEFAULT_THEME.fonts), back=back)
    assert_check_catches(out, [f"crazy-eights/crazy-eights-rules.pdf: page {pages}: the back cover lists 51 cards, "
                               "the deck has 52"])
