"""The card SVGs: the machine-readable contract and the geometry, in millimetres."""
import re
from collections import defaultdict
from pathlib import Path

import pytest
from defusedxml import ElementTree

from cardgen.check.svgread import translation
from cardgen.model.str8eight import arrows_of
from cardgen.theme import DEFAULT_GROUP_COLORS as GROUP_COLORS

PT = 25.4 / 72
NS = "{http://www.w3.org/2000/svg}"
W, H = 63.5, 88.9


def load(built: Path, name: str):
    return ElementTree.parse(str(built / "str8eight" / "svg" / name)).getroot()


def test_one_svg_per_face_plus_back(built):
    names = sorted(p.name for p in (built / "str8eight" / "svg").glob("*.svg"))
    assert len(names) == 71
    assert "back.svg" in names and "024-4x6.svg" in names and "pass-left-3.svg" in names


def test_root_contract_of_a_number_card(built):
    root = load(built, "012-3x4.svg")
    assert root.get("data-game") == "str8eight"
    assert root.get("data-kind") == "number"
    assert root.get("data-value") == "12"
    assert root.get("data-cell") == "3x4"
    # trim plus 3 mm bleed on every side, in millimetres
    assert root.get("width") == "69.5mm" and root.get("height") == "94.9mm"
    assert root.get("viewBox") == "-3 -3 69.5 94.9"


def test_pass_and_back_contract(built):
    assert load(built, "pass-left-1.svg").get("data-direction") == "left"
    assert load(built, "pass-right-2.svg").get("data-direction") == "right"
    assert load(built, "pass-right-2.svg").get("data-kind") == "pass"
    assert load(built, "back.svg").get("data-kind") == "back"


def test_arrows_match_the_table_and_carry_their_color(built):
    root = load(built, "024-4x6.svg")
    arrows = [el for el in root.iter() if "data-group" in el.attrib]
    got = {(int(a.get("data-group")), a.get("data-side"), int(a.get("data-target"))) for a in arrows}
    assert got == {(a.group, a.side, a.target) for a in arrows_of(24, 8)}
    for a in arrows:
        group = int(a.get("data-group"))
        assert a.get("data-color") == GROUP_COLORS[group - 1]
        path = a.find(f"{NS}path")
        assert path.get("fill") == a.get("data-color")


def test_each_edge_stacks_its_tags_in_group_order_balanced_on_the_value(built):
    """On every number card, each edge's tags form one block: in group order from the top,
    6 mm tall at a 6.8 mm pitch (they never overlap), centred on the card's middle, where
    the big value stands; tips on the safe line, 3 mm inside the trim."""
    stacks = 0
    for path in (built / "str8eight" / "svg").glob("0*.svg"):
        root = ElementTree.parse(str(path)).getroot()
        sides = defaultdict(list)
        for el in root.iter():
            if "data-group" in el.attrib:
                x, y = translation(el)
                assert x == {"left": 3.0, "right": W - 3.0}[el.get("data-side")]
                sides[el.get("data-side")].append((y, int(el.get("data-group"))))
        value = next(el for el in root.iter(f"{NS}text") if float(el.get("font-size")) > 10)
        line = float(value.get("y")) - float(value.get("font-size")) * 0.716 / 2
        assert line == pytest.approx(H / 2, abs=0.01), path.name
        for tags in sides.values():
            tags.sort()
            assert [g for _, g in tags] == sorted(g for _, g in tags), path.name
            assert all(b - a == pytest.approx(6.8, abs=0.002) for (a, _), (b, _) in zip(tags, tags[1:])), path.name
            assert (tags[0][0] + tags[-1][0]) / 2 == pytest.approx(line, abs=0.002), path.name
            stacks += 1
    assert stacks == 126  # both edges of the 64 cards, but 1's left and 64's right


def test_every_label_is_at_least_7pt(built):
    for name in ("024-4x6.svg", "001-1x1.svg", "064-8x8.svg", "pass-right-1.svg"):
        root = load(built, name)
        texts = list(root.iter(f"{NS}text"))
        assert len(texts) >= 3, name  # corner indices and the big value, or the pass card's words
        for el in texts:
            size = el.get("font-size") or next(
                p.get("font-size") for p in root.iter() if el in list(p) and p.get("font-size"))
            assert float(size) >= 7 * PT - 0.001, (name, el.text, size)


def test_bullseye_only_on_one_to_eight(built):
    for path in (built / "str8eight" / "svg").glob("0*.svg"):
        root = ElementTree.parse(str(path)).getroot()
        marks = [el for el in root.iter() if el.get("data-mark") == "bullseye"]
        assert len(marks) == (1 if int(root.get("data-value")) <= 8 else 0), path.name


def test_cell_is_printed_on_the_card(built):
    texts = [el.text for el in load(built, "012-3x4.svg").iter(f"{NS}text")]
    assert "3 × 4" in texts and texts.count("12") == 3  # two corner indices and the big value


def test_fonts_come_from_the_project(built):
    families = set()
    for name in ("012-3x4.svg", "pass-left-1.svg", "back.svg"):
        families |= set(re.findall(r'font-family="([^"]+)"', (built / "str8eight" / "svg" / name).read_text()))
    assert families == {"Lato", "Lato Black"}


@pytest.mark.parametrize("n", [2, 12])
def test_variant_table_sizes_build_and_check(tmp_path, n):
    from conftest import run_cli

    out = tmp_path / "out"
    # a 2 × 2 table makes a game only of sequences of 2 cards (1·2·4 exists, but hands never make it)
    length = ["--sequence-length", "2"] if n == 2 else []
    assert run_cli("build", "--game", "str8eight", "--table-size", n, *length, "--format", "svg", "--out", out,
                   "-q").exit_code == 0
    assert len(list((out / "str8eight" / "svg").glob("*.svg"))) == n * n + 7
    result = run_cli("check", out)
    assert result.exit_code == 0, result.output
