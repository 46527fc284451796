"""The checker's own statement of the one-color bonus (written here, never imported from
the model that built the kit): a winning sequence earns it when its cards are consecutive
multiples of one group d — d·k, d·(k+1), … — each joined to the next by a ×d right arrow,
starting on a bull's-eye (d·k ≤ n). With runs as long as the table is wide, that is the
whole group d, 2d, …, n·d.
"""
from __future__ import annotations


def is_run(values, n: int) -> bool:
    """values (a winning sequence) is one group climbed one multiple at a time."""
    values = list(values)
    if len(values) < 2 or not 1 <= values[0] <= n:
        return False
    step = values[1] - values[0]
    return step >= 1 and all(v % step == 0 and v // step <= n for v in values) and \
        all(b - a == step for a, b in zip(values, values[1:]))


def runs_by_group(links: set, n: int, length: int) -> dict:
    """The runs of length cards the cards' arrows allow, group by group: from each bull's-eye b
    and each group d it is a multiple of, length − 1 steps along ×d right arrows (links holds
    (group, from, to) as the cards draw them)."""
    found = {d: 0 for d in range(1, n + 1)}
    for b in range(1, n + 1):
        for d in range(1, n + 1):
            if b % d:
                continue
            v, steps = b, 0
            while steps < length - 1 and (d, v, v + d) in links:
                v, steps = v + d, steps + 1
            found[d] += steps == length - 1
    return found


def count_runs(links: set, n: int, length: int) -> int:
    """All the runs of length cards the arrows allow (runs_by_group, summed)."""
    return sum(runs_by_group(links, n, length).values())
