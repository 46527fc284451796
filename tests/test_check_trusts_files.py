"""The checker trusts only the files: it imports no builder code, reads what the print
PDFs actually place, and refuses a build record it cannot read, on a line of its own."""
import json
import re
import subprocess
import sys

import pikepdf
import pytest

from cardgen.record import RECORD_VERSION
from conftest import assert_check_catches, run_cli

PRINT = "str8eight/str8eight-print-letter.pdf"
BUILDER_PACKAGES = ("layout", "design", "draw", "documents", "builders", "model", "export")


def test_the_checker_imports_no_builder_code(built):
    """In a fresh interpreter, import the checker, check a whole build: no builder module loaded."""
    code = ("import sys\nfrom pathlib import Path\nfrom cardgen.check.run import check_output\n"
            f"reports = check_output(Path({str(built)!r}))\n"
            "assert all(r.ok for r in reports), [str(v) for r in reports for v in r.violations]\n"
            "print('\\n'.join(sorted(sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
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
    """Move the first placement on the page right by mm (the clip moves with it)."""
    first = text.splitlines()[0]
    nums = first.split()
    nums[1] = f"{float(nums[1]) + mm * 72 / 25.4:.3f}"
    nums[12] = f"{float(nums[12]) + mm * 72 / 25.4:.3f}"
    return text.replace(first, " ".join(nums), 1)


SHEET_DAMAGE = [
    ("two_faces_swapped", 0, lambda t: swap(t, "/Card0", "/Card1"),
     [f"{PRINT}: page 1: place 1 shows 002-1x2, where deck order puts 001-1x1",
      f"{PRINT}: page 1: place 2 shows 001-1x1, where deck order puts 002-1x2"]),
    ("one_face_shows_another", 0, lambda t: t.replace("/Card1 Do", "/Card0 Do"),
     [f"{PRINT}: 001-1x1: placed 2 times, expected once", f"{PRINT}: 002-1x2: placed 0 times, expected once"]),
    ("placement_missing", 0, lambda t: re.sub(r"q [^\n]*/Card4 Do Q\n?", "", t),
     [f"{PRINT}: 003-3x1: placed 0 times, expected once", f"{PRINT}: page 1: holds 8 cards, expected 9",
      f"{PRINT}: page 2: back back at x 76.2, y 95.3 mm is behind no face"]),
    ("back_off_its_face", 1, lambda t: shift_first_back(t, 2.0),
     [f"{PRINT}: page 2: no back behind 001-1x1 (expected at x 139.7, y 6.4 mm)",
      f"{PRINT}: page 2: back back at x 141.7, y 6.4 mm is behind no face"]),
    ("form_name_missing", 0, lambda t: t.replace("/Card1 Do", "/Card99 Do"),
     [f"{PRINT}: page 1: places a form that shows no page of the card or back PDF"]),
]


@pytest.mark.parametrize("page, damage, expected", [d[1:] for d in SHEET_DAMAGE], ids=[d[0] for d in SHEET_DAMAGE])
def test_print_sheets_are_read_for_what_they_place(copy_of_build, page, damage, expected):
    edit_sheet(copy_of_build / PRINT, page, damage)
    output = assert_check_catches(copy_of_build, expected)
    assert "manifest: OK" in output


@pytest.fixture(scope="module")
def two_decks(tmp_path_factory):
    out = tmp_path_factory.mktemp("two-decks") / "out"
    result = run_cli("build", "--game", "crazy-eights", "--decks", "2", "--layout", "gutterfold", "--format", "pdf",
                     "--back-offset", "1,0.5", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    assert run_cli("check", out).exit_code == 0
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


def test_an_imposition_that_wastes_paper_fails(tmp_path, monkeypatch):
    """The checker's own count, not the layout code's: 4 cards on a sheet where 9 fit."""
    from cardgen.layout import imposition

    cells = imposition._cells
    monkeypatch.setattr(imposition, "_cells", lambda *a: cells(*a)[:4])
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--format", "pdf", "--out", out, "-q").exit_code == 0
    result = run_cli("check", out)
    assert result.exit_code == 1, result.output
    assert f"{PRINT}: -: 36 pages, expected 16 for 70 cards" in result.output
    assert f"{PRINT}: page 1: holds 4 cards, expected 9: 9 cards of 63.5 × 88.9 mm fit a letter sheet" in result.output


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
def test_a_malformed_record_is_a_violation_not_a_traceback(copy_of_build, how, message):
    path = copy_of_build / "manifest.json"
    data = json.loads(path.read_text())
    _damage_record(data["games"]["str8eight"], how)
    path.write_text(json.dumps(data))
    result = run_cli("check", copy_of_build)  # raises, failing the test, on any traceback
    assert result.exit_code == 1, result.output
    assert f"manifest.json: str8eight: malformed build record: {message}" in result.output
    assert "eights: OK" in result.output  # the other games are still checked


def test_a_booklet_titled_for_another_game_fails(copy_of_build):
    """The title comes from the PDF's metadata, which the booklet writer sets."""
    path = copy_of_build / "str8eight" / "str8eight-rules.pdf"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.docinfo["/Title"] = "Crazy Eights – rules"
        pdf.save(path)
    assert_check_catches(copy_of_build, ["str8eight-rules.pdf: booklet: the title 'Crazy Eights – rules' "
                                         "does not name Str8 Eight"])
