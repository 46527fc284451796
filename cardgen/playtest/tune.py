"""`cardgen playtest --tune`: the Str8 Eight variants that meet a designer's targets, ranked.

The options the user leaves unset (pass cards, sequence length, table size, players) are
searched, over --sweep's values where it names them and a default range otherwise; the
ones set on the command line, in the project file or by a preset stay as set. Each
variant is played by the bots asked for (greedy by default) in looks of growing size
(LOOK_FIRST hands, then doubling up to --hands), and after each look its figures are set
against the targets (targets.py): a variant whose interval already misses a target is
stopped there; one that misses none plays on to --hands. The stopping rule is a group
sequential test with a Bonferroni split of the 5 % error over the looks: each look's
intervals are drawn at 1 − 0.05 / looks, so a variant that truly meets a target is stopped
at any look with probability at most 5 % (for that target).

It is a map over (variant, block of seeds) with a streamed reduce: the hands of look k of a
variant are hands [n_{k-1}, n_k) of its own seeds, cut into blocks of a fixed size; the
coordinator sends the blocks to an executor (executors.py: this machine's cores, or a Dask
cluster's workers), keeps about two blocks a worker out, takes new variants into play as
room frees, and when a look's last block is in, adds its blocks' tallies (in block order)
to the variant's tally and judges it. A finished variant is reduced to one row, and only
the best rows are kept (a bounded heap) with counts of the rest, so memory is flat in hands
and in variants. A variant's verdict depends on its seeds alone, never on which worker
played a block or the order the answers came in, so the result is the same whatever -j is
and however many machines play.
"""
from __future__ import annotations

import heapq
import itertools
import math
from collections import Counter

from ..errors import CardgenError
from .figures import _r, _spread, players_words
from .executors import executor_for
from .simulate import MAIN, Tally

LOOK_FIRST = 100  # hands of a variant's first look; each later look doubles the hands played
KEEP = 25  # the best variants kept and reported
ALPHA = 0.05
FREE = {"table_size": tuple(range(6, 13)), "pass_cards": tuple(range(0, 13, 2)), "sequence_length": None,
        "players": (2, 3, 4)}  # what a free option ranges over (None: from 4 up to the table's width)
MIN_SEQUENCE = 4
BLOCK_HANDS = 100  # hands in a block of work (a look is played in blocks, each on any worker)
BLOCK_HANDS_LOOKAHEAD = 10  # with a lookahead player seated: its hands cost ~1000 times a greedy one's


def block_size(bots: tuple) -> int:
    """The hands of a block: fixed by the players alone, never by -j or the cluster (the tally is
    the same whatever the blocks are, and this keeps the work units the same too)."""
    return BLOCK_HANDS_LOOKAHEAD if any(b.startswith("lookahead") for b in bots) else BLOCK_HANDS


def looks(hands: int) -> list:
    """The hands played by the end of each look: LOOK_FIRST, doubling, ending at hands."""
    out, n = [], min(LOOK_FIRST, hands)
    while n < hands:
        out.append(n)
        n *= 2
    return out + [hands]


def z_for(looks_count: int) -> float:
    """The two-sided normal quantile for an error of ALPHA split over the looks (Bonferroni)."""
    return _normal_quantile(1 - ALPHA / (2 * looks_count))


def _normal_quantile(p: float) -> float:
    """Φ⁻¹(p) (Acklam's rational approximation, relative error under 1.2e-9)."""
    a = (-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
         -3.066479806614716e+01, 2.506628277459239e+00)
    b = (-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
         -1.328068155288572e+01)
    c = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
         4.374664141464968e+00, 2.938163982698783e+00)
    d = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00)
    if p > 0.97575:
        q = math.sqrt(-2 * math.log(1 - p))
        return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / \
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    q = p - 0.5
    r = q * q
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / \
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)


def _wilson_z(k: float, n: int, z: float) -> tuple:
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _median_interval(hist: Counter, z: float) -> tuple:
    """The median of a histogram and its distribution-free interval: the order statistics whose
    ranks are n/2 ∓ z·√n/2 (the binomial's normal approximation)."""
    n = sum(hist.values())
    if not n:
        return None, None, None
    lo_rank = max(0, math.floor(n / 2 - z * math.sqrt(n) / 2) - 1)  # 0-based: the 40th and 61st of 100
    hi_rank = min(n - 1, math.ceil(n / 2 + z * math.sqrt(n) / 2))
    items = sorted(hist.items())

    def at(rank: int) -> int:
        seen = 0
        for value, count in items:
            seen += count
            if seen > rank:
                return value
        return items[-1][0]
    return at((n - 1) // 2), at(lo_rank), at(hi_rank)


class Targets:
    """The designer's targets (settings: --target-seats, --target-turns, --target-bonus,
    --target-finished) and how a variant's figures stand against them."""

    NAMES = ("seats", "turns", "bonus", "finished")

    def __init__(self, seats: float, turns: tuple, bonus: float, finished: float):
        self.seats = seats / 100  # points of a win rate
        self.turns = turns
        self.bonus = bonus / 100
        self.finished = finished / 100

    def to_json(self) -> dict:
        return {"seats_points": _r(self.seats * 100, 2), "turns": list(self.turns), "bonus": _r(self.bonus, 4),
                "finished": _r(self.finished, 4)}

    def judge(self, t: Tally, players: int, z: float) -> dict:
        """Each target's figure, its interval (at z) and verdict: met (the interval inside the
        target), missed (the interval outside it) or open; and how near the estimate sits to
        the target's edge (0: at its best, 1: on the edge, more: outside)."""
        n = t.hands
        fair = 1 / players
        out = {}
        seats = []
        for s in range(players):
            low, high = _wilson_z(t.seat_wins[s], n, z)
            seats.append({"rate": _r(t.seat_wins[s] / n), "low": _r(low), "high": _r(high)})
        lo_edge, hi_edge = fair - self.seats, fair + self.seats
        out["seats"] = {
            "seats": seats,
            "verdict": "missed" if any(s["high"] < lo_edge or s["low"] > hi_edge for s in seats) else
            "met" if all(lo_edge <= s["low"] and s["high"] <= hi_edge for s in seats) else "open",
            "nearness": _r(max(abs(s["rate"] - fair) for s in seats) / self.seats, 3)}
        median, low, high = _median_interval(t.turns, z)
        lo, hi = self.turns
        half = max((hi - lo) / 2, 0.5)
        out["turns"] = {"median": median, "low": low, "high": high,
                        "verdict": "missed" if high < lo or low > hi else "met" if lo <= low and high <= hi else "open",
                        "nearness": _r(abs(median - (lo + hi) / 2) / half, 3)}
        won = t.finished
        low, high = _wilson_z(t.bonus, won, z)
        rate = t.bonus / won if won else 0.0
        out["bonus"] = {"rate": _r(rate), "low": _r(low), "high": _r(high),
                        "verdict": "missed" if high < self.bonus else "met" if low >= self.bonus else "open",
                        "nearness": _r(self.bonus / rate if rate else (0.0 if not self.bonus else 99.0), 3)}
        low, high = _wilson_z(won, n, z)
        rate = won / n
        out["finished"] = {"rate": _r(rate), "low": _r(low), "high": _r(high),
                           "verdict": "missed" if high < self.finished else "met" if low >= self.finished else "open",
                           "nearness": _r((1 - rate) / (1 - self.finished) if self.finished < 1 else
                                          (0.0 if rate == 1 else 99.0), 3)}
        return out


def search_space(options, fixed: set) -> tuple:
    """The values each knob takes: the option's own when set, --sweep's when it names the knob,
    else FREE's. Returns ({knob: values}, [knobs searched])."""
    sweep = dict(options.sweep)
    space, free = {}, []
    for knob, default in FREE.items():
        if knob in sweep:
            space[knob] = sweep[knob]
            free.append(knob)
        elif knob in fixed and (knob != "sequence_length" or options.sequence_length):
            space[knob] = (getattr(options, knob),)
        else:
            space[knob] = default
            free.append(knob)
    return space, free


def variants(space: dict):
    """Every variant of the space the deck can deal and win, lazily, in a fixed order (a free
    sequence length: from 4 up to the table's width)."""
    from ..model.atlas import atlas
    from ..model.play.str8eight import Variant
    from ..model.str8eight import build_deck, longest_sequence

    for n in space["table_size"]:
        lengths = space["sequence_length"] or range(MIN_SEQUENCE, n + 1)
        for passes, length, players in itertools.product(space["pass_cards"], lengths, space["players"]):
            if not 2 <= length <= longest_sequence(n):
                continue
            try:
                v = Variant(table_size=n, pass_cards=passes, sequence_length=length, players=players)
            except ValueError:  # too few cards to deal
                continue
            if atlas(build_deck(n, 0), length).value_sequences:
                yield v


def tune(options, fixed: set, progress=lambda message: None) -> dict:
    """The tune's report (JSON): the search, the targets, the ranked variants and the answer."""
    from ..model.play import DEFAULT_ITERATIONS

    targets = Targets(options.target_seats, options.target_turns, options.target_bonus, options.target_finished)
    space, free = search_space(options, fixed)
    if len(options.bots) > 1 and tuple(space["players"]) != (len(options.bots),):
        raise CardgenError(f"--bots: {len(options.bots)} players, one a seat, and the tune also plays "
                           f"{', '.join(str(p) for p in space['players'] if p != len(options.bots))} seats: add "
                           f"--players {len(options.bots)}, or name one bot for every seat (--bots lookahead)")
    plan = looks(options.hands)
    z = z_for(len(plan))
    bots = options.bots
    iterations = options.lookahead_iterations or DEFAULT_ITERATIONS
    size = block_size(bots)
    best: list = []  # heap of (-rank, order, row): the KEEP best rows
    stopped = Counter()  # target -> variants stopped by it (the first it missed)
    meeting_by = {knob: Counter() for knob in free}  # a free option's value -> variants meeting every target
    counts = Counter()
    hands_played = 0
    playing: dict = {}  # variant number -> [variant, look, its blocks' tallies, blocks still out]
    tallies: dict = {}  # variant number -> Tally so far (variants in play only)
    stream = enumerate(variants(space))

    def start_look(number: int, v, k: int) -> None:
        """Look k of a variant: hands [n_{k-1}, n_k) of its seeds, in blocks of `size` hands."""
        start, stop = plan[k - 1] if k else 0, plan[k]
        blocks = range(start, stop, size)
        playing[number] = [v, k, [None] * len(blocks), len(blocks)]
        for i, a in enumerate(blocks):
            workers.submit((number, i), ("str8eight", v, bots, options.seed, MAIN, a, min(a + size, stop), False,
                                         iterations))

    def admit() -> None:
        """New variants into play while fewer than two blocks a worker are out (a variant's
        look may send more: its blocks all go out at once)."""
        while workers.pending < 2 * workers.slots:
            nxt = next(stream, None)
            if nxt is None:
                return
            tallies[nxt[0]] = Tally()
            start_look(*nxt, 0)

    with executor_for(options) as workers:
        while True:
            admit()  # at every answer: the tail of one variant's look overlaps the next variants' blocks
            if not workers.pending:
                break
            (number, i), (tally, _) = workers.next()
            state = playing[number]
            state[2][i] = tally
            state[3] -= 1
            if state[3]:
                continue
            v, k, blocks, _ = playing.pop(number)
            t = tallies[number]
            for tally in blocks:  # in the blocks' order, whatever order they came back in
                t.add(tally)
                hands_played += tally.hands
            verdicts = targets.judge(t, v.players, z)
            missed = [name for name in Targets.NAMES if verdicts[name]["verdict"] == "missed"]
            if missed or k + 1 == len(plan):
                del tallies[number]
                counts["variants"] += 1
                if missed:
                    stopped[missed[0]] += 1
                    counts["stopped_early" if k + 1 < len(plan) else "missed_at_the_end"] += 1
                else:
                    row = _row(v, t, verdicts)
                    # best first: estimates inside every target, then the most room to the targets'
                    # edges (the nearest edge counts), then the most intervals already inside
                    entry = (row["nearness"] <= 1, -row["nearness"], row["confirmed"], -number, row)
                    if len(best) < KEEP:
                        heapq.heappush(best, entry)
                    else:
                        heapq.heappushpop(best, entry)
                    counts["confirmed" if row["confirmed"] == len(Targets.NAMES) else
                           "meeting" if row["nearness"] <= 1 else "undecided"] += 1
                    if row["nearness"] <= 1:
                        for knob in free:
                            meeting_by[knob][getattr(v, knob)] += 1
                if counts["variants"] % 10 == 0:
                    progress(f"tune: {counts['variants']} variants judged, {hands_played} hands played…")
            else:
                start_look(number, v, k + 1)
    rows = [e[-1] for e in sorted(best, reverse=True, key=lambda e: e[:4])]
    for i, row in enumerate(rows, 1):
        row["rank"] = i
    slow = any(b.startswith("lookahead") for b in bots)
    return {"game": "str8eight", "seed": options.seed, "bots": list(bots),
            "lookahead_iterations": iterations if slow else None, "decided_by": players_words(bots, iterations),
            "hands_per_variant": options.hands,
            "looks": plan, "interval_level": _r(1 - ALPHA / len(plan), 4),
            "method": "group sequential test: after each look a variant whose Wilson (rates) or order-statistic "
                      "(median) interval at level 1 − 0.05/looks lies outside a target is stopped (Bonferroni "
                      "over the looks)",
            "targets": targets.to_json(),
            "searched": {k: list(v) if v else "4 up to the table's width" for k, v in space.items()}, "free": free,
            "fixed": {k: space[k][0] for k in FREE if k not in free},
            "variants": counts["variants"], "hands_played": hands_played,
            "stopped_by": {name: stopped[name] for name in Targets.NAMES},
            "stopped_early": counts["stopped_early"], "missed_at_the_end": counts["missed_at_the_end"],
            "meeting": counts["confirmed"] + counts["meeting"], "confirmed": counts["confirmed"],
            "undecided": counts["undecided"],
            "meeting_by": {k: {str(v): n for v, n in sorted(c.items())} for k, c in meeting_by.items()},
            "ranked": rows, "answer": answer(rows, counts, stopped, meeting_by)}


def _row(v, t: Tally, verdicts: dict) -> dict:
    confirmed = sum(verdicts[name]["verdict"] == "met" for name in Targets.NAMES)
    nearness = max(verdicts[name]["nearness"] for name in Targets.NAMES)
    return {"variant": {"table_size": v.table_size, "pass_cards": v.pass_cards,
                        "sequence_length": v.sequence_length, "players": v.players},
            "hands": t.hands, "confirmed": confirmed, "nearness": _r(nearness, 3),
            "spread": _spread(t.turns), **verdicts}


KNOB_WORDS = {"table_size": "table sizes", "pass_cards": "pass cards", "sequence_length": "sequences of",
              "players": "players"}


def answer(rows: list, counts: Counter, stopped: Counter, meeting_by: "dict | None" = None) -> str:
    """The designer's answer in a few sentences: how many variants meet the targets, the best
    of them with its figures, and which values of each option searched do."""
    judged = counts["variants"]
    if not judged:
        return "No variant of the search can be dealt and won: widen the ranges (--sweep) or change the fixed options."
    meeting = counts["confirmed"] + counts["meeting"]
    if not rows:
        worst = max(Targets.NAMES, key=lambda n: stopped[n])
        return (f"None of the {judged} variants meets every target: {stopped[worst]} miss the {worst} target "
                f"first. Loosen it (--target-{worst}) or widen the search (--sweep).")
    top = rows[0]
    v = top["variant"]
    seats = top["seats"]["seats"]
    figures = (f"seat wins {min(s['rate'] for s in seats):.1%}–{max(s['rate'] for s in seats):.1%}, median "
               f"{top['turns']['median']} turns, the bonus in {top['bonus']['rate']:.1%} of wins, "
               f"{top['finished']['rate']:.1%} of hands finished")
    name = (f"{v['table_size']} × {v['table_size']} table, {v['pass_cards']} pass cards, sequences of "
            f"{v['sequence_length']}, {v['players']} players")
    if not meeting:
        one = counts["undecided"] == 1
        return (f"None of the {judged} variants meets every target yet: {counts['undecided']} "
                f"{'is' if one else 'are'} not ruled out but {'its' if one else 'their'} figures sit outside a "
                f"target; the nearest is the {name} ({figures}). More --hands would settle "
                f"{'it' if one else 'them'}.")
    sure = ("every interval inside its target" if top["confirmed"] == len(Targets.NAMES) else
            "its estimates inside every target, some intervals still across an edge (more --hands would settle it)")
    values = [f"{KNOB_WORDS[k]} {_span_text(sorted(c), 2 if k == 'pass_cards' else 1)}"
              for k, c in (meeting_by or {}).items() if c]
    where = f" They have {', '.join(values)}." if values else ""
    return (f"{meeting} of {judged} variants meet the targets ({counts['confirmed']} with every interval inside). "
            f"Best: the {name}, with {sure}: {figures}.{where}")


def _span_text(values: list, step: int = 1) -> str:
    """2, 3, 4, 6 -> '2–4 or 6' (values step apart make a run)."""
    runs, start = [], values[0]
    for v, nxt in zip(values, values[1:] + [None]):
        if nxt is None or nxt - v != step:
            runs.append(str(start) if start == v else f"{start}–{v}")
            start = nxt
    return ", ".join(runs[:-1]) + (" or " if len(runs) > 1 else "") + runs[-1]


def refuse_unless_tunable(options) -> None:
    """--tune searches Str8 Eight variants, played by any of the bots (a lookahead tune costs about a
    thousand times a greedy one: executors.py spreads it over a cluster)."""
    if options.games and set(options.games) != {"str8eight"}:
        raise CardgenError("--tune searches Str8 Eight variants, and the games asked for (--game or the project "
                           "file's games) leave it out: add --game str8eight")
    if options.sweep and any(name not in FREE for name, _ in options.sweep):
        raise CardgenError("--tune searches table-size, pass-cards, sequence-length and players")
