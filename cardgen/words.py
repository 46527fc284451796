"""Counts in words that agree in number ("1 deck", "2 decks"): one helper for the rule
texts, the command line's messages, the checker's lines and the files' titles.
Standard library only, so the checker and the build record may use it."""
from __future__ import annotations


def plural(n: int, one: str, many: str = "") -> str:
    """"1 card", "3 cards", "1,000 hands": the count and the noun that agrees with it."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"
