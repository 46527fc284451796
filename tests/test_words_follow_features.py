"""Issue 38: words true for every kit, nothing for us in a buyer's file, Crazy Eights and
Eights set right, teacher pages a child can write on."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import run_cli, shared_build


# --- the engine: a turned-up 8 frees the first player's play only -------------------------------

def test_a_turned_up_eight_frees_only_the_first_turn():
    """The first player draws on a turned-up 8: the next player must follow the 8 (its suit
    or an 8), not play anything at all."""
    from cardgen.model.play.crazy_eights import DRAW, CrazyEightsVariant, Game, Hand

    class DrawFirst:
        name = "draw-first"

        def __init__(self):
            self.seen = []

        def choose(self, hand, seat):
            if not self.seen:
                self.seen.append(None)
                return (DRAW,)
            self.seen.append(hand.playable(seat))
            raise StopIteration  # one look at the second turn is all this test needs

        def name_suit(self, hand, seat, card):
            return "S"

        def play_drawn(self, hand, seat, card):
            return False

    variant = CrazyEightsVariant(players=2)
    for seed in range(400):
        game = Game(variant, seed)
        hand = Hand(game, 0)
        if not hand.cards.eight[hand.starter]:
            continue
        bot = DrawFirst()
        with pytest.raises(StopIteration):
            hand.play([bot, bot])
        c, top = hand.cards, hand.starter
        allowed = [x for x in hand.hands[1] if c.eight[x] or c.suit[x] == c.suit[top] or c.rank[x] == c.rank[top]]
        assert sorted(bot.seen[1]) == sorted(allowed), seed
        if len(allowed) < len(hand.hands[1]):
            return  # a hand with a card that only the free play would have let through: shown
    pytest.fail("no deal in 400 turned up an 8 with a card the second player may not play")


# --- words follow features: every preset and level checked, and damage caught ------------------

KITS = {  # a kit of each preset and of the levels and options that take a feature away
    "intro": ("--preset", "intro"),
    "grade3": ("--preset", "grade3"),
    "mtc": ("--preset", "mtc"),
    "bare-low-ink": ("--scaffold", "bare", "--low-ink"),
    "colors-large": ("--scaffold", "colors", "--large-print"),
    "bare-no-pass": ("--scaffold", "bare", "--pass-cards", "0", "--table-size", "9"),
    "no-bonus": ("--table-size", "7", "--sequence-length", "8", "--low-ink"),
}
PARTS = ("--game", "str8eight,fourscore", "--format", "pdf,html", "--only", "rules,sheet,box,teacher", "-j", "1")


def kit(tmp_path_factory, name: str) -> Path:
    return shared_build(tmp_path_factory, f"words-{name}", *KITS[name], *PARTS)


@pytest.mark.parametrize("name", sorted(KITS))
def test_every_kit_speaks_only_of_features_its_cards_have(tmp_path_factory, name):
    out = kit(tmp_path_factory, name)
    result = run_cli("check", out)
    assert result.exit_code == 0, result.output
    assert re.search(r"\d+ buyer files hold nothing written for us; \d+ of them speak only of features the cards "
                     r"have", result.output) or "buyer files hold nothing written for us" in result.output


def test_the_preview_booklets_and_posters_of_bare_cards_name_no_arrow(tmp_path_factory):
    """What the issue found in the mtc kit, read back as a buyer reads it."""
    from cardgen.check.buyerwords import text_of

    out = kit(tmp_path_factory, "mtc")
    words = {p: text_of(out / p) for p in ("str8eight/str8eight-rules.pdf", "str8eight/str8eight-reference.pdf",
                                            "str8eight/str8eight-tuckbox-a4.pdf", "fourscore/fourscore-rules.pdf",
                                            "fourscore/fourscore-reference.pdf", "str8eight/str8eight-atlas-a4.pdf",
                                            "index.html")}
    every = " ".join(words.values())
    for gone in ("stay in one color", "one per color", "right arrow", "Colored arrows", "arrow color in common",
                 "arrow-matching", "climbs by right arrows", "Follow its arrows"):
        assert gone not in every, gone
    assert "Must my whole sequence stay in one group?" in words["str8eight/str8eight-rules.pdf"]
    assert "The one-step bonus" in words["fourscore/fourscore-rules.pdf"]
    assert "The sequence sheet shows which numbers may come next" in words["str8eight/str8eight-tuckbox-a4.pdf"]


@pytest.mark.parametrize("file, old, new, said", [
    ("str8eight/str8eight-atlas-a4.svg", "climbs one multiple at a time", "climbs by right arrows",
     "speaks of arrows on the number cards"),
    ("str8eight/sequence-sheet-a4.svg", "Each row is one group of multiples.",
     "Each row is one group of multiples, one per color.", "speaks of a color per group"),
])
def test_the_check_fails_a_kit_whose_words_name_a_feature_its_cards_lack(tmp_path_factory, tmp_path, file, old,
                                                                          new, said):
    from conftest import assert_check_catches, edit

    out = tmp_path / "out"
    shutil.copytree(kit(tmp_path_factory, "mtc"), out)
    edit(out / file, old, new)
    assert_check_catches(out, [f"{file}: -: {said}"])


def test_the_check_fails_pass_cards_named_in_a_deck_without_them(tmp_path_factory, tmp_path):
    from conftest import assert_check_catches, edit

    out = tmp_path / "out"
    shutil.copytree(kit(tmp_path_factory, "bare-no-pass"), out)
    edit(out / "str8eight/sequence-sheet-letter.svg", "Each row is one group of multiples.",
         "Each row is one group of multiples. Pass cards move every hand.")
    assert_check_catches(out, ["str8eight/sequence-sheet-letter.svg: -: speaks of pass cards in the deck"])


def test_no_bonus_named_where_no_run_fits(tmp_path_factory, tmp_path):
    from conftest import assert_check_catches, edit

    out = tmp_path / "out"
    shutil.copytree(kit(tmp_path_factory, "no-bonus"), out)
    edit(out / "str8eight/str8eight-atlas-letter.svg", "one-color runs<", "one-color runs (bonus)<")
    assert_check_catches(out, ["str8eight/str8eight-atlas-letter.svg: -: speaks of a winning sequence of one group"])


@pytest.mark.parametrize("n", [6, 8, 9, 10, 12])
def test_the_finish_tip_plans_among_the_big_numbers_of_the_kits_own_table(n):
    from cardgen.check.featurecheck import TOP_SHARE
    from cardgen.model import str8eight
    from cardgen.model.facts import str8eight_facts

    f = str8eight_facts(n, 6, min(8, n))
    values = sorted(str8eight.value_counts(n))
    a, _, c, _, e = f.finish
    assert {a, c, e} <= set(values) and e >= values[int(len(values) * (1 - TOP_SHARE))], (n, f.finish)
    assert (f.finish[0], f.finish[2], f.finish[4]) == ((24, 35, 48) if n == 8 else (a, c, e))
    if n != 8:
        assert (a, c, e) != (24, 35, 48)


def test_the_check_reads_the_finish_tip_against_the_table():
    from cardgen.check.featurecheck import _check_finish
    from cardgen.check.report import GameReport

    values = sorted({r * c for r in range(1, 13) for c in range(1, 13)})
    report = GameReport("words")
    _check_finish("Tip: Plan your finish among the big numbers. 24 to 35 to 48 is a strong one", values, "b.pdf", report)
    _check_finish("Tip: Plan your finish among the big numbers. 90 to 110 to 132 is a strong one", values, "c.pdf",
                  report)
    assert [v.file for v in report.violations] == ["b.pdf"]
    assert "plans 24 to 35 to 48, not among the big numbers" in report.violations[0].problem


# --- nothing written for us in a buyer's file ------------------------------------------------------

@pytest.mark.parametrize("file, add, said", [
    ("README.md", "\nNumbers from RESEARCH.md.\n", "README.md: -: holds a source document of ours"),
    ("str8eight/str8eight-atlas-a4.svg", "In 60 trial hands of 4 greedy players, 60 were won.",
     "str8eight/str8eight-atlas-a4.svg: -: holds computer play's figures"),
])
def test_the_check_fails_a_buyer_file_holding_words_written_for_us(tmp_path_factory, tmp_path, file, add, said):
    from conftest import assert_check_catches

    out = tmp_path / "out"
    shutil.copytree(kit(tmp_path_factory, "mtc"), out)
    path = out / file
    text = path.read_text()
    path.write_text(text.replace("</text>", f" {add}</text>", 1) if file.endswith(".svg") else text + add)
    assert_check_catches(out, [said])


def test_computer_play_lives_in_the_designers_notes_only(tmp_path_factory, tmp_path):
    """The booklets keep the rules; the figures of computer play go to designer-notes.md,
    which the kit lists as optional and the buyer-words check leaves alone."""
    from cardgen.check.buyerwords import text_of
    from cardgen.internalwords import found

    out = kit(tmp_path_factory, "grade3")
    manifest = json.loads((out / "manifest.json").read_text())
    notes = {e["path"]: e["kind"] for e in manifest["files"] if e["path"].endswith("designer-notes.md")}
    assert notes == {"str8eight/designer-notes.md": "designer-notes", "fourscore/designer-notes.md": "designer-notes"}
    for game in ("str8eight", "fourscore"):
        booklet = text_of(out / game / f"{game}-rules.pdf")
        assert "What computer play showed" not in booklet and not found(booklet), game
        assert "What computer play showed" in (out / game / "designer-notes.md").read_text()
    assert "designer-notes.md           optional" in (out / "README.md").read_text()
    assert not found(text_of(out / "str8eight" / "str8eight-teacher-letter.pdf"))


def test_the_shops_sources_are_written_for_the_buyer():
    from cardgen.internalwords import found
    from cardgen.shops import shops

    for shop in shops().values():
        assert not found(shop.source), (shop.slug, found(shop.source))


EIGHTS_RULES = ("--game", "eights", "--only", "rules", "--format", "pdf", "--paper", "both", "-j", "1")


def eights_rules(tmp_path_factory) -> Path:
    """Eights' booklets and aids on both papers, with their how-to-print pages: built once for the
    two README tests below, each of which works on a copy."""
    return shared_build(tmp_path_factory, "words-eights-rules", *EIGHTS_RULES)


def test_the_readme_names_every_how_to_print_page_built(tmp_path_factory, tmp_path):
    from cardgen.outdir import readme_text

    text = readme_text(("how-to-print-letter.pdf", "how-to-print-a4.pdf"))
    assert "how-to-print-letter.pdf       read this first" in text and "how-to-print-a4.pdf           the same" in text
    assert "how-to-print" not in readme_text()  # a build with no page (no PDF) names none
    out = tmp_path / "out"
    shutil.copytree(eights_rules(tmp_path_factory), out)  # a copy: the second build below replaces its README
    readme = (out / "README.md").read_text()
    pages = sorted(p.name for p in out.glob("how-to-print-*.pdf"))
    assert pages == ["how-to-print-a4.pdf", "how-to-print-letter.pdf"]
    assert all(f"    {page} " in readme for page in pages)
    again = run_cli("build", *EIGHTS_RULES, "--out", out, "-q")  # our README, whatever pages it names, is ours
    assert again.exit_code == 0, again.output  # to replace


def test_the_preview_says_how_calibrate_saves_the_printer(tmp_path_factory):
    page = (kit(tmp_path_factory, "mtc") / "index.html").read_text()
    first = page[page.index('id="print-first"'):page.index("</section>", page.index('id="print-first"'))]
    assert "cardgen calibrate --read" in first and "[printer]" not in first and "cardgen.toml" not in first


# --- teacher pages -----------------------------------------------------------------------------

@pytest.mark.parametrize("n, length", [(6, 5), (8, 8), (9, 8), (12, 8)])
def test_the_recording_boxes_hold_a_childs_widest_fact(n, length):
    """At least 12 mm high, and wide enough for the table's widest fact ("12 × 12 = 144")
    written at 3.5 mm a digit or sign, as a child of eight writes."""
    from cardgen.documents.teacher import MM, recording
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.model.teacher import teacher_facts
    from cardgen.theme import Theme

    theme = Theme()
    fonts = register_reportlab_fonts(theme.fonts)
    f = teacher_facts(n, 6, length)
    table = recording(f, fonts, (210 - 24) * MM, (297 - 60) * MM, theme.tokens)
    boxes = table._colWidths[1:-1]
    widest = f"{n} × {n} = {n * n}".replace(" ", "")
    assert min(boxes) / MM >= len(widest) * 3.5, (n, [round(b / MM, 1) for b in boxes])
    assert min(table._rowHeights[1:]) / MM >= 12
    filled = sum(1 for row in table._cellvalues[1:] for cell in row[1:-1] if cell)
    assert filled >= 2 * length  # the example and at least one sequence to write


def test_the_lesson_plan_names_the_facts_play_rarely_reaches():
    from cardgen.documents.ruletext import load, plain_text
    from cardgen.model.teacher import teacher_facts

    f = teacher_facts(9, 6, 8, scaffold="colors", preset="grade3")
    assert f.rare_facts == ((7, 9), (8, 8), (8, 9)) and f.unused_facts == ((9, 9),)
    text = " ".join(plain_text(load("str8eight-teacher", f)).split())
    plan = text[:text.index("Str8 Eight · recording sheet")]
    assert "Play seldom reaches 7 × 9, 8 × 8 and 8 × 9: fewer than one winning sequence in 100" in plan
    assert "9 × 9 never comes up at all" in plan
    assert "Follow-up: after a hand, have each group read the 7s, 8s and 9s rows of the sequence sheet" in plan
    eight = " ".join(plain_text(load("str8eight-teacher", teacher_facts(8, 6, 8))).split())
    assert "Play seldom reaches 8 × 8: fewer than one winning sequence in 100 passes through it" in eight
    assert "read the 8s row of the sequence sheet" in eight


# --- Crazy Eights and Eights ------------------------------------------------------------------------

def _words(name: str, facts=None) -> str:
    from cardgen.documents.ruletext import load, plain_text

    return " ".join(plain_text(load(name, facts)).split())


def test_crazy_eights_marks_and_lists_its_options_and_added_rules():
    from cardgen.model.facts import crazy_eights_facts
    from cardgen.model.readings import readings

    kinds = {r.id: r.kind for r in readings("crazy-eights")}
    for added in ("aces-one", "targets", "penalty-scoring", "penalty-tie", "draw-until", "action-cards",
                  "two-player-reverse", "starter-action", "going-out-on-an-action"):
        assert kinds[added] == "added", added
    text = _words("crazy-eights", crazy_eights_facts())
    rules, about = text[:text.rindex("About this edition")], text[text.rindex("About this edition"):]
    for topic in ("Aces count 1", "A shorter or a longer game", "Penalty scoring", "Drawing until you can play",
                  "Action cards", "Going out on an action card"):
        assert f"{topic} (added rule)" in about and about.count(f"{topic} (") == 1, topic
    assert "(our reading)" not in about[about.index("Aces count 1"):]
    # every action-card ruling comes after the action cards are introduced
    assert rules.index("Under the action-card option, a player whose last card") > rules.index("Option: Action cards")
    assert rules.count("†") == len(re.findall(r"\((?:our reading|added rule)\)", about))


def test_crazy_eights_says_its_players_and_its_tagline_once():
    from cardgen.documents.boxtext import box_text
    from cardgen.model.facts import crazy_eights_facts
    from cardgen.model.package import BoxFacts, crazy_eights_package

    for decks, seats in ((1, "2–6 players (7 or more with a second deck)"), (2, "2 or more players")):
        f = crazy_eights_facts(decks)
        text = _words("crazy-eights", f)
        box = box_text("crazy-eights", BoxFacts(f, crazy_eights_package(decks), {"card": f.cards}))
        assert box.tagline not in text  # the cover prints it once, above the fan
        assert text.count(seats) >= 2 and "2 or more players" not in text.replace(seats, "")
        assert dict((face, value) for face, value, _ in box.glance)["players"] == ("2–6" if decks == 1 else "2+")
        assert "this kit has one" not in text and "7 of hearts" not in text


def test_eights_marks_passing_by_choice_and_states_each_reading_once():
    text = _words("eights")
    rules = text[:text.rindex("About this edition")]
    assert "You may pass even when you could spell a word.†" in rules
    assert "Passing when you could spell (our reading)" in text
    assert rules.count("The hand is over when") == 1 and rules.count("under the stack") == 1


def test_no_eight_word_run_of_the_reference_texts():
    import subprocess
    import sys

    tool = Path("/work/shared/tools/copycheck.py")
    if not tool.exists():
        pytest.skip("the shared copy checker is not on this machine")
    repo = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, str(tool), str(repo), "--min-words", "8"], capture_output=True, text=True)
    assert proc.stdout == "" and proc.returncode == 0, proc.stdout[:2000]


# --- Str8 Eight: marks where the reference leaves a point open, and the turn limit stated ---------

def test_str8eight_marks_only_what_the_reference_leaves_open():
    from cardgen.model.facts import str8eight_facts

    eight = _words("str8eight", str8eight_facts())
    about = eight[eight.rindex("About this edition"):]
    assert "Rebuilding the draw pile" not in about  # the reference shuffles discards and pass cards back in
    assert "What makes a Str8 Eight" not in about  # its "all eight cards of one color group" settles the bonus
    assert "shuffle the whole discard pile and the played pass cards into a new draw pile" in eight
    twelve = _words("str8eight", str8eight_facts(12, 6, 8))
    assert "What makes a Str8 Eight (our reading)" in twelve  # a group longer than a sequence: open there


def test_the_turn_limit_the_engine_keeps_is_the_one_the_booklet_states():
    from cardgen.model.facts import str8eight_facts
    from cardgen.model.readings import engine_settings

    limit = engine_settings("str8eight")["max_turns"]
    assert f"or it reaches {limit:,} turns (all players’ turns counted) with no winner" in \
        _words("str8eight", str8eight_facts())


# --- how often the bonus happens, where measured ------------------------------------------------

def test_the_booklet_states_the_bonus_rate_only_where_it_was_measured(monkeypatch):
    from cardgen.model import bonusrate
    from cardgen.model.facts import str8eight_facts

    monkeypatch.setattr(bonusrate, "MEASURED", {(7, 6, 7): (300, 290, 29), (5, 6, 5): (300, 280, 1)})
    often = _words("str8eight", str8eight_facts(7, 6, 7))
    assert "Among good players, about one won hand in 10 ends in a Str8 Seven at a table of four" in often
    rare = _words("str8eight", str8eight_facts(5, 6, 5))
    assert "fewer than one won hand in 90 ends in a Str8 Five" in rare  # 280 / 3, the rule of three, rounded down
    assert "Among good players" not in _words("str8eight", str8eight_facts(6, 6, 6))  # not measured: not said


def test_every_measured_rate_is_stated_in_its_variants_booklet():
    from cardgen.model.bonusrate import MEASURED, one_hand_in
    from cardgen.model.facts import str8eight_facts

    for (n, passes, length), (hands, won, bonuses) in MEASURED.items():
        how, one_in = one_hand_in(n, passes, length)
        assert 0 <= bonuses <= won <= hands and won
        text = _words("str8eight", str8eight_facts(n, passes, length))
        assert f"{'about' if how == 'about' else 'fewer than'} one won hand in {one_in} ends in" in text, (n, length)


def test_no_booklet_repeats_its_boxs_tagline_under_the_cover():
    from cardgen.documents.ruletext import RULES_DIR

    for game in ("str8eight", "crazy-eights", "eights", "fourscore"):
        box = (RULES_DIR / f"{game}-box.md").read_text()
        tagline = box.split("## Tagline", 1)[1].split("##", 1)[0].strip()
        assert tagline and tagline not in _words(game), game


def test_a_games_own_text_never_names_the_software(tmp_path_factory, tmp_path):
    from conftest import assert_check_catches

    out = tmp_path / "out"
    shutil.copytree(kit(tmp_path_factory, "mtc"), out)
    sheet = out / "str8eight/sequence-sheet-a4.svg"
    sheet.write_text(sheet.read_text().replace("</text>", " Made with cardgen.</text>", 1))
    readme = out / "README.md"
    assert "cardgen" in readme.read_text()  # the README may name it: it is the folder's, not the game's
    assert_check_catches(out, ["str8eight/sequence-sheet-a4.svg: -: holds the software's name"])


def test_a_readme_that_leaves_out_a_how_to_print_page_fails_the_check(tmp_path_factory, tmp_path):
    from conftest import assert_check_catches

    out = tmp_path / "out"
    shutil.copytree(eights_rules(tmp_path_factory), out)  # damaged below: a copy
    readme = out / "README.md"
    readme.write_text("\n".join(line for line in readme.read_text().splitlines() if "how-to-print-a4.pdf" not in line))
    assert_check_catches(out, ["README.md: -: does not name how-to-print-a4.pdf"])
