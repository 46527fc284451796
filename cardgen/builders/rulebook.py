"""Write a game's printed rules: the booklet in reading order, the same pages imposed
for saddle stitching, the one-page player aid and the score pads.

Booklet pages are A5 with --paper a4 and half-letter with --paper letter (the first
paper named); fold sheets are A4 or Letter landscape, one file per paper.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable

from ..layout.paper import papers
from ..options import BuildOptions
from ..theme import Theme
from ..record import NO_RULES, Booklet, Fold, Reference
from .deckfiles import Output

if TYPE_CHECKING:  # reportlab's typesetting is imported only by a build with rules
    from ..documents.cardfigures import Picture

CARD_PICTURE_DPI = 150  # pictures print 21–40 mm wide: 150 DPI of a whole card is 240+ DPI there


@dataclass
class RulesSpec:
    booklet: str  # rule text name under templates/rules/ (also names the aid and pad texts)
    title: str
    facts: object  # the variant's facts (model/facts.py): every number the texts print
    cover: list = field(default_factory=list)  # card names for the cover's fan (as on the box front)
    reference: "str | None" = None  # player aid rule text
    scorepad: "dict | None" = None  # {"players": n, "hands": n}; its lines are <booklet>-scorepad.md
    tournament: bool = False
    box: object = None  # the box words (documents/boxtext.py): the cover's tagline, players, ages, time
    ground: str = ""  # the box's color, behind the cover's art
    aid_sheet: bool = False  # the aid cards on a sheet of their own (a game without card sheets)

    def lines(self, sheet: str) -> list:
        """The lines at the head of a sheet (scorepad, tournament), from the rule text
        <booklet>-<sheet>: one paragraph a line."""
        from ..documents.ruletext import load

        return [b.text for b in load(f"{self.booklet}-{sheet}", self.facts) if b.kind == "para"]


class CardPictures:
    """Real cards for the booklets, cut at the trim line: drawn as vectors into the
    booklet (documents/booklet.py), or as PNG pictures when the card is outside the
    fast renderer's SVG subset; each with what layout/figure.py reads of its face (the
    text a reader must read, which the booklet prints large enough, and where its
    arrows and big number sit)."""

    def __init__(self, cards, resolve: Callable[[str, list], str], fonts):
        self.cards = {c.slug: c for c in cards}
        self.resolve = resolve
        self.fonts = fonts  # the theme's FontSet, whose families the cards name
        self.cache: dict = {}

    def __call__(self, name: str) -> "Picture":
        """The card the rule text names."""
        from ..documents.cardfigures import Picture  # reportlab's typesetting: only for a build with rules
        from ..errors import CardgenError
        from ..draw.pdf import can_draw, svg_size_mm
        from ..design.trim import trimmed
        from ..layout.figure import DIGIT_ADVANCE, read_face

        if name not in self.cache:
            slug = self.resolve(name, list(self.cards))
            if slug not in self.cards:
                raise CardgenError(f"rule text asks for a picture of card {name!r}, which this deck has not: "
                                   "fix the [[cards: …]] line")
            svg = trimmed(self.cards[slug].svg)
            size, face = svg_size_mm(svg), read_face(svg, getattr(self.fonts, "digit", DIGIT_ADVANCE))
            if can_draw(svg, self.fonts):
                self.cache[name] = Picture("svg", svg, size, self.fonts, face)
            else:
                from ..draw.png import svg_to_png

                self.cache[name] = Picture("png", svg_to_png(svg, CARD_PICTURE_DPI), size, None, face)
        return self.cache[name]


def booklet_cover(spec: RulesSpec, blocks: list, page, options: BuildOptions, theme: Theme, pictures):
    """The booklet's cover (documents/cover.py): the box front's art on the box's color, the
    subtitle, players, ages and time; None for a rule text without box words."""
    if spec.box is None:
        return None
    from ..documents.cover import Cover, cover_svg
    from ..documents.ruletext import plain_text

    subtitle = next((plain_text([b]) for b in blocks[:3] if b.kind == "subtitle"), "")
    cards = [pictures.cards[pictures.resolve(name, list(pictures.cards))].svg for name in spec.cover
             if pictures.resolve(name, list(pictures.cards)) in pictures.cards]
    svg = cover_svg(spec.title, subtitle, spec.box, cards, (page.width, page.height), spec.ground, options.low_ink,
                    theme)
    return Cover(svg, theme.fonts)


def booklet_back(spec: RulesSpec, page, options: BuildOptions, theme: Theme, aids: int = 0):
    """The booklet's back cover (documents/cover.py): what this kit holds for the game (the
    box words' components, with the aid cards counted), the credits and the edition mark;
    None for a rule text without box words."""
    if spec.box is None:
        return None
    from dataclasses import replace as changed

    from ..documents.boxtext import box_text
    from ..documents.cover import Cover, back_cover_svg

    text = spec.box
    if text.facts is not None and getattr(text.facts, "aids", 0) != aids:
        text = box_text(spec.booklet, changed(text.facts, aids=aids))
    svg = back_cover_svg(spec.title, text, (page.width, page.height), spec.ground, options.low_ink, theme)
    return Cover(svg, theme.fonts)


def booklet_blocks(spec: RulesSpec) -> list:
    """The booklet's blocks: its rule text, with the cover picture under the title (a booklet
    with a cover page shows its cards there instead)."""
    from ..documents.ruletext import Block, load

    blocks = load(spec.booklet, spec.facts)
    if spec.cover and spec.box is None:
        blocks = blocks[:2] + [Block("figure", label="cover", items=list(spec.cover))] + blocks[2:]
    return blocks


def write_booklets(out: Output, options: BuildOptions, theme: Theme, game: str, spec: RulesSpec,
                   pictures: CardPictures) -> None:
    """The booklet (one per paper's page size), its fold-and-staple sheets and the
    one-page player aid in the same page size: everything that shows cards."""
    from ..documents.booklet import PAGE_SIZES, write_booklet, write_player_aid
    from ..documents.fold import write_fold
    from ..draw.fonts import register_reportlab_fonts
    from ..documents.ruletext import Edition, load

    fonts = register_reportlab_fonts(theme.fonts)
    blocks = booklet_blocks(spec)
    readings = Edition(game, spec.facts).ids  # none for a game without a table
    aid_blocks = load(spec.reference, spec.facts) if spec.reference else None
    booklets, folds, aids = {}, {}, {}
    aid_cards = aid_card_svgs(spec, options, theme, pictures, 1.5, aid_blocks) if aid_blocks else []
    for i, paper in enumerate(papers(options.paper)):
        page = PAGE_SIZES[paper.name]
        suffix = "" if i == 0 else f"-{page.name}"
        path = out.game_dir / f"{game}-rules{suffix}.pdf"
        with out.stage("rule booklet"):
            pages = write_booklet(blocks, path, page, spec.title, fonts, pictures, meta=out.meta("rules", page.name),
                                  cover=booklet_cover(spec, blocks, page, options, theme, pictures),
                                  tokens=theme.tokens, back=booklet_back(spec, page, options, theme,
                                                                 aids_printed(options, spec, aid_cards, paper)))
        out.add(path, "rules", "pdf")
        booklets[path.name] = Booklet(pages, page.name)
        fold = out.game_dir / f"{game}-rules-fold-{paper.name}.pdf"
        land = paper.landscape()
        with out.stage("fold booklet"):
            sheets = write_fold(path, fold, (land.width, land.height), out.meta("rules-fold", paper.name),
                                back_cover=spec.box is not None)
        out.add(fold, "rules-fold", "pdf")
        folds[fold.name] = Fold(sheets, pages)
        if aid_blocks:  # the player aid in the booklet's page size
            aid = out.game_dir / f"{game}-reference{suffix}.pdf"
            with out.stage("player aid"):
                pages, _ = write_player_aid(aid_blocks, aid, page, spec.title, fonts, pictures,
                                            meta=out.meta("reference", page.name), tokens=theme.tokens)
            out.add(aid, "reference", "pdf")
            aids[aid.name] = Reference(pages, page.name)
    if aid_cards and spec.aid_sheet:
        write_aid_cards(out, options, theme, game, aid_cards)
    out.params["rules"] = replace(out.params.get("rules") or NO_RULES, booklet=booklets, fold=folds,
                                  reference=aids, readings=readings)


def aid_card_svgs(spec: RulesSpec, options: BuildOptions, theme: Theme, pictures, bleed: float,
                  blocks: "list | None" = None) -> list:
    """The player aid as cards of the deck's size (design/aidcard.py), drawn with this bleed:
    one SVG a card, in order; none for a game without an aid or without card pictures."""
    import re

    from ..design.aidcard import aid_cards
    from ..documents.ruletext import load
    from ..model.sizes import CardSize

    if not spec.reference or not spec.cover or not pictures.cards:
        return []
    blocks = blocks if blocks is not None else load(spec.reference, spec.facts)
    slugs = list(pictures.cards)
    shown = [pictures.cards[pictures.resolve(name, slugs)].svg for name in spec.cover
             if pictures.resolve(name, slugs) in pictures.cards and "pass" not in name][:3]
    if not shown:
        return []
    w, h = (float(v) for v in re.search(r'data-trim-mm="([\d.]+),([\d.]+)"', shown[0]).groups())
    return aid_cards(spec.title, blocks, CardSize("deck", w, h), bleed, spec.ground, options.low_ink, theme,
                     shown, spec.booklet)


def fourscore_rides(options: BuildOptions) -> bool:
    """Whether FourScore's player aid cards ride on the Str8 Eight card sheets: when one build
    makes both games and prints the sheets (FourScore is played with this deck, and its aids
    fill the deck's last sheet rather than a sheet of their own); otherwise FourScore prints
    its own aid sheet."""
    from ..settings import parts_of

    chosen = set(options.games) or {"str8eight", "fourscore"}
    return {"str8eight", "fourscore"} <= chosen and "pdf" in options.formats and "print" in parts_of(options) \
        and not options.cards


def fourscore_spec(facts, box=None, ground: str = "") -> RulesSpec:
    """FourScore's booklet and aid of this variant: the cover shows the row example and its next
    card (box: the box words its cover prints, on ground). Here, not in builders/fourscore.py:
    the Str8 Eight builder draws FourScore's aid cards for its sheets too."""
    return RulesSpec("fourscore", "FourScore", facts, cover=[str(v) for v in facts.cover],
                     reference="fourscore-reference", box=box, ground=ground)


AID_SETS = 2  # aid sets printed on a deck's sheets: one to each side of the table, shared by neighbours


def sheet_aids(out: Output, options: BuildOptions, theme: Theme, spec: RulesSpec, pictures,
               copies: int = AID_SETS) -> tuple:
    """The aid cards a deck's home-print sheets carry after its cards: copies sets (two, one
    to each side of the table, as the aid sheet printed before: they fill the free places
    of the deck's last sheet, and take more only when those are too few), drawn with the deck's bleed; none when no sheets are
    printed (another format, --only without print, a reprint) or the game has no aid."""
    from .deckfiles import AidCards

    if "pdf" not in options.formats or not out.wants("print") or options.cards:
        return ()
    with out.stage("player aid cards"):
        sides = kept_aid_card_svgs(spec, options, theme, pictures, options.bleed)
    return (AidCards(spec.booklet, tuple(sides), copies),) if sides else ()


AID_OPTIONS = frozenset({"low_ink"})  # the options aid_card_svgs reads (checked each time it runs)


def kept_aid_card_svgs(spec: RulesSpec, options: BuildOptions, theme: Theme, pictures, bleed: float) -> list:
    """aid_card_svgs, from the result store when the same inputs drew the cards before: keyed by
    the spec, the options it reads (AID_OPTIONS: the options it is given note their reads, and
    a run that read any other keeps nothing), the theme and the cards shown (drawing_inputs),
    the bleed, the code and the build date."""
    import json

    from .. import cache
    from ..partstore import Unkeyable, _watched, encode

    if cache.store_folder() is None:
        return aid_card_svgs(spec, options, theme, pictures, bleed)
    try:
        key = cache.store_key("parts", {"aid cards": encode({
            "spec": spec, "options": {name: getattr(options, name) for name in sorted(AID_OPTIONS)},
            "bleed": bleed, **drawing_inputs(theme, pictures)}), "date": cache.drawing_inputs()})
    except Unkeyable:
        return aid_card_svgs(spec, options, theme, pictures, bleed)
    data = cache.fetch("parts", key)
    if data is not None:
        try:
            return json.loads(data)
        except ValueError:
            pass
    reads: dict = {}
    sides = aid_card_svgs(spec, _watched(options, reads), theme, pictures, bleed)
    if set(reads) <= AID_OPTIONS:
        cache.keep("parts", key, json.dumps(sides).encode())
    return sides


def write_aid_cards(out: Output, options: BuildOptions, theme: Theme, game: str, cards: list) -> None:
    """A game without card sheets of its own (FourScore built without Str8 Eight): its
    player aid cards (aid_card_svgs, with a 1.5 mm bleed) on a sheet of their own on each
    paper (documents/aidsheet.py), <game>-aid-cards-<paper>.pdf, on card stock, one side."""
    from ..documents.aidsheet import write_aid_sheet

    with out.stage("player aid cards"):
        for paper in papers(options.paper):
            path = out.game_dir / f"{game}-aid-cards-{paper.name}.pdf"
            write_aid_sheet(path, cards, paper, theme, out.meta("aid-cards", paper.name))
            out.add(path, "aid-cards", "pdf")


def aids_printed(options: BuildOptions, spec: RulesSpec, cards: list, paper) -> int:
    """How many player aid cards this kit prints for the game (its booklet's back cover lists
    them): the sets on the deck's card sheets (sheet_aids), or those the aid's own sheet holds
    (a game without card sheets), none when this build prints neither."""
    if not cards:
        return 0
    if spec.aid_sheet:
        from ..documents.aidsheet import printed

        return printed(cards, paper)
    from ..settings import parts_of

    if "pdf" not in options.formats or "print" not in parts_of(options) or options.cards:
        return 0
    if spec.booklet == "fourscore" and not fourscore_rides(options):
        return 0
    return len(cards) * AID_SETS


def write_rule_sheets(out: Output, options: BuildOptions, theme: Theme, game: str, spec: RulesSpec) -> None:
    """The score pads and the tournament sheet (one page each, no card pictures)."""
    from ..draw.fonts import register_reportlab_fonts
    from ..documents.scorepad import write_scorepad, write_tournament

    fonts = register_reportlab_fonts(theme.fonts)
    chosen = papers(options.paper)
    scorepads, tournaments = [], []
    lines = spec.lines("scorepad") if spec.scorepad else []
    tournament_lines = spec.lines("tournament") if spec.tournament else []
    with out.stage("score pads"):
        for paper in chosen:
            if spec.scorepad:
                path = out.game_dir / f"{game}-scorepad-{paper.name}.pdf"
                write_scorepad(path, paper, spec.title, lines, spec.scorepad["players"],
                               spec.scorepad["hands"], fonts, out.meta("scorepad", paper.name), theme.tokens)
                out.add(path, "scorepad", "pdf")
                scorepads.append(path.name)
            if spec.tournament:
                path = out.game_dir / f"{game}-tournament-{paper.name}.pdf"
                write_tournament(path, paper, spec.title, 4, 24, fonts, tournament_lines,
                                 out.meta("tournament", paper.name), theme.tokens)
                out.add(path, "tournament", "pdf")
                tournaments.append(path.name)
    out.params["rules"] = replace(out.params.get("rules") or NO_RULES, scorepad=tuple(scorepads),
                                  tournament=tuple(tournaments))


def _booklet_job(game_dir, names: tuple, options: BuildOptions, theme: Theme, game: str, spec: RulesSpec,
                 pictures: Callable, side: "Callable | None" = None):
    out = Output(game_dir, {}, name=names[0], variant=names[1])
    shown = pictures()
    kept_booklets(out, options, theme, game, spec, shown)
    if side is not None:
        side(out)
    return out.params, out.files, out.timings


def drawing_inputs(theme: Theme, pictures: "CardPictures | None" = None) -> dict:
    """What of the theme and of the cards shown decides a part's drawings (partstore.py)."""
    from .. import cache

    inputs = {"theme": cache.theme_inputs(theme), "fonts": theme.fonts}
    if pictures is not None:
        inputs["cards"] = {"cards": list(pictures.cards.items()),
                           "resolve": pictures.resolve, "fonts": pictures.fonts}
    return inputs


def kept_booklets(out: Output, options: BuildOptions, theme: Theme, game: str, spec: RulesSpec,
                  pictures: "CardPictures | Callable[[BuildOptions], CardPictures]") -> None:
    """write_booklets, from the result store when the same inputs made them before.
    pictures: the cards shown, or what draws them from the options (then only on a miss,
    the options it reads among the part's)."""
    from ..partstore import kept_part

    def make(out_, options_):
        write_booklets(out_, options_, theme, game, spec, pictures if isinstance(pictures, CardPictures)
                       else pictures(options_))

    shown = pictures if isinstance(pictures, CardPictures) else None
    kept_part(out, "booklets", options, {"game": game, "spec": spec, **drawing_inputs(theme, shown)}, make)


class RulesTask:
    """The rules typeset beside the cards: the booklet, its fold and the player aid in
    another process (when there are cores to spare) from the start, the score pads here
    once the cards are done, so both cores stay busy to the end."""

    def __init__(self, out: Output, options: BuildOptions, theme: Theme, game: str, spec: RulesSpec,
                 pictures: Callable, side: "Callable | None" = None):
        """side(out): more PDF pages of the game (Str8 Eight's teacher pages), written
        after the booklet in its process, or here at join() when no booklet is built."""
        from .. import parallel

        self.out, self.options, self.theme, self.game, self.spec = out, options, theme, game, spec
        self.task = None
        self.side = side
        self.pads = "pdf" in options.formats and out.wants("pads")
        from ..cache import store_folder

        # with the store, the parts may come from it and need no fonts: each registers its own
        if "pdf" in options.formats and (out.wants("rules") or self.pads) and store_folder() is None:
            from ..draw.fonts import register_reportlab_fonts

            register_reportlab_fonts(theme.fonts)  # parsed once, before the fork, for both processes
        if "pdf" in options.formats and out.wants("rules"):
            self.task = parallel.start(_booklet_job, out.game_dir, (out.name, out.variant), options, theme, game, spec,
                                       pictures, side, jobs=options.jobs)
            self.side = None

    def join(self) -> None:
        if self.pads:
            from ..partstore import kept_part

            kept_part(self.out, "rule sheets", self.options, {"game": self.game, "spec": self.spec,
                                                             **drawing_inputs(self.theme)},
                      lambda out_, options_: write_rule_sheets(out_, options_, self.theme, self.game, self.spec))
        if self.side is not None:
            self.side(self.out)
        if self.task is None:
            return
        params, files, timings = self.task.result()
        rules = params.pop("rules")
        self.out.params["rules"] = replace(self.out.params.get("rules") or NO_RULES, booklet=rules.booklet,
                                           fold=rules.fold, reference=rules.reference, readings=rules.readings)
        self.out.params.update(params)
        self.out.files.extend(files)
        for k, v in timings.items():
            self.out.timings[k] = self.out.timings.get(k, 0.0) + v
