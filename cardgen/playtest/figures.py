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


def str8eight_figures(tally: Tally, skill: Tally, players: int) -> dict:
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
        "skill": _skill(skill, players),
    }


def _skill(skill: Tally, players: int, unit: int = 1) -> dict:
    """One greedy player against random ones, its seat moving every hand."""
    seats = skill.bot_seats.get("greedy", 0)
    return {"hands": skill.hands, "greedy": _rate(skill.bot_wins.get("greedy", 0) / unit, seats),
            "fair_share": _r(1 / players)}


def fourscore_figures(tally: Tally, skill: Tally, players: int) -> dict:
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
        "skill": _skill(skill, players, SHARE_UNIT),
    }


def _games_figures(tally: Tally, skill: Tally, players: int) -> dict:
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
        "skill": _skill(skill, players, SHARE_UNIT),
    }


def crazy_eights_figures(tally: Tally, skill: Tally, players: int) -> dict:
    hands = tally.hand_count
    won = hands - tally.blocked
    return {
        **_games_figures(tally, skill, players),
        "stock_out": _rate(tally.stock_out, hands),
        "reshuffles": {**_spread(tally.reshuffles), "histogram": _hist(tally.reshuffles)},
        "decided_by_eight": _rate(tally.out_on_eight, won),
        "eight_caught": _rate(tally.eight_caught, hands),
        "eights_played": {**_spread(tally.eights_played), "histogram": _hist(tally.eights_played)},
        "blocked": _rate(tally.blocked, hands),
        "hand_scores": {**_spread(tally.hand_scores), "histogram": _hist(tally.hand_scores)},
    }


TOP_WORDS = 12  # the words a report lists by name


def eights_figures(tally: Tally, skill: Tally, players: int) -> dict:
    spelled = sum(tally.word_lengths.values())
    top = sorted(tally.words.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_WORDS]
    return {
        **_games_figures(tally, skill, players),
        "word_held": _rate(tally.turns_with_word, tally.turns_all),
        "stock_out": _rate(tally.stock_out, tally.hand_count),
        "words_spelled": spelled,
        "words_per_hand": _r(spelled / tally.hand_count, 2) if tally.hand_count else None,
        "word_lengths": _hist(tally.word_lengths),
        "top_words": dict(top),
        "distinct_words": len(tally.words),
        "hand_scores": {**_spread(tally.hand_scores), "histogram": _hist(tally.hand_scores)},
    }
