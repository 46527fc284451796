"""The design system as data: templates/design/tokens.toml loads, is checked, and a
theme changes the look only by overriding its tokens."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import CardgenError
from cardgen.tokens import default_tokens, parse

REPO = Path(__file__).resolve().parents[1]
SHIPPED = (REPO / "templates" / "design" / "tokens.toml").read_text()


def test_shipped_tokens_load_with_every_kind():
    t = default_tokens()
    assert t.color("ink") == "#1d2330" and t.color("str8eight.back").startswith("#")
    assert len(t.group_colors) == 12 == len(set(t.group_colors)) == len(set(t.group_shapes))
    assert t.pt("min") == 6 and t.pt("body_min") == 7 and t.pt("body") >= 7
    assert t.mm("space.s") == 1.6 and t.mm("radius.tag") > 0 and t.mm("stroke.thin") > 0
    assert abs(t.type_mm("card_arrow") - 10.6 * 25.4 / 72) < 1e-9
    with pytest.raises(KeyError):
        t.color("no-such-color")


@pytest.mark.parametrize("edit, message", [
    (('ink = "#1d2330"', 'ink = "navy"'), "token 'color.ink' 'navy' is not \"#rrggbb\""),
    (("min = 6.0", "min = -1"), "token 'type.min' -1 is not a positive size"),
    (("caption = 7.0", "caption = 5.5"), "type.caption under type.min"),
    (("body = 9.6", "body = 6.5"), "type.body under type.body_min"),
    (('"heart"]', '"circle"]'), "token 'group.shapes' must list 12 different shapes"),
    (('"#a5400b"]', '"#332288"]'), "token 'group.colors' must list 12 different colors"),
    (("\n[stroke]", "\n[weird]"), "is not a token section"),
])
def test_a_broken_tokens_file_is_refused_by_name(edit, message):
    old, new = edit
    assert old in SHIPPED
    with pytest.raises(CardgenError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse(SHIPPED.replace(old, new, 1), "tokens.toml")


def test_an_override_replaces_values_and_refuses_unknown_names_and_kinds():
    t = default_tokens()
    dark = t.override({"color.paper": "#000000", "type.body": 10})
    assert dark.color("paper") == "#000000" and dark.pt("body") == 10 and t.color("paper") != "#000000"
    assert dark.names() == t.names() and hash(dark) != hash(t)
    with pytest.raises(CardgenError, match="no design token 'color.papr'"):
        t.override({"color.papr": "#000000"})
    with pytest.raises(CardgenError, match="did you mean 'color.paper'"):
        t.override({"paper": "#000000"})
    with pytest.raises(CardgenError, match="is not a positive size"):
        t.override({"space.s": "#000000"})


def test_the_theme_carries_the_tokens_and_its_colors_live_in_them():
    from cardgen.options import BuildOptions
    from cardgen.theme import DEFAULT_THEME, theme_for

    assert DEFAULT_THEME.tokens == default_tokens()
    mine = ("#000000", "#ffffff", "#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff")
    theme = theme_for(BuildOptions(group_colors=mine))
    assert theme.group_colors[:8] == mine and theme.tokens.group_colors == theme.group_colors
    assert theme.tokens.color("ink") == default_tokens().color("ink")


NEIGHBOURS = [(3, 4), (8, 9), (10, 11), (10, 12), (11, 12)]  # groups side by side in the table (issue 26)


def test_neighbouring_groups_are_far_apart_for_every_reader():
    """×3/×4, ×8/×9 and ×10/×11/×12 at least 20 CIEDE2000 apart in normal vision and at
    least colorcheck's 10 under simulated deuteranopia and protanopia: told apart by color
    for these readers too (every group also keeps its own shape)."""
    from cardgen.colorcheck import MIN_DISTANCE, SIMULATIONS, _lab, _linear, ciede2000, simulate

    colors = default_tokens().group_colors
    for i, j in NEIGHBOURS:
        a, b = colors[i - 1], colors[j - 1]
        assert ciede2000(_lab(_linear(a)), _lab(_linear(b))) >= 20, (i, j)
        for kind in SIMULATIONS:
            assert ciede2000(_lab(simulate(a, kind)), _lab(simulate(b, kind))) >= MIN_DISTANCE, (i, j, kind)


def test_every_group_color_takes_legible_type():
    """The arrow's number and label on each group's tag: 4.5:1 or more in the ink the
    design picks for it (white, ink or, for a mid-tone, black)."""
    from cardgen.design.palette import contrast, text_on

    t = default_tokens()
    for color in t.group_colors:
        assert contrast(text_on(color, t), color) >= 4.5, color


def test_the_palette_constants_repeat_the_shipped_tokens():
    from cardgen.design import palette

    t = default_tokens()
    assert (palette.INK, palette.PAPER, palette.MUTED_INK) == (t.color("ink"), t.color("paper"), t.color("muted"))


def test_a_theme_token_reaches_the_designs_that_read_it():
    """One token changed in the theme: the faces, the back, the sequence sheet and a booklet's
    styles draw with it, and nothing else changes color."""
    from dataclasses import replace

    from cardgen.design import sequence_sheet, str8eight
    from cardgen.design.cards import Look
    from cardgen.documents.booklet import _styles
    from cardgen.layout.paper import PAPERS
    from cardgen.model.sizes import card_size
    from cardgen.model.str8eight import build_deck, sequence_map
    from cardgen.theme import DEFAULT_THEME

    theme = replace(DEFAULT_THEME, tokens=default_tokens().override({"color.ink": "#101010",
                                                                     "color.str8eight.back": "#203050"}))
    art = str8eight.render_deck(build_deck(8, 1), Look(card_size("poker"), 3.0, False, theme))
    face = next(c.svg for c in art.faces if c.slug.startswith("024"))
    assert 'fill="#101010"' in face and "#1d2330" not in face and 'fill="#203050"' in face
    assert 'fill="#203050"' in art.backs[0].svg and "#1c2740" not in art.backs[0].svg
    sheet = sequence_sheet.sheet_svg(sequence_map(8), PAPERS["letter"], theme)
    assert 'fill="#101010"' in sheet and "#1d2330" not in sheet
    fonts = {"text": "Helvetica", "bold": "Helvetica-Bold", "heavy": "Helvetica-Bold", "italic": "Helvetica-Oblique"}
    assert _styles(fonts, 9.6, theme.tokens)["body"].textColor == "#101010"
