"""An outside referee for FourScore's `cardgen playtest --log` lines: replays one logged game
from the rules alone (nothing of cardgen is imported) and lists every move that breaks them.

Rules used (the booklet's, with this edition's readings): the deck is the number cards of
the N × N table (one card per cell, value r·c); four start the rows, the rest are dealt
evenly and what does not share out stays out of play. Value v is in group d when d | v
and v/d ≤ N. Each round every seat reveals a card from its hand; cards are placed lowest
first, equal cards clockwise from the seat holding the box (seat 0 at the start), and
the box then goes to the last of them placed. A card goes on a row's right end when it
equals that end, or is higher and shares a group with it; on the left end when it equals
it, or is lower and shares a group. A card with a legal place must be placed. Otherwise
its player takes a row holding the highest card on the table (any of them when rows tie:
the player's choice), and the card starts that row again. A row's fifth card (a card on a
same-numbered end counts) sends the four others to its player's pile and starts the row
again. A card one step from the end card it joins (|a − b| = d, d a group of both) may
return one card of its player's pile, if any, to the box. Fewest cards wins; ties share.
"""
from __future__ import annotations

import json
from collections import Counter

ROWS, LIMIT = 4, 5


def groups(v: int, n: int) -> set:
    return {d for d in range(1, n + 1) if v % d == 0 and v // d <= n}


def legal_sides(row: list, v: int, n: int) -> set:
    """The ends of row v may join: "right", "left"."""
    out = set()
    if v == row[-1] or (v > row[-1] and groups(v, n) & groups(row[-1], n)):
        out.add("right")
    if v == row[0] or (v < row[0] and groups(v, n) & groups(row[0], n)):
        out.add("left")
    return out


def facing(a: int, b: int, n: int) -> bool:
    d = abs(a - b)
    return d > 0 and d in groups(a, n) and d in groups(b, n)


def replay(line: str) -> list:
    """The problems found in one logged game; [] when every move is legal and the result right."""
    try:
        return _replay(json.loads(line))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        return [f"unreadable log: {exc!r}"]


def _replay(g: dict) -> list:
    problems = []
    n, p = g["table_size"], g["players"]
    rows = [list(r) for r in g["rows"]]
    hands = [list(h) for h in g["hands"]]
    left_over = list(g["left_over"])
    deck = Counter(r * c for r in range(1, n + 1) for c in range(1, n + 1))
    dealt = Counter(v for r in rows for v in r) + Counter(v for h in hands for v in h) + Counter(left_over)
    if dealt != deck:
        problems.append("the deal is not the deck: every cell of the table once")
    each = (n * n - ROWS) // p
    if len(rows) != ROWS or any(len(r) != 1 for r in rows):
        problems.append("the game starts with four rows of one card")
    if any(len(h) != each for h in hands) or len(left_over) != n * n - ROWS - p * each:
        problems.append(f"every seat is dealt {each} cards; only the rest stays out")
    piles = [0] * p
    box = 0
    events = g["events"]
    i = 0
    while i < len(events):
        e = events[i]
        if "reveal" not in e:
            return problems + [f"event {i}: expected a round's reveal, got {e}"]
        chosen = e["reveal"]
        if len(chosen) != p:
            return problems + [f"event {i}: {len(chosen)} cards revealed by {p} seats"]
        for seat, v in enumerate(chosen):
            if v not in hands[seat]:
                return problems + [f"event {i}: seat {seat} reveals {v}, which it does not hold"]
            hands[seat].remove(v)
        i += 1
        for v in sorted(set(chosen)):
            order = sorted((s for s in range(p) if chosen[s] == v), key=lambda s: (s - box) % p)
            for seat in order:
                if i >= len(events):
                    return problems + ["the log stops in the middle of a round"]
                m = events[i]
                if m.get("p") != seat or m.get("card") != v:
                    return problems + [f"event {i}: seat {seat} should place its {v} now, got {m}"]
                can = [(r, s) for r, row in enumerate(rows) for s in sorted(legal_sides(row, v, n))]
                if "take" in m:
                    r = m["take"]
                    top = max(row[-1] for row in rows)
                    tied = [k for k, row in enumerate(rows) if row[-1] == top]
                    if can:
                        problems.append(f"event {i}: {v} takes a row though it may go at {can[0]}")
                    if r not in tied:
                        problems.append(f"event {i}: row {r} does not hold the highest card ({top})")
                    if (len(tied) > 1) != ("tied" in m) or ("tied" in m and sorted(m["tied"]) != tied):
                        problems.append(f"event {i}: rows {tied} tie for the highest card; the log says {m.get('tied')}")
                    piles[seat] += len(rows[r])
                    rows[r] = [v]
                else:
                    r, side = m["row"], m["side"]
                    if (r, side) not in can:
                        problems.append(f"event {i}: {v} may not join row {r} on the {side} ({rows[r]})")
                    row = rows[r]
                    neighbour = row[-1] if side == "right" else row[0]
                    if side == "right":
                        row.append(v)
                    else:
                        row.insert(0, v)
                    fifth = len(row) == LIMIT
                    if fifth != bool(m.get("fifth")):
                        problems.append(f"event {i}: the log says fifth card {bool(m.get('fifth'))}, the row says {fifth}")
                    if fifth:
                        piles[seat] += LIMIT - 1
                        rows[r] = [v]
                    if m.get("returned"):
                        if not facing(v, neighbour, n) or not piles[seat]:
                            problems.append(f"event {i}: {v} next to {neighbour} returns a card it may not")
                        else:
                            piles[seat] -= 1
                i += 1
            if len(order) > 1:
                box = order[-1]
                if i >= len(events) or events[i].get("box") != box:
                    problems.append(f"event {i}: the box should go to seat {box}")
                else:
                    i += 1
    if any(hands):
        problems.append("the game ends with cards still in hand")
    if g["piles"] != piles:
        problems.append(f"piles {g['piles']}, the moves give {piles}")
    low = min(piles)
    if g["winners"] != [s for s in range(p) if piles[s] == low]:
        problems.append(f"winners {g['winners']}, the piles give {[s for s in range(p) if piles[s] == low]}")
    return problems
