"""Build Crazy Eights: a 52-card deck (two with --decks 2, each with its own back)."""
from __future__ import annotations

from pathlib import Path

from ..design.crazy_eights import BACK_GROUNDS, render_deck
from ..model.crazy_eights import GAME, TITLE, build_deck
from ..model.facts import crazy_eights_facts
from ..model.sizes import card_size
from ..options import BuildOptions
from ..theme import Theme
from .deckfiles import (Output, RenderedDeck, card_params, card_pdfs_beside, deck_title, look_for, write_deck,
                        write_tuckboxes)
from .rulebook import CardPictures, RulesSpec, RulesTask


def _rules(decks: int, ace_value: int) -> RulesSpec:
    facts = crazy_eights_facts(decks, ace_value)
    return RulesSpec("crazy-eights", TITLE, facts, cover=["8-hearts", "8-spades", "8-diamonds", "8-clubs"],
                     reference="crazy-eights-reference", scorepad={"players": 6, "hands": 16})


def _resolve(name: str, slugs: list) -> str:
    """'8-hearts' -> deck 1's eight of hearts; 'back' -> deck 1's back."""
    if name == "back":
        return next((s for s in slugs if s.startswith("back")), name)
    rank, _, suit = name.partition("-")
    return f"1-{suit}-{rank}"


def build(options: BuildOptions, theme: Theme, game_dir: Path, spare_core: bool = False):
    size = card_size(options.card_size)
    model = build_deck(options.decks, options.ace_value)
    spec = _rules(options.decks, options.ace_value)
    out = Output(game_dir, {"decks": options.decks, "ace_value": options.ace_value, **card_params(size, options)})
    beside = card_pdfs_beside(out, GAME, options, size, theme.fonts, spare_core)
    deck = RenderedDeck(GAME, deck_title(spec.facts), look_for(options, theme, size), lambda look: render_deck(model, look))
    rules = RulesTask(out, options, theme, GAME, spec,
                      lambda: CardPictures(deck.art.cards, _resolve, theme.fonts))
    write_deck(deck, options, out, beside)
    write_tuckboxes(out, options, deck, TITLE, BACK_GROUNDS[1], edition=spec.facts.edition)
    out.render_pngs(options.jobs, theme)
    rules.join()
    return out.record(GAME), out.files, out.timings
