"""The builders: for each game, which files to write in which formats (the rules live in model/).

Modules are imported only when a game is built or checked, so the CLI starts fast.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..errors import CardgenError


@dataclass(frozen=True)
class Game:
    name: str  # folder under <out>/ and the --game value
    title: str
    builder: str  # module with build(options, game_dir) -> (params, files)
    checker: str  # module with check(game_dir, params) -> GameReport
    has_deck: bool = True  # False: rules only (built last when games share the cores)

    def build_module(self):
        return importlib.import_module(self.builder)

    def check_module(self):
        return importlib.import_module(self.checker)


GAMES = {
    "str8eight": Game("str8eight", "Str8 Eight", "cardgen.builders.str8eight", "cardgen.check.str8eight"),
    "fourscore": Game("fourscore", "FourScore", "cardgen.builders.fourscore", "cardgen.check.fourscore",
                      has_deck=False),
    "eights": Game("eights", "Eights", "cardgen.builders.eights", "cardgen.check.eights"),
    "crazy-eights": Game("crazy-eights", "Crazy Eights", "cardgen.builders.crazy_eights", "cardgen.check.crazy_eights"),
}


def select(names: "tuple[str, ...] | list[str]") -> list[Game]:
    """The games to build, in registry order; every game when none is named."""
    if not names:
        return list(GAMES.values())
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        raise CardgenError(f"unknown game {unknown[0]!r}: choose from {', '.join(GAMES)}")
    return [g for g in GAMES.values() if g.name in names]
