"""A playtest report held to the tuner's targets (--target-seats, --target-turns,
--target-bonus, --target-finished): each target met (its interval inside), missed (outside)
or open, and a one-line verdict for a designer ("plays well: every seat wins 23–27 %,
median 81 turns")."""
from __future__ import annotations


def _interval(rate: dict) -> tuple:
    return rate.get("low", rate["rate"]), rate.get("high", rate["rate"])


def judge(report: dict, targets: dict) -> dict:
    """{"checks": [{"name", "what", "verdict"}], "verdict": met|missed|open, "line": text}."""
    f = report["figures"]
    players = report["variant"]["players"]
    fair = 1 / players
    points = targets["target_seats"] / 100
    checks = []
    seats = f["seats"]
    low_edge, high_edge = fair - points, fair + points
    verdict = ("missed" if any(_interval(s)[1] < low_edge or _interval(s)[0] > high_edge for s in seats) else
               "met" if all(low_edge <= _interval(s)[0] and _interval(s)[1] <= high_edge for s in seats) else "open")
    rates = [s["rate"] for s in seats]
    checks.append({"name": "seats", "verdict": verdict,
                   "what": f"every seat wins {min(rates):.0%}–{max(rates):.0%} (fair share {fair:.0%}, "
                           f"target within {targets['target_seats']:g} points)"})
    if "turns" in f:  # Str8 Eight: a hand's length, its share finished and the bonus
        lo, hi = targets["target_turns"]
        median = f["turns"]["median"]
        checks.append({"name": "turns", "verdict": "met" if lo <= median <= hi else "missed",
                       "what": f"median {median} turns a hand (target {lo}–{hi})"})
        low, high = _interval(f["finished"])
        want = targets["target_finished"] / 100
        checks.append({"name": "finished", "verdict": "met" if low >= want else "missed" if high < want else "open",
                       "what": f"{f['finished']['rate']:.0%} of hands finished (target at least "
                               f"{targets['target_finished']:g} %)"})
        low, high = _interval(f["bonus"])
        want = targets["target_bonus"] / 100
        checks.append({"name": "bonus", "verdict": "met" if low >= want else "missed" if high < want else "open",
                       "what": f"one-color bonus in {f['bonus']['rate']:.1%} of wins (target at least "
                               f"{targets['target_bonus']:g} %)"})
    elif "hands_per_game" in f:
        checks.append({"name": "length", "verdict": "info",
                       "what": f"median {f['hands_per_game']['median']} hands a game"})
    verdicts = [c["verdict"] for c in checks if c["verdict"] != "info"]
    overall = "missed" if "missed" in verdicts else "open" if "open" in verdicts else "met"
    words = {"met": "plays well", "open": "not sure yet (play more hands)", "missed": "misses a target"}[overall]
    detail = "; ".join(c["what"].split(" (")[0] for c in checks)
    return {"checks": checks, "verdict": overall, "line": f"{words}: {detail}"}
