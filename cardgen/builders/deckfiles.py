"""Write one deck's files, the same way for every game.

svg/ (always: the checker reads it), then the parts --only asks for: cards (with
--format pdf the card PDF, faces one a page, and the back PDF, one page per distinct
back; with png, tts or pod the images), print (the home-print sheets, made from the card
and back PDFs, so those come along; with --cards a reprint sheet of only those cards)
and box (the tuck boxes).
"""
from __future__ import annotations

import dataclasses
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
from ..words import plural


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
        self._at_bleed: dict = {}  # bleed -> DeckArt: TTS, print on demand and the shops share drawings
        self.renders: dict = {}  # (pixel size, bleed) -> PNG bytes without a resolution: POD and shops share

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
        if bleed not in self._at_bleed:
            self._at_bleed[bleed] = self.render(self.look.with_bleed(bleed))
        return self._at_bleed[bleed]


@dataclass
class Output:
    """What a game builder collects: manifest rows, the parts of its build record (the
    checker's contract, record.py), and how long each stage took (for -v and the benchmark)."""
    game_dir: Path
    params: dict  # record field name -> value (the parts written so far)
    files: list = field(default_factory=list)  # (path, kind, format)
    timings: dict = field(default_factory=dict)  # stage -> seconds
    pngs: list = field(default_factory=list)  # (svg, path, dpi, kind) waiting for render_pngs()
    sub: str = ""  # a class set's folder under the game's (set-a, …), where this Output writes
    name: str = ""  # the game as players say it, in every PDF's title ("Str8 Eight · set A" in a set's)
    variant: str = ""  # the variant built, in every PDF's title (record.variant_words)

    def for_set(self, sub: str, name: str) -> "Output":
        """The same collection (params, files, timings, PNG queue), writing into a set's folder."""
        return Output(self.game_dir / sub, self.params, self.files, self.timings, self.pngs, sub, name, self.variant)

    def meta(self, kind: str, detail: str = ""):
        """The metadata of this game's PDF of that kind (draw/pdfmeta.py)."""
        from ..draw.pdfmeta import meta_for

        return meta_for(kind, self.name, self.variant, detail)

    @contextmanager
    def stage(self, name: str):
        from .. import progress

        progress.stage(self.name, name)  # the status line follows the stages, whichever process runs them
        start = time.perf_counter()
        try:
            yield
        finally:
            self.timings[name] = self.timings.get(name, 0.0) + time.perf_counter() - start

    def wants(self, part: str) -> bool:
        """Whether --only asks for this part (the record lists the parts asked for)."""
        return part in self.params["parts"]

    def wants_box_words(self) -> bool:
        """Whether the box's words are printed: on the tuck box, and on the booklet's cover.
        A build of other parts (--only print, cards) makes none (nor plays the trial hands
        Str8 Eight's box states)."""
        return self.wants("box") or self.wants("rules")

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

    @contextmanager
    def writing_behind(self, files: "list[tuple[str, str, str]]"):
        """Write (name, text, kind) files in a thread while the block runs, and wait for them
        at its end (their error, a full disk say, raised there). Creating a file costs this
        machine's filesystem most of a millisecond, mostly waiting: the 70 card SVGs are
        written while the card PDF is drawn, not before."""
        import threading

        failed: list = []

        def write() -> None:
            try:
                for name, text, kind in files:
                    path = self.game_dir / name
                    path.parent.mkdir(parents=True, exist_ok=True)
                    with writing(path):
                        path.write_text(text, encoding="utf-8")
            except BaseException as exc:  # noqa: BLE001 - raised in the building thread below
                failed.append(exc)
        thread = threading.Thread(target=write, name="cardgen-svg-writer", daemon=True)
        thread.start()
        for name, _, kind in files:  # listed first, as if written first
            self.add(self.game_dir / name, kind, name.rsplit(".", 1)[-1])
        try:
            yield
        finally:
            with self.stage("card svg"):  # what is left to wait for
                thread.join()
        if failed:
            raise failed[0]


def deck_title(facts) -> str:
    """The deck's name where a person sees it (Tabletop Simulator, the HTML page, PDF
    titles): the game, and how this kit differs from the reference one."""
    return f"{facts.title} ({facts.edition})" if facts.edition else facts.title


def card_params(size: CardSize, options: BuildOptions) -> dict:
    from ..settings import parts_of

    return {"parts": parts_of(options),
            "card": record.Card(size.name, (size.width, size.height), options.bleed, options.low_ink),
            "shops": ()}


def look_for(options: BuildOptions, theme: Theme, size: CardSize) -> Look:
    return Look(size, options.bleed, options.low_ink, theme, options.scaffold, options.large_print)


def _card_pdf_job(conn, faces_pdf: Path, backs_pdf: Path, page_mm: tuple, fonts, bleed: float):
    """In a second process: the PDF stack imported and the fonts parsed while the first one
    renders the deck, then the card and back PDFs drawn from the SVGs it sends."""
    import time as clock

    from ..draw.fonts import CARD_ROLES, register_reportlab_fonts
    from ..draw.pdf import write_pages

    register_reportlab_fonts(fonts, CARD_ROLES)
    import reportlab.pdfgen.canvas  # noqa: F401 - imported now, not while the deck waits

    message = conn.recv()
    conn.close()
    if message is None:
        return 0.0
    (faces, faces_meta), (backs, backs_meta) = message
    start = clock.perf_counter()
    write_pages(faces, faces_pdf, faces_meta, page_mm, fonts, bleed)
    write_pages(backs, backs_pdf, backs_meta, page_mm, fonts, bleed)
    return clock.perf_counter() - start


class CardPdfs:
    """The card and back PDFs drawn by a second process, started before the deck is rendered,
    when a core is spare (no rule booklet and no other game beside this one): its imports
    and font parsing overlap the rendering here, and its drawing the writing of the SVGs
    and the sheets' imports here. The build's failure stops it (parallel.cancel_all)."""

    def __init__(self, out: Output, game: str, options: BuildOptions, size: CardSize, fonts):
        import multiprocessing

        from .. import parallel

        self.faces_pdf = out.game_dir / f"{game}-cards.pdf"
        self.backs_pdf = out.game_dir / f"{game}-back.pdf"
        page_mm = (size.width + 2 * options.bleed, size.height + 2 * options.bleed)
        receiver, self.conn = multiprocessing.get_context("fork").Pipe(duplex=False)
        self.task = parallel.start(_card_pdf_job, receiver, self.faces_pdf, self.backs_pdf, page_mm, fonts,
                                   options.bleed, jobs=2)
        receiver.close()

    def draw(self, faces: list, faces_meta, backs: list, backs_meta) -> None:
        """Send the SVGs: the other process draws while this one goes on."""
        self.conn.send(((faces, faces_meta), (backs, backs_meta)))
        self.conn.close()

    def wait(self) -> float:
        """The seconds the other process spent drawing, once both files are written."""
        return self.task.result()


def _faces_meta(deck: RenderedDeck, out: Output):
    return out.meta("faces", plural(len(deck.faces), "card"))


def _backs_meta(deck: RenderedDeck, out: Output):
    return out.meta("back", plural(len(deck.backs), "back"))


def card_pdfs_beside(out: Output, game: str, options: BuildOptions, size: CardSize, fonts,
                     spare_core: bool, held: "Callable[[], bool]" = lambda: False) -> "CardPdfs | None":
    """A CardPdfs when the card PDFs will be drawn and a core is spare; else None (drawn here).
    held(): whether the store holds the deck's drawings; then no card template is rendered,
    the card PDFs (keyed by the SVGs) come from the store too, and a second process's fork,
    imports and font parsing would only add to the build (0.1 s of the 70-card print job's
    0.34 s)."""
    if not spare_core or options.sets > 1 or options.jobs < 2 or "pdf" not in options.formats or out.wants("rules") \
            or not (out.wants("cards") or out.wants("print")) or held():
        return None
    return CardPdfs(out, game, options, size, fonts)


@dataclass(frozen=True)
class AidCards:
    """A game's player aid cards to print on the deck's sheets after its cards (issue 41)."""
    game: str
    sides: tuple  # the aid's cards, SVGs of the deck's size drawn with the deck's bleed
    copies: int  # one set for each player the game seats


def write_deck(deck: RenderedDeck, options: BuildOptions, out: Output, beside: "CardPdfs | None" = None,
               aids: tuple = ()) -> None:
    """The deck's files; with class sets (--sets N), each set's in its own folder. aids: the
    player aid cards the home-print sheets carry after the deck (a set's sheets, each)."""
    if options.sets > 1:
        _write_sets(deck, options, out, aids)
    else:
        _write_one(deck, options, out, beside, aids)


INVENTORY_PNG_DPI = 200


def _write_sets(deck: RenderedDeck, options: BuildOptions, out: Output, aids: tuple = ()) -> None:
    """Class sets: the deck drawn once, then for each set its mark laid over every face and
    back (design/setmark.py) and the set's files written into set-a/, set-b/, …: card SVGs,
    PDFs, images, print sheets, and an inventory checklist per paper (with the print part)."""
    from ..design.inventory import inventory_svg
    from ..design.setmark import SHAPES, folder, mark_deck, set_letter

    theme = deck.look.theme
    fonts = theme.fonts.role_map
    chosen = papers(options.paper) if out.wants("print") and not options.cards else []
    large = _large_print_sets(deck, options)
    large_look = dataclasses.replace(deck.look, large_print=True)
    for i in range(options.sets):
        def marked(look: Look, i: int = i) -> DeckArt:
            return mark_deck(deck.art if look is deck.look else deck.render(look), deck.game, i, fonts)

        sub = out.for_set(folder(i), f"{out.name} · set {set_letter(i)}")
        look = large_look if set_letter(i) in large else deck.look  # a large-print set: its own faces
        one = RenderedDeck(deck.game, f"{deck.title} · set {set_letter(i)}", look, marked)
        _write_one(one, options, sub, None, aids)
        if chosen:
            with out.stage("inventory"):
                pages = {paper: inventory_svg(one.art, deck.game, deck.title, i, paper, theme) for paper in chosen}
                write_page_svgs(sub, pages, "inventory", f"{deck.game}-inventory", options.formats,
                                INVENTORY_PNG_DPI, theme)
    # the record names the deck, not a set (its sheets' words name the set)
    out.params["deck"] = record.Deck(deck.title, tuple(c.slug for c in deck.faces),
                                     tuple(c.slug for c in deck.backs), tuple(deck.back_of))
    out.params["sets"] = record.Sets(tuple(set_letter(i) for i in range(options.sets)),
                                     tuple(SHAPES[i] for i in range(options.sets)),
                                     tuple(p.name for p in chosen), large)


def _large_print_sets(deck: RenderedDeck, options: BuildOptions) -> tuple:
    """The sets drawn in large print: those --large-print-sets names, for the deck that has a
    large print (Str8 Eight's); none when every set is large print already."""
    from ..settings import BY_NAME

    if deck.look.large_print or deck.game not in BY_NAME["large_print_sets"].games:
        return ()
    return tuple(options.large_print_sets)


def _write_one(deck: RenderedDeck, options: BuildOptions, out: Output, beside: "CardPdfs | None" = None,
               aids: tuple = ()) -> None:
    if beside is not None:  # first of all: the process beside draws while this one writes
        beside.draw([c.svg for c in deck.faces], _faces_meta(deck, out), [c.svg for c in deck.backs],
                    _backs_meta(deck, out))
    # deck order, for tools that show the deck (the HTML preview)
    out.params["deck"] = record.Deck(deck.title, tuple(c.slug for c in deck.faces),
                                     tuple(c.slug for c in deck.backs), tuple(deck.back_of))
    from ..interrupt import checkpoint

    reprint = None
    if options.cards:
        from .cardnames import resolve

        reprint = resolve(deck.game, deck.title, options.cards, [c.slug for c in deck.faces])
    size = deck.look.size
    svgs = [(f"svg/{card.slug}.svg", card.svg, card.kind) for card in deck.faces + deck.backs]
    cards, sheets = out.wants("cards"), out.wants("print")
    # no process is forked while the SVGs are written behind: only the PDFs are drawn meanwhile
    with out.writing_behind(svgs):
        if "pdf" in options.formats and (cards or sheets):
            _write_pdfs(deck, size, options, out, sheets, reprint, beside, aids)
    checkpoint()
    if cards and ("tts" in options.formats or "pod" in options.formats):
        with out.stage("tts/pod"):
            _write_exports(deck, size, options, out)
        checkpoint()
    if cards and "shop" in options.formats:
        with out.stage("shop"):
            _write_shops(deck, options, out)
        checkpoint()
    if cards and "png" in options.formats:
        from ..draw.png import PNG_DPI

        png_dir = out.game_dir / "png"
        png_dir.mkdir(exist_ok=True)
        for c in deck.faces + deck.backs:
            out.queue_png(c.svg, png_dir / f"{c.slug}.png", PNG_DPI, c.kind)


def _sources(deck: RenderedDeck) -> list:
    """For each face then back, "sha256:…" of the card SVG written to svg/: what every picture
    of the card notes it shows (`cardgen check` holds the picture to that SVG)."""
    import hashlib

    return ["sha256:" + hashlib.sha256(c.svg.encode("utf-8")).hexdigest() for c in deck.faces + deck.backs]


def _write_exports(deck: RenderedDeck, size: CardSize, options: BuildOptions, out: Output) -> None:
    """Tabletop Simulator sheets (cards without bleed) and print-on-demand PNGs (1/8 in bleed)."""
    if "tts" in options.formats:
        from ..export.tts import write_tts

        art = deck.at_bleed(0.0)

        def url_for(path: Path) -> str:  # the file's name, found beside the JSON wherever the kit is moved
            return options.base_url + path.name if options.base_url else path.name

        # a class set's images are named for it: copied into one Tabletop Simulator folder, sets never collide
        stem = f"{deck.game}-{out.sub}" if out.sub else deck.game
        for path in write_tts(out.game_dir / "tts", stem, deck.title, art, url_for, options.jobs,
                              deck.look.theme.fonts, sources=_sources(deck)):
            out.add(path, "tts", path.suffix[1:])
    if "pod" in options.formats:
        from ..export.pod import POD_BLEED_MM, write_pod

        art = deck.at_bleed(POD_BLEED_MM)
        for path in write_pod(out.game_dir / "pod", deck.game, art, (size.width, size.height), options.jobs,
                              deck.look.theme.fonts, deck.renders, _sources(deck)):
            out.add(path, "pod", path.suffix[1:])


def _write_shops(deck: RenderedDeck, options: BuildOptions, out: Output) -> None:
    """Each shop's folder, shop/<slug>/, the deck drawn with the shop's bleed (not --bleed);
    shops (and the print-on-demand images) with the same bleed and pixel size share the
    drawing and the rendering."""
    from ..export.shop import write_shop
    from ..settings import shops_of

    chosen = shops_of(options)
    for slug in chosen:
        for path, kind, fmt in write_shop(out.game_dir / "shop", deck.game, deck.title, deck.at_bleed,
                                          options.card_size, slug, options.jobs, deck.look.theme.fonts, options.proof,
                                          deck.renders, meta_of=out.meta, sources=_sources(deck)):
            out.add(path, kind, fmt)
    out.params["shops"] = tuple(chosen)


def _write_sheets(*args):
    """documents/sheets.py's write_sheets, imported (with reportlab's font machinery) only for a
    sheet the store does not hold."""
    from ..documents.sheets import write_sheets

    return write_sheets(*args)


def _write_pdfs(deck: RenderedDeck, size: CardSize, options: BuildOptions, out: Output, sheets: bool,
                reprint: "tuple | None", beside: "CardPdfs | None" = None, aids: tuple = ()) -> None:
    """The card and back PDFs (here, or by the process beside), then (sheets) the home-print
    sheets made from their pages: the whole deck, or a reprint of the cards named."""
    from ..layout.imposition import SheetSpec, impose
    from ..draw.pdf import write_pages
    from ..settings import printer_correction, printer_margins

    fonts = deck.look.theme.fonts
    page_mm = (size.width + 2 * options.bleed, size.height + 2 * options.bleed)
    faces_pdf = out.game_dir / f"{deck.game}-cards.pdf"
    backs_pdf = out.game_dir / f"{deck.game}-back.pdf"
    # made here, not left to the thread that writes the SVGs meanwhile: a PDF from the store is
    # written at once, before that thread may have made a class set's folder
    out.game_dir.mkdir(parents=True, exist_ok=True)
    faces_meta, backs_meta = _faces_meta(deck, out), _backs_meta(deck, out)
    if beside is not None:  # drawing already (write_deck sent it the SVGs)
        if sheets:  # what the sheets need, made ready meanwhile
            import pikepdf  # noqa: F401

            from ..draw.fonts import register_reportlab_fonts

            register_reportlab_fonts(fonts, ("text",))
        out.timings["card pdf"] = out.timings.get("card pdf", 0.0) + beside.wait()
    else:
        with out.stage("card pdf"):
            write_pages([c.svg for c in deck.faces], faces_pdf, faces_meta, page_mm, fonts, options.bleed)
            write_pages([c.svg for c in deck.backs], backs_pdf, backs_meta, page_mm, fonts, options.bleed)
    out.add(faces_pdf, "faces", "pdf")
    out.add(backs_pdf, "back", "pdf")
    if options.proof:
        from ..documents.proof import write_proof
        from ..model.sizes import SAFE_MM

        proof = out.game_dir / f"{deck.game}-cards-proof.pdf"
        with out.stage("proof"):
            write_proof(faces_pdf, proof, SAFE_MM, fonts, out.meta("proof", plural(len(deck.faces), "card")))
        out.add(proof, "proof", "pdf")
    if not sheets:
        return
    correction = printer_correction(options)
    printed = []
    stem, title = ("reprint", f"{deck.title} reprint") if reprint else ("print", deck.title)
    count = len(reprint) if reprint else len(deck.faces)
    aids = () if reprint else tuple(a for a in aids if a.sides)
    on_sheets = _write_aid_pdf(deck, aids, page_mm, options, out) if aids else None
    aid_count = len(on_sheets[1]) if on_sheets else 0
    for paper in papers(options.paper):
        spec = SheetSpec(paper, size.width, size.height, options.bleed, options.layout, title, printer_margins(options))
        path = out.game_dir / f"{deck.game}-{stem}-{paper.name}.pdf"
        detail = plural(count, 'card') + (f" and {plural(aid_count, 'player aid card')}" if aid_count else "")
        with out.stage("home-print pdf"):
            args = (impose(spec, count + aid_count), faces_pdf, backs_pdf, deck.back_of, options.bleed, path,
                    out.meta(stem, f"{detail}, {paper.name}, {options.layout}"), fonts, correction,
                    list(reprint) if reprint else None, on_sheets)
            from .. import cache
            from ..partstore import kept_file

            kept_file("home-print", {"args": args, "fonts": cache.fonts_inputs(fonts)}, path,
                      lambda: _write_sheets(*args), root=out.game_dir)
        out.add(path, stem, "pdf")
        printed.append(paper.name)
    c, margins = correction, printer_margins(options)
    out.params["home_print"] = record.HomePrint(
        tuple(printed), options.layout,
        record.Printer(tuple(float(v) for v in c.back_offset), float(c.back_rotation), tuple(float(v) for v in c.scale),
                       None if margins is None else tuple(float(v) for v in margins)),
        reprint, tuple(record.Aids(a.game, len(a.sides), a.copies) for a in aids))


def _write_aid_pdf(deck: RenderedDeck, aids: tuple, page_mm: tuple, options: BuildOptions, out: Output) -> tuple:
    """<game>-player-aids.pdf: each aid's cards once, a page each at the deck's page size (the
    sheets copy them from it, as they copy the cards from <game>-cards.pdf); and the page of
    each aid card on the sheets, in print order: every aid's sets one after the other."""
    from ..draw.pdf import write_pages

    sides = [svg for a in aids for svg in a.sides]
    path = out.game_dir / f"{deck.game}-player-aids.pdf"
    with out.stage("player aid cards"):
        write_pages(sides, path, out.meta("player-aids", plural(len(sides), "card")), page_mm, deck.look.theme.fonts,
                    options.bleed)
    out.add(path, "player-aids", "pdf")
    order, first = [], 0
    for a in aids:
        order += [first + i for _ in range(a.copies) for i in range(len(a.sides))]
        first += len(a.sides)
    return path, order


TUCKBOX_PNG_DPI = 200


@dataclass(frozen=True)
class BoxSpec:
    """What a game's box says and shows: its words (documents/boxtext.py), the cards its
    front fans out (slugs, in the order dealt) and how the kit differs from the reference game."""
    text: object
    fan: tuple
    edition: str = ""


def typeface(theme: Theme) -> str:
    """The type's name for a credits line, with its licence when it is one cardgen ships."""
    from .. import paths

    bundled = Path(theme.fonts.folder) == Path(str(paths.folder("cardgen.fonts")))
    return f"{theme.fonts.family} (SIL Open Font License)" if bundled else theme.fonts.family


def box_facts(game_facts, package, faces, options: BuildOptions, theme: Theme, also=None, decks: int = 1):
    """The facts a box's words are made from: the deck's own counts of each kind of face,
    the parts this build prints beside it, the type's name."""
    from collections import Counter

    from ..model.package import BoxFacts
    from ..settings import parts_of

    return BoxFacts(game_facts, package, dict(Counter(face.kind for face in faces)), tuple(parts_of(options)),
                    decks, also, typeface(theme))


def write_tuckboxes(out: Output, options: BuildOptions, deck: RenderedDeck, title: str, ground: str,
                    box: BoxSpec) -> None:
    """Boxes for every face the print job prints (the deck's own list, so a card added to
    the deck is counted), one page per paper: <game>-tuckbox-<paper>.svg/.pdf/.png; a deck
    too thick for one box on the paper gets equal boxes, <game>-tuckbox-box<i>-<paper>.*"""
    if not out.wants("box"):
        return
    from ..design.tuckbox import tuckbox_svg
    from ..layout.boxfit import BOX_FITS
    from ..layout.tuckbox import boxes_for

    fit = BOX_FITS[options.box_fit]
    thickness = options.card_thickness if options.card_thickness is not None else fit.card_mm
    cards = len(deck.faces)
    by_slug = {face.slug: face.svg for face in deck.faces}
    fan = [by_slug[slug] for slug in box.fan if slug in by_slug]
    with out.stage("tuck box"):
        size = deck.look.size
        chosen = papers(options.paper)
        boxes = boxes_for(size.width, size.height, cards, thickness, chosen, fit)
        each = -(-cards // boxes)
        out.params["tuckbox"] = record.Tuckbox(tuple(p.name for p in chosen), cards, fit.name, thickness, boxes)
        for i in range(1, boxes + 1):
            pages = {paper: tuckbox_svg(deck.game, title, each, size.width, size.height, fit, thickness, paper,
                                        ground, options.low_ink, deck.look.theme, box.text, fan, box.edition, (i, boxes))
                     for paper in chosen}
            stem = f"{deck.game}-tuckbox" if boxes == 1 else f"{deck.game}-tuckbox-box{i}"
            write_page_svgs(out, pages, "tuckbox", stem, options.formats, TUCKBOX_PNG_DPI, deck.look.theme,
                            printer=options, detail=f"box {i} of {boxes}" if boxes > 1 else "")


def write_page_svgs(out: Output, pages: dict, kind: str, stem: str, formats, png_dpi: int, theme: Theme,
                    printer: "BuildOptions | None" = None, detail: str = "") -> None:
    """Single-page documents (sheets, boxes): SVG always, PDF and PNG as asked.

    pages maps a Paper to the SVG text drawn on it; files are named stem-<paper>.<ext>.
    With printer (the options), the PDF page is scaled as the [printer] profile asks,
    so what is measured on paper is what the SVG says."""
    for paper, svg in pages.items():
        out.write_text(f"{stem}-{paper.name}.svg", svg, kind)
    if "pdf" in formats:
        from ..draw.pdf import svg_size_mm, write_pages

        for paper, svg in pages.items():
            path = out.game_dir / f"{stem}-{paper.name}.pdf"
            mm = svg_size_mm(svg)
            page_map = None
            if printer is not None:
                from ..settings import printer_correction

                page_map = printer_correction(printer).page(*mm)
            write_pages([svg], path, out.meta(kind, ", ".join(filter(None, (detail, paper.name)))), mm, theme.fonts,
                        page_map=page_map)
            out.add(path, kind, "pdf")
    if "png" in formats:
        for paper, svg in pages.items():
            out.queue_png(svg, out.game_dir / f"{stem}-{paper.name}.png", png_dpi, kind)
