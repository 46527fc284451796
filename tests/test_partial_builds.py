"""Reprints (--cards), partial builds (--only) and the [printer] profile on the card sheets."""
import json

import pikepdf
import pytest

from cardgen.builders.cardnames import resolve
from conftest import refresh_manifest, run_cli

SLUGS = ["001-1x1", "002-1x2", "002-2x1", "012-2x6", "012-3x4", "012-4x3", "012-6x2", "pass-left-1", "pass-left-2",
         "pass-right-1"]


def test_card_names():
    assert resolve("str8eight", "Str8 Eight", ("12", "12", "3x4", "pass-left", "002-2x1"), SLUGS) == (3, 4, 4, 7, 2)
    assert resolve("str8eight", "Str8 Eight", ("1", "1"), SLUGS) == (0, 0)  # one card of 1: named twice, printed twice
    assert resolve("eights", "Eights", ("e", "e", "3-e", "reference"),
                   ["1-1-e", "1-2-e", "3-1-e", "3-2-i", "reference"]) == (0, 1, 2, 4)
    assert resolve("crazy-eights", "Crazy Eights", ("8-hearts", "8-hearts", "q-spades"),
                   ["1-hearts-8", "1-spades-Q", "2-hearts-8"]) == (0, 2, 1)
    with pytest.raises(Exception, match=r"Str8 Eight has no card '13': name each card by a value \(12"):
        resolve("str8eight", "Str8 Eight", ("13",), SLUGS)


@pytest.mark.parametrize("args, message", [
    (["--cards", "12"], "--cards: names the cards of one game; add --game"),
    (["--game", "fourscore", "--cards", "12"], "FourScore is played with the Str8 Eight deck"),
    (["--game", "str8eight", "--cards", "12", "--only", "box"], "add print to --only"),
    (["--game", "str8eight", "--cards", "12;13"], "card name '12;13' is not a name"),
    (["--game", "str8eight", "--only", "pint"], "--only: unknown part 'pint'; use cards, print, sheet, box, rules, pads"),
    (["--game", "str8eight", "--cards", "99"], "Str8 Eight has no card '99'"),
    (["--format", "pdf", "--back-rotation", "3", "--back-offset", "0,-9"],  # neither alone would
     "the printer correction (back offset 0,-9 mm, back rotation 3°, print scale 100,100) would push card backs off"),
    (["--print-scale", "94,100"], "--print-scale: 94.0 mm is out of range; use 97 to 103 mm (more than 3 % off"),
])
def test_bad_reprints_and_parts_are_one_line(tmp_path, monkeypatch, args, message):
    import cardgen.build

    monkeypatch.setattr(cardgen.build, "_core_idle", lambda jobs: True)  # a second process, stopped with the build
    result = run_cli("build", *args, "--out", tmp_path / "o")
    assert result.exit_code == 2 and message in result.output and result.output.count("\n") <= 2, result.output
    assert not (tmp_path / "o").exists()


@pytest.fixture(scope="module")
def reprint(tmp_path_factory):
    """A reprint of four Str8 Eight cards on A4, drawn for a printer that shifts, turns and scales,
    its card PDFs drawn by a second process (as on an idle machine with two cores)."""
    import cardgen.build

    out = tmp_path_factory.mktemp("reprint") / "out"
    folder = out.parent
    (folder / "cardgen.toml").write_text('paper = "a4"\n[printer]\nback_offset = [1.5, -0.75]\n'
                                         "back_rotation = 0.4\nscale = [99.2, 100.5]\n")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cardgen.build, "_core_idle", lambda jobs: True)
        result = run_cli("build", "--config", folder / "cardgen.toml", "--game", "str8eight",
                         "--cards", "12,24,pass-left,12", "--out", out, "-q", "-j", "2")
    assert result.exit_code == 0, result.output
    return out


def test_the_second_process_draws_the_same_bytes(reprint, tmp_path, monkeypatch):
    """One process (-j 1) and two (the card PDFs drawn beside) write the same files."""
    monkeypatch.setenv("CARDGEN_CACHE", "off")  # drawn here, not taken from the store
    out = tmp_path / "out"
    result = run_cli("build", "--config", reprint.parent / "cardgen.toml", "--game", "str8eight",
                     "--cards", "12,24,pass-left,12", "--out", out, "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    for name in ("str8eight-cards.pdf", "str8eight-back.pdf", "str8eight-reprint-a4.pdf", "svg/024-3x8.svg"):
        assert (out / "str8eight" / name).read_bytes() == (reprint / "str8eight" / name).read_bytes(), name


def test_a_reprint_sheet_holds_the_named_cards_with_their_backs(reprint):
    game = reprint / "str8eight"
    assert sorted(p.name for p in game.iterdir() if p.is_file()) == [
        "str8eight-back.pdf", "str8eight-cards.pdf", "str8eight-reprint-a4.pdf"]
    record = json.loads((reprint / "manifest.json").read_text())["games"]["str8eight"]
    faces = record["deck"]["faces"]
    assert [faces[i] for i in record["home_print"]["cards"]] == ["012-2x6", "024-3x8", "pass-left-1", "012-3x4"]
    assert record["parts"] == ["print"] and record["tuckbox"] is None and record["rules"] is None
    assert record["home_print"]["printer"] == {"back_offset_mm": [1.5, -0.75], "back_rotation_deg": 0.4,
                                               "scale_mm": [99.2, 100.5], "margins_mm": None}
    with pikepdf.open(game / "str8eight-reprint-a4.pdf") as pdf:
        assert len(pdf.pages) == 2
        names = sorted({f"/Card{i}" for i in record["home_print"]["cards"]})
        assert len(names) == 4 and sorted(pdf.pages[0].Resources.XObject.keys()) == names  # 12 twice: two 12s
        assert list(pdf.pages[1].Resources.XObject.keys()) == ["/Back0"]
    result = run_cli("check", reprint)
    assert result.exit_code == 0, result.output
    assert "str8eight-reprint-a4.pdf: 2 pages of a4, 4 fronts placed as the reprint names them" in result.output
    assert "left out and not checked: cards, sheet, box, rules, pads" in result.output


def test_the_checker_undoes_the_recorded_printer_profile(reprint, tmp_path):
    """The sheets are drawn through the profile; a record that claims another rotation puts
    every back somewhere else, and the checker says so."""
    import shutil

    out = tmp_path / "out"
    shutil.copytree(reprint, out)
    data = json.loads((out / "manifest.json").read_text())
    data["games"]["str8eight"]["home_print"]["printer"]["back_rotation_deg"] = 0.0
    (out / "manifest.json").write_text(json.dumps(data))
    refresh_manifest(out)
    result = run_cli("check", out)
    assert result.exit_code == 1 and "page 2: no back behind 012-2x6" in result.output, result.output
