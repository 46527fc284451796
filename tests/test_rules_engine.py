"""The rules engine: an outside referee replays logged hands, the booklet's scoring example,
the pass direction, greedy against random, -j changes nothing, FourScore's rows and the atlas."""
import io
import json
import math

import pytest

from cardgen.check.str8eight import count_sequences
from cardgen.model.atlas import atlas
from cardgen.model.play.bots import Greedy
from cardgen.model.play.fourscore import FourScoreGreedy, FourScoreRandom, FourScoreVariant, Game, play_game
from cardgen.model.play.str8eight import PASS, PILE, Hand, Variant, cards_for
from cardgen.model.str8eight import build_deck, successors
from cardgen.playtest.simulate import LADDER, simulate
from referee import replay


def _log(variant, bots, hands, seed=3):
    buf = io.StringIO()
    simulate("str8eight", variant, bots, hands, seed, 1, log=buf)
    return buf.getvalue().splitlines()


@pytest.mark.parametrize("variant, bots", [
    (Variant(), ("greedy",)),
    (Variant(), ("random", "greedy", "random", "greedy")),
    (Variant(5, 6, 8, 2), ("random",)),  # reshuffles and impasses
    (Variant(2, 6, 2, 3), ("greedy",)),  # a tiny deck: one-color wins, redeals
])
def test_the_referee_accepts_every_logged_hand(variant, bots):
    lines = _log(variant, bots, 12)
    assert len(lines) == 12
    for line in lines:
        assert replay(line) == [], line[:200]


def test_the_referee_catches_a_tampered_log():
    line = next(l for l in _log(Variant(), ("greedy",), 6) if json.loads(l)["winner"] is not None)
    hand = json.loads(line)

    def tampered(change):
        h = json.loads(line)
        change(h)
        return replay(json.dumps(h))

    assert tampered(lambda h: h["scores"].__setitem__(0, h["scores"][0] + 1))  # a wrong score
    assert tampered(lambda h: h.__setitem__("winner", (h["winner"] + 1) % 4))  # another winner
    assert tampered(lambda h: h.__setitem__("str8eight", True))  # a bonus that was not made
    assert tampered(lambda h: h["draw_pile"].reverse())  # the pile is not what was drawn
    plays = [i for i, e in enumerate(hand["events"]) if "play" in e]
    assert tampered(lambda h: h["events"].__delitem__(plays[0]))  # a missing move
    # an illegal play: the sequence's second card replaced by a value that cannot follow the first
    first, second = hand["events"][plays[0]]["play"], plays[1]
    seat = hand["events"][second]["p"]
    bad = next(c for c in ("64@8x8", "1@1x1") if c != first)
    assert tampered(lambda h: h["events"][second].__setitem__("play", bad)) != []
    assert tampered(lambda h: None) == [] and seat is not None


def _hand(cards, seqs, hands):
    """A hand put in a given state: sequences and hands by value (first free copy)."""
    h = Hand(cards, 1)
    pool = list(range(cards.count))

    def take(v):
        c = next(c for c in pool if (cards.ids[c].startswith(f"{v}@") if isinstance(v, int) else cards.ids[c] == v))
        pool.remove(c)
        return c
    h.seqs = [[take(v) for v in s] for s in seqs]
    h.hands = [[take(v) for v in x] for x in hands]
    h.last = [cards.value[s[-1]] if s else 0 for s in h.seqs]
    return h


def test_the_booklet_scoring_example():
    """Ana, Ben and Cleo, both endings (templates/rules/str8eight.md)."""
    cards = cards_for(Variant(players=3))
    ben, cleo = [2, 4, 8, 16], [1, 2, 3, 6, 12, 18]
    ben_hand, cleo_hand = [9, 40, "pass-left-1"], [5, 14, 21]
    plain = _hand(cards, [[3, 6, 12, 15, 20, 24, 28, 35], ben, cleo], [[], ben_hand, cleo_hand])._result(0)
    assert plain.scores == [143, -69, 2] and not plain.bonus
    str8 = _hand(cards, [[4, 8, 12, 16, 20, 24, 28, 32], ben, cleo], [[], ben_hand, cleo_hand])._result(0)
    assert str8.scores == [216, -99, -40] and str8.bonus


class _Scripted:
    def __init__(self, action):
        self.action = action

    def draw_from(self, hand, seat):
        return PILE

    def act(self, hand, seat):
        return self.action(hand, seat)


class _Stop(Exception):
    pass


def _stop(hand, seat):
    raise _Stop


def test_pass_left_hands_each_hand_to_the_next_seat():
    cards = cards_for(Variant(players=3))
    h = _hand(cards, [[], [], []], [["pass-left-1", 9, 40], [5, 14, 21], [7, 10, 25]])
    before = [list(x) for x in h.hands]
    h.draw = [cards.index["56@8x7"], cards.index["64@8x8"]]  # the top is the end
    with pytest.raises(_Stop):  # seat 0 draws the 64 and plays its pass card; seat 1 then stops
        h.play([_Scripted(lambda hand, seat: (PASS, cards.index["pass-left-1"])), _Scripted(_stop), _Scripted(_stop)])
    assert sorted(h.hands[1][:3]) == sorted(before[0][1:] + [cards.index["64@8x8"]])  # seat 0's hand to seat 1
    assert h.hands[1][3] == cards.index["56@8x7"]  # then seat 1 drew
    assert h.hands[2] == before[1] and h.hands[0] == before[2] and h.passes_played == 1


def test_greedy_beats_random_and_minds_the_tips():
    match = simulate("str8eight", Variant(), ("greedy", "random"), 20, 5, 1, stream=LADDER)
    assert match.bot_wins["greedy"] >= 0.9 * match.finished  # fair share: 50 %
    # the tip "don't play 24 too early": with a 12 down and 15 and 24 in hand, greedy plays 15
    cards = cards_for(Variant())
    h = _hand(cards, [[3, 6, 12], [], [], []], [[15, 24, 49, 64], [], [], []])
    assert cards.value[Greedy().act(h, 0)[1]] == 15


def test_the_same_seed_gives_the_same_tally_whatever_jobs():
    one = simulate("str8eight", Variant(), ("greedy",), 40, 9, 1)
    two = simulate("str8eight", Variant(), ("greedy",), 40, 9, 2)
    assert vars(one) == vars(two) and one.hands == 40


def test_fourscore_keeps_every_card_and_takes_rows_by_the_rules():
    for players in (2, 6):
        r = play_game(FourScoreVariant(players=players), [FourScoreGreedy()] + [FourScoreRandom()] * (players - 1), 4)
        assert r.rounds == 60 // players and min(r.piles) == r.piles[r.winners[0]]
    g = Game(FourScoreVariant(players=2), 1)
    g.rows = [[12, 15, 20, 24], [2], [3], [64]]
    g.piles = [0, 0]
    g.place(0, 28, (0, 1))  # the fifth card: the four others to the pile, 28 starts the row
    assert g.rows[0] == [28] and g.piles[0] == 4 - 1  # and 28 next to 24 names it (×4): one card back
    assert g.spots(25) == [] and g.spots(7) == [(0, 0), (1, 1), (2, 1)] and g.highest_rows() == [3]
    g.place(1, 25, None)  # no place for a 25 (no group shared): the row with the highest card (64)
    assert g.piles[1] == 1 and g.rows[3] == [25]
    total = play_game(FourScoreVariant(), [FourScoreRandom()] * 4, 2)
    assert total.fifth_cards >= 1


def test_atlas_counts_match_a_brute_force_enumeration_and_the_checkers_count():
    for n in (5, 6):
        seqs = []

        def walk(s):
            if len(s) == 8:
                seqs.append(s)
                return
            for w in successors(s[-1], n):
                walk(s + [w])
        for b in range(1, n + 1):
            walk([b])
        a = atlas(build_deck(n, 0), 8)
        assert a.value_sequences == len(seqs)
        assert a.card_sequences == sum(math.prod(a.copies[v] for v in s) for s in seqs)
        assert all(a.through[v] == sum(v in s for s in seqs) for v in a.values)
    for n, length in ((2, 3), (8, 8), (12, 8), (8, 5)):
        a = atlas(n, length)
        links = {(d, d * k, d * (k + 1)) for d in range(1, n + 1) for k in range(1, n)}
        other = count_sequences(dict(a.copies), links, n, length)
        assert (other["value_sequences"], other["card_sequences"], other["bonus_runs"]) == \
            (a.value_sequences, a.card_sequences, a.bonus_runs)
        assert other["through"] == a.through
    a = atlas(8, 8)
    assert (a.value_sequences, a.bonus_runs, a.longest) == (2966, 8, 20)
    assert a.mean_position(24) > 6 and a.hubs(2) == [12, 24]  # the tips' 24: a hub, played late
