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
def test_checker_catches_a_damaged_sheet(copy_of_deck, old, new, expected):
    out = copy_of_deck  # the cards and the sheets (conftest.deck_and_sheet)
    edit(out / "str8eight" / SHEET, old, new)
    assert_check_catches(out, expected)


def test_checker_misses_no_sheet(copy_of_deck):
    out = copy_of_deck  # the cards and the sheets (conftest.deck_and_sheet)
    (out / "str8eight" / SHEET).unlink()
    assert_check_catches(out, ["sequence-sheet-letter.svg: sequence sheet: missing"])


# --- issue 41: the chip numbers of the large tables stand upright -------------------------------

def _chips(root):
    """(value, group, x, y, chip width, chip height, text size) of every entry, in mm."""
    out = []
    for el in root.iter():
        if "data-group" in el.attrib and "data-value" in el.attrib and "transform" in el.attrib:
            x, y = (float(v) for v in re.findall(r"[-\d.]+", el.get("transform")))
            rect = next(c for c in el if c.tag.endswith("rect"))
            text = next(c for c in el if c.tag.endswith("text"))
            out.append((int(el.get("data-value")), int(el.get("data-group")), x, y, float(rect.get("width")),
                        float(rect.get("height")), float(text.get("font-size"))))
    return out


@pytest.mark.parametrize("n", [9, 10, 11, 12])
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("font", ["standard", "hyperlegible", "early-reader"])
def test_every_number_stands_upright_and_readable(n, paper, font):
    """Every number of the sheet (chips, values, copies, followers) reads upright at 6.9 pt or
    more with a contrast of 4.5:1, each chip holds its number with room to spare, no two chips
    touch, and everything stays on the page: 10 × 10 to 12 × 12 cut their columns into two
    bands rather than turn their numbers a quarter turn."""
    from dataclasses import replace

    from cardgen.check import legibility
    from cardgen.check.str8eight import _turned_numbers
    from cardgen.design.sequence_sheet import sheet_svg
    from cardgen.layout.paper import PAPERS
    from cardgen.theme import DEFAULT_THEME, font_set

    theme = replace(DEFAULT_THEME, fonts=font_set(font))
    svg = sheet_svg(sequence_map(n), PAPERS[paper], theme)
    root = ElementTree.fromstring(svg)
    assert _turned_numbers(root) == []
    numbers = [(size, ratio, text) for size, ratio, text, *_ in legibility.read_svg(root).readings()
               if text.isdigit()]
    assert len(numbers) >= len(sequence_map(n).entries)
    assert min(size for size, *_ in numbers) >= 6.9
    assert min(ratio for _, ratio, _ in numbers if ratio is not None) >= 4.5
    chips = _chips(root)
    assert len(chips) == n * n
    height = float(root.get("height").removesuffix("mm"))
    for value, group, x, y, w, h, size in chips:
        assert len(str(value)) * theme.fonts.digit * size + 0.6 <= w, (value, w, size)  # the number inside
        assert h - size * 0.716 >= 1.0 and 0 < y - h / 2 and y + h / 2 < height - 10
    rows = {}
    for value, group, x, y, w, h, size in chips:
        rows.setdefault(round(y, 2), []).append((x, w))
    for row in rows.values():
        row.sort()
        for (xa, wa), (xb, wb) in zip(row, row[1:]):
            assert xb - wb / 2 - (xa + wa / 2) >= 1.5  # room for the arrow between neighbours
    ys = sorted(rows)
    assert all(b - a >= 3.8 for a, b in zip(ys, ys[1:]))  # rows apart: each chip clear of the next row's
    key = max(float(t.get("y")) for t in root.iter() if t.tag.endswith("text"))
    assert key <= height - 8


def test_a_row_runs_on_into_the_next_band():
    """On 12 × 12 a row's chain crosses from the first band to the second: the link 36→48 of
    row ×12 leaves the first band at its right end and enters the second at its left."""
    from cardgen.design.sequence_sheet import sheet_svg
    from cardgen.layout.paper import PAPERS
    from cardgen.theme import DEFAULT_THEME

    root = ElementTree.fromstring(sheet_svg(sequence_map(12), PAPERS["letter"], DEFAULT_THEME))
    link = next(el for el in root.iter() if el.get("data-from") == "36" and el.get("data-to") == "48"
                and el.get("data-group") == "12")
    lines = [p.get("d") for p in link if p.get("stroke")]
    assert len(lines) == 2
    (xa, ya), (xb, yb) = (tuple(float(v) for v in re.findall(r"[-\d.]+", d)[:2]) for d in lines)
    assert xa > 200 and xb < 30 and yb > ya + 40


def test_checker_catches_a_turned_number(copy_of_deck):
    out = copy_of_deck  # the cards and the sheets (conftest.deck_and_sheet)
    edit(out / "str8eight" / SHEET, 'data-value="24" data-follow-count="6">',
         'data-value="24" data-follow-count="6" transform="rotate(-90 159.15 159)">')
    assert_check_catches(out, ["sequence-sheet-letter.svg: number 6: turned 270° from upright"])
