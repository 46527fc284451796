"""cardgen.toml, bad input (one line, exit 2), themes, safe back art, atomic and
reproducible builds, the cache."""
import contextlib
import http.server
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.theme import DEFAULT_FONTS, DEFAULT_THEME
from waiting import HANG, cpu_seconds, until

LATO = DEFAULT_FONTS.folder


def cardgen(*args, cwd=None, env=None):
    """The real entry point in a fresh process: for what only a fresh process shows (its
    exit code and that its stderr holds one line and nothing else, signals)."""
    return subprocess.run([sys.executable, "-m", "cardgen", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, **(env or {})}, timeout=HANG)


def cardgen_here(*args, cwd=None, env=None):
    """The same command run in this process (no interpreter start, warm imports), with
    cwd as the working folder; answers like subprocess.run. An exception that escapes
    the CLI fails the test outright, which is stricter than looking for a traceback."""
    with contextlib.chdir(cwd or os.getcwd()):
        result = CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=False)
    return SimpleNamespace(returncode=result.exit_code, stdout=result.stdout, stderr=result.stderr)


def one_line_error(proc, text):
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert text in proc.stderr, proc.stderr


def write_config(folder: Path, text: str) -> Path:
    path = folder / "cardgen.toml"
    path.write_text(text)
    return path


def test_init_writes_a_default_that_builds(tmp_path):
    proc = cardgen("init", cwd=tmp_path)
    assert proc.returncode == 0 and (tmp_path / "cardgen.toml").exists()
    again = cardgen("init", cwd=tmp_path)
    one_line_error(again, "already exists")
    proc = cardgen_here("build", "--game", "eights", "--format", "svg", "-q", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "output" / "eights" / "svg" / "back.svg").exists()


def test_flags_override_the_file(tmp_path):
    write_config(tmp_path, 'paper = "a4"\nformat = "svg"\n[str8eight]\ntable_size = 5\n')
    assert cardgen_here("build", "--game", "str8eight", "-q", cwd=tmp_path).returncode == 0
    data = json.loads((tmp_path / "output" / "manifest.json").read_text())
    assert data["games"]["str8eight"]["table_size"] == 5
    assert data["games"]["str8eight"]["sequence_sheet"]["papers"] == ["a4"]
    assert cardgen_here("build", "--game", "str8eight", "--paper", "letter", "--table-size", "6", "-q",
                        cwd=tmp_path).returncode == 0
    data = json.loads((tmp_path / "output" / "manifest.json").read_text())
    assert data["games"]["str8eight"]["table_size"] == 6
    assert data["games"]["str8eight"]["sequence_sheet"]["papers"] == ["letter"]


@pytest.mark.parametrize("text, message", [
    ('paper = "a4"\nbleed = = 3\n', "cardgen.toml:2: invalid TOML"),
    ('paper = "a4"\n\npape = "letter"\n', "cardgen.toml:3: unknown key 'pape': did you mean 'paper'?"),
    ('[theme]\ngroup_colour = []\n', "cardgen.toml:2: unknown key 'group_colour' in [theme]: did you mean 'group_colors'?"),
    ('bleed = "3"\n', "cardgen.toml:1: 'bleed' is '3'; write a number, 0 to 6 mm"),
    ('low_ink = 1\n', "'low_ink' is 1; write true or false"),
    ('[str8eight]\ntable_size = 20\n', "table size 20 is out of range"),
    ('[theme]\ngroup_colors = ["#332288", "blue"]\n', "cardgen.toml:2: group color 'blue' is not \"#rrggbb\""),
    ('[theme]\ngroup_colors = ["#332288", "#88ccee"]\n', "the theme lists 2 group colors"),
    ('[crazy-eights]\ndecks = 3\n', "cardgen.toml:2: decks 3 is out of range; use a whole number from 1 to 2"),
])
def test_bad_config_is_one_clear_line(tmp_path, text, message):
    write_config(tmp_path, text)
    one_line_error(cardgen_here("build", "-q", cwd=tmp_path), message)
    assert not (tmp_path / "output" / "manifest.json").exists()


def test_missing_config_named_by_flag(tmp_path):
    one_line_error(cardgen("build", "--config", tmp_path / "nope.toml"), "nope.toml: no such file")


ALIKE = '["#332288", "#88ccee", "#44aa99", "#117733", "#999933", "#ddcc77", "#cc6677", "#cc6678"]'


def test_colors_too_alike_warn_and_strict_refuses(tmp_path):
    write_config(tmp_path, f'format = "svg"\n[theme]\ngroup_colors = {ALIKE}\n')
    proc = cardgen_here("build", "--game", "str8eight", "-q", cwd=tmp_path)
    assert proc.returncode == 0
    assert "warning: group colors ×7 #cc6677 and ×8 #cc6678 are hard to tell apart" in proc.stderr
    one_line_error(cardgen("build", "--game", "str8eight", "--strict", "-q", cwd=tmp_path), "(--strict)")


def test_theme_colors_reach_the_cards(tmp_path):
    colors = '["#0072b2", "#e69f00", "#009e73", "#56b4e9", "#d55e00", "#f0e442", "#cc79a7", "#000000"]'
    write_config(tmp_path, f'format = "svg"\n[theme]\ngroup_colors = {colors}\n')
    proc = cardgen_here("build", "--game", "str8eight", "-q", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    svg = (tmp_path / "output" / "str8eight" / "svg" / "024-4x6.svg").read_text()
    assert 'data-group="4" data-side="left" data-target="20" data-color="#56b4e9"' in svg
    assert cardgen_here("check", "output", cwd=tmp_path).returncode == 0


def test_theme_fonts_missing_or_broken(tmp_path):
    folder = tmp_path / "myfonts"
    folder.mkdir()
    for name in ("Lato-Regular.ttf", "Lato-Bold.ttf", "Lato-Italic.ttf"):
        (folder / name).write_bytes((LATO / name).read_bytes())
    write_config(tmp_path, 'format = "svg"\n[theme]\nfonts = "myfonts"\n')
    one_line_error(cardgen_here("build", "-q", cwd=tmp_path), "has no Lato-Black.ttf for the black cut")
    (folder / "Lato-Black.ttf").write_bytes(b"OTTO" + b"\0" * 40)
    one_line_error(cardgen_here("build", "-q", cwd=tmp_path), "Lato-Black.ttf is not a valid TrueType/OpenType font")
    (folder / "Lato-Black.ttf").write_bytes((LATO / "Lato-Black.ttf").read_bytes())
    proc = cardgen_here("build", "--game", "eights", "-q", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr


class CountingHandler(http.server.BaseHTTPRequestHandler):
    hits = 0

    def do_GET(self):  # noqa: N802
        CountingHandler.hits += 1
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"x")

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = http.server.HTTPServer(("127.0.0.1", 0), CountingHandler)
    # a short poll: shutdown() waits for the loop to look up, 0.5 s by default
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}"
    import urllib.request

    CountingHandler.hits = 0
    urllib.request.build_opener(urllib.request.ProxyHandler({})).open(f"{url}/probe", timeout=HANG).read()
    assert CountingHandler.hits == 1  # the counter sees a fetch: "hits == 0" below means something
    CountingHandler.hits = 0
    yield url
    httpd.shutdown()


SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="90">'


@pytest.mark.parametrize("body, message", [
    ('<image href="{url}/spy.png" width="10" height="10"/>', "http: links are refused"),
    ('<rect width="9" height="9" style="fill: url({url}/x.svg#p)"/>', "http: links are refused"),
    ('<image xlink:href="file:///etc/hostname" width="10" height="10"/>', "file: links are refused"),
    ('<image href="../../secret.png" width="10" height="10"/>', "outside its folder"),
])
def test_back_art_fetches_nothing(tmp_path, server, body, message):
    art = tmp_path / "art"
    art.mkdir()
    (art / "back.svg").write_text(SVG_HEAD + body.format(url=server) + "</svg>")
    write_config(tmp_path, 'format = "svg"\n[theme]\nback_art = "art/back.svg"\n')
    one_line_error(cardgen_here("build", "--game", "eights", "-q", cwd=tmp_path), message)
    assert CountingHandler.hits == 0


def test_back_art_entities_and_bombs_are_refused_quickly(tmp_path, server, monkeypatch):
    art = tmp_path / "art"
    art.mkdir()
    (art / "laughs.svg").write_text('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]>'
                                    + SVG_HEAD + "<text>&a;</text></svg>")
    write_config(tmp_path, 'format = "svg"\n[theme]\nback_art = "art/laughs.svg"\n')
    one_line_error(cardgen("build", "--game", "eights", "-q", cwd=tmp_path), "XML entities or a DTD")
    # nested <use>: each level draws the one below ten times
    levels = ['<circle id="l0" r="1"/>']
    for i in range(1, 9):
        levels.append(f'<g id="l{i}">' + "".join(f'<use href="#l{i - 1}" x="{k}"/>' for k in range(10)) + "</g>")
    (art / "bomb.svg").write_text(SVG_HEAD + "<defs>" + "".join(levels) + '</defs><use href="#l8"/></svg>')
    write_config(tmp_path, 'format = "svg"\n[theme]\nback_art = "art/bomb.svg"\n')
    from cardgen import art

    assert art.RENDER_SECONDS <= 10  # "quickly": the real limit
    # the same kill on a shorter clock (10⁸ circles would take hours: any limit is hit)
    monkeypatch.setattr(art, "RENDER_SECONDS", 0.5)
    start = cpu_seconds()
    proc = cardgen_here("build", "--game", "eights", "-q", cwd=tmp_path)
    assert cpu_seconds() - start < 20  # the render process is killed, not waited for (its CPU counts here)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "back art" in proc.stderr and "took over 0.5 s to render and was stopped" in proc.stderr
    assert CountingHandler.hits == 0


def test_back_art_png_limits_and_success(tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    Image.new("1", (8000, 6000), 1).save(art / "huge.png")  # 48 megapixels; one bit each, quick to write
    write_config(tmp_path, 'format = "svg"\n[theme]\nback_art = "art/huge.png"\n')
    one_line_error(cardgen_here("build", "--game", "eights", "-q", cwd=tmp_path), "over 40 megapixels")
    (art / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    write_config(tmp_path, 'format = "svg"\n[theme]\nback_art = "art/broken.png"\n')
    one_line_error(cardgen_here("build", "--game", "eights", "-q", cwd=tmp_path), "not a readable PNG")
    write_config(tmp_path, 'format = "svg"\n[theme]\nback_art = "art/absent.png"\n')
    one_line_error(cardgen_here("build", "--game", "eights", "-q", cwd=tmp_path), "not found")
    Image.new("RGB", (300, 420), (200, 30, 40)).save(art / "red.png")
    write_config(tmp_path, 'format = "svg,png"\n[theme]\nback_art = "art/red.png"\n')
    proc = cardgen_here("build", "--game", "eights", "-q", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    svg = (tmp_path / "output" / "eights" / "svg" / "back.svg").read_text()
    assert 'href="data:image/png;base64,' in svg and "http" not in svg.replace("http://www.w3.org", "")
    with Image.open(tmp_path / "output" / "eights" / "png" / "back.png") as im:
        assert im.convert("RGB").getpixel((im.width // 2, im.height // 2)) == (200, 30, 40)


def test_back_art_svg_inside_its_folder_works(tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    Image.new("RGB", (20, 20), (10, 120, 60)).save(art / "tile.png")
    (art / "back.svg").write_text(SVG_HEAD + '<image href="tile.png" width="60" height="90" '
                                  'preserveAspectRatio="none"/></svg>')
    write_config(tmp_path, 'format = "svg,png"\n[theme]\nback_art = "art/back.svg"\n')
    proc = cardgen_here("build", "--game", "crazy-eights", "-q", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    with Image.open(tmp_path / "output" / "crazy-eights" / "png" / "back-1.png") as im:
        r, g, b = im.convert("RGB").getpixel((im.width // 2, im.height // 2))
        assert g > 100 and r < 40
    assert cardgen_here("check", "output", cwd=tmp_path).returncode == 0


def test_output_folder_that_cannot_be_made(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    one_line_error(cardgen("build", "--out", blocker / "sub"), "cannot create output folder")


def _snapshot(out: Path) -> dict:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


@pytest.mark.parametrize("sig, code", [(signal.SIGKILL, -9), (signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_an_interrupted_build_leaves_the_old_output(tmp_path, sig, code):
    """Ctrl-C and SIGTERM stop cleanly (staging folder, lock and private font folder
    gone); after SIGKILL the next build cleans up."""
    out = tmp_path / "out"
    private_tmp = tmp_path / "tmp"
    private_tmp.mkdir()
    assert cardgen_here("build", "--game", "str8eight", "--format", "svg", "--out", out, "-q").returncode == 0
    before = _snapshot(out)
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "build", "--game", "str8eight", "--format",
                             "pdf,png", "--out", str(out), "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "TMPDIR": str(private_tmp)})
    until(lambda: len([p for p in tmp_path.glob(".out.cardgen-staging-*/str8eight/*")]) >= 2 or proc.poll() is not None,
          "the build writing into its staging folder (beside out)")
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=HANG)
    assert proc.returncode == code, err
    assert _snapshot(out) == before
    if sig != signal.SIGKILL:
        assert b"previous output was left as it was" in err
        assert b"Traceback" not in err
        assert not list(tmp_path.glob(".out.cardgen-*"))
        assert not [p for p in private_tmp.iterdir() if p.name.startswith("cardgen-")]
    # the next build clears any stale staging folder and works
    assert cardgen_here("build", "--game", "str8eight", "--format", "svg", "--out", out, "-q").returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "tmp"]



@pytest.mark.parametrize("when", ["while the summary prints", "at exit, while the font folder is removed"])
def test_a_stop_once_the_new_output_is_in_is_not_told_as_a_kept_old_output(tmp_path, when):
    """SIGTERM arriving once the new output is switched in (while the summary prints), or
    while the private font folder is removed at exit: before, the first said "stopped by
    SIGTERM; the previous output was left as it was" (exit 143) over the complete new
    output, and the second printed a traceback from the atexit clean-up. Now the build
    ends as built (exit 0, its summary printed, one complete output, the font folder gone, no
    traceback)."""
    out, private_tmp = tmp_path / "out", tmp_path / "tmp"
    private_tmp.mkdir()
    if when == "while the summary prints":
        hook = ("import cardgen.build as b; real = b.summary\n"
                "def summary(*a):\n    os.kill(os.getpid(), signal.SIGTERM); time.sleep(0.2); return real(*a)\n"
                "b.summary = summary\n")
    else:
        hook = ("import shutil; real = shutil.rmtree\n"
                "def rmtree(path, *a, **k):\n"
                "    if 'cardgen-fonts-' in str(path): os.kill(os.getpid(), signal.SIGTERM); time.sleep(0.2)\n"
                "    return real(path, *a, **k)\n"
                "shutil.rmtree = rmtree\n")
    code = ("import os, signal, sys, time\n" + hook + "sys.argv = ['cardgen'] + sys.argv[1:]\n"
            "from cardgen.entry import run\nrun()\n")
    proc = subprocess.run([sys.executable, "-c", code, "build", "--game", "eights", "--format", "pdf", "--only",
                           "cards", "-j", "1", "--out", str(out)], capture_output=True, text=True,
                          env={**os.environ, "TMPDIR": str(private_tmp)}, timeout=HANG)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "previous output" not in proc.stderr, proc.stderr
    assert "manifest:" in proc.stdout  # the summary printed to its end
    assert cardgen_here("check", out).returncode == 0
    assert not [p for p in private_tmp.iterdir() if p.name.startswith("cardgen-")]

def _how_it_differs(a: Path, b: Path, rel: str) -> str:
    """A file two builds wrote differently (rel: its path in the output), named with what differs."""
    if a.suffix == ".png":
        import numpy as np
        from PIL import Image

        same = np.array_equal(np.asarray(Image.open(a)), np.asarray(Image.open(b)))
        return f"{rel} ({'same pixels, other bytes' if same else 'other pixels'})"
    return rel


# Str8 Eight's files that carry FourScore's player aid cards when one build makes both games
RIDDEN = {"str8eight/str8eight-player-aids.pdf", "str8eight/str8eight-print-letter.pdf"}


def test_reproducible_and_source_date_epoch(tmp_path, built, exported):
    """A build in a fresh process (another hash seed, nothing warm) writes the same bytes
    as the session's builds made in this process: the cards' SVG, PDF and PNG files as in
    `built`, the exports (TTS sheets, print-on-demand PNGs and zip, HTML) as in `exported`."""
    from conftest import EXPORT_ARGS

    out = tmp_path / "fresh"
    proc = cardgen(*EXPORT_ARGS[:-1], EXPORT_ARGS[-1] + ",png", "--out", out, "-q",
                   env={"CARDGEN_CACHE": "off"})  # every drawing made afresh, none from the store
    assert proc.returncode == 0, proc.stderr
    fresh = {f["path"]: f["sha256"] for f in json.loads((out / "manifest.json").read_text())["files"]}
    compared, differ = set(), []
    for earlier in (built, exported):
        for f in json.loads((earlier / "manifest.json").read_text())["files"]:
            if f["game"] == "kit" and earlier == built:
                continue  # the kit's first page names the games in the folder: here, all four
            if f["path"] in RIDDEN and earlier == built:
                continue  # FourScore's aid cards ride on these when both games are built (compared with exported)
            if f["path"] in fresh:  # the TTS JSON too: its URLs are names beside it, wherever the folder is
                if fresh[f["path"]] != f["sha256"]:
                    differ.append(_how_it_differs(earlier / f["path"], out / f["path"], f["path"]))
                compared.add(f["path"])
    # every file that differs, and for a PNG whether its pixels do (drawing) or only its bytes (deflating)
    assert not differ, f"{len(differ)} of {len(compared)} files differ: " + "; ".join(differ[:12])
    kinds = {p.rsplit(".", 1)[-1] for p in fresh}
    assert {"svg", "pdf", "png", "zip", "html", "json"} <= kinds
    assert set(fresh) - compared == set()  # every file, the TTS deck's JSON too (its URLs no longer name the folder)
    out = tmp_path / "epoch"
    proc = cardgen_here("build", "--game", "eights", "--format", "pdf", "--out", out, "-q",
                        env={"SOURCE_DATE_EPOCH": "1700000000"})
    assert proc.returncode == 0, proc.stderr
    import pypdf

    assert pypdf.PdfReader(str(out / "eights" / "eights-cards.pdf")).metadata["/CreationDate"].startswith("D:20231114")


def test_cache_skips_unchanged_work(tmp_path):
    out = tmp_path / "out"
    first = cardgen_here("build", "--game", "eights", "--format", "svg", "--out", out)
    assert first.returncode == 0 and "unchanged, kept" not in first.stdout
    again = cardgen_here("build", "--game", "eights", "--format", "svg", "--out", out)
    assert "unchanged, kept as they were: eights" in again.stdout
    (out / "eights" / "svg" / "back.svg").write_text("tampered")
    rebuilt = cardgen_here("build", "--game", "eights", "--format", "svg", "--out", out)
    assert "unchanged, kept" not in rebuilt.stdout and "tampered" not in (out / "eights" / "svg" / "back.svg").read_text()
    clean = cardgen_here("build", "--game", "eights", "--format", "svg", "--out", out, "--clean")
    assert "unchanged, kept" not in clean.stdout
    quiet = cardgen_here("build", "--game", "eights", "--format", "svg", "--out", out, "-q")
    assert quiet.stdout == "" and quiet.stderr == ""
    verbose = cardgen_here("build", "--game", "eights", "--format", "svg", "--out", out, "-v", "--clean")
    assert "eights/svg/back.svg" in verbose.stdout


def test_a_library_upgrade_changes_the_cache_key(monkeypatch):
    """The bytes we write depend on reportlab, pikepdf, cairo…: a new version rebuilds."""
    from cardgen import cache
    from cardgen.options import BuildOptions

    options = BuildOptions(out=Path("unused"))
    before = cache.input_key(options, DEFAULT_THEME, "str8eight")
    assert "reportlab=" in cache._library_versions() and "pikepdf=" in cache._library_versions()
    cache.code_version.cache_clear()
    monkeypatch.setattr(cache, "_library_versions", lambda: "reportlab=99.0")
    try:
        assert cache.input_key(options, DEFAULT_THEME, "str8eight") != before
    finally:
        cache.code_version.cache_clear()


def test_svg_back_art_covers_its_frame(tmp_path):
    """Art of another shape fills the frame (cropped in the middle), as PNG art does:
    no white bands where SVG's default "meet" would letterbox it."""
    import io

    from PIL import Image

    from cardgen.art import back_art_uri

    art = tmp_path / "wide.svg"
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
                   '<rect width="200" height="100" fill="#332288"/></svg>')
    uri = back_art_uri(art, 300, 420)
    import base64

    png = Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))).convert("RGB")
    assert png.size == (300, 420)
    for xy in ((150, 2), (150, 417), (2, 210), (297, 210), (150, 210)):
        assert png.getpixel(xy) == (0x33, 0x22, 0x88), xy


def test_ctrl_c_while_the_command_line_loads_is_one_line(monkeypatch, capsys):
    """Ctrl-C in the first tenth of a second (cardgen.cli still importing): one line, 130."""
    import builtins

    previous = signal.getsignal(signal.SIGINT)
    from cardgen import entry

    real_import = builtins.__import__

    def interrupted(name, *args, **kwargs):
        if name == "cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    try:
        with pytest.raises(SystemExit) as exc:
            entry.run()
    finally:
        signal.signal(signal.SIGINT, previous)  # importing entry set the start-up handler in this process
    assert exc.value.code == 130
    assert capsys.readouterr().err == "cardgen: interrupted\n"


def test_font_folders_of_killed_builds_are_swept_and_nothing_else(tmp_path):
    """A SIGKILLed build cannot remove its private font folder (the kill tests left 10 in
    /tmp on every run of the suite): the next cardgen process removes the folders of dead
    cardgen processes, and leaves a live process's folder, a link and other names alone."""
    import os
    import subprocess
    import sys

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    orphan = tmp / f"cardgen-fonts-{dead.pid}-abc123"
    (orphan / "cache").mkdir(parents=True)
    (orphan / "Lato-Regular.ttf").write_bytes(b"x")
    # and the other private folders: Ghostscript's separations, the playtest report's drawings,
    # matplotlib's cache (issue 25: a SIGKILL left them for ever)
    others = [tmp / f"cardgen-{purpose}-{dead.pid}-x{i}" for i, purpose in enumerate(("ink", "playtest", "matplotlib"))]
    for folder in others:
        (folder / "sub").mkdir(parents=True)
    live = tmp / f"cardgen-fonts-{os.getpid()}-def456"
    live.mkdir()
    elsewhere = tmp_path / "keep"
    elsewhere.mkdir()
    (elsewhere / "precious").write_text("mine")
    link = tmp / f"cardgen-fonts-{dead.pid}-link99"
    link.symlink_to(elsewhere)
    other = tmp / f"cardgen-fontsX-{dead.pid}-abc"
    other.mkdir()
    code = "from cardgen.private import folder; print(folder('playtest'))"
    proc = subprocess.run([sys.executable, "-c", code], env={**os.environ, "TMPDIR": str(tmp)},
                          capture_output=True, text=True, timeout=HANG)
    assert proc.returncode == 0, proc.stderr
    assert not orphan.exists() and not any(folder.exists() for folder in others)
    assert live.is_dir() and link.is_symlink() and other.is_dir()
    assert (elsewhere / "precious").read_text() == "mine"
    assert sorted(p.name for p in tmp.iterdir()) == sorted([live.name, link.name, other.name])  # the child's
    # own folder went at its exit
