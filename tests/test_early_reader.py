"""--font early-reader: SIL's Andika, bundled unmodified with its licence, a plain zero for
children learning to read; the intro preset sets its cards and pages in it, and Atkinson
Hyperlegible (whose zero is slashed) stays a choice of its own."""
from __future__ import annotations

from cardgen import paths
from cardgen.settings import PRESETS
from cardgen.theme import EARLY_READER_FONTS, HYPERLEGIBLE_FONTS, font_set


def zero_contours(path) -> int:
    """The outlines of the font's zero: 2 for a plain one (outside, counter), more with a slash or dot."""
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont

    font = TTFont(path)
    pen = RecordingPen()
    font.getGlyphSet()[font.getBestCmap()[ord("0")]].draw(pen)
    return sum(1 for op, _ in pen.value if op == "closePath")


def test_andika_ships_with_its_licence_and_a_plain_zero():
    folder = paths.folder("cardgen.fonts")
    for _, name in EARLY_READER_FONTS.files:
        assert (folder / name).stat().st_size > 400_000  # the files as SIL releases them: the reserved name
        assert zero_contours(folder / name) == 2  # forbids a subset under it
    licence = (folder / "OFL-Andika.txt").read_text(encoding="utf-8")
    assert "SIL International" in licence and "Reserved Font Names \"Andika\"" in licence
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert zero_contours(folder / dict(HYPERLEGIBLE_FONTS.files)["regular"]) > 2  # why intro does not use it
    assert font_set("early-reader") is EARLY_READER_FONTS and font_set("hyperlegible") is HYPERLEGIBLE_FONTS


def test_the_intro_preset_reads_in_andika(intro_rules):
    from conftest import pdf_fonts

    assert PRESETS["intro"].values["font"] == "early-reader"
    fonts = pdf_fonts(intro_rules / "str8eight" / "str8eight-rules.pdf")
    assert fonts and all(name.startswith("Andika") and embedded for name, embedded in fonts.items()), fonts
