"""Build Str8 Eight: the deck (SVG, PDF, PNG, home-print sheets) and the sequence sheet."""
from __future__ import annotations

from pathlib import Path

from ..layout.paper import papers
from ..model.sizes import card_size
from ..model.str8eight import GAME, TITLE, build_deck, sequence_map
from ..options import BuildOptions
from ..record import AtlasPoster, SequenceSheet, Str8Eight
from ..design.atlas_poster import poster_svg
from ..design.sequence_sheet import sheet_svg
from ..design.str8eight import BACK_NAVY, render_deck
from ..theme import Theme
from .deckfiles import Output, RenderedDeck, card_params, look_for, write_deck, write_page_svgs, write_tuckboxes
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


def pictures(options: BuildOptions, theme: Theme) -> CardPictures:
    """Str8 Eight cards without bleed, for the booklets (Str8 Eight's and FourScore's)."""
    deck = build_deck(options.table_size, max(1, options.pass_cards // 2))  # the booklet shows a pass card
    art = render_deck(deck, look_for(options, theme, card_size(options.card_size)).with_bleed(0.0))
    return CardPictures(art.cards, _resolve, theme.fonts)


def build(options: BuildOptions, theme: Theme, game_dir: Path) -> "tuple[Str8Eight, list[tuple[Path, str, str]], dict]":
    model = build_deck(options.table_size, options.pass_cards // 2)
    size = card_size(options.card_size)
    deck = RenderedDeck(GAME, TITLE, look_for(options, theme, size), lambda look: render_deck(model, look))
    out = Output(game_dir, {"table_size": model.table_size, "pass_cards": len(model.pass_cards),
                            "sequence_length": options.sequence_length, **card_params(size, options)})
    # the booklet shows a pass card even in a deck built without them
    rules = RulesTask(out, options, theme, GAME, RULES,
                      lambda: CardPictures(deck.art.cards, _resolve, theme.fonts) if model.pass_cards
                      else pictures(options, theme))
    write_deck(deck, options, out)

    with out.stage("sequence sheet"):
        sheets = {paper: sheet_svg(sequence_map(model.table_size), paper, theme) for paper in papers(options.paper)}
        out.params["sequence_sheet"] = SequenceSheet(tuple(p.name for p in sheets))
        write_page_svgs(out, sheets, "sequence-sheet", "sequence-sheet", options.formats, SHEET_PNG_DPI, theme)
    with out.stage("atlas"):
        write_atlas(out, model, options, theme)
    write_tuckboxes(out, options, deck.look, GAME, TITLE, len(deck.faces), BACK_NAVY, FOURSCORE_NOTE)
    out.render_pngs(options.jobs, theme)
    rules.join()
    return out.record(GAME), out.files, out.timings


def write_atlas(out: Output, model, options: BuildOptions, theme: Theme) -> None:
    """The sequence atlas: its counts as JSON and a poster page per paper."""
    import json

    from ..model.atlas import atlas
    from ..model.play.playability import playability

    book = atlas(model, options.sequence_length)
    trial = playability(model.table_size, len(model.pass_cards), options.sequence_length)
    name = f"{GAME}-atlas.json"
    data = {**book.to_json(), "trial": {"players": trial.players, "hands": trial.hands, "finished": trial.finished}}
    out.write_text(name, json.dumps(data, indent=1) + "\n", "atlas")
    posters = {paper: poster_svg(book, trial, paper, theme) for paper in papers(options.paper)}
    out.params["atlas"] = AtlasPoster(tuple(p.name for p in posters), name)
    write_page_svgs(out, posters, "atlas", f"{GAME}-atlas", options.formats, SHEET_PNG_DPI, theme)
