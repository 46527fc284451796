"""BuildOptions and PlaytestOptions: the validated values of the settings each command takes.

The records are made from the settings table (settings.py), so a field exists exactly
when a setting of that command does; constructing one validates every value with the
table's validators, whoever the caller is (the CLI, a test, a library user).
"""
from __future__ import annotations

import dataclasses

from .settings import BUILD, PLAYTEST, check_together, for_command, validate, with_preset


def _record(name: str, command: str, doc: str):
    settings = tuple(s for s in for_command(command) if s.record)

    def post_init(self) -> None:
        for s in settings:
            object.__setattr__(self, s.name, validate(s.name, getattr(self, s.name)))
        check_together({s.name: getattr(self, s.name) for s in settings})

    def field(s):
        if callable(s.default):
            return dataclasses.field(default_factory=s.default)
        return dataclasses.field(default=s.default)

    return dataclasses.make_dataclass(
        name, [(s.name, object, field(s)) for s in settings], frozen=True, kw_only=True,
        namespace={"__post_init__": post_init, "__doc__": doc, "__module__": __name__})


BuildOptions = _record("BuildOptions", BUILD, "Every build option, validated (see settings.py).")
PlaytestOptions = _record("PlaytestOptions", PLAYTEST, "Every playtest option, validated (see settings.py).")


def pick(record, values: dict) -> dict:
    """The values (from the project file and the flags) that record takes, with the
    preset's (when one is named) under them."""
    names = {f.name for f in dataclasses.fields(record)}
    return {k: v for k, v in with_preset(values).items() if k in names}
