"""What the teacher pages say about a built Str8 Eight deck: the answer key, the fact
coverage and the recording sheet's worked example, computed from the model.

The lesson plan, recording sheet, answer key and coverage page (templates/rules/
str8eight-teacher.md, documents/teacher.py) read one TeacherFacts record as `f`, as
the rule texts read Str8EightFacts: every number on them comes from here. Plain data.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import str8eight
from .atlas import atlas, completions
from .facts import Str8EightFacts, str8eight_facts


@dataclass(frozen=True)
class KeyRow:
    """One value of the deck in the answer key: the facts (cells) its cards show, and
    for each of its groups the previous and next multiple (None past either end)."""
    value: int
    pairs: tuple  # (r, c) with r ≤ c: the card r × c and, unless r = c, its turnaround c × r
    copies: int  # cards of this value
    neighbours: dict  # group -> (previous or None, next or None)

    @property
    def facts(self) -> str:
        return "  ".join(f"{r}×{c}" for r, c in self.pairs)


@dataclass(frozen=True)
class Fact:
    """One step of the recording sheet's worked example, written as the fact on its card."""
    row: int
    col: int  # the group the sequence moves along at this card
    value: int

    @property
    def text(self) -> str:
        return f"{self.row} × {self.col} = {self.value}"


@dataclass(frozen=True)
class TeacherFacts:
    game: Str8EightFacts  # the deck's facts (table size, counts, the worked sequence)
    scaffold: str  # full | colors | bare: what the faces tell
    sets: int  # class sets built
    marks: tuple  # (letter, shape) of each class set's mark, A first; empty for one deck
    large_print: bool
    preset: "str | None"
    key: tuple  # KeyRow, by value
    through: dict  # value -> winning value sequences through it (the atlas)
    sequences: int  # winning value sequences of the built length
    bonus_runs: int  # of them, one-color runs (model/bonus.py: a times table counted on without a gap)
    step_share: dict  # group -> per cent of the steps of all winning sequences that move along it
    example: tuple  # Fact: the worked sequence, card by card
    trial: tuple  # (players, hands, median turns of a finished hand, all seats counted): the
    # playability trial's greedy hands (model/play/playability.py), a fixed seed
    large_print_sets: tuple = ()  # the class sets printed large (letters), the others standard

    @property
    def n(self) -> int:
        return self.game.table_size

    def share(self, value: int) -> str:
        """How many in 100 winning sequences pass through value, rounded: "<1" for a few,
        "–" for none at all."""
        return share_text(self.through.get(value, 0), self.sequences)

    @property
    def grid(self) -> list:
        """The N × N table, row by row: (r, c, value, share through value)."""
        return [[(r, c, r * c, self.share(r * c)) for c in range(1, self.n + 1)] for r in range(1, self.n + 1)]

    @property
    def example_total(self) -> int:
        return sum(f.value for f in self.example)

    @property
    def year2(self) -> tuple:
        """England's Year 2 tables this table holds."""
        return tuple(d for d in (2, 5, 10) if d <= self.n)

    @property
    def year3(self) -> tuple:
        return tuple(d for d in (3, 4, 8) if d <= self.n)

    @property
    def mark_list(self) -> str:
        """The sets' marks as the lesson plan prints them: "A circle, B square, …"."""
        return ", ".join(f"{letter} {shape}" for letter, shape in self.marks)

    @property
    def turns_each(self) -> int:
        players, _, turns = self.trial
        return round(turns / players) if players else 0

    @property
    def explained(self) -> Fact:
        """The example's first card off the ×1 table, to explain how a card is written."""
        return next((x for x in self.example if x.col > 1), self.example[-1])

    @property
    def busiest(self) -> tuple:
        """The values most winning sequences pass through, most first (three)."""
        return tuple(sorted(self.through, key=lambda v: (-self.through[v], v))[:3])

    @property
    def unused(self) -> tuple:
        """Values no winning sequence uses (too high to reach the length in time, say)."""
        return tuple(v for v in sorted(self.through) if not self.through[v])

    @property
    def rare_facts(self) -> tuple:
        """The facts r × c (r ≤ c) that fewer than one in every 100 winning sequences pass
        through, though some do: the coverage page's "<1" squares, by product."""
        rare = [(r, c) for r in range(1, self.n + 1) for c in range(r, self.n + 1) if self.share(r * c) == "<1"]
        return tuple(sorted(rare, key=lambda rc: (rc[0] * rc[1], rc)))

    @property
    def rare_tables(self) -> tuple:
        """The times tables the rare facts stand in, each once, as the sequence sheet's rows."""
        return tuple(sorted({d for r, c in self.rare_facts + self.unused_facts for d in (r, c) if d > 1}))

    @property
    def unused_facts(self) -> tuple:
        """The facts r × c (r ≤ c) whose product no winning sequence uses, by product."""
        return tuple(sorted(((r, c) for r in range(1, self.n + 1) for c in range(r, self.n + 1)
                             if r * c in self.unused), key=lambda rc: (rc[0] * rc[1], rc)))

    @property
    def top_groups(self) -> tuple:
        return tuple(sorted(self.step_share, key=lambda d: (-self.step_share[d], d))[:3])

    @property
    def stage(self) -> str:
        """Where the table sits in the curricula the lesson plan cites."""
        n = self.n
        if n <= 5:
            return "early"  # inside the Year 2–3 tables
        if n < 9:
            return "middle"
        if n == 9:
            return "grade3"  # exactly the one-digit products
        return "mtc" if n == 12 else "beyond"


def share_text(through: int, sequences: int) -> str:
    """through out of sequences, as how many in 100: "–" for none, "<1" below a half."""
    if not through or not sequences:
        return "–"
    per_100 = int(100 * through / sequences + 0.5)  # halves up, as print rounds
    return str(per_100) if per_100 else "<1"


def _key(n: int) -> tuple:
    copies = str8eight.value_counts(n)
    rows = []
    for v in sorted(copies):
        pairs = tuple((r, v // r) for r in range(1, n + 1) if v % r == 0 and r <= v // r <= n)
        neighbours = {d: (v - d if v // d > 1 else None, v + d if v // d < n else None)
                      for d in str8eight.groups_of(v, n)}
        rows.append(KeyRow(v, pairs, copies[v], neighbours))
    return tuple(rows)


def _step_share(n: int, length: int) -> dict:
    """For each group, the per cent of all steps of all winning sequences that move along
    it: a step a → b at places j, j+1 is counted by the sequences reaching a at j (from a
    bull's-eye) times those finishing from b in the L − j − 1 places left."""
    ways = completions(n, length)
    values = sorted(str8eight.value_counts(n))
    succ = {v: str8eight.successors(v, n) for v in values}
    reach = {(v, 1): int(v <= n) for v in values}
    steps = {d: 0 for d in range(1, n + 1)}
    for j in range(1, length):
        for v in values:
            reach.setdefault((v, j + 1), 0)
        for v in values:
            r = reach[(v, j)]
            if not r:
                continue
            for w in succ[v]:
                reach[(w, j + 1)] = reach.get((w, j + 1), 0) + r
                steps[w - v] += r * ways[(w, length - j - 1)]
    total = sum(steps.values())
    return {d: int(100 * k / total + 0.5) if total else 0 for d, k in steps.items()}


def _example(game: Str8EightFacts) -> tuple:
    """The worked sequence as facts: each card k × d, d the group the sequence moves
    along to reach it (the first card: the group of the first step, when it is in it)."""
    steps = game.example
    out = []
    for i, s in enumerate(steps):
        d = s.group
        if d is None:
            nxt = steps[i + 1].group if i + 1 < len(steps) else None
            d = nxt if nxt and s.value % nxt == 0 and s.value // nxt <= game.table_size else s.value
        out.append(Fact(s.value // d, d, s.value))
    return tuple(out)


def teacher_facts(table_size: int = str8eight.DEFAULT_TABLE_SIZE, pass_cards: int = 6,
                  sequence_length: "int | None" = None, scaffold: str = "full", sets: int = 1,
                  large_print: bool = False, preset: "str | None" = None,
                  game: "Str8EightFacts | None" = None, marks: tuple = (),
                  large_print_sets: tuple = ()) -> TeacherFacts:
    """game: the deck's facts when already computed (the builder has them); marks: each
    class set's (letter, shape), as the builder marks the cards (design/setmark.py)."""
    if sets > 1 and len(marks) != sets:
        raise ValueError(f"{sets} class sets need {sets} marks, not {len(marks)}")
    from .play.playability import playability

    game = game or str8eight_facts(table_size, pass_cards, sequence_length)
    n, length = game.table_size, game.sequence_length
    trial = playability(n, pass_cards, length)
    book = atlas(n, length)
    return TeacherFacts(
        game=game, scaffold=scaffold, sets=sets, marks=tuple(marks) if sets > 1 else (), large_print=large_print, preset=preset, key=_key(n),
        through=dict(book.through), sequences=book.value_sequences, bonus_runs=book.bonus_runs, step_share=_step_share(n, length),
        example=_example(game), trial=(trial.players, trial.hands, trial.median_turns),
        large_print_sets=tuple(large_print_sets) if sets > 1 else ())
