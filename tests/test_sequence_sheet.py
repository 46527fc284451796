"""The sequence sheet: every table entry, every move, the counts; and the checker on it."""
import re
from collections import Counter

import pypdf
import pytest
from defusedxml import ElementTree
from PIL import Image

from cardgen.model.str8eight import sequence_map
from conftest import MM_PER_PT, assert_check_catches, edit, run_cli


def sheet(built, paper="letter"):
    return ElementTree.parse(str(built / "str8eight" / f"sequence-sheet-{paper}.svg")).getroot()


def test_model_counts():
    seq = sequence_map()
    assert len(seq.values) == 30 and len(seq.entries) == 64 and len(seq.links) == 56
    assert seq.followers[24] == 6  # 28, 30, 32: two copies each
    assert seq.followers[64] == 0 and seq.followers[1] == 2
    assert seq.groups_of(24) == [3, 4, 6, 8]


def test_files_and_contract(built):
    for ext in ("svg", "pdf", "png"):
        assert (built / "str8eight" / f"sequence-sheet-letter.{ext}").exists()
    root = sheet(built)
    assert root.get("data-game") == "str8eight" and root.get("data-kind") == "sequence-sheet"
    entries = Counter((int(e.get("data-value")), int(e.get("data-group"))) for e in root.iter()
                      if "data-group" in e.attrib and "data-value" in e.attrib)
    assert sum(entries.values()) == 64
    assert Counter(v for v, _ in entries.elements()) == Counter(r * c for r in range(1, 9) for c in range(1, 9))
    links = {(int(e.get("data-group")), int(e.get("data-from")), int(e.get("data-to")))
             for e in root.iter() if "data-from" in e.attrib}
    # the links are exactly the cards' right arrows
    cards = set()
    for path in (built / "str8eight" / "svg").glob("0*.svg"):
        card = ElementTree.parse(str(path)).getroot()
        for a in card.iter():
            if a.get("data-side") == "right":
                cards.add((int(a.get("data-group")), int(card.get("data-value")), int(a.get("data-target"))))
    assert links == cards and len(links) == 56
    follow = {int(e.get("data-value")): int(e.get("data-follow-count")) for e in root.iter() if "data-follow-count" in e.attrib}
    assert follow[24] == 6 and follow[8] == 9 and len(follow) == 30


def test_pdf_is_one_landscape_page_with_real_text(built):
    reader = pypdf.PdfReader(str(built / "str8eight" / "sequence-sheet-letter.pdf"))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(279.4, abs=0.01)
    assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(215.9, abs=0.01)
    text = page.extract_text()
    for token in ("sequence sheet", "×1", "×8", "can follow", "copies", "bull’s-eye"):
        assert token in text


def test_reads_in_grayscale(built):
    """Every row stays visible on white in grayscale, and its ×d label carries the group."""
    with Image.open(built / "str8eight" / "sequence-sheet-letter.png") as im:
        gray = im.convert("L")
        assert round(im.info["dpi"][0]) == 200
    root = sheet(built)
    px = 200 / 25.4
    entries = [el for el in root.iter() if "data-group" in el.attrib and "data-value" in el.attrib]
    assert len(entries) == 64
    for el in entries:
        x, y = (float(v) for v in re.findall(r"[-\d.]+", el.get("transform")))
        # the chip's edge, beside the number: clearly darker than the white page
        assert gray.getpixel((round((x - 2.2) * px), round((y - 1.8) * px))) < 215, el.attrib


def test_a4_sheet(tmp_path):
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--paper", "a4", "--format", "svg", "--out", out, "-q").exit_code == 0
    root = ElementTree.parse(str(out / "str8eight" / "sequence-sheet-a4.svg")).getroot()
    assert root.get("width") == "297mm" and root.get("height") == "210mm"


SHEET = "sequence-sheet-letter.svg"


@pytest.mark.parametrize("old, new, expected", [
    ('data-value="49" data-group="7"', 'data-value="48" data-group="7"', ["entry 49: missing from row ×7",
                                                                          "entry 48: in row ×7, but 48 is not"]),
    ('data-group="4" data-from="24" data-to="28"', 'data-group="4" data-from="24" data-to="27"',
     ["link 24→28: missing from row ×4", "link 24→27: row ×4 links 24 to 27"]),
    ('data-value="24" data-follow-count="6"', 'data-value="24" data-follow-count="5"',
     ["value 24: follow count 5, the deck has 6"]),
    ('data-value="12" data-copies="4"', 'data-value="12" data-copies="3"', ["value 12: copies 3, the deck has 4"]),
    ('data-value="35" data-group="5" data-color="#999933"', 'data-value="35" data-group="5" data-color="#cc6677"',
     ["entry 35: drawn in #cc6677"]),
])
def test_checker_catches_a_damaged_sheet(copy_of_games, old, new, expected):
    out = copy_of_games("str8eight")
    edit(out / "str8eight" / SHEET, old, new)
    assert_check_catches(out, expected)


def test_checker_misses_no_sheet(copy_of_games):
    out = copy_of_games("str8eight")
    (out / "str8eight" / SHEET).unlink()
    assert_check_catches(out, ["sequence-sheet-letter.svg: sequence sheet: missing"])
