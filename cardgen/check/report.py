"""What a check found: violations (file, card, what is wrong, their kind) and a short summary."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

from .kinds import of_module


@dataclass(frozen=True)
class Violation:
    file: str  # relative to the output folder
    card: str  # e.g. "12 (3x4)", or "-" for deck-level problems
    problem: str
    kind: str = ""  # check/kinds.py: the part of the kit the problem is in

    def __str__(self) -> str:
        return f"{self.file}: {self.card}: {self.problem}"


@dataclass
class GameReport:
    game: str
    summary: list = field(default_factory=list)  # lines for a passing report
    violations: list = field(default_factory=list)

    def fail(self, file: str, card: str, problem: str) -> None:
        """Record a violation, of the kind registered for the check module that found it
        (the caller's module), so every kind reported is one the docs list."""
        kind = of_module(sys._getframe(1).f_globals.get("__name__", ""))
        self.violations.append(Violation(file, card, problem, kind.slug))

    @property
    def ok(self) -> bool:
        return not self.violations
