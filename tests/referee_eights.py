"""An outside referee for Eights hand logs (`cardgen playtest --game eights --log`): replays one
logged hand from the rules alone (nothing of cardgen is imported) and lists every move
that breaks them.

Rules used (Eric Pederson's): 64 cards, suits 1–8 with the letters below (ids
"<suit>-<n>-<letter>", the n-th card of its suit); eight table cards, one per suit; 8
cards each for two players, 7 for three or four, 6 for five or six. Turns go round from
the lead. A seat spells one word or passes. A word's letters come from the seat's hand
and the table, at least one from the table; each table card taken is replaced by a hand
card of its suit that the word does not use; then the seat draws up to its hand size
while the stack lasts. The words: ONE … EIGHT (their number in points), and in the
open-words variant also every word of the shipped English list (templates/eights/
words-en.txt, read as data) that the deck can spell, of the logged minimum length or
more, scoring its letters or its number if more. A pass may give up cards to the stack
(under it, then as many drawn from the top, or the other way round as the log's rules
say). A round of passes ends the hand; totals reach the target (50 for two or three
players, 30 for more) to end the game.
"""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from pathlib import Path

SUITS = {1: "eeiotnrv", 2: "eeiofnvg", 3: "eeitfnsg", 4: "eeithnvw", 5: "eeotfrsx", 6: "eeothsvu",
         7: "eiothsru", 8: "eiofhrwx"}
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
WORD_LIST = Path(__file__).resolve().parents[1] / "templates" / "eights" / "words-en.txt"


def suit_letter(card: str) -> tuple:
    suit, n, letter = card.split("-")
    suit, n = int(suit), int(n)
    if SUITS[suit][n - 1] != letter:
        raise ValueError(f"{card!r} is not a card of the deck")
    return suit, letter


@lru_cache(maxsize=4)
def points(words: str, min_letters: int) -> dict:
    """The words a game accepts, with their points."""
    out = dict(NUMBERS)
    if words == "english":
        deck = Counter("".join(SUITS.values()))
        for w in WORD_LIST.read_text(encoding="ascii").split():
            if len(w) >= min_letters and not (Counter(w) - deck):
                out[w] = max(len(w), NUMBERS.get(w, 0))
    return out


def replay(line: str) -> list:
    try:
        return _replay(json.loads(line))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        return [f"unreadable log: {exc!r}"]


def replay_game(lines: list) -> list:
    """Each hand of one game replayed, and the table and totals carried from hand to hand."""
    problems, before = [], None
    for n, line in enumerate(lines):
        h = json.loads(line)
        problems += [f"hand {n}: {p}" for p in replay(line)]
        if before is not None and (h["totals_before"] != before["totals"]):
            problems.append(f"hand {n}: starts from totals {h['totals_before']}, the last hand left {before['totals']}")
        if h["game_over"] != (n == len(lines) - 1):
            problems.append(f"hand {n}: the game {'ends' if h['game_over'] else 'goes on'} here")
        before = h
    return problems


def _replay(h: dict) -> list:
    problems = []
    p, rules = h["players"], h["rules"]
    size = 8 if p == 2 else 7 if p <= 4 else 6
    target = 50 if p <= 3 else 30
    accepted = points(h["words"], h["open_min_letters"])
    table = {suit_letter(c)[0]: c for c in h["table"]}
    hands = [list(x) for x in h["hands"]]
    stack = list(h["stack"])  # the top first
    deck = Counter(f"{s}-{i}-{ch}" for s, letters in SUITS.items() for i, ch in enumerate(letters, 1))
    if Counter(h["table"]) + Counter(c for x in hands for c in x) + Counter(stack) != deck:
        problems.append("the deal is not the deck")
    if sorted(table) != list(SUITS) or len(h["table"]) != 8:
        problems.append("the table is not one card of each suit")
    if any(len(x) != size for x in hands):
        problems.append(f"every seat starts with {size} cards")
    scores = [0] * p
    seat, passes = h["lead"], 0
    events = h["events"]
    for i, e in enumerate(events):
        if passes == p:
            problems.append(f"event {i}: the hand goes on after a round of passes")
            break
        if e.get("p") != seat:
            return problems + [f"event {i}: expected seat {seat}, got {e}"]
        hand = hands[seat]
        if "spell" in e:
            word = e["spell"].lower()
            cards = e["cards"]
            if word not in accepted:
                problems.append(f"event {i}: {e['spell']} is not a word of this game")
            if "".join(suit_letter(c)[1] for c in cards) != word:
                problems.append(f"event {i}: the cards do not spell {e['spell']}")
            if len(set(cards)) != len(cards) or any(c not in hand and c not in table.values() for c in cards):
                return problems + [f"event {i}: {cards} are not cards of the hand and the table"]
            taken = sorted(c for c in cards if c in table.values())
            if not taken:
                problems.append(f"event {i}: no letter comes from the table")
            refill = e["refill"]
            if sorted(t for t, _ in refill) != taken:
                problems.append(f"event {i}: the table cards taken are not the ones replaced")
            for t, b in refill:
                if b not in hand or b in cards or suit_letter(b)[0] != suit_letter(t)[0]:
                    return problems + [f"event {i}: {b} cannot replace {t}"]
                table[suit_letter(t)[0]] = b
                hand.remove(b)
            for c in cards:
                if c in hand:
                    hand.remove(c)
            scores[seat] += accepted.get(word, 0)
            want = min(size - len(hand), len(stack))
            if e["draw"] != stack[:want]:
                problems.append(f"event {i}: drew {e['draw']}, the top of the stack was {stack[:want]}")
            hand.extend(stack[:want])
            del stack[:want]
            passes = 0
        elif "pass" in e:
            under = e["pass"]
            if any(c not in hand for c in under) or len(set(under)) != len(under):
                return problems + [f"event {i}: seat {seat} gave up cards it does not hold"]
            if under and not stack:
                problems.append(f"event {i}: cards exchanged with no stack")
            for c in under:
                hand.remove(c)
            if rules["exchange"] == "under-first":
                stack += under
                drawn = stack[:len(under)]
                del stack[:len(under)]
            else:
                drawn = stack[:len(under)]
                del stack[:len(under)]
                stack += under
            if e["draw"] != drawn:
                problems.append(f"event {i}: drew {e['draw']} for the cards given up, the stack gave {drawn}")
            hand.extend(drawn)
            passes += 1
        else:
            return problems + [f"event {i}: neither a word nor a pass: {e}"]
        seat = (seat + 1) % p
    if passes != p:
        problems.append("the log stops before a round of passes")
    if h["scores"] != scores:
        problems.append(f"scores {h['scores']}, the words give {scores}")
    totals = [a + b for a, b in zip(h["totals_before"], scores)]
    if h["totals"] != totals:
        problems.append(f"totals {h['totals']}, the rules give {totals}")
    top = max(totals)
    leaders = [s for s in range(p) if totals[s] == top]
    over = top >= target and (rules["target_tie"] == "share" or len(leaders) == 1)
    if h["game_over"] != over or h["winners"] != (leaders if over else []):
        problems.append(f"game over {h['game_over']} won by {h['winners']}, the totals give {over}")
    return problems
