"""Tuck boxes: sized from the card and the deck's thickness, cut and fold lines, labels."""
import pypdf
import pytest
from defusedxml import ElementTree

from cardgen.layout.paper import PAPERS
from cardgen.layout.tuckbox import net, place
from conftest import MM_PER_PT, refresh_manifest, run_cli

NS = "{http://www.w3.org/2000/svg}"


def root_of(path):
    return ElementTree.parse(str(path)).getroot()


@pytest.mark.parametrize("game, depth", [("str8eight", 23.0), ("eights", 21.5), ("crazy-eights", 17.6)])
def test_box_is_sized_for_the_deck(built, game, depth):
    root = root_of(built / game / f"{game}-tuckbox-letter.svg")
    assert root.get("data-kind") == "tuckbox"
    assert root.get("data-inner-mm") == f"65.5,90.9,{depth:g}"
    panels = {el.get("data-panel"): el for el in root.iter() if el.get("data-panel")}
    assert float(panels["front"].get("width")) == 65.5 and float(panels["front"].get("height")) == 90.9
    assert float(panels["spine"].get("width")) == pytest.approx(depth)


def test_cut_fold_glue_and_names(built):
    root = root_of(built / "str8eight" / "str8eight-tuckbox-letter.svg")
    lines = [el for el in root.iter() if el.get("data-line")]
    cuts = [el for el in lines if el.get("data-line") == "cut"]
    folds = [el for el in lines if el.get("data-line") == "fold"]
    assert len(cuts) == 1 and not cuts[0].get("stroke-dasharray")
    assert len(folds) >= 10 and all(el.get("stroke-dasharray") for el in folds)
    texts = ["".join(el.itertext()) for el in root.iter(f"{NS}text")]
    assert texts.count("GLUE") == 2
    faces = {el.get("data-face"): "".join(el.itertext()) for el in root.iter() if el.get("data-face")}
    assert faces["front"] == "Str8 Eight" and faces["spine"] == "Str8 Eight"
    assert "FourScore" in faces["note"]
    pdf = pypdf.PdfReader(str(built / "str8eight" / "str8eight-tuckbox-letter.pdf"))
    assert len(pdf.pages) == 1
    assert float(pdf.pages[0].mediabox.width) * MM_PER_PT == pytest.approx(215.9, abs=0.01)
    # FourScore's rules use the box to settle ties, not to mark the first player
    words = " ".join(pdf.pages[0].extract_text().split())
    assert "settles ties" in words and "first player" not in words and "Str8 Eight" in words


def test_every_part_of_the_net_stays_on_the_page():
    for cards in (52, 70, 104):
        n = net(63.5, 88.9, cards, 0.3)
        for paper in PAPERS.values():
            at = place(n, paper)
            w, h = (n.height, n.width) if at.rotated else (n.width, n.height)
            x0 = at.x - (n.height if at.rotated else 0)
            assert x0 >= 5 - 1e-9 and x0 + w <= paper.width - 5 + 1e-9
            assert at.y >= 5 and at.y + h <= paper.height - 5 + 1e-9


def test_a_deck_too_thick_for_one_box_gets_equal_boxes():
    from cardgen.layout.tuckbox import boxes_for

    a4, letter = PAPERS["a4"], PAPERS["letter"]
    assert boxes_for(63.5, 88.9, 70, 0.3, [a4, letter]) == 1
    assert boxes_for(63.5, 88.9, 150, 0.3, [letter]) == 1  # a 12 × 12 Str8 Eight fits Letter's width
    assert boxes_for(63.5, 88.9, 150, 0.3, [a4, letter]) == 2  # not A4's: two boxes of 75
    assert boxes_for(63.5, 88.9, 70, 1.0, [a4]) == 2
    assert boxes_for(63.5, 88.9, 104, 1.0, [letter]) == 3  # two decks of 1 mm cards (once refused)
    for cards, papers in ((150, [a4]), (164, [letter]), (70, [a4])):
        k = boxes_for(63.5, 88.9, cards, 1.0 if cards == 70 else 0.3, papers)
        for paper in papers:  # each box's net is placed on the page without an error
            place(net(63.5, 88.9, -(-cards // k), 1.0 if cards == 70 else 0.3), paper)


def test_thicker_cards_and_two_decks(tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "--game", "crazy-eights", "--decks", "2", "--card-thickness", "0.35",
                     "--format", "svg", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    root = root_of(out / "crazy-eights" / "crazy-eights-tuckbox-letter.svg")
    assert root.get("data-inner-mm") == "65.5,90.9,38.4"  # 104 × 0.35 + 2
    assert run_cli("check", out).exit_code == 0
    bad = run_cli("build", "--card-thickness", "3", "--out", tmp_path / "o")
    assert bad.exit_code == 2 and "card thickness 3.0 mm is out of range" in bad.output


def test_checker_catches_a_wrong_box(copy_of_games):
    copy_of_build = copy_of_games("eights")
    path = copy_of_build / "eights" / "eights-tuckbox-letter.svg"
    path.write_text(path.read_text().replace('data-inner-mm="65.5,90.9,21.5"', 'data-inner-mm="65.5,90.9,12"'))
    refresh_manifest(copy_of_build)
    result = run_cli("check", copy_of_build)
    assert result.exit_code == 1 and "inside 65.5 × 90.9 × 12 mm, expected 65.5 × 90.9 × 21.5" in result.output
