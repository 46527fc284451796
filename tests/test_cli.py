"""Bad input: one line naming the problem and the fix, exit code 2, no traceback,
and the previous output left as it was."""
import subprocess
import sys

import pytest

from cardgen.errors import CardgenError
from cardgen.draw import fonts
from cardgen.theme import DEFAULT_FONTS, FontSet
from conftest import run_cli
from waiting import until


def cardgen(*args, cwd=None):
    """Run the real console entry point in a subprocess, as a user would."""
    return subprocess.run([sys.executable, "-m", "cardgen", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd)


@pytest.mark.parametrize("args, message", [
    (["--table-size", "13"], "--table-size: 13 is out of range; use a whole number from 2 to 12"),
    (["--format", "jpeg"], "unknown format 'jpeg'"),
    (["--game", "chess"], "unknown game 'chess'"),
    (["--card-size", "tarot"], "unknown card size 'tarot'"),
    (["--bleed", "9"], "--bleed: 9.0 mm is out of range; use 0 to 6 mm"),
])
def test_bad_options_give_one_line_and_exit_2(tmp_path, args, message):
    proc = cardgen("build", "--out", tmp_path / "out", *args)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists()


def test_output_path_that_is_a_file(tmp_path):
    target = tmp_path / "taken"
    target.write_text("not a folder")
    proc = cardgen("build", "--out", target)
    assert proc.returncode == 2 and f"--out: {target} is not a folder; choose another" in proc.stderr
    assert target.read_text() == "not a folder"


def test_missing_and_broken_fonts_are_errors_not_fallbacks(tmp_path, monkeypatch):
    folder = tmp_path / "fonts"
    folder.mkdir()
    for _, name in DEFAULT_FONTS.files:
        (folder / name).write_bytes((DEFAULT_FONTS.folder / name).read_bytes())
    broken = FontSet(DEFAULT_FONTS.family, DEFAULT_FONTS.files, DEFAULT_FONTS.roles, folder)
    (folder / "Lato-Black.ttf").write_bytes(b"\x00\x01\x00\x00 definitely not a font")
    with pytest.raises(CardgenError, match="Lato-Black.ttf is not a valid TrueType"):
        fonts.ensure_fonts(broken)
    (folder / "Lato-Black.ttf").unlink()
    with pytest.raises(CardgenError, match="Lato-Black.ttf is missing"):
        fonts.ensure_fonts(broken)
    # and through the CLI: one line, exit 2, nothing written
    monkeypatch.setattr("cardgen.theme.DEFAULT_FONTS", broken)
    result = run_cli("build", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "Lato-Black.ttf is missing" in result.output
    assert not (tmp_path / "out" / "str8eight").exists()


def test_a_failed_build_leaves_the_previous_output_intact(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE", "off")  # the PDF drawn (and failing), not taken from the store
    out = tmp_path / "out"
    assert run_cli("build", "--format", "svg", "--out", out, "-q").exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}

    log = tmp_path / "staged-when-it-failed.txt"  # games may build in forked processes

    def explode(*args, **kwargs):
        # halfway: the new build has written files into its staging folder (the card SVGs
        # come from a thread of their own while the PDFs are drawn, and the booklets come
        # before the player aid cards' sheet: wait for the first file)
        staged = until(lambda: [p for p in tmp_path.glob(".out.cardgen-staging*/**/*") if p.is_file()
                                and p.suffix in (".svg", ".pdf")], "a card SVG or PDF in the staging folder")
        with open(log, "a") as fh:
            fh.writelines(f"{p}\n" for p in staged)
        raise CardgenError("simulated failure halfway through the PDF")
    monkeypatch.setattr("cardgen.draw.pdf.write_pages", explode)
    result = run_cli("build", "--format", "pdf", "--out", out)
    assert result.exit_code == 2 and "simulated failure" in result.output
    assert any(line.endswith((".svg", ".pdf")) for line in log.read_text().splitlines())
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "staged-when-it-failed.txt"]  # no staging left


def test_help_and_version():
    proc = cardgen("--help")
    assert proc.returncode == 0 and "build" in proc.stdout and "check" in proc.stdout
    assert cardgen("--version").stdout.startswith("cardgen, version")


def test_game_filter_and_formats(tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "--game", "str8eight", "--format", "svg,png", "--out", out, "-j", "2")
    assert result.exit_code == 0, result.output
    assert "str8eight:" in result.stdout and "74 PNG" in result.stdout and "74 SVG" in result.stdout  # 71 cards, sheet, box, atlas
    assert "1 JSON" in result.stdout  # the atlas counts
    assert not (out / "str8eight" / "str8eight-cards.pdf").exists()
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "manifest.json", "str8eight"]  # no other game
    assert run_cli("check", out).exit_code == 0
