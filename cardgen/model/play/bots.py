"""Players for Str8 Eight: a random one that knows only the rules, and a greedy one that plays the tips.

A bot answers two questions on its turn: where to draw from (`draw_from`) and what to
do with its fourth card (`act`). Bots read the hand's state but never change it; what
they see of it is what a player at the table sees (their own cards, the discard pile,
everyone's sequences, how many cards are left), never the draw pile's order.

The greedy player turns the booklet's tips into arithmetic on the sequence atlas's
counts (model/atlas.py): of the ways to finish its sequence, how many pass through a
card. It starts as early as it can, plays the card that leaves the most ways to finish
(a 24 played early leaves few, so it waits), discards the card fewest of its finishes
need (never one the next player can use when it has a choice), and plays a pass card
when an opponent is two cards or less from winning and its own hand would not hand
that opponent a winning card. Once half its sequence is a one-color run (model/bonus.py)
it counts a card that keeps the run going double, and its winning card is one that
makes the bonus when it holds one: over 1,500 intro hands against the plain player,
its bonus wins rose by half and its win rate stayed within the noise.
"""
from __future__ import annotations

from ..bonus import can_finish_run, run_group
from .str8eight import DISCARD, DISCARDS, PASS, PILE, PLAY, Cards, Hand


class RandomLegal:
    """Any legal move, chosen uniformly with the hand's own random numbers (so a seed
    replays the same hand)."""

    name = "random"

    def draw_from(self, hand: Hand, seat: int) -> str:
        return DISCARDS if hand.rng.random() < 0.5 else PILE

    def act(self, hand: Hand, seat: int) -> tuple:
        actions = hand.legal_actions(seat)
        return actions[hand.rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "random bot"


class _Counts:
    """Memoised path counts of one variant: how many finishes of a sequence use a value."""

    def __init__(self, cards: Cards):
        self.cards = cards
        self.paths_memo: dict = {}
        self.share_memo: dict = {}
        self.rows: dict = {}

    def paths(self, a: int, v: int, j: int) -> int:
        """Walks of exactly j steps from value a (0: not started) to value v."""
        if j == 0:
            return 1 if a == v else 0
        key = (a, v, j)
        got = self.paths_memo.get(key)
        if got is None:
            got = sum(self.paths(w, v, j - 1) for w in self.cards.follows[a] if w <= v)
            self.paths_memo[key] = got
        return got

    def share(self, last: int, need: int, v: int) -> float:
        """The share of the finishes of a sequence ending at last (need more cards) that use v."""
        key = (last, need, v)
        got = self.share_memo.get(key)
        if got is None:
            ways = self.cards.ways
            total = self._total(last, need)
            used = sum(self.paths(last, v, j) * ways[(v, need - j)] for j in range(1, need + 1))
            got = used / total if total else 0.0
            self.share_memo[key] = got
        return got

    def _total(self, last: int, need: int) -> int:
        if last:
            return self.cards.ways[(last, need)]
        return sum(self.cards.ways[(b, need - 1)] for b in self.cards.follows[0])

    def row(self, last: int, need: int) -> dict:
        """The shares of a sequence ending at last (need more cards), filled in as asked: value -> share."""
        key = (last, need)
        got = self.rows.get(key)
        if got is None:
            got = self.rows[key] = {}
        return got

    def finishes(self, last: int, need: int) -> int:
        return self._total(last, need)


def _counts(cards: Cards) -> _Counts:
    try:
        return cards._counts
    except AttributeError:
        counts = cards._counts = _Counts(cards)
        return counts


class Greedy:
    """Plays the tips: start early, keep the flexible cards for later, pass when an opponent is close."""

    name = "greedy"
    PASS_KEEP_CLOSE, PASS_KEEP_CALM = 0.6, 0.15  # how much a pass card in hand is worth keeping
    FEED = 0.5  # a card the next seat could play at once is kept rather than handed over
    RUN_PULL = 2.0  # a card that keeps a one-color run (the bonus) alive counts this much more

    def __repr__(self) -> str:
        return "greedy bot"

    def draw_from(self, hand: Hand, seat: int) -> str:
        cards = hand.cards
        top = hand.discard[-1]
        if cards.pass_dir[top]:
            close = self._threat(hand, seat) >= cards.length - 2
            pass_dir = cards.pass_dir
            mine = any(pass_dir[c] for c in hand.hands[seat])
            return DISCARDS if close and not mine else PILE
        v = cards.value[top]
        if v in cards.follows[hand.last[seat]] and cards.ways[(v, cards.length - len(hand.seqs[seat]) - 1)]:
            return DISCARDS
        return PILE

    @staticmethod
    def _keeps_run(laid: list, v: int, more: int, n: int) -> bool:
        """Laying v after laid keeps a one-color run going that more cards can finish."""
        d = run_group(laid + [v], n)
        return d is not None and can_finish_run(v, d, more, n)

    @staticmethod
    def _threat(hand: Hand, seat: int) -> int:
        """The longest sequence of another seat."""
        most = 0
        for i, s in enumerate(hand.seqs):
            if i != seat and len(s) > most:
                most = len(s)
        return most

    def act(self, hand: Hand, seat: int) -> tuple:
        cards = hand.cards
        value, ways, follows = cards.value, cards.ways, cards.follows
        L = cards.length
        mine = hand.hands[seat]
        need = L - len(hand.seqs[seat])
        after = follows[hand.last[seat]]
        best, best_score = None, 0.0
        laid = None
        passes = False  # a pass card in hand (only then do the others' sequences matter)
        for c in mine:
            v = value[c]
            if not v:
                passes = True
            elif v in after:
                if need == 1:  # the winning card: one that makes the bonus, if any does
                    laid = [value[x] for x in hand.seqs[seat]]
                    return PLAY, max((x for x in mine if value[x] and value[x] in after),
                                     key=lambda x: cards.bonus(laid + [value[x]]))
                finishes = ways[(v, need - 1)]
                if finishes:
                    nxt = follows[v]
                    score = finishes
                    for o in mine:
                        if o != c and value[o] in nxt:
                            score = finishes * 3.0
                            break
                    else:
                        score = finishes * 1.0
                    # a run half laid or more is worth keeping going
                    if 2 * (L - need) >= L:
                        if laid is None:
                            laid = [value[x] for x in hand.seqs[seat]]
                        if self._keeps_run(laid, v, need - 1, cards.table_size):
                            score *= self.RUN_PULL
                    if score > best_score or (score == best_score and v < value[best]):
                        best, best_score = c, score
        threat = self._threat(hand, seat) if passes else 0
        if passes and threat >= L - 2 and threat >= L - need:
            passer = self._safe_pass(hand, seat, threat)
            if passer is not None and not (best is not None and L - need >= threat):
                return PASS, passer
        if best is not None:
            return PLAY, best
        return DISCARD, self._least_useful(hand, seat, need, threat)

    def _safe_pass(self, hand: Hand, seat: int, threat: int) -> "int | None":
        """A pass card whose play hands no close opponent a card it can use at once."""
        cards = hand.cards
        p = hand.players
        for c in hand.hands[seat]:
            step = cards.pass_dir[c]
            if not step:
                continue
            receiver = (seat + step) % p
            if len(hand.seqs[receiver]) >= threat - 1:
                after = cards.follows[hand.last[receiver]]
                if any(cards.value[o] in after for o in hand.hands[seat] if o != c):
                    continue
            return c
        return None

    def _least_useful(self, hand: Hand, seat: int, need: int, threat: int) -> int:
        cards = hand.cards
        counts = _counts(cards)
        value, pass_dir = cards.value, cards.pass_dir
        last = hand.last[seat]
        shares = counts.rows.get((last, need))
        if shares is None:
            shares = counts.row(last, need)
        nxt = (seat + 1) % hand.players
        feeds = cards.follows[hand.last[nxt]]
        nxt_need = cards.length - len(hand.seqs[nxt])
        keep_pass = self.PASS_KEEP_CLOSE if threat >= cards.length - 3 else self.PASS_KEEP_CALM
        retake = cards.variant.choices.retake_discard
        taken = hand.taken
        worst, worst_keep = None, None
        seen = []
        for c in hand.hands[seat]:
            if c == taken and not retake:
                continue
            v = value[c]
            if pass_dir[c]:
                keep = keep_pass
            else:
                if v > last:
                    keep = shares.get(v)
                    if keep is None:
                        keep = shares[v] = counts.share(last, need, v)
                else:
                    keep = 0.0
                if v in seen:
                    keep *= 0.25  # a second copy is worth little
                seen.append(v)
                if v in feeds and cards.ways[(v, nxt_need - 1)]:
                    keep += self.FEED
            if worst is None or keep < worst_keep:
                worst, worst_keep = c, keep
        return worst
