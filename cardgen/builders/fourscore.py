"""Build FourScore: played with the Str8 Eight deck, so only its rule booklet here."""
from __future__ import annotations

from pathlib import Path

from ..options import BuildOptions
from ..theme import Theme
from .deckfiles import Output
from .rulebook import RulesSpec, write_booklets
from .str8eight import pictures

GAME = "fourscore"
TITLE = "FourScore"


def build(options: BuildOptions, theme: Theme, game_dir: Path, spare_core: bool = False):
    from ..settings import parts_of

    out = Output(game_dir, {"parts": parts_of(options), "plays_with": "str8eight"})
    if "pdf" in options.formats and out.wants("rules"):
        write_booklets(out, options, theme, GAME, RulesSpec("fourscore", TITLE, cover=["12", "15", "20", "24"]),
                       pictures(options, theme))
    return out.record(GAME), out.files, out.timings
