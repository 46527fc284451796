"""Scaffold levels, group shapes and large print on the Str8 Eight faces, and the checker
knowing what each level shows (issue 17)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import assert_check_catches, edit, run_cli, private_copy

from cardgen.design import palette
from cardgen.design.cards import Look
from cardgen.design.str8eight import PT, NumberLayout, render_deck
from cardgen.model.sizes import SAFE_MM, card_size
from cardgen.model.str8eight import build_deck
from cardgen.theme import DEFAULT_THEME

POKER = card_size("poker")
ARROW = re.compile(r'<g data-group="(\d+)"[^>]*data-shape="([\w-]+)"[^>]*>.*?\n  </g>', re.S)


def faces(n: int, scaffold: str = "full", large_print: bool = False, bleed: float = 0.0) -> dict:
    art = render_deck(build_deck(n, 0), Look(POKER, bleed, False, DEFAULT_THEME, scaffold, large_print))
    return {c.slug: c.svg for c in art.faces}


def test_full_is_the_default_build_byte_for_byte(built):
    """--scaffold full draws exactly the cards a build without the option draws."""
    bleed = json.loads((built / "manifest.json").read_text())["games"]["str8eight"]["card"]["bleed_mm"]
    art = render_deck(build_deck(8, 3), Look(POKER, bleed, False, DEFAULT_THEME, "full", False))
    for card in art.faces[20:30] + art.faces[-3:]:
        assert (built / "str8eight" / "svg" / f"{card.slug}.svg").read_text(encoding="utf-8") == card.svg


def test_each_level_leaves_out_what_it_says():
    full, colors, bare = faces(8), faces(8, "colors"), faces(8, "bare")
    card = "024-6x4"
    assert ">28</text>" in full[card] and "×4" in full[card]
    # colors: same arrows, colors, shapes and labels; no number on any arrow
    arrows = lambda svg: ARROW.findall(svg)  # noqa: E731
    assert arrows(colors[card]) == arrows(full[card]) and len(arrows(full[card])) == 7
    for block in ARROW.finditer(colors[card]):
        shown = re.findall(r">([^<]+)</text>", block.group(0))
        assert not any(t.isdigit() for t in shown) and f"×{block.group(1)}" in shown
    # bare: the number and its cell, no arrow
    assert "data-group" not in bare[card] and "6 × 4" in bare[card] and ">24</text>" in bare[card]


def test_twelve_groups_have_twelve_shapes_each_drawn_on_every_arrow():
    seen: dict = {}
    for svg in faces(12).values():
        for group, shape in ARROW.findall(svg):
            seen.setdefault(int(group), set()).add(shape)
        assert svg.count('data-mark="group-shape"') == len(ARROW.findall(svg))
    assert sorted(seen) == list(range(1, 13)) and all(len(s) == 1 for s in seen.values())
    assert len({s for (s,) in seen.values()}) == 12 == len(set(DEFAULT_THEME.tokens.group_shapes))


def test_a_shape_shows_in_the_pixels_of_its_tag_and_a_missing_one_is_seen():
    """At the shape's centre the tag shows the shape's ink (not the tag's color); with the
    shape taken out, the same pixel is the tag's color: the tile check catches it."""
    from cardgen.draw import fastsvg
    from cardgen.draw.fonts import ensure_fonts

    ensure_fonts(DEFAULT_THEME.fonts)
    n, dpi = 12, 200
    layout = NumberLayout(POKER, n)
    svg = faces(n)["060-6x10"]

    def shape_pixels(svg: str) -> list:
        img = fastsvg.image(svg, dpi)
        out = []
        for group, side, y in re.findall(r'data-group="(\d+)" data-side="(\w+)"[^>]*translate\([\d.]+ ([\d.]+)\)',
                                         svg):
            x = SAFE_MM + layout.shape_x if side == "left" else POKER.width - SAFE_MM - layout.shape_x
            y = float(y)
            out.append((int(group), img.getpixel((round(x / 25.4 * dpi), round(y / 25.4 * dpi)))))
        return out

    def rgb(hex_color: str) -> tuple:
        return tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5))

    def shows_shape(group: int, pixel: tuple) -> bool:
        ink = rgb(palette.text_on(DEFAULT_THEME.group_color(group)))
        return max(abs(a - b) for a, b in zip(pixel, ink)) < 40

    tiles = shape_pixels(svg)
    assert len(tiles) == 7 and all(shows_shape(g, p) for g, p in tiles)
    damaged = re.sub(r'<path data-mark="group-shape" d="[^"]*"', '<path data-mark="group-shape" d=""', svg, count=1)
    assert [shows_shape(g, p) for g, p in shape_pixels(damaged)].count(False) == 1


@pytest.mark.parametrize("n", [8, 12])
def test_large_print_is_larger_and_stays_in_the_safe_zone(n):
    plain, large = NumberLayout(POKER, n), NumberLayout(POKER, n, large_print=True)
    # numeral heights in mm (cap height of the heavy cut): the corner index 1.3 times (20 pt -> 26 pt,
    # larger than the 24 pt large print had before the faces were redrawn), arrow numbers 1.3 times
    assert large.index_size * large.cap == pytest.approx(1.3 * plain.index_size * plain.cap)
    assert large.index_size * large.cap > 6.1  # 26 pt Lato digits: 6.6 mm tall
    assert large.tag_target_size == pytest.approx(1.3 * plain.tag_target_size) and large.value_size >= plain.value_size
    assert large.index_turns == (0,) and not large.shows_cell and plain.shows_cell
    assert NumberLayout(POKER, n, True, "bare").shows_cell
    from cardgen.design.measure import widest
    from cardgen.model.str8eight import arrows_of

    fonts = DEFAULT_THEME.fonts
    tallest = max(sum(a.side == side for a in arrows_of(r * c, n))
                  for r in range(1, n + 1) for c in range(1, n + 1) for side in ("left", "right"))
    for lay in (plain, large):
        ys = lay.tag_ys(tallest)
        top, bottom = ys[0] - lay.tag_height / 2, ys[-1] + lay.tag_height / 2
        assert lay.field[0] < top and bottom < lay.field[1]  # the tallest stack stays in the field
        assert lay.index_y < lay.head < lay.field[0]  # the corner index in the head band
        # an arrow's widest number (measured in the font) clears the tag's point and its shape by 0.5 mm
        number = widest(fonts, "heavy", [str(v) for v in range(1, n * n + 1)], lay.tag_target_size)
        assert lay.tag_head + 0.4 <= lay.target_x - number / 2
        assert lay.target_x + number / 2 + 0.5 <= lay.shape_x - lay.shape_r
        if lay.shows_label:  # "×12" inside its tag, clear of the shape and of the tag's end
            label = widest(fonts, "bold", [f"×{d}" for d in range(1, n + 1)], lay.tag_cue_size)
            assert lay.shape_x + lay.shape_r + 0.5 <= lay.cue_x - label / 2
            assert lay.cue_x + label / 2 + 0.5 <= lay.tag_length
        assert 2 * lay.shape_r <= lay.tag_height
        # the value between the tag columns, a gutter clear of them
        value = widest(fonts, "heavy", [str(v) for v in range(1, n * n + 1)], lay.value_size)
        assert SAFE_MM + lay.tag_length + 1.5 <= POKER.width / 2 - value / 2
    index_w = len(str(n * n)) * large.digit * large.index_size
    assert large.index_x + index_w < POKER.width - SAFE_MM and large.index_size == pytest.approx(26 * PT)


@pytest.fixture(scope="module")
def level_builds(tmp_path_factory) -> dict:
    """The cards and answer key of the colors and bare levels (SVG only: the checker's input)."""
    out = {}
    for level in ("colors", "bare"):
        folder = tmp_path_factory.mktemp(level) / "out"
        result = run_cli("build", "--game", "str8eight", "--format", "svg", "--only", "cards,sheet",
                         "--scaffold", level, "--out", folder, "-q", "-j", "1")
        assert result.exit_code == 0, result.output
        out[level] = folder
    return out


def copy(folder: Path, tmp_path: Path) -> Path:
    return private_copy(folder, tmp_path / "out")


@pytest.mark.parametrize("level", ["colors", "bare"])
def test_the_checker_passes_each_level_as_built(level_builds, level):
    result = run_cli("check", level_builds[level])
    assert result.exit_code == 0, result.output
    assert f"scaffold {level}" in result.output


def test_a_colors_card_with_a_number_put_back_fails(level_builds, tmp_path):
    out = copy(level_builds["colors"], tmp_path)
    edit(out / "str8eight" / "svg" / "024-6x4.svg", ">?</text>", ">28</text>")
    assert_check_catches(out, ["024-6x4.svg", "shows the number 28: colors cards leave the arrows' numbers out"])


def test_a_colors_card_without_a_label_or_a_shape_fails(level_builds, tmp_path):
    out = copy(level_builds["colors"], tmp_path)
    edit(out / "str8eight" / "svg" / "024-6x4.svg", ">×6</text>", "></text>")
    svg = out / "str8eight" / "svg" / "030-6x5.svg"
    svg.write_text(re.sub(r'<path data-mark="group-shape"[^>]*/>', "", svg.read_text(), count=1))
    assert_check_catches(out, ["has no “×6” label", "030-6x5.svg", "arrow carries no group shape"])


def test_a_bare_card_with_an_arrow_fails(level_builds, tmp_path):
    out = copy(level_builds["bare"], tmp_path)
    arrow = ARROW.search((level_builds["colors"] / "str8eight" / "svg" / "024-6x4.svg").read_text()).group(0)
    edit(out / "str8eight" / "svg" / "024-6x4.svg", "</svg>", arrow + "\n</svg>")
    assert_check_catches(out, ["024-6x4.svg", "1 arrow(s) on a bare card"])


def test_an_answer_key_for_another_level_fails(level_builds, tmp_path):
    out = copy(level_builds["bare"], tmp_path)
    sheet = next((out / "str8eight").glob("sequence-sheet-*.svg"))
    edit(sheet, 'data-scaffold="bare">', 'data-scaffold="full">')
    edit(sheet, "bare cards</text>", "full cards</text>")
    assert_check_catches(out, ["answer key", "the sheet must be the answer key of bare cards"])


def test_a_booklet_that_states_another_level_fails(copy_of_games):
    """The default build's booklet says full; a record saying colors disagrees with it
    (and with every card, and with the answer key)."""
    out = copy_of_games("str8eight")
    manifest = out / "manifest.json"
    data = json.loads(manifest.read_text())
    data["games"]["str8eight"]["scaffold"] = "colors"
    manifest.write_text(json.dumps(data, indent=2))
    assert_check_catches(out, ["states full for the scaffold level; the deck in this folder says colors",
                               "the sheet must be the answer key of colors cards",
                               "states every arrow's number, which this deck does not have",  # the level's wording
                               "does not state the colors level's “?”"])


def test_a_full_booklet_beside_bare_cards_fails_on_its_wording(copy_of_games):
    """Arrows to read, in the words of a booklet whose record says bare: caught."""
    out = copy_of_games("str8eight")
    manifest = out / "manifest.json"
    data = json.loads(manifest.read_text())
    data["games"]["str8eight"]["scaffold"] = "bare"
    manifest.write_text(json.dumps(data, indent=2))
    assert_check_catches(out, ["states arrows on the bare cards, which this deck does not have",
                               "does not state the bare level's moves"])
