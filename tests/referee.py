"""An outside referee for `cardgen playtest --log`: replays one logged Str8 Eight hand from
the rules alone (nothing of cardgen is imported) and lists every move that breaks them.

Rules used: the deck is one card per cell of the N × N table (value r·c, id
"<value>@<r>x<c>") plus pass cards; a sequence starts with a value 1..N and each next
value is v + d for a group d of the last value v (d | v, v/d < N); seats move 0, 1, …;
each turn draws (pile top, or discard top) then plays, passes or discards; a pass card
moves every hand to seat i+1 (left) or i−1 (right); when the pile is empty it is
rebuilt (reshuffle: all of the discard pile + played passes; impasse: those and every
hand, with 3 new cards dealt one at a time from the top of the shuffled pile, starting
with the seat whose turn is next, while more than one card is left); the hand ends when
a sequence holds L cards. The one-color bonus: the winning sequence is consecutive
multiples of one group d (d·k, d·(k+1), …, each reached by the ×d arrow). Scores:
winner the sum of their sequence (plus the others' with the bonus), others sequence −
hand (pass card 50; no sequence points after a bonus win).
"""
from __future__ import annotations

import json
import re
from collections import Counter

CARD = re.compile(r"^(\d+)@(\d+)x(\d+)$")
PASS = re.compile(r"^pass-(left|right)-(\d+)$")


def value(card: str) -> int:
    m = CARD.match(card)
    return int(m.group(1)) if m else 0


def follows(last: int, v: int, n: int) -> bool:
    if last == 0:
        return 1 <= v <= n
    return any(last % d == 0 and last // d < n and last + d == v for d in range(1, n + 1))


def one_color_run(values: list, n: int) -> bool:
    """Consecutive multiples of one group: a constant step d that is a group of every card."""
    if len(values) < 2:
        return False
    d = values[1] - values[0]
    return d > 0 and all(b - a == d for a, b in zip(values, values[1:])) and \
        all(v % d == 0 and v // d <= n for v in values)


def replay(line: str) -> list:
    """The problems found in one logged hand; [] when every move is legal and the score right."""
    try:
        h = json.loads(line)
        return _replay(h)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        return [f"unreadable log: {exc!r}"]


def _replay(h: dict) -> list:
    problems = []
    n, L, p = h["table_size"], h["sequence_length"], h["players"]
    hands = [list(x) for x in h["hands"]]
    draw = list(h["draw_pile"])
    deck = [c for x in hands for c in x] + draw
    want = Counter(f"{r * c}@{r}x{c}" for r in range(1, n + 1) for c in range(1, n + 1))
    numbers = Counter(c for c in deck if CARD.match(c))
    passes = [c for c in deck if PASS.match(c)]
    if numbers != want or len(set(passes)) != len(passes) or len(deck) != sum(want.values()) + len(passes):
        problems.append("the deal is not the deck: every cell once, each pass card once")
    for c in numbers:
        m = CARD.match(c)
        if int(m.group(1)) != int(m.group(2)) * int(m.group(3)):
            problems.append(f"card {c}: the value is not row × column")
    if any(len(x) != 3 for x in hands):
        problems.append("every seat starts with 3 cards")
    discard, played = [], []
    seqs = [[] for _ in range(p)]
    last = [0] * p
    turn, progress, winner = 0, False, None
    events = h["events"]
    i = 0
    while i < len(events):
        e = events[i]
        if "reshuffle" in e or "impasse" in e:
            if draw:
                problems.append(f"event {i}: the pile was rebuilt before it ran out")
            pool = discard + played
            if "impasse" in e:
                if progress and pool:
                    problems.append(f"event {i}: an impasse although the last pass through the pile moved on")
                pool += [c for x in hands for c in x]
                shuffled = list(e["impasse"]["pile"])
                first = turn % p
                dealt = [[] for _ in range(p)]
                for _ in range(3):
                    for k in range(p):
                        if len(shuffled) > 1:
                            dealt[(first + k) % p].append(shuffled.pop(0))
                hands = [list(x) for x in e["impasse"]["hands"]]
                draw = list(e["impasse"]["draw_pile"])
                if dealt != hands or shuffled != draw:
                    problems.append(f"event {i}: the new hands are not dealt from the pile starting with seat {first}")
                new = list(e["impasse"]["pile"])
            else:
                if not progress:
                    problems.append(f"event {i}: a reshuffle where the rules call an impasse")
                draw = list(e["reshuffle"])
                new = draw
            if Counter(new) != Counter(pool):
                problems.append(f"event {i}: the new pile is not the cards that were shuffled")
            discard, played, progress = [], [], False
            i += 1
            continue
        seat = turn % p
        if e.get("p") != seat or "draw" not in e:
            return problems + [f"event {i}: expected seat {seat} to draw, got {e}"]
        card = e["card"]
        if e["draw"] == "pile":
            if not draw or draw[0] != card:
                return problems + [f"event {i}: {card} is not the top of the draw pile"]
            draw.pop(0)
        elif e["draw"] == "discard":
            if not discard or discard[-1] != card:
                return problems + [f"event {i}: {card} is not the top of the discard pile"]
            discard.pop()
        else:
            return problems + [f"event {i}: unknown source {e['draw']!r}"]
        hands[seat].append(card)
        i += 1
        if i >= len(events):
            return problems + ["the log stops in the middle of a turn"]
        a = events[i]
        kinds = [k for k in ("play", "discard", "pass") if k in a]
        if a.get("p") != seat or len(kinds) != 1:
            return problems + [f"event {i}: expected seat {seat} to use a card, got {a}"]
        card = a[kinds[0]]
        if card not in hands[seat]:
            return problems + [f"event {i}: seat {seat} does not hold {card}"]
        hands[seat].remove(card)
        if kinds[0] == "play":
            if not CARD.match(card) or not follows(last[seat], value(card), n):
                problems.append(f"event {i}: {card} may not follow {last[seat] or 'an empty sequence'}")
            seqs[seat].append(card)
            last[seat] = value(card)
            progress = True
            if len(seqs[seat]) == L:
                winner = seat
                if i != len(events) - 1:
                    problems.append(f"event {i}: the hand goes on after a sequence of {L}")
        elif kinds[0] == "pass":
            m = PASS.match(card)
            if not m:
                problems.append(f"event {i}: {card} is not a pass card")
                step = 1
            else:
                step = 1 if m.group(1) == "left" else -1
            played.append(card)
            progress = True
            hands = [hands[(k - step) % p] for k in range(p)]
        else:
            discard.append(card)
        turn += 1
        i += 1
    if h["winner"] != winner:
        problems.append(f"winner {h['winner']!r}, the moves give {winner!r}")
    values = [[value(c) for c in s] for s in seqs]
    bonus = winner is not None and one_color_run(values[winner], n)
    if h["str8eight"] != bonus:
        problems.append(f"str8eight {h['str8eight']!r}, the winning sequence gives {bonus!r}")
    in_hand = [sum(50 if PASS.match(c) else value(c) for c in x) for x in hands]
    scores = [sum(v) - in_hand[k] for k, v in enumerate(values)]
    if winner is not None:
        scores[winner] = sum(values[winner])
        if bonus:
            for k in range(p):
                if k != winner:
                    scores[winner] += sum(values[k])
                    scores[k] = -in_hand[k]
    if h["scores"] != scores:
        problems.append(f"scores {h['scores']}, the rules give {scores}")
    return problems
