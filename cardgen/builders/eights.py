"""Build Eric Pederson's Eights: 64 letter cards, a scoring reference card, a back."""
from __future__ import annotations

from pathlib import Path

from ..model.eights import GAME, TITLE
from ..model.sizes import card_size
from ..options import BuildOptions
from ..design.eights import BACK_PLUM, deck_svgs
from .deckfiles import Output, RenderedDeck, card_params, write_deck, write_tuckboxes
from .rulebook import CardPictures, RulesSpec, RulesTask

RULES = RulesSpec(
    "eights", TITLE, cover=["E", "I", "G", "H", "T"], reference="eights-reference",
    scorepad={"lines": ["Each word scores the number it spells: ONE 1 … EIGHT 8.",
                        "Game: 50 points with 2–3 players, 30 points with 4 or more."],
              "players": 6, "hands": 16})


def _resolve(name: str, slugs: list) -> str:
    """'E' -> the first letter card showing E."""
    return next((s for s in slugs if s.endswith(f"-{name.lower()}")), name)


def build(options: BuildOptions, game_dir: Path):
    size = card_size(options.card_size)
    faces, back = deck_svgs(size, options.bleed, options.low_ink)
    out = Output(game_dir, {"letter_cards": 64, "reference_cards": 1, **card_params(size, options)})
    rules = RulesTask(out, options, GAME, RULES, lambda: CardPictures(faces, _resolve))
    def rerender(bleed: float):
        again, again_back = deck_svgs(size, bleed, options.low_ink)
        return again, [again_back]

    write_deck(RenderedDeck(GAME, TITLE, faces, [back], rerender=rerender), size, options, out)
    write_tuckboxes(out, options, size, GAME, TITLE, 64, BACK_PLUM)
    out.render_pngs(options.jobs)
    rules.join()
    return out.record(GAME), out.files, out.timings
