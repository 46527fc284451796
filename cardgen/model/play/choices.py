"""An engine's choices on the open points of its rules, read from the table of readings.

Each engine declares its choices as a frozen dataclass whose fields name the keys of the
table's `engine` values, and what each may be (`ALLOWED`: the values a field accepts; a
field not listed there takes a positive whole number). `from_table` builds it from
model/readings.py's `engine_settings(game)`, refusing a missing, unknown or bad value in
one line that names the table, so a typo in the data never plays a different game.
"""
from __future__ import annotations

import dataclasses

from ..readings import engine_settings


def from_table(cls, game: str):
    """cls (a frozen dataclass with ALLOWED) filled from game's table of readings."""
    settings = engine_settings(game)
    names = [f.name for f in dataclasses.fields(cls)]
    where = f"templates/readings/{game}.toml"
    missing = [n for n in names if n not in settings]
    unknown = sorted(set(settings) - set(names))
    if missing or unknown:
        raise ValueError(f"{where}: the engine needs {', '.join(missing) or 'no more keys'}"
                         + (f" and knows no {', '.join(unknown)}" if unknown else ""))
    for name in names:
        value, allowed = settings[name], cls.ALLOWED.get(name)
        ok = value in allowed and type(value) is type(allowed[0]) if allowed else \
            type(value) is int and value > 0
        if not ok:
            raise ValueError(f"{where}: engine value {name} = {value!r}; it may be "
                             + (" or ".join(repr(a) for a in allowed) if allowed else "a whole number above 0"))
    return cls(**{n: settings[n] for n in names})
