"""Build Str8 Eight: the deck (SVG, PDF, PNG, home-print sheets), the sequence sheet, and
the rules, whose every number comes from the variant's facts (model/facts.py)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from ..layout.paper import papers
from ..model.sizes import card_size
from ..model.facts import Str8EightFacts, str8eight_facts
from ..model.str8eight import GAME, TITLE, build_deck, sequence_map
from ..options import BuildOptions
from ..record import AtlasPoster, SequenceSheet, Str8Eight, TeacherPages, variant_words
from ..design.atlas_poster import poster_svg
from ..design.sequence_sheet import sheet_svg
from ..design.str8eight import render_deck
from ..design.kept import holds_deck, kept_deck
from ..theme import Theme
from .deckfiles import (BoxSpec, Output, RenderedDeck, box_facts, card_params, card_pdfs_beside, deck_title,
                        look_for, write_deck, write_page_svgs, write_tuckboxes)
from .rulebook import CardPictures, RulesSpec, RulesTask, fourscore_rides, fourscore_spec, sheet_aids

SHEET_PNG_DPI = 200


def fan_cards(facts: Str8EightFacts) -> list:
    """The box front's and the cover's cards, as a hand is fanned: a pass card when the deck
    has them at the back, then the start of the worked sequence (a legal one), its last
    card on top, whole."""
    return (["pass-left"] if facts.pass_cards else []) + [str(v) for v in facts.cover]


def box_words(facts: Str8EightFacts, faces, options: BuildOptions, theme: Theme):
    """The box and cover words of this variant: players from the facts, a hand's time from
    the trial hands the build plays anyway (check_playable), FourScore named when this
    table can deal it."""
    from ..documents.boxtext import box_text
    from ..model.facts import check_fourscore_playable, fourscore_facts
    from ..model.package import fourscore_package, str8eight_package
    from ..model.play.playability import playability

    trial = playability(facts.table_size, facts.pass_cards, facts.sequence_length)
    also = None if check_fourscore_playable(facts.table_size) else fourscore_package(
        fourscore_facts(facts.table_size, facts.pass_cards, trial=False))
    return box_text(GAME, box_facts(facts, str8eight_package(facts, trial), faces, options, theme, also))


def rules_spec(facts: Str8EightFacts, box=None, ground: str = "") -> RulesSpec:
    """The booklet, aid, pad and tournament sheet of this variant; box: its box words, for the cover."""
    return RulesSpec(
        "str8eight", TITLE, facts, cover=fan_cards(facts), reference="str8eight-reference",
        scorepad={"players": facts.players[1], "hands": 16}, tournament=facts.tournament, box=box, ground=ground)


def _resolve(name: str, slugs: list) -> str:
    """'12' -> the first 12 in deck order; 'pass-left' -> the first pass-left card."""
    if name.isdigit():
        return next((s for s in slugs if s.startswith(f"{int(name):03d}-")), name)
    return next((s for s in slugs if s.startswith(f"{name}-")), name)


def pictures(options: BuildOptions, theme: Theme) -> CardPictures:
    """Str8 Eight cards without bleed, for the booklets (Str8 Eight's and FourScore's)."""
    deck = build_deck(options.table_size, options.pass_cards // 2)
    art = kept_deck(render_deck, deck, look_for(options, theme, card_size(options.card_size)).with_bleed(0.0))
    return CardPictures(art.cards, _resolve, theme.fonts)


def build(options: BuildOptions, theme: Theme, game_dir: Path,
          spare_core: bool = False) -> "tuple[Str8Eight, list[tuple[Path, str, str]], dict]":
    model = build_deck(options.table_size, options.pass_cards // 2)
    facts = str8eight_facts(options.table_size, options.pass_cards, options.sequence_length or None,
                            options.scaffold, options.large_print)
    if options.large_print_sets:  # the shared booklets name the class sets printed large
        facts = dataclasses.replace(facts, large_print_sets=tuple(options.large_print_sets))
    size = card_size(options.card_size)
    params = {"table_size": model.table_size, "pass_cards": len(model.pass_cards),
              "sequence_length": facts.sequence_length, "scaffold": options.scaffold,
              "large_print": options.large_print, **card_params(size, options)}
    out = Output(game_dir, params, name=TITLE, variant=variant_words(GAME, params))
    look = look_for(options, theme, size)
    beside = card_pdfs_beside(out, GAME, options, size, theme.fonts, spare_core,
                              lambda: holds_deck(render_deck, model, look))
    deck = RenderedDeck(GAME, deck_title(facts), look, lambda look: kept_deck(render_deck, model, look))
    teacher = (lambda out_: write_teacher_pages(out_, options, theme, facts)) \
        if "pdf" in options.formats and out.wants("teacher") else None
    words = box_words(facts, deck.faces, options, theme) if out.wants_box_words() else None
    spec = rules_spec(facts, words, theme.tokens.color("str8eight.back"))
    rules = RulesTask(out, options, theme, GAME, spec, lambda: CardPictures(deck.art.cards, _resolve, theme.fonts),
                      side=teacher)
    shown = CardPictures(deck.art.cards, _resolve, theme.fonts)
    aids = sheet_aids(out, options, theme, spec, shown)
    if aids and fourscore_rides(options):  # FourScore plays with this deck: its aids go in the same box
        from ..model.facts import fourscore_facts

        four = fourscore_facts(options.table_size, options.pass_cards, options.scaffold)
        aids += sheet_aids(out, options, theme, fourscore_spec(four, None, spec.ground), shown)
    write_deck(deck, options, out, beside, aids)
    if out.wants("rules"):
        write_designer_notes(out, GAME, facts)

    if out.wants("sheet"):  # the sequence sheet, and the atlas poster of the same sequences
        with out.stage("sequence sheet"):
            sheets = {paper: sheet_svg(sequence_map(model.table_size), paper, theme,
                                               options.scaffold) for paper in papers(options.paper)}
            out.params["sequence_sheet"] = SequenceSheet(tuple(p.name for p in sheets))
            write_page_svgs(out, sheets, "sequence-sheet", "sequence-sheet", options.formats, SHEET_PNG_DPI, theme,
                            printer=options)
        with out.stage("atlas"):
            write_atlas(out, model, facts.sequence_length, options, theme)
    slugs = [face.slug for face in deck.faces]
    write_tuckboxes(out, options, deck, TITLE, theme.tokens.color("str8eight.back"),
                    BoxSpec(words, tuple(_resolve(name, slugs) for name in fan_cards(facts)), facts.edition))
    out.render_pngs(options.jobs, theme)
    rules.join()
    return out.record(GAME), out.files, out.timings


def write_designer_notes(out: Output, game: str, facts) -> None:
    """designer-notes.md: what computer play of the variant showed (templates/rules/
    <game>-designer.md), for designers; kept out of the booklets (internalwords.py)."""
    from ..documents.ruletext import render
    from ..internalwords import DESIGNER_NOTES

    out.write_text(DESIGNER_NOTES, render(f"{game}-designer", facts), "designer-notes")


def write_teacher_pages(out: Output, options: BuildOptions, theme: Theme, facts: Str8EightFacts) -> None:
    """The lesson plan, recording sheet, answer key and fact coverage of this deck, one
    PDF per paper; their words follow the built variant (model/teacher.py). Written in
    the booklet's process when there is one (it finishes before the cards do)."""
    from ..design.setmark import set_letter, set_shape
    from ..documents.teacher import write_teacher
    from ..draw.fonts import register_reportlab_fonts
    from ..model.teacher import teacher_facts

    names, pages = [], 0
    with out.stage("teacher pages"):
        fonts = register_reportlab_fonts(theme.fonts)
        facts = teacher_facts(options.table_size, options.pass_cards, options.sequence_length or None,
                              scaffold=options.scaffold, sets=options.sets, large_print=options.large_print,
                              preset=options.preset, game=facts,
                              marks=tuple((set_letter(i), set_shape(i)) for i in range(options.sets)),
                              large_print_sets=tuple(options.large_print_sets))
        for paper in papers(options.paper):
            path = out.game_dir / f"{GAME}-teacher-{paper.name}.pdf"
            pages = write_teacher(path, paper, facts, fonts, out.meta("teacher", paper.name), theme.tokens)
            out.add(path, "teacher", "pdf")
            names.append(path.name)
    out.params["teacher"] = TeacherPages(tuple(names), pages)


def write_atlas(out: Output, model, length: int, options: BuildOptions, theme: Theme) -> None:
    """The sequence atlas: its counts as JSON and a poster page per paper."""
    import json

    from ..model.atlas import atlas
    from ..model.play.playability import playability

    book = atlas(model, length)
    trial = playability(model.table_size, len(model.pass_cards), length)
    name = f"{GAME}-atlas.json"
    data = {**book.to_json(), "trial": {"players": trial.players, "hands": trial.hands, "finished": trial.finished}}
    out.write_text(name, json.dumps(data, indent=1) + "\n", "atlas")
    posters = {paper: poster_svg(book, trial, paper, theme, options.scaffold) for paper in papers(options.paper)}
    out.params["atlas"] = AtlasPoster(tuple(p.name for p in posters), name)
    write_page_svgs(out, posters, "atlas", f"{GAME}-atlas", options.formats, SHEET_PNG_DPI, theme)
