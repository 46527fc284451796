"""The fast renderer draws our card SVGs as CairoSVG does, and hands anything else back."""
import io

import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.model.sizes import card_size
from cardgen.model.str8eight import build_deck
from cardgen.render import fastsvg
from cardgen.render.crazy_eights_cards import deck_svgs as crazy_svgs
from cardgen.render.eights_cards import deck_svgs as eights_svgs
from cardgen.render.fonts import ensure_fonts
from cardgen.render.str8eight_cards import deck_svgs


@pytest.fixture(scope="module")
def every_card():
    ensure_fonts()
    size = card_size("poker")
    cards = deck_svgs(build_deck(), size, 3.0)
    faces, back = eights_svgs(size, 3.0)
    c_faces, c_backs, _ = crazy_svgs(size, 3.0)
    return cards + faces + [back] + c_faces + c_backs


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


def test_unsupported_svg_falls_back():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
           '<clipPath id="c"><rect width="5" height="5"/></clipPath><rect width="10" height="10"/></svg>')
    with pytest.raises(fastsvg.Unsupported):
        fastsvg.png(svg, 100)
    from cardgen.render.png import svg_to_png

    assert svg_to_png(svg, 100)[:8] == b"\x89PNG\r\n\x1a\n"  # CairoSVG took over
