"""Each deck's back (issue 41): its own design, the same turned half a turn, and nothing
near the trim that a 1.5 mm duplex shift would show.

Measured on the pixels the PNG export draws: the back's whole canvas (trim and bleed) is
compared with itself rotated 180°; and along each trim edge, in a band 1.5 mm either side
of the cut, the mean color of every line of pixels parallel to that edge must stay the
same (a pattern that crosses the trim shifts unseen; a frame, band or line running along
it within the band would show as margins of different widths).
"""
from __future__ import annotations

import re

import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.design import crazy_eights, eights, str8eight
from cardgen.design.cards import Look
from cardgen.model.sizes import card_size
from cardgen.theme import DEFAULT_THEME

DPI = 150
SHIFT_MM = 1.5


def backs(low_ink: bool, size: str = "poker") -> dict:
    look = Look(card_size(size), 3.0, low_ink, DEFAULT_THEME, "full", False)
    tokens = DEFAULT_THEME.tokens
    out = {"eights": eights.backs.back_svg("eights", look, name="EIGHTS", glyph="E", ground=tokens.color("eights.back"),
                                           pattern="argyle", wordmark="Eights")}
    if size == "poker":
        out["str8eight"] = str8eight.back_svg(8, look)
    for d in (1, 2):
        out[f"crazy-eights-{d}"] = crazy_eights.backs.back_svg(
            "crazy-eights", look, name="CRAZY EIGHTS", glyph="8♦", ground=crazy_eights.back_color(tokens, d),
            pattern="sunburst", wordmark="Crazy Eights", ornament=crazy_eights.suit_ring)
    return out


def render(svg: str) -> Image.Image:
    from cardgen.draw import fastsvg
    from cardgen.draw.fonts import ensure_fonts

    ensure_fonts(DEFAULT_THEME.fonts)
    return fastsvg.image(svg, DPI).convert("RGB")


def turn_difference(img: Image.Image) -> tuple:
    """(mean, share of pixels off by more than 48 levels) between the image and itself
    turned half a turn."""
    from PIL import ImageFilter

    soft = img.filter(ImageFilter.GaussianBlur(1.2))  # a pixel's rounding either way is no difference
    diff = ImageChops.difference(soft, soft.rotate(180)).convert("L")
    hist = diff.histogram()
    return ImageStat.Stat(diff).mean[0], sum(hist[48:]) / (img.width * img.height)


def edge_steps(img: Image.Image, bleed_mm: float = 3.0) -> dict:
    """For each trim edge, the largest difference in mean gray between two lines of pixels
    parallel to it within SHIFT_MM of the cut."""
    px = DPI / 25.4
    gray = img.convert("L")
    w, h = gray.size
    b, r = round(bleed_mm * px), round(SHIFT_MM * px)
    out = {}
    for edge, at in (("top", b), ("bottom", h - b), ("left", b), ("right", w - b)):
        means = []
        for k in range(at - r, at + r + 1):
            box = (0, k, w, k + 1) if edge in ("top", "bottom") else (k, 0, k + 1, h)
            means.append(ImageStat.Stat(gray.crop(box)).mean[0])
        out[edge] = max(means) - min(means)
    return out


@pytest.mark.parametrize("low_ink", [False, True])
def test_each_deck_has_its_own_back_the_same_either_way_up(low_ink):
    svgs = backs(low_ink)
    patterns = {name: re.search(r'data-mark="back-pattern"', svg) is not None for name, svg in svgs.items()}
    assert all(patterns.values()), patterns
    images = {name: render(svg) for name, svg in svgs.items()}
    # three designs: the decks' backs differ in more than color (their gray images differ)
    grays = {name: im.convert("L") for name, im in images.items()}
    for a, b in (("str8eight", "eights"), ("eights", "crazy-eights-1"), ("str8eight", "crazy-eights-1")):
        assert ImageStat.Stat(ImageChops.difference(grays[a], grays[b])).mean[0] > 10, (a, b)
    for name, im in images.items():
        mean, off = turn_difference(im)
        assert mean < 2.0 and off < 0.004, (name, mean, off)
        steps = edge_steps(im)
        assert max(steps.values()) < 10.0, (name, steps)
        # the wordmark and the edition's label, twice (once turned), on every back
        assert svgs[name].count('data-mark="edition-label"') == 2 and "HOME EDITION" in svgs[name]
        assert "cardgen" not in svgs[name].lower()


def test_mini_backs_keep_their_symmetry_and_edges():
    for name, svg in backs(False, "mini").items():
        im = render(svg)
        mean, off = turn_difference(im)
        assert mean < 2.0 and off < 0.004, (name, mean, off)
        assert max(edge_steps(im).values()) < 10.0, name


def test_the_measures_see_a_frame_and_a_lopsided_back():
    """Damage: a thin frame 1 mm inside the trim shows in the edge bands; a mark in one
    corner only breaks the half-turn symmetry."""
    svg = backs(False)["str8eight"]
    framed = svg.replace("</svg>", '<rect x="1" y="1" width="61.5" height="86.9" fill="none" stroke="#ffffff" '
                                   'stroke-width="0.5"/></svg>')
    assert max(edge_steps(render(framed)).values()) >= 10.0
    lopsided = svg.replace("</svg>", '<circle cx="12" cy="30" r="3" fill="#ffffff"/></svg>')
    mean, off = turn_difference(render(lopsided))
    assert off >= 0.004
