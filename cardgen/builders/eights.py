"""Build Eric Pederson's Eights: 64 letter cards, a scoring reference card, a back."""
from __future__ import annotations

from pathlib import Path

from ..design.eights import BACK_PLUM, render_deck
from ..model.eights import GAME, HAND_SIZES, TITLE, WORDS, build_deck
from ..model.facts import eights_facts
from ..model.sizes import card_size
from ..options import BuildOptions
from ..theme import Theme
from .deckfiles import Output, RenderedDeck, card_params, card_pdfs_beside, look_for, write_deck, write_tuckboxes
from .rulebook import CardPictures, RulesSpec, RulesTask

def rules_spec() -> RulesSpec:
    facts = eights_facts()
    return RulesSpec("eights", TITLE, facts, cover=list(max(WORDS, key=WORDS.get)), reference="eights-reference",
                     scorepad={"players": max(high for _, high, _ in HAND_SIZES), "hands": 16})


def _resolve(name: str, slugs: list) -> str:
    """'E' -> the first letter card showing E; '3g' -> the G of suit 3; 'back' -> the back."""
    if len(name) == 2 and name[0].isdigit():
        return next((s for s in slugs if s.startswith(f"{name[0]}-") and s.endswith(f"-{name[1].lower()}")), name)
    return next((s for s in slugs if s.endswith(f"-{name.lower()}")), name)


def build(options: BuildOptions, theme: Theme, game_dir: Path, spare_core: bool = False):
    size = card_size(options.card_size)
    model = build_deck()
    out = Output(game_dir, {"letter_cards": len(model), "reference_cards": 1, **card_params(size, options)})
    beside = card_pdfs_beside(out, GAME, options, size, theme.fonts, spare_core)
    deck = RenderedDeck(GAME, TITLE, look_for(options, theme, size), lambda look: render_deck(model, look))
    rules = RulesTask(out, options, theme, GAME, rules_spec(), lambda: CardPictures(deck.art.cards, _resolve, theme.fonts))
    write_deck(deck, options, out, beside)
    write_tuckboxes(out, options, deck, TITLE, BACK_PLUM)
    out.render_pngs(options.jobs, theme)
    rules.join()
    return out.record(GAME), out.files, out.timings
