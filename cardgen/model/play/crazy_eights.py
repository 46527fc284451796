"""Crazy Eights played out by bots: the deal, the legal plays, the turn, the score, the game.

The deck is the one the build makes (model/crazy_eights.py: one or two decks, the ace's
penalty as built). A game is hands played until someone's total reaches the target.
On a turn a seat plays a card that matches the top of the discard pile by suit or rank,
or an 8 (naming a suit), or draws; going out ends the hand. The booklet's options are
the variant's fields: a 100 or 500 target, penalty scoring, draw until you can play,
and action cards (2 draw two and miss a turn, queen skip, ace reverse). The choices on
points the reference leaves open come from the table of readings
(templates/readings/crazy-eights.toml), never from here.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..crazy_eights import HAND_SIZES, SUITS, TARGET, WINNER_BONUS, build_deck
from ..readings import engine_settings

GAME = "crazy-eights"
MIN_PLAYERS, MAX_PLAYERS = 2, 10
OPTIONS = ("penalty-scoring", "draw-until-play", "action-cards")  # the booklet's options besides aces and targets
TARGETS = (100, TARGET, 500)  # quick, the reference's, long
MAX_HANDS = 300  # a game still going after this many hands ends without a winner
MAX_TURNS = 3000  # a hand still going after this many turns is scored as a blocked one
PLAY, DRAW, PASS = "play", "draw", "pass"


def deal_size(players: int) -> tuple:
    """(cards each, decks the rules call for) for a table of players."""
    for low, high, cards, decks in HAND_SIZES:
        if low <= players and (high is None or players <= high):
            return cards, decks
    raise ValueError(f"Crazy Eights needs at least {MIN_PLAYERS} players")


@dataclass(frozen=True)
class CrazyEightsVariant:
    """The deck as built (decks, ace value), the seats, and the booklet's options."""

    players: int = 4
    decks: int = 1
    ace_value: int = 10
    target: int = TARGET
    penalty_scoring: bool = False
    draw_until_play: bool = False
    action_cards: bool = False
    max_hands: int = MAX_HANDS

    def __post_init__(self):
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Crazy Eights is for {MIN_PLAYERS}–{MAX_PLAYERS} players here, not {self.players}")
        if self.target not in TARGETS:
            raise ValueError(f"target {self.target}: one of {', '.join(map(str, TARGETS))}")
        _, decks = deal_size(self.players)
        if decks > self.decks:
            raise ValueError(f"{self.players} players need {decks} decks, and the deck was built with {self.decks}")

    @property
    def options(self) -> tuple:
        """The booklet's options in use, by name (the target apart)."""
        return tuple(name for name, on in zip(OPTIONS, (self.penalty_scoring, self.draw_until_play,
                                                        self.action_cards)) if on)


class Cards:
    """The deck as built, as flat tables indexed by card number."""

    def __init__(self, decks: int, ace_value: int):
        deck = build_deck(decks, ace_value)
        self.count = len(deck)
        self.ids = [c.slug for c in deck]
        self.rank = [c.rank for c in deck]
        self.suit = [c.suit for c in deck]
        self.penalty = [c.penalty for c in deck]
        self.eight = [c.rank == "8" for c in deck]


_CARDS: dict = {}


def cards_for(variant: CrazyEightsVariant) -> Cards:
    key = (variant.decks, variant.ace_value)
    if key not in _CARDS:
        _CARDS[key] = Cards(*key)
    return _CARDS[key]


@dataclass
class HandResult:
    winner: "int | None"  # the seat that went out; None: a blocked (or stalled) hand
    scores: list  # what each seat adds to its total for this hand
    held: list  # each seat's penalty points in hand at the end
    turns: int
    reshuffles: int  # times the discards became a new stock
    out_on_eight: bool  # the winner's last card was an 8
    eights_caught: int  # 8s left in hands at the end
    eights_played: int
    stalled: bool = False
    log: "dict | None" = None


@dataclass
class GameResult:
    totals: list  # each seat's total at the end, before the winner's bonus
    winners: list  # empty: a stalled game
    bonus: int  # added to each winner's total (the reference's winner bonus; 0 under penalty scoring)
    hands: list


class Hand:
    """One hand. Bots read it (never change it) through the seat they play."""

    def __init__(self, game: "Game", lead: int):
        self.game = game
        self.cards = game.cards
        self.variant = game.variant
        self.rules = game.rules
        self.rng = game.rng
        self.players = p = game.variant.players
        deck = list(range(self.cards.count))
        self.rng.shuffle(deck)
        k, _ = deal_size(p)
        order = [(lead + i) % p for i in range(p)]  # dealt one at a time, from the player who leads
        self.hands = [[] for _ in range(p)]
        for n in range(k):
            for s in order:
                self.hands[s].append(deck[n * p + order.index(s)])
        self.stock = deck[k * p:][::-1]  # the top is the end
        self.starter = self.stock.pop()
        self.discard = [self.starter]
        self.named: "str | None" = None  # the suit an 8 named
        self.free = self.cards.eight[self.starter]  # an 8 turned up: the first player may play anything
        self.lead = lead
        self.direction = 1
        self.reshuffles = 0
        self.eights_played = 0
        self.events: "list | None" = [] if game.log else None

    # ---- what a seat may do
    def suit_to_follow(self) -> str:
        return self.named or self.cards.suit[self.discard[-1]]

    def legal(self, card: int) -> bool:
        c = self.cards
        top = self.discard[-1]
        return self.free or c.eight[card] or c.suit[card] == self.suit_to_follow() or (
            self.named is None and c.rank[card] == c.rank[top])

    def playable(self, seat: int) -> list:
        return [c for c in self.hands[seat] if self.legal(c)]

    def can_draw(self) -> bool:
        return bool(self.stock) or (self.rules["empty_stock"] == "reshuffle" and len(self.discard) > 1)

    # ---- the moves
    def _draw(self) -> "int | None":
        if not self.stock:
            if not self.can_draw():
                return None
            top = self.discard.pop()
            pile = self.discard
            self.rng.shuffle(pile)
            self.stock, self.discard = pile, [top]
            self.reshuffles += 1
            if self.events is not None:
                self.events.append({"reshuffle": [self.cards.ids[c] for c in reversed(self.stock)]})
        return self.stock.pop()

    def _play(self, seat: int, card: int, suit: "str | None", bot) -> None:
        c = self.cards
        hand = self.hands[seat]
        if card not in hand or not self.legal(card):
            raise RuntimeError(f"{bot!r} played {c.ids[card]}: not a legal play for seat {seat}")
        hand.remove(card)
        self.discard.append(card)
        self.free = False
        self.named = None
        if c.eight[card]:
            self.eights_played += 1
            if hand:
                if suit not in SUITS:
                    raise RuntimeError(f"{bot!r} played an 8 and named {suit!r}, not a suit")
                self.named = suit
        if self.events is not None:
            event = {"p": seat, "play": c.ids[card]}
            if self.named:
                event["suit"] = self.named
            self.events.append(event)

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.direction) % self.players

    def play(self, bots: list) -> HandResult:
        seat = self.lead
        if self.variant.action_cards and self.rules["starter_acts"]:  # the card turned up acts as if the dealer had played it
            seat = self._act(self._next(seat, -1), self.starter)
        winner, turns, stalled = self.run(bots, seat)
        return self._result(winner, turns, stalled)

    def run(self, bots: list, seat: int, max_turns: int = MAX_TURNS) -> tuple:
        """Play turns from seat's until a seat goes out, a round of passes blocks the hand or
        max_turns are played: (winner, turns, stalled). The search (lookahead.py) plays copies
        on from a turn's start."""
        c, v, rules = self.cards, self.variant, self.rules
        events = self.events
        passes = turns = 0
        winner = None
        while turns < max_turns:
            turns += 1
            bot = bots[seat]
            hand = self.hands[seat]
            moved = True
            choice = bot.choose(self, seat)
            if choice[0] == PLAY:
                _, card, suit = choice
                self._play(seat, card, suit, bot)
                played = card
            else:
                played = None
                if choice[0] == DRAW and self.can_draw():
                    while True:
                        card = self._draw()
                        if card is None:
                            break
                        hand.append(card)
                        if events is not None:
                            events.append({"p": seat, "draw": c.ids[card]})
                        if v.draw_until_play:
                            if self.legal(card):
                                self._play(seat, card, bot.name_suit(self, seat, card), bot)
                                played = card
                                break
                            continue
                        if rules["play_drawn_card"] and self.legal(card) and bot.play_drawn(self, seat, card):
                            self._play(seat, card, bot.name_suit(self, seat, card), bot)
                            played = card
                        break
                elif self.playable(seat) or self.can_draw():
                    raise RuntimeError(f"{bot!r} passed with a move open to seat {seat}")
                else:
                    moved = False
                    if events is not None:
                        events.append({"p": seat, "pass": True})
            self.free = False  # the free play after a turned-up 8 is the first player's alone, even one who drew
            if played is not None and not hand:
                winner = seat
                break
            passes = 0 if moved else passes + 1
            if passes == self.players:
                break
            seat = self._act(seat, played) if played is not None and v.action_cards else self._next(seat)
        return winner, turns, winner is None and passes < self.players

    def copy(self) -> "Hand":
        """The state as it stands, for a search to play on (no log; the caller gives it random numbers)."""
        h = Hand.__new__(Hand)
        h.__dict__.update(self.__dict__)
        h.hands = [x[:] for x in self.hands]
        h.stock, h.discard = self.stock[:], self.discard[:]
        h.events = None
        return h

    def _act(self, seat: int, card: int) -> int:
        """The action of card (played by seat) carried out: the seat whose turn is next."""
        c = self.cards
        rank = c.rank[card]
        if rank == "2":  # the next player draws two and misses the turn
            victim = self._next(seat)
            for _ in range(2):
                got = self._draw()
                if got is None:
                    break
                self.hands[victim].append(got)
                if self.events is not None:
                    self.events.append({"p": victim, "draw": c.ids[got], "forced": True})
            return self._next(seat, 2)
        if rank == "Q":
            return self._next(seat, 2)
        if rank == "A":
            if self.players == 2:
                return self._next(seat, 2 if self.rules["reverse_with_two"] == "skip" else 1)
            self.direction = -self.direction
        return self._next(seat)

    # ---- the score
    def _result(self, winner: "int | None", turns: int, stalled: bool) -> HandResult:
        c, rules, p = self.cards, self.rules, self.players
        held = [sum(c.penalty[x] for x in h) for h in self.hands]
        scores = [0] * p
        if self.variant.penalty_scoring:
            scores = held[:]
        elif winner is not None:
            scores[winner] = sum(held)
        elif rules["blocked_hand"] == "fewest-wins":
            low = min(held)
            lowest = [s for s in range(p) if held[s] == low]
            if len(lowest) == 1:
                scores[lowest[0]] = sum(h - low for h in held)
        out_on_eight = winner is not None and c.eight[self.discard[-1]]
        caught = sum(c.eight[x] for h in self.hands for x in h)
        return HandResult(winner, scores, held, turns, self.reshuffles, out_on_eight, caught, self.eights_played,
                          stalled)


class Game:
    def __init__(self, variant: CrazyEightsVariant, seed: int, log: bool = False):
        self.variant = variant
        self.cards = cards_for(variant)
        self.rules = engine_settings(GAME)
        self.rng = random.Random(seed)
        self.seed = seed
        self.log = log

    def deal(self, lead: int) -> Hand:
        """The next hand, dealt (a table where a person plays pauses here between hands)."""
        return Hand(self, lead)

    def play(self, bots: list) -> GameResult:
        v = self.variant
        p = v.players
        totals = [0] * p
        hands: list = []
        winners: list = []
        for n in range(v.max_hands):
            lead = n % p  # the deal passes to the left: each hand is led by the next seat
            hand = self.deal(lead)
            opening = None
            if self.log:
                ids = self.cards.ids
                opening = {"hands": [[ids[x] for x in h] for h in hand.hands],
                           "stock": [ids[x] for x in reversed(hand.stock)], "starter": ids[hand.starter]}
            result = hand.play(bots)
            before = totals[:]
            totals = [t + s for t, s in zip(totals, result.scores)]
            over = max(totals) >= v.target
            if over:
                if v.penalty_scoring:
                    low = min(totals)
                    winners = [s for s in range(p) if totals[s] == low]
                    if len(winners) > 1 and self.rules["penalty_tie"] != "share":
                        over, winners = False, []
                else:
                    top = max(totals)
                    winners = [s for s in range(p) if totals[s] == top]
            if self.log:
                result.log = {"game": GAME, "players": p, "decks": v.decks, "ace_value": v.ace_value,
                              "target": v.target, "options": list(v.options), "rules": dict(self.rules),
                              "seed": self.seed, "hand": n, "lead": lead, "totals_before": before, **opening,
                              "events": hand.events, "winner": result.winner, "stalled": result.stalled,
                              "turn_limit": MAX_TURNS, "scores": result.scores,
                              "totals": totals[:], "game_over": over, "winners": winners if over else []}
            hands.append(result)
            if over:
                break
        bonus = 0 if v.penalty_scoring or not winners else WINNER_BONUS
        return GameResult(totals, winners, bonus, hands)


class CrazyRandom:
    """Knows only the rules: plays a card chosen at random among those that follow (an 8
    naming a random suit), and draws when none does. (Drawing by choice is legal too, but
    a player who drew at random half the time would never win a hand: no baseline.)"""

    name = "random"

    def choose(self, hand: Hand, seat: int) -> tuple:
        moves = hand.playable(seat)
        if not moves:
            return (DRAW,) if hand.can_draw() else (PASS,)
        card = moves[hand.rng.randrange(len(moves))]
        return PLAY, card, self.name_suit(hand, seat, card)

    def name_suit(self, hand: Hand, seat: int, card: int) -> "str | None":
        return SUITS[hand.rng.randrange(4)] if hand.cards.eight[card] else None

    def play_drawn(self, hand: Hand, seat: int, card: int) -> bool:
        return hand.rng.random() < 0.5

    def __repr__(self) -> str:
        return "random Crazy Eights bot"


class CrazyGreedy:
    """Plays the tips: sheds its costliest card that follows, keeping its 8s for when
    nothing else will do (or an opponent is about to go out); an 8 names the suit it
    holds most of; it draws only when it cannot play."""

    name = "greedy"

    def choose(self, hand: Hand, seat: int) -> tuple:
        c = hand.cards
        options = hand.playable(seat)
        if not options:
            return (DRAW,) if hand.can_draw() else (PASS,)
        mine = hand.hands[seat]
        threat = min(len(h) for s, h in enumerate(hand.hands) if s != seat) <= 2
        plain = [x for x in options if not c.eight[x]]
        eights = [x for x in options if c.eight[x]]
        if eights and (threat or not plain):
            card = eights[0]
        else:
            def worth(x):  # a card that leaves more of its suit in hand keeps control; then the costlier
                return (sum(c.suit[y] == c.suit[x] for y in mine if y != x), c.penalty[x], -x)
            card = max(plain, key=worth)
        return PLAY, card, self.name_suit(hand, seat, card)

    def name_suit(self, hand: Hand, seat: int, card: int) -> "str | None":
        c = hand.cards
        if not c.eight[card]:
            return None
        rest = [y for y in hand.hands[seat] if y != card and not c.eight[y]]
        return max(SUITS, key=lambda s: (sum(c.suit[y] == s for y in rest), sum(c.penalty[y] for y in rest
                                                                                if c.suit[y] == s)))

    def play_drawn(self, hand: Hand, seat: int, card: int) -> bool:
        return True

    def __repr__(self) -> str:
        return "greedy Crazy Eights bot"


CRAZY_BOTS = {"greedy": CrazyGreedy, "random": CrazyRandom}


def play_game(variant: CrazyEightsVariant, bots: list, seed: int, log: bool = False) -> GameResult:
    """Deal a game from seed and play it to the target; bots[i] plays seat i (seat 0 leads the first hand)."""
    if len(bots) != variant.players:
        raise ValueError(f"{len(bots)} bots for {variant.players} seats")
    return Game(variant, seed, log).play(bots)
