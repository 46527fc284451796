"""What a check found: violations (file, card, what is wrong) and a short summary."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Violation:
    file: str  # relative to the output folder
    card: str  # e.g. "12 (3x4)", or "-" for deck-level problems
    problem: str

    def __str__(self) -> str:
        return f"{self.file}: {self.card}: {self.problem}"


@dataclass
class GameReport:
    game: str
    summary: list = field(default_factory=list)  # lines for a passing report
    violations: list = field(default_factory=list)

    def fail(self, file: str, card: str, problem: str) -> None:
        self.violations.append(Violation(file, card, problem))

    @property
    def ok(self) -> bool:
        return not self.violations
