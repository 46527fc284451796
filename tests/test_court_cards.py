"""Crazy Eights' court cards and wild eights, drawn as a player sees them: rasterized
from the card SVGs (no build), measured in the court panel and on the wild's medallion."""
import io

import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.design import crazy_eights as design
from cardgen.design.cards import Look
from cardgen.draw.fonts import ensure_fonts
from cardgen.draw.png import svg_to_png
from cardgen.model.crazy_eights import PlayingCard
from cardgen.model.sizes import SAFE_MM, card_size
from cardgen.theme import DEFAULT_THEME

DPI = 127  # 5 pixels a millimetre: the card's centre falls on the pixel grid
PX = DPI / 25.4


def raster(rank: str, suit: str = "hearts", low_ink: bool = False, size: str = "poker") -> Image.Image:
    ensure_fonts(DEFAULT_THEME.fonts)
    look = Look(card_size(size), 0.0, low_ink, DEFAULT_THEME)
    svg = design.card_svg(PlayingCard(rank, suit, 10, 1), look)
    return Image.open(io.BytesIO(svg_to_png(svg, DPI))).convert("RGB")


def panel(img: Image.Image, size: str = "poker") -> Image.Image:
    """The court panel, 1 mm inside its frame, cut symmetrically about the card's centre."""
    x0, y0 = int((SAFE_MM + 8.5 + 1) * PX), int((SAFE_MM + 8 + 1) * PX)
    return img.crop((x0, y0, img.width - x0, img.height - y0))


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0–255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.parametrize("size", ["poker", "mini"])
def test_courts_are_double_headed_figures_each_its_own(size):
    """Each court is the same figure both ways up (its panel turned half a turn is itself),
    K, Q and J are drawn differently, and a figure fills its panel with color, not a tint."""
    panels = {rank: panel(raster(rank, size=size), size) for rank in "KQJ"}
    for rank, p in panels.items():
        assert difference(p, p.rotate(180)) < 6, rank  # anti-aliased edges only
        colors = p.convert("P", palette=Image.Palette.ADAPTIVE, colors=16).getcolors()
        assert len([c for c in colors if c[0] > 0.01 * p.width * p.height]) >= 6, rank  # skin, hair, robe, gold, …
    for a, b in (("K", "Q"), ("Q", "J"), ("K", "J")):
        assert difference(panels[a], panels[b]) > 8, (a, b)


def test_low_ink_courts_are_line_drawings():
    """Low ink: the same figure as lines on white, most of the panel left unprinted."""
    p = panel(raster("K", "spades", low_ink=True)).convert("L")
    white = sum(1 for v in p.get_flattened_data() if v > 245) / (p.width * p.height)
    assert white > 0.75
    full = panel(raster("K", "spades")).convert("L")
    assert sum(1 for v in full.get_flattened_data() if v > 245) / (full.width * full.height) < 0.4


def test_wild_eight_shows_its_points_dark_on_white():
    """The medallion at the centre of a wild eight: white, with dark figures on it."""
    img = raster("8", "spades")
    s = card_size("poker")
    cx, cy = s.width / 2 * PX, s.height / 2 * PX
    disc = img.crop((round(cx - 5 * PX), round(cy - 5 * PX), round(cx + 5 * PX), round(cy + 5 * PX))).convert("L")
    values = sorted(disc.get_flattened_data())
    assert values[-1] > 250 and values[len(values) // 20] < 80  # white ground, dark numerals


def test_a_fan_leaves_out_the_words_a_later_card_covers():
    """The box front's and the cover's fan (design/fan.py): the card on top keeps both its
    indices; the one under it keeps its visible top-left index and loses the one (and the
    points) the top card hides, so no word shown lies on another card."""
    import re

    from cardgen.design.fan import fan_svg

    look = Look(card_size("poker"), 3.0, False, DEFAULT_THEME)
    cards = [design.card_svg(PlayingCard(rank, suit, 10, 1), look) for rank, suit in (("A", "spades"), ("K", "hearts"))]
    svg = fan_svg(cards, (0, 0, 60, 60), DEFAULT_THEME.fonts, DEFAULT_THEME.tokens, "#7a1f2b")
    under, top = (re.findall(r">([^<>]+)</text>", part) for part in svg.split('<g transform="translate(')[1:3])
    assert top == ["K", "K"] and under == ["A"]
    assert 'data-figure="cards"' in svg and "data-rank" not in svg  # a picture, not cards to count


def test_each_suits_court_differs_by_attribute_and_color():
    """Issue 41: a king of spades is not a king of clubs with another symbol. Within a
    color (spades and clubs, hearts and diamonds) the panels differ well beyond the suit
    symbols; in low ink, where the sleeves' colors are gone, the outline still differs
    (each suit's court holds its own attribute)."""
    for rank in "KQJ":
        full = {suit: panel(raster(rank, suit)) for suit in ("spades", "clubs", "hearts", "diamonds")}
        assert difference(full["spades"], full["clubs"]) > 6, rank
        assert difference(full["hearts"], full["diamonds"]) > 6, rank
        lines = {suit: panel(raster(rank, suit, low_ink=True)).convert("L") for suit in ("spades", "clubs")}
        # the attribute's side of the top half: right of the face, above the centre line
        box = lambda im: im.crop((int(im.width * 0.62), 0, im.width, im.height // 2))  # noqa: E731
        assert ImageStat.Stat(ImageChops.difference(box(lines["spades"]), box(lines["clubs"]))).mean[0] > 4, rank


@pytest.mark.parametrize("size", ["poker", "mini"])
def test_court_figures_stand_clear_of_their_frame(size):
    """Nothing of the figure within 1.2 mm inside the panel's frame at its sides: a strip
    there shows the panel's tint alone (the sleeves used to touch the frame)."""
    for rank in "KQJ":
        for suit in ("spades", "hearts"):
            img = raster(rank, suit, size=size)
            x_frame = (SAFE_MM + 8.5) * PX
            y0, y1 = int((SAFE_MM + 10) * PX), img.height - int((SAFE_MM + 10) * PX)
            for x in (x_frame + 0.5 * PX, x_frame + 1.2 * PX, img.width - x_frame - 1.2 * PX):
                strip = img.crop((int(x), y0, int(x) + 2, y1))
                colors = strip.getcolors(10_000)
                assert len(colors) <= 3, (rank, suit, size, x / PX, sorted(colors, reverse=True)[:4])
