"""Issue 38: words true for every kit, nothing for us in a buyer's file, Crazy Eights and
Eights set right, teacher pages a child can write on."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import refresh_manifest, run_cli, shared_build


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
