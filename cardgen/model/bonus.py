"""The one-colour bonus (a Str8 Eight, or a Str8 Five on a kit with runs of five): its one
definition, which the engine, the bots, the atlas, the booklets, the player aid and the
teacher pages all read.

The reference rewards a winning sequence whose eight cards are all of one color, and its
FAQ calls that playing every multiple of a color group. Read as a rule: the sequence
is consecutive multiples of one group d, each card joined to the next by that group's
own arrow — d·k, d·(k+1), d·(k+2), … — so nothing of the group is skipped between its
first and last card. With runs as long as the table is wide that is the whole group,
d, 2d, …, N·d. A winning sequence starts on a bull's-eye, so a run's first card d·k is
at most N; its last, d·(k+L−1), is at most N·d (the group ends there).

A sequence that only stays inside one group (2 · 4 · 8 · 10 · 12 on the 6 × 6 table:
all multiples of 2, but the 8 is reached from the 4 by the ×4 arrow) is not a run.
"""
from __future__ import annotations


def run_group(values, n: int) -> "int | None":
    """The group d when values are consecutive multiples d·k, d·(k+1), … of the n × n
    table (each joined to the next by the ×d arrow), else None; fewer than two cards
    name no group."""
    values = list(values)
    if len(values) < 2:
        return None
    d = values[1] - values[0]
    if not 1 <= d <= n or values[0] % d or values[-1] > n * d:
        return None
    if any(b - a != d for a, b in zip(values, values[1:])):
        return None
    return d


def group_runs(n: int, length: int) -> list:
    """Every winning run of length cards: (d, values), the values d·k … d·(k+length−1)
    starting on a bull's-eye (d·k ≤ n) and ending inside the group (k+length−1 ≤ n),
    by group then start."""
    return [(d, tuple(d * j for j in range(k, k + length)))
            for d in range(1, n + 1) for k in range(1, n - length + 2) if d * k <= n]


def can_finish_run(last: int, d: int, more: int, n: int) -> bool:
    """Whether a run in group d ending at last can still take more cards: its last
    card, last + more·d, stays inside the group."""
    return last + more * d <= n * d


def near_miss(n: int, length: int, prefer: int = 0) -> "tuple | None":
    """A legal winning sequence whose cards all lie in one group yet skip one of its
    multiples (so it earns no bonus), for the booklet to show beside a run: d·k, …,
    d·j, d·(j+2), … where the skip is the ×2d arrow of d·j. None when the table has
    no room for one (runs as long as the table is wide), or none that is not itself another
    group's run. Returns (d, values, the
    multiple skipped); from group prefer when it has one."""
    groups = range(1, n // 2 + 1)  # the skip rides the ×2d arrow: group 2d must exist
    for d in sorted(groups, key=lambda g: g != prefer):
        for k in range(1, n // d + 1):  # d·k ≤ n: a bull's-eye
            last = k + length  # one multiple skipped: the run ends a step further
            if last > n:
                break
            j = next((j for j in range(k, last - 1) if j % 2 == 0), None)  # d·j in group 2d
            values = tuple(d * i for i in range(k, last + 1) if j is None or i != j + 1)
            if j is not None and not run_group(values, n):  # not, by chance, another group's run (8, 16)
                return d, values, d * (j + 1)
    return None
