"""Cards read the right way: values that read as another upside down are underlined (big
and in the indices: data-mark="underline"), and pass cards name their direction in the
corner index, told apart in grayscale too."""
import io

import pytest
from defusedxml import ElementTree
from PIL import Image

from cardgen.colorcheck import _lab, _linear
from cardgen.model.upside_down import reads_as_another, turned


def test_the_rule():
    assert [v for v in range(1, 145) if reads_as_another(v)] == [6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98,
                                                                 99, 106, 108, 109, 116, 118, 119]
    assert turned("16") == "91" and turned("69") == "69" and turned("12") is None
    assert not reads_as_another(10)  # "01": no one reads that as a number
    assert not reads_as_another(88) and not reads_as_another(96)  # the same both ways
    assert reads_as_another("W") and reads_as_another("M") and not reads_as_another("E")


def underlines(path) -> int:
    root = ElementTree.parse(str(path)).getroot()
    return sum(el.get("data-mark") == "underline" for el in root.iter())


def test_the_svgs_carry_the_underlines(built):
    str8 = built / "str8eight" / "svg"
    for path in str8.glob("0*.svg"):
        value = int(path.name[:3])
        assert underlines(path) == (3 if value in (6, 9, 16, 18) else 0), path.name  # big number, both indices
    eights = built / "eights" / "svg"
    assert underlines(eights / "4-8-w.svg") == 3 and underlines(eights / "6-1-e.svg") == 2
    assert underlines(eights / "1-1-e.svg") == 0
    crazy = built / "crazy-eights" / "svg"
    for rank, want in (("6", 2), ("9", 2), ("8", 0), ("10", 0), ("K", 0)):
        assert underlines(crazy / f"1-spades-{rank}.svg") == want, rank


def test_pass_cards_name_their_direction_in_both_corners(built):
    for direction, letter in (("left", "L"), ("right", "R")):
        root = ElementTree.parse(str(built / "str8eight" / "svg" / f"pass-{direction}-1.svg")).getroot()
        marks = [el for el in root.iter() if el.get("data-mark") == "direction"]
        assert [el.get("data-direction") for el in marks] == [direction, direction]
        assert all("".join(el.itertext()).strip() == letter for el in marks)


def lightness(rgb: tuple) -> float:
    return _lab(_linear("#%02x%02x%02x" % rgb))[0]


@pytest.mark.parametrize("low_ink", [False, True], ids=["ink", "low-ink"])
def test_pass_cards_differ_in_grayscale(low_ink):
    """In grayscale the two pass cards' grounds differ in lightness (L* 69 against 28; they
    were 38 and 34), and whatever the ink their corner indices differ in shape (the letter
    and the arrow)."""
    from cardgen.design.cards import Look
    from cardgen.design.str8eight import pass_svg
    from cardgen.draw.png import svg_to_png
    from cardgen.model.sizes import CARD_SIZES
    from cardgen.model.str8eight import build_deck
    from cardgen.theme import DEFAULT_THEME

    look = Look(CARD_SIZES["poker"], 0.0, low_ink, DEFAULT_THEME)
    cards = {p.direction: p for p in build_deck().pass_cards}
    dpi = 60
    px = dpi / 25.4
    gray = {d: Image.open(io.BytesIO(svg_to_png(pass_svg(cards[d], 8, look), dpi))).convert("L")
            for d in ("left", "right")}
    if not low_ink:  # the grounds, by the left edge halfway down
        ground = {d: lightness((im.getpixel((round(1.5 * px), round(44 * px))),) * 3) for d, im in gray.items()}
        assert ground["left"] > 60 and ground["right"] < 35, ground
    corner = (round(3.5 * px), round(3.5 * px), round(16 * px), round(16 * px))  # the top-left index
    a, b = (gray[d].crop(corner) for d in ("left", "right"))
    # the letter and the arrow, dark on the light badge, compared pixel by pixel
    differ = [(pa < 128) != (pb < 128) for pa, pb in zip(a.tobytes(), b.tobytes())]
    assert sum(differ) / len(differ) > 0.04  # the old "50 POINTS" badges: 0
