"""Each game at a table (table.py): its variant from the options, the person's seat as a
player the engine asks, what the person may see of the state, the engine's log filtered
to the events the person may see, and the end of a hand worked out line by line.

What a person may know, game by game: their own hand; how many cards each other seat
holds; what lies face up (Str8 Eight: the sequences, the discard pile's top card, a card
another seat takes from it; FourScore: the rows, the cards turned up each round, the
piles' sizes; Crazy Eights: the discard pile, the suit an 8 named; Eights: the table's
eight cards and every word spelled). Never: a card another seat draws from the pile or
stock, the cards an Eights player gives up, the order of a pile. At the end of a hand the
hands are shown, as players show them to score.
"""
from __future__ import annotations

from . import table_words as words
from .table_moves import Move


def seat_name(me: int, s: int) -> str:
    return "You" if s == me else f"Player {s + 1}"


class _Adapter:
    SEATS = (2, 4)

    def __init__(self, table):
        self.table = table
        self.o = table.options
        self.me = table.options.seat
        self.finished: list = []  # {"log", "summary"} of each finished hand

    def name(self, s: int) -> str:
        return seat_name(self.me, s)

    def final_words(self) -> str:
        return "The game is over."


class _HandsAdapter(_Adapter):
    """A game of several hands (Crazy Eights, Eights): each hand closed as the next is dealt, and
    the game's winners named at its end."""

    def next_hand(self) -> None:
        """Before a hand is dealt: the last one closed, and the person asked to deal the next."""
        if self.results:
            self.close()
            self.table.ask("next-hand", "The hand is over. Deal the next one?",
                           [Move("next-hand", "Deal the next hand", True)])

    def close(self) -> None:
        """The last hand played is finished: its log and summary."""
        n = len(self.results)
        if len(self.finished) < n:
            r = self.results[-1]
            self.finished.append({"log": r.log, "summary": self.summary(n - 1, r)})

    def final_words(self) -> str:
        winners = self.finished[-1]["summary"]["winners"] if self.finished else []
        return "The game is over: " + " and ".join(self.name(s) for s in winners) + " won." if winners \
            else "The game is over."


class _Person:
    """The person's seat, as a player the engine asks (a: the game's adapter)."""

    name = "person"

    def __init__(self, a: _Adapter):
        self.a = a

    def __repr__(self) -> str:
        return "the person at the table"


# ---- Str8 Eight ------------------------------------------------------------------------------

class Str8EightAdapter(_Adapter):
    SEATS = (2, 4)

    @staticmethod
    def variant(o):
        from .playability import playability
        from .str8eight import Variant

        v = o.variant
        n = v.get("table_size", 8)
        length = v.get("sequence_length", n)
        variant = Variant(table_size=n, pass_cards=v.get("pass_cards", 6), sequence_length=length, players=o.seats)
        problems = playability(n, variant.pass_cards, length).problems()
        if problems:
            raise ValueError(problems[0].split(":")[0])
        return variant

    def run(self, bots: list) -> None:
        from .str8eight import Hand, cards_for

        self.cards = cards_for(self.variant(self.o))
        self.hand = Hand(self.cards, self.table.seed, log=True)
        result = self.hand.play(bots)
        self.finished.append({"log": result.log, "summary": self.summary(result)})

    def person(self):
        return _Str8EightPerson(self)

    def card(self, c: int) -> dict:
        cards = self.cards
        if cards.pass_dir[c]:
            direction = cards.ids[c].split("-")[1]
            return {"id": cards.ids[c], "name": words.pass_name(direction, self.hands_to(c)), "pass": direction,
                    "points": cards.points[c]}
        v = cards.value[c]
        return {"id": cards.ids[c], "name": words.number_name(v, cards.table_size), "value": v,
                "cell": list(cards.cell[c]), "points": v}

    def hands_to(self, c: int) -> str:
        return "next" if self.cards.pass_dir[c] > 0 else "previous"

    def card_by_id(self, card_id: str) -> dict:
        return self.card(self.cards.index[card_id])

    def short(self, card_id: str) -> str:
        """A card in a sentence: its number, or "a pass card (left)"."""
        card = self.card_by_id(card_id)
        return str(card["value"]) if "value" in card else f"a pass card ({card['pass']})"

    def view(self) -> dict:
        h, me, p = self.hand, self.me, self.o.seats
        return {
            "hand": [self.card(c) for c in h.hands[me]],
            "table": {"sequences": [{"seat": s, "name": self.name(s), "cards": [self.card(c) for c in h.seqs[s]]}
                                    for s in range(p)],
                      "discard_top": self.card(h.discard[-1]) if h.discard else None,
                      "discard_pile": len(h.discard), "draw_pile": len(h.draw), "pass_cards_played": len(h.passed),
                      "sequence_length": self.cards.length},
            "seats": [{"seat": s, "name": self.name(s), "cards": len(h.hands[s]), "sequence": len(h.seqs[s])}
                      for s in range(p)],
            "turn": h.turn % p, "scores": self.finished[-1]["summary"]["scores"] if self.finished else None}

    def public_events(self) -> list:
        h, me = self.hand, self.me
        out = [{"text": "A new hand: you hold " + ", ".join(self.short(c) for c in h.opening[0][me]) + ".",
                "cards": list(h.opening[0][me])}] if h.opening else []
        for e in h.events or ():
            out.extend(self._public(e))
        if self.finished:
            out.append({"text": "The hand is over.", "summary": self.finished[-1]["summary"]})
        return out

    def _public(self, e: dict) -> list:
        me = self.me
        if "impasse" in e:
            mine = e["impasse"]["hands"][me]
            return [{"text": "Nobody could finish: every card was shuffled and dealt again.", "cards": list(mine)}]
        if "reshuffle" in e:
            return [{"text": "The discard pile was shuffled into a new draw pile."}]
        s = e["p"]
        who = self.name(s)
        if "draw" in e:
            if s == me:
                where = "took {} from the discard pile" if e["draw"] == "discard" else "drew {} from the draw pile"
                return [{"seat": s, "text": "You " + where.format(self.short(e["card"])) + ".", "cards": [e["card"]]}]
            if e["draw"] == "discard":
                return [{"seat": s, "text": f"{who} took {self.short(e['card'])} from the discard pile.",
                         "cards": [e["card"]]}]
            return [{"seat": s, "text": f"{who} drew from the draw pile."}]
        whose = "your" if s == me else "their"
        if "play" in e:
            return [{"seat": s, "text": f"{who} laid {self.short(e['play'])} on {whose} sequence.", "cards": [e["play"]]}]
        if "pass" in e:
            return [{"seat": s, "text": f"{who} played a pass card: every hand moves to the "
                                        f"{self.hands_to(self.cards.index[e['pass']])} player.", "cards": [e["pass"]]}]
        if "discard" in e:
            return [{"seat": s, "text": f"{who} discarded {self.short(e['discard'])}.", "cards": [e["discard"]]}]
        return []

    def summary(self, r) -> dict:
        h, cards, me = self.hand, self.cards, self.me
        value, points = cards.value, cards.points
        seq_totals = [sum(value[c] for c in s) for s in h.seqs]
        lines = []
        for s in range(self.o.seats):
            seq = [value[c] for c in h.seqs[s]]
            held = [points[c] for c in h.hands[s]]
            who = self.name(s)
            if s == r.winner and r.bonus:
                others = [seq_totals[t] for t in range(self.o.seats) if t != s]
                lines.append(f"{who}: won with a one-color run, {words.plus_line(seq)}, and collect every other "
                             f"sequence: {words.plus_line([seq_totals[s]] + others)}")
            elif s == r.winner:
                lines.append(f"{who}: won with {words.plus_line(seq)}")
            elif r.bonus:
                lines.append(f"{who}: the winner collects the sequence; the hand costs "
                             f"{words.plus_line(held) if held else 0}, so −{sum(held)}")
            else:
                lines.append(f"{who}: sequence {words.plus_line(seq) if seq else 0}, hand "
                             f"{words.plus_line(held) if held else 0}: {sum(seq)} − {sum(held)} = "
                             f"{sum(seq) - sum(held)}".replace("= -", "= −"))
        mine = [value[c] for c in h.seqs[me]]
        facts = [words.facts_of(v, cards.table_size) for v in mine]
        facts += [words.follow_reason(a, b, cards.table_size) for a, b in zip(mine, mine[1:])]
        return {"winner": r.winner, "bonus": r.bonus, "scores": list(r.scores), "lines": lines, "facts": facts,
                "hands": {str(s): [cards.ids[c] for c in h.hands[s]] for s in range(self.o.seats)}}


class _Str8EightPerson(_Person):
    a: Str8EightAdapter

    def draw_from(self, hand, seat: int) -> str:
        from .str8eight import DISCARDS, PILE

        a = self.a
        top = hand.discard[-1]
        card = a.card(top)
        hint = None
        if hand.cards.pass_dir[top]:
            hint = "a pass card: play it to move every hand one seat"
        elif hand.playable(seat, top):
            hint = words.follow_reason(hand.last[seat], hand.cards.value[top], hand.cards.table_size)
        return a.table.ask("draw", "Draw a card: from the draw pile, or the top of the discard pile?", [
            Move("draw:pile", "Draw from the draw pile", PILE, kind="draw"),
            Move("draw:discard", f"Take {card['name'].split(';')[0]} from the discard pile", DISCARDS, card, hint,
                 kind="draw")])

    def act(self, hand, seat: int) -> tuple:
        from .str8eight import PASS, PLAY

        a = self.a
        cards = hand.cards
        n = cards.table_size
        laid = [cards.value[c] for c in hand.seqs[seat]]
        moves = []
        for action, c in hand.legal_actions(seat):
            card = a.card(c)
            short = card["name"].split(";")[0]
            hint = None
            if action == PLAY:
                v = cards.value[c]
                hint = words.follow_reason(hand.last[seat], v, n) + words.run_note(laid, v, cards.length, n)
                label = f"Lay {short} on your sequence"
            elif action == PASS:
                hint = f"a pass card: every hand moves to the {a.hands_to(c)} player"
                label = f"Play the {card['name'].split(':')[0]}"
            else:
                label = f"Discard {short}"
            moves.append(Move(f"{action}:{cards.ids[c]}", label, (action, c), card, hint, kind=action))
        return a.table.ask("act", "Lay a card on your sequence, play a pass card or discard one.", moves)


# ---- FourScore -------------------------------------------------------------------------------

class FourScoreAdapter(_Adapter):
    SEATS = (2, 6)

    @staticmethod
    def variant(o):
        from .fourscore import FourScoreVariant

        return FourScoreVariant(table_size=o.variant.get("table_size", 8), players=o.seats)

    def run(self, bots: list) -> None:
        from .fourscore import Game

        adapter = self

        class _Game(Game):
            def place(self, seat, v, spot, take=None):
                from .fourscore import RIGHT, SIDES

                before = self.piles[seat]
                if spot is None:
                    r = self.highest_rows()[0] if take is None else take
                    step = {"seat": seat, "value": v, "took": r, "cards": len(self.rows[r])}
                else:
                    r, side = spot
                    row = self.rows[r]
                    step = {"seat": seat, "value": v, "row": r, "side": SIDES[side],
                            "neighbour": row[-1] if side == RIGHT else row[0], "fifth": self.fills(v, spot)}
                Game.place(self, seat, v, spot, take)
                step["change"] = self.piles[seat] - before
                step["returned"] = bool(self.events[-1].get("returned"))
                adapter.steps.append(step)

        self.steps: list = []
        self.game = _Game(self.variant(self.o), self.table.seed, log=True)
        result = self.game.play(bots)
        self.finished.append({"log": result.log, "summary": self.summary(result)})

    def person(self):
        return _FourScorePerson(self)

    def card(self, v: int) -> dict:
        return {"id": str(v), "name": words.number_name(v, self.game.variant.table_size), "value": v}

    def view(self) -> dict:
        g, p = self.game, self.o.seats
        return {"hand": [self.card(v) for v in sorted(g.hands[self.me])],
                "table": {"rows": [[self.card(v) for v in row] for row in g.rows], "round": g.rounds + 1,
                          "turned_up": [{"seat": s, "name": self.name(s), "card": self.card(v)}
                                        for s, v in enumerate(g.chosen)] if g.values else None,
                          "box": g.box},
                "seats": [{"seat": s, "name": self.name(s), "cards": len(g.hands[s]), "pile": g.piles[s]}
                          for s in range(p)],
                "scores": list(g.piles)}

    def public_events(self) -> list:
        g, me = self.game, self.me
        out = []
        if g.opening:
            out.append({"text": "A new game: the rows start with " + ", ".join(str(r[0]) for r in g.opening["rows"])
                        + "; you hold " + ", ".join(str(v) for v in sorted(g.opening["hands"][me])) + ".",
                        "cards": [str(v) for v in g.opening["hands"][me]] + [str(r[0]) for r in g.opening["rows"]]})
        for e in g.events or ():
            if "reveal" in e:
                out.append({"text": "Cards turned up: " + ", ".join(f"{self.name(s).lower() if s == me else self.name(s)} "
                                                                    f"{v}" for s, v in enumerate(e["reveal"])) + ".",
                            "cards": [str(v) for v in e["reveal"]]})
            elif "box" in e:
                out.append({"text": f"{self.name(e['box'])} now hold{'' if e['box'] == me else 's'} the box."})
            elif "take" in e:
                out.append({"seat": e["p"], "text": f"{self.name(e['p'])} took row {e['take'] + 1} with {e['card']}.",
                            "cards": [str(e["card"])]})
            else:
                text = f"{self.name(e['p'])} laid {e['card']} at the {e['side']} end of row {e['row'] + 1}"
                if e.get("fifth"):
                    text += ": the fifth card, the row's other cards go to the scoring pile"
                if e.get("returned"):
                    text += "; facing arrows return a card to the box"
                out.append({"seat": e["p"], "text": text + ".", "cards": [str(e["card"])]})
        if self.finished:
            out.append({"text": "The game is over.", "summary": self.finished[-1]["summary"]})
        return out

    def summary(self, r) -> dict:
        g, n = self.game, self.game.variant.table_size
        lines = []
        for s in range(self.o.seats):
            parts = []  # (what happened, cards it added to the scoring pile)
            for st in self.steps:
                if st["seat"] != s:
                    continue
                if "took" in st:
                    parts.append((f"took row {st['took'] + 1}", st["cards"]))
                    continue
                if st["fifth"]:
                    parts.append((f"fifth card in row {st['row'] + 1}", st["change"] + st["returned"]))
                if st["returned"]:
                    parts.append((f"{st['value']} and {st['neighbour']} face each other", -1))
            lines.append(f"{self.name(s)}: " + "; ".join(f"{what} {n:+d}".replace("-", "−") for what, n in parts)
                         + f": {words.signed_line([n for _, n in parts])}" if parts
                         else f"{self.name(s)}: no cards, 0")
        facts = []
        for st in self.steps:
            if st["seat"] == self.me and "row" in st:
                facts.append(words.place_reason(st["value"], st["neighbour"], st["side"], n, g.groups))
        won = " and ".join(self.name(s) for s in r.winners)
        return {"winners": list(r.winners), "scores": list(r.piles), "lines": lines,
                "facts": facts, "result": f"The fewest cards win: {won}."}


class _FourScorePerson(_Person):
    a: FourScoreAdapter

    def _hint(self, game, v: int) -> str:
        from .fourscore import SIDES

        spots = game.spots(v)
        if not spots:
            return f"{v} has no place now: it would take the row with the highest card"
        r, side = spots[0]
        row = game.rows[r]
        neighbour = row[-1] if side == 1 else row[0]
        text = words.place_reason(v, neighbour, SIDES[side], game.variant.table_size, game.groups) + f" (row {r + 1})"
        if game.fills(v, spots[0]):
            text += "; it would be the fifth card, and the row's other cards would go to your pile"
        return text

    def choose(self, game, seat: int) -> int:
        a = self.a
        return a.table.ask("card", "Choose a card to turn up.", [
            Move(f"card:{v}", f"Play {v}", v, a.card(v), self._hint(game, v), kind="card")
            for v in sorted(set(game.hands[seat]))])

    def place(self, game, seat: int, v: int, spots: list) -> tuple:
        from .fourscore import RIGHT, SIDES

        a = self.a
        moves = []
        for r, side in spots:
            row = game.rows[r]
            neighbour = row[-1] if side == RIGHT else row[0]
            hint = words.place_reason(v, neighbour, SIDES[side], game.variant.table_size, game.groups)
            moves.append(Move(f"place:{r}:{SIDES[side]}", f"Lay {v} at the {SIDES[side]} end of row {r + 1}",
                              (r, side), a.card(v), hint, kind="place"))
        return a.table.ask("place", f"Where does your {v} go?", moves)

    def take(self, game, seat: int, v: int, rows: list) -> int:
        return self.a.table.ask("take", f"{v} has no place: which row do you take?", [
            Move(f"take:{r}", f"Take row {r + 1} ({len(game.rows[r])} cards)", r, kind="take") for r in rows])


# ---- Crazy Eights ----------------------------------------------------------------------------

class CrazyEightsAdapter(_HandsAdapter):
    SEATS = (2, 6)

    @staticmethod
    def variant(o):
        from .crazy_eights import TARGET, CrazyEightsVariant

        v = o.variant
        return CrazyEightsVariant(players=o.seats, decks=v.get("decks", 1), ace_value=v.get("ace_value", 10),
                                  target=v.get("target", TARGET), penalty_scoring=v.get("penalty_scoring", False),
                                  draw_until_play=v.get("draw_until_play", False),
                                  action_cards=v.get("action_cards", False))

    def run(self, bots: list) -> None:
        from .crazy_eights import Game, Hand

        adapter = self
        self.results: list = []
        self.hands: list = []
        self.openings: list = []

        class _Hand(Hand):
            def play(self, bots):
                r = Hand.play(self, bots)
                adapter.results.append(r)
                return r

        class _Game(Game):
            def deal(self, lead):
                adapter.next_hand()
                hand = _Hand(self, lead)
                adapter.hands.append(hand)
                adapter.openings.append(([list(h) for h in hand.hands], hand.starter))
                return hand

        self.game = _Game(self.variant(self.o), self.table.seed, log=True)
        self.game.play(bots)
        self.close()

    @property
    def hand(self):
        return self.hands[-1]

    def person(self):
        return _CrazyEightsPerson(self)

    def card(self, c: int) -> dict:
        cards = self.game.cards
        return {"id": cards.ids[c], "name": words.playing_card_name(cards.rank[c], cards.suit[c]),
                "rank": cards.rank[c], "suit": cards.suit[c], "points": cards.penalty[c]}

    def totals(self, upto: "int | None" = None) -> list:
        totals = [0] * self.o.seats
        for r in self.results[:upto]:
            totals = [t + s for t, s in zip(totals, r.scores)]
        return totals

    def view(self) -> dict:
        h, p = self.hand, self.o.seats
        return {"hand": [self.card(c) for c in h.hands[self.me]],
                "table": {"discard_top": self.card(h.discard[-1]), "discard_pile": len(h.discard),
                          "named": h.named, "suit_to_follow": h.suit_to_follow(), "free": h.free,
                          "stock": len(h.stock), "direction": h.direction, "hand_number": len(self.hands),
                          "target": self.game.variant.target},
                "seats": [{"seat": s, "name": self.name(s), "cards": len(h.hands[s])} for s in range(p)],
                "scores": self.totals()}

    def public_events(self) -> list:
        ids = self.game.cards.ids
        out = []
        for n, hand in enumerate(self.hands):
            hands, starter = self.openings[n]
            mine = [ids[c] for c in hands[self.me]]
            out.append({"text": f"Hand {n + 1}: you hold {len(mine)} cards; the first card turned up is the "
                                f"{self.card(starter)['name']}.", "cards": mine + [ids[starter]]})
            for e in hand.events or ():
                out.extend(self._public(e))
            if n < len(self.finished):
                out.append({"text": f"Hand {n + 1} is over.", "summary": self.finished[n]["summary"]})
        return out

    def _public(self, e: dict) -> list:
        cards = self.game.cards
        if "reshuffle" in e:
            return [{"text": "The discard pile was shuffled into a new stock."}]
        s = e["p"]
        who = self.name(s)
        if "play" in e:
            c = cards.ids.index(e["play"])
            text = f"{who} played the {self.card(c)['name'].split(' (')[0]}"
            if e.get("suit"):
                text += f" and named {e['suit']}"
            return [{"seat": s, "text": text + ".", "cards": [e["play"]]}]
        if "draw" in e:
            forced = " (a 2 was played)" if e.get("forced") else ""
            if s == self.me:
                c = cards.ids.index(e["draw"])
                return [{"seat": s, "text": f"You drew the {self.card(c)['name'].split(' (')[0]}{forced}.",
                         "cards": [e["draw"]]}]
            return [{"seat": s, "text": f"{who} drew a card{forced}."}]
        if "pass" in e:
            return [{"seat": s, "text": f"{who} could neither play nor draw, and passed."}]
        return []

    def summary(self, n: int, r) -> dict:
        h, cards = self.hands[n], self.game.cards
        variant = self.game.variant
        lines = []
        for s in range(self.o.seats):
            held = h.hands[s]
            if held:
                parts = [f"{self.card(c)['name'].split(' (')[0]} {cards.penalty[c]}" for c in held]
                lines.append(f"{self.name(s)} {'hold' if s == self.me else 'holds'} " + ", ".join(parts)
                             + f": {words.plus_line([cards.penalty[c] for c in held])}")
            else:
                lines.append(f"{self.name(s)} went out.")
        if variant.penalty_scoring:
            lines.append("Penalty scoring: each player adds the points they hold; the fewest points win the game.")
        elif r.winner is not None:
            caught = [r.held[s] for s in range(self.o.seats) if s != r.winner]
            lines.append(f"{self.name(r.winner)} {'score' if r.winner == self.me else 'scores'} the others' cards: "
                         f"{words.plus_line(caught)}.")
        else:
            lines.append("Nobody went out: the hand was blocked.")
        before = self.totals(n)
        after = [b + x for b, x in zip(before, r.scores)]
        totals = [f"{self.name(s)}: {before[s]} + {r.scores[s]} = {after[s]}" for s in range(self.o.seats)]
        log = r.log or {}
        return {"winner": r.winner, "scores": list(r.scores), "totals": after, "lines": lines + totals,
                "facts": [ln for ln in lines if "=" in ln or "+" in ln], "game_over": bool(log.get("game_over")),
                "winners": log.get("winners", []),
                "hands": {str(s): [cards.ids[c] for c in h.hands[s]] for s in range(self.o.seats)}}


class _CrazyEightsPerson(_Person):
    a: CrazyEightsAdapter

    def choose(self, hand, seat: int) -> tuple:
        from ..crazy_eights import SUITS
        from .crazy_eights import DRAW, PASS, PLAY

        a, c = self.a, hand.cards
        top = hand.discard[-1]
        moves = []
        for card in hand.playable(seat):
            info = a.card(card)
            short = info["name"].split(" (")[0]
            hint = words.crazy_reason(c.rank[card], c.suit[card], c.rank[top], c.suit[top], hand.named, hand.free)
            if c.eight[card] and len(hand.hands[seat]) > 1:
                for suit in SUITS:
                    moves.append(Move(f"play:{c.ids[card]}:{suit}", f"Play the {short} and name {suit}",
                                      (PLAY, card, suit), info, hint, kind="play"))
            else:
                moves.append(Move(f"play:{c.ids[card]}", f"Play the {short}", (PLAY, card, None), info, hint,
                                  kind="play"))
        if hand.can_draw():
            moves.append(Move("draw", "Draw a card", (DRAW,), kind="draw"))
        if not moves:
            moves.append(Move("pass", "Pass: you can neither play nor draw", (PASS,), kind="pass"))
        follow = hand.suit_to_follow()
        return a.table.ask("play", f"Play a card that follows ({follow}, or the same rank), an 8, or draw.", moves)

    def play_drawn(self, hand, seat: int, card: int) -> bool:
        info = self.a.card(card)
        return self.a.table.ask("play-drawn", f"You drew the {info['name'].split(' (')[0]}: it can be played now.", [
            Move("play-drawn", "Play it", True, info, kind="play"), Move("keep", "Keep it", False, kind="keep")])

    def name_suit(self, hand, seat: int, card: int) -> "str | None":
        from ..crazy_eights import SUITS

        if not hand.cards.eight[card] or len(hand.hands[seat]) == 1:
            return None
        return self.a.table.ask("suit", "Your 8: which suit must the next player follow?", [
            Move(f"suit:{s}", f"Name {s}", s, kind="suit") for s in SUITS])


# ---- Eights ----------------------------------------------------------------------------------

class EightsAdapter(_HandsAdapter):
    SEATS = (2, 6)

    @staticmethod
    def variant(o):
        from .eights import EightsVariant

        return EightsVariant(players=o.seats, words=o.variant.get("words", "numbers"))

    def run(self, bots: list) -> None:
        from .eights import Game

        adapter = self
        self.results: list = []
        self.tallies: list = []
        self.openings: list = []

        class _Game(Game):
            def play_hand(self, bots, lead):
                adapter.next_hand()
                adapter.totals_before = self.totals[:]
                r = Game.play_hand(self, bots, lead)
                adapter.results.append(r)
                return r

            def run(self, bots, seat, t, stop=None):
                adapter.tallies.append(t)
                adapter.openings.append(([h[:] for h in self.hands], self.table[:]))
                return Game.run(self, bots, seat, t, stop)

        self.game = _Game(self.variant(self.o), self.table.seed, log=True)
        self.game.play(bots)
        self.close()

    def person(self):
        return _EightsPerson(self)

    def card(self, c: int) -> dict:
        cards = self.game.cards
        return {"id": cards.ids[c], "name": words.letter_name(cards.letter[c], cards.suit[c]),
                "letter": cards.letter[c].upper(), "suit": cards.suit[c]}

    def view(self) -> dict:
        from .eights import SUITS

        g, p = self.game, self.o.seats
        t = self.tallies[-1] if self.tallies else None
        return {"hand": [self.card(c) for c in g.hands[self.me]],
                "table": {"cards": [self.card(g.table[s]) for s in SUITS], "stack": len(g.stack),
                          "hand_number": len(self.tallies), "target": g.target},
                "seats": [{"seat": s, "name": self.name(s), "cards": len(g.hands[s]),
                           "hand_points": t.scores[s] if t else 0} for s in range(p)],
                "scores": [g.totals[s] + (t.scores[s] if t and len(self.finished) < len(self.tallies) else 0)
                           for s in range(p)]}

    def public_events(self) -> list:
        ids = self.game.cards.ids
        out = []
        for n, t in enumerate(self.tallies):
            hands, table = self.openings[n]
            mine = [ids[c] for c in hands[self.me]]
            out.append({"text": f"Hand {n + 1}: you hold " + " ".join(self.card(c)["letter"] for c in hands[self.me])
                        + "; the table shows " + " ".join(self.card(table[s])["letter"] for s in range(1, 9)) + ".",
                        "cards": mine + [ids[table[s]] for s in range(1, 9)]})
            events = self.results[n].log["events"] if n < len(self.results) else t.events
            for e in events or ():
                out.extend(self._public(e))
            if n < len(self.finished):
                out.append({"text": f"Hand {n + 1} is over.", "summary": self.finished[n]["summary"]})
        return out

    def _public(self, e: dict) -> list:
        s = e["p"]
        who = self.name(s)
        if "spell" in e:
            points = self.game.lexicon.points[e["spell"].lower()]
            text = f"{who} spelled {e['spell']} for {points} point{'' if points == 1 else 's'}"
            cards = list(e["cards"]) + [b for _, b in e["refill"]]
            out = {"seat": s, "text": text + ".", "cards": cards}
            if s == self.me:
                out["cards"] += list(e["draw"])
            return [out]
        if s == self.me:
            return [{"seat": s, "text": f"You passed and gave up {len(e['pass'])} cards.",
                     "cards": list(e["pass"]) + list(e["draw"])}]
        return [{"seat": s, "text": f"{who} passed and exchanged {len(e['pass'])} cards."}]

    def summary(self, n: int, r) -> dict:
        points = self.game.lexicon.points
        lines = []
        for s in range(self.o.seats):
            spelled = [w for seat, w in r.words if seat == s]
            if spelled:
                lines.append(f"{self.name(s)}: " + " + ".join(f"{w.upper()} {points[w]}" for w in spelled)
                             + f" = {r.scores[s]}")
            else:
                lines.append(f"{self.name(s)}: no words, 0")
        log = r.log or {}
        before = log.get("totals_before", [0] * self.o.seats)
        after = log.get("totals", before)
        totals = [f"{self.name(s)}: {before[s]} + {r.scores[s]} = {after[s]}" for s in range(self.o.seats)]
        mine = [f"{w.upper()} is {points[w]} point{'s' if points[w] != 1 else ''}" for seat, w in r.words
                if seat == self.me]
        return {"scores": list(r.scores), "totals": list(after), "lines": lines + totals, "facts": mine,
                "game_over": bool(log.get("game_over")), "winners": log.get("winners", [])}


class _EightsPerson(_Person):
    a: EightsAdapter

    def _way_words(self, game, way) -> str:
        taken = [self.a.card(t)["letter"] for t, _ in way.refills]
        put = [self.a.card(b)["name"] for _, b in way.refills]
        return f"take {' and '.join(taken)} from the table, put back {' and '.join(put)}"

    def turn(self, game, seat: int, best: str):
        from .eights import PASS

        a = self.a
        points = game.lexicon.points
        while True:
            spellable = [w for w in game.candidates(seat) if game.ways(seat, w, first=True)]
            moves = []
            for w in spellable:
                way = game.ways(seat, w, first=True)[0]
                hint = f"{w.upper()} scores {points[w]}: " + self._way_words(game, way)
                moves.append(Move(f"spell:{w.upper()}", f"Spell {w.upper()} ({points[w]} point"
                                  f"{'' if points[w] == 1 else 's'})", w, None, hint,
                                  kind="spell"))
            moves.append(Move("pass", "Pass, and give up cards for new ones", "pass", kind="pass"))
            word = a.table.ask("word", "Spell a word with your cards and the table's, or pass.", moves)
            if word == "pass":
                return PASS
            ways = game.ways(seat, word)
            if len(ways) == 1:
                return ways[0]
            choice = a.table.ask("way", f"Which cards spell {word.upper()}?", [
                Move(f"way:{k}", self._way_words(game, way), way, kind="way") for k, way in enumerate(ways)]
                + [Move("back", "Choose another word", "back", kind="back")])
            if choice != "back":
                return choice

    def exchange(self, game, seat: int) -> list:
        a = self.a
        given: list = []
        while True:
            moves = [Move(f"give:{game.cards.ids[c]}", f"Give up {a.card(c)['name']}", c, a.card(c), kind="give")
                     for c in game.hands[seat] if c not in given]
            moves.append(Move("done", "Draw new cards for these" if given else "Keep my hand", None, kind="done"))
            c = a.table.ask("exchange", "You pass: give up cards to draw new ones, one at a time, then done.", moves)
            if c is None:
                return given
            given.append(c)


ADAPTERS = {"str8eight": Str8EightAdapter, "fourscore": FourScoreAdapter, "crazy-eights": CrazyEightsAdapter,
            "eights": EightsAdapter}
SEATS = {game: a.SEATS for game, a in ADAPTERS.items()}
