"""An outside referee for Crazy Eights hand logs (`cardgen playtest --game crazy-eights --log`):
replays one logged hand from the rules alone (nothing of cardgen is imported) and lists
every move that breaks them.

Rules used: one or two 52-card decks (ids "<deck>-<suit>-<rank>"); 7 cards each for 2–4
players, 5 for more (two decks past six); the card after the deal starts the discard
pile (an 8 there: anything may follow). Turns go round from the lead; a seat plays a card
of the suit to follow (the named suit after an 8) or of the top card's rank, or any 8
(naming a suit unless it was the last card), or draws from the top of the stock, or passes
when it can neither play nor draw. Drawing ends the turn, unless the log's rules let a
playable drawn card be played at once; with draw-until-play the seat draws until a card
follows and plays it. An empty stock is rebuilt from the discard pile less its top card
(when the log's rules say so). With action cards a 2 makes the next seat draw two and
miss its turn, a queen skips the next seat, an ace reverses (with two players: as the
rules say). Going out ends the hand; a whole round of passes blocks it. Scores: the
player who goes out takes every penalty left in hand (8 = 50, J/Q/K = 10, ace as the
log says, others face value); a blocked hand as the log's rules say; penalty scoring:
each seat its own. The game ends when a total reaches the target.
"""
from __future__ import annotations

import json
from collections import Counter

SUITS = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def parts(card: str) -> tuple:
    deck, suit, rank = card.split("-")
    if suit not in SUITS or rank not in RANKS or deck not in ("1", "2"):
        raise ValueError(f"{card!r} is not a card")
    return suit, rank


def penalty(card: str, ace: int) -> int:
    rank = parts(card)[1]
    return 50 if rank == "8" else 10 if rank in "JQK" else ace if rank == "A" else int(rank)


def replay(line: str) -> list:
    """The problems found in one logged hand; [] when every move is legal and the score right."""
    try:
        return _Replay(json.loads(line)).run()
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        return [f"unreadable log: {exc!r}"]


def replay_game(lines: list) -> list:
    """Each hand of one game replayed, and the totals carried from hand to hand."""
    problems, totals = [], None
    for n, line in enumerate(lines):
        h = json.loads(line)
        problems += [f"hand {n}: {p}" for p in replay(line)]
        if totals is not None and h["totals_before"] != totals:
            problems.append(f"hand {n}: starts from totals {h['totals_before']}, the last hand left {totals}")
        if h["hand"] != n or h["lead"] != n % h["players"]:
            problems.append(f"hand {n}: numbered {h['hand']}, led by seat {h['lead']}")
        if h["game_over"] != (n == len(lines) - 1):
            problems.append(f"hand {n}: the game {'ends' if h['game_over'] else 'goes on'} here")
        totals = h["totals"]
    return problems


class _Replay:
    def __init__(self, h: dict):
        self.h = h
        self.p = h["players"]
        self.rules = h["rules"]
        self.options = set(h["options"])
        self.problems: list = []

    def fail(self, text: str) -> None:
        self.problems.append(text)

    # ---- the state
    def follows(self, card: str) -> bool:
        suit, rank = parts(card)
        if self.free or rank == "8":
            return True
        top_suit, top_rank = parts(self.discard[-1])
        return suit == (self.named or top_suit) or (self.named is None and rank == top_rank)

    def can_draw(self) -> bool:
        return bool(self.stock) or (self.rules["empty_stock"] == "reshuffle" and len(self.discard) > 1)

    def run(self) -> list:
        h, p = self.h, self.p
        ace = h["ace_value"]
        self.hands = [list(x) for x in h["hands"]]
        self.stock = list(h["stock"])  # the top first
        starter = h["starter"]
        deck = Counter(f"{d}-{s}-{r}" for d in range(1, h["decks"] + 1) for s in SUITS for r in RANKS)
        dealt = Counter(c for x in self.hands for c in x) + Counter(self.stock) + Counter([starter])
        if dealt != deck:
            self.fail("the deal is not the deck")
        size = 7 if p <= 4 else 5
        if any(len(x) != size for x in self.hands):
            self.fail(f"every seat starts with {size} cards")
        self.discard, self.named, self.free = [starter], None, parts(starter)[1] == "8"
        self.direction = 1
        events = h["events"]
        self.i = 0
        seat = h["lead"]
        if "action-cards" in self.options and self.rules["starter_acts"]:
            seat = self.act((seat - 1) % p, starter)
        passes = turns = 0
        winner = None
        while self.i < len(events):
            turns += 1
            played = self.turn(seat)
            self.free = False  # only the first player may play anything on a turned-up 8, play or draw
            if played is False:
                return self.problems
            if played == "pass":
                passes += 1
                played = None
            else:
                passes = 0
            if played is not None and not self.hands[seat]:
                winner = seat
                break
            if passes == p:
                break
            seat = self.act(seat, played) if played is not None and "action-cards" in self.options else \
                (seat + self.direction) % p
        if self.i != len(events):
            self.fail(f"event {self.i}: the hand goes on after it ended")
        stalled = winner is None and passes < p
        if stalled and (not h["stalled"] or turns != h["turn_limit"]):
            self.fail("the log stops in the middle of the hand")
        if h["winner"] != winner:
            self.fail(f"winner {h['winner']!r}, the moves give {winner!r}")
        held = [sum(penalty(c, ace) for c in x) for x in self.hands]
        scores = [0] * p
        if "penalty-scoring" in self.options:
            scores = held
        elif winner is not None:
            scores[winner] = sum(held)
        elif self.rules["blocked_hand"] == "fewest-wins":
            low = min(held)
            if held.count(low) == 1:
                scores[held.index(low)] = sum(x - low for x in held)
        if h["scores"] != scores:
            self.fail(f"scores {h['scores']}, the rules give {scores}")
        totals = [a + b for a, b in zip(h["totals_before"], scores)]
        if h["totals"] != totals:
            self.fail(f"totals {h['totals']}, the rules give {totals}")
        over = max(totals) >= h["target"]
        if "penalty-scoring" in self.options:
            winners = [s for s in range(p) if totals[s] == min(totals)]
            if over and len(winners) > 1 and self.rules["penalty_tie"] != "share":
                over = False
        else:
            winners = [s for s in range(p) if totals[s] == max(totals)]
        if h["game_over"] != over or h["winners"] != (winners if over else []):
            self.fail(f"game over {h['game_over']} won by {h['winners']}, the totals give {over} "
                      f"won by {winners if over else []}")
        return self.problems

    # ---- one turn
    def event(self, seat: int, kind: str) -> "dict | None":
        """The next event, taking a reshuffle on the way; None (and a problem) if it is not seat's kind."""
        events = self.h["events"]
        while self.i < len(events) and "reshuffle" in events[self.i]:
            e = events[self.i]
            if self.stock:
                self.fail(f"event {self.i}: the stock was rebuilt before it ran out")
            if self.rules["empty_stock"] != "reshuffle":
                self.fail(f"event {self.i}: a rebuilt stock, which the rules leave out")
            if Counter(e["reshuffle"]) != Counter(self.discard[:-1]) or not e["reshuffle"]:
                self.fail(f"event {self.i}: the new stock is not the discard pile less its top")
            self.stock, self.discard = list(e["reshuffle"]), self.discard[-1:]
            self.i += 1
        if self.i >= len(events):
            return None
        e = events[self.i]
        if e.get("p") != seat or kind not in e:
            return None
        self.i += 1
        return e

    def draw(self, seat: int, e: dict) -> "str | None":
        if not self.stock or self.stock[0] != e["draw"]:
            self.fail(f"event {self.i - 1}: {e['draw']} is not the top of the stock")
            return None
        self.hands[seat].append(self.stock.pop(0))
        return e["draw"]

    def play(self, seat: int, e: dict) -> "str | None":
        card = e["play"]
        if card not in self.hands[seat]:
            self.fail(f"event {self.i - 1}: seat {seat} does not hold {card}")
            return None
        if not self.follows(card):
            self.fail(f"event {self.i - 1}: {card} may not follow {self.discard[-1]}"
                      + (f" ({self.named} named)" if self.named else ""))
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.free, self.named = False, None
        if parts(card)[1] == "8" and self.hands[seat]:
            if e.get("suit") not in SUITS:
                self.fail(f"event {self.i - 1}: an 8 played without naming a suit")
            self.named = e.get("suit")
        elif "suit" in e:
            self.fail(f"event {self.i - 1}: a suit named with {card}")
        return card

    def turn(self, seat: int):
        """Replays seat's turn: the card played, None (drew), "pass", or False (the log is unreadable here)."""
        e = self.event(seat, "play")
        if e is not None:
            return self.play(seat, e)
        e = self.event(seat, "draw")
        if e is not None:
            if e.get("forced"):
                self.fail(f"event {self.i - 1}: a forced draw with no 2 played")
            while True:
                card = self.draw(seat, e)
                if card is None:
                    return False
                if "draw-until-play" in self.options:
                    if self.follows(card):
                        nxt = self.event(seat, "play")
                        if nxt is None or nxt["play"] != card:
                            self.fail(f"event {self.i}: the drawn {card} follows and must be played")
                            return False
                        return self.play(seat, nxt)
                    e = self.event(seat, "draw")
                    if e is None:
                        if self.can_draw():
                            self.fail(f"event {self.i}: seat {seat} stopped drawing with cards left to draw")
                        return None
                    continue
                if self.rules["play_drawn_card"] and self.follows(card):
                    nxt = self.event(seat, "play")
                    if nxt is not None:
                        if nxt["play"] != card:
                            self.fail(f"event {self.i - 1}: only the drawn card may be played")
                        return self.play(seat, nxt)
                return None
        e = self.event(seat, "pass")
        if e is not None:
            if any(self.follows(c) for c in self.hands[seat]) or self.can_draw():
                self.fail(f"event {self.i - 1}: seat {seat} passed with a move open")
            return "pass"
        self.fail(f"event {self.i}: expected seat {seat} to play, draw or pass")
        return False

    def act(self, seat: int, card: str) -> int:
        """The seat whose turn follows card's action (played by seat)."""
        p, rank = self.p, parts(card)[1]
        nxt = (seat + self.direction) % p
        if rank == "2":
            for _ in range(2):
                if not self.can_draw():
                    break
                e = self.event(nxt, "draw")
                if e is None or not e.get("forced"):
                    self.fail(f"event {self.i}: seat {nxt} must draw two after a 2")
                    break
                self.draw(nxt, e)
            return (seat + 2 * self.direction) % p
        if rank == "Q":
            return (seat + 2 * self.direction) % p
        if rank == "A":
            if p == 2:
                return seat if self.rules["reverse_with_two"] == "skip" else nxt
            self.direction = -self.direction
            return (seat + self.direction) % p
        return nxt
