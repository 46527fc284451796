"""Build FourScore: played with the Str8 Eight deck, so only its rules here, written
for the table size the deck is built with."""
from __future__ import annotations

from pathlib import Path

from ..model.facts import fourscore_facts
from ..options import BuildOptions
from ..record import variant_words
from ..theme import Theme
from .deckfiles import Output
from .rulebook import RulesSpec, fourscore_rides, fourscore_spec, kept_booklets
from .str8eight import pictures, write_designer_notes

GAME = "fourscore"
TITLE = "FourScore"


def rules_spec(facts, box=None, ground: str = "") -> RulesSpec:
    """The booklet and aid of this variant (rulebook.fourscore_spec)."""
    return fourscore_spec(facts, box, ground)


def build(options: BuildOptions, theme: Theme, game_dir: Path, spare_core: bool = False):
    from ..settings import parts_of

    facts = fourscore_facts(options.table_size, options.pass_cards, options.scaffold)
    params = {"parts": parts_of(options), "plays_with": "str8eight", "table_size": facts.table_size,
              "pass_cards": facts.pass_cards}
    out = Output(game_dir, params, name=TITLE, variant=variant_words(GAME, params))
    if "pdf" in options.formats and out.wants("rules"):
        from ..documents.boxtext import box_text
        from ..model.package import fourscore_package
        from .deckfiles import box_facts

        words = box_text(GAME, box_facts(facts, fourscore_package(facts), [], options, theme))
        from dataclasses import replace

        spec = replace(rules_spec(facts, words, theme.tokens.color("str8eight.back")),
                       aid_sheet=not fourscore_rides(options))  # else its aid cards are on the Str8 Eight sheets
        kept_booklets(out, options, theme, GAME, spec,
                       lambda options_: pictures(options_, theme))  # drawn only when the booklets are
    if out.wants("rules"):
        write_designer_notes(out, GAME, facts)
    return out.record(GAME), out.files, out.timings
