"""Hand logs under the outside referees (issue 24): FourScore's JSON lines replayed by
tests/referee_fourscore.py, and the class presets' hands of both games replayed with the
one-color bonus as the booklets define it. A few hands each: the referees are pure Python."""
import io
import json

import pytest

from cardgen.model.play.fourscore import FourScoreGreedy, FourScoreVariant, play_game
from cardgen.model.play.str8eight import Variant
from cardgen.playtest.simulate import simulate
from cardgen.settings import PRESETS
from referee import one_color_run
from referee import replay as replay_hand
from referee_fourscore import replay as replay_game


def _lines(game: str, variant, bots: tuple, hands: int, seed: int = 3) -> list:
    buf = io.StringIO()
    simulate(game, variant, bots, hands, seed, 1, log=buf)
    return buf.getvalue().splitlines()


@pytest.mark.parametrize("variant, bots", [
    (FourScoreVariant(), ("greedy",)),
    (FourScoreVariant(players=2), ("random",)),
    (FourScoreVariant(7, 3), ("greedy", "random", "random")),  # 45 cards: 15 each, none left over
    (FourScoreVariant(7, 6), ("random",)),  # 45 cards: 7 each and 3 left out of play
])
def test_the_fourscore_referee_accepts_every_logged_game(variant, bots):
    lines = _lines("fourscore", variant, bots, 4)
    assert len(lines) == 4
    for line in lines:
        assert replay_game(line) == [], line[:300]


def test_fourscore_logs_record_the_row_ties_and_the_referee_catches_a_tampered_log():
    games = [json.loads(line) for line in _lines("fourscore", FourScoreVariant(), ("random",), 12)]
    ties = [e for g in games for e in g["events"] if "tied" in e]
    assert ties and all(e["take"] in e["tied"] and len(e["tied"]) > 1 for e in ties)  # the player's choice, logged
    game = next(g for g in games if any("tied" in e for e in g["events"]))

    def tampered(change):
        g = json.loads(json.dumps(game))
        change(g)
        return replay_game(json.dumps(g))

    def event(g, key):
        return next(e for e in g["events"] if key in e)

    tie = event(game, "tied")
    other = next(r for r in range(4) if r not in tie["tied"])
    assert tampered(lambda g: None) == []
    assert tampered(lambda g: g["piles"].__setitem__(0, g["piles"][0] + 1))  # a pile miscounted
    assert tampered(lambda g: g.__setitem__("winners", [0, 1, 2, 3]))
    assert tampered(lambda g: event(g, "tied").__setitem__("take", other))  # a row without the highest card
    assert tampered(lambda g: event(g, "tied").pop("tied"))  # a tie not recorded
    assert tampered(lambda g: event(g, "fifth").pop("fifth"))  # a fifth card not taken
    assert tampered(lambda g: event(g, "reveal")["reveal"].reverse())  # cards the seats do not hold
    assert tampered(lambda g: g["rows"][0].__setitem__(0, 999))  # the deal is not the deck
    place = next(e for e in game["events"] if e.get("side") == "right" and not e.get("fifth"))
    assert tampered(lambda g: next(e for e in g["events"] if e == place).__setitem__("side", "left"))


def test_the_greedy_fourscore_player_takes_the_cheapest_tied_row():
    """Over whole games, every tied take of a greedy player is a shortest one of the tied rows."""
    r = play_game(FourScoreVariant(), [FourScoreGreedy()] * 4, 5, log=True)
    rows = [list(x) for x in r.log["rows"]]
    checked = 0
    for e in r.log["events"]:  # follow the rows to know their lengths at each take
        if "take" in e:
            if "tied" in e:
                assert len(rows[e["take"]]) == min(len(rows[t]) for t in e["tied"])
                checked += 1
            rows[e["take"]] = [e["card"]]
        elif "row" in e:
            row = rows[e["row"]]
            row.append(e["card"]) if e["side"] == "right" else row.insert(0, e["card"])
            if e.get("fifth"):
                rows[e["row"]] = [e["card"]]
    assert r.row_ties == checked


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_class_presets_hands_replay_with_the_bonus_as_defined(preset):
    v = PRESETS[preset].values
    variant = Variant(v["table_size"], v["pass_cards"], v["sequence_length"], 4)
    for line in _lines("str8eight", variant, ("greedy",), 6) + _lines("str8eight", variant, ("random",), 3):
        assert replay_hand(line) == [], line[:300]
    for line in _lines("fourscore", FourScoreVariant(v["table_size"], 4), ("greedy",), 2):
        assert replay_game(line) == [], line[:300]


def test_an_intro_win_inside_one_group_but_with_a_gap_earns_no_bonus():
    """The case the outside referee found: intro hands won with, say, 2 · 4 · 8 · 10 · 12."""
    v = PRESETS["intro"].values
    variant = Variant(v["table_size"], v["pass_cards"], v["sequence_length"], 2)
    lines = _lines("str8eight", variant, ("random",), 150, seed=11)
    n = v["table_size"]
    gapped = bonus = 0
    for line in lines:
        hand = json.loads(line)
        if hand["winner"] is None:
            continue
        seats = [[] for _ in range(hand["players"])]
        for e in hand["events"]:
            if "play" in e:
                seats[e["p"]].append(int(e["play"].split("@")[0]))
        won = seats[hand["winner"]]
        loose = any(all(x % d == 0 and x // d <= n for x in won) for d in range(1, n + 1))
        gapped += loose and not one_color_run(won, n)
        bonus += hand["str8eight"]
        assert hand["str8eight"] == one_color_run(won, n) and replay_hand(line) == []
    assert gapped and bonus  # both kinds were played, and told apart


def test_playtest_logs_fourscore_games_too():
    """The report's games are the logged ones (playtest --log: the run writes every game played)."""
    from cardgen.playtest.run import play

    buf = io.StringIO()
    report = play("fourscore", FourScoreVariant(), ("greedy",), 5, 2, 1, log=buf)
    lines = buf.getvalue().splitlines()
    assert len(lines) == report["figures"]["games"] == 5
    assert all(json.loads(line)["game"] == "fourscore" and replay_game(line) == [] for line in lines)
