"""Eric Pederson's Eights: 64 letter cards in 8 suits numbered 1–8.

Players spell ONE … EIGHT from their hand and the eight cards on the table; a word
scores the number it spells.
"""
from __future__ import annotations

from dataclasses import dataclass

GAME = "eights"
TITLE = "Eights"

SUIT_LETTERS = {
    1: "eeiotnrv",
    2: "eeiofnvg",
    3: "eeitfnsg",
    4: "eeithnvw",
    5: "eeotfrsx",
    6: "eeothsvu",
    7: "eiothsru",
    8: "eiofhrwx",
}
WORDS = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7, "EIGHT": 8}


@dataclass(frozen=True)
class LetterCard:
    suit: int
    index: int  # 1..8 within the suit, in the published order
    letter: str  # lower case, as published

    @property
    def slug(self) -> str:
        return f"{self.suit}-{self.index}-{self.letter}"


def build_deck() -> list[LetterCard]:
    return [LetterCard(suit, i, letter) for suit, letters in SUIT_LETTERS.items()
            for i, letter in enumerate(letters, 1)]


# (fewest players, most players, cards in hand)
HAND_SIZES = ((2, 2, 8), (3, 4, 7), (5, 6, 6))
# (fewest players, most players or None for "or more", score that wins)
TARGETS = ((2, 3, 50), (4, None, 30))

Card = tuple  # (suit, letter): how the rules write a card, "3g"


def spell(word: str, table: "dict[int, LetterCard]", hand: "list[LetterCard]") -> list:
    """Every legal way to spell word this turn: each letter from a table card or a hand
    card, at least one from the table, and every table card taken replaced by a hand
    card of the same suit that the word does not use. Each way is (letters, refills):
    the card for each letter in order, and (taken, put back) pairs."""
    ways = []
    letters = word.lower()

    def fill(i: int, used: list):
        if i == len(letters):
            taken = [c for c in used if c in table.values()]
            if not taken:
                return
            free = [c for c in hand if c not in used]
            for refills in _refills(taken, free):
                ways.append((tuple(used), refills))
            return
        for c in list(table.values()) + hand:
            if c.letter == letters[i] and c not in used:
                fill(i + 1, used + [c])
    fill(0, [])
    return ways


def _refills(taken: list, free: list):
    """Each way to put back one free hand card of the same suit for every card taken."""
    if not taken:
        yield ()
        return
    first, rest = taken[0], taken[1:]
    for c in free:
        if c.suit == first.suit:
            for more in _refills(rest, [x for x in free if x is not c]):
                yield ((first, c),) + more


def best_word(table: dict, hand: list) -> "str | None":
    """The highest word that can be spelled this turn."""
    for word in sorted(WORDS, key=WORDS.get, reverse=True):
        if spell(word, table, hand):
            return word
    return None


def deal(seed: int, players: int):
    """Set a hand up the way the rules say, with a seeded shuffle: turn cards up until
    one of each suit shows (the table), shuffle the rest back, deal the hands.
    Returns the table (suit -> card) and the hands."""
    import random

    rng = random.Random(seed)
    deck = build_deck()
    rng.shuffle(deck)
    table: dict = {}
    rest = []
    for card in deck:
        if card.suit not in table:
            table[card.suit] = card
        else:
            rest.append(card)
    rng.shuffle(rest)
    size = next(k for lo, hi, k in HAND_SIZES if lo <= players <= hi)
    return dict(sorted(table.items())), [rest[i * size:(i + 1) * size] for i in range(players)]


def worked_example(players: int = 3, word: str = "EIGHT", seeds: range = range(1, 5000)):
    """The first seeded deal whose first player can spell word, the best word that turn,
    taking three letters from the table, with a hand card that could stand for a letter
    but is the only card able to replace a table card taken (the trap the rules warn
    of). Returns (table, hand, letters, refills, trap) or None."""
    for seed in seeds:
        table, hands = deal(seed, players)
        hand = hands[0]
        if best_word(table, hand) != word:
            continue
        for letters, refills in spell(word, table, hand):
            if sum(c in table.values() for c in letters) != 3:
                continue
            trap = _trap(letters, refills, table, hand)
            if trap:
                return table, hand, letters, refills, trap
    return None


def _trap(letters, refills, table, hand):
    """(card, the hand card it could have replaced in the word) when a put-back card
    carries a letter the word takes from the hand, and no other free card of its suit
    could have been put back instead."""
    from_hand = [c for c in letters if c not in table.values()]
    free = [c for c in hand if c not in letters]
    for _, back in refills:
        for h in from_hand:
            if h.letter == back.letter and not [c for c in free if c.suit == back.suit and c is not back]:
                return back, h
    return None
