"""Player aid cards (issue 41): the aid's words on cards of the deck's size, with a
pictogram a section and the deck's cards pictured small, six to a sheet of card stock
with cut marks, listed on the how-to-print page."""
from __future__ import annotations

import re

import pypdf
import pytest

from cardgen.design.aidcard import aid_cards
from cardgen.documents.ruletext import load, plain_text
from cardgen.model.sizes import card_size
from cardgen.theme import DEFAULT_THEME

PT = 25.4 / 72
LETTER = (612, 792)


@pytest.mark.parametrize("game, words", [("str8eight", "Take one card"), ("eights", "Words and points"),
                                         ("crazy-eights", "Penalty values"), ("fourscore", "Every round")])
def test_a_sheet_of_aid_cards_for_each_game(built, game, words):
    path = built / game / f"{game}-aid-cards-letter.pdf"
    pdf = pypdf.PdfReader(str(path))
    assert len(pdf.pages) == 1 and [round(float(v)) for v in pdf.pages[0].mediabox[2:]] == list(LETTER)
    text = " ".join(pdf.pages[0].extract_text().split())
    assert words in text and "PLAYER AID" in text and "HOME EDITION" in text
    assert "cardgen" not in text.lower()


def test_aid_cards_are_the_decks_size_with_pictograms_pictures_and_no_small_type():
    from cardgen.builders.str8eight import rules_spec
    from cardgen.model.facts import str8eight_facts

    spec = rules_spec(str8eight_facts())
    blocks = load(spec.reference, spec.facts)
    from cardgen.design.cards import Look
    from cardgen.design.str8eight import render_deck
    from cardgen.model.str8eight import build_deck

    deck = render_deck(build_deck(8, 3), Look(card_size("poker"), 3.0, False, DEFAULT_THEME))
    shown = [f.svg for f in deck.faces if f.slug in ("001-1x1", "002-1x2", "003-1x3")]
    cards = aid_cards(spec.title, blocks, card_size("poker"), 1.5, "#1c2740", False, DEFAULT_THEME, shown, "str8eight")
    assert 2 <= len(cards) <= 3
    joined = "".join(cards)
    assert all('data-trim-mm="63.5,88.9"' in c for c in cards)
    assert joined.count('data-mark="pictogram"') >= 4 and joined.count('data-mark="card-pictures"') == 1
    sizes = [float(s) for s in re.findall(r'<text[^>]*font-size="([\d.]+)"', joined)]
    assert min(sizes) >= 6.0 * PT - 1e-3, min(sizes)
    # every word of the aid's lists is on the cards, in order of the sections
    words = " ".join(re.sub(r"<[^>]+>", " ", joined).split())
    for heading in ("Your turn", "Your sequence", "Pass cards", "Scoring", "Winning"):
        assert heading in words
    assert "Nobody draws from the played pass cards." in words


def test_how_to_print_lists_the_aid_cards_on_card_stock(built):
    from test_howto import page_lines

    lines = page_lines(built / "how-to-print-letter.pdf")
    at = lines.index("str8eight/str8eight-aid-cards-letter.pdf")
    assert lines[at + 1] == "player aid cards: 1 sheet; one side; card stock"


def test_the_checker_reads_the_aid_cards(copy_of_games, monkeypatch):
    """Damage: aid cards set in 6.5 pt running text (under the 7 pt floor) are reported by
    the checker's legibility pass, which reads the new file like every typeset PDF."""
    from conftest import assert_check_catches

    from cardgen.builders.str8eight import rules_spec
    from cardgen.design import aidcard
    from cardgen.documents.aidsheet import write_aid_sheet
    from cardgen.draw.pdfmeta import meta_for
    from cardgen.layout.paper import PAPERS
    from cardgen.model.facts import str8eight_facts

    out = copy_of_games("str8eight")
    spec = rules_spec(str8eight_facts())
    real = aidcard._aid_cards
    monkeypatch.setattr(aidcard, "_aid_cards", lambda *a: real(*a[:-1], 6.5))  # every size tried is 6.5 pt
    cards = aidcard.aid_cards(spec.title, load(spec.reference, spec.facts), card_size("poker"), 1.5, "#1c2740",
                              False, DEFAULT_THEME, [], "str8eight")
    write_aid_sheet(out / "str8eight" / "str8eight-aid-cards-letter.pdf", cards, PAPERS["letter"], DEFAULT_THEME,
                    meta_for("aid-cards", "Str8 Eight", "Letter paper"))
    output = assert_check_catches(out, ["str8eight/str8eight-aid-cards-letter.pdf: -: text"])
    assert "under 7 pt (running text)" in output

