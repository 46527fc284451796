"""What a kit will look like and take, before it is built: sample cards of each chosen game
drawn by the games' own designs, one print sheet laid out by the imposition the build uses,
the tuck box drawn by its design, and how many sheets of card stock the kit takes (with the
card size that takes the fewest). The web face's live preview (`cardgen serve`) shows these;
nothing here writes a file.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .builders import GAMES
from .settings import DECK_GAMES, printer_margins

SAMPLES = 3  # sample faces of each deck shown


@dataclass(frozen=True)
class DeckSheets:
    game: str
    title: str
    cards: int  # faces printed (every class set's)
    per_sheet: int
    turned: bool
    sheets: int  # card sheets
    boxes: int  # tuck box sheets


@dataclass(frozen=True)
class SheetPlan:
    paper: str
    decks: tuple  # DeckSheets
    plain: bool  # the kit prints rules and sheets on plain paper too

    @property
    def card_sheets(self) -> int:
        return sum(d.sheets + d.boxes for d in self.decks)


def deck_games(options) -> tuple:
    """The chosen games with a deck of their own (FourScore is played with Str8 Eight's)."""
    chosen = options.games or tuple(GAMES)
    own = [g for g in chosen if g in DECK_GAMES]
    if "fourscore" in chosen and "str8eight" not in own:
        own.insert(0, "str8eight")
    return tuple(g for g in DECK_GAMES if g in own)


def edition(options=None) -> str:
    """The edition mark the preview's header shows (design/identity.py): the house mark and
    "Home Edition", or for a kit of one deck its edition line ("Str8 Eight — Home Edition")."""
    from .design.identity import edition_html

    games = deck_games(options) if options is not None else ()
    return edition_html(GAMES[games[0]].title if len(games) == 1 else "")


def _model(game: str, options):
    if game == "str8eight":
        from .model.str8eight import build_deck

        return build_deck(options.table_size, options.pass_cards // 2)
    if game == "eights":
        from .model.eights import build_deck

        return build_deck()
    from .model.crazy_eights import build_deck

    return build_deck(options.decks, options.ace_value)


def _design(game: str):
    from .design import crazy_eights, eights, str8eight

    return {"str8eight": str8eight, "eights": eights, "crazy-eights": crazy_eights}[game]


@lru_cache(maxsize=256)
def _count(game: str, table_size: int, pass_cards: int, decks: int, ace_value: int) -> int:
    from types import SimpleNamespace

    return _face_count(game, SimpleNamespace(table_size=table_size, pass_cards=pass_cards, decks=decks,
                                             ace_value=ace_value))


def face_count(game: str, options) -> int:
    """The faces a deck prints, as the game's design lists them."""
    return _count(game, options.table_size, options.pass_cards, options.decks, options.ace_value)


def _face_count(game: str, options) -> int:
    """The faces a deck prints, as the game's design lists them."""
    model = _model(game, options)
    if game == "str8eight":
        return len(model.number_cards) + len(model.pass_cards)
    if game == "eights":
        return len(model) + 1  # the reference card
    return len(model)


def _subset(game: str, model, first: "int | None" = None):
    """A few cards of the model deck: the first ones (a sheet), or a sample of each kind."""
    if game == "str8eight":
        numbers = model.number_cards
        if first is not None:
            take = numbers[:first]
            return replace(model, number_cards=take, pass_cards=model.pass_cards[:max(0, first - len(take))])
        middle = next((c for c in numbers if c.row > 1 and c.col > 1 and c.row != c.col), numbers[-1])
        picks = (numbers[0], middle)
        return replace(model, number_cards=picks, pass_cards=model.pass_cards[:1] or ())
    if first is not None:
        return model[:first]
    if game == "eights":
        return [model[0], model[len(model) // 3]]
    ace, eight, king = (next(c for c in model if c.rank == r) for r in ("A", "8", "K"))
    return [ace, eight, king]


_arts: dict = {}


def _render(game: str, cards, options, theme):
    """The game's design drawing these cards (a model deck or a list of them), kept by what
    the drawing depends on, so the sample, the sheet and the box share it."""
    slugs = tuple(c.slug for c in (cards.number_cards + cards.pass_cards if game == "str8eight" else cards))
    key = (game, slugs, tuple(getattr(options, n) for n in _LOOK))
    if key not in _arts:
        if len(_arts) >= 4 * _KEEP:
            _arts.pop(next(iter(_arts)))
        from .design.kept import kept_deck

        _arts[key] = kept_deck(_design(game).render_deck, cards, look(options, theme))
    return _arts[key]


def look(options, theme):
    from .builders.deckfiles import look_for
    from .model.sizes import card_size

    return look_for(options, theme, card_size(options.card_size))


def sample_cards(game: str, options, theme):
    """A few faces of the game's deck and its back (DeckArt), drawn by its design."""
    return _render(game, _subset(game, _model(game, options)), options, theme)


def set_cards(game: str, options, theme) -> list:
    """Class sets: one sample face of each set, with the set's mark laid over it as the build
    lays it (design/setmark.py): [(letter, SVGCard)]."""
    from .design.setmark import mark_deck, set_letter

    art = sample_cards(game, options, theme)
    one = type(art)((art.faces[-1],), art.backs, (art.back_of[-1],))
    return [(set_letter(i), mark_deck(one, game, i, theme.fonts.role_map).faces[0]) for i in range(options.sets)]


def _spec(options, paper):
    from .layout.imposition import SheetSpec
    from .model.sizes import card_size

    size = card_size(options.card_size)
    return SheetSpec(paper, size.width, size.height, options.bleed, options.layout, margins=printer_margins(options))


def sheet_plan(options, paper_name: "str | None" = None) -> SheetPlan:
    """The card sheets and tuck-box sheets the kit takes on one paper (the first the options
    print on, or paper_name)."""
    from .layout.boxfit import BOX_FITS
    from .layout.paper import papers
    from .layout.tuckbox import boxes_for
    from .model.sizes import card_size
    from .settings import parts_of

    paper = next(p for p in papers(options.paper) if paper_name in (None, p.name))
    parts = parts_of(options)
    size = card_size(options.card_size)
    fit = BOX_FITS[options.box_fit]
    thickness = options.card_thickness if options.card_thickness is not None else fit.card_mm
    decks = []
    for game in deck_games(options):
        faces = face_count(game, options)
        count, turned = _per_sheet(_spec(options, paper))
        sets = options.sets
        sheets = math.ceil(faces / count) * sets if "print" in parts else 0
        boxes = boxes_for(size.width, size.height, faces, thickness, [paper], fit) * sets if "box" in parts else 0
        decks.append(DeckSheets(game, GAMES[game].title, faces * sets, count, turned, sheets, boxes))
    plain = bool({"rules", "sheet", "pads", "teacher"} & set(parts))
    return SheetPlan(paper.name, tuple(decks), plain)


@lru_cache(maxsize=256)
def _per_sheet(spec) -> tuple:
    from .layout.imposition import per_sheet

    return per_sheet(spec)


def fewest(options) -> "tuple[str, int] | None":
    """The card size (among those every chosen deck takes) whose kit takes the fewest card
    sheets, and that count, when it takes fewer than the size chosen; else None."""
    from .errors import CardgenError
    from .model.sizes import CARD_SIZES
    from .settings import BY_NAME

    now = sheet_plan(options).card_sheets
    best = None
    for size in BY_NAME["card_size"].choices:
        if size == options.card_size or size not in CARD_SIZES:
            continue
        if size == "mini" and "str8eight" in deck_games(options):
            continue  # the Str8 Eight faces need a wider card
        try:
            other = replace(options, card_size=size)
        except CardgenError:
            continue
        count = sheet_plan(other).card_sheets
        if count < now and (best is None or count < best[1]):
            best = (size, count)
    return best


_ROOT = re.compile(r"^\s*(<\?xml[^>]*\?>)?\s*<svg\b([^>]*)>", re.S)


def inline(svg: str, prefix: str, css_class: str = "") -> str:
    """A whole SVG document as an element of a web page: no XML declaration, no size of its
    own (the page sizes it), its ids made unique with prefix."""
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}-{m.group(1)}"', svg)
    svg = re.sub(r'url\(#([^)]+)\)', lambda m: f"url(#{prefix}-{m.group(1)})", svg)
    svg = re.sub(r'href="#([^"]+)"', lambda m: f'href="#{prefix}-{m.group(1)}"', svg)

    def root(m):
        attrs = re.sub(r'\s(width|height)="[^"]*"', "", m.group(2))
        cls = f' class="{css_class}"' if css_class else ""
        return f'<svg{attrs}{cls} role="img">'
    return _ROOT.sub(root, svg, count=1)


def _inner(svg: str) -> str:
    """The drawing inside a card's root <svg> element."""
    body = _ROOT.sub("", svg, count=1)
    return body[:body.rindex("</svg>")]


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def sheet_svg(options, theme, game: str) -> str:
    """The first home-print sheet of the game's deck, laid out by the build's imposition
    (layout/imposition.py) with the deck's first cards as its design draws them."""
    from .layout.imposition import impose
    from .layout.paper import papers

    paper = papers(options.paper)[0]
    spec = _spec(options, paper)
    faces = face_count(game, options)
    page = impose(spec, faces)[0]
    shown = max(p.card for p in page.placements) + 1
    art = _render(game, _subset(game, _model(game, options), shown), options, theme)
    cards = list(art.faces)
    w, h = spec.card_w, spec.card_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(page.width)} {_fmt(page.height)}">',
           f'<rect width="{_fmt(page.width)}" height="{_fmt(page.height)}" fill="#ffffff"/>', "<defs>"]
    for i, p in enumerate(page.placements):
        c = p.clip
        out.append(f'<clipPath id="sheet-clip-{i}"><rect x="{_fmt(c.x)}" y="{_fmt(c.y)}" width="{_fmt(c.w)}" '
                   f'height="{_fmt(c.h)}"/></clipPath>')
    out.append("</defs>")
    for i, p in enumerate(page.placements):
        if p.card >= len(cards):
            continue
        t = p.trim
        if p.turn == 1:
            move = f"translate({_fmt(t.x)} {_fmt(t.y + t.h)}) rotate(-90)"
        elif p.turn == -1:
            move = f"translate({_fmt(t.x + t.w)} {_fmt(t.y)}) rotate(90)"
        else:
            move = f"translate({_fmt(t.x)} {_fmt(t.y)})"
        body = inline(_inner(cards[p.card].svg), f"s{i}")
        out.append(f'<g clip-path="url(#sheet-clip-{i})"><g transform="{move}">{body}</g></g>')
    for m in page.marks:
        dash = ' stroke-dasharray="1 1"' if m.dashed else ""
        out.append(f'<line x1="{_fmt(m.x1)}" y1="{_fmt(m.y1)}" x2="{_fmt(m.x2)}" y2="{_fmt(m.y2)}" '
                   f'stroke="#000" stroke-width="0.2"{dash}/>')
    out.append("</svg>")
    del w, h
    return "\n".join(out)


def box_svg(options, theme, game: str) -> str:
    """The game's tuck box on the first paper, drawn by its design with the box's words."""
    from .builders.deckfiles import box_facts
    from .design.tuckbox import tuckbox_svg
    from .documents.boxtext import box_text
    from .layout.boxfit import BOX_FITS
    from .layout.paper import papers
    from .layout.tuckbox import boxes_for
    from .model.sizes import card_size

    paper = papers(options.paper)[0]
    size = card_size(options.card_size)
    fit = BOX_FITS[options.box_fit]
    thickness = options.card_thickness if options.card_thickness is not None else fit.card_mm
    cards = face_count(game, options)
    boxes = boxes_for(size.width, size.height, cards, thickness, [paper], fit)
    each = -(-cards // boxes)
    model = _model(game, options)
    if game == "eights":
        kinds = [_Kind("letter")] * len(model) + [_Kind("reference")]
    elif game == "crazy-eights":
        kinds = [_Kind("card")] * len(model)
    if game == "str8eight":
        from .builders.str8eight import box_words, fan_cards, _resolve
        from .model.facts import str8eight_facts

        # FourScore alone is drawn with Str8 Eight's deck: a sequence length is checked (and
        # meant) only when Str8 Eight is chosen
        length = options.sequence_length if "str8eight" in (options.games or ("str8eight",)) else None
        facts = str8eight_facts(options.table_size, options.pass_cards, length or None,
                                options.scaffold, options.large_print)
        slugs = [c.slug for c in model.number_cards] + [p.slug for p in model.pass_cards]
        wanted = [_resolve(name, slugs) for name in fan_cards(facts)]
        by_slug = {c.slug: c for c in model.number_cards}
        fan_model = replace(model, number_cards=tuple(by_slug[s] for s in wanted if s in by_slug),
                            pass_cards=tuple(p for p in model.pass_cards if p.slug in wanted))
        fan_art = _render(game, fan_model, options, theme)
        kinds = [_Kind("number")] * len(model.number_cards) + [_Kind("pass")] * len(model.pass_cards)
        words = box_words(facts, kinds, options, theme)
        order = {s: i for i, s in enumerate(wanted)}
        fan = [c.svg for c in sorted(fan_art.faces, key=lambda c: order.get(c.slug, 99))]
        ground, title, edition = theme.tokens.color("str8eight.back"), GAMES[game].title, facts.edition
    elif game == "eights":
        from .builders.eights import _resolve, fan_cards
        from .model.facts import eights_facts
        from .model.package import eights_package

        facts = eights_facts()
        words = box_text(game, box_facts(facts, eights_package(), kinds, options, theme))
        wanted = [_resolve(n, [c.slug for c in model]) for n in fan_cards()]
        fan = _fan(game, [c for c in model if c.slug in wanted], wanted, options, theme)
        ground, title, edition = theme.tokens.color("eights.back"), GAMES[game].title, ""
    else:
        from .builders.crazy_eights import FAN, _resolve
        from .design.crazy_eights import back_color
        from .model.facts import crazy_eights_facts
        from .model.package import crazy_eights_package

        facts = crazy_eights_facts(options.decks, options.ace_value)
        words = box_text(game, box_facts(facts, crazy_eights_package(options.decks), kinds, options, theme,
                                         decks=options.decks))
        wanted = [_resolve(n, []) for n in FAN]
        fan = _fan(game, [c for c in model if c.slug in wanted], wanted, options, theme)
        ground, title, edition = back_color(theme.tokens, 1), GAMES[game].title, facts.edition
    return tuckbox_svg(game, title, each, size.width, size.height, fit, thickness, paper, ground, options.low_ink,
                       theme, words, fan, edition, (1, boxes))


def _fan(game: str, cards: list, wanted: list, options, theme) -> list:
    """The fanned cards' SVGs, drawn by the game's design, in the fan's order."""
    by_slug = {c.slug: c.svg for c in _render(game, cards, options, theme).faces}
    return [by_slug[s] for s in wanted if s in by_slug]


@dataclass(frozen=True)
class _Kind:
    kind: str


# what each part's drawing depends on: a change elsewhere (the paper, say) keeps the cards drawn
_LOOK = ("card_size", "bleed", "low_ink", "scaffold", "large_print", "font", "fonts_dir", "font_files", "back_art",
         "table_size", "pass_cards", "decks", "ace_value")
_SHEET = _LOOK + ("paper", "layout", "printer_margin")
_KEEP = 128
_drawings: dict = {}


def _cached(options, part: str, game: str):
    names = _LOOK if part == "cards" else _LOOK + ("sets",) if part == "sets" else _SHEET if part == "sheet" \
        else None
    key = (part, game, tuple(getattr(options, n) for n in names) if names else options)
    if key not in _drawings:
        if len(_drawings) >= _KEEP:
            _drawings.pop(next(iter(_drawings)))
        _drawings[key] = _draw(options, part, game)
    return _drawings[key]


def _draw(options, part: str, game: str):
    from .theme import theme_for

    theme = theme_for(options)
    if part == "cards":
        return sample_cards(game, options, theme)
    if part == "sets":
        return set_cards(game, options, theme)
    if part == "sheet":
        return sheet_svg(options, theme, game)
    return box_svg(options, theme, game)


def drawn(options, part: str, game: str = ""):
    """sample_cards, sheet_svg or box_svg of these options, kept for the next ask (options
    are frozen and compare by value)."""
    return _cached(options, part, game)
