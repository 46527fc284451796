"""Hostile and unlucky input, one table: every case ends with one line and exit 2 (or,
for `cardgen check`, violation lines and exit 1), reads nothing outside the folders it
was given, and leaves what was there as it was."""
import json
import os
import shutil
from pathlib import Path

import pytest

from conftest import run_cli


def one_line(result, code: int, text: str) -> None:
    assert result.exit_code == code, result.output
    assert text in result.output, result.output
    assert "Traceback" not in result.output


# --- bad input to `cardgen build` and `cardgen init` ---------------------------------------------

BUILD_CASES = [
    ("format list of numbers", 'format = [1, 2]\n', [], "'format' must be a text"),
    ("format nested list", 'format = [["pdf"]]\n', [], "'format' must be a text"),
    ("13 group colors", "[theme]\ngroup_colors = [" + ", ".join(f'"#{i:02x}{i:02x}{i:02x}"' for i in range(13))
     + "]\n", [], "13 group colors"),
    ("empty games list", "games = []\n", [], "'games' is empty"),
    ("fonts folder missing", '[theme]\nfonts = "nowhere"\n', [], "theme fonts folder"),
    ("font file with a path", '[theme]\nfonts = "."\nfont_files = { regular = "../x.ttf" }\n', [],
     "'font_files' takes file names"),
    ("key in the wrong table", "[str8eight]\npaper = \"a4\"\n", [], "'paper' belongs at the top of the file"),
    ("dotted key out of range", "str8eight.table_size = 99\n", [], "cardgen.toml:1: table size 99 is out of range"),
    ("back offset off the page", "", ["--format", "pdf", "--back-offset", "0,6.5"],
     "would push card backs off the letter page"),
    ("gutterfold offset off the page", "", ["--format", "pdf", "--layout", "gutterfold", "--back-offset", "10,10"],
     "would push card backs off"),
    ("tuck box too deep", "", ["--game", "crazy-eights", "--decks", "2", "--card-thickness", "1"],
     "cards up to 0.45 mm thick fit"),
    ("python number spelling", "", ["--table-size", "1_0"], "table size '1_0' is not a whole number"),
    ("unicode digits", "", ["--table-size", "٣"], "is not a whole number"),
]


@pytest.mark.parametrize("name, toml, args, message", BUILD_CASES, ids=[c[0] for c in BUILD_CASES])
def test_bad_build_input(tmp_path, monkeypatch, name, toml, args, message):
    monkeypatch.chdir(tmp_path)
    if toml:
        (tmp_path / "cardgen.toml").write_text(toml, encoding="utf-8")
    default = [] if "format" in toml or "--format" in args else ["--format", "svg"]
    result = run_cli("build", "-q", *default, *args)
    one_line(result, 2, message)
    assert not (tmp_path / "output" / "manifest.json").exists()


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_config_that_is_not_a_file(tmp_path, kind):
    path = {"device": Path("/dev/zero"), "folder": tmp_path}.get(kind, tmp_path / "fifo")
    if kind == "fifo":
        os.mkfifo(path)
    one_line(run_cli("build", "--config", path, "--out", tmp_path / "o"), 2, str(path))


def test_init_over_a_folder_and_through_a_link(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").mkdir()
    one_line(run_cli("init", "--force"), 2, "cardgen.toml is a folder here")
    (tmp_path / "cardgen.toml").rmdir()
    target = tmp_path / "precious.txt"
    target.write_text("mine")
    (tmp_path / "cardgen.toml").symlink_to(target)
    one_line(run_cli("init"), 2, "already exists")  # a dangling or live link counts as there
    assert run_cli("init", "--force").exit_code == 0
    assert target.read_text() == "mine" and not (tmp_path / "cardgen.toml").is_symlink()
    assert "[str8eight]" in (tmp_path / "cardgen.toml").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cardgen.toml", "precious.txt"]  # no temp file left


def test_theme_back_art_is_part_of_the_cache_key(tmp_path):
    """Two library builds into one folder with different back art: the second redraws."""
    from PIL import Image

    from cardgen.build import build
    from cardgen.options import BuildOptions
    from cardgen.theme import Theme

    out = tmp_path / "out"
    options = BuildOptions(out=out, games=("eights",), formats="svg", jobs=1)
    backs = []
    for color in ("red", "blue"):
        art = tmp_path / f"{color}.png"
        Image.new("RGB", (60, 90), color).save(art)
        result = build(options, Theme(back_art=art))
        assert result.skipped == []
        backs.append((out / "eights" / "svg" / "back.svg").read_text())
    assert backs[0] != backs[1]


# --- `cardgen check` on a hostile folder -------------------------------------------------------

def hostile(folder: Path, case: str) -> None:
    data = json.loads((folder / "manifest.json").read_text())
    game = next(iter(data["games"]))
    row = {"game": game, "kind": "x", "format": "x", "sha256": "0"}
    if case == "absolute path":
        data["files"].append({**row, "path": "/etc/passwd"})
    elif case == "dotdot path":
        data["files"].append({**row, "path": f"{game}/../../x"})
    elif case == "path not a string":
        data["files"].append({**row, "path": {"a": 1}})
    elif case == "game named ..":
        data["games"][".."] = {}
    elif case == "zero trim":
        data["games"][game]["card"]["trim_mm"] = [0, 0]
    elif case == "huge count":
        data["games"][game]["tuckbox"]["cards"] = 10 ** 9
    elif case == "link to passwd":
        (folder / game / "svg" / "zz.svg").symlink_to("/etc/passwd")
    elif case == "link to zero":
        (folder / game / "svg" / "zz.svg").symlink_to("/dev/zero")
    elif case == "fifo":
        os.mkfifo(folder / game / "svg" / "zz.svg")
    elif case == "link loop to root":
        (folder / game / "root").symlink_to("/")
    (folder / "manifest.json").write_text(json.dumps(data))


CHECK_CASES = {
    "absolute path": "/etc/passwd: -: path leaves the output folder",
    "dotdot path": "path leaves the output folder",
    "path not a string": "is not a relative path",
    "game named ..": "unknown game '..'",
    "zero trim": "is not a card's size",
    "huge count": "expected a count from 0 to 10000",
    "link to passwd": "a link, which cardgen never writes",
    "link to zero": "a link, which cardgen never writes",
    "fifo": "not a regular file",
    "link loop to root": "root: -: not listed in manifest.json",
}


@pytest.fixture(scope="module")
def small_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("hostile") / "out"
    assert run_cli("build", "--game", "eights", "--format", "svg", "--out", out, "-q", "-j", "1").exit_code == 0
    return out


@pytest.mark.parametrize("case", CHECK_CASES)
def test_check_on_a_hostile_folder(small_build, tmp_path, case):
    folder = tmp_path / "out"
    shutil.copytree(small_build, folder)
    hostile(folder, case)
    result = run_cli("check", folder)
    one_line_free = result.output
    assert result.exit_code == 1, one_line_free
    assert CHECK_CASES[case] in one_line_free and "Traceback" not in one_line_free
