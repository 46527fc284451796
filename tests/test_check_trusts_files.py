"""The checker trusts only the files: it imports no builder code, reads what the print
PDFs actually place, and refuses a build record it cannot read, on a line of its own."""
import json
import re
import subprocess
import sys

import pikepdf
import pytest

from cardgen.record import RECORD_VERSION
from conftest import assert_check_catches, run_cli, shared_checked_build
from waiting import HANG

PRINT = "str8eight/str8eight-print-letter.pdf"
BUILDER_PACKAGES = ("layout", "design", "draw", "documents", "builders", "model", "export")


def test_the_checker_imports_no_builder_code(built):
    """In a fresh interpreter, import the checker, check a whole build: no builder module loaded."""
    code = ("import sys\nfrom pathlib import Path\nfrom cardgen.check.run import check_output\n"
            f"reports = check_output(Path({str(built)!r}))\n"
            "assert all(r.ok for r in reports), [str(v) for r in reports for v in r.violations]\n"
            "print('\\n'.join(sorted(sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG)
    assert proc.returncode == 0, proc.stderr
    loaded = [m for m in proc.stdout.split() if any(m == f"cardgen.{p}" or m.startswith(f"cardgen.{p}.")
                                                   for p in BUILDER_PACKAGES)]
    assert "cardgen.check.homeprint" in proc.stdout.split()  # the game checkers did run
    assert loaded == []


def edit_sheet(path, page: int, change) -> None:
    """Rewrite the card placements of one sheet page (the stream the cards are drawn in)."""
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        stream = pdf.pages[page].obj.Contents[0]
        text = stream.read_bytes().decode("ascii")
        changed = change(text)
        assert changed != text
        stream.write(changed.encode("ascii"))
        pdf.save(path)


def swap(text: str, a: str, b: str) -> str:
    return text.replace(f"{a} Do", "\0").replace(f"{b} Do", f"{a} Do").replace("\0", f"{b} Do")


def shift_first_back(text: str, mm: float) -> str:
    """Move the first placement on the page right by mm (the clip moves with it; a back's
    own turn, when the printer profile gives it one, and its quarter turn stay as they are)."""
    first = text.splitlines()[0]
    d = mm * 72 / 25.4
    moved = re.sub(r"(-?[\d.]+)( -?[\d.]+ -?[\d.]+ -?[\d.]+ re W n -?1?0? -?1?0? -?1?0? -?1?0? )(-?[\d.]+)",
                   lambda m: f"{float(m.group(1)) + d:.3f}{m.group(2)}{float(m.group(3)) + d:.3f}", first)
    return text.replace(first, moved, 1)


SHEET_DAMAGE = [
    ("two_faces_swapped", 0, lambda t: swap(t, "/Card0", "/Card1"),
     [f"{PRINT}: page 1: place 1 shows 002-1x2, where deck order puts 001-1x1",
      f"{PRINT}: page 1: place 2 shows 001-1x1, where deck order puts 002-1x2"]),
    ("one_face_shows_another", 0, lambda t: t.replace("/Card1 Do", "/Card0 Do"),
     [f"{PRINT}: 001-1x1: placed 2 times, expected once", f"{PRINT}: 002-1x2: placed 0 times, expected once"]),
    ("placement_missing", 0, lambda t: re.sub(r"q [^\n]*/Card4 Do Q\n?", "", t),
     [f"{PRINT}: 003-3x1: placed 0 times, expected once", f"{PRINT}: page 1: holds 7 cards, expected 8",
      f"{PRINT}: page 2: back back at x 110.9, y 139.7 mm is behind no face"]),
    ("back_off_its_face", 1, lambda t: shift_first_back(t, 2.0),
     [f"{PRINT}: page 2: no back behind 001-1x1 (expected at x 110.9, y 12.7 mm)",
      f"{PRINT}: page 2: back back at x 112.9, y 12.7 mm is behind no face",
      f"{PRINT}: page 2: the cut at x 113.0 mm shows 0.0 mm of mark inside a 5 mm blank border, needs 3"]),
    ("form_name_missing", 0, lambda t: t.replace("/Card1 Do", "/Card99 Do"),
     [f"{PRINT}: page 1: places a form that shows no page of the card or back PDF"]),
]


@pytest.mark.parametrize("page, damage, expected", [d[1:] for d in SHEET_DAMAGE], ids=[d[0] for d in SHEET_DAMAGE])
def test_print_sheets_are_read_for_what_they_place(copy_of_games, page, damage, expected):
    out = copy_of_games("str8eight")  # the sheets damaged are Str8 Eight's: the other games need no copy
    edit_sheet(out / PRINT, page, damage)
    output = assert_check_catches(out, expected)
    assert "manifest: OK" in output


@pytest.fixture(scope="module")
def two_decks(tmp_path_factory):
    """Built and checked clean once for the run (not once per xdist worker), shared read-only."""
    out, code, output = shared_checked_build(tmp_path_factory, "two-decks-checked", "--game", "crazy-eights", "--decks", "2",
                                             "--layout", "gutterfold", "--format", "pdf", "--back-offset", "1,0.5",
                                             "--back-rotation", "0.3")
    assert code == 0, output
    return out


def test_each_face_shows_its_own_decks_back(two_decks, tmp_path):
    """Both decks draw the same faces; only the back tells them apart, and it must be the deck's."""
    import shutil

    out = tmp_path / "out"
    shutil.copytree(two_decks, out)
    sheets = "crazy-eights/crazy-eights-print-letter.pdf"
    # gutterfold sheet 14 holds deck 2's first cards: its /Back1 now draws deck 1's back
    with pikepdf.open(out / sheets, allow_overwriting_input=True) as pdf:
        pdf.pages[13].Resources.XObject["/Back1"] = pdf.pages[0].Resources.XObject["/Back0"]
        pdf.save(out / sheets)
    assert_check_catches(out, [f"{sheets}: page 14: behind 1-clubs-A/2-clubs-A is back back-1, expected back back-2"])


def test_gutterfold_backs_sit_across_the_fold(two_decks, tmp_path):
    import shutil

    out = tmp_path / "out"
    shutil.copytree(two_decks, out)
    sheets = "crazy-eights/crazy-eights-print-letter.pdf"
    edit_sheet(out / sheets, 0, lambda t: re.sub(r"(/Back0 Do Q\n)(q [^\n]*/Back0 Do Q)",
                                                 lambda m: m.group(1) + shift_first_back(m.group(2), -1.0), t, 1))
    assert_check_catches(out, [f"{sheets}: page 1: no back behind 1-clubs-", "is behind no face"])


def test_gutterfold_back_marks_move_with_the_backs(tmp_path, monkeypatch):
    """The backs' half of a gutterfold sheet goes through the printer profile's back map,
    marks too (two_decks checks clean with them moved): marks drawn where the backs were
    before the map miss the backs' cut lines, and the checker says so."""
    import cardgen.documents.sheets as sheets
    from cardgen.layout.printer import IDENTITY

    decorate = sheets._decorate
    monkeypatch.setattr(sheets, "_decorate", lambda ctx, page, back_map: decorate(ctx, page, IDENTITY))
    out = tmp_path / "out"
    assert run_cli("build", "--game", "eights", "--format", "pdf", "--layout", "gutterfold", "--back-offset", "1,0.5",
                   "--back-rotation", "0.3", "-j", "1", "--out", out, "-q").exit_code == 0
    assert_check_catches(out, ["eights/eights-print-letter.pdf: page 1: the cut at x 274.4 mm shows 0.0 mm of mark"])


def test_an_imposition_that_wastes_paper_fails(tmp_path, monkeypatch):
    """The checker's own count, not the layout code's: 4 cards on a sheet where 8 fit."""
    from cardgen.layout import imposition

    cells = imposition._cells
    monkeypatch.setattr(imposition, "_cells", lambda *a: cells(*a)[:4])
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--format", "pdf", "--out", out, "-q").exit_code == 0
    result = run_cli("check", out)
    assert result.exit_code == 1, result.output
    assert f"{PRINT}: -: 38 pages, expected 20 for 70 cards and 6 player aid cards" in result.output
    assert (f"{PRINT}: page 1: holds 4 cards, expected 8: 8 cards of 63.5 × 88.9 mm fit a letter sheet, upright or "
            "turned, inside a 5 mm blank border with 4 mm left for the marks") in result.output


def _damage_record(record: dict, how: str) -> None:
    if how == "wrong_type":
        record["card"]["trim_mm"] = ["63.5", 88.9]
    elif how == "nan":
        record["card"]["bleed_mm"] = float("nan")
    elif how == "missing_key":
        del record["home_print"]
    elif how == "unknown_version":
        record["record_version"] = 99


@pytest.mark.parametrize("how, message", [
    ("wrong_type", "card.trim_mm[0] is a string '63.5', expected float"),
    ("nan", "card.bleed_mm is nan, expected a finite number"),
    ("missing_key", "missing key 'home_print'"),
    ("unknown_version", f"record version 99; this cardgen reads version {RECORD_VERSION}"),
])
def test_a_malformed_record_is_a_violation_not_a_traceback(copy_of_games, how, message):
    copy_of_build = copy_of_games("str8eight", "eights")  # the damaged game and one other
    path = copy_of_build / "manifest.json"
    data = json.loads(path.read_text())
    _damage_record(data["games"]["str8eight"], how)
    path.write_text(json.dumps(data))
    result = run_cli("check", copy_of_build)  # raises, failing the test, on any traceback
    assert result.exit_code == 1, result.output
    assert f"manifest.json: str8eight: malformed build record: {message}" in result.output
    assert "eights: OK" in result.output  # the other games are still checked


def test_a_booklet_titled_for_another_game_fails(copy_of_games):
    """The title comes from the PDF's metadata, which the booklet writer sets."""
    copy_of_build = copy_of_games("str8eight")
    path = copy_of_build / "str8eight" / "str8eight-rules.pdf"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.docinfo["/Title"] = "Crazy Eights – rules"
        pdf.save(path)
    assert_check_catches(copy_of_build, ["str8eight-rules.pdf: booklet: the title 'Crazy Eights – rules' "
                                         "does not name Str8 Eight"])


def edit_marks(pdf, page: int, change) -> None:
    """Rewrite what a sheet page draws itself (marks, labels, ruler): its second content stream."""
    stream = pdf.pages[page].obj.Contents[1]
    text = stream.read_bytes().decode("latin-1")
    changed = change(text)
    assert changed != text
    stream.write(changed.encode("latin-1"))


def test_marks_and_print_setup_are_read_from_the_files(copy_of_games):
    """Marks that a 5 mm printer would lose, that are thick, that run onto a card or to
    the page edge: each caught, on the page where it is (backs included). And a print PDF
    that lets the reader scale it, or prints single-sided. (A fold booklet's printing words
    are the how-to-print page's: tests/test_booklet_covers.py.)"""
    out = copy_of_games("str8eight")
    path = out / PRINT
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.Root.ViewerPreferences.Duplex = pikepdf.Name.Simplex
        del pdf.Root.ViewerPreferences["/PrintScaling"]
        # page 2 (backs): the marks of one column cut cut back to the 3–5 mm band the printer skips
        edit_marks(pdf, 1, lambda t: t.replace("16.05 3 m 16.05 9.4 l 16.05 270 m 16.05 276.4 l",
                                                "16.05 3 m 16.05 4.9 l 16.05 274.5 m 16.05 276.4 l"))
        edit_marks(pdf, 2, lambda t: t.replace(".2 w", "1 w", 1))  # page 3: thick marks
        edit_marks(pdf, 4, lambda t: t.replace("3 76.2 m 12.75 76.2 l", "3 80 m 40 80 l"))  # page 5: into a card
        edit_marks(pdf, 6, lambda t: t.replace("3 12.7 m", "1 12.7 m"))  # page 7: to 1 mm off the edge
        pdf.save(path)
    assert_check_catches(out, [
        f"{PRINT}: page 2: the cut at x 16.1 mm shows 0.0 mm of mark inside a 5 mm blank border, needs 3",
        f"{PRINT}: page 3: the mark on the cut at x 16.1 mm is 1.00 mm wide, not 0.1–0.3",
        f"{PRINT}: page 5: a line at (3.0, 80.0)–(40.0, 80.0) mm crosses a card's trim area",
        f"{PRINT}: page 7: a line at (1.0, 12.7)–(12.8, 12.7) mm comes closer than 3 mm to the page edge",
        f"{PRINT}: print setup: /PrintScaling is not set, expected /None",
        f"{PRINT}: print setup: /Duplex is /Simplex, expected /DuplexFlipLongEdge"])
