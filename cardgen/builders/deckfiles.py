"""Write one deck's files, the same way for every game.

svg/ (always: the checker reads it), then with --format pdf the card PDF (faces,
one a page), the back PDF (one page per distinct back) and the home-print sheets,
and with --format png one 300-DPI PNG per face and back.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Callable

from ..design.cards import DeckArt, Look
from .. import record
from ..errors import writing
from ..layout.paper import papers
from ..model.sizes import CardSize
from ..options import BuildOptions
from ..theme import Theme


@dataclass
class RenderedDeck:
    """A deck as its design drew it, and how to draw it again with another bleed
    (Tabletop Simulator wants none, print shops 1/8 in)."""

    game: str  # folder and file prefix
    title: str
    look: Look
    render: Callable[[Look], DeckArt]  # the design's render_deck, bound to the game's deck

    def __post_init__(self):
        self.art = self.render(self.look)

    @property
    def faces(self) -> tuple:
        return self.art.faces

    @property
    def backs(self) -> tuple:
        return self.art.backs

    @property
    def back_of(self) -> tuple:
        return self.art.back_of

    def at_bleed(self, bleed: float) -> DeckArt:
        return self.render(self.look.with_bleed(bleed))


@dataclass
class Output:
    """What a game builder collects: manifest rows, the parts of its build record (the
    checker's contract, record.py), and how long each stage took (for -v and the benchmark)."""
    game_dir: Path
    params: dict  # record field name -> value (the parts written so far)
    files: list = field(default_factory=list)  # (path, kind, format)
    timings: dict = field(default_factory=dict)  # stage -> seconds
    pngs: list = field(default_factory=list)  # (svg, path, dpi, kind) waiting for render_pngs()

    @contextmanager
    def stage(self, name: str):
        start = time.perf_counter()
        try:
            yield
        finally:
            self.timings[name] = self.timings.get(name, 0.0) + time.perf_counter() - start

    def record(self, game: str):
        """The game's build record from the parts written; None for those not built.
        Read back at once, so a build never writes a record the checker would refuse."""
        cls = record.RECORDS[game]
        built = cls(**{f.name: self.params.get(f.name) for f in fields(cls)})
        return record.from_json(game, record.to_json(built))

    def add(self, path: Path, kind: str, fmt: str) -> None:
        self.files.append((path, kind, fmt))

    def queue_png(self, svg: str, path: Path, dpi: int, kind: str) -> None:
        """A PNG to render with the game's others: one pool of workers for cards, sheets and boxes."""
        self.pngs.append((svg, path, dpi, kind))

    def render_pngs(self, jobs: int, theme: Theme) -> None:
        if not self.pngs:
            return
        from ..draw.png import write_pngs

        with self.stage("png"):
            # the big pages first, so no worker is left with one at the end
            order = sorted(self.pngs, key=lambda p: -len(p[0]))
            write_pngs([(svg, str(path), dpi) for svg, path, dpi, _ in order], jobs, theme.fonts)
        for _, path, _, kind in self.pngs:
            self.add(path, kind, "png")
        self.pngs = []

    def write_text(self, name: str, text: str, kind: str) -> Path:
        path = self.game_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with writing(path):
            path.write_text(text, encoding="utf-8")
        self.add(path, kind, name.rsplit(".", 1)[-1])
        return path


def deck_title(facts) -> str:
    """The deck's name where a person sees it (Tabletop Simulator, the HTML page, PDF
    titles): the game, and how this kit differs from the reference one."""
    return f"{facts.title} ({facts.edition})" if facts.edition else facts.title


def card_params(size: CardSize, options: BuildOptions) -> dict:
    return {"card": record.Card(size.name, (size.width, size.height), options.bleed, options.low_ink)}


def look_for(options: BuildOptions, theme: Theme, size: CardSize) -> Look:
    return Look(size, options.bleed, options.low_ink, theme)


def write_deck(deck: RenderedDeck, options: BuildOptions, out: Output) -> None:
    # deck order, for tools that show the deck (the HTML preview)
    out.params["deck"] = record.Deck(deck.title, tuple(c.slug for c in deck.faces),
                                     tuple(c.slug for c in deck.backs), tuple(deck.back_of))
    from ..interrupt import checkpoint

    size = deck.look.size
    with out.stage("card svg"):
        for card in deck.faces + deck.backs:
            out.write_text(f"svg/{card.slug}.svg", card.svg, card.kind)
    checkpoint()
    if "pdf" in options.formats:
        _write_pdfs(deck, size, options, out)
        checkpoint()
    if "tts" in options.formats or "pod" in options.formats:
        with out.stage("tts/pod"):
            _write_exports(deck, size, options, out)
        checkpoint()
    if "png" in options.formats:
        from ..draw.png import PNG_DPI

        png_dir = out.game_dir / "png"
        png_dir.mkdir(exist_ok=True)
        for c in deck.faces + deck.backs:
            out.queue_png(c.svg, png_dir / f"{c.slug}.png", PNG_DPI, c.kind)


def _write_exports(deck: RenderedDeck, size: CardSize, options: BuildOptions, out: Output) -> None:
    """Tabletop Simulator sheets (cards without bleed) and print-on-demand PNGs (1/8 in bleed)."""
    if "tts" in options.formats:
        from ..export.tts import write_tts

        art = deck.at_bleed(0.0)
        final = options.out.resolve() / deck.game / "tts"

        def url_for(path: Path) -> str:
            return options.base_url + path.name if options.base_url else (final / path.name).as_uri()

        for path in write_tts(out.game_dir / "tts", deck.game, deck.title, art, url_for, options.jobs,
                              deck.look.theme.fonts):
            out.add(path, "tts", path.suffix[1:])
    if "pod" in options.formats:
        from ..export.pod import POD_BLEED_MM, write_pod

        art = deck.at_bleed(POD_BLEED_MM)
        for path in write_pod(out.game_dir / "pod", deck.game, art, (size.width, size.height), options.jobs,
                              deck.look.theme.fonts):
            out.add(path, "pod", path.suffix[1:])


def _write_pdfs(deck: RenderedDeck, size: CardSize, options: BuildOptions, out: Output) -> None:
    from ..layout.imposition import SheetSpec, impose
    from ..draw.pdf import write_pages
    from ..documents.sheets import write_sheets

    fonts = deck.look.theme.fonts
    page_mm = (size.width + 2 * options.bleed, size.height + 2 * options.bleed)
    faces_pdf = out.game_dir / f"{deck.game}-cards.pdf"
    backs_pdf = out.game_dir / f"{deck.game}-back.pdf"
    with out.stage("card pdf"):
        write_pages([c.svg for c in deck.faces], faces_pdf, f"{deck.title} – {len(deck.faces)} card faces", page_mm,
                    fonts, options.bleed)
        out.add(faces_pdf, "faces", "pdf")
        write_pages([c.svg for c in deck.backs], backs_pdf, f"{deck.title} – card back", page_mm, fonts, options.bleed)
        out.add(backs_pdf, "back", "pdf")
    printed = []
    for paper in papers(options.paper):
        spec = SheetSpec(paper, size.width, size.height, options.bleed, options.layout,
                         options.back_offset, deck.title)
        path = out.game_dir / f"{deck.game}-print-{paper.name}.pdf"
        with out.stage("home-print pdf"):
            write_sheets(impose(spec, len(deck.faces)), faces_pdf, backs_pdf, deck.back_of, options.bleed, path,
                         f"{deck.title} – print and play, {paper.name}, {options.layout}", fonts)
        out.add(path, "print", "pdf")
        printed.append(paper.name)
    out.params["home_print"] = record.HomePrint(tuple(printed), options.layout,
                                                tuple(float(v) for v in options.back_offset))


TUCKBOX_PNG_DPI = 200


def write_tuckboxes(out: Output, options: BuildOptions, look: Look, game: str, title: str, cards: int,
                    ground: str, side_note: str = "", edition: str = "") -> None:
    """Boxes for every card of the print job, one page per paper: <game>-tuckbox-<paper>.svg/.pdf/.png;
    a deck too thick for one box on the paper gets equal boxes, <game>-tuckbox-box<i>-<paper>.*"""
    from ..design.tuckbox import tuckbox_svg
    from ..layout.tuckbox import boxes_for

    with out.stage("tuck box"):
        size = look.size
        chosen = papers(options.paper)
        boxes = boxes_for(size.width, size.height, cards, options.card_thickness, chosen)
        each = -(-cards // boxes)
        out.params["tuckbox"] = record.Tuckbox(tuple(p.name for p in chosen), cards, options.card_thickness, boxes)
        for i in range(1, boxes + 1):
            pages = {paper: tuckbox_svg(game, title, each, size.width, size.height, options.card_thickness, paper,
                                        ground, options.low_ink, look.theme, side_note, edition, (i, boxes))
                     for paper in chosen}
            stem = f"{game}-tuckbox" if boxes == 1 else f"{game}-tuckbox-box{i}"
            write_page_svgs(out, pages, "tuckbox", stem, options.formats, TUCKBOX_PNG_DPI, look.theme)


def write_page_svgs(out: Output, pages: dict, kind: str, stem: str, formats, png_dpi: int, theme: Theme) -> None:
    """Single-page documents (sheets, boxes): SVG always, PDF and PNG as asked.

    pages maps a Paper to the SVG text drawn on it; files are named stem-<paper>.<ext>."""
    for paper, svg in pages.items():
        out.write_text(f"{stem}-{paper.name}.svg", svg, kind)
    if "pdf" in formats:
        from ..draw.pdf import svg_size_mm, write_pages

        for paper, svg in pages.items():
            path = out.game_dir / f"{stem}-{paper.name}.pdf"
            mm = svg_size_mm(svg)
            write_pages([svg], path, f"{stem} ({paper.name})", mm, theme.fonts)
            out.add(path, kind, "pdf")
    if "png" in formats:
        for paper, svg in pages.items():
            out.queue_png(svg, out.game_dir / f"{stem}-{paper.name}.png", png_dpi, kind)
