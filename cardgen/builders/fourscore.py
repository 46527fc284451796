"""Build FourScore: played with the Str8 Eight deck, so only its rules here, written
for the table size the deck is built with."""
from __future__ import annotations

from pathlib import Path

from ..model.facts import fourscore_facts
from ..options import BuildOptions
from ..theme import Theme
from .deckfiles import Output
from .rulebook import RulesSpec, write_booklets
from .str8eight import pictures

GAME = "fourscore"
TITLE = "FourScore"


def rules_spec(facts) -> RulesSpec:
    """The booklet and aid of this variant: the cover shows the row example and its next card."""
    return RulesSpec("fourscore", TITLE, facts, cover=[str(v) for v in facts.cover], reference="fourscore-reference")


def build(options: BuildOptions, theme: Theme, game_dir: Path, spare_core: bool = False):
    from ..settings import parts_of

    facts = fourscore_facts(options.table_size, options.pass_cards, options.scaffold)
    out = Output(game_dir, {"parts": parts_of(options), "plays_with": "str8eight", "table_size": facts.table_size,
                            "pass_cards": facts.pass_cards})
    if "pdf" in options.formats and out.wants("rules"):
        write_booklets(out, options, theme, GAME, rules_spec(facts), pictures(options, theme))
    return out.record(GAME), out.files, out.timings
