"""What a table offers and refuses: a legal move as the person sees it, the pause at the
person's decision, and the one-line error naming the field at fault (table.py)."""
from __future__ import annotations

from dataclasses import dataclass


class TableError(ValueError):
    """A request the table refuses, in one line naming the fix; field: the option or "move" at fault."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


class _Pause(Exception):
    """The person must decide: the engine stops here (kind: what is asked; moves: the Moves offered)."""

    def __init__(self, kind: str, prompt: str, moves: list):
        super().__init__(kind)
        self.kind, self.prompt, self.moves = kind, prompt, moves


@dataclass
class Move:
    """One legal move offered to the person: its id (what play() takes), words for it, the
    engine's answer behind it (never shown), the card it moves and why it may be played."""

    id: str
    label: str
    answer: object = None
    card: "dict | None" = None
    hint: "str | None" = None
    kind: str = ""

    def public(self) -> dict:
        out = {"id": self.id, "kind": self.kind or self.id.split(":")[0], "label": self.label}
        if self.card is not None:
            out["card"] = self.card
        if self.hint:
            out["hint"] = self.hint
        return out
