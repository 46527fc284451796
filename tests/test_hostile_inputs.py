"""Hostile and unlucky input, one table: every case ends with one line and exit 2 (or,
for `cardgen check`, violation lines and exit 1), reads nothing outside the folders it
was given, and leaves what was there as it was."""
import errno
import json
import os
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import run_cli, shared_build
from waiting import HANG, cpu_seconds, until


def one_line(result, code: int, text: str) -> None:
    assert result.exit_code == code, result.output
    assert text in result.output, result.output
    assert "Traceback" not in result.output


# --- bad input to `cardgen build` and `cardgen init` ---------------------------------------------

BUILD_CASES = [
    ("format list of numbers", 'format = [1, 2]\n', [], "'format' is a list; write a text"),
    ("format nested list", 'format = [["pdf"]]\n', [], "'format' is a list; write a text"),
    ("13 group colors", "[theme]\ngroup_colors = [" + ", ".join(f'"#{i:02x}{i:02x}{i:02x}"' for i in range(13))
     + "]\n", [], "13 group colors"),
    ("empty games list", "games = []\n", [], "'games' is empty"),
    ("fonts folder missing", '[theme]\nfonts = "nowhere"\n', [], "theme fonts folder"),
    ("font file with a path", '[theme]\nfonts = "."\nfont_files = { regular = "../x.ttf" }\n', [],
     "'font_files' takes file names"),
    ("key in the wrong table", "[str8eight]\npaper = \"a4\"\n", [], "'paper' belongs at the top of the file"),
    ("dotted key out of range", "str8eight.table_size = 99\n", [], "cardgen.toml:1: table size 99 is out of range"),
    ("back offset off the page", "", ["--format", "pdf", "--paper", "a4", "--back-offset", "10,0"],
     "would push card backs off the a4 page"),
    ("gutterfold offset off the page", "", ["--format", "pdf", "--layout", "gutterfold", "--back-offset", "10,10"],
     "would push card backs off"),
    ("python number spelling", "", ["--table-size", "1_0"], "--table-size: '1_0' is not a whole number"),
    ("NUL byte in a path", 'out = "a\\u0000b"\n', [], "contains a NUL byte"),
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
    one_line(run_cli("init", "--force"), 2, "--config: cardgen.toml is a folder; name a file")
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
    elif case == "record names a path":
        data["games"][game]["deck"]["faces"][0] = "../../../etc/passwd"
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
    "record names a path": "not a plain name (no path, no '..')",
}


@pytest.fixture(scope="module")
def small_build(tmp_path_factory):
    return shared_build(tmp_path_factory, "eights-svg", "--game", "eights", "--format", "svg", "-j", "1")


@pytest.mark.parametrize("case", CHECK_CASES)
def test_check_on_a_hostile_folder(small_build, tmp_path, case):
    folder = tmp_path / "out"
    shutil.copytree(small_build, folder)
    hostile(folder, case)
    result = run_cli("check", folder)
    one_line_free = result.output
    assert result.exit_code == 1, one_line_free
    assert CHECK_CASES[case] in one_line_free and "Traceback" not in one_line_free



def test_check_does_not_follow_a_link_in_place_of_the_atlas(tmp_path):
    """str8eight-atlas.json swapped for a link to a copy of itself outside the folder: the
    checker judges the atlas unreadable rather than following the link (to /dev/zero, whose
    size reads 0, following it never ended: a MemoryError after gigabytes)."""
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--table-size", "3", "--format", "svg", "--only", "cards,sheet",
                   "--out", out, "-q", "-j", "1").exit_code == 0
    atlas = out / "str8eight" / "str8eight-atlas.json"
    outside = tmp_path / "atlas-outside.json"
    shutil.copy(atlas, outside)
    atlas.unlink()
    atlas.symlink_to(outside)
    one_line(run_cli("check", out), 1, "str8eight-atlas.json: atlas: missing, too large or not a JSON object")


def test_check_reads_nothing_through_a_linked_set_folder(tmp_path):
    """set-b/ swapped for a link to a folder outside the output: each file was flagged as a
    link, yet the set checks still opened the files through it (a damaged one outside was
    reported as 'not a readable SVG (unclosed token …)'). Now nothing there is read."""
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--table-size", "3", "--sets", "2", "--format", "svg",
                   "--only", "cards", "--out", out, "-q", "-j", "1").exit_code == 0
    outside = tmp_path / "elsewhere"
    (out / "str8eight" / "set-b").rename(outside)
    (out / "str8eight" / "set-b").symlink_to(outside, target_is_directory=True)
    (outside / "svg" / "001-1x1.svg").write_text("<svg")
    result = run_cli("check", out)
    assert result.exit_code == 1
    assert "set-b/svg/001-1x1.svg: 001-1x1: not a readable SVG (in a folder that is a link" in result.output
    assert "unclosed token" not in result.output and "Traceback" not in result.output
    link = tmp_path / "link-to-out"  # the folder itself named through a link is the user's choice: fine
    link.symlink_to(out, target_is_directory=True)
    (out / "str8eight" / "set-b").unlink()
    outside.rename(out / "str8eight" / "set-b")
    run_cli("build", "--game", "str8eight", "--table-size", "3", "--sets", "2", "--format", "svg", "--only", "cards",
            "--out", out, "-q", "-j", "1", "--clean")
    assert run_cli("check", link).exit_code == 0

# --- input files: limits before work, one line for every bad one ---------------------------------
#
# Each case makes a hostile input in the project folder and returns the project file (and any
# more flags); the build must end at once with one line and exit 2, having written nothing.

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="90">{}</svg>'
LATO = Path(__file__).resolve().parent.parent / "fonts"


def _art(folder: Path, name: str = "back.svg", body: str = "") -> str:
    (folder / "art").mkdir(exist_ok=True)
    if body is not None:
        (folder / "art" / name).write_text(SVG.format(body))
    return f'[theme]\nback_art = "art/{name}"\n'


def sparse(path: Path, size: int = 4 << 30) -> None:
    with open(path, "wb") as f:
        f.truncate(size)  # 4 GiB that take no disk and no time to make: only reading them would


def art_4gib(tmp, mp):
    (tmp / "art").mkdir()
    sparse(tmp / "art" / "back.png")
    return '[theme]\nback_art = "art/back.png"\n'


def art_fifo(tmp, mp):
    (tmp / "art").mkdir()
    os.mkfifo(tmp / "art" / "back.svg")
    return '[theme]\nback_art = "art/back.svg"\n'


def art_folder(tmp, mp):
    (tmp / "art" / "back.svg").mkdir(parents=True)
    return '[theme]\nback_art = "art/back.svg"\n'


def art_unreadable(tmp, mp):
    """Mode 000 stops nobody who runs as root, as the tests do: the refusal the kernel
    would give everyone else is injected instead (stat works, opening does not)."""
    text = _art(tmp, "back.svg", "<rect width='9' height='9'/>")
    real_open = os.open

    def denying(path, flags, *args, **kwargs):
        if str(path).endswith("back.svg"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)
    mp.setattr(os, "open", denying)
    return text


def svg_20mb_of_groups(tmp, mp):
    (tmp / "art").mkdir()
    (tmp / "art" / "back.svg").write_text(SVG.format("<g/>" * 5_000_000))
    return '[theme]\nback_art = "art/back.svg"\n'


def svg_many_elements(tmp, mp):
    return _art(tmp, "back.svg", "<g/>" * 150_000)  # 600 kB: under the size limit, over the element one


def svg_uses_a_fifo(tmp, mp):
    text = _art(tmp, "back.svg", '<image href="pic.png" width="60" height="90"/>')
    os.mkfifo(tmp / "art" / "pic.png")
    return text


def svg_uses_4gib(tmp, mp):
    text = _art(tmp, "back.svg", '<image href="sub/pic.png" width="60" height="90"/>')
    (tmp / "art" / "sub").mkdir()
    sparse(tmp / "art" / "sub" / "pic.png")
    return text


def svg_uses_an_svg_that_escapes(tmp, mp):
    text = _art(tmp, "back.svg", '<image href="inner.svg" width="60" height="90"/>')
    (tmp / "art" / "inner.svg").write_text(SVG.format('<image href="../../secret.png" width="9" height="9"/>'))
    return text


def _fonts(tmp: Path, name: str, data: "bytes | None") -> str:
    """A fonts folder: Lato, its regular cut replaced by `data` (None: a FIFO)."""
    folder = tmp / "myfonts"
    folder.mkdir()
    for cut in ("Bold", "Black", "Italic"):
        (folder / f"Lato-{cut}.ttf").symlink_to(LATO / f"Lato-{cut}.ttf")
    if data is None:
        os.mkfifo(folder / name)
    else:
        (folder / name).write_bytes(data)
    return f'[theme]\nfonts = "myfonts"\nfont_files = {{ regular = "{name}" }}\n'


def damaged_lato(tag: bytes, how: str) -> bytes:
    """Lato Regular with one table damaged: 'zero' (its bytes zeroed), 'truncate' (its
    length in the directory cut to 4 bytes) or 'garble' (its bytes scrambled)."""
    import random

    data = bytearray((LATO / "Lato-Regular.ttf").read_bytes())
    (count,) = struct.unpack(">H", data[4:6])
    for i in range(count):
        entry = 12 + 16 * i
        name, _sum, offset, length = struct.unpack(">4sIII", data[entry:entry + 16])
        if name == tag:
            if how == "zero":
                data[offset:offset + length] = bytes(length)
            elif how == "truncate":
                data[entry + 12:entry + 16] = struct.pack(">I", 4)
            else:
                data[offset:offset + length] = random.Random(1).randbytes(length)
            return bytes(data)
    raise AssertionError(tag)


def font_4gib(tmp, mp):
    text = _fonts(tmp, "Big.ttf", b"")
    sparse(tmp / "myfonts" / "Big.ttf")
    return text


def epoch(value):
    def setup(tmp, mp):
        mp.setenv("SOURCE_DATE_EPOCH", value)
        return 'format = "pdf"\n'
    return setup


INPUT_CASES = [
    ("back art of 4 GiB", art_4gib, "back.png is 4295.0 MB, over the 20 MB limit: export it smaller"),
    ("back art a FIFO", art_fifo, "back.svg is a FIFO (named pipe), not a file"),
    ("back art a folder", art_folder, "back.svg is a folder, not a file"),
    ("back art unreadable", art_unreadable, "back.svg cannot be read (Permission denied): fix its permissions"),
    ("svg of 20 MB of groups", svg_20mb_of_groups, "back.svg is 20.0 MB, over the 8 MB limit"),
    ("svg of 150,000 groups", svg_many_elements, "back.svg has over 100,000 elements: simplify it"),
    ("svg uses a FIFO", svg_uses_a_fifo, "'pic.png', used by back art"),
    ("svg uses 4 GiB", svg_uses_4gib, "'sub/pic.png', used by back art"),
    ("svg uses an svg that escapes", svg_uses_an_svg_that_escapes, "refers to '../../secret.png', outside its folder"),
    ("font a FIFO", lambda tmp, mp: _fonts(tmp, "Pipe.ttf", None), "Pipe.ttf is a FIFO (named pipe), not a file"),
    ("font of 4 GiB", font_4gib, "Big.ttf is 4295.0 MB, over the 32 MB limit"),
    ("font cmap zeroed", lambda tmp, mp: _fonts(tmp, "Bad.ttf", damaged_lato(b"cmap", "zero")),
     "/myfonts/Bad.ttf is damaged (no Unicode character map (cmap))"),
    ("font cmap truncated", lambda tmp, mp: _fonts(tmp, "Bad.ttf", damaged_lato(b"cmap", "truncate")),
     "/myfonts/Bad.ttf is damaged ("),
    ("font glyf garbled", lambda tmp, mp: _fonts(tmp, "Bad.ttf", damaged_lato(b"glyf", "garble")),
     "/myfonts/Bad.ttf is damaged ("),
    ("font glyf zeroed", lambda tmp, mp: _fonts(tmp, "Bad.ttf", damaged_lato(b"glyf", "zero")),
     "/myfonts/Bad.ttf is damaged (no outlines for '0123456789AEIOUaeiou')"),
    ("font name zeroed", lambda tmp, mp: _fonts(tmp, "Bad.ttf", damaged_lato(b"name", "zero")),
     "/myfonts/Bad.ttf is damaged (no family name (name table))"),
    ("SOURCE_DATE_EPOCH garbage", epoch("garbage"), "SOURCE_DATE_EPOCH='garbage' is not a date"),
    ("SOURCE_DATE_EPOCH negative", epoch("-5"), "SOURCE_DATE_EPOCH='-5' is not a date"),
    ("SOURCE_DATE_EPOCH far future", epoch("99999999999999"), "SOURCE_DATE_EPOCH='99999999999999' is not a date"),
    ("SOURCE_DATE_EPOCH float", epoch("1e9"), "SOURCE_DATE_EPOCH='1e9' is not a date"),
]


@pytest.mark.parametrize("name, setup, message", INPUT_CASES, ids=[c[0] for c in INPUT_CASES])
def test_bad_input_file(tmp_path, monkeypatch, name, setup, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text(setup(tmp_path, monkeypatch), encoding="utf-8")
    start = cpu_seconds()
    result = run_cli("build", "-q", "--game", "eights", *([] if "SOURCE" in name else ["--format", "svg"]))
    assert cpu_seconds() - start < 3  # limits before work: nothing big is read (a FIFO waited on would hang)
    one_line(result, 2, message)
    assert result.output.count("\n") == 1 and result.output.startswith("cardgen: error: "), result.output
    assert not (tmp_path / "output").exists()  # refused before anything was written


def test_the_cache_key_reads_no_huge_file(tmp_path):
    """A library caller's theme skips theme_for's checks: the key's own reads are capped."""
    from cardgen import cache
    from cardgen.build import build
    from cardgen.errors import CardgenError
    from cardgen.options import BuildOptions
    from cardgen.theme import Theme

    sparse(tmp_path / "huge.png")
    start = time.process_time()  # CPU: the same however loaded the machine
    with pytest.raises(CardgenError, match="over the 20 MB limit"):
        build(BuildOptions(out=tmp_path / "out", games=("eights",), formats="svg", jobs=1),
              Theme(back_art=tmp_path / "huge.png"))
    with pytest.raises(CardgenError, match="over the 32 MB limit"):
        cache._font_digest(tmp_path / "huge.png")
    assert time.process_time() - start < 2
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_files_used_by_svg_art_are_part_of_the_cache_key(tmp_path, monkeypatch):
    """Editing the PNG that back.svg draws redraws the backs; an unchanged build keeps them."""
    from PIL import Image

    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text(_art(tmp_path, "back.svg", '<image href="tile.png" width="60" '
                                                'height="90" preserveAspectRatio="none"/>'))
    args = ("build", "--game", "eights", "--format", "svg", "-j", "1")
    backs = []
    for color in ("red", "red", "blue"):
        Image.new("RGB", (6, 9), color).save(tmp_path / "art" / "tile.png")
        result = run_cli(*args)
        assert result.exit_code == 0, result.output
        backs.append((tmp_path / "output" / "eights" / "svg" / "back.svg").read_text())
        kept = "unchanged, kept as they were: eights" in result.output
        assert kept == (len(backs) == 2), (color, result.output)
    assert backs[0] == backs[1] != backs[2]


def test_a_full_disk_is_one_line_naming_the_file(tmp_path, monkeypatch):
    """ENOSPC from a writer (with no file name, as write() gives): the file being written is
    named where it would have gone, not in the staging folder; nothing is left behind.
    (A full disk at the manifest and at the switch: tests/test_atomic_output.py.)"""
    import pathlib

    out = tmp_path / "output"
    real = pathlib.Path.write_text

    def full(self, *args, **kwargs):
        if ".cardgen-staging-" in str(self) and self.suffix == ".svg":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, *args, **kwargs)
    monkeypatch.setattr(pathlib.Path, "write_text", full)
    result = run_cli("build", "-q", "--game", "eights", "--format", "svg", "--out", out, "-j", "1")
    one_line(result, 2, f"cannot write {out}/eights/svg/")
    assert ".svg (No space left on device): free some space and build again" in result.output
    assert result.output.count("\n") == 1 and not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no staging, no lock left beside


def test_status_line_escape_codes_only_on_a_real_terminal(monkeypatch):
    """A terminal gets a status line that rewrites itself (and an error after it starts on
    a line of its own); TERM=dumb, or stderr not a terminal, gets plain lines, no escapes."""
    import io

    from cardgen import cli

    class Tty(io.StringIO):
        def isatty(self):
            return True

    for term, tty in (("xterm-256color", True), ("dumb", True), ("", True), ("xterm", False)):
        err = Tty() if tty else io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        monkeypatch.setenv("TERM", term)
        cli._status_shown[0] = False
        cli._progress(False)("building Eights…")
        cli._error("cardgen: error: boom")
        text = err.getvalue()
        if term.startswith("xterm") and tty:
            assert text.startswith("\r\033[K[") and text.endswith("building Eights…\ncardgen: error: boom\n"), text
        else:
            assert text == "building Eights…\ncardgen: error: boom\n", (term, text)


def test_a_font_reportlab_refuses_is_one_line(tmp_path, monkeypatch):
    """A font that passes the checks but that reportlab will not embed (a CFF-flavoured
    OpenType font, say: none is at hand, so reportlab's refusal is injected)."""
    from reportlab.pdfbase import ttfonts

    from cardgen.draw import fonts
    from cardgen.errors import CardgenError
    from cardgen.theme import DEFAULT_FONTS, FontSet

    def refuse(path, *args, **kwargs):
        raise ttfonts.TTFError(f"{path}: postscript outlines are not supported")
    monkeypatch.setattr(ttfonts, "TTFontFace", refuse)  # what every TTFont reads its file with
    for _, name in DEFAULT_FONTS.files:  # a folder of its own: a set this process never registered
        shutil.copyfile(LATO / name, tmp_path / name)
    odd = FontSet(family="Lato", files=DEFAULT_FONTS.files, roles=DEFAULT_FONTS.roles, folder=tmp_path)
    with pytest.raises(CardgenError, match=r"Lato-Regular.ttf cannot be embedded in a PDF \(TTFError: "):
        fonts.register_reportlab_fonts(odd)


def _cpu_ticks(pid: int) -> int:
    """The user and system CPU a process has used, in clock ticks (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def test_the_render_process_ends_with_the_build(tmp_path):
    """A build killed (SIGKILL: no cleanup runs) while its art renders takes the render
    process with it, instead of leaving it to draw 10⁸ circles for hours."""
    art = tmp_path / "bomb.svg"
    levels = ['<circle id="l0" r="1"/>'] + [f'<g id="l{i}">' + "".join(f'<use href="#l{i - 1}" x="{k}"/>'
                                                                      for k in range(10)) + "</g>" for i in range(1, 9)]
    art.write_text(SVG.format("<defs>" + "".join(levels) + '</defs><use href="#l8"/>'))
    code = ("import sys; from cardgen import art; art.RENDER_SECONDS = 120; "
            "art.back_art_uri(sys.argv[1], 100, 100)")
    parent = subprocess.Popen([sys.executable, "-c", code, str(art)])
    try:
        children = Path(f"/proc/{parent.pid}/task/{parent.pid}/children")
        (child,) = map(int, until(lambda: children.read_text().split(), "the render process"))
        until(lambda: _cpu_ticks(child) >= 5 or not _alive(child), "the render process at work")  # 50 ms: rendering
        parent.kill()
        parent.wait()
        until(lambda: not _alive(child), "the render process ending with the build")
    finally:
        parent.kill()
        parent.wait()


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


def test_the_preview_lists_games_in_registry_order(built, tmp_path, monkeypatch):
    """index.html is the same whichever game finished first: write_site gets the games in
    completion order and must not show that order."""
    from cardgen.builders import GAMES
    from cardgen.draw import png
    from cardgen.export.site import write_site
    from cardgen.theme import DEFAULT_THEME

    tiny = png.encode(b"\0\0\0", 1, 1)  # thumbnails are not the point: one pixel each
    monkeypatch.setattr(png, "rgb_pngs", lambda svgs, *args: [tiny] * len(svgs))
    params = json.loads((built / "manifest.json").read_text())["games"]
    titles = {name: game.title for name, game in GAMES.items()}
    pages = []
    for order in (list(GAMES), list(reversed(GAMES)), ["eights", "str8eight", "crazy-eights", "fourscore"]):
        root = tmp_path / f"root{len(pages)}"
        root.mkdir()
        for game in GAMES:
            (root / game).symlink_to(built / game)
        write_site(root, {name: params[name] for name in order}, titles, 1, DEFAULT_THEME)
        pages.append((root / "index.html").read_bytes())
    assert pages[0] == pages[1] == pages[2]
    assert pages[0].index(b'id="deck-str8eight"') < pages[0].index(b'id="deck-eights"') \
        < pages[0].index(b'id="deck-crazy-eights"')


def test_a_damaged_copy_of_the_bundled_fonts_is_parsed_and_refused(tmp_path, monkeypatch):
    """The shipped Lato files are known by their digests; a copy that differs (damaged in a
    broken install, say) is parsed in full before use and refused in one line."""
    from cardgen.theme import DEFAULT_FONTS, FontSet

    folder = tmp_path / "fonts"
    folder.mkdir()
    for _, name in DEFAULT_FONTS.files:
        (folder / name).write_bytes((DEFAULT_FONTS.folder / name).read_bytes())
    (folder / "Lato-Regular.ttf").write_bytes(damaged_lato(b"glyf", "zero"))
    monkeypatch.setattr("cardgen.theme.DEFAULT_FONTS", FontSet("Lato", DEFAULT_FONTS.files, DEFAULT_FONTS.roles, folder))
    one_line(run_cli("build", "--game", "eights", "--format", "svg", "--out", tmp_path / "o", "-q"), 2,
             "Lato-Regular.ttf is damaged")
    assert not (tmp_path / "o").exists()


def test_a_tampered_manifest_is_never_trusted_for_the_cache(small_build, tmp_path):
    """A manifest whose rows climb out of the folder (with the right cache key, as a
    forger would copy it): the game is rebuilt, and nothing outside is read or changed."""
    folder = tmp_path / "out"
    shutil.copytree(small_build, folder)
    secret = tmp_path / "secret.svg"
    secret.write_text("<svg/>")
    data = json.loads((folder / "manifest.json").read_text())
    import hashlib

    data["files"].append({"path": "eights/../../secret.svg", "game": "eights", "kind": "x", "format": "svg",
                          "sha256": hashlib.sha256(secret.read_bytes()).hexdigest()})  # the right hash
    (folder / "manifest.json").write_text(json.dumps(data))
    result = run_cli("build", "--game", "eights", "--format", "svg", "--out", folder, "-j", "1")
    assert result.exit_code == 0 and "unchanged, kept" not in result.output, result.output
    assert secret.read_text() == "<svg/>"
    assert run_cli("check", folder).exit_code == 0


# --- found by an attack on the output switch and the limits ----------------------------------------

def test_a_folder_named_like_os_litter_is_not_litter(tmp_path):
    """Thumbs.db as a folder of someone's files: the output folder is not empty, refused."""
    (tmp_path / "o" / "Thumbs.db").mkdir(parents=True)
    (tmp_path / "o" / "Thumbs.db" / "mydata").write_text("precious")
    one_line(run_cli("build", "--game", "eights", "--format", "svg", "-j", "1", "-q", "--out", tmp_path / "o"), 2,
             "did not make it")
    assert (tmp_path / "o" / "Thumbs.db" / "mydata").read_text() == "precious"


def test_fontconfig_never_scans_the_users_fonts_folder(tmp_path):
    """A FIFO or a link to / beside the four font files would hang fontconfig's scan or send
    it through the whole disk: it is shown only the four files, copied. (In a process of its
    own, with a time limit: a regression would hang.)"""
    from cardgen.theme import DEFAULT_FONTS

    folder = tmp_path / "fonts"
    folder.mkdir()
    for _, name in DEFAULT_FONTS.files:
        (folder / name).write_bytes((DEFAULT_FONTS.folder / name).read_bytes())
    os.mkfifo(folder / "extra.ttf")
    (folder / "root").symlink_to("/")
    code = ("import sys\nfrom pathlib import Path\nfrom cardgen.draw.fonts import ensure_fonts\n"
            "from cardgen.draw.png import warm_up\nfrom cardgen.theme import DEFAULT_FONTS as D, FontSet\n"
            "fonts = FontSet(D.family, D.files, D.roles, Path(sys.argv[1]))\n"
            "ensure_fonts(fonts)\nwarm_up(fonts)\nprint('drawn')\n")
    proc = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True, text=True, timeout=HANG)
    assert proc.returncode == 0 and "drawn" in proc.stdout, proc.stderr


def test_a_full_disk_inside_the_pdf_writer_is_one_line(tmp_path, monkeypatch):
    """qpdf writing a file itself aborted the process on a full disk; PDFs are now written
    by Python, so it is one line and the old output stays."""
    import builtins

    real = builtins.open

    def full(path, *args, **kwargs):
        if str(path).endswith(".pdf.part"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, *args, **kwargs)
    monkeypatch.setattr(builtins, "open", full)
    monkeypatch.setenv("CARDGEN_CACHE", "off")  # the writer itself, not a part written from the store
    one_line(run_cli("build", "--game", "eights", "--format", "pdf", "-j", "1", "-q", "--out", tmp_path / "o"), 2,
             "(No space left on device)")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("case", ["journal fifo", "deep manifest", "game folder links to root"])
def test_planted_files_beside_and_inside_the_output(small_build, tmp_path, case):
    folder = tmp_path / "out"
    shutil.copytree(small_build, folder)
    if case == "journal fifo":
        os.mkfifo(tmp_path / ".out.cardgen-switch")
        result = run_cli("build", "--game", "eights", "--format", "svg", "-j", "1", "-q", "--out", folder)
        assert result.exit_code == 0, result.output
    elif case == "deep manifest":
        (folder / "manifest.json").write_text("[" * 200000 + "]" * 200000)
        one_line(run_cli("check", folder), 2, "is not valid JSON")
    else:
        shutil.rmtree(folder / "eights")
        (folder / "eights").symlink_to("/")
        result = run_cli("check", folder)
        assert result.exit_code == 1 and "eights: -: not listed in manifest.json" in result.output
        assert result.output.count("not listed") == 1  # the link reported, never walked


def test_out_that_cannot_be_followed_or_holds_you(tmp_path, monkeypatch):
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    one_line(run_cli("build", "--out", tmp_path / "loop", "-q"), 2, "cannot be followed")
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    one_line(run_cli("build", "--out", ".", "-q"), 2, "is the folder you are in")
    one_line(run_cli("build", "--out", "..", "-q"), 2, "is the folder you are in")


def test_a_folder_that_only_looks_like_old_staging_is_someones(small_build, tmp_path):
    """Old cardgens staged inside the output (.cardgen-staging-*/.pid): such a folder is
    dropped only when it holds a pid and nothing but what they staged."""
    folder = tmp_path / "out"
    shutil.copytree(small_build, folder)
    mine = folder / ".cardgen-staging-mine"
    mine.mkdir()
    (mine / ".pid").write_text("")
    (mine / "notes.txt").write_text("precious")
    one_line(run_cli("build", "--game", "eights", "--format", "svg", "-j", "1", "-q", "--clean", "--out", folder), 2,
             ".cardgen-staging-mine/, which cardgen did not write")
    assert (mine / "notes.txt").read_text() == "precious"


def test_pool_workers_end_on_terminate_while_a_build_traps_signals():
    """While a build runs, its stop handlers note SIGTERM (interrupt.py). The render and
    playtest pools' workers must not keep them: with a Python-level handler a worker
    sometimes survives Pool.terminate()'s SIGTERM and the build waits on it for ever
    (seen in a test run; this loop hung in most runs without the fix)."""
    code = ("from cardgen.interrupt import deferred, raise_on_stop_signals\n"
            "from cardgen.draw import workers\nfrom cardgen.playtest import simulate\n"
            "raise_on_stop_signals()\nsimulate.CHUNKS['x'] = lambda i: 1\n"
            "with deferred():\n"
            "    for i in range(60):\n"
            "        assert workers.run(abs, list(range(-9, 0)), 2, lambda: None) == list(range(9, 0, -1))\n"
            "        assert list(simulate._ordered([('x', i) for i in range(3)], 2)) == [1, 1, 1]\n"
            "print('ok')")
    try:
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail("a pool worker outlived Pool.terminate(): the build would hang")
    assert proc.stdout == "ok\n", proc.stderr


# --- `cardgen playtest --log/--json FILE`: never through a link, never over someone's file ---

def _side_setup(tmp: Path) -> None:
    (tmp / "victim.txt").write_text("victim\n")
    (tmp / "link").symlink_to("victim.txt")
    (tmp / "mine.txt").write_text("my notes\n")
    (tmp / "folder").mkdir()
    (tmp / "out").mkdir()
    (tmp / "out" / "keep.txt").write_text("someone's\n")


@pytest.mark.parametrize("flag, name, message", [
    ("--log", "link", "is a link"),
    ("--json", "link", "is a link"),
    ("--log", "mine.txt", "is not a file cardgen wrote"),
    ("--json", "mine.txt", "is not a file cardgen wrote"),
    ("--log", "folder", "is a folder"),
    ("--log", "-", "--log: - is not supported"),
    ("--log", "nowhere/x.jsonl", "does not exist"),
    ("--log", "out2/manifest.json", "inside the output folder"),
    ("--json", "out2/playtest/figures.json", "inside the output folder"),
    ("--log", "new.jsonl", "holds no manifest.json of cardgen's"),  # a foreign --out: refused before any write
])
def test_playtest_side_files_refused(tmp_path, monkeypatch, flag, name, message):
    _side_setup(tmp_path)
    monkeypatch.chdir(tmp_path)
    out = "out" if name == "new.jsonl" else "out2"
    one_line(run_cli("playtest", "--game", "str8eight", "--hands", "1", "-j", "1", "-q", flag, name, "--out", out),
             2, message)
    assert (tmp_path / "victim.txt").read_text() == "victim\n" and (tmp_path / "mine.txt").read_text() == "my notes\n"
    assert not (tmp_path / "new.jsonl").exists() and not (tmp_path / "out2").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "link", "mine.txt", "out", "victim.txt"]


def test_playtest_json_to_stdout_is_json_alone_and_log_replaced_whole(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hands.jsonl").write_text('{"game":"str8eight","players":2,"seed":7,"hands":[]}\n' * 50)  # an
    # earlier log (its lines as cardgen writes them): replaced
    result = run_cli("playtest", "--game", "str8eight", "--hands", "1", "-j", "1", "--json", "-",
                     "--log", "hands.jsonl", "--out", "out", "--sweep", "players=2", "--sweep", "table-size=6")  # no plots: quicker
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["sweep"]["str8eight"]  # the summary went to stderr
    assert [(r["variant"]["players"], r["variant"]["table_size"]) for r in rows] == [(2, 6)]  # both --sweep flags  # the summary went to stderr
    lines = (tmp_path / "hands.jsonl").read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["game"] == "str8eight"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.jsonl", "out"]  # no temporary file left


@pytest.mark.parametrize("args, message", [
    (("--sweep", "table-size=6", "--sweep", "table-size=7"), "--sweep: table-size is named twice; give each axis once"),  # was: the last one, silently
    (("--sweep", "players=2", "table-size=6", "--sweep", "players=3"), "--sweep: players is named twice"),
])
def test_playtest_sweep_axis_given_twice(tmp_path, args, message):
    one_line(run_cli("playtest", "--game", "str8eight", "--hands", "1", "--out", tmp_path / "out", *args), 2, message)
    assert not (tmp_path / "out").exists()


def test_whole_number_ranges_are_written_out():
    """'from 1 to 1e+06' invited --hands 1e6, which is refused; the seed's limit read 2.14748e+09."""
    result = run_cli("playtest", "--hands", "0")
    one_line(result, 2, "a whole number from 1 to 1000000 ")
    one_line(run_cli("playtest", "--seed", "-1"), 2, "from 0 to 2147483647 ")


@pytest.mark.parametrize("damage, expected", [
    ("[" * 100_000 + "]" * 100_000, ["atlas: missing, too large or not a JSON object", "\n1 violation:\n"]),
    ('{"value_sequences": "' + "x" * 5000 + '", "through": {}}',
     ["value sequences 'xxx", "winning sequences through it, the cards make", "more values differ)",
      "atlas: lacks table_size, sequence_length, card_sequences", "no trial hands recorded",
      "\n4 violations:\n"]),
])
def test_check_on_a_damaged_atlas_says_it_once(tmp_path, damage, expected):
    """A wiped or unreadable atlas was one violation per value (30 lines for a 6 × 6 table) and
    echoed whatever the file held; now one line each, a file's value cut short."""
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--format", "svg", "--only", "sheet", "--table-size", "4",
                   "--out", out, "-q", "-j", "1").exit_code == 0
    (out / "str8eight" / "str8eight-atlas.json").write_text(damage)
    from conftest import assert_check_catches

    output = assert_check_catches(out, expected)
    assert "Traceback" not in output and max(map(len, output.splitlines())) < 300
