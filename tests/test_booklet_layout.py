"""Booklet layout: card pictures large enough to read on paper, headings and lead-in
lines kept with what follows them, and player aids in the booklet's page size, set
in the largest type that fits, stating the numbers of the variant built."""
from cardgen.draw.pdfmeta import meta_for
import html
import re

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardgen.check.pdfread import content_digest, placements
from cardgen.documents.booklet import AID_MARGINS, BOOKLET_MARGINS, PAGE_SIZES, aid_fits, aid_type_size
from cardgen.documents.ruletext import load, plain_text
from cardgen.layout.figure import MIN_PRINTED_PT, PT_MM, plan_figure, plan_strip, read_face, strip_cover
from cardgen.model.facts import facts_for
from cardgen.design.trim import trimmed
from cardgen.theme import DEFAULT_FONTS
from conftest import MM_PER_PT, assert_check_catches

CARD_SIZES = {"poker": (63.5, 88.9), "bridge": (56.0, 88.9)}
GAMES = ("str8eight", "fourscore", "eights", "crazy-eights")


@pytest.fixture(scope="module")
def arrow_mm(built) -> float:
    """The arrow numbers' height on a real Str8 Eight card, at full size (mm)."""
    size = read_face((built / "str8eight" / "svg" / "012-3x4.svg").read_text()).must_read_mm
    assert size and abs(size - 10.6 * PT_MM) < 0.01  # the design's 10.6 pt (tokens: type.card_arrow)
    return size


@pytest.mark.parametrize("paper", sorted(PAGE_SIZES))
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
def test_strips_of_any_length_print_readable_arrow_numbers(paper, card, arrow_mm, built):
    """Sequences of 2 to 12 cards (tables 2 to 12), on both booklet pages and both card
    sizes, side by side or overlapping: arrow numbers at least 6 pt, every row within the
    text column."""
    page = PAGE_SIZES[paper]
    inner, outer = BOOKLET_MARGINS[:2]
    room = page.width - inner - outer
    w, h = CARD_SIZES[card]
    faces = [read_face(trimmed((built / "str8eight" / "svg" / f"{name}.svg").read_text()), DEFAULT_FONTS.digit)
             for name in ("012-3x4", "024-4x6")]
    cover = strip_cover(faces)
    assert 0.25 < cover < 0.4  # past the left arrows, short of the big number
    for n in range(2, 13):
        for plan in (plan_figure(n, (w, h), room, 26.0, must_read_mm=arrow_mm),
                     plan_strip(n, (w, h), room, arrow_mm, cover)):
            assert sum(plan.rows) == n and plan.width <= room + 1e-9, (n, plan)
            assert plan.printed_pt(arrow_mm, w) >= MIN_PRINTED_PT - 1e-9, (n, plan)
            assert len(plan.rows) == -(-n // plan.columns)  # rows only as many as needed
    if paper == "letter" and card == "poker":  # the half-letter column holds four overlapping cards a row
        assert plan_strip(8, (w, h), room, arrow_mm, cover).rows == (4, 4)
    # without anything to read, the same cards keep to one row at their usual width
    assert plan_figure(8, (w, h), room, 26.0).rows == (8,)


def card_placements(pdf_path):
    """(page, x mm, width mm, text inside) for every card picture drawn on the booklet's
    pages after the title page (whose cover is an ornament): measured in the PDF."""
    found = []
    doc = pdfium.PdfDocument(str(pdf_path))
    with pikepdf.open(pdf_path) as pdf:
        boxes = {content_digest(x.read_bytes()): [float(v) for v in x.BBox]
                 for page in pdf.pages for name, x in page.obj.Resources.get("/XObject", {}).items()
                 if name.startswith("/FormXob.pic")}  # the booklet's card pictures
        for placed in placements(pdf):
            if placed.page == 1 or placed.digest not in boxes:
                continue
            box = boxes[placed.digest]
            x, _, w, _ = placed.rect(box, float(pdf.pages[placed.page - 1].mediabox[3]))
            a, _, _, d, e, f = placed.matrix
            corners = (box[0] * a + e, box[1] * d + f, box[2] * a + e, box[3] * d + f)
            text = doc[placed.page - 1].get_textpage().get_text_bounded(*corners)
            found.append((placed.page, x, w, text))
    return found


@pytest.mark.parametrize("which", ["half-letter", "a5"])
def test_booklet_strips_measured_in_the_pdf(built, printed, arrow_mm, which):
    """Every number card pictured after the title page prints its arrow numbers at 6 pt
    or more and lies inside the text column of its page (inner margin on the binding side)."""
    path = built / "str8eight" / "str8eight-rules.pdf" if which == "half-letter" \
        else printed / "str8eight-rules-a5.pdf"
    page_w = PAGE_SIZES["letter" if which == "half-letter" else "a4"].width
    inner, outer = BOOKLET_MARGINS[:2]
    cards = card_placements(path)
    numbers = [c for c in cards if "PASS" not in c[3] and "EDITION" not in c[3]]  # not pass cards, not backs
    assert len(numbers) >= 3 + 8 + 2  # the quick start's hand, the worked sequence and the facing pair
    for page, x, w, _ in numbers:
        printed_pt = arrow_mm / PT_MM * w / 63.5
        assert printed_pt >= MIN_PRINTED_PT - 0.01, (page, w)
        left = inner if page % 2 else outer
        assert x >= left - 0.01 and x + w <= page_w - (outer if page % 2 else inner) + 0.01, (page, x, w)


FOOTER = re.compile(r"^(\d+ · .+|.+ · \d+)$")


def norm(text: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def page_endings(pdf_path) -> list:
    """The last line of text on each page but the last (footers left out)."""
    doc = pdfium.PdfDocument(str(pdf_path))
    endings = []
    for i in range(len(doc) - 1):
        lines = [norm(x) for x in doc[i].get_textpage().get_text_range().splitlines()]
        lines = [x for x in lines if x and not FOOTER.match(x)]
        endings.append(lines[-1] if lines else "")
    return endings


def dangling(pdf_path, game: str) -> list:
    """Pages that end with a heading, or with the paragraph that leads into a list or
    table, whose list or table then starts on the next page."""
    blocks = load(game)
    headings = [norm(b.text) for b in blocks if b.kind in ("h2", "h3")]
    lead_ins = [norm(b.text) for b, nxt in zip(blocks, blocks[1:]) if b.kind == "para" and nxt.kind in ("list", "table")]
    bad = []
    for page, last in enumerate(page_endings(pdf_path), 1):
        if page == 1:  # the cover (documents/cover.py): no running text to break
            continue
        if len(last) >= 6 and any(t.endswith(last) for t in headings + lead_ins):
            bad.append((page, last))
    return bad


@pytest.mark.parametrize("game", GAMES)
def test_no_heading_or_lead_in_alone_at_the_foot_of_a_page(built, printed, game):
    assert dangling(built / game / f"{game}-rules.pdf", game) == []
    if game == "str8eight":
        assert dangling(printed / "str8eight-rules-a5.pdf", game) == []


def test_the_dangling_check_sees_a_heading_at_the_foot(tmp_path, built):
    """The check above can fail: a booklet typeset without keep-with-next on headings
    leaves one at the foot of a page, and the check names it."""
    from types import SimpleNamespace

    from cardgen.builders.rulebook import CardPictures
    from cardgen.builders.str8eight import _resolve
    from cardgen.documents import booklet
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.theme import DEFAULT_FONTS

    fonts = register_reportlab_fonts(DEFAULT_FONTS)
    cards = [SimpleNamespace(slug=p.stem, svg=p.read_text()) for p in (built / "str8eight" / "svg").glob("*.svg")]
    pictures = CardPictures(cards, _resolve, DEFAULT_FONTS)
    styles = booklet._styles
    # text only: quick to set; Eights' words, two of whose headings fall at a page's foot once loose
    # (Str8 Eight's own no longer happen to)
    blocks = [b for b in load("eights") if b.kind != "figure"]

    def loose(*args, **kwargs):
        found = styles(*args, **kwargs)
        found["h2"].keepWithNext = found["h3"].keepWithNext = 0
        return found
    path = tmp_path / "loose.pdf"
    import unittest.mock

    with unittest.mock.patch.object(booklet, "_styles", loose):
        booklet.write_booklet(blocks, path, PAGE_SIZES["letter"], "Str8 Eight", fonts, pictures,
                              meta=meta_for("rules", "Str8 Eight"))
    headings = {norm(b.text) for b in blocks if b.kind in ("h2", "h3")}
    assert headings & set(page_endings(path)), page_endings(path)


@pytest.mark.parametrize("game", GAMES)
def test_player_aids_in_each_booklet_page_size(built, printed, game):
    import json

    record = json.loads((built / "manifest.json").read_text())["games"][game]["rules"]["reference"]
    assert record == {f"{game}-reference.pdf": {"pages": 1, "page": "half-letter"}}
    folders = [(built / game, f"{game}-reference.pdf", "letter")]
    if game == "str8eight":
        folders += [(printed, "str8eight-reference.pdf", "letter"), (printed, "str8eight-reference-a5.pdf", "a4")]
    for folder, name, paper in folders:
        with pikepdf.open(folder / name) as pdf:
            assert len(pdf.pages) == 1
            w, h = (float(v) * MM_PER_PT for v in pdf.pages[0].mediabox[2:])
        page = PAGE_SIZES[paper]
        assert (round(w, 1), round(h, 1)) == (page.width, page.height), name
    if game == "str8eight":  # the word check reads both aids
        from cardgen.check.wording import documents
        from cardgen.record import from_json

        rec = from_json(game, json.loads((printed.parent / "manifest.json").read_text())["games"][game])
        assert sorted(p.name for p in documents(printed, rec)[1]) == ["str8eight-reference-a5.pdf",
                                                                     "str8eight-reference.pdf"]


@pytest.mark.parametrize("game, paper", [("str8eight", "a4"), ("fourscore", "letter"), ("eights", "a4"),
                                         ("crazy-eights", "letter")])
def test_aids_are_set_in_the_largest_type_that_fits(game, paper):
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.theme import DEFAULT_FONTS

    fonts = register_reportlab_fonts(DEFAULT_FONTS)
    blocks = load(f"{game}-reference", facts_for(game))
    page = PAGE_SIZES[paper]
    size = aid_type_size(blocks, page, fonts, None)
    assert 8.0 <= size <= 14.0, (game, page.name, size)  # readable at the table
    assert aid_fits(blocks, page, fonts, None, size)
    assert size == 14.0 or not aid_fits(blocks, page, fonts, None, round(size + 0.1, 1))
    assert AID_MARGINS[0] < BOOKLET_MARGINS[0]  # the aid uses more of its page


def test_the_aid_size_search_finds_what_halving_finds_whatever_the_heights_say():
    """largest_fitting follows the aid's measured height to the answer and must land on the
    same tenth as a plain search wherever the answer lies, in few layouts when the height
    grows as an aid's does, and in no more than halving would need after its guesses when
    the heights mislead (flat, or jumping)."""
    import random

    from cardgen.documents.booklet import largest_fitting

    lo, hi, page = 70, 140, 544.0
    rng = random.Random(3)
    heights = {
        "in proportion": lambda n, a: page * n / (a + 0.5),
        "curving up": lambda n, a: page * (n / (a + 0.5)) ** 1.35,
        "flat": lambda n, a: 300.0,
        "jumping": lambda n, a: rng.uniform(100, 1000),
    }
    for name, height in heights.items():
        for answer in range(lo, hi + 1):
            tried = []

            def measure(n):
                assert lo < n <= hi and n not in tried, (name, answer, n, tried)
                tried.append(n)
                return n <= answer, height(n, answer)

            assert largest_fitting(lo, hi, measure, page, height(lo, answer)) == answer, (name, answer)
            assert len(tried) <= 4 + 7, (name, answer, tried)
            if name == "in proportion":
                assert len(tried) <= 2, (answer, tried)
            if name == "curving up":
                assert len(tried) <= 4, (answer, tried)


def test_aids_state_the_variant_built():
    s8 = lambda **kw: norm(plain_text(load("str8eight-reference", facts_for("str8eight", **kw))))  # noqa: E731
    default = s8()
    assert "bull’s-eye card, 1–8" in default and "lays their eighth card" in default and "Str8 Eight:" in default
    assert "6 in the deck: 3 left, 3 right" in default and "50 against you" in default
    big = s8(table_size=10, pass_cards=4, sequence_length=10)
    assert "bull’s-eye card, 1–10" in big and "Total of their ten cards" in big and "Str8 Ten:" in big
    assert "4 in the deck: 2 left, 2 right" in big and "5 10 15 … 50" in big
    blocks = load("str8eight-reference", facts_for("str8eight"))
    winning = blocks[[b.text for b in blocks].index("Winning") + 1]
    assert winning.kind == "list" and len(winning.items) == 2  # a line ending in a Jinja tag keeps its newline
    long = s8(sequence_length=10)  # longer than the 8 × 8 table's groups: no one-group run
    assert "lays their tenth card" in long and "Total of their ten cards" in long and "Str8 Ten:" not in long
    short = s8(sequence_length=6)
    assert "lays their sixth card" in short and "Str8 Six: a winning sequence" in short and "4 8 12 … 24" in short
    none = s8(pass_cards=0)
    assert "play a pass card" not in none and "in the deck" not in none and "50 against you" not in none
    assert "Draw pile empty Shuffle the discard pile" in none and "no pass cards" in none  # the subtitle says why
    crazy = norm(plain_text(load("crazy-eights-reference", facts_for("crazy-eights", ace_value=1))))
    assert "Ace 1 " in crazy and "Aces 10" in crazy
    four = norm(plain_text(load("fourscore-reference", facts_for("fourscore", table_size=10))))
    assert "the other 96" in four and "19 (+1 over)" in four and "48" in four


def test_checker_catches_an_aid_of_the_wrong_page_size(copy_of_games):
    out = copy_of_games("fourscore")
    path = out / "fourscore" / "fourscore-reference.pdf"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.pages[0].mediabox = [0, 0, 148.0 / MM_PER_PT, 210.0 / MM_PER_PT]  # A5, beside a half-letter booklet
        pdf.save(path)
    assert_check_catches(out, ["fourscore-reference.pdf: player aid: page 1 is 148.0 × 210.0 mm, not half-letter"])


def test_checker_reads_every_aids_words_against_the_deck(copy_of_games):
    """A FourScore aid written for the 5 × 5 table beside the rules of the 8 × 8 one: the
    cards to deal and the deal table it states are caught, read from the PDF's text."""
    from cardgen.documents.booklet import write_player_aid
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.theme import DEFAULT_FONTS

    out = copy_of_games("fourscore")
    blocks = load("fourscore-reference", facts_for("fourscore", table_size=5))
    write_player_aid(blocks, out / "fourscore" / "fourscore-reference.pdf", PAGE_SIZES["letter"], "FourScore",
                     register_reportlab_fonts(DEFAULT_FONTS), None, meta=meta_for("reference", "FourScore", "8 × 8 table"))
    assert_check_catches(out, [
        "fourscore-reference.pdf: player aid: states 21 for the cards left to deal; the deck in this folder says 60",
        "fourscore-reference.pdf: player aid: deal table [(2, 10, 1), (3, 7, 0), (4, 5, 1), (5, 4, 1), (6, 3, 3)]; "
        "60 cards to deal give [(2, 30, 0), (3, 20, 0), (4, 15, 0), (5, 12, 0), (6, 10, 0)]"])
