"""What a built variant's printed words say: every number, count, table and example the
rule texts, player aids, score pads and boxes use, computed once from the model.

The rule texts (templates/rules/*.md) are Jinja templates that read one of these
records as `f`; nothing in them is a number of the reference game. A passage that
does not apply to a variant tests a fact (no pass cards, no one-color run) and is
left out. Plain data only: no wording, no drawing.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from . import crazy_eights, eights, str8eight
from .bonus import group_runs, near_miss


@dataclass(frozen=True)
class Step:
    """One card of a worked sequence: its value, and how it joins the card before it."""
    value: int
    previous: "int | None"  # None: the first card (a bull's-eye)
    group: "int | None"  # the group of the right arrow that allows it (value − previous)


@dataclass(frozen=True)
class Player:
    """One player in the scoring example."""
    name: str
    sequence: tuple  # values laid down
    hand: tuple  # values held; 0 stands for a pass card
    pass_points: int

    @property
    def sequence_total(self) -> int:
        return sum(self.sequence)

    @property
    def hand_values(self) -> tuple:
        """What each card in hand costs: its number, or the pass card's points."""
        return tuple(v or self.pass_points for v in self.hand)

    @property
    def hand_total(self) -> int:
        return sum(self.hand_values)

    @property
    def passes_held(self) -> int:
        return sum(1 for v in self.hand if not v)

    @property
    def numbers_held(self) -> tuple:
        return tuple(v for v in self.hand if v)


@dataclass(frozen=True)
class Facing:
    """Two cards whose arrows of one group name each other (low + group = high), and a
    group whose arrows on both merely show the same number (shared)."""
    low: int
    high: int
    group: int
    shared_group: "int | None" = None
    shared_number: "int | None" = None


@dataclass(frozen=True)
class FalseFriend:
    """Two cards that both show number on an arrow of group, yet high may not follow low."""
    low: int
    high: int
    group: int
    number: int


@dataclass(frozen=True)
class AtlasFacts:
    """The sequence atlas's numbers the booklet's tips cite (model/atlas.py counts them)."""
    value_sequences: int  # distinct winning sequences of values
    card_sequences: int  # counting every copy
    bonus_runs: int  # of them, one-color runs (model/bonus.py)
    hubs: tuple  # (value, per cent of winning sequences through it, mean position), busiest first
    rare: tuple  # bull's-eye-free values fewest winning sequences use, rarest first


@dataclass(frozen=True)
class Str8EightFacts:
    title: str
    table_size: int
    sequence_length: int
    bonus_name: str  # the one-color run, named for its length ("Str8 Eight")
    number_cards: int
    pass_cards: int
    pass_points: int
    values: tuple
    copies: dict  # value -> cards
    once: tuple  # values with one card
    most_copies: int
    most_copied: tuple  # the values with the most cards
    cell_example: tuple  # (row, col) of a card, off the diagonal
    group_example: int
    busy_value: int  # a value in the most groups
    busy_groups: tuple
    busy_right: tuple  # (target, group) of its right arrows
    busy_left: tuple  # targets of its left arrows
    players: tuple  # (fewest, most) with one deck
    two_deck_players: "tuple | None"  # (fewest, most) that need two decks; None when two seat no more
    team_sizes: tuple  # team games one deck can deal
    tournament: bool  # tables of 3 or 4 can be dealt
    example: tuple  # Step, a legal winning sequence found by search
    cover: tuple  # four values: the start of the example, a legal sequence
    runs_exist: bool  # a one-color run (model/bonus.py) of the winning length exists
    bonus_run: tuple  # its values (empty when none)
    bonus_group: int
    bonus_miss: "tuple | None"  # (group, values, the multiple skipped): all in one group, no bonus
    run_worth_fixed: bool  # every one-color run starts at its group (length = table size)
    scoring: tuple  # Player: the winner first
    targets: dict  # players -> score that wins
    targets_scaled: bool  # not the reference rules' (another table): an added rule
    mean_total: int  # what an average winning sequence is worth
    reference_targets: dict  # the reference rules' targets, for the 8 × 8 game
    reference_mean_total: int  # what an average winning sequence of the 8 × 8 game is worth
    facing: "Facing | None"
    false_friend: "FalseFriend | None"
    best_group: int  # the group whose multiples cross most other groups
    best_group_partners: tuple
    save_value: "int | None"  # a card with many ways on but few after them
    finish: "tuple | None"  # (a, (b1, b2), c, (d1, d2), e): two routes a→c and c→e
    top_value: int
    feeds_only_top: tuple  # values whose only next card is the top value
    longest: int  # the longest sequence the table allows
    atlas: "AtlasFacts | None" = None  # exact counts that back the strategy tips
    scaffold: str = "full"  # how much the faces tell: full | colors | bare (settings.SCAFFOLDS)
    large_print: bool = False  # large-print faces: no cell line unless bare (design/str8eight.py)
    trial: "TrialFacts | None" = None  # what computer play of this variant showed
    large_print_sets: tuple = ()  # class sets printed large (their letters) while the others are standard
    bonus_rate: "tuple | None" = None  # model/bonusrate.py: ("about" | "fewer", N) where measured


    @property
    def cards(self) -> int:
        return self.number_cards + self.pass_cards

    @property
    def large_sets(self) -> str:
        """The large-print class sets as a booklet names them: "set B", "sets B and D"."""
        letters = list(self.large_print_sets)
        if not letters:
            return ""
        return ("set " if len(letters) == 1 else "sets ") + (
            letters[0] if len(letters) == 1 else ", ".join(letters[:-1]) + " and " + letters[-1])

    @property
    def shows_cell(self) -> bool:
        """Whether the faces print the small cell line (large print drops it unless bare)."""
        return not self.large_print or self.scaffold == "bare"

    @property
    def pass_each_way(self) -> int:
        return self.pass_cards // 2

    @property
    def distinct_values(self) -> int:
        return len(self.values)

    @property
    def copies_rows(self) -> list:
        """The copies table as rows of (value, copies) pairs, filled down the columns:
        as few pairs a row as keep it to 8 rows (four for the 8 × 8 table, at least two and
        at most four), so it takes little of a page."""
        pairs = list(self.copies.items())
        cols = min(4, max(2, -(-len(pairs) // 8)))
        rows = -(-len(pairs) // cols)
        return [[pairs[c * rows + r] for c in range(cols) if c * rows + r < len(pairs)] for r in range(rows)]

    @property
    def example_total(self) -> int:
        return sum(s.value for s in self.example)

    @property
    def example_groups(self) -> int:
        return len({s.group for s in self.example if s.group})

    @property
    def bonus_total(self) -> int:
        return sum(self.bonus_run)

    @property
    def run_worth(self) -> int:
        """What a one-color run of group 1 is worth: a run of group d is worth d times it."""
        return self.sequence_length * (self.sequence_length + 1) // 2

    @property
    def group_members(self) -> tuple:
        d = self.group_example
        return tuple(d * k for k in range(1, self.table_size + 1))

    @property
    def default_game(self) -> bool:
        return (self.table_size, self.pass_cards, self.sequence_length) == (8, 6, 8)

    @property
    def edition(self) -> str:
        """How this kit differs from the reference game, "" when it does not."""
        parts = []
        if self.table_size != str8eight.DEFAULT_TABLE_SIZE:
            parts.append(f"{self.table_size} × {self.table_size} table")
        if self.sequence_length != self.table_size:
            parts.append(f"sequences of {self.sequence_length}")
        if self.pass_cards != 6:
            parts.append(f"{self.pass_cards} pass cards" if self.pass_cards else "no pass cards")
        return ", ".join(parts)


NUMBER_NAMES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                "eighteen", "nineteen", "twenty")


def str8eight_facts(table_size: int = str8eight.DEFAULT_TABLE_SIZE, pass_cards: int = 6,
                    sequence_length: "int | None" = None, scaffold: str = "full",
                    large_print: bool = False) -> Str8EightFacts:
    m = str8eight
    n = m.check_table_size(table_size)
    length = sequence_length or n
    copies = dict(sorted(m.value_counts(n).items()))
    values = tuple(copies)
    most = max(copies.values())
    cards = n * n + pass_cards
    one_deck = min(m.MOST_PLAYERS, m.most_players(cards))
    two_decks = min(8, m.most_players(2 * cards))

    c = max(2, n // 2)
    groups = {v: m.groups_of(v, n) for v in values}
    busy = max(values, key=lambda v: (len(groups[v]), v > n, -v))
    example = m.varied_sequence(n, length)
    if example is None:
        raise ValueError(f"no sequence of {length} cards in the {n} × {n} table")
    steps = tuple(Step(v, p, None if p is None else v - p) for p, v in zip((None,) + example[:-1], example))

    runs = group_runs(n, length)
    atlas = _atlas_facts(n, length)
    bonus_group = max(1, n // 2)
    bonus = next((r for d, r in runs if d == bonus_group), runs[-1][1] if runs else ())
    if runs:
        bonus_group = next(d for d, r in runs if r == bonus)

    return Str8EightFacts(
        title=m.TITLE, table_size=n, sequence_length=length,
        bonus_name=f"Str8 {NUMBER_NAMES[length].capitalize()}" if length < len(NUMBER_NAMES) else f"Str8 {length}",
        number_cards=n * n, pass_cards=pass_cards, pass_points=m.PASS_CARD_POINTS,
        values=values, copies=copies, once=tuple(v for v in values if copies[v] == 1),
        most_copies=most, most_copied=tuple(v for v in values if copies[v] == most),
        cell_example=(max(1, c - 1), c), group_example=3 if n >= 3 else n,
        busy_value=busy, busy_groups=tuple(groups[busy]),
        busy_right=tuple((a.target, a.group) for a in m.arrows_of(busy, n) if a.side == "right"),
        busy_left=tuple(a.target for a in m.arrows_of(busy, n) if a.side == "left"),
        players=(2, one_deck), two_deck_players=(one_deck + 1, two_decks) if two_decks > one_deck else None,
        team_sizes=tuple(s for s in (6, 8) if m.most_players(cards) >= s),
        tournament=one_deck >= 4,
        example=steps, cover=example[:4], runs_exist=bool(runs), bonus_run=bonus,
        bonus_group=bonus_group if runs else 0, bonus_miss=near_miss(n, length, bonus_group) if runs else None,
        run_worth_fixed=length == n,
        scoring=_scoring_example(n, length, example, bonus, copies, pass_cards, one_deck),
        targets=m.targets_for(n, length), targets_scaled=m.targets_for(n, length) != m.TARGETS,
        mean_total=round(m.mean_sequence_total(n, length)), reference_targets=dict(m.TARGETS),
        reference_mean_total=round(m.mean_sequence_total(m.DEFAULT_TABLE_SIZE, m.DEFAULT_TABLE_SIZE)), facing=_facing(n), false_friend=_false_friend(n, _facing(n)),
        best_group=_best_group(n)[0], best_group_partners=_best_group(n)[1],
        save_value=_save_value(n, length), finish=_finish(n, atlas.rare if atlas else ()), top_value=n * n,
        feeds_only_top=tuple(v for v in values if m.successors(v, n) == [n * n]),
        longest=m.longest_sequence(n), atlas=atlas, scaffold=scaffold, large_print=large_print,
        trial=_trial(n, pass_cards, length), bonus_rate=_bonus_rate(n, pass_cards, length) if runs else None)


@dataclass(frozen=True)
class TrialFacts:
    """What computer play of the variant showed (model/play/playability.py: greedy players,
    a fixed seed), for "About this edition"."""
    players: int
    hands: int
    finished: int  # hands that ended with a winner
    median_turns: int  # turns of a finished hand, all seats counted

    @property
    def turns_each(self) -> int:
        return round(self.median_turns / self.players) if self.players else 0


def _bonus_rate(n: int, pass_cards: int, length: int) -> "tuple | None":
    from .bonusrate import one_hand_in

    return one_hand_in(n, pass_cards, length)


def _trial(n: int, pass_cards: int, length: int) -> "TrialFacts | None":
    from .play.playability import playability

    trial = playability(n, pass_cards, length)
    return TrialFacts(trial.players, trial.hands, trial.finished, trial.median_turns) if trial.hands else None


def _atlas_facts(n: int, length: int) -> "AtlasFacts | None":
    from .atlas import atlas

    book = atlas(n, length)
    if not book.value_sequences:
        return None
    hubs = tuple((v, round(100 * book.share_through(v)), round(book.mean_position(v), 1)) for v in book.hubs(3))
    used = [v for v in book.values if v > n and book.through.get(v, 0)]
    rare = tuple(sorted(used, key=lambda v: (book.through[v], v))[:2])
    return AtlasFacts(book.value_sequences, book.card_sequences, book.bonus_runs, hubs, rare)


PLAYER_NAMES = ("Ana", "Ben", "Cleo")


def _scoring_example(n, length, winning, bonus, copies, pass_cards, most) -> tuple:
    """Ana wins (with the worked sequence, or with the one-color run); Ben and, when the
    deck deals three, Cleo hold unfinished sequences and hands. Every card is one the
    deck has, in both endings."""
    m = str8eight
    taken = Counter(set(winning) | set(bonus))  # the two endings are alternatives: each value once
    players = [Player(PLAYER_NAMES[0], winning, (), m.PASS_CARD_POINTS)]
    lengths = [max(1, length // 2), max(1, (3 * length) // 4)]
    for i, want in enumerate(lengths[:max(1, min(most, 3) - 1)]):
        seq = None
        for k in range(want, 0, -1):
            seq = m.varied_sequence(n, k, avoid=taken, starts=range(1, n + 1))
            if seq:
                break
        if not seq:
            break
        taken.update(seq)
        players.append(Player(PLAYER_NAMES[i + 1], seq, (), m.PASS_CARD_POINTS))
    # hands: spread over what is left, a pass card in Ben's when the deck has one
    left = [v for v in copies for _ in range(copies[v] - taken[v])]
    passes = pass_cards
    hands = []
    for i, p in enumerate(players[1:]):
        hand = []
        if i == 0 and passes:
            hand.append(0)
            passes -= 1
        need = m.HAND_SIZE - len(hand)
        picks = _spread(left, min(need, len(left)))
        for v in picks:
            left.remove(v)
        filler = min(need - len(picks), passes)
        passes -= filler
        hands.append(tuple(sorted(picks)) + tuple(hand) + (0,) * filler)
    out = [players[0]]
    for p, hand in zip(players[1:], hands):
        if len(hand) < m.HAND_SIZE:
            break
        out.append(Player(p.name, p.sequence, hand, p.pass_points))
    return tuple(out)


def _spread(items: list, k: int) -> list:
    """k items at evenly spread places of a sorted list (none taken twice)."""
    places: list = []
    for j in range(k):
        at = round((j + 1) * (len(items) - 1) / (k + 1))
        while at in places:
            at += 1
        places.append(min(at, len(items) - 1))
    return [items[i] for i in sorted(set(places))]


def _facing(n: int) -> "Facing | None":
    """A card d and the next multiple of its own group, 2d, for the group nearest the
    middle of the table, preferring one where another group's arrows on both cards
    show the same number by coincidence."""
    m = str8eight
    best = None
    for d in sorted(range(2, n + 1), key=lambda d: (abs(d - n / 2), -d)):
        low, high = d, 2 * d
        if high not in m.successors(low, n):
            continue
        shared = [e for e in m.groups_of(low, n) if e != d and low + e in m.successors(low, n)
                  and e in m.groups_of(high, n) and high - e == low + e]
        f = Facing(low, high, d, shared[0] if shared else None, low + shared[0] if shared else None)
        if shared:
            return f
        best = best or f
    return best


def _false_friend(n: int, facing: "Facing | None") -> "FalseFriend | None":
    """Two cards whose arrows of one group show the same number, where the higher still
    may not follow the lower (that number sits between them): the facing pair's low
    card and two steps up its group, else the first such pair in the table."""
    m = str8eight
    copies = m.value_counts(n)
    pairs = [(facing.low, facing.group)] if facing else []
    pairs += [(v, d) for v in sorted(copies) for d in m.groups_of(v, n) if d > 1]
    for low, d in pairs:
        high = low + 2 * d
        if high in copies and d in m.groups_of(high, n) and low + d in m.successors(low, n) \
                and high not in m.successors(low, n):
            return FalseFriend(low, high, d, low + d)
    return None


def _best_group(n: int) -> tuple:
    """The group whose multiples sit in the most other groups (a tie goes to the larger
    group), and the three groups it shares the most values with."""
    m = str8eight
    best, partners = 1, ()
    score_best = -1
    for d in range(1, n + 1):
        members = [d * k for k in range(1, n + 1)]
        score = sum(len(m.groups_of(v, n)) - 1 for v in members)
        if score >= score_best:
            shared = Counter(e for v in members for e in m.groups_of(v, n) if e != d)
            partners = tuple(sorted(e for e, _ in sorted(shared.items(), key=lambda kv: (-kv[1], -kv[0]))[:3]))
            best, score_best = d, score
    return best, partners


def _save_value(n: int, length: int) -> "int | None":
    """A card that many cards lead to but that leads on to few: the largest value with
    the most groups, when the cards after it have fewer next cards than it has."""
    m = str8eight
    values = sorted(m.value_counts(n))
    most = max(len(m.groups_of(v, n)) for v in values)
    if most < 3:
        return None
    v = max(x for x in values if len(m.groups_of(x, n)) == most)
    after = m.successors(v, n)
    if not after:
        return None
    mean_after = sum(len(m.successors(w, n)) for w in after) / len(after)
    return v if mean_after < len(after) and m.longest_from(n)[v] < length else None


REFERENCE_FINISH = (24, 35, 48)  # the original game's own end-game tip: two routes 24 to 35, two 35 to 48


def _finish(n: int, avoid: tuple = ()) -> "tuple | None":
    """a, c, e where two different cards lead from a to c and two from c to e: a finish
    with a spare route at each step. The original game's own example (24, 35, 48) wherever
    the table holds it; else as high in the table as it comes. No value in avoid (the
    values the same page calls rare) is named."""
    m = str8eight
    values = sorted(m.value_counts(n))
    links = {v: set(m.successors(v, n)) for v in values}

    def via(a, c):
        return tuple(sorted(b for b in links.get(a, ()) if c in links.get(b, ()) and b not in avoid))

    a, c, e = REFERENCE_FINISH
    if n == str8eight.DEFAULT_TABLE_SIZE and all(v in links and v not in avoid for v in REFERENCE_FINISH) \
            and len(via(a, c)) >= 2 and len(via(c, e)) >= 2:  # the 8 × 8 table it was written for
        return (a, via(a, c)[:2], c, via(c, e)[:2], e)
    best = None
    for c in values:
        if c in avoid:
            continue
        ins = [(a, via(a, c)) for a in values if a < c and a not in avoid and len(via(a, c)) >= 2]
        outs = [(e, via(c, e)) for e in values if e > c and e not in avoid and len(via(c, e)) >= 2]
        if ins and outs:
            a, bs = max(ins)
            e, ds = min(outs)
            best = (a, bs[:2], c, ds[:2], e)
    return best


@dataclass(frozen=True)
class RowExample:
    """A FourScore row and what may join it."""
    row: tuple
    right: "int | None"  # may join on the right (shares a group with the right end)
    right_group: "int | None"
    left: "int | None"
    left_group: "int | None"
    blocked: "int | None"  # lower than the left end but sharing no group with it
    closed: "int | None"  # between the ends: no place in this row
    same: bool  # a second card of the right end's number exists


@dataclass(frozen=True)
class FourScoreFacts:
    title: str
    table_size: int
    number_cards: int
    pass_cards: int
    rows: int
    row_limit: int
    players: tuple  # (fewest, most)
    deal: tuple  # (players, cards each, left over)
    row_example: RowExample
    facing: "Facing | None"  # a bonus match
    no_bonus: "tuple | None"  # (low, high, group): shares a group, yet no match
    cover: tuple
    scaffold: str = "full"  # the Str8 Eight deck's level: full | colors | bare (settings.SCAFFOLDS)
    trial: "FourScoreTrial | None" = None  # what computer play of this variant showed

    @property
    def dealt(self) -> int:
        return self.number_cards - self.rows

    @property
    def even(self) -> bool:
        return all(left == 0 for _, _, left in self.deal)

    @property
    def edition(self) -> str:
        return "" if self.table_size == str8eight.DEFAULT_TABLE_SIZE else f"{self.table_size} × {self.table_size} table"

    @property
    def row_starts(self) -> tuple:
        """The setup picture's first cards of the rows: values spread over the table."""
        return _spread_values(self.table_size, self.rows, ())

    @property
    def deal_hand(self) -> tuple:
        """The setup picture's hand: a few other values, in order, as a player sorts them."""
        return _spread_values(self.table_size, min(3, max(1, self.dealt // max(1, self.players[1]))),
                              self.row_starts)


def _spread_values(n: int, k: int, taken: tuple) -> tuple:
    """k of the table's values spread evenly from low to high, leaving out taken."""
    values = [v for v in sorted(str8eight.value_counts(n)) if v not in taken]
    if not values:
        return ()
    return tuple(sorted({values[round((i + 0.5) * (len(values) - 1) / k)] for i in range(k)}))


@dataclass(frozen=True)
class FourScoreTrial:
    """Games played by greedy computer players (model/play/fourscore.py), a fixed seed."""
    games: int
    players: int
    rounds: int  # rounds of a game (every game of a variant has as many)
    fifth_cards: float  # rows filled by a fifth card, on average a game
    takes: float  # rows taken for want of a place, on average a game
    bonuses: float  # arrow-matching bonuses, on average a game
    row_ties: int  # games in which two rows tied for the highest card at least once
    winning_pile: float  # the winner's pile, on average


FOURSCORE_TRIAL_GAMES = 100  # a twentieth of a second of play on the 8 × 8 deck, half a second on the 12 × 12


@lru_cache(maxsize=16)
def _fourscore_trial(table_size: int) -> "FourScoreTrial | None":
    """The trial games, played once for a table size and this code, then read from the
    result store (cache.py) by later builds."""
    from dataclasses import asdict

    from .. import cache

    kept = cache.kept_json("facts", {"fourscore_trial": table_size},
                           lambda: {"trial": (lambda t: asdict(t) if t else None)(_play_fourscore_trial(table_size))})
    return FourScoreTrial(**kept["trial"]) if kept["trial"] else None


def _play_fourscore_trial(table_size: int) -> "FourScoreTrial | None":
    from .play.fourscore import FourScoreGreedy, FourScoreVariant, play_game

    players = next((p for p in (4, 3, 2) if (table_size ** 2 - FOURSCORE_ROWS) // p >= FOURSCORE_MIN_HAND), 0)
    if not players:
        return None
    variant = FourScoreVariant(table_size, players)
    games = [play_game(variant, [FourScoreGreedy()] * players, 1000 + i) for i in range(FOURSCORE_TRIAL_GAMES)]
    k = len(games)
    return FourScoreTrial(k, players, games[0].rounds, round(sum(g.fifth_cards for g in games) / k, 1),
                          round(sum(g.takes for g in games) / k, 1), round(sum(g.bonuses for g in games) / k, 1),
                          sum(1 for g in games if g.row_ties), round(sum(min(g.piles) for g in games) / k, 1))


FOURSCORE_ROWS, FOURSCORE_ROW_LIMIT = 4, 5
FOURSCORE_PLAYERS = (2, 6)
FOURSCORE_MIN_HAND = 2  # fewer cards each is no game


def check_fourscore_playable(table_size: int) -> "str | None":
    dealt = table_size * table_size - FOURSCORE_ROWS
    if dealt < FOURSCORE_PLAYERS[0] * FOURSCORE_MIN_HAND:
        return (f"FourScore lays {FOURSCORE_ROWS} cards out as rows, and a {table_size} × {table_size} table has "
                f"{table_size * table_size} number cards, leaving {max(dealt, 0)} to deal: two players need {FOURSCORE_MIN_HAND} each")
    return None


def fourscore_facts(table_size: int = str8eight.DEFAULT_TABLE_SIZE, pass_cards: int = 6,
                    scaffold: str = "full", trial: bool = True) -> FourScoreFacts:
    """trial=False: without the trial games (a tenth of a second), for words that name the
    game but print none of its figures (Str8 Eight's box)."""
    m = str8eight
    n = m.check_table_size(table_size)
    dealt = n * n - FOURSCORE_ROWS
    deal = tuple((p, dealt // p, dealt % p) for p in range(FOURSCORE_PLAYERS[0], FOURSCORE_PLAYERS[1] + 1)
                 if dealt // p >= FOURSCORE_MIN_HAND)
    row = _row_example(n)
    return FourScoreFacts(
        title="FourScore", table_size=n, number_cards=n * n, pass_cards=pass_cards, rows=FOURSCORE_ROWS,
        row_limit=FOURSCORE_ROW_LIMIT, players=(FOURSCORE_PLAYERS[0], deal[-1][0] if deal else 0), deal=deal,
        row_example=row, facing=_row_facing(n, row), no_bonus=_no_bonus(n, _row_facing(n, row)),
        cover=row.row + ((row.right,) if row.right else ()), scaffold=scaffold, trial=_fourscore_trial(n) if trial else None)


def _shared(a: int, b: int, n: int) -> list:
    return [d for d in str8eight.groups_of(a, n) if d in str8eight.groups_of(b, n)]


def _row_example(n: int) -> RowExample:
    """A row of three cards, each sharing a group with the next, chosen so that as many
    of the rules' cases as the table allows can be shown on it: a card that joins on
    the right, one on the left, one lower that shares no color, one between the ends,
    and a second copy of the right end."""
    m = str8eight
    copies = m.value_counts(n)
    values = sorted(copies)
    gs = {v: set(m.groups_of(v, n)) for v in values}
    # what each end allows, worked out once per card
    right = {}
    for c in values:
        higher = [x for x in values if x > c and gs[c] & gs[x]]
        right[c] = next((x for x in higher if x - c in gs[c] & gs[x]), higher[0] if higher else None)
    left = {a: next((y for y in reversed(values) if y < a and gs[a] & gs[y]), None) for a in values}
    blocked = {a: next((z for z in reversed(values) if z < a and not gs[a] & gs[z]), None) for a in values}
    best = None
    for a in values:
        for b in values:
            if b <= a or not gs[a] & gs[b]:
                continue
            for c in values:
                if c <= b or not gs[b] & gs[c]:
                    continue
                closed = next((w for w in values if a < w < c and w != b), None)
                found = sum(x is not None for x in (right[c], left[a], blocked[a], closed)) + (copies[c] >= 2)
                # the most cases shown, then the groups of the row most varied, then middling numbers
                key = (found, len((gs[a] & gs[b]) | (gs[b] & gs[c])), -abs(b - n * n / 4))
                if best is None or key > best[0]:
                    best = (key, (a, b, c, closed))
    if best is None:  # the 2 × 2 table: no three rising cards share groups; one card is a row
        return RowExample((values[0],), None, None, None, None, None, None, False)
    a, b, c, closed = best[1]
    r, y = right[c], left[a]
    return RowExample((a, b, c), r, _pick(_shared(c, r, n)) if r else None, y, _pick(_shared(a, y, n)) if y else None,
                      blocked[a], closed, copies[c] >= 2)


def _pick(groups: list) -> "int | None":
    return max(groups) if groups else None


def _row_facing(n: int, row: RowExample) -> "Facing | None":
    m = str8eight
    c = row.row[-1]
    if row.right and row.right - c in m.groups_of(c, n) and row.right in m.successors(c, n):
        return Facing(c, row.right, row.right - c)
    return _facing(n)


def _no_bonus(n: int, facing: "Facing | None") -> "tuple | None":
    """(low, high, group): high may join low (they share group) two or more steps up
    that group, so no arrow of a shared group names the other card: no bonus. The bonus
    pair's low card first, then any."""
    m = str8eight
    copies = m.value_counts(n)
    pairs = [(facing.low, facing.group)] if facing else []
    pairs += [(v, d) for d in range(n, 1, -1) for v in sorted(copies) if d in m.groups_of(v, n)]
    for steps in (3, 2):
        for low, d in pairs:
            high = low + steps * d
            if high in copies and d in m.groups_of(high, n) and all(high - low != e for e in _shared(low, high, n)):
                return (low, high, d)
    return None


@dataclass(frozen=True)
class EightsExample:
    """A turn found by dealing the deck the rules' way: the table, a hand, the word
    spelled, which cards it takes and what replaces them. Cards are (suit, LETTER)."""
    players: int
    table: tuple  # one card per suit, suit order
    hand: tuple
    word: str
    letters: tuple  # (card, from the table?) for each letter of the word
    from_table: tuple
    from_hand: tuple
    replacements: tuple  # (taken, put back)
    after: tuple  # the table afterwards
    kept: tuple  # hand cards left
    trap: tuple  # (put-back card, the hand card it could have stood in for)
    hand_size: int

    @property
    def draw(self) -> int:
        return self.hand_size - len(self.kept)


@dataclass(frozen=True)
class EightsFacts:
    title: str
    cards: int  # letter cards
    reference_cards: int
    suits: dict  # suit -> letters (upper case, sorted)
    totals: tuple  # ((count, (letters…)), …), most common first
    words: dict
    hand_sizes: tuple  # (fewest players, most, cards)
    targets: tuple  # (fewest players, most or None, points)
    example: EightsExample
    rare: tuple  # ((letter, (words needing it)), …) for letters with the fewest cards
    most_common: tuple  # (letter, count)
    open_min_letters: int = 3  # the open-words variant's shortest word (the table of readings)

    @property
    def printed(self) -> int:
        return self.cards + self.reference_cards


def eights_facts(players: int = 3) -> EightsFacts:
    from .readings import engine_settings

    m = eights
    deck = m.build_deck()
    suits = {s: tuple(sorted(x.upper() for x in letters)) for s, letters in m.SUIT_LETTERS.items()}
    counts = Counter(c.letter.upper() for c in deck)
    by_count: dict = {}
    for letter, k in counts.items():
        by_count.setdefault(k, []).append(letter)
    totals = tuple((k, tuple(sorted(by_count[k]))) for k in sorted(by_count, reverse=True))
    fewest = min(counts.values())
    rare = tuple((x, tuple(w for w in m.WORDS if x in w)) for x in sorted(by_count[fewest]))
    common = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    word = max(m.WORDS, key=m.WORDS.get)  # the best word
    found = m.worked_example(players, word)
    if found is None:
        raise ValueError("no deal of the Eights deck shows the worked example")
    table, hand, letters, refills, trap = found
    card = lambda c: (c.suit, c.letter.upper())  # noqa: E731
    after = dict(table)
    for taken, back in refills:
        after[taken.suit] = back
    used = set(letters) | {b for _, b in refills}
    example = EightsExample(
        players=players, table=tuple(card(c) for c in table.values()), hand=tuple(card(c) for c in hand),
        word=word,
        from_table=tuple(card(c) for c in letters if c in table.values()),
        from_hand=tuple(card(c) for c in letters if c not in table.values()),
        letters=tuple((card(c), c in table.values()) for c in letters),
        replacements=tuple((card(t), card(b)) for t, b in refills),
        after=tuple(card(c) for c in after.values()), kept=tuple(card(c) for c in hand if c not in used),
        trap=(card(trap[0]), card(trap[1])), hand_size=len(hand))
    return EightsFacts(
        title=m.TITLE, cards=len(deck), reference_cards=1, suits=suits, totals=totals, words=dict(m.WORDS),
        hand_sizes=m.HAND_SIZES, targets=m.TARGETS, example=example, rare=rare, most_common=common,
        open_min_letters=int(engine_settings("eights")["open_min_letters"]))


@dataclass(frozen=True)
class CrazyEightsFacts:
    title: str
    decks: int
    ace_value: int
    cards: int
    penalties: tuple  # (what, points text)
    target: int
    winner_bonus: int
    short_target: int
    long_target: int
    hand_sizes: tuple  # (players text, cards, decks)

    @property
    def other_ace_value(self) -> int:
        return 1 if self.ace_value == 10 else 10

    @property
    def edition(self) -> str:
        parts = []
        if self.decks == 2:
            parts.append("two decks")
        if self.ace_value != 10:
            parts.append(f"aces count {self.ace_value}")
        return ", ".join(parts)


def crazy_eights_facts(decks: int = 1, ace_value: int = 10) -> CrazyEightsFacts:
    m = crazy_eights
    deck = m.build_deck(decks, ace_value)
    return CrazyEightsFacts(
        title=m.TITLE, decks=decks, ace_value=ace_value, cards=len(deck),
        penalties=(("Each 8", m.penalty("8")), ("King, queen, jack", m.penalty("K")),
                   ("Ace", m.penalty("A", ace_value)), ("2–7, 9, 10", None)),
        target=m.TARGET, winner_bonus=m.WINNER_BONUS, short_target=m.SHORT_TARGET, long_target=m.LONG_TARGET,
        hand_sizes=m.HAND_SIZES)


def facts_for(game: str, table_size: int = str8eight.DEFAULT_TABLE_SIZE, pass_cards: int = 6,
              decks: int = 1, ace_value: int = 10, sequence_length: "int | None" = None):
    """The facts of one game's variant, from the option values that shape it."""
    if game == "str8eight":
        return str8eight_facts(table_size, pass_cards, sequence_length)
    if game == "fourscore":
        return fourscore_facts(table_size, pass_cards)
    if game == "eights":
        return eights_facts()
    if game == "crazy-eights":
        return crazy_eights_facts(decks, ace_value)
    raise ValueError(f"no facts for game {game!r}")


__all__ = ["Str8EightFacts", "FourScoreFacts", "EightsFacts", "CrazyEightsFacts", "Step", "Player", "Facing",
           "FalseFriend", "RowExample", "EightsExample", "str8eight_facts", "fourscore_facts", "eights_facts",
           "crazy_eights_facts", "facts_for", "check_fourscore_playable"]
