"""Player aid cards (issue 41): the aid's words on cards of the deck's size, with a
pictogram a section and the deck's cards pictured small, printed on the deck's own card
sheets in the places after its cards (two sets a game, the deck's back on their reverse;
FourScore's on the Str8 Eight sheets when both games are built), listed on the
how-to-print page and the print-everything file's first page, and counted by the checker."""
from __future__ import annotations

import json
import math
import re

import pikepdf
import pypdf
import pytest

from cardgen.design.aidcard import aid_cards
from cardgen.documents.ruletext import load
from cardgen.model.sizes import card_size
from cardgen.theme import DEFAULT_THEME

PT = 25.4 / 72
MM = 72 / 25.4
# what the default kit's sheets carry after each deck: (game, the aid's cards, sets)
AIDS = {"str8eight": [("str8eight", 3, 2), ("fourscore", 3, 2)], "eights": [("eights", 3, 2)],
        "crazy-eights": [("crazy-eights", 2, 2)]}
WORDS = {"str8eight": "Take one card", "eights": "Words and points", "crazy-eights": "Penalty values",
         "fourscore": "Every round"}


def _record(out, game):
    from cardgen.record import from_json

    return from_json(game, json.loads((out / "manifest.json").read_text())["games"][game])


def _placed(path, aid_pdf):
    """page number -> [(aid page or None for a deck card, x, y, w, h mm from the top left)] of the fronts."""
    from cardgen.check import pdfread

    with pdfread.open_pdf(aid_pdf) as aids:
        digests = [pdfread.content_digest(pdfread.page_content(p)) for p in aids.pages]
        trim = tuple(aids.pages[0].trimbox)
    pages = {}
    with pdfread.open_pdf(path) as pdf:
        height = float(pdf.pages[0].mediabox[3])
        for placed in pdfread.placements(pdf):
            aid = digests.index(placed.digest) if placed.digest in digests else None
            pages.setdefault(placed.page, []).append((aid, *placed.rect(trim, height)))
    return pages


@pytest.mark.parametrize("game", list(AIDS))
def test_the_aid_cards_fill_the_decks_last_sheet(built, game):
    """Each deck's sheets hold its cards, then two sets of its aid (and FourScore's, on Str8
    Eight's), in the grid the cutting picture draws, at the places the layout gives cards
    deck + 1, …: counted per sheet, measured in mm, backed with the deck's back; the aid
    cards' own PDF holds each aid card once; no aid sheet of their own is left."""
    from cardgen.layout.imposition import SheetSpec, impose, sheet_grid
    from cardgen.layout.paper import PAPERS

    rec = _record(built, game)
    assert [(a.game, a.sides, a.copies) for a in rec.home_print.aids] == AIDS[game]
    deck = len(rec.deck.faces)
    aids = sum(sides * sets for _, sides, sets in AIDS[game])
    spec = SheetSpec(PAPERS["letter"], *rec.card.trim_mm, rec.card.bleed_mm, "duplex")
    plan = impose(spec, deck + aids)
    per = plan[0].per_page
    cols, rows, turned = sheet_grid(spec)
    assert (cols * rows, turned) == (per, True)  # Letter: 2 across, 4 down, turned
    sheets = math.ceil((deck + aids) / per)
    # the free places of the last sheet first: Eights and Crazy Eights need no sheet more; Str8 Eight's
    # two aids take two (the two aid sheets of their own the kit printed before)
    assert sheets == math.ceil(deck / per) + (2 if game == "str8eight" else 0)
    path = built / game / f"{game}-print-letter.pdf"
    placed = _placed(path, built / game / f"{game}-player-aids.pdf")
    assert len(pikepdf.open(path).pages) == 2 * sheets
    order = [first + i for first, (_, sides, sets) in zip((0, 3), AIDS[game]) for _ in range(sets)
             for i in range(sides)]
    seen = []
    for s, page in enumerate(plan[0::2]):
        fronts = placed[2 * s + 1]
        backs = placed[2 * s + 2]
        assert len(fronts) == len(page.placements) and len(backs) == len(fronts)
        for p, (aid, x, y, w, h) in zip(page.placements, sorted(fronts, key=lambda f: (round(f[2]), round(f[1])))):
            assert (aid is None) == (p.card < deck), (s, p.card)
            assert max(abs(x - p.trim.x), abs(y - p.trim.y), abs(w - p.trim.w), abs(h - p.trim.h)) < 0.01
            if aid is not None:
                seen.append(aid)
    assert seen == order  # every aid card once a set, in order, after the deck
    counts = [sum(a is not None for a, *_ in placed[2 * s + 1]) for s in range(sheets)]
    assert sum(counts) == aids and counts[:deck // per] == [0] * (deck // per)
    assert not list((built / game).glob("*aid-cards*"))
    reader = pypdf.PdfReader(str(path))
    text = " ".join(" ".join(reader.pages[2 * s].extract_text().split()) for s in range(deck // per, sheets))
    assert "PLAYER AID" in text and WORDS[game] in text and "cardgen" not in text.lower()
    with pikepdf.open(built / game / f"{game}-player-aids.pdf") as pdf:
        assert len(pdf.pages) == sum(sides for _, sides, _ in AIDS[game])
        w, h = (float(v) / MM for v in pdf.pages[0].mediabox[2:])
        bleed = rec.card.bleed_mm
        assert abs(w - rec.card.trim_mm[0] - 2 * bleed) < 0.01 and abs(h - rec.card.trim_mm[1] - 2 * bleed) < 0.01
    if game == "str8eight":
        assert "Every round" in text  # FourScore's aid rides on the Str8 Eight sheets
        assert not list((built / "fourscore").glob("*aid*"))


def test_fourscore_alone_prints_its_aid_cards_on_a_sheet_of_its_own(tmp_path_factory):
    """Built without Str8 Eight (no card sheets to ride on), FourScore keeps its one-sided
    aid sheet on card stock, listed on the how-to-print page."""
    from conftest import shared_checked_build
    from test_howto import FOURSCORE, page_lines

    out, code, output = shared_checked_build(tmp_path_factory, "fourscore-pdf-checked", *FOURSCORE)  # with test_howto's
    path = out / "fourscore" / "fourscore-aid-cards-letter.pdf"
    text = " ".join(pypdf.PdfReader(str(path)).pages[0].extract_text().split())
    assert "Every round" in text and "PLAYER AID" in text
    lines = page_lines(out / "how-to-print-letter.pdf")
    at = lines.index("fourscore/fourscore-aid-cards-letter.pdf")
    assert lines[at + 1] == "player aid cards: 1 sheet; one side; card stock"
    assert code == 0, output


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


def test_how_to_print_and_print_everything_list_the_aid_cards(built):
    from test_howto import page_lines

    lines = page_lines(built / "how-to-print-letter.pdf")
    at = lines.index("str8eight/str8eight-print-letter.pdf")
    said = " ".join(lines[at + 1:at + 3])
    assert said.startswith("cards: 11 sheets of 8 cards, turned; 70 cards, then 12 player aid cards (Str8 Eight's "
                           "and FourScore's) from sheet 9; both sides"), said
    at = lines.index("crazy-eights/crazy-eights-print-letter.pdf")
    assert "52 cards, then 4 player aid cards (Crazy Eights') from sheet 7" in " ".join(lines[at + 1:at + 3])
    from cardgen.check import pdfread

    with pdfread.open_pdf(built / "print-everything-letter.pdf", scale=40) as pdf:
        first = " ".join(pdfread.page_text(pdf, 1).split())
    assert "FourScore 6 player aid cards (on the Str8 Eight card sheets), a rules booklet." in first
    assert "Str8 Eight a deck of 70 cards, 6 player aid cards, a tuck box" in first


def _aid_form(pdf):
    """An aid card's form XObject on the sheets, and where it is drawn (page index, name)."""
    for i, page in enumerate(pdf.pages):
        for name, xobj in page.obj.Resources.XObject.items():
            if name.startswith("/Aid"):
                return xobj, i, name
    raise AssertionError("no aid card on the sheets")


def test_the_checker_counts_the_aid_cards_on_the_sheets(copy_of_games):
    """Damage: an aid card taken off the last sheet, and a deck card replaced by an aid card:
    the checker reports the aid set one short, and the deck card missing and the aid in its
    place (the deck's cards are counted apart from the aids)."""
    from conftest import assert_check_catches

    out = copy_of_games("eights")
    path = out / "eights" / "eights-print-letter.pdf"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        form, at, name = _aid_form(pdf)
        page = pdf.pages[at]
        ops = [(operands, op) for operands, op in pikepdf.parse_content_stream(page)]
        drops = [i for i, (operands, op) in enumerate(ops) if str(op) == "Do" and str(operands[0]) == name]
        del ops[drops[0]]
        page.Contents = pdf.make_stream(pikepdf.unparse_content_stream(ops))
        pdf.save(path)
    assert_check_catches(out, ["eights/eights-print-letter.pdf: eights player aid 1/3: placed 1 times, expected "
                               "2 times",
                               "eights/eights-print-letter.pdf: page 17: holds 6 cards, expected 7"])


def test_the_checker_tells_a_deck_card_from_an_aid_card(copy_of_games):
    from conftest import assert_check_catches

    out = copy_of_games("crazy-eights")  # 52 distinct faces
    path = out / "crazy-eights" / "crazy-eights-print-letter.pdf"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        form, _, _ = _aid_form(pdf)
        pdf.pages[0].obj.Resources.XObject["/Card0"] = form  # the first card of the deck shows an aid card
        pdf.save(path)
    first = _record(out, "crazy-eights").deck.faces[0]
    file = "crazy-eights/crazy-eights-print-letter.pdf"
    assert_check_catches(out, [f"{file}: {first}: placed 0 times, expected once",
                               f"{file}: crazy-eights player aid 1/2: placed 3 times, expected 2 times",
                               f"{file}: page 1: place 1 shows crazy-eights player aid 1/2, where deck order puts {first}"])


def test_the_checker_wants_the_aid_cards_file(copy_of_games):
    from conftest import assert_check_catches

    out = copy_of_games("crazy-eights")
    (out / "crazy-eights" / "crazy-eights-player-aids.pdf").unlink()
    data = json.loads((out / "manifest.json").read_text())
    data["files"] = [e for e in data["files"] if not e["path"].endswith("player-aids.pdf")]
    (out / "manifest.json").write_text(json.dumps(data))
    assert_check_catches(out, ["crazy-eights/crazy-eights-player-aids.pdf: -: player aid cards missing or unreadable"])


def test_the_checker_reads_the_aid_cards_type(copy_of_games, monkeypatch):
    """Damage: aid cards set in 6.5 pt running text (under the 7 pt floor) are reported by
    the checker's legibility pass, which reads the aid cards' file like every typeset PDF."""
    from conftest import assert_check_catches

    from cardgen.builders.str8eight import rules_spec
    from cardgen.design import aidcard
    from cardgen.draw.pdf import write_pages
    from cardgen.draw.pdfmeta import meta_for
    from cardgen.model.facts import str8eight_facts

    out = copy_of_games("str8eight")
    spec = rules_spec(str8eight_facts())
    real = aidcard._aid_cards
    monkeypatch.setattr(aidcard, "_aid_cards", lambda *a: real(*a[:-1], 6.5))  # every size tried is 6.5 pt
    cards = aidcard.aid_cards(spec.title, load(spec.reference, spec.facts), card_size("poker"), 3.0, "#1c2740",
                              False, DEFAULT_THEME, [], "str8eight")
    write_pages(cards, out / "str8eight" / "str8eight-player-aids.pdf", meta_for("player-aids", "Str8 Eight"),
                (69.5, 94.9), DEFAULT_THEME.fonts, 3.0)
    output = assert_check_catches(out, ["str8eight/str8eight-player-aids.pdf: -: text"])
    assert "under 7 pt (running text)" in output
