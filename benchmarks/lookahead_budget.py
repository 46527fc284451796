"""How much of the lookahead player's budget a decision needs: every search of the skill
ladder's lookahead hands recorded, and rules for stopping a search early replayed on them.

    python benchmarks/lookahead_budget.py [--game str8eight|fourscore|crazy-eights|eights|all] [--hands 20]

Each search (lookahead.search) of the ladder's lookahead-against-greedy match is played
with the whole budget, without stopping early, and its paired differences (each move's
reward less greedy's, world by world) are kept round by round. A stopping rule is then
replayed on them: after each round, would it stop, and which move would the search play
with the worlds dealt so far? Stopping earlier does not change the worlds dealt before it,
so the replay is exact. Printed for each rule: the share of decisions whose move is the one
the whole budget plays ("missed": greedy's move kept where the budget finds a better one;
"taken": another move played where the budget keeps greedy's), and the share of the
rollouts it spends. The rule search() uses is "no move ahead" after one round (lookahead.py).

Agreement is not strength: a decision the budget would have changed may still be a close
call. Strength is measured by benchmarks/playtest.py --strength (and play_table.py
--winrates), lookahead against greedy on duplicate deals.
"""
from __future__ import annotations

import argparse
import random

from cardgen.model.play import DEFAULT_ITERATIONS, lookahead
from cardgen.playtest.run import _variant
from cardgen.playtest.simulate import LADDER, _run_chunk

VALUES = {"players": 4, "decks": 1, "ace_value": 10, "crazy_options": (), "eights_words": "numbers",
          "table_size": 8, "pass_cards": 6, "sequence_length": 0}


def _recording(records: list):
    """search() with the whole budget (no early stop), its rounds kept in records."""
    def search(keys, default, iterations, seed, deal, play):
        if len(keys) == 1:
            return keys[0]
        if default not in keys:
            default = keys[0]
        rng = random.Random(seed)
        nodes = {k: lookahead.Node() for k in keys}
        alive = [k for k in keys if k != default]
        diffs = {k: [] for k in alive}
        spent, rounds = 0, []

        def rollout(key, world):
            walk = lookahead._Walk(nodes[key], rng)
            reward = play(key, walk, world, rng)
            walk.count(reward)
            return reward

        while alive and spent < iterations:
            for _ in range(lookahead.ROUND):
                world = deal(rng)
                base = rollout(default, world)
                for k in alive:
                    diffs[k].append(rollout(k, world) - base)
                spent += 1 + len(alive)
            alive = [k for k in alive if _kept(diffs[k])]
            rounds.append((spent, list(alive)))
        best = _decide(diffs, alive, None)
        records.append({"diffs": diffs, "rounds": rounds, "best": best})
        return default if best is None else best
    return search


def _kept(xs: list) -> bool:
    mean, se = lookahead._mean_se(xs)
    return mean + lookahead.DROP * se >= 0


def _decide(diffs: dict, alive: list, n: "int | None"):
    """The move search() plays with the first n worlds (None: greedy's)."""
    best, gain = None, 0.0
    for k in alive:
        mean, se = lookahead._mean_se(diffs[k][:n])
        if mean > gain and mean > lookahead.MARGIN * se:
            best, gain = k, mean
    return best


def record(game: str, hands: int) -> list:
    records: list = []
    patched = _recording(records)
    from cardgen.model.play import lookahead_crazy_eights, lookahead_eights

    saved = [(m, m.search) for m in (lookahead, lookahead_crazy_eights, lookahead_eights)]
    for module, _ in saved:
        module.search = patched
    try:
        _run_chunk((game, _variant(game, VALUES), ("lookahead", "greedy"), 1, LADDER, 0, hands, False,
                    DEFAULT_ITERATIONS))
    finally:
        for module, real in saved:
            module.search = real
    return records


def no_move_ahead(lo: float, first: int):
    """Stop once every move in contention has mean/se at most lo (lo 0: none has done better)."""
    def rule(diffs, alive, n):
        if n < first:
            return False
        for k in alive:
            mean, se = lookahead._mean_se(diffs[k][:n])
            if (mean > 0 and se == 0) or (se and mean / se > lo):
                return False
        return True
    return rule


def either_side(clear: float, first: int):
    """Stop once every move in contention is more than `clear` standard errors from MARGIN (either side)."""
    def rule(diffs, alive, n):
        if n < first:
            return False
        for k in alive:
            mean, se = lookahead._mean_se(diffs[k][:n])
            if se and abs(mean / se - lookahead.MARGIN) < clear:
                return False
        return True
    return rule


RULES = {
    "no move ahead (search's rule)": no_move_ahead(0.0, 4),
    "no move ahead, after 8 worlds": no_move_ahead(0.0, 8),
    "no move half a standard error ahead": no_move_ahead(0.5, 4),
    "every move 1 se from the margin, either side": either_side(1.0, 4),
    "every move 1.5 se from the margin, either side": either_side(1.5, 4),
}


def replay(records: list, rule) -> tuple:
    same = missed = taken = spent = 0
    for r in records:
        n, got = 0, r["best"]
        for done, alive in r["rounds"]:
            n += lookahead.ROUND
            last = done
            if rule(r["diffs"], alive, n):
                got = _decide(r["diffs"], alive, n)
                break
        spent += last
        if got == r["best"]:
            same += 1
        elif got is None:
            missed += 1
        elif r["best"] is None:
            taken += 1
    return same, missed, taken, spent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=("str8eight", "fourscore", "crazy-eights", "eights", "all"), default="all")
    ap.add_argument("--hands", type=int, default=None, help="ladder hands (games) of the match (default: 20, 6)")
    args = ap.parse_args()
    games = ("str8eight", "fourscore", "crazy-eights", "eights") if args.game == "all" else (args.game,)
    for game in games:
        hands = args.hands or (20 if game == "str8eight" else 6)
        records = record(game, hands)
        budget = sum(r["rounds"][-1][0] for r in records)
        print(f"{game}: {len(records)} searched decisions in {hands} ladder hands, {budget} rollouts with the "
              f"whole budget ({DEFAULT_ITERATIONS} a decision), {sum(r['best'] is not None for r in records)} "
              "off greedy's move", flush=True)
        for name, rule in RULES.items():
            same, missed, taken, spent = replay(records, rule)
            print(f"  {name}: the budget's move in {same / len(records):.1%} ({missed} missed, {taken} taken), "
                  f"{spent / budget:.0%} of the rollouts", flush=True)


if __name__ == "__main__":
    main()
