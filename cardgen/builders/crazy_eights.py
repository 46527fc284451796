"""Build Crazy Eights: a 52-card deck (two with --decks 2, each with its own back)."""
from __future__ import annotations

from pathlib import Path

from ..design.crazy_eights import back_color, render_deck
from ..design.kept import holds_deck, kept_deck
from ..model.crazy_eights import GAME, TITLE, build_deck
from ..model.facts import crazy_eights_facts
from ..model.sizes import card_size
from ..options import BuildOptions
from ..record import variant_words
from ..theme import Theme
from .deckfiles import (BoxSpec, Output, RenderedDeck, box_facts, card_params, card_pdfs_beside, deck_title,
                        look_for, write_deck, write_tuckboxes)
from .rulebook import CardPictures, RulesSpec, RulesTask, sheet_aids

FAN = ("A-spades", "8-clubs", "J-diamonds", "Q-spades", "K-hearts")  # the box front's and cover's hand, the king on top


def _rules(decks: int, ace_value: int, box=None, ground: str = "") -> RulesSpec:
    facts = crazy_eights_facts(decks, ace_value)
    return RulesSpec("crazy-eights", TITLE, facts, cover=list(FAN), reference="crazy-eights-reference",
                     scorepad={"players": 6, "hands": 16}, box=box, ground=ground)


def _resolve(name: str, slugs: list) -> str:
    """'8-hearts' -> deck 1's eight of hearts; 'back' -> deck 1's back."""
    if name == "back":
        return next((s for s in slugs if s.startswith("back")), name)
    rank, _, suit = name.partition("-")
    return f"1-{suit}-{rank}"


def build(options: BuildOptions, theme: Theme, game_dir: Path, spare_core: bool = False):
    from ..documents.boxtext import box_text
    from ..model.package import crazy_eights_package

    size = card_size(options.card_size)
    model = build_deck(options.decks, options.ace_value)
    facts = crazy_eights_facts(options.decks, options.ace_value)
    ground = back_color(theme.tokens, 1)
    params = {"decks": options.decks, "ace_value": options.ace_value, **card_params(size, options)}
    out = Output(game_dir, params, name=TITLE, variant=variant_words(GAME, params))
    look = look_for(options, theme, size)
    beside = card_pdfs_beside(out, GAME, options, size, theme.fonts, spare_core,
                              lambda: holds_deck(render_deck, model, look))
    deck = RenderedDeck(GAME, deck_title(facts), look, lambda look: kept_deck(render_deck, model, look))
    words = box_text(GAME, box_facts(facts, crazy_eights_package(options.decks), deck.faces, options, theme,
                                     decks=options.decks)) if out.wants_box_words() else None
    spec = _rules(options.decks, options.ace_value, words, ground)
    rules = RulesTask(out, options, theme, GAME, spec,
                      lambda: CardPictures(deck.art.cards, _resolve, theme.fonts))
    aids = sheet_aids(out, options, theme, spec, CardPictures(deck.art.cards, _resolve, theme.fonts))
    write_deck(deck, options, out, beside, aids)
    write_tuckboxes(out, options, deck, TITLE, ground,
                    BoxSpec(words, tuple(_resolve(name, []) for name in FAN), facts.edition))
    out.render_pngs(options.jobs, theme)
    rules.join()
    return out.record(GAME), out.files, out.timings
