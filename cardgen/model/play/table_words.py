"""The words a table speaks to the person playing: each card's accessible name, why a card
may be played (a hint a child reads), and the end of a hand worked out line by line.

Everything here is read off the card model (model/str8eight.py's arrows and groups,
model/bonus.py's one-color run, the Crazy Eights and Eights decks), the same data the
cards and booklets are drawn from, so a hint never says what a card does not show.
"""
from __future__ import annotations

from ..bonus import can_finish_run, run_group
from ..str8eight import arrows_of

SUIT_NAMES = {"clubs": "clubs", "diamonds": "diamonds", "hearts": "hearts", "spades": "spades"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def times(d: int) -> str:
    return f"×{d}"


def plus_line(numbers: list) -> str:
    """"6 + 12 + 18 = 36" (a single number stands alone)."""
    total = sum(numbers)
    if len(numbers) < 2:
        return str(total)
    return " + ".join(str(x) for x in numbers) + f" = {total}"


def signed_line(numbers: list) -> str:
    """"4 + 4 − 1 = 7": numbers that may be negative, added up."""
    total = sum(numbers)
    if len(numbers) < 2:
        return str(total).replace("-", "−")
    text = str(numbers[0]).replace("-", "−")
    for x in numbers[1:]:
        text += f" − {-x}" if x < 0 else f" + {x}"
    return f"{text} = {total}".replace("= -", "= −")


# ---- Str8 Eight and FourScore: the number cards

def number_name(value: int, n: int, bullseye: "bool | None" = None) -> str:
    """"24; arrows to 27 (×3), 28 (×4), 30 (×6), 32 (×8)": the value and its right arrows."""
    right = [a for a in arrows_of(value, n) if a.side == "right"]
    eye = value <= n if bullseye is None else bullseye
    head = f"{value}, bull's-eye" if eye else str(value)
    if not right:
        return f"{head}; no arrows onward"
    return f"{head}; arrows to " + ", ".join(f"{a.target} ({times(a.group)})" for a in right)


def pass_name(direction: str, hands_to: str) -> str:
    return f"pass card {direction}: every hand moves to the {hands_to} player"


def follow_reason(last: int, value: int, n: int) -> str:
    """Why value may follow last in a sequence (value is one of last's right arrows)."""
    if not last:
        return f"{value} can start your sequence: it has a bull's-eye"
    d = value - last
    return f"{value} follows {last}: both are in the {times(d)} group, and {value} is the next one"


def run_note(laid: list, value: int, length: int, n: int) -> str:
    """A few words when value keeps the sequence a one-color run that can still be finished."""
    if len(laid) < 1:
        return ""
    d = run_group(laid + [value], n)
    if d is None or not can_finish_run(value, d, length - len(laid) - 1, n):
        return ""
    return f"; your sequence is still all {times(d)}, a one-color run (the bonus, if you finish it that way)"


def place_reason(value: int, neighbour: int, side: str, n: int, groups: dict) -> str:
    """Why value may be laid beside neighbour at a FourScore row's end."""
    if value == neighbour:
        return f"{value} goes on the {neighbour}: the same number"
    shared = sorted(groups[value] & groups[neighbour])
    where = "after" if side == "right" else "before"
    group = shared[0]
    both = ", ".join(times(d) for d in shared)
    return f"{value} goes {where} {neighbour}: both are in the {both} group{'s' if len(shared) > 1 else ''}" \
        if len(shared) > 1 else f"{value} goes {where} {neighbour}: both are in the {times(group)} group"


def facts_of(value: int, n: int) -> str:
    """"24 = 3 × 8 = 4 × 6": the table's products that make value (each pair once)."""
    pairs = [(r, value // r) for r in range(1, n + 1) if value % r == 0 and value // r <= n and r <= value // r]
    return f"{value} = " + " = ".join(f"{a} × {b}" for a, b in pairs)


# ---- Crazy Eights

def playing_card_name(rank: str, suit: str) -> str:
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}" + (" (an 8: plays on anything)" if rank == "8" else "")


def crazy_reason(rank: str, suit: str, top_rank: str, top_suit: str, named: "str | None", free: bool) -> str:
    card = playing_card_name(rank, suit).split(" (")[0]
    top = playing_card_name(top_rank, top_suit).split(" (")[0]
    if rank == "8":
        return f"the {card} is an 8: it may go on anything, and you name the suit to follow"
    if free:
        return f"the {card} may go on the 8 turned up: anything may follow it"
    if named:
        return f"the {card} follows the 8 on the pile: it named {named}"
    if suit == top_suit:
        return f"the {card} follows the {top}: the same suit, {suit}"
    return f"the {card} follows the {top}: the same rank"


# ---- Eights

def letter_name(letter: str, suit: int) -> str:
    return f"{letter.upper()}, suit {suit}"
