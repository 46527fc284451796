"""Build Crazy Eights: a 52-card deck (two with --decks 2, each with its own back)."""
from __future__ import annotations

from pathlib import Path

from ..model.crazy_eights import GAME, TITLE
from ..model.sizes import card_size
from ..options import BuildOptions
from ..render.crazy_eights_cards import BACK_GROUNDS, deck_svgs
from .deckfiles import Deck, Output, card_params, write_deck, write_tuckboxes


def build(options: BuildOptions, game_dir: Path):
    size = card_size(options.card_size)
    faces, backs, back_of = deck_svgs(size, options.bleed, options.low_ink, options.decks, options.ace_value)
    out = Output(game_dir, {"decks": options.decks, "ace_value": options.ace_value, **card_params(size, options)})
    write_deck(Deck(GAME, TITLE, faces, backs, back_of), size, options, out)
    write_tuckboxes(out, options, size, GAME, TITLE, 52 * options.decks, BACK_GROUNDS[1])
    return out.params, out.files
