"""The build record: what each game's build writes into manifest.json for the checker.

Typed and versioned, so the builder and the checker agree on one contract: the
builders fill these frozen dataclasses, manifest.json holds to_json() of them, and
the checker reads them back with from_json(), which refuses a missing or unknown
key, a wrong type, NaN or infinity, or another record version. Nothing is filled
in with a default: a record that says too little is broken, not "probably poker
size". This module imports only the standard library, errors.py and words.py, so
the checker can read it without importing a builder.
"""
from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from dataclasses import dataclass

from .errors import CardgenError
from .words import plural

# 2: FourScore's table size and pass cards, tuck boxes (fit, boxes), Str8 Eight's sequence length
#    and atlas, the printer profile, reprints and the parts built.
# 3: a player aid per booklet page size (rules.reference: file name -> aid); a version-2
#    record of either shape is refused with "rebuild", never misread.
# 4: class sets (sets: letters, shapes, inventory papers; None for one deck), Str8 Eight's
#    scaffold level and large print and its teacher pages (teacher: one PDF per paper) (issue 17),
#    and the print shops a deck's files were written for (shops; empty for none).
# 5: rules.readings, the entries the booklets list in "About this edition" (issue 24).
#    And the printer's measured margins (home_print.printer.margins_mm; None: not measured, 5 mm
#    each) (issue 28).
# 6: rules.readings names those entries (their ids in the game's table of readings, in order)
#    instead of counting them, so the checker can hold the list to the table (issue 27).
# 7: class sets in large print (sets.large_print: their letters; empty for none) (issue 40).
RECORD_VERSION = 7
VERSION_KEY = "record_version"
MANIFEST_KEYS = ("input_key",)  # written beside the record by the build cache, not part of it


MAX_MM = 1000.0  # no card, bleed or thickness is a metre
MAX_COUNT = 10_000  # no deck, page or table count comes near it


class RecordError(CardgenError):
    """manifest.json's record for a game is not one this cardgen wrote."""


@dataclass(frozen=True)
class Card:
    size: str  # the --card-size name
    trim_mm: tuple[float, float]  # width, height
    bleed_mm: float  # on every side of each card PDF page
    low_ink: bool

    def __post_init__(self):
        if not all(0 < v <= MAX_MM for v in self.trim_mm) or not 0 <= self.bleed_mm <= MAX_MM:
            raise RecordError(f"card trim {self.trim_mm} mm or bleed {self.bleed_mm} mm is not a card's size")


@dataclass(frozen=True)
class Deck:
    title: str
    faces: tuple[str, ...]  # slugs in deck order: page i+1 of <game>-cards.pdf
    backs: tuple[str, ...]  # each distinct back once: page j+1 of <game>-back.pdf
    back_of: tuple[int, ...]  # for each face, the index of its back in backs


@dataclass(frozen=True)
class Printer:
    """The [printer] profile the sheets were drawn for (layout/printer.py)."""
    back_offset_mm: tuple[float, float]  # backs moved by (x right, y down), as the back page is drawn
    back_rotation_deg: float  # backs turned clockwise, as the back page is seen
    scale_mm: tuple[float, float]  # what 100 mm printed as: every page drawn 100/scale as large
    margins_mm: tuple[float, float, float, float] | None  # top, right, bottom, left it prints within; None: unknown

    def __post_init__(self):
        if not all(50 <= v <= 200 for v in self.scale_mm) or not -45 <= self.back_rotation_deg <= 45 \
                or not all(abs(v) <= MAX_MM for v in self.back_offset_mm) \
                or not all(0 <= v <= 100 for v in self.margins_mm or ()):
            raise RecordError(f"printer {self} is not a printer's correction")


@dataclass(frozen=True)
class Aids:
    """A game's player aid cards printed on a deck's sheets, after its cards (issue 41)."""
    game: str  # whose aid: the deck's own game, or FourScore's on the Str8 Eight sheets
    sides: int  # the aid's cards: pages first.. of <deck game>-player-aids.pdf, in order
    copies: int  # sets printed: one for each player the game seats

    def __post_init__(self):
        if not 1 <= self.sides <= 12 or not 1 <= self.copies <= 12:
            raise RecordError(f"aids {self} is not a set of player aid cards")


@dataclass(frozen=True)
class HomePrint:
    papers: tuple[str, ...]  # one <game>-print-<paper>.pdf each (<game>-reprint-<paper>.pdf for a reprint)
    layout: str  # duplex | fronts | gutterfold
    printer: Printer
    cards: tuple[int, ...] | None  # a reprint: the deck index of each card on the sheets; None: the whole deck
    # the player aid cards after the deck on its sheets (none on a reprint's), each with the deck's first back
    aids: tuple[Aids, ...] = ()


@dataclass(frozen=True)
class Tuckbox:
    papers: tuple[str, ...]
    cards: int  # every face the print job prints
    fit: str  # the --box-fit preset
    card_thickness_mm: float  # one card without its sleeve
    boxes: int  # 1, or equal boxes for a deck too thick for one on the paper

    def __post_init__(self):
        if not 0 < self.card_thickness_mm <= MAX_MM:
            raise RecordError(f"tuckbox.card_thickness_mm {self.card_thickness_mm} is not a card's thickness")
        if not 1 <= self.boxes <= 8:
            raise RecordError(f"tuckbox.boxes {self.boxes} is not a number of boxes")


@dataclass(frozen=True)
class SequenceSheet:
    papers: tuple[str, ...]


@dataclass(frozen=True)
class AtlasPoster:
    papers: tuple[str, ...]  # one <game>-atlas-<paper>.svg (and .pdf) each
    file: str  # the atlas's counts as JSON, beside the poster


@dataclass(frozen=True)
class TeacherPages:
    """Lesson plan, recording sheet, answer key and fact coverage: one page each."""
    papers: tuple[str, ...]  # one str8eight-teacher-<paper>.pdf each
    pages: int


@dataclass(frozen=True)
class Booklet:
    pages: int
    page: str  # a5 | half-letter


@dataclass(frozen=True)
class Fold:
    sides: int
    booklet_pages: int


@dataclass(frozen=True)
class Reference:
    """A player aid: one page, in the page size of the booklet beside it."""
    pages: int
    page: str  # a5 | half-letter


@dataclass(frozen=True)
class Rules:
    booklet: dict[str, Booklet]  # file name -> booklet
    fold: dict[str, Fold]  # file name -> its fold-and-staple sheets
    reference: dict[str, Reference]  # file name -> player aid, one per booklet page size
    scorepad: tuple[str, ...]  # file names, one page each
    tournament: tuple[str, ...]
    readings: tuple[str, ...]  # the ids (templates/readings/<game>.toml) of the entries the booklets list in
    # "About this edition", in order, each marked † where the rules state it; empty: none

    def __post_init__(self):
        if len(self.readings) > 100 or len(set(self.readings)) != len(self.readings):
            raise RecordError(f"rules.readings {_few(self.readings)} is not a list of distinct readings")


NO_RULES = Rules(booklet={}, fold={}, reference={}, scorepad=(), tournament=(), readings=())


@dataclass(frozen=True)
class Sets:
    """Class sets: one deck per letter, each in its folder set-<letter> (lower case) holding
    that deck's card files, print sheets and inventory checklist."""
    letters: tuple[str, ...]  # A, B, … in order
    shapes: tuple[str, ...]  # the outline shape of each set's mark
    inventory: tuple[str, ...]  # papers: <game>-inventory-<paper>.svg/.pdf in each set's folder
    large_print: tuple[str, ...]  # the letters of the sets whose faces are large print (the rest standard)

    def __post_init__(self):
        if not 2 <= len(self.letters) <= 26 or len(self.shapes) != len(self.letters):
            raise RecordError(f"{len(self.letters)} set letters {_few(self.letters)} with {len(self.shapes)} shapes "
                              f"{_few(self.shapes)} are not class sets (2 to 26 sets, one shape each)")
        if not set(self.large_print) <= set(self.letters):
            raise RecordError(f"large-print sets {_few(self.large_print)} are not among the sets "
                              f"{_few(self.letters)}")


def _few(items, shown: int = 4) -> str:
    """The first few of a list a hostile record may make huge: a violation stays one line."""
    items = list(items)
    return str([str(i)[:20] for i in items[:shown]])[:-1] + (", …]" if len(items) > shown else "]")


PARTS = ("cards", "print", "sheet", "box", "rules", "pads", "teacher")  # what `--only` may name
SCAFFOLDS = ("full", "colors", "bare")  # settings.SCAFFOLDS (the checker reads this module, not settings)


@dataclass(frozen=True, kw_only=True)
class DeckGame:
    """What every game with its own deck records. A part not in parts was not built, and
    its entry is None (or empty)."""
    parts: tuple[str, ...]  # the parts this build made (--only), in PARTS order
    card: Card
    deck: Deck
    home_print: HomePrint | None  # None: print not built, or built without --format pdf
    tuckbox: Tuckbox | None  # None: box not built
    rules: Rules | None  # None: built without --format pdf, or neither rules nor pads
    sets: Sets | None  # None: one deck, in the game's folder; else one folder per set
    shops: tuple[str, ...]  # the shops whose files are in shop/<slug>/ (--format shop); empty: none

    def __post_init__(self):
        _check_parts(self.parts)


@dataclass(frozen=True, kw_only=True)
class Str8Eight(DeckGame):
    table_size: int
    pass_cards: int
    sequence_length: int  # cards in a winning sequence (the table size unless set)
    sequence_sheet: SequenceSheet | None  # None: sheet not built
    atlas: AtlasPoster | None  # None: sheet not built (the atlas comes with the sequence sheet)
    scaffold: str  # what the faces tell: full | colors | bare (the answer key and booklet say the same)
    large_print: bool  # large-print faces: one corner index, no cell line unless bare
    teacher: TeacherPages | None  # None: teacher not built, or built without --format pdf

    def __post_init__(self):
        super().__post_init__()
        if self.scaffold not in SCAFFOLDS:
            raise RecordError(f"scaffold {self.scaffold!r} is none of {', '.join(SCAFFOLDS)}")


@dataclass(frozen=True, kw_only=True)
class Eights(DeckGame):
    letter_cards: int
    reference_cards: int


@dataclass(frozen=True, kw_only=True)
class CrazyEights(DeckGame):
    decks: int
    ace_value: int


@dataclass(frozen=True, kw_only=True)
class FourScore:
    parts: tuple[str, ...]
    plays_with: str  # the game whose deck it uses
    table_size: int  # the deck's table, which the rules' counts follow
    pass_cards: int  # taken out of the deck before play
    rules: Rules | None

    def __post_init__(self):
        _check_parts(self.parts)


def _check_parts(parts: tuple) -> None:
    if any(p not in PARTS for p in parts) or len(set(parts)) != len(parts):
        raise RecordError(f"parts {list(parts)} are not among {', '.join(PARTS)}")


RECORDS = {"str8eight": Str8Eight, "fourscore": FourScore, "eights": Eights, "crazy-eights": CrazyEights}


def variant_words(game: str, values) -> str:
    """The variant a game was built as, in the words every file's title uses ("8 × 8 table,
    6 pass cards, sequences of 8"): the builder names its files with it and the checker
    expects it, both from the same record fields (values: a record, or a dict of its fields)."""
    get = values.get if isinstance(values, dict) else lambda name: getattr(values, name)
    if game in ("str8eight", "fourscore"):
        n = get("table_size")
        if game == "fourscore":
            return f"{n} × {n} table"
        passes = get("pass_cards")
        return (f"{n} × {n} table, {plural(passes, 'pass card') if passes else 'no pass cards'}, "
                f"sequences of {get('sequence_length')}")
    if game == "eights":
        return f"{plural(get('letter_cards'), 'letter card')}"
    if game == "crazy-eights":
        return f"{plural(get('decks'), 'deck')}, aces count {get('ace_value')}"
    raise RecordError(f"unknown game {game!r}")


def to_json(record) -> dict:
    """The record as manifest.json holds it: plain JSON values, the version first."""
    return {VERSION_KEY: RECORD_VERSION, **_plain(dataclasses.asdict(record))}


def _plain(value):
    """Tuples as lists, as json.loads gives them back."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def from_json(game: str, data) -> "Str8Eight | Eights | CrazyEights | FourScore":
    """The record of game, read strictly; RecordError names the first thing wrong."""
    cls = RECORDS.get(game)
    if cls is None:
        raise RecordError(f"unknown game {game!r}")
    if not isinstance(data, dict):
        raise RecordError(f"the record is {_kind(data)}, expected an object")
    if VERSION_KEY not in data:
        raise RecordError(f"missing key {VERSION_KEY!r}")
    version = data[VERSION_KEY]
    if version != RECORD_VERSION or isinstance(version, bool):
        raise RecordError(f"record version {version!r}; this cardgen reads version {RECORD_VERSION}: "
                          "rebuild with 'cardgen build'")
    body = {k: v for k, v in data.items() if k != VERSION_KEY and k not in MANIFEST_KEYS}
    return _object(cls, body, "")


@functools.lru_cache(maxsize=None)
def _hints(cls) -> dict:
    """A record class's field types (evaluating them costs a millisecond a class, every time)."""
    return typing.get_type_hints(cls)


def _object(cls, value, where: str):
    if not isinstance(value, dict):
        raise RecordError(f"{where or 'the record'} is {_kind(value)}, expected an object")
    hints = _hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    for key in value:
        if key not in hints:
            raise RecordError(f"unknown key {_at(where, key)!r}")
    for name in names:
        if name not in value:
            raise RecordError(f"missing key {_at(where, name)!r}")
    return cls(**{name: _value(hints[name], value[name], _at(where, name)) for name in names})


def _value(tp, value, where: str):
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (tp,) = [a for a in args if a is not type(None)]
        return _value(tp, value, where)
    if dataclasses.is_dataclass(tp):
        return _object(tp, value, where)
    if origin is tuple:
        if not isinstance(value, list):
            raise RecordError(f"{where} is {_kind(value)}, expected a list")
        each = [args[0]] * len(value) if args[-1] is Ellipsis else list(args)
        if len(each) != len(value):
            raise RecordError(f"{where} has {len(value)} items, expected {len(each)}")
        return tuple(_value(t, v, f"{where}[{i}]") for i, (t, v) in enumerate(zip(each, value)))
    if origin is dict:
        if not isinstance(value, dict):
            raise RecordError(f"{where} is {_kind(value)}, expected an object")
        return {_name(k, where): _value(args[1], v, _at(where, k)) for k, v in value.items()}
    if tp is float and isinstance(value, (int, float)) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise RecordError(f"{where} is {value!r}, expected a finite number")
        return float(value)
    if tp is int and isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= MAX_COUNT:  # a count read from a file bounds the work done
            raise RecordError(f"{where} is {value}, expected a count from 0 to {MAX_COUNT}")
        return value
    if tp is str and isinstance(value, str):
        return _name(value, where)
    if isinstance(value, tp) and not (tp is int and isinstance(value, bool)):
        return value
    raise RecordError(f"{where} is {_kind(value)} {value!r}, expected {tp.__name__}")


def _name(value: str, where: str) -> str:
    """A text of the record: file names and slugs among them, so never a path that could
    lead a reader out of the output folder."""
    if not value or len(value) > 200 or value in (".", "..") or any(c in value for c in "/\\\0"):
        raise RecordError(f"{where} is {value[:40]!r}, not a plain name (no path, no '..')")
    return value


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _kind(value) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null",
            int: "an integer", float: "a number"}.get(type(value), type(value).__name__)
