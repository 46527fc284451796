"""A table where a person plays against the bots: options, the referee, what the person may see.

    table = Table.create({"game": "str8eight", "seats": 3, "level": "expert"}, seed=7)
    view = table.view()                    # what the person may know, and the moves offered
    out = table.play(view["moves"][0]["id"])  # {"events": [...], "view": {...}}
    table.log_lines()                      # the finished hands, as `cardgen playtest --log` writes them
    Table.from_json(table.to_json())       # the same table again (server side only: it holds the seed)

The engines (str8eight.py, fourscore.py, crazy_eights.py, eights.py) play the game; the
person's seat is one more player whose answers come from the moves the person chose.
A table holds no live engine between two moves: its state is the options, the seed, the
person's answers so far and the expert bots' answers (kept so their search is not done
again), all JSON. To move on, the game is played again from its deal with those answers
(the engines are deterministic from the seed, and the bots' random numbers come from it
too), up to the next decision the person must make, where the person's seat stops the
engine (_Pause) with the legal moves it offers. A move not offered is refused (TableError)
before anything changes: the engine is the referee, and the person can only choose among
its own legal moves.

What the person sees is made from the engine's state at that decision (their own hand,
the counts of the others', what lies face up) and from the engine's own log, each event
passed through the game's filter (table_games.py), which keeps the cards drawn by others
and the order of the stock out: the log itself is given out only for finished hands.
"""
from __future__ import annotations

import json
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from . import DEFAULT_ITERATIONS
from .table_moves import Move, TableError, _Pause  # noqa: F401  (the table's API names them)

GAMES = ("str8eight", "fourscore", "crazy-eights", "eights")
TITLES = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "crazy-eights": "Crazy Eights", "eights": "Eights"}
LEVELS = {"beginner": "random", "player": "greedy", "expert": "lookahead"}  # level -> the bot by its --bots name
# the expert's budget, rollouts a decision: each answers within a second at the 95th
# percentile on a loaded two-core machine (benchmarks/play_table.py --times)
EXPERT_ITERATIONS = {game: 4 * DEFAULT_ITERATIONS for game in GAMES}
MAX_TABLES = 500  # open tables a registry holds; the least recently used one goes first
STATE_VERSION = 1


@dataclass
class Options:
    """A table's options, checked: the game, its variant, the seats, the person's seat and the level."""

    game: str
    seats: int
    level: str
    seat: int = 0
    variant: dict = field(default_factory=dict)
    preset: "str | None" = None  # the class preset chosen (its values are in variant): the page's print follows it

    def as_dict(self) -> dict:
        return {"game": self.game, "seats": self.seats, "level": self.level, "seat": self.seat, **self.variant,
                **({"preset": self.preset} if self.preset else {})}


# what each game's variant may set (name -> allowed values, or (low, high) for a whole number)
VARIANT_KEYS = {
    "str8eight": {"table_size": (3, 12), "sequence_length": (3, 12), "pass_cards": (0, 12), "preset": None},
    "fourscore": {"table_size": (3, 12), "preset": None},
    "crazy-eights": {"decks": (1, 2), "ace_value": (1, 10), "target": None, "penalty_scoring": (False, True),
                     "draw_until_play": (False, True), "action_cards": (False, True)},
    "eights": {"words": ("numbers", "english")},
}


def _presets() -> dict:
    """The class presets by name: settings their variants take (table size, sequence length, pass cards)."""
    from ...settings import PRESETS

    keys = ("table_size", "sequence_length", "pass_cards")
    return {name: {k: v for k, v in p.values.items() if k in keys} for name, p in PRESETS.items()}


def check_options(raw: dict) -> Options:
    """The options a table is made from, checked one by one (TableError names the field and the fix)."""
    from .table_games import SEATS

    if not isinstance(raw, dict):
        raise TableError("game", "table options: a mapping of option to value, such as {\"game\": \"eights\"}")
    game = raw.get("game", "str8eight")
    if game not in GAMES:
        raise TableError("game", f"game {game!r}: choose one of {', '.join(GAMES)}")
    low, high = SEATS[game]
    seats = raw.get("seats", min(4, high))
    if type(seats) is not int or not low <= seats <= high:
        raise TableError("seats", f"seats {seats!r}: {TITLES[game]} is played by {low} to {high} players here")
    level = raw.get("level", "player")
    if level not in LEVELS:
        raise TableError("level", f"level {level!r}: choose one of {', '.join(LEVELS)}")
    seat = raw.get("seat", 0)
    if type(seat) is not int or not 0 <= seat < seats:
        raise TableError("seat", f"seat {seat!r}: the person's seat is a number from 0 to {seats - 1}")
    allowed = VARIANT_KEYS[game]
    variant = {}
    for key, value in raw.items():
        if key in ("game", "seats", "level", "seat"):
            continue
        if key not in allowed:
            raise TableError(key, f"{key!r} is not an option of {TITLES[game]}; it takes "
                             f"{', '.join(allowed) or 'no variant options'}")
        ok = allowed[key]
        if key == "preset":
            presets = _presets()
            if value not in presets:
                raise TableError(key, f"preset {value!r}: choose one of {', '.join(presets)}")
        elif key == "target":
            from .crazy_eights import TARGETS

            if value not in TARGETS:
                raise TableError(key, f"target {value!r}: choose one of {', '.join(map(str, TARGETS))}")
        elif isinstance(ok[0], bool):
            if type(value) is not bool:
                raise TableError(key, f"{key} {value!r}: true or false")
        elif isinstance(ok[0], int):
            if type(value) is not int or not ok[0] <= value <= ok[1] or (key == "ace_value" and value not in ok):
                raise TableError(key, f"{key} {value!r}: " + (" or ".join(map(str, ok)) if key == "ace_value"
                                                              else f"a whole number from {ok[0]} to {ok[1]}"))
        elif value not in ok:
            raise TableError(key, f"{key} {value!r}: choose one of {', '.join(ok)}")
        variant[key] = value
    preset = variant.pop("preset", None)
    if preset:
        for k, v in _presets()[preset].items():
            if k in allowed:
                variant.setdefault(k, v)
    options = Options(game, seats, level, seat, variant, preset)
    from .table_games import ADAPTERS

    try:
        ADAPTERS[game].variant(options)  # the engine's own checks: enough cards to deal, a sequence that exists…
    except ValueError as exc:
        raise TableError("seats", f"{exc}: choose fewer seats or a larger table") from None
    return options


class _Recorded:
    """An expert bot whose answers are kept: asked again (the game played again from its
    deal), it gives the answer it gave before instead of searching again."""

    def __init__(self, bot, seat: int, table: "Table"):
        self._bot, self._seat, self._table = bot, seat, table
        self.name = bot.name

    def __repr__(self) -> str:
        return repr(self._bot)

    def __getattr__(self, attr: str):
        method = getattr(self._bot, attr)
        if not callable(method):
            return method
        table, seat = self._table, self._seat

        def answer(*args):
            tape = table._cache.setdefault(str(seat), [])
            at = table._cursor[seat]
            table._cursor[seat] += 1
            if at < len(tape):
                return _decode(tape[at])
            start = time.perf_counter()
            got = method(*args)
            if table.timings is not None:
                table.timings.append(time.perf_counter() - start)
            tape.append(_encode(got))
            return got
        return answer


def _encode(x):
    from .eights import Spell

    if isinstance(x, Spell):
        return {"spell": [x.word, list(x.cards), [list(r) for r in x.refills]]}
    if isinstance(x, (tuple, list)):
        return [_encode(y) for y in x]
    return x


def _decode(x):
    from .eights import Spell

    if isinstance(x, dict):
        word, cards, refills = x["spell"]
        return Spell(word, tuple(cards), tuple(tuple(r) for r in refills))
    if isinstance(x, list):
        return tuple(_decode(y) for y in x)
    return x


class Table:
    """One game at a table: options, seed, the person's moves so far. See the module's docstring."""

    def __init__(self, options: Options, seed: int, answers: "list | None" = None, cache: "dict | None" = None,
                 seen: int = 0):
        from .table_games import ADAPTERS

        self.options = options
        self.seed = seed
        self.answers: list = list(answers or [])  # the ids of the moves the person chose, in order
        self._cache: dict = dict(cache or {})  # seat -> the expert's answers, in order
        self.seen = seen  # public events already handed out
        self.timings: "list | None" = None  # set to a list to time each expert decision (the benchmark)
        self._adapter_of = ADAPTERS[options.game]
        self._played = False

    # ---- making and keeping tables
    @classmethod
    def create(cls, options: dict, seed: "int | None" = None) -> "Table":
        """A new table from options (checked) and seed (a fresh random one when None)."""
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2 ** 63):
            raise TableError("seed", f"seed {seed!r}: a whole number from 0 to 2^63 − 1")
        return cls(check_options(options), secrets.randbits(62) if seed is None else seed)

    def to_json(self) -> str:
        """The table's whole state: for the server to keep, never for the browser (the seed tells every card)."""
        return json.dumps({"version": STATE_VERSION, "options": self.options.as_dict(), "seed": self.seed,
                           "answers": self.answers, "cache": self._cache, "seen": self.seen},
                          separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Table":
        try:
            data = json.loads(text)
            ok = isinstance(data, dict) and type(data.get("seed")) is int and isinstance(data.get("answers"), list) \
                and all(isinstance(a, str) for a in data["answers"]) and isinstance(data.get("cache"), dict) \
                and type(data.get("seen")) is int and isinstance(data.get("options"), dict)
        except ValueError:
            ok = False
        if not ok:
            raise TableError("table", "a saved table that cannot be read: start a new table")
        if data.get("version") != STATE_VERSION:
            raise TableError("table", f"a table saved in format {data.get('version')!r}; this version reads "
                                      f"{STATE_VERSION}: start a new table")
        return cls(check_options(data["options"]), data["seed"], data["answers"], data["cache"], data["seen"])

    # ---- the game
    def _replay(self) -> None:
        """Play the game again from its deal with the answers so far, up to the person's next decision."""
        from .players import FACTORIES

        o = self.options
        self._asked = 0
        self._cursor = [0] * o.seats
        self.adapter = adapter = self._adapter_of(self)
        make = FACTORIES[o.game]
        name = LEVELS[o.level]
        bots = []
        for s in range(o.seats):
            if s == o.seat:
                bots.append(adapter.person())
            elif name == "lookahead":
                bots.append(_Recorded(make(name, EXPERT_ITERATIONS[o.game]), s, self))
            else:
                bots.append(make(name))
        self.pending: "_Pause | None" = None
        try:
            adapter.run(bots)
        except _Pause as pause:
            self.pending = pause
        if self._asked != len(self.answers):
            raise TableError("table", "the table's moves do not replay (a saved table was changed): start a new table")
        self._played = True

    def _ensure(self) -> None:
        if not self._played:
            self._replay()

    def ask(self, kind: str, prompt: str, moves: list):
        """The person's seat is asked to decide (called by the engine through the person's
        player): the answer already chosen, or a pause with the moves offered."""
        if self._asked < len(self.answers):
            chosen = self.answers[self._asked]
            self._asked += 1
            for m in moves:
                if m.id == chosen:
                    return m.answer
            raise TableError("table", f"the table's moves do not replay ({chosen!r} is not legal there): "
                                      f"start a new table")
        raise _Pause(kind, prompt, moves)

    @property
    def over(self) -> bool:
        self._ensure()
        return self.pending is None

    @property
    def hands_done(self) -> int:
        self._ensure()
        return len(self.adapter.finished)

    def view(self) -> dict:
        """What the person may know now (JSON): see table_games.py for each game's part.

        Keys: game, title, options, you (the person's seat), seats (each seat's name and
        public counts), phase ("your-turn", "hand-over" between hands, "game-over"),
        decision and prompt (what is asked), moves ([{id, kind, label, card?, hint?}]: the
        only ids play() accepts), hand (the person's cards, each {id, name, …}), table (what
        lies face up), scores, hints ([{move, card, text}]: why each card or word may be played),
        summary (the last finished hand worked out, once one has finished) and log_hands
        (finished hands whose log may be downloaded)."""
        self._ensure()
        a, o = self.adapter, self.options
        p = self.pending
        phase = "game-over" if p is None else ("hand-over" if p.kind == "next-hand" else "your-turn")
        moves = [m.public() for m in p.moves] if p else []
        out = {"game": o.game, "title": TITLES[o.game], "options": o.as_dict(), "you": o.seat, "phase": phase,
               "decision": p.kind if p else None, "prompt": p.prompt if p else a.final_words(),
               "moves": moves, "hints": _hints(moves)}
        out.update(a.view())
        out["summary"] = a.finished[-1]["summary"] if a.finished else None
        out["log_hands"] = len(a.finished)
        return out

    def play(self, move_id: str) -> dict:
        """The person's move, checked against the moves offered, applied; the bots play on until
        the person must decide again (or the game ends). Returns {"events": the new public
        events, in order, "view": view()}."""
        self._ensure()
        if self.pending is None:
            raise TableError("move", "the game is over: start a new table to play again")
        ids = [m.id for m in self.pending.moves]
        if not isinstance(move_id, str) or move_id not in ids:
            shown = ", ".join(ids[:8]) + (", …" if len(ids) > 8 else "")
            raise TableError("move", f"{str(move_id)[:60]!r} is not one of the moves offered now ({shown})")
        self.answers.append(move_id)
        try:
            self._replay()
        except Exception:
            self.answers.pop()
            self._played = False
            raise
        return {"events": self.events(), "view": self.view()}

    def events(self) -> list:
        """The public events not handed out yet (each {seat?, text, cards?...}), and marks them handed out."""
        self._ensure()
        events = self.adapter.public_events()
        new = events[self.seen:]
        self.seen = len(events)
        return new

    def all_events(self) -> list:
        """Every public event since the first deal (what a page rebuilt after a reload shows)."""
        self._ensure()
        return self.adapter.public_events()

    def log_lines(self) -> list:
        """The finished hands as JSON lines, in the format of `cardgen playtest --log` (the
        referees replay them). A hand still in play is never included: its log holds the stock.
        While the game goes on, each line's seed is null: the seed would tell the hands to come."""
        self._ensure()
        over = self.pending is None
        return [json.dumps(h["log"] if over else {**h["log"], "seed": None}, separators=(",", ":"))
                for h in self.adapter.finished]


def _hints(moves: list) -> list:
    """Why each card (or word) offered may be played, once each: [{move, card, text}]."""
    out, seen = [], set()
    for m in moves:
        card = m["card"]["id"] if m.get("card") else None
        if m.get("hint") and (card, m["hint"]) not in seen:
            seen.add((card, m["hint"]))
            out.append({"move": m["id"], "card": card, "text": m["hint"]})
    return out


class Tables:
    """Open tables by id, at most `limit` (the least recently used goes first), for a server
    that holds many: tables.open(options) -> id; tables.get(id) -> Table (KeyError: closed or
    never opened). Ids are random and unguessable; Table.to_json() keeps one across a restart."""

    def __init__(self, limit: int = MAX_TABLES):
        self.limit = limit
        self._tables: OrderedDict = OrderedDict()

    def open(self, options: dict, seed: "int | None" = None) -> str:
        table = Table.create(options, seed)
        key = secrets.token_urlsafe(12)
        self._tables[key] = table
        while len(self._tables) > self.limit:
            self._tables.popitem(last=False)
        return key

    def get(self, key: str) -> Table:
        table = self._tables[key]
        self._tables.move_to_end(key)
        return table

    def close(self, key: str) -> None:
        self._tables.pop(key, None)

    def __len__(self) -> int:
        return len(self._tables)
