"""Rule booklets, fold-and-staple sheets, player aids and score pads."""
import re
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from cardgen.layout.saddle import padded, sides
from cardgen.documents.ruletext import load, parse, plain_text
from cardgen.model.str8eight import value_counts
from conftest import MM_PER_PT, pdf_fonts

SHARED = Path(__file__).resolve().parents[2] / "shared"


def text(path: Path) -> str:
    return "\n".join(p.extract_text() for p in pypdf.PdfReader(str(path)).pages)


def size_mm(page):
    return round(float(page.mediabox.width) * MM_PER_PT, 1), round(float(page.mediabox.height) * MM_PER_PT, 1)


def test_parser_blocks_and_escaping():
    blocks = parse("# Game\n*sub*\n\n## Part\n\nA < B & **bold**\n\n1. one\n2. two\n\n> **Tip:** look\n\n"
                   "[[cards: 3 6]]\nFigure: two cards\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    kinds = [b.kind for b in blocks]
    assert kinds == ["title", "subtitle", "h2", "para", "list", "callout", "figure", "table"]
    assert blocks[3].text == "A &lt; B &amp; <b>bold</b>"
    assert blocks[4].ordered and blocks[4].items == ["one", "two"]
    assert blocks[5].label == "Tip" and blocks[6].items == ["3", "6"] and blocks[6].caption == "two cards"
    assert blocks[7].items == [["a", "b"], ["1", "2"]]


def test_rule_texts_state_the_key_facts():
    s8 = plain_text(load("str8eight"))
    for fact in ("50", "1,000", "500", "bull’s-eye", "six pass cards", "FAQ", "Tournament", "Quick start"):
        assert fact in s8, fact
    crazy = plain_text(load("crazy-eights"))
    assert "250" in crazy and "Option" in crazy
    eights = plain_text(load("eights"))
    assert "50" in eights and "30" in eights and "EIGHT" in eights


@pytest.mark.parametrize("pages, expected", [
    (8, [(8, 1), (2, 7), (6, 3), (4, 5)]),
    (6, [(None, 1), (2, None), (6, 3), (4, 5)]),
])
def test_saddle_stitch_order(pages, expected):
    assert sides(pages) == expected
    assert padded(14) == 16 and padded(1) == 4


def test_booklet_pdf(built):
    path = built / "str8eight" / "str8eight-rules.pdf"
    reader = pypdf.PdfReader(str(path))
    assert len(reader.pages) >= 8
    assert all(size_mm(p) == (139.7, 215.9) for p in reader.pages)  # half-letter for --paper letter
    body = text(path)
    for fact in ("Contents", "pass card", "50", "1,000", "500", "Str8 Eight", "Tournament rules", "Strategy tips"):
        assert fact in body, fact
    pages = [p.extract_text() for p in reader.pages]
    # the cover: the title, the tagline and subtitle, players, ages and a hand's time
    cover = " ".join(pages[0].split())
    for words in ("Str8 Eight", "The multiplication card game", "2–4 players", "8+ ages", "30 min a hand"):
        assert words in cover, (words, cover)
    # the contents list, on the page after the quick start, names each section with the page it starts on
    contents = pages[2].split("Contents", 1)[1].split("\nWhat is in the box\nThe number cards")[0]  # the list alone
    titles = [line.strip() for line in contents.splitlines() if line.strip() and not re.search(r"[\d.]", line)]
    numbers = [int(n) for n in re.findall(r"^\s*(\d+)\s*$", contents, re.M)]
    assert titles[:4] == ["Quick start", "What is in the box", "Setup", "Your turn"] and "Scoring" in titles
    assert titles[-1] == "About this edition" and numbers[0] == 2 and numbers[1] == 3  # the quick start: page 2 alone
    assert len(numbers) == len(titles) >= 10 and numbers == sorted(numbers)
    for title, number in zip(titles, numbers):
        assert title in [line.strip() for line in pages[number - 1].splitlines()], (title, number)
    # the counts the rules state are the deck's
    body_one_line = " ".join(body.split())
    assert "There are 64 number cards, one for every cell of the 8 × 8 table" in body_one_line
    assert "the deck holds 30 different values" in body_one_line
    assert "There are also six pass cards: three pass left and three pass right" in body_one_line
    assert "Shuffle all 70 cards together" in body_one_line
    table = pages[2].split("Copies", 4)[4].split("Six values")[0]
    cells = [int(n) for n in table.split()]
    rows = [cells[i:i + 8] for i in range(0, len(cells), 8)]
    copies = dict(tuple(row[i:i + 2]) for row in rows for i in range(0, len(row), 2))
    assert copies == value_counts(8)  # the value/copies table, read off the page
    assert "Str8 Eight · 2" in reader.pages[1].extract_text().replace("  ", " ") or \
        "2 · Str8 Eight" in reader.pages[1].extract_text().replace("  ", " ")
    for pdf in (path, built / "str8eight" / "str8eight-scorepad-letter.pdf", built / "str8eight" / "str8eight-reference.pdf"):
        fonts = pdf_fonts(pdf)
        assert set(fonts) <= {"Lato-Regular", "Lato-Bold", "Lato-Black", "Lato-Italic"}, fonts
        assert all(fonts.values())  # embedded


def card_pictures(path) -> int:
    """Cards drawn in a booklet: each is a form XObject (vector), placed with Do."""
    count = 0
    for page in pypdf.PdfReader(str(path)).pages:
        for operands, op in page.get_contents().operations:
            if op == b"Do" and str(operands[0]).startswith("/FormXob.pic"):
                count += 1
    return count


def test_booklet_shows_real_cards(built):
    path = built / "str8eight" / "str8eight-rules.pdf"
    # the quick start's hand and back, the worked sequence, the facing pair (the cover's fan is
    # drawn by the cover page itself, below)
    assert card_pictures(path) >= 3 + 1 + 8 + 2
    # the cover fans out a pass card and, over it, the worked sequence's first four cards, drawn in
    # its page; words a later card covers are left out (the pass card's PASS lies under the others)
    cover = pypdf.PdfReader(str(path)).pages[0].extract_text().split()
    assert all(word in cover for word in ("7", "8", "10", "15")) and "PASS" not in cover, cover
    assert sum(len(p.images) for p in pypdf.PdfReader(str(path)).pages) == 0  # vectors, not pictures


def test_fold_sheets(built):
    booklet = pypdf.PdfReader(str(built / "str8eight" / "str8eight-rules.pdf"))
    fold = pypdf.PdfReader(str(built / "str8eight" / "str8eight-rules-fold-letter.pdf"))
    assert len(fold.pages) == padded(len(booklet.pages)) // 2
    assert size_mm(fold.pages[0]) == (279.4, 215.9)
    import pypdfium2 as pdfium

    first = pdfium.PdfDocument(str(built / "str8eight" / "str8eight-rules-fold-letter.pdf"))[0]
    img = first.render(scale=40 / 72).to_pil().convert("L")
    w, h = img.size
    n = len(booklet.pages)
    assert padded(n) == n  # whole sheets: the back cover is the booklet's own last page, no blank
    left = img.crop((0, 0, w // 2 - 2, h))  # the back cover: its head band, then the kit on white
    assert left.crop((0, 0, left.width, 3)).getextrema()[1] < 160 and left.getextrema()[1] == 255
    right = img.crop((w // 2, 0, w, h))  # page 1, the cover: its ground at every edge of its half
    edges = [right.getpixel((x, y)) for x in range(1, right.width - 1, 7) for y in (1, right.height - 2)] + \
        [right.getpixel((x, y)) for y in range(1, right.height - 1, 7) for x in (1, right.width - 2)]
    assert max(edges) < 160, max(edges)


@pytest.mark.parametrize("game", ["str8eight", "eights", "crazy-eights"])
def test_player_aid_and_scorepad_are_one_page(built, game):
    for name in (f"{game}-reference.pdf", f"{game}-scorepad-letter.pdf"):
        assert len(pypdf.PdfReader(str(built / game / name)).pages) == 1, name
    pad = text(built / game / f"{game}-scorepad-letter.pdf")
    target = {"str8eight": "1,000", "eights": "50 points", "crazy-eights": "250"}[game]
    assert target in pad and "Player 1" in pad


def test_tournament_sheet(built):
    path = built / "str8eight" / "str8eight-tournament-letter.pdf"
    assert len(pypdf.PdfReader(str(path)).pages) == 1
    body = text(path)
    assert "Round 4" in body and "table" in body and "total" in body


def test_fourscore_booklet(built):
    path = built / "fourscore" / "fourscore-rules.pdf"
    body = text(path)
    assert "FourScore" in body and "2–6" in body
    assert card_pictures(path) >= 4


@pytest.mark.skipif(not (SHARED / "tools" / "copycheck.py").exists(), reason="../shared not beside the repo")
def test_no_sentence_copied_from_the_reference_texts():
    repo = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, str(SHARED / "tools" / "copycheck.py"), str(repo), "--min-words", "8"],
                          capture_output=True, text=True)
    assert proc.stdout == "" and proc.returncode == 0, proc.stdout[:2000]


@pytest.fixture(scope="module")
def small_table(tmp_path_factory) -> Path:
    """A 5 × 5 Str8 Eight with 2 pass cards, rules and all (PDF only)."""
    from conftest import shared_build

    return shared_build(tmp_path_factory, "small-table", "--game", "str8eight", "--table-size", "5", "--pass-cards",
                        "2", "--format", "pdf", "-j", "1")


def test_a_small_table_variant_builds_its_booklet(small_table):
    from conftest import run_cli

    out = small_table
    body = " ".join(text(out / "str8eight" / "str8eight-rules.pdf").split())
    assert "There are 25 number cards, one for every cell of the 5 × 5 table" in body
    assert "There are also two pass cards: one passes left and one passes right" in body
    assert "Shuffle all 27 cards together" in body
    assert "64 number cards" not in body and "70 cards" not in body and "cell of the 8 × 8" not in body
    aid = " ".join(text(out / "str8eight" / "str8eight-reference.pdf").split())
    assert "Start with a bull’s-eye card, 1–5" in aid and "lays their fifth card" in aid
    check = run_cli("check", out)
    assert check.exit_code == 0 and "counts and targets that match the cards" in check.output, check.output


def test_check_reads_the_booklets_words_against_the_cards(copy_of_games, small_table):
    """The 8 × 8 deck with the 5 × 5 booklet, aid and pad put in its folder: every count
    they state is caught, read from the PDFs' text."""
    import shutil

    from conftest import assert_check_catches

    out = copy_of_games("str8eight")
    for name in ("str8eight-rules.pdf", "str8eight-reference.pdf", "str8eight-scorepad-letter.pdf"):
        shutil.copyfile(small_table / "str8eight" / name, out / "str8eight" / name)
    assert_check_catches(out, [
        "str8eight-rules.pdf: booklet: states 25 / 5 / 5 for the number cards; the deck in this folder says 64 / 8 / 8",
        "states 14 for the different values; the deck in this folder says 30",
        "copies table differs from the cards at value(s) 6, 7, 8",
        "states two / one / one for the pass cards; the deck in this folder says six / three / three",
        "states 27 for the cards shuffled together; the deck in this folder says 70",
        "str8eight-reference.pdf: player aid: states 5 for the bull's-eye cards; the deck in this folder says 8",
        "str8eight-reference.pdf: player aid: states 2 / 1 / 1 for the pass cards; the deck in this folder says 6 / 3 / 3",
        # the quick start's numbers are read too
        "states 27 for the quick start's deck; the deck in this folder says 70",
        "states 5 for the quick start's bull's-eyes; the deck in this folder says 8",
        "states fifth for the quick start's sequence length; the deck in this folder says eighth",
        # and its "About this edition" against the table: the 5 × 5 kit adds scaled targets
        "“About this edition” lists 10 readings; the table gives 9 for this variant"])


@pytest.mark.parametrize("n, length", [(8, 0), (6, 0), (12, 5)])
def test_the_tips_cite_the_atlas_of_the_deck_built(n, length):
    """The strategy tips quote the exact sequence counts and hubs of this variant."""
    from cardgen.documents.ruletext import render
    from cardgen.model.atlas import atlas
    from cardgen.model.facts import str8eight_facts

    book = atlas(n, length or n)
    text = render("str8eight", str8eight_facts(n, 6, length or None))
    hub = book.hubs(1)[0]
    assert f"allows: {book.value_sequences:,} different runs" in text
    assert f"; {book.card_sequences:,} if each copy of a value counts as a different card" in text
    assert f"The busiest value is {hub}: {round(100 * book.share_through(hub))} in every 100" in text


def test_the_finish_tip_keeps_the_original_example_and_never_names_a_rare_value():
    """The reference's own end-game tip, 24 to 35 to 48 with two routes each way, on the 8 × 8
    table it was written for; elsewhere a finish among the big numbers of the kit's own table
    (issue 38: a 12 × 12 booklet planned the top of the 8 × 8), and never one through a value
    the same page calls rare."""
    from cardgen.model.facts import str8eight_facts

    for n, length in ((5, None), (6, None), (6, 5), (8, None), (9, 8), (10, None), (12, None), (12, 8)):
        f = str8eight_facts(n, 6, length)
        if f.finish is None:
            continue
        a, bs, c, ds, e = f.finish
        named = {a, c, e, *bs, *ds}
        assert not named & set(f.atlas.rare if f.atlas else ()), (n, length, f.finish, f.atlas.rare)
        if n == 8:
            assert f.finish == (24, (28, 30), 35, (40, 42), 48), (n, length)
        else:
            assert e > 48 or n < 8, (n, length, f.finish)
    text = " ".join(plain_text(load("str8eight")).split())
    assert "24 to 35 to 48 is a strong one, with two routes at each step: 24, 28 or 30, 35; then 35, 40 or 42, 48" \
        in text


def test_a_cover_drawn_elsewhere_takes_the_first_page(tmp_path):
    """write_booklet(cover=…): page 1 is the cover module's, the quick start stays on page 2
    and the contents list heads page 3."""
    import pypdf

    from cardgen.builders.rulebook import booklet_blocks
    from cardgen.builders.str8eight import pictures, rules_spec
    from cardgen.documents.booklet import PAGE_SIZES, write_booklet
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.model.facts import str8eight_facts
    from cardgen.options import BuildOptions
    from cardgen.theme import DEFAULT_THEME

    from cardgen.documents.cover import Cover
    from cardgen.draw.pdfmeta import meta_for

    page = PAGE_SIZES["letter"]
    cover = Cover(f'<svg xmlns="http://www.w3.org/2000/svg" width="{page.width}mm" height="{page.height}mm" '
                  f'viewBox="0 0 {page.width} {page.height}"><text x="20" y="50" font-size="6" '
                  f'font-family="{DEFAULT_THEME.fonts.role_map["text"]}">COVER ART</text></svg>', DEFAULT_THEME.fonts)
    path = tmp_path / "covered.pdf"
    spec = rules_spec(str8eight_facts())
    write_booklet(booklet_blocks(spec), path, page, "Str8 Eight", register_reportlab_fonts(DEFAULT_THEME.fonts),
                  pictures(BuildOptions(), DEFAULT_THEME), cover=cover, meta=meta_for("rules", "Str8 Eight"))
    pages = [p.extract_text() for p in pypdf.PdfReader(str(path)).pages]
    assert "COVER ART" in pages[0] and "Contents" not in pages[0] and "Quick start" not in pages[0]
    assert "Quick start" in pages[1] and "Contents" in pages[2].split("What is in the box")[0]
