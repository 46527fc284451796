"""Eric Pederson's Eights, played out by bots: the table, the hands, the words, the score.

A game is hands played until someone reaches the target (model/eights.py's TARGETS).
The deck is the one the build makes (model/eights.py: 64 letter cards, as cards 0–63).
The first table is turned up from a seeded shuffle as the rules say (cards until one of
each suit shows), and it stays from hand to hand. On a turn a seat spells one word or
passes; a word takes at least one table card, and every table card taken is replaced
by an unused hand card of its suit. The words: the eight number words (the reference
rules) or, in the open-words variant, any word of the English list (model/wordlist.py)
as well. The points of the open points the reference leaves open are read from the
table of readings (templates/readings/eights.toml), never set here.

Finding words is fast: the candidate words come from the lexicon's trie of sorted
letters (only those the hand and the table can make, longest first is not needed:
best-scoring first), and a candidate is checked against the table-and-refill rule
by a small search over which table cards it takes.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from ..eights import HAND_SIZES, TARGETS, WORDS, build_deck
from ..readings import engine_settings
from ..wordlist import WordIndex, playable_words

GAME = "eights"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
WORD_SETS = ("numbers", "english")  # the reference's number words; the open-words variant
MAX_HANDS = 200  # a game still running after this many hands ends without a winner (a stalled game)
SUITS = range(1, 9)
PASS = None


def hand_size(players: int) -> int:
    return next(k for lo, hi, k in HAND_SIZES if lo <= players <= hi)


def target(players: int) -> int:
    return next(t for lo, hi, t in TARGETS if lo <= players and (hi is None or players <= hi))


@dataclass(frozen=True)
class EightsVariant:
    players: int = 4
    words: str = "numbers"
    max_hands: int = MAX_HANDS

    def __post_init__(self):
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Eights is for {MIN_PLAYERS}–{MAX_PLAYERS} players, not {self.players}")
        if self.words not in WORD_SETS:
            raise ValueError(f"words {self.words!r}: one of {', '.join(WORD_SETS)}")


class Lexicon:
    """The words a variant accepts, with their points, filed for fast look-up; and each
    letter's worth to a player (the points of the words that use it), for the greedy bot."""

    def __init__(self, words: str, min_letters: int, deck_letters: str):
        numbers = {w.lower(): v for w, v in WORDS.items()}
        points = dict(numbers)
        if words == "english":
            for w in playable_words(deck_letters, min_letters):
                points[w] = max(len(w), numbers.get(w, 0))
        self.words, self.min_letters = words, min_letters
        self.points = points
        self.index = WordIndex(points)
        worth = Counter()
        for w, v in points.items():
            for ch in set(w):
                worth[ch] += v
        top = max(worth.values())
        self.worth = {ch: worth[ch] / top for ch in set(deck_letters)}  # 0 for a letter no word uses
        self.most = Counter()  # the most copies of a letter any one word takes
        for w in points:
            for ch, k in Counter(w).items():
                self.most[ch] = max(self.most[ch], k)


class Cards:
    """The deck as built, as flat tables indexed by card number."""

    def __init__(self):
        deck = build_deck()
        self.count = len(deck)
        self.ids = [c.slug for c in deck]
        self.suit = [c.suit for c in deck]
        self.letter = [c.letter for c in deck]
        self.letters = "".join(self.letter)


@lru_cache(maxsize=1)
def cards() -> Cards:
    return Cards()


@lru_cache(maxsize=8)
def lexicon(words: str) -> Lexicon:
    rules = engine_settings(GAME)
    return Lexicon(words, int(rules["open_min_letters"]), cards().letters)


@dataclass(frozen=True)
class Spell:
    word: str
    cards: tuple  # the card for each letter, in the word's order
    refills: tuple  # (table card taken, hand card put in its place), by suit


@dataclass
class HandResult:
    scores: list  # points each seat spelled this hand
    turns: int
    words: list  # (seat, word) in the order spelled
    turns_with_word: int  # turns on which the seat to move could spell a word
    stack_ran_out: bool
    log: "dict | None" = None


class HandTally:
    """A hand's running count: each seat's points, the words, the passes in a row, the turns."""

    def __init__(self, players: int, events: "list | None" = None):
        self.scores = [0] * players
        self.words: list = []
        self.passes = self.turns = self.with_word = 0
        self.ran_out = False
        self.events = events

    def copy(self) -> "HandTally":
        t = HandTally.__new__(HandTally)
        t.__dict__.update(self.__dict__)
        t.scores, t.words, t.events = self.scores[:], self.words[:], None
        return t


@dataclass
class GameResult:
    totals: list  # each seat's points at the end
    winners: list  # the seats with the highest total (empty: a stalled game)
    hands: list  # HandResult of each hand
    target: int


class Game:
    """One game. Bots read it (never change it) through the seat they play."""

    def __init__(self, variant: EightsVariant, seed: int, log: bool = False):
        self.variant = variant
        self.cards = cards()
        self.lexicon = lexicon(variant.words)
        self.rules = engine_settings(GAME)
        self.rng = random.Random(seed)
        self.seed = seed
        self.players = variant.players
        self.hand_size = hand_size(self.players)
        self.target = target(self.players)
        self.log = log
        deck = list(range(self.cards.count))
        self.rng.shuffle(deck)
        self.table = [None] * 9  # by suit, 1..8
        rest = []
        for c in deck:  # turn cards up until one of each suit shows; the others go back
            s = self.cards.suit[c]
            if self.table[s] is None:
                self.table[s] = c
            else:
                rest.append(c)
        self.pool = rest  # every card not on the table, shuffled before each deal
        self.hands: list = []
        self.stack: list = []  # the top is the end
        self.totals = [0] * self.players

    # ---- what a seat may spell
    def ways(self, seat: int, word: str, first: bool = False) -> list:
        """Every legal way for seat to spell word now (just the first one found when first)."""
        letter, suit, table = self.cards.letter, self.cards.suit, self.table
        hand = self.hands[seat]
        if len(word) > len(hand):  # every table card taken needs a hand card put back
            return []
        rest = Counter(word)
        by_letter: dict = {}
        for c in hand:
            by_letter.setdefault(letter[c], []).append(c)
        held = {suit[c] for c in hand}  # a table card can be taken only if the hand holds its suit
        cand = [s for s in SUITS if s in held and letter[table[s]] in rest]
        later = [sum(letter[table[t]] == letter[table[s]] for t in cand[i + 1:]) for i, s in enumerate(cand)]
        out: list = []
        taken: list = []

        def leaf() -> bool:
            if any(len(by_letter.get(ch, ())) < n for ch, n in rest.items()):
                return False
            picks = [combinations(by_letter[ch], n) for ch, n in rest.items() if n]
            for chosen in product(*picks):
                from_hand = [c for group in chosen for c in group]
                backs = [[c for c in hand if suit[c] == s and c not in from_hand] for s in taken]
                if not all(backs):
                    continue
                for put in product(*backs):
                    out.append(_arrange(word, [table[s] for s in taken] + from_hand, letter,
                                        tuple(zip((table[s] for s in taken), put))))
                    if first:
                        return True
            return False

        def walk(i: int) -> bool:  # take or leave each table card whose letter the word still needs
            if i == len(cand):
                return bool(taken) and leaf()
            s = cand[i]
            ch = letter[table[s]]
            if rest[ch]:
                rest[ch] -= 1
                taken.append(s)
                done = walk(i + 1)
                taken.pop()
                rest[ch] += 1
                if done:
                    return True
            if rest[ch] > len(by_letter.get(ch, ())) + later[i]:  # leaving it, the hand cannot make up the letter
                return False
            return walk(i + 1)
        walk(0)
        return out

    def legal(self, seat: int, move: Spell) -> bool:
        """move follows the rules: the word's letters from the seat's hand and the table, at
        least one table card, each one taken replaced by an unused hand card of its suit."""
        letter, suit = self.cards.letter, self.cards.suit
        hand, on_table = self.hands[seat], {self.table[s] for s in SUITS}
        used = list(move.cards)
        taken = [t for t, _ in move.refills]
        put = [b for _, b in move.refills]
        return (move.word in self.lexicon.points and "".join(letter[c] for c in used) == move.word
                and len(set(used)) == len(used) and all(c in hand or c in on_table for c in used)
                and sorted(c for c in used if c in on_table) == sorted(taken) and taken
                and len(set(put)) == len(put) and all(b in hand and b not in used for b in put)
                and all(suit[t] == suit[b] for t, b in move.refills))

    def candidates(self, seat: int) -> list:
        """The words the letters of seat's hand and the table could make, best-scoring first
        (no longer than the hand: each table card taken costs a hand card)."""
        hand = self.hands[seat]
        have = Counter(self.cards.letter[c] for c in hand)
        have.update(self.cards.letter[self.table[s]] for s in SUITS)
        return self.lexicon.index.makeable(have, len(hand))

    def best_word(self, seat: int) -> "str | None":
        """The best-scoring word seat can spell now, or None."""
        return next((w for w in self.candidates(seat) if self.ways(seat, w, first=True)), None)

    # ---- a hand
    def _deal(self) -> None:
        self.rng.shuffle(self.pool)
        p, k = self.players, self.hand_size
        self.hands = [self.pool[i * k:(i + 1) * k] for i in range(p)]
        self.stack = self.pool[p * k:][::-1]  # the top is the end
        self.pool = []

    def play_hand(self, bots: list, lead: int) -> HandResult:
        self._deal()
        ids = self.cards.ids
        opening = None
        if self.log:
            opening = {"table": [ids[self.table[s]] for s in SUITS], "hands": [[ids[c] for c in h] for h in self.hands],
                       "stack": [ids[c] for c in reversed(self.stack)]}
        t = self.run(bots, lead, HandTally(self.players, [] if self.log else None))
        on_table = set(self.table[s] for s in SUITS)
        self.pool = [c for c in range(self.cards.count) if c not in on_table]  # the next deal: all but the table
        return HandResult(t.scores, t.turns, t.words, t.with_word, t.ran_out,
                          {**opening, "events": t.events} if t.events is not None else None)

    def run(self, bots: list, seat: int, t: "HandTally", stop: "int | None" = None) -> "HandTally":
        """Play turns from seat's until every seat has passed in a row (the hand is over), or
        until t.turns reaches stop. The search (lookahead.py) plays copies on from a turn's start."""
        p = self.players
        while t.passes < p and (stop is None or t.turns < stop):
            self.turn(bots[seat], seat, t)
            seat = (seat + 1) % p
        return t

    def turn(self, bot, seat: int, t: "HandTally") -> None:
        """Seat's turn: the word its player spells, or a pass and the exchange."""
        ids = self.cards.ids
        events = t.events
        best = self.best_word(seat)
        t.with_word += best is not None
        move = bot.turn(self, seat, best) if best is not None else PASS
        t.turns += 1
        if move is PASS:
            t.passes += 1
            under = bot.exchange(self, seat) if self.stack else []
            drawn = self._exchange(seat, under)
            if events is not None:
                events.append({"p": seat, "pass": [ids[c] for c in under], "draw": [ids[c] for c in drawn]})
        else:
            self._check(seat, move, bot)
            t.passes = 0
            hand = self.hands[seat]
            for taken, put in move.refills:
                self.table[self.cards.suit[taken]] = put
                hand.remove(put)
            for c in move.cards:
                if c in hand:
                    hand.remove(c)
            points = self.lexicon.points[move.word]
            t.scores[seat] += points
            t.words.append((seat, move.word))
            drawn = [self.stack.pop() for _ in range(min(self.hand_size - len(hand), len(self.stack)))]
            hand.extend(drawn)
            t.ran_out = t.ran_out or not self.stack
            if events is not None:
                events.append({"p": seat, "spell": move.word.upper(), "cards": [ids[c] for c in move.cards],
                               "refill": [[ids[x], ids[b]] for x, b in move.refills],
                               "draw": [ids[c] for c in drawn]})

    def copy(self) -> "Game":
        """The state as it stands, for a search to play on (no log; the caller gives it random numbers)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.table, g.hands = self.table[:], [h[:] for h in self.hands]
        g.stack, g.pool, g.totals = self.stack[:], self.pool[:], self.totals[:]
        g.log = False
        return g

    def _exchange(self, seat: int, under: list) -> list:
        """Seat gives up the cards under (to the stack's bottom) and draws as many from the top."""
        hand = self.hands[seat]
        for c in under:
            if c not in hand:
                raise RuntimeError(f"seat {seat} gave up {self.cards.ids[c]}, which it does not hold")
        if not under:
            return []
        for c in under:
            hand.remove(c)
        if self.rules["exchange"] == "under-first":
            self.stack[:0] = under[::-1]  # under the stack in the order given up: the last one at the very bottom
            drawn = [self.stack.pop() for _ in under]
        else:  # draw first, then put under
            drawn = [self.stack.pop() for _ in range(min(len(under), len(self.stack)))]
            self.stack[:0] = under[::-1]
        hand.extend(drawn)
        return drawn

    def _check(self, seat: int, move: Spell, bot) -> None:
        """A bot's word must be one of the legal ways: a bug in a bot is never scored."""
        if not self.legal(seat, move):
            raise RuntimeError(f"{bot!r} spelled {move.word!r} with cards the rules do not allow")

    # ---- a game
    def play(self, bots: list) -> GameResult:
        p = self.players
        hands: list = []
        lead = 0
        tie = self.rules["target_tie"]
        winners: list = []
        for n in range(self.variant.max_hands):
            result = self.play_hand(bots, lead)
            if result.log is not None:
                result.log = {"game": GAME, "players": p, "words": self.variant.words,
                              "open_min_letters": self.lexicon.min_letters, "rules": dict(self.rules),
                              "seed": self.seed, "hand": n,
                              "lead": lead, "totals_before": self.totals[:], **result.log}
            self.totals = [t + s for t, s in zip(self.totals, result.scores)]
            hands.append(result)
            top = max(self.totals)
            leaders = [s for s in range(p) if self.totals[s] == top]
            over = top >= self.target and (tie == "share" or len(leaders) == 1)
            if result.log is not None:
                result.log.update(scores=result.scores, totals=self.totals[:], game_over=over,
                                  winners=leaders if over else [])
            if over:
                winners = leaders
                break
            lead = (lead + 1) % p if self.rules["next_lead"] == "left" else lead
        return GameResult(self.totals[:], winners, hands, self.target)


def _distinct(backs: list):
    """One card from each list (the lists hold cards of different suits, so never the same card twice)."""
    if not backs:
        yield ()
        return
    for c in backs[0]:
        for more in _distinct(backs[1:]):
            yield (c,) + more


def _arrange(word: str, cards: list, letter: list, refills: tuple) -> Spell:
    """The cards put in the word's letter order."""
    left = list(cards)
    ordered = []
    for ch in word:
        c = next(c for c in left if letter[c] == ch)
        left.remove(c)
        ordered.append(c)
    return Spell(word, tuple(ordered), tuple(sorted(refills)))


class EightsRandom:
    """Knows only the rules: spells a word chosen at random among those it can spell (the
    candidates tried in a random order, so each is as likely), any way it can be spelled;
    passes when it can spell none, giving up a random handful of cards."""

    name = "random"

    def turn(self, game: Game, seat: int, best: str) -> "Spell | None":
        words = game.candidates(seat)
        game.rng.shuffle(words)
        word = next(w for w in words if game.ways(seat, w, first=True))
        ways = game.ways(seat, word)
        return ways[game.rng.randrange(len(ways))]

    def exchange(self, game: Game, seat: int) -> list:
        return [c for c in game.hands[seat] if game.rng.random() < 0.5]

    def __repr__(self) -> str:
        return "random Eights bot"


class EightsGreedy:
    """Spells the best-scoring word it can, the way that keeps the most useful cards in
    hand; when it cannot, gives up the letters the words need least (and spare copies)."""

    name = "greedy"

    def turn(self, game: Game, seat: int, best: str) -> Spell:
        worth, letter = game.lexicon.worth, game.cards.letter
        hand = game.hands[seat]

        def kept(way: Spell) -> float:
            used = set(way.cards) | {b for _, b in way.refills}
            return sum(worth[letter[c]] for c in hand if c not in used)
        return max(game.ways(seat, best), key=kept)

    def exchange(self, game: Game, seat: int) -> list:
        lex, letter, suit = game.lexicon, game.cards.letter, game.cards.suit
        hand = sorted(game.hands[seat], key=lambda c: -lex.worth[letter[c]])
        keep, seen = [], Counter()
        for c in hand:
            ch = letter[c]
            if seen[ch] < lex.most[ch] and lex.worth[ch] >= 0.25:
                keep.append(c)
                seen[ch] += 1
        suits = Counter(suit[c] for c in keep)
        out = []
        for c in reversed(hand):  # the least useful first; the hand's only card of a suit stays (it pays for a table card)
            if c in keep:
                continue
            if suits[suit[c]]:
                out.append(c)
            else:
                suits[suit[c]] += 1
        return out

    def __repr__(self) -> str:
        return "greedy Eights bot"


EIGHTS_BOTS = {"greedy": EightsGreedy, "random": EightsRandom}


def play_game(variant: EightsVariant, bots: list, seed: int, log: bool = False) -> GameResult:
    """Deal a game from seed and play it to the target; bots[i] plays seat i (seat 0 starts the first hand)."""
    if len(bots) != variant.players:
        raise ValueError(f"{len(bots)} bots for {variant.players} seats")
    return Game(variant, seed, log).play(bots)
