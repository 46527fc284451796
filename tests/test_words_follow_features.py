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
