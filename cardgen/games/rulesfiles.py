"""Write a game's printed rules: the booklet in reading order, the same pages imposed
for saddle stitching, the one-page player aid and the score pads.

Booklet pages are A5 with --paper a4 and half-letter with --paper letter (the first
paper named); fold sheets are A4 or Letter landscape, one file per paper.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from ..layout.paper import papers
from ..options import BuildOptions
from .deckfiles import Output

CARD_PICTURE_DPI = 150  # pictures print 14–30 mm wide: 150 DPI of a whole card is 300+ DPI there


@dataclass
class RulesSpec:
    booklet: str  # rule text name under templates/rules/
    title: str
    cover: list = field(default_factory=list)  # card names for the title page picture
    reference: "str | None" = None  # player aid rule text
    scorepad: "dict | None" = None  # {"lines": [...], "players": n, "hands": n}
    tournament: bool = False


class CardPictures:
    """Real cards for the booklets, without bleed: drawn as vectors into the booklet
    (render/booklet.py), or as PNG pictures when the card is outside the fast
    renderer's SVG subset."""

    def __init__(self, cards: list, resolve: Callable[[str, list], str]):
        self.cards = {c.slug: c for c in cards}
        self.resolve = resolve
        self.cache: dict = {}

    def __call__(self, name: str) -> "tuple[str, str | bytes]":
        """("svg", text) or ("png", bytes) for the card the rule text names."""
        from ..errors import CardgenError
        from ..render.pdf import can_draw

        if name not in self.cache:
            slug = self.resolve(name, list(self.cards))
            if slug not in self.cards:
                raise CardgenError(f"rule text asks for a picture of card {name!r}, which this deck has not: "
                                   "fix the [[cards: …]] line")
            svg = self.cards[slug].svg
            if can_draw(svg):
                self.cache[name] = ("svg", svg)
            else:
                from ..render.png import svg_to_png

                self.cache[name] = ("png", svg_to_png(svg, CARD_PICTURE_DPI))
        return self.cache[name]


def write_rules(out: Output, options: BuildOptions, game: str, spec: RulesSpec, pictures: CardPictures) -> None:
    from ..render.booklet import PAGE_SIZES, write_booklet, write_player_aid
    from ..render.fold import write_fold
    from ..render.fonts import register_reportlab_fonts
    from ..render.scorepad import write_scorepad, write_tournament
    from ..rules.document import Block, load

    fonts = register_reportlab_fonts()
    chosen = papers(options.paper)
    blocks = load(spec.booklet)
    if spec.cover:
        blocks = blocks[:2] + [Block("figure", label="cover", items=list(spec.cover))] + blocks[2:]
    info = {"booklet": {}, "fold": {}, "reference": None, "scorepad": [], "tournament": []}
    booklets = {}
    for i, paper in enumerate(chosen):
        page = PAGE_SIZES[paper.name]
        name = f"{game}-rules.pdf" if i == 0 else f"{game}-rules-{page.name}.pdf"
        path = out.game_dir / name
        with out.stage("rule booklet"):
            pages = write_booklet(blocks, path, page, spec.title, fonts, pictures)
        out.add(path, "rules", "pdf")
        booklets[paper.name] = path
        info["booklet"][name] = {"pages": pages, "page": page.name}
        fold = out.game_dir / f"{game}-rules-fold-{paper.name}.pdf"
        land = paper.landscape()
        with out.stage("fold booklet"):
            sheets = write_fold(path, fold, (land.width, land.height), spec.title)
        out.add(fold, "rules-fold", "pdf")
        info["fold"][fold.name] = {"sides": sheets, "booklet_pages": pages}
    if spec.reference:
        page = PAGE_SIZES[chosen[0].name]
        path = out.game_dir / f"{game}-reference.pdf"
        with out.stage("player aid"):
            pages = write_player_aid(load(spec.reference), path, page, spec.title, fonts, pictures)
        out.add(path, "reference", "pdf")
        info["reference"] = {"file": path.name, "pages": pages}
    for paper in chosen:
        if spec.scorepad:
            start = time.perf_counter()
            path = out.game_dir / f"{game}-scorepad-{paper.name}.pdf"
            write_scorepad(path, paper, spec.title, spec.scorepad["lines"], spec.scorepad["players"],
                           spec.scorepad["hands"], fonts)
            out.add(path, "scorepad", "pdf")
            info["scorepad"].append(path.name)
            out.timings["score pads"] = out.timings.get("score pads", 0) + time.perf_counter() - start
        if spec.tournament:
            path = out.game_dir / f"{game}-tournament-{paper.name}.pdf"
            write_tournament(path, paper, spec.title, 4, 24, fonts)
            out.add(path, "tournament", "pdf")
            info["tournament"].append(path.name)
    out.params["rules"] = info


def _rules_job(game_dir, options: BuildOptions, game: str, spec: RulesSpec, pictures: Callable):
    out = Output(game_dir, {})
    write_rules(out, options, game, spec, pictures())
    return out.params, out.files, out.timings


class RulesTask:
    """The rules typeset beside the cards (in another process when there are cores to spare)."""

    def __init__(self, out: Output, options: BuildOptions, game: str, spec: RulesSpec, pictures: Callable):
        from .. import parallel

        self.out = out
        self.task = None
        if "pdf" in options.formats:
            self.task = parallel.start(_rules_job, out.game_dir, options, game, spec, pictures, jobs=options.jobs)

    def join(self) -> None:
        if self.task is None:
            return
        params, files, timings = self.task.result()
        self.out.params.update(params)
        self.out.files.extend(files)
        for k, v in timings.items():
            self.out.timings[k] = self.out.timings.get(k, 0.0) + v
