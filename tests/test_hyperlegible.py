"""--font hyperlegible: Atkinson Hyperlegible, bundled with its licence, drawn and embedded
in place of Lato; the default stays Lato."""
from __future__ import annotations


from PIL import Image, ImageChops

from conftest import pdf_fonts, run_cli

from cardgen import paths
from cardgen.design.cards import Look
from cardgen.design.str8eight import render_deck
from cardgen.model.sizes import card_size
from cardgen.model.str8eight import build_deck
from cardgen.theme import DEFAULT_THEME, HYPERLEGIBLE_FONTS, Theme


def test_the_font_files_ship_with_their_licence():
    folder = paths.folder("cardgen.fonts")
    for _, name in HYPERLEGIBLE_FONTS.files:
        assert (folder / name).stat().st_size > 40_000
    licence = (folder / "OFL-AtkinsonHyperlegible.txt").read_text(encoding="utf-8")
    assert "Braille Institute" in licence and "SIL OPEN FONT LICENSE Version 1.1" in licence


def test_a_hyperlegible_build_embeds_atkinson_and_the_default_lato(built, tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "--game", "str8eight", "--format", "pdf", "--only", "cards", "--font", "hyperlegible",
                     "--out", out, "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    fonts = pdf_fonts(out / "str8eight" / "str8eight-cards.pdf")
    assert fonts and all(name.startswith("AtkinsonHyperlegible-") and embedded for name, embedded in fonts.items())
    default = pdf_fonts(built / "str8eight" / "str8eight-cards.pdf")
    assert default and all(name.startswith("Lato-") for name in default)


def test_a_hyperlegible_card_renders_in_its_own_glyphs():
    """Drawn through fontconfig (PNG route): ink where the big value stands, and other ink
    than Lato's (a missing family would fall back to whatever fontconfig found)."""
    from cardgen.draw import fastsvg
    from cardgen.draw.fonts import ensure_fonts

    size = card_size("poker")

    def draw(theme) -> Image.Image:
        svg = next(c.svg for c in render_deck(build_deck(8, 0), Look(size, 0.0, False, theme)).faces
                   if c.slug == "040-8x5")
        ensure_fonts(theme.fonts)
        return fastsvg.image(svg, 100).convert("L")

    try:
        atkinson, lato = draw(Theme(fonts=HYPERLEGIBLE_FONTS)), draw(DEFAULT_THEME)
    finally:
        ensure_fonts(DEFAULT_THEME.fonts)
    box = (95, 130, 155, 215)  # the big value, 24–39 mm across, 33–55 mm down
    assert atkinson.crop(box).getextrema()[0] < 80  # dark ink there
    assert ImageChops.difference(atkinson, lato).crop(box).getbbox() is not None
