"""The lookahead player: only legal moves (the outside referees replay its hands), only what
its seat may know, a search that keeps the greedy move unless another is clearly better,
the same moves from the same seed, and a win over random players; and the skill ladder it
tops in every report. Tiny budgets: its strength is measured by benchmarks/playtest.py."""
import json
import random

import pytest

from cardgen.model.play import lookahead
from cardgen.model.play.bots import Greedy, RandomLegal
from cardgen.model.play.fourscore import FourScoreGreedy, FourScoreRandom, FourScoreVariant, play_game
from cardgen.model.play.lookahead import FourScoreLookahead, Str8EightLookahead, search
from cardgen.model.play.str8eight import PILE, Hand, Variant, cards_for, play_hand
from cardgen.playtest.simulate import LADDER, simulate
from conftest import run_cli
from referee import replay
from referee_fourscore import replay as replay_fourscore


def test_the_referees_accept_the_lookahead_players_hands():
    bots = [Str8EightLookahead(6), Greedy(), Str8EightLookahead(6, passes=False)]
    for seed in (3, 4):
        r = play_hand(Variant(players=3), bots, seed, log=True)
        assert r.winner is not None and replay(json.dumps(r.log)) == []
        assert r.moves[2 * 4 + 1] == 0  # the player kept from its pass cards played none
    r = play_game(FourScoreVariant(players=3), [FourScoreLookahead(6), FourScoreGreedy(), FourScoreRandom()], 5,
                  log=True)
    assert replay_fourscore(json.dumps(r.log)) == []


def _mid_hand(seed: int = 21, turns: int = 14) -> Hand:
    h = Hand(cards_for(Variant()), seed)
    g = Greedy()
    for _ in range(turns):
        seat = h.turn % 4
        h.take(seat, g.draw_from(h, seat) if h.discard else PILE)
        assert not h.apply(seat, *g.act(h, seat))
    return h


def test_a_determinization_keeps_what_the_seat_sees_and_deals_the_rest_anew():
    h = _mid_hand()
    seat = h.turn % 4
    other = (seat + 1) % 4
    h.shown[other].append(h.hands[other][0])  # a card the table saw that seat take
    unseen = lookahead._unseen(h, seat)
    hidden = set(unseen)
    assert not hidden & set(h.hands[seat] + h.discard + h.passed + h.shown[other] + [c for s in h.seqs for c in s])
    assert hidden == set(h.draw) | {c for s in range(4) if s != seat for c in h.hands[s]} - set(h.shown[other])
    worlds = [lookahead._determinize(h, seat, unseen, random.Random(k), 6) for k in range(2)]
    for w in worlds:
        assert w.hands[seat] == h.hands[seat] and w.discard == h.discard and w.seqs == h.seqs
        assert [len(x) for x in w.hands] == [len(x) for x in h.hands] and len(w.draw) == len(h.draw)
        assert w.hands[other][0] == h.hands[other][0]  # the card it was seen to take stays with it
        assert sorted(w.draw + [c for s in range(4) if s != seat for c in w.hands[s]]) == \
            sorted(h.draw + [c for s in range(4) if s != seat for c in h.hands[s]])
    assert worlds[0].draw[-6:] != worlds[1].draw[-6:]  # the pile's top is dealt anew
    assert h.hands == _mid_hand().hands  # the hand searched is left as it was


def test_the_search_keeps_the_greedy_move_unless_another_is_clearly_better():
    def deal(rng):
        return rng.random()

    better = search(["greedy", "other"], "greedy", 64, 1, deal,
                    lambda k, walk, w, rng: w + (0.2 if k == "other" else 0))
    assert better == "other"
    noise = [search(["greedy", "a", "b", "c"], "greedy", 64, seed, deal, lambda k, walk, w, rng: rng.random())
             for seed in range(12)]
    assert noise.count("greedy") >= 8  # chance alone rarely moves it off the greedy move
    assert search(["only"], "only", 64, 1, deal, None) == "only"


def test_the_search_stops_once_no_move_has_done_better_than_the_greedy_one():
    def counted(reward):
        calls = []

        def play(k, walk, w, rng):
            calls.append(k)
            return reward(k, w)
        return calls, play

    deal = lambda rng: rng.random()  # noqa: E731
    # every other move worse (or no better) than greedy's: one round of worlds, then greedy's move
    calls, play = counted(lambda k, w: w - (0.01 if k == "worse" else 0))
    assert search(["greedy", "worse", "same"], "greedy", 64, 1, deal, play) == "greedy"
    assert len(calls) == lookahead.ROUND * 3 < 64
    # a move ahead of greedy's keeps the search going to the budget (and is played when clearly better)
    calls, play = counted(lambda k, w: w + (0.2 if k == "other" else 0) * (w > 0.3))
    assert search(["greedy", "other"], "greedy", 64, 1, deal, play) == "other"
    assert len(calls) >= 64


def test_the_same_seed_gives_the_same_moves_whatever_process_plays_them():
    one = simulate("str8eight", Variant(players=3), ("lookahead", "greedy"), 4, 7, 1, stream=LADDER, iterations=6)
    two = simulate("str8eight", Variant(players=3), ("lookahead", "greedy"), 4, 7, 2, stream=LADDER, iterations=6)
    assert vars(one) == vars(two) and one.hands == 4
    assert one.bot_moves[("lookahead", "plays")] > 0 and one.bot_seats["lookahead"] == 6


@pytest.mark.parametrize("game", ["str8eight", "fourscore"])
def test_the_lookahead_player_beats_random_ones(game):
    if game == "str8eight":
        v, bots, play = Variant(players=2), lambda: [Str8EightLookahead(8), RandomLegal()], play_hand
    else:
        v, bots, play = FourScoreVariant(players=2), lambda: [FourScoreLookahead(8), FourScoreRandom()], play_game
    wins = 0
    for seed in range(3):
        for swap in (False, True):
            seats = bots()[::-1] if swap else bots()
            r = play(v, seats, seed)
            winners = [r.winner] if game == "str8eight" else r.winners
            wins += any(isinstance(seats[w], (Str8EightLookahead, FourScoreLookahead)) for w in winners)
    assert wins >= 5


def test_the_report_climbs_the_skill_ladder(tmp_path):
    out, figures = tmp_path / "out", tmp_path / "f.json"
    result = run_cli("playtest", "--game", "str8eight", "--players", "3", "--hands", "6", "--ladder-hands", "4",
                     "--lookahead-iterations", "4", "-j", "1", "--out", out, "--json", figures, "-q")
    assert result.exit_code == 0, result.output
    ladder = json.loads(figures.read_text())["reports"][0]["figures"]["ladder"]
    matches = {(m["strong"], m["weak"]): m for m in ladder["matches"]}
    assert list(matches) == [("greedy", "random"), ("lookahead", "greedy"), ("lookahead-no-pass", "greedy")]
    for m in matches.values():
        share = m["strong_share"]
        assert m["hands"] == 4 and share["count"] <= m["decided"] <= 4
        assert share["low"] <= share["rate"] <= share["high"] and m["play"][m["strong"]]["seat_hands"] == 6
    assert matches[("lookahead-no-pass", "greedy")]["play"]["lookahead-no-pass"]["passes"] == 0
    worth = ladder["pass_cards_worth"]
    assert worth["points"] == pytest.approx(100 * (worth["with"] - worth["without"]), abs=0.06)
    page = (out / "playtest" / "str8eight-playtest.html").read_text()
    assert "ladder: lookahead against greedy" in page and "pass cards worth to the lookahead player" in page
    assert "What the skill ladder says" in page and "Against greedy, the lookahead player plays" in page
    import pypdf

    text = pypdf.PdfReader(str(out / "playtest" / "str8eight-playtest-letter.pdf")).pages[0].extract_text()
    assert "Skill ladder" in text and "lookahead vs greedy" in text


@pytest.mark.parametrize("options, players", [({}, 3), ({"action_cards": True, "draw_until_play": True}, 2),
                                              ({"penalty_scoring": True, "target": 100}, 4)])
def test_the_crazy_eights_lookahead_player_plays_only_legal_moves(options, players):
    from cardgen.model.play import crazy_eights as ce
    from cardgen.model.play.lookahead_crazy_eights import CrazyEightsLookahead
    import referee_crazy_eights

    variant = ce.CrazyEightsVariant(players=players, target=options.pop("target", 100), **options)
    bots = [CrazyEightsLookahead(6)] + [ce.CrazyGreedy(), ce.CrazyRandom()][:players - 1] * 2
    r = ce.play_game(variant, bots[:players], 4, log=True)
    assert r.winners and referee_crazy_eights.replay_game([json.dumps(h.log) for h in r.hands]) == []


@pytest.mark.parametrize("words, players", [("numbers", 3), ("english", 2)])
def test_the_eights_lookahead_player_spells_only_legal_words(words, players):
    from cardgen.model.play import eights as e8
    from cardgen.model.play.lookahead_eights import EightsLookahead
    import referee_eights

    bots = [EightsLookahead(6), e8.EightsGreedy(), e8.EightsRandom()][:players]
    r = e8.play_game(e8.EightsVariant(players=players, words=words), bots, 5, log=True)
    assert r.winners and referee_eights.replay_game([json.dumps(h.log) for h in r.hands]) == []
    assert any(w for h in r.hands for s, w in h.words if s == 0)  # the searching seat spelled words


def test_every_game_climbs_to_the_lookahead_player(tmp_path):
    from cardgen.model.play.crazy_eights import CrazyEightsVariant
    from cardgen.playtest.run import LADDER_MATCHES

    assert all(("lookahead", "greedy") in matches for matches in LADDER_MATCHES.values())
    t = simulate("crazy-eights", CrazyEightsVariant(players=3, target=100), ("lookahead", "greedy"), 2, 7, 1,
                 stream=LADDER, iterations=4)
    assert t.hands == 2 and t.bot_seats["lookahead"] == 3 and sum(t.bot_wins.values()) > 0
    figures = tmp_path / "f.json"
    result = run_cli("playtest", "--game", "eights", "--players", "3", "--hands", "2", "--bots", "lookahead",
                     "--ladder-hands", "2", "--lookahead-iterations", "4", "-j", "1", "--out", tmp_path / "out",
                     "--json", figures, "-q")
    assert result.exit_code == 0, result.output
    report = json.loads(figures.read_text())["reports"][0]
    assert report["bots"] == ["lookahead"] * 3 and report["hands"] == 2
    ladder = report["figures"]["ladder"]["matches"]
    assert [(m["strong"], m["weak"]) for m in ladder] == [("greedy", "random"), ("lookahead", "greedy")]
    assert all(m["hands"] == 2 for m in ladder)
