"""The fast renderer draws our card SVGs as CairoSVG does, and hands anything else back."""
import io
import re

import pytest
from PIL import Image, ImageChops, ImageStat

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


def test_fast_and_cairosvg_agree_on_every_card(every_card):
    import cairosvg

    worst = 0.0
    for card in every_card:
        fast = Image.open(io.BytesIO(fastsvg.png(card.svg, 100))).convert("RGB")
        slow = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=card.svg.encode(), dpi=100))).convert("RGB")
        assert fast.size == slow.size
        diff = sum(ImageStat.Stat(ImageChops.difference(fast, slow)).mean) / 3
        worst = max(worst, diff)
        assert diff < 4.0, card.slug  # anti-aliasing and sub-pixel text placement only
    assert worst > 0  # really two renderers


@pytest.mark.parametrize("body", ['<ellipse cx="5" cy="5" rx="4" ry="2"/>',  # an element outside the subset
                                  '<path d="m1 1 l5 5 z"/>',  # relative path commands
                                  '<g clip-path="url(#nowhere)"><rect width="5" height="5"/></g>'])
def test_unsupported_svg_falls_back(body, tmp_path):
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
           f'{body}</svg>')
    with pytest.raises(fastsvg.Unsupported):
        fastsvg.png(svg, 100)
    from cardgen.draw.pdf import can_draw, write_pages
    from cardgen.draw.png import svg_to_png

    assert svg_to_png(svg, 100)[:8] == b"\x89PNG\r\n\x1a\n"  # CairoSVG took over
    assert not can_draw(svg, DEFAULT_FONTS)
    assert write_pages([svg], tmp_path / "one.pdf", "t", (10, 10), DEFAULT_FONTS) == 1  # the cairo route wrote it
    assert b"cairo" in (tmp_path / "one.pdf").read_bytes()


def _pixels_agree(a: Image.Image, b: Image.Image) -> float:
    """Mean channel difference of two renderings of one page (sizes may differ by a pixel)."""
    w, h = min(a.width, b.width), min(a.height, b.height)
    assert abs(a.width - b.width) <= 1 and abs(a.height - b.height) <= 1
    return sum(ImageStat.Stat(ImageChops.difference(a.crop((0, 0, w, h)), b.crop((0, 0, w, h)))).mean) / 3


def test_vector_pdf_and_cairo_agree_on_every_card(every_card, tmp_path):
    """The reportlab route (render/pdfcanvas.py) draws what cairo draws: every card's PDF
    page, rasterized by PDFium, against the card rendered by cairo."""
    import pypdfium2 as pdfium

    from cardgen.draw.pdf import write_pages

    path = tmp_path / "cards.pdf"
    write_pages([c.svg for c in every_card], path, "every card", (69.5, 94.9), DEFAULT_FONTS, 3.0)
    assert b"ReportLab" in path.read_bytes() or b"cardgen" in path.read_bytes()
    pdf = pdfium.PdfDocument(str(path))
    assert len(pdf) == len(every_card)
    for i, card in enumerate(every_card):
        page = pdf[i].render(scale=100 / 72).to_pil().convert("RGB")
        cairo = Image.open(io.BytesIO(fastsvg.png(card.svg, 100))).convert("RGB")
        assert _pixels_agree(page, cairo) < 4.0, card.slug


def test_clip_paths_and_arcs_match_cairosvg(tmp_path):
    """The tuck box uses a clipPath and arc commands: the fast renderer draws it on cairo
    and into a PDF as CairoSVG does."""
    import cairosvg
    import pypdfium2 as pdfium

    from cardgen.layout.paper import papers
    from cardgen.draw.pdf import write_pages
    from cardgen.design.tuckbox import tuckbox_svg

    ensure_fonts(DEFAULT_FONTS)
    paper = papers("a4")[0]
    svg = tuckbox_svg("str8eight", "Str8 Eight", 70, 63.5, 88.9, 0.3, paper, "#1c2333", False, DEFAULT_THEME, "")
    assert "clip-path" in svg and re.search(r"\dA\d", svg)
    slow = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode(), dpi=60))).convert("RGB")
    fast = Image.open(io.BytesIO(fastsvg.png(svg, 60))).convert("RGB")
    assert _pixels_agree(fast, slow) < 2.0
    write_pages([svg], tmp_path / "box.pdf", "box", (paper.width, paper.height), DEFAULT_FONTS)
    page = pdfium.PdfDocument(str(tmp_path / "box.pdf"))[0].render(scale=60 / 72).to_pil().convert("RGB")
    assert _pixels_agree(page, slow) < 3.0  # another rasterizer: edges differ, shapes do not
