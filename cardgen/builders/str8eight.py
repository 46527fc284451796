"""Build Str8 Eight: the deck (SVG, PDF, PNG, home-print sheets) and the sequence sheet."""
from __future__ import annotations

from pathlib import Path

from ..layout.paper import papers
from ..model.sizes import card_size
from ..model.str8eight import GAME, TITLE, build_deck, sequence_map
from ..options import BuildOptions
from ..record import SequenceSheet, Str8Eight
from ..design.sequence_sheet import sheet_svg
from ..design.str8eight import deck_svgs
from ..design.str8eight import BACK_NAVY
from .deckfiles import Output, RenderedDeck, card_params, write_deck, write_page_svgs, write_tuckboxes
from .rulebook import CardPictures, RulesSpec, RulesTask

SHEET_PNG_DPI = 200
# FourScore is played with this deck, and its rules use the box to mark who leads
FOURSCORE_NOTE = ("Playing FourScore? This box marks the first\n"
                  "player: set it before the player left of the\n"
                  "dealer, and hand it on as the rules say.")


RULES = RulesSpec(
    "str8eight", TITLE, cover=["1", "6", "12", "24", "pass-left"], reference="str8eight-reference",
    scorepad={"lines": ["First to 1,000 points wins a two-player game; first to 500 with three or four players.",
                        "Each hand: the winner scores their eight cards; everyone else scores their sequence "
                        "minus the cards in hand (a pass card in hand costs 50)."],
              "players": 4, "hands": 16},
    tournament=True)


def _resolve(name: str, slugs: list) -> str:
    """'12' -> the first 12 in deck order; 'pass-left' -> the first pass-left card."""
    if name.isdigit():
        return next((s for s in slugs if s.startswith(f"{int(name):03d}-")), name)
    return next((s for s in slugs if s.startswith(f"{name}-")), name)


def pictures(options: BuildOptions) -> CardPictures:
    """Str8 Eight cards without bleed, for the booklets (Str8 Eight's and FourScore's)."""
    deck = build_deck(options.table_size, max(1, options.pass_cards // 2))  # the booklet shows a pass card
    return CardPictures(deck_svgs(deck, card_size(options.card_size), 0.0, options.low_ink), _resolve)


def build(options: BuildOptions, game_dir: Path) -> "tuple[Str8Eight, list[tuple[Path, str, str]], dict]":
    deck = build_deck(options.table_size, options.pass_cards // 2)
    size = card_size(options.card_size)
    cards = deck_svgs(deck, size, options.bleed, options.low_ink)
    out = Output(game_dir, {"table_size": deck.table_size, "pass_cards": len(deck.pass_cards),
                            **card_params(size, options)})
    # the booklet shows a pass card even in a deck built without them
    rules = RulesTask(out, options, GAME, RULES,
                      lambda: CardPictures(cards, _resolve) if deck.pass_cards else pictures(options))
    def rerender(bleed: float):
        again = deck_svgs(deck, size, bleed, options.low_ink)
        return again[:-1], again[-1:]

    write_deck(RenderedDeck(GAME, TITLE, cards[:-1], cards[-1:], rerender=rerender), size, options, out)

    with out.stage("sequence sheet"):
        sheets = {paper: sheet_svg(sequence_map(deck.table_size), paper) for paper in papers(options.paper)}
        out.params["sequence_sheet"] = SequenceSheet(tuple(p.name for p in sheets))
        write_page_svgs(out, sheets, "sequence-sheet", "sequence-sheet", options.formats, SHEET_PNG_DPI)
    write_tuckboxes(out, options, size, GAME, TITLE, len(cards) - 1, BACK_NAVY, FOURSCORE_NOTE)
    out.render_pngs(options.jobs)
    rules.join()
    return out.record(GAME), out.files, out.timings
