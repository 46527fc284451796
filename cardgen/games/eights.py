"""Build Eric Pederson's Eights: 64 letter cards, a scoring reference card, a back."""
from __future__ import annotations

from pathlib import Path

from ..model.eights import GAME, TITLE
from ..model.sizes import card_size
from ..options import BuildOptions
from ..render.eights_cards import BACK_PLUM, deck_svgs
from .deckfiles import Deck, Output, card_params, write_deck, write_tuckboxes


def build(options: BuildOptions, game_dir: Path):
    size = card_size(options.card_size)
    faces, back = deck_svgs(size, options.bleed, options.low_ink)
    out = Output(game_dir, {"letter_cards": 64, "reference_cards": 1, **card_params(size, options)})
    write_deck(Deck(GAME, TITLE, faces, [back]), size, options, out)
    write_tuckboxes(out, options, size, GAME, TITLE, 64, BACK_PLUM)
    return out.params, out.files
