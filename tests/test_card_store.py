"""Card drawings made once (cardgen/design/kept.py): a build whose cards have not changed
renders no card template, and every input that changes a face (the theme's colours, the
table size, low ink, the pass cards, the font) renders the faces again, giving the very
bytes a build without the store gives. The kit's pages (how to print, print everything)
are kept too, and follow the files they describe."""
from __future__ import annotations

import jinja2
import pytest

from cardgen import cache
from cardgen.design import kept
from cardgen.design.str8eight import render_deck
from cardgen.model.sizes import card_size
from cardgen.model.str8eight import build_deck
from cardgen.design.cards import Look
from cardgen.theme import DEFAULT_THEME
from conftest import run_cli

BUILD = ("build", "--game", "str8eight", "--table-size", "4", "--format", "pdf", "--only", "print", "--paper", "a4",
         "-j", "1", "-q")
CARD_TEMPLATES = ("str8eight/", "cards/")  # the number and pass faces, the back, and the page they extend


@pytest.fixture
def rendered(monkeypatch) -> list:
    """The templates each build renders from (Jinja's get_template, counted): card faces and
    backs, the player aid's rule text, the kit's pages."""
    names: list = []
    real = jinja2.Environment.get_template

    def counted(self, name, *args, **kwargs):
        names.append(str(name))
        return real(self, name, *args, **kwargs)
    monkeypatch.setattr(jinja2.Environment, "get_template", counted)
    return names


def files(out) -> dict:
    """Every file of a build but its manifest (which records the build's own keys)."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*")
            if p.is_file() and p.name != "manifest.json"}


def built(tmp_path, name: str, *extra: str) -> dict:
    result = run_cli(*BUILD, *extra, "--out", tmp_path / name)
    assert result.exit_code == 0, result.output
    return files(tmp_path / name)


def test_a_warm_build_renders_no_card_template_and_writes_the_same_bytes(private_store, tmp_path, monkeypatch, rendered):
    first = built(tmp_path, "one")
    assert rendered.count("str8eight/number.svg.j2") == 16 and "str8eight/pass.svg.j2" in rendered
    assert "str8eight-reference.md" in rendered and "howto/page.svg.j2" in rendered  # the aid cards, the kit's page
    rendered.clear()
    reused = cache.reused.get(kept.KIND, 0)
    again = built(tmp_path, "two")
    assert rendered == [] and cache.reused.get(kept.KIND, 0) == reused + 2  # no template at all: both parts kept
    assert again == first
    monkeypatch.setenv(cache.STORE_ENV, "off")
    assert built(tmp_path, "fresh") == first and rendered  # a build without the store renders them, the same
    for page in ("how-to-print-a4.pdf", "print-everything-a4.pdf"):
        assert page in first


def palette(tmp_path) -> tuple:
    project = tmp_path / "cardgen.toml"
    project.write_text('[theme]\ngroup_colors = ["#882255", "#332288", "#88ccee", "#44aa99", "#117733", '
                       '"#999933", "#ddcc77", "#cc6677"]\n')
    return ("--config", str(project))


@pytest.mark.parametrize("change", ["palette", ("--table-size", "5"), ("--low-ink",),
                                    ("--font", "hyperlegible"), ("--scaffold", "colors"), ("--card-size", "bridge")],
                         ids=["theme colours", "table size", "low ink", "font", "scaffold", "card size"])
def test_a_changed_input_renders_the_faces_again(private_store, tmp_path, monkeypatch, rendered, change):
    """Each change gives faces of its own (never the kept ones): the very card SVGs and PDFs
    a build without the store gives."""
    change = palette(tmp_path) if change == "palette" else change
    first = built(tmp_path, "one")
    rendered.clear()
    changed = built(tmp_path, "two", *change)
    assert "str8eight/number.svg.j2" in rendered
    assert {n: b for n, b in changed.items() if n.endswith(".svg")} != {n: b for n, b in first.items()
                                                                       if n.endswith(".svg")}
    assert changed["str8eight/str8eight-cards.pdf"] != first["str8eight/str8eight-cards.pdf"]
    monkeypatch.setenv(cache.STORE_ENV, "off")
    assert built(tmp_path, "fresh", *change) == changed


def test_new_pass_cards_render_the_pass_cards_alone(private_store, tmp_path, monkeypatch, rendered):
    """--pass-cards changes the pass cards and nothing of a number card or the back: only the
    pass faces are drawn again, and the kit is the very kit a build without the store gives."""
    svg = ("--format", "svg,pdf", "--only", "cards,print")
    first = built(tmp_path, "one", *svg)
    rendered.clear()
    changed = built(tmp_path, "two", *svg, "--pass-cards", "4")
    cards = [n for n in rendered if n.startswith(CARD_TEMPLATES)]
    assert "str8eight/pass.svg.j2" in cards and "str8eight/number.svg.j2" not in cards and "cards/back.svg.j2" not in cards
    def faces(kit, kind):
        return {n: b for n, b in kit.items() if n.startswith("str8eight/svg/") and ("/pass-" in n) == (kind == "pass")}
    assert len(faces(first, "pass")) == 6 and len(faces(changed, "pass")) == 4  # two each way instead of three
    assert faces(changed, "other") == faces(first, "other") and len(faces(first, "other")) == 17  # 16 numbers, the back
    monkeypatch.setenv(cache.STORE_ENV, "off")
    assert built(tmp_path, "fresh", *svg, "--pass-cards", "4") == changed


def test_switching_paper_renders_no_card(private_store, tmp_path, rendered):
    """--paper changes the sheets and the kit's pages, never a card: no face is rendered."""
    built(tmp_path, "a4")
    rendered.clear()
    letter = built(tmp_path, "letter", "--paper", "letter")
    assert not [n for n in rendered if n.startswith(CARD_TEMPLATES)] and "str8eight/str8eight-print-letter.pdf" in letter
    assert "howto/page.svg.j2" in rendered  # the kit's page for the new paper


CALLS: list = []


def render(deck, look):
    """render_deck, counting its calls (a module's function: the store names it; a closure it cannot)."""
    CALLS.append(look)
    return render_deck(deck, look)


def test_a_closure_keeps_nothing(private_store):
    look = Look(card_size("poker"), 3.0, False, DEFAULT_THEME)
    assert kept.deck_key(lambda d, lk: render_deck(d, lk), build_deck(4, 3), look) is None
    assert kept.deck_key(render, build_deck(4, 3), look) is not None


def test_a_kept_deck_is_the_deck_drawn_afresh_and_clean_draws_it_again(private_store, monkeypatch):
    look = Look(card_size("poker"), 3.0, False, DEFAULT_THEME)
    deck = build_deck(4, 3)
    calls = CALLS
    calls.clear()
    fresh = kept.kept_deck(render, deck, look)
    assert kept.kept_deck(render, deck, look) == fresh == render_deck(deck, look) and len(calls) == 1
    assert kept.kept_deck(render, deck, look.with_bleed(0.0)) == render_deck(deck, look.with_bleed(0.0))
    assert len(calls) == 2
    monkeypatch.setattr(cache, "_afresh", True)  # --clean
    assert kept.kept_deck(render, deck, look) == fresh and len(calls) == 3


def test_a_damaged_kept_deck_is_drawn_again(private_store):
    look = Look(card_size("poker"), 3.0, False, DEFAULT_THEME)
    deck = build_deck(4, 3)
    fresh = kept.kept_deck(render_deck, deck, look)
    entries = sorted((private_store / kept.KIND).iterdir())
    assert len(entries) == 2  # the number cards with the back, the pass cards
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:-10])
    assert kept.kept_deck(render_deck, deck, look) == fresh == render_deck(deck, look)


def test_kept_font_metrics_are_the_metrics_read_from_the_file(private_store):
    """The metrics the layouts measure with, from the store, are those fontTools reads (the
    outlines' x-bounds from each glyph's own header), for every bundled cut."""
    from fontTools.ttLib import TTFont

    from cardgen.design import fontmetrics, measure
    from cardgen.fontset import DEFAULT_FONTS, EARLY_READER_FONTS, HYPERLEGIBLE_FONTS

    for fonts in (DEFAULT_FONTS, HYPERLEGIBLE_FONTS, EARLY_READER_FONTS):
        for _, name in fonts.files:
            path = str(fonts.folder / name)
            fontmetrics._kept.cache_clear()
            made = fontmetrics.metrics(path)
            fontmetrics._kept.cache_clear()
            reused = cache.reused.get(fontmetrics.KIND, 0)
            assert fontmetrics.metrics(path) == made and cache.reused[fontmetrics.KIND] == reused + 1
            upm, chars, _ = made
            with TTFont(path, lazy=True) as font:
                cmap, hmtx, glyf = font.getBestCmap(), font["hmtx"], font["glyf"]
                assert upm == font["head"].unitsPerEm and set(chars) == set(cmap)
                for ch in "08×Pa ":
                    glyph = glyf[cmap[ord(ch)]]
                    bounds = (glyph.xMin, glyph.xMax) if hasattr(glyph, "xMin") else (None, None)
                    assert chars[ord(ch)] == (hmtx[cmap[ord(ch)]][0], *bounds), (name, ch)
            measure._ink_em.cache_clear()
            ink, advance, left = measure._ink_em(path, "12")
            one, two = chars[ord("1")], chars[ord("2")]
            assert (ink, advance, left) == ((one[0] + two[0] - one[1] - (two[0] - two[2])) / upm,
                                            (one[0] + two[0]) / upm, one[1] / upm)


def test_the_store_holds_a_deck_once_each_of_its_parts_is_kept(private_store, monkeypatch):
    look = Look(card_size("poker"), 3.0, False, DEFAULT_THEME)
    deck = build_deck(4, 3)
    assert not kept.holds_deck(render_deck, deck, look)
    kept.kept_deck(render_deck, deck, look)
    assert kept.holds_deck(render_deck, deck, look)
    assert not kept.holds_deck(render_deck, deck, look.with_bleed(0.0))  # another look: not drawn yet
    assert not kept.holds_deck(render_deck, build_deck(4, 2), look)  # new pass cards: that part is missing
    monkeypatch.setattr(cache, "_afresh", True)  # --clean draws afresh: nothing is held
    assert not kept.holds_deck(render_deck, deck, look)
    monkeypatch.setattr(cache, "_afresh", False)
    for entry in (private_store / kept.KIND).iterdir():  # one part gone: the deck is not held
        entry.unlink()
        break
    assert not kept.holds_deck(render_deck, deck, look)


def test_a_warm_build_starts_no_process_to_draw_its_card_pdfs(private_store, tmp_path, monkeypatch):
    """With a core spare, a build draws its card PDFs in a second process started before the
    deck is rendered. When the store holds the deck, nothing is rendered to overlap with and
    the PDFs come from the store: that process only added its fork, imports and font parsing
    (the 70-card print job: 0.34 s instead of 0.23 s). A first build starts it; a warm one,
    into a new folder, does not, and writes the same bytes."""
    from cardgen import build as building
    from cardgen.builders import deckfiles

    started: list = []

    class Counted(deckfiles.CardPdfs):
        def __init__(self, *args, **kwargs):
            started.append(args[1])
            super().__init__(*args, **kwargs)
    monkeypatch.setattr(deckfiles, "CardPdfs", Counted)
    monkeypatch.setattr(building, "_core_idle", lambda jobs: jobs > 1)  # as on an idle machine
    two_cores = [a if a != "1" else "2" for a in BUILD]  # -j 2
    first = run_cli(*two_cores, "--out", tmp_path / "first")
    assert first.exit_code == 0, first.output
    assert started == ["str8eight"]
    second = run_cli(*two_cores, "--out", tmp_path / "second")
    assert second.exit_code == 0, second.output
    assert started == ["str8eight"]  # the warm build drew its card PDFs from the store, in one process
    assert files(tmp_path / "second") == files(tmp_path / "first")
