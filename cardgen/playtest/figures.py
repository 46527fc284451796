"""The report's figures from a tally: plain JSON numbers, the same ones the plots draw.

Rates carry 95 % Wilson score intervals (sound for small counts and for rates near 0
or 1, unlike the normal approximation). Every number is rounded to a fixed number of
digits, so the JSON is the same bytes on every machine.
"""
from __future__ import annotations

import math

from .simulate import SHARE_UNIT, Tally

Z95 = 1.959964


def wilson(successes: float, n: int) -> tuple:
    """The 95 % Wilson score interval of a rate: (low, high); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _r(x: float, digits: int = 4) -> float:
    return round(float(x), digits)


def _rate(k: float, n: int) -> dict:
    low, high = wilson(k, n)
    return {"count": _r(k, 2) if k != int(k) else int(k), "rate": _r(k / n if n else 0.0),
            "low": _r(low), "high": _r(high)}


def _hist(counter) -> dict:
    return {str(k): counter[k] for k in sorted(counter)}


def _spread(counter) -> dict:
    """Mean, median and the 10th and 90th percentiles of a histogram."""
    n = sum(counter.values())
    if not n:
        return {"mean": None, "median": None, "p10": None, "p90": None}
    items = sorted(counter.items())

    def quantile(q: float) -> int:
        want, seen = q * (n - 1), 0
        for value, count in items:
            seen += count
            if seen > want:
                return value
        return items[-1][0]
    return {"mean": _r(sum(v * c for v, c in items) / n, 2), "median": quantile(0.5),
            "p10": quantile(0.1), "p90": quantile(0.9)}


def str8eight_figures(tally: Tally, players: int) -> dict:
    n = tally.hands
    seats = [_rate(tally.seat_wins[s], n) for s in range(players)]
    others = sum(tally.other_scores.values())
    return {
        "hands": n,
        "finished": _rate(tally.finished, n),
        "turns": {**_spread(tally.turns), "histogram": _hist(tally.turns)},
        "rounds_per_hand": _r(_spread(tally.turns)["mean"] / players, 2) if n else None,
        "seats": seats,
        "first_seat_edge": _r(seats[0]["rate"] - 1 / players) if n else None,
        "bots": {name: _rate(tally.bot_wins[name], tally.bot_seats[name]) for name in sorted(tally.bot_seats)},
        "bonus": _rate(tally.bonus, tally.finished),
        "reshuffle": {"hands": _rate(n - tally.reshuffles[0], n), **_spread(tally.reshuffles),
                      "histogram": _hist(tally.reshuffles)},
        "impasse": {"hands": _rate(n - tally.impasses[0], n), **_spread(tally.impasses),
                    "histogram": _hist(tally.impasses)},
        "pass_cards": {"hands": _rate(n - tally.passes[0], n), **_spread(tally.passes),
                       "histogram": _hist(tally.passes)},
        "scores": {"winner": {**_spread(tally.winner_scores), "histogram": _hist(tally.winner_scores)},
                   "others": {**_spread(tally.other_scores), "histogram": _hist(tally.other_scores)},
                   "others_below_zero": _rate(sum(c for s, c in tally.other_scores.items() if s < 0), others)},
        "others_lengths": _hist(tally.lengths),
        "heat": {f"{r}x{c}": k for (r, c), k in sorted(tally.heat.items())},
    }


def fourscore_figures(tally: Tally, players: int) -> dict:
    n = tally.hands
    seats = [_rate(tally.seat_wins[s] / SHARE_UNIT, n) for s in range(players)]
    piles = tally.winner_scores + tally.other_scores
    return {
        "games": n,
        "rounds": _spread(tally.turns)["median"],
        "seats": seats,
        "first_seat_edge": _r(seats[0]["rate"] - 1 / players) if n else None,
        "bots": {name: _rate(tally.bot_wins[name] / SHARE_UNIT, tally.bot_seats[name])
                 for name in sorted(tally.bot_seats)},
        "piles": {**_spread(piles), "histogram": _hist(piles)},
        "winning_piles": {**_spread(tally.winner_scores), "histogram": _hist(tally.winner_scores)},
        "fifth_cards": {**_spread(tally.fifth_cards), "histogram": _hist(tally.fifth_cards)},
        "takes": {**_spread(tally.takes), "histogram": _hist(tally.takes)},
        "arrow_bonus": {**_spread(tally.bonuses), "histogram": _hist(tally.bonuses)},
    }


def _games_figures(tally: Tally, players: int) -> dict:
    """What Crazy Eights and Eights share: games of several hands, won (or shared) by seats."""
    n = tally.hands
    seats = [_rate(tally.seat_wins[s] / SHARE_UNIT, n) for s in range(players)]
    return {
        "games": n,
        "hands": tally.hand_count,
        "finished": _rate(tally.finished, n),
        "hands_per_game": {**_spread(tally.game_hands), "histogram": _hist(tally.game_hands)},
        "turns_per_hand": {**_spread(tally.turns), "histogram": _hist(tally.turns)},
        "seats": seats,
        "first_seat_edge": _r(seats[0]["rate"] - 1 / players) if n else None,
        "bots": {name: _rate(tally.bot_wins[name] / SHARE_UNIT, tally.bot_seats[name])
                 for name in sorted(tally.bot_seats)},
        "final_scores": {"winners": {**_spread(tally.winner_scores), "histogram": _hist(tally.winner_scores)},
                         "others": {**_spread(tally.other_scores), "histogram": _hist(tally.other_scores)}},
    }


def crazy_eights_figures(tally: Tally, players: int) -> dict:
    hands = tally.hand_count
    won = hands - tally.blocked
    return {
        **_games_figures(tally, players),
        "stock_out": _rate(tally.stock_out, hands),
        "reshuffles": {**_spread(tally.reshuffles), "histogram": _hist(tally.reshuffles)},
        "decided_by_eight": _rate(tally.out_on_eight, won),
        "eight_caught": _rate(tally.eight_caught, hands),
        "eights_played": {**_spread(tally.eights_played), "histogram": _hist(tally.eights_played)},
        "blocked": _rate(tally.blocked, hands),
        "hand_scores": {**_spread(tally.hand_scores), "histogram": _hist(tally.hand_scores)},
    }


TOP_WORDS = 12  # the words a report lists by name


def eights_figures(tally: Tally, players: int) -> dict:
    spelled = sum(tally.word_lengths.values())
    top = sorted(tally.words.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_WORDS]
    return {
        **_games_figures(tally, players),
        "word_held": _rate(tally.turns_with_word, tally.turns_all),
        "stock_out": _rate(tally.stock_out, tally.hand_count),
        "words_spelled": spelled,
        "words_per_hand": _r(spelled / tally.hand_count, 2) if tally.hand_count else None,
        "word_lengths": _hist(tally.word_lengths),
        "top_words": dict(top),
        "distinct_words": len(tally.words),
        "hand_scores": {**_spread(tally.hand_scores), "histogram": _hist(tally.hand_scores)},
    }


BOT_TITLES = {"random": "random", "greedy": "greedy", "lookahead": "lookahead",
              "lookahead-no-pass": "lookahead without pass cards"}


def players_words(bots: tuple, iterations: int) -> str:
    """Who played, as the reports of a tune or a sweep say it: "lookahead players (64 rollouts a
    decision) in every seat", "seats: lookahead, greedy, greedy, greedy (lookahead: …)"."""
    budget = f"{iterations} rollout{'s' if iterations != 1 else ''} a decision"
    if len(set(bots)) == 1:
        name = bots[0]
        return f"{BOT_TITLES[name]} players{f' ({budget})' if name.startswith('lookahead') else ''} in every seat"
    slow = any(b.startswith("lookahead") for b in bots)
    return f"seats: {', '.join(BOT_TITLES[b] for b in bots)}" + (f" (lookahead: {budget})" if slow else "")


def ladder_figures(game: str, matches: list, players: int, iterations: int, hands: int) -> dict:
    """The skill ladder from its matches [((strong, weak), tally)]: each match's share of the
    won hands taken by its stronger player (fair: 50 %), with 95 % Wilson intervals; what
    each player does; and, for Str8 Eight, what pass cards are worth to the lookahead player.

    A match plays every deal twice with the seats swapped (duplicate), so the deal's luck
    is shared; Wilson's interval treats the hands as independent, which the pairing makes
    conservative (a deal that favors one set of seats helps each player once)."""
    unit = 1 if game == "str8eight" else SHARE_UNIT
    out = {"hands": hands, "lookahead_iterations": iterations, "matches": []}
    for (strong, weak), t in matches:
        won_strong = t.bot_wins.get(strong, 0) / unit
        won_weak = t.bot_wins.get(weak, 0) / unit
        decided = won_strong + won_weak
        decided = round(decided)  # every won hand (game) goes to one of the two, shared wins summing to one
        match = {"strong": strong, "weak": weak, "hands": t.hands, "decided": decided,
                 "strong_share": _rate(_r(won_strong, 2), decided),
                 "play": {name: _play(game, t, name) for name in (strong, weak)}}
        out["matches"].append(match)
    by = {(m["strong"], m["weak"]): m for m in out["matches"]}
    full, without = by.get(("lookahead", "greedy")), by.get(("lookahead-no-pass", "greedy"))
    if full and without:
        a, b = full["strong_share"], without["strong_share"]
        se = math.sqrt(sum(((r["high"] - r["low"]) / (2 * Z95)) ** 2 for r in (a, b)))
        worth = a["rate"] - b["rate"]
        out["pass_cards_worth"] = {"with": a["rate"], "without": b["rate"], "points": _r(100 * worth, 1),
                                   "low": _r(100 * (worth - Z95 * se), 1), "high": _r(100 * (worth + Z95 * se), 1)}
    return out


def _play(game: str, t: Tally, name: str) -> dict:
    """What a player did, per hand it sat in (FourScore: per game)."""
    seats = t.bot_seats.get(name, 0) or 1
    m = t.bot_moves
    if game == "str8eight":
        started = m.get((name, "started"), 0)
        return {"seat_hands": t.bot_seats.get(name, 0),
                **{what: _r(m.get((name, what), 0) / seats, 2) for what in ("plays", "passes", "discards", "takes")},
                "started": _r(started / seats), "start_turn": _r(m.get((name, "start_turns"), 0) / started, 2)
                if started else None}
    if game == "fourscore":
        return {"seat_games": t.bot_seats.get(name, 0), "pile": _r(m.get((name, "pile"), 0) / seats, 2)}
    return {"seat_games": t.bot_seats.get(name, 0)}
