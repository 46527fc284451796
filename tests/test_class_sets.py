"""Class sets (--sets N): each set's deck in its own folder, every face and back wearing its
set's mark in a free corner, an inventory checklist per set, and a checker that notices a
missing card, a card of another set, an unmarked back or a checklist that leaves a card out."""
from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import assert_check_catches, assert_metadata, run_cli, shared_build, private_copy

SETS_ARGS = ("build", "--game", "str8eight", "--format", "svg,pdf,shop", "--shop", "drivethrucards", "-j", "1",
             "--sets", "2", "--table-size", "4", "--only", "cards,print", "-q")


@pytest.fixture(scope="module")
def two_sets(tmp_path_factory) -> Path:
    """Two small Str8 Eight class sets (4 × 4 table: 22 faces), card and print PDFs, checklists and
    DriveThruCards files."""
    return shared_build(tmp_path_factory, "two-sets", *SETS_ARGS[1:])


@pytest.fixture
def damaged(two_sets, tmp_path) -> Path:
    return private_copy(two_sets, tmp_path / "output")


def test_two_sets_are_built_and_pass_the_check(two_sets):
    game = two_sets / "str8eight"
    for letter in "ab":
        names = sorted(p.name for p in (game / f"set-{letter}" / "svg").glob("*.svg"))
        assert len(names) == 16 + 6 + 1 and "back.svg" in names
        for stem in ("cards", "back", "print-letter", "inventory-letter"):
            assert (game / f"set-{letter}" / f"str8eight-{stem}.pdf").is_file(), stem
    assert not (game / "svg").exists()
    svg = (game / "set-b" / "svg" / "back.svg").read_text()
    assert svg.count('data-set="B"') == 2 and svg.count('data-shape="square"') == 2
    for stem in ("cards", "inventory-letter"):  # each set's files name the set
        info = assert_metadata(game / "set-b" / f"str8eight-{stem}.pdf", "4 × 4 table, 6 pass cards, sequences of 4")
        assert info["Title"].startswith("Str8 Eight · set B – ")
    result = run_cli("check", two_sets)
    assert result.exit_code == 0, result.output
    assert "2 class sets (A circle, B square): each complete with 22 faces and 1 back" in result.output
    # each set's marked deck has its own shop file, and the check reads each set's
    dtc = [game / f"set-{letter}" / "shop" / "drivethrucards" / "str8eight-drivethrucards.pdf" for letter in "ab"]
    assert dtc[0].read_bytes() != dtc[1].read_bytes() and not (game / "shop").exists()
    for letter in "ab":
        assert f"set-{letter}/shop/drivethrucards: 1 file for DriveThruCards" in result.output


def _strip_marks(path: Path) -> None:
    text = path.read_text()
    stripped = re.sub(r'<g data-set="[A-Z]"[^>]*>.*?</text></g>', "", text)
    assert stripped != text
    path.write_text(stripped)


@pytest.mark.parametrize("damage, message", [
    ("delete", "016-4x4: missing from set B: the set is incomplete"),
    ("swap", "carries set 'A''s mark, but lies in set B's folder"),
    ("unmark-back", "back: carries no set mark; set B's cards wear a square and the letter B"),
    ("move", "pass-left-1: a set mark drawn at (52.4, 3.5), not where its data-box-mm says (48.4,3.5)"),
])
def test_the_checker_catches_a_broken_set(damaged, damage, message):
    cards = damaged / "str8eight" / "set-b" / "svg"
    if damage == "delete":
        (cards / "016-4x4.svg").unlink()  # a card lost from set B
    elif damage == "swap":  # set A's 12 found in set B's box
        shutil.copyfile(damaged / "str8eight" / "set-a" / "svg" / "012-3x4.svg", cards / "012-3x4.svg")
    elif damage == "move":  # the badge pushed 4 mm right, past the safe zone, its box left where it was
        card = cards / "pass-left-1.svg"
        card.write_text(card.read_text().replace('transform="translate(48.4 3.5)"', 'transform="translate(52.4 3.5)"', 1))
    else:
        _strip_marks(cards / "back.svg")
    assert_check_catches(damaged, [message])


def test_the_checker_reads_the_inventory(damaged):
    folder = damaged / "str8eight" / "set-b"
    svg = folder / "str8eight-inventory-letter.svg"
    text = svg.read_text()
    assert '<g data-cards="pass-left-1 pass-left-2 pass-left-3" data-count="3">' in text  # one line per value
    text = text.replace('data-cards="pass-left-1 pass-left-2 pass-left-3"', 'data-cards="pass-left-1 pass-left-3"')
    text = text.replace('data-cards="012-3x4 012-4x3"', 'data-cards="012-3x4 012-4x3 001-1x1"')  # a line that lies
    svg.write_text(text)
    # and set A's checklist PDF in set B's folder: its words name the wrong set
    shutil.copyfile(damaged / "str8eight" / "set-a" / "str8eight-inventory-letter.pdf",
                    folder / "str8eight-inventory-letter.pdf")
    assert_check_catches(damaged, ["pass-left-2: not listed on set B's inventory",
                                   "the line 'Pass left · 3 cards' holds 2 card(s)",
                                   "001-1x1: listed twice on the inventory",
                                   "does not state '22 cards in set B: 16 number cards and 6 pass cards.'"])


def test_one_set_is_todays_deck(built, tmp_path):
    """--sets 1 writes the very files a build without it writes (the `built` fixture): no
    set folder, no mark, the same bytes."""
    out = tmp_path / "one"
    result = run_cli("build", "--game", "str8eight", "--format", "svg", "-j", "1", "--sets", "1",
                     "--only", "cards", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    mine, theirs = sorted((out / "str8eight" / "svg").glob("*.svg")), sorted((built / "str8eight" / "svg").glob("*.svg"))
    assert [p.name for p in mine] == [p.name for p in theirs] and len(mine) == 71
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(mine, theirs))
    assert not list((out / "str8eight").glob("set-*")) and not any(b"data-set" in p.read_bytes() for p in mine)


@pytest.mark.parametrize("args, words", [
    (("--game", "fourscore"), ("FourScore has no deck of its own", "--game str8eight")),
    (("--game", "eights", "--card-size", "mini"), ("no corner free for the set mark", "--card-size poker")),
])
def test_what_takes_no_sets_is_refused_in_one_line(tmp_path, args, words):
    result = run_cli("build", *args, "--sets", "3", "--out", tmp_path / "o")
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert all(w in result.output for w in words), result.output


def _pixels(svg: str, dpi: int):
    from PIL import Image

    from cardgen.draw.png import svg_to_png

    return Image.open(io.BytesIO(svg_to_png(svg, dpi))).convert("RGB")


def _decks():
    """Every deck's art, unmarked, in the sizes each game is printed in, Str8 Eight's at
    each scaffold level and in large print too."""
    from dataclasses import replace

    from cardgen.design import crazy_eights, eights, str8eight
    from cardgen.design.cards import Look
    from cardgen.model import crazy_eights as ce_model, eights as e_model, str8eight as s_model
    from cardgen.model.sizes import CARD_SIZES
    from cardgen.theme import DEFAULT_THEME, HYPERLEGIBLE_FONTS

    for size in ("poker", "bridge"):  # mini cards are refused with --sets (the test below)
        look = Look(CARD_SIZES[size], 3.0, False, DEFAULT_THEME)
        yield "str8eight", str8eight.render_deck(s_model.build_deck(12, 3), look), ("012-3x4", "001-1x1", "120-10x12")
        # every scaffold level and large print: the faces a class set is most often built with
        # (large print in the hyperlegible font too, as the intro preset builds it: wider digits)
        for scaffold, large, fonts in (("colors", False, None), ("bare", False, None), ("full", True, None),
                                       ("colors", True, None), ("bare", True, None), ("full", True, HYPERLEGIBLE_FONTS)):
            theme = replace(DEFAULT_THEME, fonts=fonts) if fonts else DEFAULT_THEME
            yield "str8eight", str8eight.render_deck(s_model.build_deck(12, 3), replace(
                look, scaffold=scaffold, large_print=large, theme=theme)), ("012-3x4", "001-1x1", "120-10x12",
                                                                            "144-12x12")
        yield "eights", eights.render_deck(e_model.build_deck(), look), ("8-7-w", "1-1-e", "reference")
        yield "crazy-eights", crazy_eights.render_deck(ce_model.build_deck(), look), (
            "1-hearts-Q", "1-clubs-10", "1-spades-A", "1-diamonds-8", "1-diamonds-6")


def test_the_set_mark_sits_where_the_card_is_empty():
    """Drawn without the mark, each card is one flat color under both badges (0.4 mm around
    them): the mark covers nothing of the design. A back is lattice all over: there the
    badge must stay off the name plates and medallion (drawn in the card paper color).
    Every badge lies inside the safe zone, its letter at 12 pt."""
    from cardgen.design import setmark
    from cardgen.design.palette import PAPER
    from cardgen.theme import DEFAULT_THEME

    dpi, pad = 72, 0.4
    px = dpi / 25.4
    paper = tuple(int(PAPER[i:i + 2], 16) for i in (1, 3, 5))
    seen = 0
    for game, art, picks in _decks():
        cards = [c for c in art.faces if c.slug in picks or c.kind == "pass"] + list(art.backs[:1])
        assert {c.slug for c in cards} >= set(picks), picks
        for card in cards:
            marked = setmark.mark_card(card, game, 3, DEFAULT_THEME.fonts.role_map)
            boxes = [tuple(float(v) for v in m.group(1).split(","))
                     for m in re.finditer(r'data-box-mm="([^"]+)"', marked.svg)]
            rotated = re.findall(r'data-set="D"[^>]*transform="(rotate\(180[^)]*\) )?', marked.svg)
            w, h = (float(v) for v in re.search(r'data-trim-mm="([^"]+)"', card.svg).group(1).split(","))
            bleed = float(re.search(r'data-bleed-mm="([^"]+)"', card.svg).group(1))
            assert len(boxes) == 2 and 'font-size="4.4"' in marked.svg  # 4.4 mm: 12.5 pt
            image = _pixels(card.svg, dpi)
            for (x, y, bw, bh), turned in zip(boxes, rotated):
                if turned:  # the half-turned badge: its box as the card shows it
                    x, y = w - x - bw, h - y - bh
                assert x >= 3 and y >= 3 and x + bw <= w - 3 and y + bh <= h - 3, (game, card.slug, x, y)
                region = image.crop((round((x + bleed - pad) * px), round((y + bleed - pad) * px),
                                     round((x + bw + bleed + pad) * px), round((y + bh + bleed + pad) * px)))
                colors = region.getcolors(1 << 16)
                if card.kind == "back":
                    near_paper = [c for n, c in colors if max(abs(a - b) for a, b in zip(c, paper)) < 12]
                    assert not near_paper, (game, card.slug, "badge on the back's name plate")
                else:
                    extrema = region.getextrema()
                    assert max(hi - lo for lo, hi in extrema) <= 6, (game, w, card.slug, (x, y), extrema)
                seen += 1
    assert seen >= 2 * (3 + 6 + 1) * 2 + 2 * 6 * (4 + 3 + 1) * 2


def test_shapes_are_twelve_distinct_outlines():
    from cardgen.check import sets as checker
    from cardgen.design import setmark
    from cardgen.settings import MAX_SETS

    assert len(setmark.SHAPES) == len(set(setmark.SHAPES)) == MAX_SETS == len(setmark.LETTERS)
    assert setmark.SHAPES == checker.SHAPES  # the checker states its own copy: they must agree
    assert len({setmark.shape_path(s) for s in setmark.SHAPES}) == MAX_SETS


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_largest_checklist_fits_its_page(paper):
    """A 12 × 12 deck with 20 pass cards (164 faces) on one page of the paper: a line per
    value (59) and per kind of pass card (2), each with its count and a box to tick, every
    line inside the margins, none overlapping the next, text at 11 pt."""
    from cardgen.design.cards import Look
    from cardgen.design.inventory import inventory_svg
    from cardgen.design.str8eight import render_deck
    from cardgen.layout.paper import PAPERS
    from cardgen.model.sizes import CARD_SIZES
    from cardgen.model.str8eight import build_deck
    from cardgen.theme import DEFAULT_THEME

    art = render_deck(build_deck(12, 10), Look(CARD_SIZES["poker"], 3.0, False, DEFAULT_THEME))
    page = PAPERS[paper]
    svg = inventory_svg(art, "str8eight", "Str8 Eight", 11, page, DEFAULT_THEME)
    rows = re.findall(r'<g data-cards="([^"]+)" data-count="(\d+)">\s*<text x="[\d.]+" y="[\d.]+">([^<]+)</text>\s*'
                      r'<rect x="([\d.]+)" y="([\d.]+)"', svg)
    assert len(rows) == 59 + 2 and sum(int(n) for _, n, _, _, _ in rows) == 164
    assert ("144 012-1x12 012-2x6" not in svg) and any(t == "12 · 6 cards" for _, _, t, _, _ in rows)
    assert any(t == "Pass left · 10 cards" for _, _, t, _, _ in rows)
    xs, ys = sorted({float(x) for *_, x, _ in rows}), sorted({float(y) for *_, y in rows})
    assert xs[0] >= 10 and xs[-1] + 3.4 <= page.width - 10
    assert ys[0] > 60 and ys[-1] + 3.4 <= page.height - 25 and min(b - a for a, b in zip(ys, ys[1:])) >= 5.5
    assert 'font-size="3.881"' in svg  # 11 pt
    assert 'data-set="L" data-shape="hourglass"' in svg and "164 cards in set L: 144 number cards and 20 pass" in svg


@pytest.mark.parametrize("letters, shapes, message", [
    (["A"] * 10 ** 4, ["circle"] * 10 ** 4, "10000 set letters ['A', 'A', 'A', 'A', …] with 10000 shapes"),
    (list("ABCDEFGHIJKLM"), ["circle"] * 13, "manifest.json: sets: 13 sets; there are 12 letters and shapes at most"),
    (["A", "A"], ["circle", "square"], "manifest.json: sets: set 2 of 2 is 'A' with shape 'square'; expected 'B'"),
])
def test_a_hostile_sets_record_is_one_short_violation(damaged, letters, shapes, message):
    """The record's set lists were printed whole: 10⁶ letters made a 15 MB violation line."""
    from conftest import refresh_manifest

    path = damaged / "manifest.json"
    data = json.loads(path.read_text())
    data["games"]["str8eight"]["sets"].update(letters=letters, shapes=shapes)
    path.write_text(json.dumps(data))
    refresh_manifest(damaged)
    result = run_cli("check", damaged)
    assert result.exit_code == 1 and message in result.output, result.output[:2000]
    assert max(len(line) for line in result.output.splitlines()) < 400


# ------------------------------------------------------------------ one set in large print

LARGE_ARGS = ("build", "--game", "str8eight", "--format", "svg,pdf", "-j", "1", "--sets", "3", "--table-size", "4",
              "--large-print-sets", "b", "--only", "cards,print,rules,teacher", "-q")


@pytest.fixture(scope="module")
def one_large(tmp_path_factory) -> Path:
    """Three small Str8 Eight class sets, set B in large print."""
    return shared_build(tmp_path_factory, "one-large", *LARGE_ARGS[1:])


def test_one_set_of_a_class_build_is_large_print(one_large):
    """--large-print-sets B: set B's faces are large print (one corner index, no cell line,
    bigger arrow numbers), sets A and C standard; the record, the checker, the booklet and the
    teacher pages all say so, and the check passes."""
    game = one_large / "str8eight"
    record = json.loads((one_large / "manifest.json").read_text())["games"]["str8eight"]
    assert record["sets"]["large_print"] == ["B"] and record["large_print"] is False
    for letter, large in (("a", False), ("b", True), ("c", False)):
        card = (game / f"set-{letter}" / "svg" / "012-3x4.svg").read_text()
        assert ('data-large-print="yes"' in card) == large, letter
        assert (">3 × 4</text>" in card) != large, letter  # the cell line: standard sets only
        back = (game / f"set-{letter}" / "svg" / "back.svg").read_text()
        assert f'data-set="{letter.upper()}"' in back
    result = run_cli("check", one_large, "-v")
    assert result.exit_code == 0, result.output
    assert "(set B in large print, checked too)" in result.output
    import pypdf

    lesson = pypdf.PdfReader(str(game / "str8eight-teacher-letter.pdf")).pages[0].extract_text()
    flat = " ".join(lesson.split())
    assert "3 class sets, A–C (set B in large print)" in flat
    assert "The faces of set B are in large print" in flat and "the other sets are standard print" in flat
    recording = " ".join(pypdf.PdfReader(str(game / "str8eight-teacher-letter.pdf")).pages[1].extract_text().split())
    assert "The large-print cards of set B print no fact" in recording
    rules = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(str(game / "str8eight-rules.pdf")).pages).split())
    assert "(the large-print cards of set B leave it out" in rules


def test_the_large_print_set_is_checked_as_large_print(one_large, tmp_path):
    """The checker holds set B to large print and to the rules: a standard card in it, or a
    record that forgets it is large, fails the check."""
    from conftest import edit, refresh_manifest

    out = tmp_path / "output"
    shutil.copytree(one_large, out, copy_function=shutil.copyfile)
    card = out / "str8eight" / "set-b" / "svg" / "009-3x3.svg"
    edit(card, 'data-large-print="yes"', 'data-large-print="no"')
    assert_check_catches(out, ["set-b/svg/009-3x3.svg: 9 (3x3): card says scaffold 'full', large print 'no'; "
                               "the build recorded 'full', 'yes'"])
    shutil.rmtree(out)
    shutil.copytree(one_large, out, copy_function=shutil.copyfile)
    path = out / "manifest.json"
    data = json.loads(path.read_text())
    data["games"]["str8eight"]["sets"]["large_print"] = []
    path.write_text(json.dumps(data))
    refresh_manifest(out)
    result = run_cli("check", out)
    assert result.exit_code == 1 and "differs from set A's card beyond its set mark" in result.output


@pytest.mark.parametrize("args, says", [
    (("--large-print-sets", "B"), "--large-print-sets: names class sets, and this build makes one deck; add --sets N"),
    (("--sets", "2", "--large-print-sets", "C"),
     "--large-print-sets: set C is not built (--sets 2 makes sets A–B); name one of them, or raise --sets"),
    (("--sets", "2", "--large-print-sets", "B", "--large-print"), "large print is already on for every set"),
    (("--sets", "2", "--large-print-sets", "B", "--preset", "intro"), "large print is already on for every set"),
    (("--sets", "2", "--large-print-sets", "B,Q"), "'Q' is not a class set's letter; name sets by their letters, A to L"),
])
def test_large_print_sets_that_cannot_be_built_are_one_line(tmp_path, args, says):
    result = run_cli("build", "--game", "str8eight", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2 and result.output.count("\n") == 1 and says in result.output, result.output
    assert not (tmp_path / "out").exists()
