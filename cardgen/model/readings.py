"""The table of readings: how this edition settles the points each game's reference rules
leave open, and the rules it adds, one TOML file per game (templates/readings/<game>.toml).

One table, two readers: the engines take their choices from `engine_settings(game)` and
nowhere else, and the booklets print `readings(game)` in their "About this edition"
section, so what the bots play and what the players read cannot differ. Text fields may
hold Jinja expressions over the game's facts record `f`; they are returned raw (the
booklet renders them). Plain data, loaded and validated once per game.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from .. import paths

KINDS = ("reading", "added", "reference")  # an open point of the reference settled by us | a rule we add |
# the reference's own rule, kept here for the engine's sake: stated in the rules without a mark, never listed
FIELDS = ("id", "kind", "topic", "rule", "why")  # every entry has them, all text
OPTIONAL = ("engine",)
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")  # kebab-case
ENGINE_VALUES = (str, int, float, bool)


@dataclass(frozen=True)
class Reading:
    id: str
    kind: str  # "reading" | "added"
    topic: str  # a short heading
    rule: str  # the rule as the booklet states it
    why: str  # one or two sentences for "About this edition"
    engine: Mapping[str, object]  # the values the engine reads (empty for pure wording)


def _file(game: str):
    return paths.folder("cardgen.templates") / "readings" / f"{game}.toml"


def has_table(game: str) -> bool:
    """Whether the game has a table of readings at all (a game without one lists none)."""
    return _file(game).is_file()


@lru_cache(maxsize=None)
def readings(game: str) -> tuple[Reading, ...]:
    """The entries of game's table in file order; ValueError names the file and entry at fault."""
    where = f"templates/readings/{game}.toml"
    try:
        text = _file(game).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"{where}: no table of readings for the game {game!r}") from None
    return parse(text, where)


def parse(text: str, where: str) -> tuple[Reading, ...]:
    """The entries of one table's text, validated; `where` names the file in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{where}: not valid TOML ({exc})") from None
    extra = set(data) - {"reading"}
    if extra:
        raise ValueError(f"{where}: unknown top-level key(s) {', '.join(sorted(extra))}; only [[reading]] entries")
    entries = data.get("reading", [])
    if not isinstance(entries, list) or not entries:
        raise ValueError(f"{where}: no [[reading]] entries")
    out, seen, keys = [], set(), {}
    for i, entry in enumerate(entries, 1):
        name = f"{where}, entry {i}" + (f" ({entry['id']!r})" if isinstance(entry.get("id"), str) else "")
        unknown = set(entry) - set(FIELDS) - set(OPTIONAL)
        if unknown:
            raise ValueError(f"{name}: unknown field(s) {', '.join(sorted(unknown))}")
        missing = [k for k in FIELDS if k not in entry]
        if missing:
            raise ValueError(f"{name}: missing field(s) {', '.join(missing)}")
        bad = [k for k in FIELDS if not isinstance(entry[k], str) or not entry[k].strip()]
        if bad:
            raise ValueError(f"{name}: {', '.join(bad)} must be non-empty text")
        if not ID.match(entry["id"]):
            raise ValueError(f"{name}: id {entry['id']!r} is not kebab-case")
        if entry["id"] in seen:
            raise ValueError(f"{name}: id {entry['id']!r} is used twice")
        seen.add(entry["id"])
        if entry["kind"] not in KINDS:
            raise ValueError(f"{name}: kind {entry['kind']!r} is none of {', '.join(KINDS)}")
        engine = entry.get("engine", {})
        if not isinstance(engine, dict):
            raise ValueError(f"{name}: engine must be a table")
        for key, value in engine.items():
            if not isinstance(value, ENGINE_VALUES):
                raise ValueError(f"{name}: engine value {key} is a {type(value).__name__}; "
                                 "only text, numbers and true/false")
            if key in keys:
                raise ValueError(f"{name}: engine key {key} is also set by entry {keys[key]!r}")
            keys[key] = entry["id"]
        out.append(Reading(entry["id"], entry["kind"], entry["topic"].strip(), entry["rule"].strip(),
                           entry["why"].strip(), MappingProxyType(dict(engine))))
    return tuple(out)


def engine_settings(game: str) -> dict[str, object]:
    """Every entry's engine values, merged (a key set twice is refused when loading)."""
    merged: dict = {}
    for r in readings(game):
        merged.update(r.engine)
    return merged
