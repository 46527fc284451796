"""Eights (letter cards) and Crazy Eights decks: contract, content, pixels, checker."""
import re
import shutil
from collections import Counter

import pypdf
import pytest
from defusedxml import ElementTree
from PIL import Image

from cardgen.model.crazy_eights import build_deck as crazy_deck
from cardgen.model.eights import SUIT_LETTERS, build_deck as eights_deck
from conftest import assert_check_catches, edit, run_cli

NS = "{http://www.w3.org/2000/svg}"


def roots(built, game):
    return [(p.name, ElementTree.parse(str(p)).getroot()) for p in sorted((built / game / "svg").glob("*.svg"))]


def test_eights_model_totals():
    letters = Counter(c.letter for c in eights_deck())
    assert len(eights_deck()) == 64
    assert letters["e"] == 14 and letters["i"] == letters["o"] == letters["t"] == 6
    assert letters["x"] == letters["w"] == letters["u"] == letters["g"] == 2


def test_eights_cards_contract(built):
    cards = [r for _, r in roots(built, "eights")]
    letters = [r for r in cards if r.get("data-kind") == "letter"]
    assert len(letters) == 64
    assert {r.get("data-kind") for r in cards} == {"letter", "reference", "back"}
    per_suit = {s: Counter() for s in SUIT_LETTERS}
    for r in letters:
        assert r.get("data-game") == "eights"
        per_suit[int(r.get("data-suit"))][r.get("data-letter")] += 1
        assert r.get("data-letter").isupper()
    for suit, want in SUIT_LETTERS.items():
        assert per_suit[suit] == Counter(want.upper())


def test_capital_i_has_serifs_so_it_is_not_a_one(built):
    root = ElementTree.parse(str(built / "eights" / "svg" / "1-3-i.svg")).getroot()
    mark = next(el for el in root.iter() if el.get("data-mark") == "letter")
    assert len(mark.findall(f"{NS}rect")) == 2  # the slab serifs
    other = ElementTree.parse(str(built / "eights" / "svg" / "1-1-e.svg")).getroot()
    assert not next(el for el in other.iter() if el.get("data-mark") == "letter").findall(f"{NS}rect")


def test_eights_pdf_text_and_reference(built):
    reader = pypdf.PdfReader(str(built / "eights" / "eights-cards.pdf"))
    assert len(reader.pages) == 65
    last = reader.pages[64].extract_text()
    for word in ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT"):
        assert word in last
    assert "suit3" in reader.pages[16].extract_text().replace(" ", "")


def test_crazy_eights_contract_and_penalties(built):
    cards = [r for _, r in roots(built, "crazy-eights") if r.get("data-kind") == "card"]
    assert len(cards) == 52
    assert len({(r.get("data-rank"), r.get("data-suit")) for r in cards}) == 52
    penalty = {(r.get("data-rank"), r.get("data-suit")): int(r.get("data-penalty")) for r in cards}
    assert penalty[("8", "hearts")] == 50 and penalty[("K", "spades")] == 10
    assert penalty[("A", "clubs")] == 10 and penalty[("7", "diamonds")] == 7
    assert [c.penalty for c in crazy_deck(ace_value=1) if c.rank == "A"] == [1, 1, 1, 1]


def test_crazy_eights_eights_stand_out(built):
    from cardgen.design.palette import relative_luminance

    px = 300 / 25.4
    with Image.open(built / "crazy-eights" / "png" / "1-hearts-8.png") as im:
        # gold all over, from the bleed to the middle: no frame near the trim to show a shift
        ground = [im.convert("RGB").getpixel((round(x * px), round((3 + 40) * px))) for x in (1, 6, 10)]
    from cardgen.theme import DEFAULT_THEME

    golds = [tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))  # the ground and its rays
             for c in (DEFAULT_THEME.tokens.color(f"crazy_eights.{n}") for n in ("wild_ground", "wild_rays"))]
    for pixel in ground:
        assert any(all(abs(a - b) < 12 for a, b in zip(pixel, gold)) for gold in golds), pixel
    text = " ".join(pypdf.PdfReader(str(built / "crazy-eights" / "crazy-eights-cards.pdf")).pages[7].extract_text().split())
    assert "WILD" in text and re.search(r"\b50\s*points", text)
    # the 50 points are dark on white in a medallion: far above 4.5:1
    svg = (built / "crazy-eights" / "svg" / "1-hearts-8.svg").read_text()
    medallion = re.search(r'<g data-mark="penalty">\s*<circle [^>]*fill="(#\w+)".*?fill="(#\w+)">50<', svg, re.S)
    ground_l, ink_l = (relative_luminance(c) for c in medallion.groups())
    assert (max(ground_l, ink_l) + 0.05) / (min(ground_l, ink_l) + 0.05) >= 4.5


def test_two_decks_with_their_own_backs_and_ace_variant(tmp_path, built):
    out = tmp_path / "out"
    result = run_cli("build", "--game", "crazy-eights", "--decks", "2", "--ace-value", "1", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    svgs = [ElementTree.parse(str(p)).getroot() for p in (out / "crazy-eights" / "svg").glob("*.svg")]
    assert sum(r.get("data-kind") == "card" for r in svgs) == 104
    backs = [r for r in svgs if r.get("data-kind") == "back"]
    assert len(backs) == 2
    grounds = {re.search(r'fill="(#[0-9a-f]{6})"', ElementTree.tostring(b, encoding="unicode")).group(1) for b in backs}
    assert len(grounds) == 2
    assert {r.get("data-penalty") for r in svgs if r.get("data-rank") == "A"} == {"1"}
    assert len(pypdf.PdfReader(str(out / "crazy-eights" / "crazy-eights-print-letter.pdf")).pages) == 28  # 14 sheets of 8: 104 cards and 4 aid cards
    check = run_cli("check", out)
    assert check.exit_code == 0, check.output
    assert "A = 1" in check.output
    # the words around the cards follow the variant: one point, not "1 pts"; aces 1 everywhere
    cards = pypdf.PdfReader(str(out / "crazy-eights" / "crazy-eights-cards.pdf"))
    assert "1 point" in cards.pages[0].extract_text() and "1 points" not in cards.pages[0].extract_text()
    aid = " ".join(pypdf.PdfReader(str(out / "crazy-eights" / "crazy-eights-reference.pdf")).pages[0].extract_text().split())
    pad = pypdf.PdfReader(str(out / "crazy-eights" / "crazy-eights-scorepad-letter.pdf")).pages[0].extract_text()
    assert "Ace 1" in aid and "Ace 10" not in aid and "ace = 1," in pad
    # the reference game's words beside these cards: the checker reads them and objects
    for name in ("crazy-eights-rules.pdf", "crazy-eights-reference.pdf", "crazy-eights-scorepad-letter.pdf"):
        shutil.copyfile(built / "crazy-eights" / name, out / "crazy-eights" / name)
    assert_check_catches(out, ["crazy-eights-rules.pdf: booklet: states 10 for the ace's points; the deck in this "
                               "folder says 1", "booklet: does not state two decks",
                               "player aid: states 10 for the ace's points", "score pad: states 10 for the ace's points"])


@pytest.mark.parametrize("damage, expected", [
    (lambda o: edit(o / "eights/svg/5-8-x.svg", 'data-letter="X"', 'data-letter="Z"'),
     ["suit 5: letters differ: missing x, extra z", "1 cards of X, the deck has 2", "Z: 1 cards of Z, the deck has 0"]),
    (lambda o: [edit(o / f"eights/svg/{n}.svg", 'data-letter="X"', 'data-letter="Z"') for n in ("5-8-x", "8-8-x")],
     ["SIX: cannot be spelled from the deck"]),
    (lambda o: (o / "eights/svg/2-8-g.svg").unlink(), ["63 letter cards, expected 64", "suit 2: letters differ"]),
    (lambda o: edit(o / "eights/svg/reference.svg", 'data-word="SEVEN" data-points="7"', 'data-word="SEVEN" data-points="8"'),
     ["reference card: lists"]),
    (lambda o: edit(o / "crazy-eights/svg/1-hearts-8.svg", 'data-penalty="50"', 'data-penalty="8"'),
     ["8 of hearts (deck 1): penalty 8, expected 50"]),
    (lambda o: edit(o / "crazy-eights/svg/1-hearts-7.svg", ">7 points<", ">8 points<"),
     ["7 of hearts (deck 1): prints 8 points, its penalty is 7"]),
    (lambda o: edit(o / "crazy-eights/svg/1-clubs-8.svg", ">50<", ">5<"),
     ["8 of clubs (deck 1): prints 5 points, its penalty is 50"]),
    (lambda o: edit(o / "crazy-eights/svg/1-spades-Q.svg", 'data-rank="Q"', 'data-rank="K"'),
     ["K of spades (deck 1): appears 2 times", "Q of spades (deck 1): appears 0 times"]),
    (lambda o: (o / "crazy-eights/svg/back-1.svg").unlink(), ["deck 1: 0 backs, expected 1"]),
])
def test_checker_catches_damaged_family_decks(copy_of_games, damage, expected):
    out = copy_of_games("eights", "crazy-eights")
    damage(out)
    assert_check_catches(out, expected)


def test_two_low_ink_decks_still_have_backs_told_apart(tmp_path):
    out = tmp_path / "out"
    assert run_cli("build", "--game", "crazy-eights", "--decks", "2", "--low-ink", "--format", "svg",
                   "--out", out, "-q").exit_code == 0
    backs = [(out / "crazy-eights" / "svg" / f"back-{d}.svg").read_text() for d in (1, 2)]
    assert 'stroke="#7a1f2b"' in backs[0] and 'stroke="#1f4d33"' in backs[1]
    result = run_cli("check", out)
    assert result.exit_code == 0, result.output
