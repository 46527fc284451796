"""The fast renderer draws our card SVGs as CairoSVG does, and hands anything else back."""
import io
import re

import pytest
from PIL import Image

from conftest import TILE_LIMIT, pdf_route, worst_tile
from cardgen.draw.pdfmeta import meta_for

from cardgen.model.sizes import card_size
from cardgen.model.str8eight import build_deck
from cardgen.draw import fastsvg
from cardgen.design import crazy_eights, eights
from cardgen.design.cards import Look
from cardgen.draw.fonts import ensure_fonts
from cardgen.design.str8eight import render_deck
from cardgen.model.crazy_eights import build_deck as crazy_deck
from cardgen.model.eights import build_deck as eights_deck
from cardgen.theme import DEFAULT_FONTS, DEFAULT_THEME


@pytest.fixture(scope="module")
def every_card():
    ensure_fonts(DEFAULT_FONTS)
    look = Look(card_size("poker"), 3.0, False, DEFAULT_THEME)
    return [c for art in (render_deck(build_deck(), look), eights.render_deck(eights_deck(), look),
                          crazy_eights.render_deck(crazy_deck(), look)) for c in art.cards]


DPI = 100


def fast_png(svg: str) -> Image.Image:
    return fastsvg.image(svg, DPI)


@pytest.fixture(scope="module")
def fast_renders(every_card):
    """Every card drawn once by the fast renderer, shared by the comparisons below."""
    return [fast_png(card.svg) for card in every_card]


def test_fast_and_cairosvg_agree_on_every_card(every_card, fast_renders):
    import cairosvg

    worst = 0
    for card, fast in zip(every_card, fast_renders):
        slow = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=card.svg.encode(), dpi=DPI))).convert("RGB")
        assert fast.size == slow.size
        diff, where = worst_tile(fast, slow, DPI)
        worst = max(worst, diff)
        assert diff < TILE_LIMIT, (card.slug, diff, where)  # anti-aliasing and sub-pixel text placement only
    assert worst > 0  # really two renderers


def _card(every_card, slug):
    return next(c for c in every_card if c.slug == slug)


def _damaged_cards(every_card):
    """Each arrow tag removed in turn, and each group recolored to every other group
    color in turn, on cards that hold the closest pairs of colors (7: #cc6677 next to
    #999933; 2: #88ccee next to #44aa99) and the most arrows (24)."""
    from cardgen.theme import DEFAULT_GROUP_COLORS as GROUP_COLORS

    colors = GROUP_COLORS[:8]
    for slug in ("024-4x6", "007-1x7", "002-1x2", "064-8x8"):
        svg = _card(every_card, slug).svg
        tags = re.findall(r'\n  <g data-group="\d" data-side="\w+".*?\n  </g>', svg, re.S)
        assert tags and all(t.count("data-group") == 1 for t in tags)
        for tag in tags:
            yield slug, f"without {tag.split('data-color')[0].strip()}>", svg.replace(tag, "")
        for color in sorted(set(re.findall(r'data-color="(#[0-9a-f]{6})"', svg))):
            for other in colors:
                if other != color:
                    yield slug, f"{color} drawn as {other}", svg.replace(f'fill="{color}"', f'fill="{other}"')


def test_the_tile_comparison_sees_a_missing_arrow_or_a_recolored_group(every_card, fast_renders):
    """The comparison above can fail: a card that lost one arrow tag, or whose group
    is drawn in another group's color, differs from the true card in some tile."""
    truth = {c.slug: img for c, img in zip(every_card, fast_renders)}
    cases = 0
    for slug, damage, svg in _damaged_cards(every_card):
        diff, where = worst_tile(truth[slug], fast_png(svg), DPI)
        assert diff >= TILE_LIMIT, (slug, damage, diff, where)
        cases += 1
    assert cases > 60


@pytest.mark.parametrize("body", ['<ellipse cx="5" cy="5" rx="4" ry="2"/>',  # an element outside the subset
                                  '<path d="m1 1 l5 5 z"/>',  # relative path commands
                                  '<g clip-path="url(#nowhere)"><rect width="5" height="5"/></g>'])
def test_unsupported_svg_falls_back(body, tmp_path):
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
           f'{body}</svg>')
    with pytest.raises(fastsvg.Unsupported):
        fastsvg.pixels(svg, 100)
    from cardgen.draw.pdf import can_draw, write_pages
    from cardgen.draw.png import svg_to_png

    assert svg_to_png(svg, 100)[:8] == b"\x89PNG\r\n\x1a\n"  # CairoSVG took over
    assert not can_draw(svg, DEFAULT_FONTS)
    assert write_pages([svg], tmp_path / "one.pdf", meta_for("faces", "test"), (10, 10), DEFAULT_FONTS) == 1
    assert pdf_route(tmp_path / "one.pdf") == "cairo"


def test_vector_pdf_and_cairo_agree_on_every_card(every_card, fast_renders, tmp_path):
    """The reportlab route (render/pdfcanvas.py) draws what cairo draws: every card's PDF
    page, rasterized by PDFium, against the card rendered by cairo."""
    import pypdfium2 as pdfium

    from cardgen.draw.pdf import write_pages

    path = tmp_path / "cards.pdf"
    write_pages([c.svg for c in every_card], path, meta_for("faces", "every card"), (69.5, 94.9), DEFAULT_FONTS, 3.0)
    assert pdf_route(path) == "reportlab"
    pdf = pdfium.PdfDocument(str(path))
    assert len(pdf) == len(every_card)
    for i, (card, cairo) in enumerate(zip(every_card, fast_renders)):
        page = pdf[i].render(scale=DPI / 72).to_pil().convert("RGB")
        diff, where = worst_tile(page, cairo, DPI)
        assert diff < TILE_LIMIT, (card.slug, diff, where)


def test_clip_paths_and_arcs_match_cairosvg(tmp_path):
    """The tuck box uses clipPaths (nested: a fanned card's rounded trim around a wild
    eight's rays) and arc commands: the fast renderer draws it on cairo and into a PDF as
    CairoSVG does."""
    import cairosvg
    import pypdfium2 as pdfium

    from cardgen.layout.paper import papers
    from cardgen.documents.boxtext import BoxText
    from cardgen.draw.pdf import write_pages
    from cardgen.design.tuckbox import tuckbox_svg
    from cardgen.layout.boxfit import BOX_FITS
    from cardgen.model.crazy_eights import PlayingCard

    ensure_fonts(DEFAULT_FONTS)
    paper = papers("a4")[0]
    look = Look(card_size("poker"), 3.0, False, DEFAULT_THEME)
    fan = [crazy_eights.card_svg(PlayingCard(rank, "hearts", 10, 1), look) for rank in ("K", "8")]
    text = BoxText("The classic shedding game", (("players", "2–6", "players"), ("ages", "6+", "ages"),
                                                  ("time", "30 min", "a game")), "Match the top card.", "52 cards.",
                   "A traditional game.")
    svg = tuckbox_svg("crazy-eights", "Crazy Eights", 52, 63.5, 88.9, BOX_FITS["plain"], 0.3, paper, "#7a1f2b", False,
                      DEFAULT_THEME, text, fan)
    assert svg.count("clip-path") >= 5 and re.search(r"\dA\d", svg)
    slow = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode(), dpi=60))).convert("RGB")
    fast = fastsvg.image(svg, 60)
    assert worst_tile(fast, slow, 60, tile_mm=4.0)[0] < TILE_LIMIT
    write_pages([svg], tmp_path / "box.pdf", meta_for("tuckbox", "box"), (paper.width, paper.height), DEFAULT_FONTS)
    assert pdf_route(tmp_path / "box.pdf") == "reportlab"
    page = pdfium.PdfDocument(str(tmp_path / "box.pdf"))[0].render(scale=60 / 72).to_pil().convert("RGB")
    assert worst_tile(page, slow, 60, tile_mm=4.0)[0] < TILE_LIMIT  # another rasterizer: edges differ, shapes do not
