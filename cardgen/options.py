"""BuildOptions: the validated values of every setting (settings.py declares them).

The record is made from the settings table, so a field exists exactly when a setting
does; constructing one validates every value with the table's validators, whoever
the caller is (the CLI, a test, a library user).
"""
from __future__ import annotations

import dataclasses

from .settings import SETTINGS, check_together, validate


def _post_init(self) -> None:
    for s in SETTINGS:
        object.__setattr__(self, s.name, validate(s.name, getattr(self, s.name)))
    check_together({s.name: getattr(self, s.name) for s in SETTINGS})


def _field(s):
    if callable(s.default):
        return dataclasses.field(default_factory=s.default)
    return dataclasses.field(default=s.default)


BuildOptions = dataclasses.make_dataclass(
    "BuildOptions", [(s.name, object, _field(s)) for s in SETTINGS], frozen=True, kw_only=True,
    namespace={"__post_init__": _post_init, "__doc__": "Every build option, validated (see settings.py).",
               "__module__": __name__})
