"""Card names for `--cards`: the words a person uses for the cards to reprint.

Every card answers to its file name in svg/ (without .svg) and to the short names its
game gives it (Str8 Eight: "12", "3x4", "pass-left"; Eights: "e", "3-e", "reference";
Crazy Eights: "8-hearts"). A short name that fits several cards picks them in deck
order, one more each time it is repeated (and starts over when all were picked), so
"12,12" reprints two different 12s.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from ..errors import CardgenError


def str8eight_names(slug: str) -> tuple:
    """012-3x4 -> 12, 3x4; pass-left-2 -> pass-left."""
    m = re.fullmatch(r"(\d+)-(\d+x\d+)", slug)
    if m:
        return (slug, str(int(m.group(1))), m.group(2))
    m = re.fullmatch(r"(pass-(?:left|right))-\d+", slug)
    return (slug, m.group(1)) if m else (slug,)


def eights_names(slug: str) -> tuple:
    """3-2-e -> e, 3-e."""
    m = re.fullmatch(r"(\d+)-\d+-([a-z])", slug)
    return (slug, m.group(2), f"{m.group(1)}-{m.group(2)}") if m else (slug,)


def crazy_eights_names(slug: str) -> tuple:
    """1-hearts-8 -> 8-hearts (deck 1's first, then deck 2's)."""
    m = re.fullmatch(r"\d+-([a-z]+)-([0-9a-zA-Z]+)", slug)
    return (slug, f"{m.group(2).lower()}-{m.group(1)}") if m else (slug,)


NAMING = {
    "str8eight": (str8eight_names, "a value (12: its copies in turn), a cell (3x4), pass-left, pass-right, "
                                   "or a file name in svg/ (012-3x4)"),
    "eights": (eights_names, "a letter (e: its cards in turn), a suit and letter (3-e), reference, "
                             "or a file name in svg/ (3-2-e)"),
    "crazy-eights": (crazy_eights_names, "a rank and suit (8-hearts, q-spades, a-clubs; deck 2's after deck 1's), "
                                         "or a file name in svg/ (2-hearts-8)"),
}


def resolve(game: str, title: str, names: "tuple[str, ...]", slugs: "list[str]") -> "tuple[int, ...]":
    """The deck index of each named card, in the order named; one line naming the first
    unknown name and how this game's cards are named."""
    aliases: Callable[[str], tuple] = NAMING[game][0]
    known = [{a.lower() for a in aliases(s)} for s in slugs]
    used: Counter = Counter()
    chosen = []
    for name in names:
        matches = [i for i, names_of in enumerate(known) if name in names_of]
        if not matches:
            raise CardgenError(f"{title} has no card {name!r}: name each card by {NAMING[game][1]}, "
                               "comma-separated")
        chosen.append(matches[used[name] % len(matches)])
        used[name] += 1
    return tuple(chosen)
