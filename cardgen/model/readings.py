"""The table of readings: how this edition settles the points a game's reference rules
leave open, and the rules it adds, kept as data (templates/readings/<game>.toml).

The rules engines read their choices from `engine_settings(game)` and the booklets
print `readings(game)` in "About this edition", so what the computer plays and what
the players read come from one entry and cannot differ. The files are our own data:
anything malformed is a ValueError naming the file and the entry, raised on first use.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

KINDS = ("reading", "added")  # an open point settled by us; a rule we add
FIELDS = ("id", "kind", "topic", "rule", "why", "engine")
REQUIRED = ("id", "kind", "topic", "rule", "why")
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


@dataclass(frozen=True)
class Reading:
    id: str
    kind: str
    topic: str
    rule: str
    why: str
    engine: Mapping[str, object]


def _file(game: str):
    return resources.files("cardgen.templates").joinpath("readings", f"{game}.toml")


def parse(text: str, source: str) -> "tuple[Reading, ...]":
    """The entries of one readings file, validated (source names it in errors)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{source}: not valid TOML ({exc})") from None
    extra = set(data) - {"reading"}
    if extra:
        raise ValueError(f"{source}: unknown table {sorted(extra)[0]!r}: every entry is a [[reading]]")
    entries = data.get("reading", [])
    if not isinstance(entries, list):
        raise ValueError(f"{source}: 'reading' must be a list of [[reading]] tables")
    out, ids, keys = [], set(), {}
    for n, entry in enumerate(entries, 1):
        where = f"{source}: entry {n}" + (f" ({entry.get('id')!r})" if isinstance(entry, dict) and "id" in entry
                                          else "")
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: not a table")
        unknown = [k for k in entry if k not in FIELDS]
        if unknown:
            raise ValueError(f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(FIELDS)})")
        missing = [k for k in REQUIRED if k not in entry]
        if missing:
            raise ValueError(f"{where}: missing field {missing[0]!r}")
        for k in REQUIRED:
            if not isinstance(entry[k], str) or not entry[k].strip():
                raise ValueError(f"{where}: {k!r} must be a non-empty text")
        if not set(entry["id"]) <= _ID_CHARS or entry["id"].startswith("-"):
            raise ValueError(f"{where}: id {entry['id']!r} is not kebab-case")
        if entry["kind"] not in KINDS:
            raise ValueError(f"{where}: kind {entry['kind']!r} is none of {', '.join(KINDS)}")
        if entry["id"] in ids:
            raise ValueError(f"{where}: id {entry['id']!r} is used twice")
        ids.add(entry["id"])
        engine = entry.get("engine", {})
        if not isinstance(engine, dict):
            raise ValueError(f"{where}: 'engine' must be a table of values")
        for key, value in engine.items():
            if not isinstance(value, (str, int, float, bool)):
                raise ValueError(f"{where}: engine value {key!r} must be a text, number or true/false")
            if key in keys:
                raise ValueError(f"{where}: engine key {key!r} is already set by entry {keys[key]!r}")
            keys[key] = entry["id"]
        out.append(Reading(entry["id"], entry["kind"], entry["topic"], entry["rule"], entry["why"],
                           MappingProxyType(dict(engine))))
    return tuple(out)


@lru_cache(maxsize=None)
def readings(game: str) -> "tuple[Reading, ...]":
    """The game's entries in file order, validated once."""
    path = _file(game)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"templates/readings/{game}.toml: no readings file for game {game!r}") from None
    return parse(text, f"templates/readings/{game}.toml")


def engine_settings(game: str) -> "dict[str, object]":
    """Every entry's engine values merged into one table (a key set twice is an error)."""
    merged: dict = {}
    for r in readings(game):
        merged.update(r.engine)
    return merged
