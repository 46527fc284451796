"""Build FourScore: played with the Str8 Eight deck, so only its rule booklet here."""
from __future__ import annotations

from pathlib import Path

from ..options import BuildOptions
from ..theme import Theme
from .deckfiles import Output
from .rulebook import RulesSpec, write_rules
from .str8eight import pictures

GAME = "fourscore"
TITLE = "FourScore"


def build(options: BuildOptions, theme: Theme, game_dir: Path):
    out = Output(game_dir, {"plays_with": "str8eight"})
    if "pdf" in options.formats:
        spec = RulesSpec("fourscore", TITLE, cover=["12", "15", "20", "24"], reference="fourscore-reference")
        write_rules(out, options, theme, GAME, spec, pictures(options, theme))
    return out.record(GAME), out.files, out.timings
