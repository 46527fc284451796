"""One settings table: the flags, the project file, `cardgen init`, the docs' options table and
BuildOptions all come from cardgen/settings.py, and every value passes one validator."""
import math
import re
import tomllib
from pathlib import Path

import pytest

from cardgen import config
from cardgen.colorcheck import MIN_DISTANCE, min_distance, too_close, warnings_for
from cardgen.errors import CardgenError
from cardgen.options import BuildOptions, PlaytestOptions, pick
from cardgen.settings import SETTINGS, for_command, init_file, markdown_table
from cardgen.theme import DEFAULT_GROUP_COLORS, DEFAULT_THEME, Theme, complete_colors
from conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent


def test_the_docs_table_of_options_is_made_from_the_settings_table():
    """docs/reference/options.md holds no copy of the table: the site's build puts
    markdown_table() in place (tests/test_docs.py reads the built page), one row a setting."""
    page = (ROOT / "docs" / "reference" / "options.md").read_text(encoding="utf-8")
    assert "<!-- cardgen: options -->" in page and "| flag |" not in page
    rows = markdown_table().splitlines()
    assert len(rows) == len(SETTINGS) + 2 and all(r.count(" | ") == 4 for r in rows[2:])


def test_every_flag_is_in_help_with_its_choices():
    text = run_cli("build", "--help").output
    for s in for_command("build"):
        if s.flag:
            assert s.flag in text, s.flag
    playtest = run_cli("playtest", "--help").output
    for s in for_command("playtest"):
        if s.flag:
            assert s.flag in playtest, s.flag
    assert "--players" not in text and "--layout" not in playtest
    for listing in ("[letter|a4|both]", "[duplex|fronts|gutterfold]", "[poker|bridge|mini]", "[10|1]"):
        assert listing in text
    assert "str8eight, fourscore, eights, crazy-eights" in " ".join(text.split())


def test_init_file_lists_every_key_and_reads_back_as_the_defaults(tmp_path):
    text = init_file()
    data = tomllib.loads(text)
    for s in SETTINGS:
        if not s.toml:
            continue
        table = data.get(s.section, {}) if s.section else data
        if s.toml_key in table:
            continue
        # options without a default are shown commented out, in their own section
        assert re.search(rf"^# {re.escape(s.toml_key)} = ", text, re.M), s.toml_key
    path = tmp_path / "cardgen.toml"
    path.write_text(text)
    values = config.load(path)
    defaults, playtest = BuildOptions(), PlaytestOptions()
    for name, value in values.items():
        want = getattr(defaults, name) if hasattr(defaults, name) else getattr(playtest, name)
        if name == "out":
            assert value == tmp_path / "output"
        elif name == "games":
            assert set(value) == {"str8eight", "fourscore", "eights", "crazy-eights"}
        else:
            assert value == want, name


@pytest.mark.parametrize("args, message", [
    (["--bleed", "nan"], "--bleed: nan is not a finite number; use 0 to 6 mm"),
    (["--bleed", "inf"], "--bleed: inf is not a finite number"),
    (["--back-offset", "nan,0"], "--back-offset: nan is not a finite number"),
    (["--card-thickness", "-inf"], "--card-thickness: -inf is not a finite number"),
    (["--table-size", "8.5"], "--table-size: '8.5' is not a whole number; use a whole number from 2 to 12"),
    (["--pass-cards", "5"], "--pass-cards: 5 is odd; use an even number"),
    (["--jobs", "100000"], "--jobs: 100000 is out of range; use a whole number from 1 to 64"),
    (["--out", ""], "--out: the output folder is empty; name a folder"),
    (["--paper", "A3"], "--paper: unknown paper 'A3'; use one of letter, a4, both"),
    (["--no-such-flag"], "--no-such-flag: no such option; see the command's options"),
])
def test_bad_flags_one_line_exit_2(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--game", "str8eight", *args)
    assert result.exit_code == 2, result.output
    assert message in result.output and result.output.count("\n") == 1, result.output
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("text, message", [
    ("bleed = nan\n", "cardgen.toml:1: bleed nan is not a finite number"),
    ("[printer]\nback_offset = [inf, 0]\n", "cardgen.toml:2: back offset inf is not a finite number"),
    # a project file from before the [printer] table: one line saying where the key went
    ("back_offset = [1, 0]\n", "cardgen.toml:1: 'back_offset' belongs under [printer]: move it there"),
    ('paper = "a4"\n[tuckbox]\ncard_thickness = 5\n',
     "cardgen.toml:3: card thickness 5.0 mm is out of range; use 0.1 to 1 mm"),
    ("[str8eight]\ntable_size = 8.5\n", "cardgen.toml:2: 'table_size' is 8.5; write a whole number"),
    ('[crazy-eights]\nace_value = "10"\n', "cardgen.toml:2: unknown ace value '10'"),
    ('out = ""\n', "cardgen.toml:1: the output folder is empty"),
    ('[theme]\nfont_files = { regular = "../etc/passwd" }\n', "cardgen.toml:2: 'font_files' takes file names"),
    ('str8eight = 3\n', "cardgen.toml:1: 'str8eight' must be a [str8eight] table"),
])
def test_bad_project_file_names_file_and_line(tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text(text)
    result = run_cli("build", "-q")
    assert result.exit_code == 2 and message in result.output, result.output
    assert not (tmp_path / "output").exists()


def test_library_callers_get_the_same_validation():
    with pytest.raises(CardgenError, match="bleed nan is not a finite number"):
        BuildOptions(bleed=math.nan)
    with pytest.raises(CardgenError, match="unknown layout 'booklet'"):
        BuildOptions(layout="booklet")
    options = BuildOptions(formats="svg,png", back_offset=(1, -0.5))
    assert options.formats == frozenset({"svg", "png"}) and options.back_offset == (1.0, -0.5)
    assert BuildOptions(print_scale=99.5).print_scale == (99.5, 99.5)  # one number: the same both ways
    with pytest.raises(CardgenError, match="back offset 2 is not X,Y in millimetres; write e.g. "):
        BuildOptions(back_offset=2)  # an offset has no 'both'


def test_a_flag_overrides_the_file_and_the_file_the_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text('format = "svg"\npaper = "a4"\n[str8eight]\ntable_size = 9\n')
    assert run_cli("build", "--game", "str8eight", "--table-size", "10", "-q").exit_code == 0
    svgs = list((tmp_path / "output" / "str8eight" / "svg").glob("*.svg"))
    assert len(svgs) == 10 * 10 + 6 + 1  # the flag's table size, the default pass cards, one back
    assert (tmp_path / "output" / "str8eight" / "sequence-sheet-a4.svg").exists()  # the file's paper
    assert not list((tmp_path / "output" / "str8eight").glob("*.pdf"))  # the file's format


# --- the color check sees the colors that are drawn ----------------------------------------------

THEME_8 = ["#0072b2", "#332289", "#e69f00", "#009e73", "#56b4e9", "#d55e00", "#f0e442", "#cc79a7"]


def test_padding_never_adds_a_twin_of_a_theme_color():
    """The issue's case: an 8-color theme holding #332289 used to be completed with the
    default #332288 for group 9 (CIEDE2000 0.2)."""
    colors = complete_colors(tuple(THEME_8))
    assert colors[:8] == tuple(THEME_8) and len(colors) == 12 and len(set(colors)) == 12
    assert "#332288" not in colors
    for i, color in enumerate(colors[8:], 8):
        assert min_distance(color, list(colors[:i])) > 5, (color, min_distance(color, list(colors[:i])))
    assert complete_colors(None) == DEFAULT_GROUP_COLORS


def test_warning_covers_groups_beyond_the_eighth(tmp_path, monkeypatch):
    """Twelve theme colors whose 11th looks like the 2nd: a 12 × 12 table draws both and is
    warned about (refused with --strict); an 8 × 8 table draws neither twin and is not."""
    twelve = DEFAULT_GROUP_COLORS[:10] + ("#88ccef",) + DEFAULT_GROUP_COLORS[11:]
    listed = ", ".join(f'"{c}"' for c in twelve)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text(f'format = "svg"\n[theme]\ngroup_colors = [{listed}]\n')
    small = run_cli("build", "--game", "str8eight", "-q")
    assert small.exit_code == 0 and "warning" not in small.output
    big = run_cli("build", "--game", "str8eight", "--table-size", "12", "-q")
    assert big.exit_code == 0 and "×2 #88ccee and ×11 #88ccef are hard to tell apart" in big.output
    strict = run_cli("build", "--game", "str8eight", "--table-size", "12", "--strict", "-q")
    lines = strict.output.splitlines()  # every warning shown, then one error
    assert strict.exit_code == 2 and lines[-1] == "cardgen: error: 5 warnings above, and --strict makes them errors"
    assert len(lines) == 6 and "×2 #88ccee and ×11 #88ccef" in strict.output


def test_the_cards_wear_the_checked_colors(tmp_path, monkeypatch):
    """Build a 12 × 12 deck with an 8-color theme and read back the colors drawn: the
    warnings printed are exactly those for the drawn colors (twelve colors cannot all stay
    10 apart under every simulation; the "×d" labels carry the group then)."""
    monkeypatch.chdir(tmp_path)
    listed = ", ".join(f'"{c}"' for c in THEME_8)
    (tmp_path / "cardgen.toml").write_text(f'format = "svg"\n[theme]\ngroup_colors = [{listed}]\n')
    result = run_cli("build", "--game", "str8eight", "--table-size", "12", "-q")
    assert result.exit_code == 0, result.output
    drawn = {}
    for svg in (tmp_path / "output" / "str8eight" / "svg").glob("*.svg"):
        for group, color in re.findall(r'data-group="(\d+)"[^>]*data-color="(#[0-9a-f]{6})"', svg.read_text()):
            drawn.setdefault(int(group), set()).add(color)
    assert sorted(drawn) == list(range(1, 13)) and all(len(v) == 1 for v in drawn.values())
    colors = [next(iter(drawn[g])) for g in range(1, 13)]
    assert colors[:8] == THEME_8
    printed = [line.removeprefix("cardgen: warning: ") for line in result.output.splitlines()]
    assert printed == warnings_for(colors, 8)
    assert all(d < MIN_DISTANCE for *_, d in too_close(colors))


# --- the theme is a value ------------------------------------------------------------------------

def test_a_library_caller_gets_exactly_the_theme_it_passes(tmp_path):
    """Two builds in one process with two themes: each deck wears its own theme, and
    nothing of the first theme is left behind for the second."""
    from cardgen.build import build

    red = Theme().with_group_colors(complete_colors(("#cc3311",) + DEFAULT_GROUP_COLORS[1:8]))
    for theme, out, want in ((red, tmp_path / "red", "#cc3311"), (DEFAULT_THEME, tmp_path / "plain", "#332288")):
        heard = []
        build(BuildOptions(out=out, games=("str8eight",), formats="svg", jobs=1), theme, warn=heard.append)
        # a library caller hears of its own colors too alike, as the CLI's user does
        assert heard == ([] if theme is DEFAULT_THEME else
                         [w for w in heard if "×1 #cc3311" in w and "pick a more distinct color" in w])
        assert heard or theme is DEFAULT_THEME
        svg = (out / "str8eight" / "svg" / "006-2x3.svg").read_text()
        assert f'data-group="1" data-side="left" data-target="5" data-color="{want}"' in svg
        assert run_cli("check", out).exit_code == 0


# --- a bug of ours: one line, the traceback in a file, exit 70 --------------------------------------

def test_an_unexpected_error_names_its_traceback_file(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("simulated bug\nsecond line")
    # the builder first: patched second, its first import (in this worker) would bind the broken
    # function from the design module as its own, and the undo would "restore" that one for the
    # tests after this (the next build in this worker failed with exit 70)
    monkeypatch.setattr("cardgen.builders.str8eight.render_deck", broken)
    monkeypatch.setattr("cardgen.design.str8eight.render_deck", broken)
    result = run_cli("build", "--game", "str8eight", "--format", "svg", "--out", tmp_path / "o", "-j", "1", "-q")
    assert result.exit_code == 70, result.output
    line = result.output.strip()
    assert "\n" not in line and "internal error (RuntimeError: simulated bug)" in line
    path = Path(re.search(r"the full traceback is in (\S+):", line).group(1))
    try:
        assert "Traceback" in path.read_text() and "simulated bug" in path.read_text()
        assert path.stat().st_mode & 0o077 == 0  # private to the user
    finally:
        path.unlink()
    assert not (tmp_path / "o" / "str8eight").exists()


def test_a_preset_still_picks_after_cardgen_init(tmp_path):
    """The project file sits above the preset, so an init file that spelled out table_size
    = 8 and scaffold = "full" made every preset a no-op: `cardgen init` then `cardgen build
    --preset mtc` built the 8 × 8 full deck, its teacher pages saying "preset mtc". The
    settings a preset picks are written commented out, and uncommented they win again."""
    from cardgen.settings import PRESET_PICKS, PRESETS

    assert PRESET_PICKS == {"table_size", "sequence_length", "pass_cards", "scaffold", "large_print", "font",
                            "low_ink", "paper"}
    text = init_file()
    path = tmp_path / "cardgen.toml"
    path.write_text(text)
    values = config.load(path)
    for preset in PRESETS.values():
        options = BuildOptions(**pick(BuildOptions, {**values, "preset": preset.name}))
        assert {k: getattr(options, k) for k in preset.values} == preset.values, preset.name
    path.write_text(text.replace("# table_size = 8", "table_size = 5"))
    options = BuildOptions(**pick(BuildOptions, {**config.load(path), "preset": "mtc"}))
    assert (options.table_size, options.scaffold) == (5, "bare")


def test_the_built_in_palette_past_eight_groups_is_not_warned_about():
    """The mtc preset (12 × 12) printed four color-blind warnings about built-in colors the
    user never chose and could do nothing about; every group has its own shape and ×d
    label on every arrow. A pair that involves one of the user's colors is still reported."""
    from cardgen.colorcheck import too_close, warnings_for
    from cardgen.theme import complete_colors

    built_in = list(complete_colors(None)[:12])
    assert too_close(built_in)  # the palette does run out past eight groups
    assert warnings_for(built_in, 0) == []
    assert warnings_for(built_in, 12)  # the same twelve listed by the user: reported
