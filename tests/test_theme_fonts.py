"""A theme's fonts are drawn as given: the black cut even when it shares the regular's
family name, and a second font set in one process draws exactly as it does alone."""
import subprocess
import sys

import pytest
from fontTools.ttLib import TTFont

from cardgen.theme import DEFAULT_FONTS
from waiting import HANG

# draws the 24 card with the fonts in each folder named (or Lato, with "-"), one after the
# other in this one process; writes the PNGs to argv[1]/0.png, 1.png…
DRAW = """
import sys
from pathlib import Path
from cardgen.design.cards import Look
from cardgen.design.str8eight import render_deck
from cardgen.draw.fonts import ensure_fonts, from_folder
from cardgen.draw.png import svg_to_png
from cardgen.model.sizes import card_size
from cardgen.model.str8eight import build_deck
from cardgen.theme import DEFAULT_THEME, Theme

def card(theme):
    ensure_fonts(theme.fonts)
    art = render_deck(build_deck(8, 0), Look(card_size("poker"), 0.0, False, theme))
    return svg_to_png(next(c.svg for c in art.faces if c.slug == "024-4x6"), 100)

for i, name in enumerate(sys.argv[2:]):
    theme = DEFAULT_THEME
    if name != "-":
        cuts = {c: f"{c}.ttf" for c in ("regular", "bold", "black", "italic")}
        theme = Theme(fonts=from_folder(Path(name), cuts))
    (Path(sys.argv[1]) / f"{i}.png").write_bytes(card(theme))
"""


def renamed(source, family: str, path) -> None:
    """A copy of a font file that calls itself family."""
    font = TTFont(str(source))
    for record in font["name"].names:
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID in (4, 6):
            record.string = family.replace(" ", "" if record.nameID == 6 else " ")
    font.save(str(path))


def font_folder(tmp_path, name: str, black_family: str):
    """Slanted text (Lato Italic renamed) and Lato's black cut under black_family; each
    renamed font is made once and copied."""
    folder = tmp_path / name
    folder.mkdir()
    made = tmp_path / "made"
    made.mkdir(exist_ok=True)
    slant, black = made / "slant.ttf", made / f"{black_family}.ttf"
    if not slant.exists():
        renamed(DEFAULT_FONTS.file("italic"), "Cardgen Slant", slant)
    if not black.exists():
        renamed(DEFAULT_FONTS.file("black"), black_family, black)
    for cut in ("regular", "bold", "italic"):
        (folder / f"{cut}.ttf").write_bytes(slant.read_bytes())
    (folder / "black.ttf").write_bytes(black.read_bytes())
    return folder


def draw(tmp_path, runs: dict) -> dict:
    """For each run, the card drawn with each of its font folders in turn (None: Lato), in
    one fresh process per run; the runs go side by side."""
    procs = {}
    for name, folders in runs.items():
        out = tmp_path / f"drawn-{name}"
        out.mkdir()
        procs[name] = (out, len(folders), subprocess.Popen(
            [sys.executable, "-c", DRAW, str(out), *(str(f) if f else "-" for f in folders)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    drawn = {}
    for name, (out, count, proc) in procs.items():
        _, err = proc.communicate(timeout=HANG)
        assert proc.returncode == 0, err
        drawn[name] = [(out / f"{i}.png").read_bytes() for i in range(count)]
    return drawn


RUNS = {"shared": 1, "own": 1, "odd": 1, "switch": 2}  # the fresh processes below, and the cards each draws


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """Alone in fresh processes: the black cut under the regular's name, under its own;
    then in one process: Lato first, the theme after. Drawn once for the run (whichever
    xdist worker asks first; the other reads the same PNGs)."""
    from conftest import shared as shared_folder

    def make(tmp):
        shared, own = font_folder(tmp, "shared", "Cardgen Slant"), font_folder(tmp, "own", "Cardgen Black")
        odd = font_folder(tmp, "a&b <fonts>", "Cardgen Black")  # XML's own characters in the path
        runs = draw(tmp, {"shared": [shared], "own": [own], "odd": [odd], "switch": [None, own]})
        assert {name: len(cards) for name, cards in runs.items()} == RUNS

    tmp = shared_folder(tmp_path_factory, "theme-fonts-drawn", make)
    runs = {name: [(tmp / f"drawn-{name}" / f"{i}.png").read_bytes() for i in range(count)]
            for name, count in RUNS.items()}
    return {"shared": runs["shared"][0], "own": runs["own"][0], "odd": runs["odd"][0], "lato": runs["switch"][0],
            "after lato": runs["switch"][1]}


def test_a_black_cut_sharing_the_family_name_is_still_drawn(drawn):
    """The big value is set in the black cut: whether the file calls its family by the
    regular's name or by its own, the card comes out the same."""
    assert drawn["shared"] == drawn["own"]


def test_a_second_font_set_in_one_process_draws_as_it_does_alone(drawn):
    assert drawn["own"] != drawn["lato"]  # the theme's fonts do change the card
    assert drawn["after lato"] == drawn["own"]


def test_a_fonts_folder_named_with_xml_characters_is_used(drawn):
    """fonts.conf escapes the folder's path: "a&b <fonts>" is read, not a fallback font."""
    assert drawn["odd"] == drawn["own"]
