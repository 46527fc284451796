"""The design system as data: templates/design/tokens.toml, loaded and checked once.

Every design reads its colors, type sizes, spacing, radii and stroke weights from a
Tokens value by name ("color.ink", "type.body", "space.s"), never from a constant of
its own; the Theme (theme.py) carries one, so a theme changes the look by overriding
tokens and by nothing else. The shipped file fixes the names and their kinds: an
override must name a token that exists and give it a value of the same kind.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Mapping

from .errors import CardgenError

FILE = ("design", "tokens.toml")  # inside cardgen.templates
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
PT_MM = 25.4 / 72
GROUPS = 12  # one color and one shape per group, ×1 … ×12 (the largest table)
# the kind of every token, by its top-level section
SIZES = {"type": "points", "space": "mm", "radius": "mm", "stroke": "mm"}


def _flatten(table: Mapping, prefix: str = "") -> Iterable:
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            yield from _flatten(value, name + ".")
        else:
            yield name, value


def _kind(name: str) -> str:
    """What a token holds: "color", "colors", "shapes" or a unit of SIZES."""
    section = name.split(".", 1)[0]
    if section == "color":
        return "color"
    if section == "group":
        return {"group.colors": "colors", "group.shapes": "shapes"}.get(name, "?")
    return SIZES.get(section, "?")


def _problem(name: str, value) -> "str | None":
    """Why value cannot be token name, or None."""
    kind = _kind(name)
    if kind == "color":
        return None if isinstance(value, str) and HEX.match(value) else f"{value!r} is not \"#rrggbb\""
    if kind == "colors":
        if not isinstance(value, (list, tuple)) or not all(isinstance(c, str) and HEX.match(c) for c in value):
            return "must be a list of \"#rrggbb\" colors"
        if len(value) != GROUPS or len({c.lower() for c in value}) != GROUPS:
            return f"must list {GROUPS} different colors, one per group"
        return None
    if kind == "shapes":
        from .design.palette import SHAPE_NAMES

        if not isinstance(value, (list, tuple)) or len(value) != GROUPS or len(set(value)) != GROUPS \
                or not set(value) <= SHAPE_NAMES:
            return f"must list {GROUPS} different shapes from {', '.join(sorted(SHAPE_NAMES))}"
        return None
    if kind in ("points", "mm"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 1000:
            return f"{value!r} is not a positive size in {kind}"
        return None
    return "is not a token section (color, group, type, space, radius, stroke)"


@dataclass(frozen=True)
class Tokens:
    """Named design values; items are (name, value) pairs, sorted, values immutable."""

    items: tuple
    _map: dict = field(default=None, compare=False, hash=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "_map", dict(self.items))

    def __getitem__(self, name: str):
        try:
            return self._map[name]
        except KeyError:
            raise KeyError(f"no design token {name!r} (templates/design/tokens.toml)") from None

    def __contains__(self, name: str) -> bool:
        return name in self._map

    def names(self) -> list:
        return [name for name, _ in self.items]

    def color(self, name: str) -> str:
        """A color by its name under [color]: "ink", "str8eight.back"."""
        return self["color." + name]

    def pt(self, name: str) -> float:
        """A type size in points, by its name under [type]."""
        return float(self["type." + name])

    def type_mm(self, name: str) -> float:
        """A type size in millimetres (SVG user units), by its name under [type]."""
        return self.pt(name) * PT_MM

    def mm(self, name: str) -> float:
        """A length in millimetres: "space.s", "radius.tag", "stroke.thin"."""
        if _kind(name) != "mm":
            raise KeyError(f"{name!r} is not a length token")
        return float(self[name])

    @property
    def group_colors(self) -> tuple:
        return self["group.colors"]

    @property
    def group_shapes(self) -> tuple:
        return self["group.shapes"]

    def override(self, changes: Mapping, where: str = "theme") -> "Tokens":
        """These tokens with some values replaced; a name that does not exist, or a value
        of another kind, is refused with a one-line error naming it."""
        merged = dict(self._map)
        for name, value in changes.items():
            if name not in merged:
                close = [n for n in merged if n.split(".")[-1] == name.split(".")[-1]]
                hint = f": did you mean {close[0]!r}?" if close else ""
                raise CardgenError(f"{where}: no design token {name!r}{hint}")
            problem = _problem(name, value)
            if problem:
                raise CardgenError(f"{where}: token {name!r} {problem}")
            merged[name] = _frozen(value)
        return _checked(merged, where)


def _frozen(value):
    return tuple(value) if isinstance(value, list) else value


def _checked(values: dict, where: str) -> Tokens:
    """Every token valid, and the type scale sane: nothing under type.min, and the
    running-text sizes not under type.body_min."""
    for name, value in values.items():
        problem = _problem(name, value)
        if problem:
            raise CardgenError(f"{where}: token {name!r} {problem}")
    small = [n for n, v in values.items() if _kind(n) == "points" and v < values["type.min"]]
    if small:
        raise CardgenError(f"{where}: {', '.join(small)} under type.min ({values['type.min']:g} pt)")
    body = [n for n in ("type.body", "type.caption", "type.lead") if values[n] < values["type.body_min"]]
    if body:
        raise CardgenError(f"{where}: {', '.join(body)} under type.body_min ({values['type.body_min']:g} pt)")
    return Tokens(tuple(sorted(values.items())))


def parse(text: str, where: str = FILE[-1]) -> Tokens:
    """Tokens from the text of a tokens file (the shipped one, or a test's)."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardgenError(f"{where}: {exc}") from None
    return _checked({name: _frozen(value) for name, value in _flatten(table)}, where)


@lru_cache(maxsize=1)
def default_tokens() -> Tokens:
    """The shipped design system, read once per process."""
    from . import paths

    path = paths.folder("cardgen.templates").joinpath(*FILE)
    return parse(path.read_text(encoding="utf-8"), "templates/" + "/".join(FILE))
