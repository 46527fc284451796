"""Build Eric Pederson's Eights: 64 letter cards, a scoring reference card, a back."""
from __future__ import annotations

from pathlib import Path

from ..design.eights import render_deck
from ..design.kept import holds_deck, kept_deck
from ..model.eights import GAME, HAND_SIZES, TITLE, WORDS, build_deck
from ..model.facts import eights_facts
from ..model.sizes import card_size
from ..options import BuildOptions
from ..record import variant_words
from ..theme import Theme
from .deckfiles import (BoxSpec, Output, RenderedDeck, box_facts, card_params, card_pdfs_beside, look_for,
                        write_deck, write_tuckboxes)
from .rulebook import CardPictures, RulesSpec, RulesTask, sheet_aids


def fan_cards() -> list:
    """The box front's and the cover's cards: the letters of the best word."""
    return list(max(WORDS, key=WORDS.get))


def rules_spec(box=None, ground: str = "") -> RulesSpec:
    facts = eights_facts()
    return RulesSpec("eights", TITLE, facts, cover=fan_cards(), reference="eights-reference",
                     scorepad={"players": max(high for _, high, _ in HAND_SIZES), "hands": 16}, box=box,
                     ground=ground)


def _resolve(name: str, slugs: list) -> str:
    """'E' -> the first letter card showing E; '3g' -> the G of suit 3; 'back' -> the back."""
    if len(name) == 2 and name[0].isdigit():
        return next((s for s in slugs if s.startswith(f"{name[0]}-") and s.endswith(f"-{name[1].lower()}")), name)
    return next((s for s in slugs if s.endswith(f"-{name.lower()}")), name)


def build(options: BuildOptions, theme: Theme, game_dir: Path, spare_core: bool = False):
    size = card_size(options.card_size)
    model = build_deck()
    params = {"letter_cards": len(model), "reference_cards": 1, **card_params(size, options)}
    out = Output(game_dir, params, name=TITLE, variant=variant_words(GAME, params))
    look = look_for(options, theme, size)
    beside = card_pdfs_beside(out, GAME, options, size, theme.fonts, spare_core,
                              lambda: holds_deck(render_deck, model, look))
    deck = RenderedDeck(GAME, TITLE, look, lambda look: kept_deck(render_deck, model, look))
    from ..documents.boxtext import box_text
    from ..model.package import eights_package

    words = box_text(GAME, box_facts(eights_facts(), eights_package(), deck.faces, options, theme)) \
        if out.wants_box_words() else None
    spec = rules_spec(words, theme.tokens.color("eights.back"))
    rules = RulesTask(out, options, theme, GAME, spec, lambda: CardPictures(deck.art.cards, _resolve, theme.fonts))
    aids = sheet_aids(out, options, theme, spec, CardPictures(deck.art.cards, _resolve, theme.fonts))
    write_deck(deck, options, out, beside, aids)
    slugs = [face.slug for face in deck.faces]
    write_tuckboxes(out, options, deck, TITLE, theme.tokens.color("eights.back"),
                    BoxSpec(words, tuple(_resolve(name, slugs) for name in fan_cards())))
    out.render_pngs(options.jobs, theme)
    rules.join()
    return out.record(GAME), out.files, out.timings
