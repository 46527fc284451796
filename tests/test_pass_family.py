"""Issue 41: the pass cards wear the number cards' slim head and foot (11.2 mm on poker cards,
where they kept a 16 mm head for a corner badge) and a corner index as large as theirs,
mirrored at the foot, so the deck reads as one family; and the checker holds them to it."""
import re

import pytest
from defusedxml import ElementTree

from cardgen.check import legibility
from cardgen.design import setmark, textfit
from cardgen.design.cards import Look
from cardgen.design.str8eight import NumberLayout, pass_svg
from cardgen.model.sizes import SAFE_MM, card_size
from cardgen.model.str8eight import PassCard
from cardgen.theme import DEFAULT_THEME
from conftest import assert_check_catches


def _strip_top(root) -> float:
    strips = next(el for el in root.iter() if el.get("data-mark") == "strips")
    return min(float(r.get("y")) for r in strips)


@pytest.mark.parametrize("size", ["poker", "bridge"])
@pytest.mark.parametrize("table", [2, 8, 12])
@pytest.mark.parametrize("large_print, low_ink", [(False, False), (True, False), (False, True)])
@pytest.mark.parametrize("direction", ["left", "right"])
def test_a_pass_card_wears_the_number_cards_head(size, table, large_print, low_ink, direction):
    look = Look(card_size(size), 3.0, low_ink, DEFAULT_THEME, large_print=large_print)
    layout = NumberLayout(look.size, table, large_print, "full", DEFAULT_THEME)
    svg = pass_svg(PassCard(direction, 1), table, look, layout)
    root = ElementTree.fromstring(svg.encode())
    assert _strip_top(root) == pytest.approx(layout.head)  # the head's depth, the number cards' own
    assert layout.head <= 12.0 if not large_print else layout.head <= 14.4
    heads = [el for el in root.iter() if el.get("data-mark") in ("head", "foot")]
    assert all(float(el.get("height")) == pytest.approx(layout.head + 3.0) for el in heads)
    assert len(heads) == (0 if low_ink else 2)
    marks = [el for el in root.iter() if el.get("data-mark") == "direction"]
    assert len(marks) == 2  # both corners, the second turned half a turn with its group
    for mark in marks:
        letter = next(t for t in mark.iter() if t.tag.endswith("text"))
        assert letter.text == direction[0].upper()
        assert float(letter.get("font-size")) == pytest.approx(layout.index_size, abs=1e-3)
        assert float(letter.get("x")) == pytest.approx(layout.index_x)
        assert float(letter.get("y")) == pytest.approx(layout.index_y, abs=1e-3)
    # the arrow and the points sit in the head, level with the letter, clear of a class set's badge
    arrow = next(p.get("d") for p in marks[0].iter() if p.tag.endswith("path"))
    ys = [float(v) for v in re.findall(r"[-\d.]+", arrow)[1::2]]
    assert SAFE_MM < min(ys) and max(ys) < layout.head
    points = next(t for t in root.iter() if t.tag.endswith("text") and (t.text or "").endswith("POINTS"))
    end = float(points.get("x")) + textfit.width_mm(points.text, DEFAULT_THEME.fonts.file("bold"),
                                                   float(points.get("font-size")))
    assert end < look.size.width - setmark.INSET - setmark.BADGE_W - 1.0
    assert float(points.get("y")) < layout.head
    # every text legible: 6 pt or more at 4.5:1 on what lies under it
    readings = legibility.read_svg(root).readings()
    assert not legibility.problems(readings), legibility.problems(readings)


def test_checker_holds_the_pass_cards_to_the_number_cards_family(copy_of_games):
    """A pass card drawn with the old 16 mm head and 14 pt corner letter is caught."""
    out = copy_of_games("str8eight")
    card = out / "str8eight" / "svg" / "pass-left-1.svg"
    text = card.read_text()
    text = text.replace('y="11.2" width', 'y="16" width')
    text = re.sub(r'(<g data-mark="direction"[^>]*>\s*<text [^>]*font-size=")7\.056"', r'\g<1>4.939"', text)
    card.write_text(text)
    assert_check_catches(out, [
        "pass-left-1.svg: pass card: its head and foot run 16.0 mm deep, the number cards' 11.2 mm",
        "pass-left-1.svg: pass card: its corner letter is 14.0 pt, the number cards' index 20.0 pt"])
