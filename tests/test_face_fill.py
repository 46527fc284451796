"""The Str8 Eight faces fill the card (issue 41): measured in millimetres from the SVG.

The big number's box is read back from the file (its text's x, baseline and size, its ink
measured in the font file itself with fontTools, its underline bar) and so are the boxes of
every arrow tag (the group's translation and its path), the bull's-eye and the head and
foot bands; nothing may come closer than 2 mm to the number, on every card of every table
size from 2 × 2 to 12 × 12, and on the bare faces of the mtc preset. A number beside one
column of tags, or none, is larger than one between two columns.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from defusedxml import ElementTree

from cardgen.design import str8eight
from cardgen.design.cards import Look
from cardgen.model.sizes import card_size
from cardgen.model.str8eight import build_deck
from cardgen.theme import DEFAULT_THEME

NS = "{http://www.w3.org/2000/svg}"
FONTS = Path(__file__).resolve().parents[1] / "fonts"
CLEAR_MM = 2.0


@lru_cache(maxsize=4)
def _font(family: str):
    from fontTools.ttLib import TTFont

    return TTFont(FONTS / f"{family.replace(' ', '-')}.ttf")


def ink_box(text: str, family: str, x: float, baseline: float, size: float) -> tuple:
    """(left, top, right, bottom) of a middle-anchored text's ink: the renderers centre the
    ink, the advances less the outer side bearings; the top is the tallest glyph's."""
    font = _font(family)
    upm, cmap, hmtx, glyf = font["head"].unitsPerEm, font.getBestCmap(), font["hmtx"], font["glyf"]
    names = [cmap[ord(ch)] for ch in text]
    width = sum(hmtx[n][0] for n in names) - glyf[names[0]].xMin - (hmtx[names[-1]][0] - glyf[names[-1]].xMax)
    top = max(glyf[n].yMax for n in names)
    w = width / upm * size
    return x - w / 2, baseline - top / upm * size, x + w / 2, baseline


def _numbers(d: str) -> list:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]


def _translate(el) -> tuple:
    m = re.search(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", el.get("transform", ""))
    return (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)


def gap(a: tuple, b: tuple) -> float:
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


def read_face(svg: str) -> dict:
    """The number's box and the boxes of everything it must keep clear of, in mm."""
    root = ElementTree.fromstring(svg)
    value = root.get("data-value")
    big = max((t for t in root.iter(NS + "text") if (t.text or "").strip() == value),
              key=lambda t: float(t.get("font-size")))
    x, base, size = float(big.get("x")), float(big.get("y")), float(big.get("font-size"))
    box = list(ink_box(value, big.get("font-family"), x, base, size))
    for bar in root.iter(NS + "rect"):  # the underline of a 6 or a 9: part of the number
        if bar.get("data-mark") == "underline" and abs(float(bar.get("y")) - base) < 0.2 * size:
            box[3] = max(box[3], float(bar.get("y")) + float(bar.get("height")))
    others = []
    for g in root.iter(NS + "g"):
        if g.get("data-group"):
            tx, ty = _translate(g)
            pts = _numbers(next(g.iter(NS + "path")).get("d"))
            xs, ys = pts[0::2], pts[1::2]
            others.append((f"tag ×{g.get('data-group')} {g.get('data-side')}",
                           (tx + min(xs), ty + min(ys), tx + max(xs), ty + max(ys))))
        elif g.get("data-mark") == "bullseye":
            tx, ty = _translate(g)
            r = max(float(c.get("r")) for c in g.iter(NS + "circle"))
            others.append(("bull's-eye", (tx - r, ty - r, tx + r, ty + r)))
        elif g.get("data-mark") == "strips":
            for r in g.iter(NS + "rect"):
                y, h = float(r.get("y")), float(r.get("height"))
                far = -10.0 if y < base else 200.0  # the band reaches out to the trim
                others.append(("head" if y < base else "foot", (-10.0, min(y, far), 200.0, max(y + h, far))))
    return {"value": int(value), "box": tuple(box), "size": size, "others": others,
            "tags": sum(1 for name, _ in others if name.startswith("tag"))}


def faces(n: int, scaffold: str = "full", size: str = "poker", low_ink: bool = False, large_print=False) -> list:
    look = Look(card_size(size), 3.0, low_ink, DEFAULT_THEME, scaffold, large_print)
    deck = build_deck(n, 1)
    layout = str8eight.NumberLayout(look.size, n, large_print, scaffold, DEFAULT_THEME)
    return [(c.slug, str8eight.number_svg(c, layout, look)) for c in deck.number_cards]


def closest(svg: str) -> tuple:
    face = read_face(svg)
    return min(((gap(face["box"], box), name) for name, box in face["others"]), default=(99.0, "-"))


@pytest.mark.parametrize("n", [8, 12])
def test_every_card_keeps_2mm_clear_of_its_number(n):
    """Every card of 8 × 8 and 12 × 12: the gap between the number's ink and each tag, the
    bull's-eye and the head and foot is 2 mm or more, measured from the SVG."""
    gaps = [(closest(svg), slug) for slug, svg in faces(n)]
    ((worst, what), slug) = min(gaps)
    assert worst >= CLEAR_MM, f"{slug}: the {what} is {worst:.2f} mm from the number"
    assert all(read_face(svg)["tags"] for _, svg in faces(n))  # every card was measured against tags


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 9, 10, 11])
def test_every_table_size_keeps_2mm_clear(n):
    for variant in ({}, {"size": "bridge"}, {"large_print": True}):
        ((worst, what), slug) = min((closest(svg), slug) for slug, svg in faces(n, **variant))
        assert worst >= CLEAR_MM, f"{n}×{n} {variant} {slug}: the {what} is {worst:.2f} mm from the number"


def test_a_bare_face_fills_its_card_and_keeps_clear():
    """The mtc preset's bare faces (12 × 12, no tags): the number takes the width, at least
    twice as tall as a number between two tag columns, clear of head, foot and bull's-eye."""
    bare = dict(faces(12, "bare", low_ink=True))
    full = dict(faces(12))
    for slug in ("001-1x1", "064-8x8", "144-12x12", "120-10x12"):
        face, worst = read_face(bare[slug]), closest(bare[slug])
        assert face["tags"] == 0 and worst[0] >= CLEAR_MM, (slug, worst)
        left, top, right, bottom = face["box"]
        assert bottom - top >= 2 * (read_face(full["120-10x12"])["box"][3] - read_face(full["120-10x12"])["box"][1])
        assert right - left >= 0.5 * 63.5 or len(str(face["value"])) == 1
        assert bottom - top >= 18.0, (slug, bottom - top)


def test_a_number_grows_into_the_room_missing_tags_leave():
    """1 (tags right only) and 64 (left only) of 8 × 8 print larger than 24 (both sides),
    and their number stands off the middle, towards the empty edge."""
    cards = dict(faces(8))
    both, one_right, one_left = (read_face(cards[s]) for s in ("024-3x8", "001-1x1", "064-8x8"))
    assert one_right["size"] > 1.3 * both["size"] and one_left["size"] > 1.3 * both["size"]
    assert (one_right["box"][0] + one_right["box"][2]) / 2 < 63.5 / 2 - 3  # 1: moved left, away from its tag
    assert (one_left["box"][0] + one_left["box"][2]) / 2 > 63.5 / 2 + 3  # 64: moved right


def test_the_measure_sees_a_number_crowding_a_tag():
    """Damage: a tag moved 3 mm towards the number is reported under 2 mm."""
    svg = dict(faces(12))["120-10x12"]
    worst, what = closest(svg)
    assert worst >= CLEAR_MM
    moved = re.sub(r'(data-side="right"[^>]*transform="translate\()([\d.]+)',
                   lambda m: m.group(1) + f"{float(m.group(2)) - 3.0:.3f}", svg, count=1)
    assert closest(moved)[0] < CLEAR_MM
