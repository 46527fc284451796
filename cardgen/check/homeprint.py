"""Check the home-print sheets by what they actually place and draw.

Each sheet page draws pages of <game>-cards.pdf and <game>-back.pdf as forms. Which
card a form shows is told by its content, not its name; where it lands, by the
matrix it is drawn through and the card page's TrimBox. The rules, stated here
rather than imported from the layout code:

- the printer's margins are those recorded (home_print.printer.margins_mm: how close to
  each edge it prints, measured by the calibration sheet), or 5 mm each when none were:
  none counts as less than 3 mm (where marks start); left and right count as the larger
  of the two (a back page mirrors its front), and a gutterfold sheet, landscape, as the
  larger of each pair either turn onto the paper may put it on;
- every face is placed once, at trim size (upright, or turned a quarter: then all
  the cards of the sheet are), inside the margins, in deck order; every sheet but the
  last holds as many cards as fit in a grid, upright or turned, whose cards leave each
  axis 4 mm of printable room (3 mm of mark on every cut line, the two ends together,
  0.3 mm off the cards and 0.2 mm to spare at each end; the last holds the rest);
- duplex: fronts and backs alternate; a long-edge flip puts the back of a card at
  x = page width − x − w and the same y, turned the other way from its face (so that
  it is the same way up after the flip);
- gutterfold: landscape sheets, fronts on the left half with their bleed at least
  2 mm off the fold, each back mirrored across the fold on the same sheet, so folding
  puts it behind its face;
- fronts: fronts only;
- a reprint (<game>-reprint-<paper>.pdf) holds the cards the record names, in that
  order, instead of the whole deck;
- the player aid cards the record names (home_print.aids: each aid's cards, a set for each
  copy) follow the deck in the same grid, each the page of <game>-player-aids.pdf it should
  be, with the deck's first back behind it; the deck's cards are still counted exactly;
- marks: every cut line of every page (fronts and backs alike) shows at least 3 mm of
  mark inside the printer's margins (the page's own: each edge as recorded), drawn thin
  (0.1–0.3 mm); nothing the page strokes itself (marks, fold line, ruler) comes closer
  than 3 mm to the page edge or crosses a card's trim area.

The recorded printer profile is undone first, for the cards and for what the page
strokes: every page was drawn scaled about its centre by 100 / scale; a duplex back
page was then turned (clockwise as the back page is seen) about its centre and moved
by the back offset; on a gutterfold sheet each back, and each mark on a back's cut
line, was turned about the centre of the right half and moved, before the page's scale.
"""
from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

from ..words import plural
from . import pdfread
from .pdfread import IDENTITY, MM_PER_PT, Placed, _times
from .paper import MARGIN_MM, PAPERS
from .report import GameReport

LAYOUTS = ("duplex", "fronts", "gutterfold")
FOLD_CLEAR_MM = 2.0  # gutterfold: a card's bleed stays this far off the fold at least
MARK_EDGE_MM = 3.0  # nothing stroked closer than this to the page edge
MARK_SEEN_MM = 3.0  # mark every cut shows inside the printer's margins
MARK_FIT_MM = MARK_SEEN_MM + 2 * (0.3 + 0.2)  # printable room an axis of a grid leaves beyond its cards
MARK_WIDTH_MM = (0.1, 0.3)  # thin, but there
TOL_MM = 0.1


def sheet_size(layout: str, paper: tuple) -> tuple:
    """Gutterfold sheets are landscape (the fold across the long side); the others portrait."""
    return (paper[1], paper[0]) if layout == "gutterfold" else paper


def sheet_margins(layout: str, recorded: "tuple | None") -> tuple:
    """(top, right, bottom, left) a sheet of this layout keeps, from the recorded margins."""
    top, right, bottom, left = (max(MARK_EDGE_MM, m) for m in (recorded or (MARGIN_MM,) * 4))
    if layout == "gutterfold":
        return max(left, right), max(top, bottom), max(left, right), max(top, bottom)
    return top, max(left, right), bottom, max(left, right)


def per_sheet(layout: str, paper: tuple, card: tuple, bleed: float, margins: tuple) -> int:
    """How many trim-size cards fit a sheet in a grid, upright or turned a quarter, whose
    cards leave each axis MARK_FIT_MM of printable room (gutterfold: across, the left half
    with the bleed kept off the fold)."""
    return grid(layout, paper, card, bleed, margins)[0]


def grid(layout: str, paper: tuple, card: tuple, bleed: float, margins: tuple) -> tuple:
    """(cards a sheet holds, whether turned): the grid holding more, upright on a tie."""
    cols, rows, turned = shape(layout, paper, card, bleed, margins)
    return cols * rows, turned


def shape(layout: str, paper: tuple, card: tuple, bleed: float, margins: tuple) -> tuple:
    """(columns, rows, whether turned) of that grid (gutterfold: the left half's)."""
    width, height = sheet_size(layout, paper)
    top, right, bottom, left = margins
    best = (0, 0, False)
    for turned, (w, h) in ((False, card), (True, card[::-1])):
        room_x = (width / 2 - bleed - FOLD_CLEAR_MM - left if layout == "gutterfold"
                  else width - left - right - MARK_FIT_MM)
        cols = max(0, math.floor((room_x + 1e-9) / w))
        rows = max(0, math.floor((height - top - bottom - MARK_FIT_MM + 1e-9) / h))
        if cols * rows > best[0] * best[1]:
            best = (cols, rows, turned)
    return best


class DeckPages:
    """What each page of the card and back PDFs draws (a content digest) and its TrimBox."""

    def __init__(self, faces_pdf, backs_pdf):
        self.faces = [pdfread.content_digest(pdfread.page_content(p)) for p in faces_pdf.pages]
        self.backs = [pdfread.content_digest(pdfread.page_content(p)) for p in backs_pdf.pages]
        self.trim = {}
        for pdf, digests in ((faces_pdf, self.faces), (backs_pdf, self.backs)):
            for page, digest in zip(pdf.pages, digests):
                self.trim.setdefault(digest, tuple(page.trimbox))

    def kind(self, digest: str) -> "str | None":
        return "face" if digest in self.faces else "back" if digest in self.backs else None


class _Spot:
    """A card placed on a sheet page: which (face digest or back index), its trim rect, and
    its turn (0 upright, 1 counterclockwise, -1 clockwise; None: mirrored or slanted)."""

    def __init__(self, kind: str, shows, rect: tuple, matrix: tuple = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
        self.kind, self.shows = kind, shows
        self.x, self.y, self.w, self.h = rect
        a, b, c, d = (round(v, 3) for v in matrix[:4])
        self.turn = {(1, 0, 0, 1): 0, (0, 1, -1, 0): 1, (0, -1, 1, 0): -1}.get((a, b, c, d))


def _about(cx: float, cy: float, m: tuple) -> tuple:
    return _times(_times((1.0, 0.0, 0.0, 1.0, -cx, -cy), m), (1.0, 0.0, 0.0, 1.0, cx, cy))


def _inverse(m: tuple) -> tuple:
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def _in_points(m: tuple, height_mm: float) -> tuple:
    """A map of page mm (y down from the top) as the same map of PDF points (y up)."""
    k = 1 / MM_PER_PT
    return _times(_times((MM_PER_PT, 0.0, 0.0, -MM_PER_PT, 0.0, height_mm), m), (k, 0.0, 0.0, -k, 0.0, height_mm * k))


def printer_maps(printer, width: float, height: float) -> dict:
    """For each kind of page ("front", "back", "sheet-back"), the map of page mm (y down)
    the recorded printer profile put it through."""
    kx, ky = 100.0 / printer.scale_mm[0], 100.0 / printer.scale_mm[1]
    scale = _about(width / 2, height / 2, (kx, 0.0, 0.0, ky, 0.0, 0.0))
    t = math.radians(printer.back_rotation_deg)
    dx, dy = printer.back_offset_mm

    def turn(cx, cy):
        return _times(_about(cx, cy, (math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0.0, 0.0)),
                      (1.0, 0.0, 0.0, 1.0, dx, dy))
    return {"front": scale, "back": _times(scale, turn(width / 2, height / 2)),
            "sheet-back": _times(turn(width * 3 / 4, height / 2), scale)}


def check_home_print(game: str, game_dir: Path, rec, report: GameReport, rel) -> None:
    info = rec.home_print
    if info is None:
        return
    card, bleed = rec.card.trim_mm, rec.card.bleed_mm
    if info.layout not in LAYOUTS:
        report.fail("manifest.json", "-", f"home_print.layout {info.layout!r} is not one of {', '.join(LAYOUTS)}")
        return
    faces = len(rec.deck.faces)
    seq = list(range(faces)) if info.cards is None else list(info.cards)
    if info.cards is not None and (not seq or any(not 0 <= i < faces for i in seq)):
        report.fail("manifest.json", "-", f"home_print.cards {list(info.cards)[:10]} are not cards of the "
                    f"{faces}-card deck")
        return
    stem = "print" if info.cards is None else "reprint"
    deck = _deck_pages(game, game_dir, rec, report, rel)
    if info.aids and deck is not None:
        aided = _with_aids(game, game_dir, rec, deck, report, rel)
        if aided is None:
            return
        rec, seq = aided[0], seq + aided[1]
    for name in info.papers:
        path = game_dir / f"{game}-{stem}-{name}.pdf"
        if name not in PAPERS:
            report.fail(rel(path), "-", f"unknown paper {name!r} in manifest.json")
            continue
        if not path.exists():
            report.fail(rel(path), "-", "home-print PDF missing")
            continue
        try:
            pdf = pdfread.open_pdf(path)
        except pdfread.Unreadable as exc:
            report.fail(rel(path), "-", f"not a readable PDF ({exc})")
            continue
        with pdf:
            _check_file(pdf, path, name, info, card, bleed, seq, deck, rec, report, rel)


AID_GAMES = {"str8eight": ("str8eight", "fourscore")}  # FourScore's aids may ride on the deck it plays with


def _with_aids(game: str, game_dir: Path, rec, deck: DeckPages, report: GameReport, rel) -> "tuple | None":
    """The record seen with the player aid cards after the deck (their pages of
    <game>-player-aids.pdf as more faces, each with the deck's first back), and the index
    of each aid card the sheets print, in order; None (reported) when the aids cannot be read."""
    import dataclasses

    aids = rec.home_print.aids
    path = game_dir / f"{game}-player-aids.pdf"
    wrong = [a.game for a in aids if a.game not in AID_GAMES.get(game, (game,))]
    if wrong or len({a.game for a in aids}) != len(aids):
        report.fail("manifest.json", "-", f"home_print.aids names {', '.join(wrong) or 'a game twice'}: the "
                    f"{rec.deck.title} sheets carry only {' and '.join(AID_GAMES.get(game, (game,)))} aid cards")
        return None
    try:
        pdf = pdfread.open_pdf(path)
    except (pdfread.Unreadable, FileNotFoundError, OSError):
        report.fail(rel(path), "-", "player aid cards missing or unreadable: the sheets' aid cards cannot be told "
                    "apart")
        return None
    with pdf:
        digests = [pdfread.content_digest(pdfread.page_content(p)) for p in pdf.pages]
        trims = [tuple(p.trimbox) for p in pdf.pages]
    if len(digests) != sum(a.sides for a in aids):
        report.fail(rel(path), "-", f"{plural(len(digests), 'page')}, expected the "
                    f"{sum(a.sides for a in aids)} aid cards the record names")
        return None
    first, names, seq = len(deck.faces), [], []
    for a in aids:
        base = first + len(names)
        names += [f"{a.game} player aid {i + 1}/{a.sides}" for i in range(a.sides)]
        seq += [base + i for _ in range(a.copies) for i in range(a.sides)]
    deck.faces = deck.faces + digests
    for digest, trim in zip(digests, trims):
        deck.trim.setdefault(digest, trim)
    view = dataclasses.replace(rec.deck, faces=tuple(rec.deck.faces) + tuple(names),
                               back_of=tuple(rec.deck.back_of) + (0,) * len(names))
    return dataclasses.replace(rec, deck=view), seq


def _deck_pages(game: str, game_dir: Path, rec, report: GameReport, rel) -> "DeckPages | None":
    """The card and back PDFs read for comparison; None (reported) when they are not the deck's."""
    paths = game_dir / f"{game}-cards.pdf", game_dir / f"{game}-back.pdf"
    if len(rec.deck.back_of) != len(rec.deck.faces) or any(not 0 <= b < len(rec.deck.backs)
                                                           for b in rec.deck.back_of):
        report.fail("manifest.json", "-", f"deck.back_of does not give each of the {len(rec.deck.faces)} faces "
                    f"one of the {len(rec.deck.backs)} backs")
        return None
    try:
        faces, backs = (pdfread.open_pdf(p) for p in paths)
    except pdfread.Unreadable:
        report.fail(rel(paths[0].parent), "home print", "the card or back PDF cannot be read, so the placements "
                    "on the sheets cannot be told apart")
        return None
    with faces, backs:
        if len(faces.pages) != len(rec.deck.faces) or len(backs.pages) != len(rec.deck.backs):
            report.fail(rel(paths[0]), "home print", "the card and back PDFs are not the deck's pages, so the "
                        "placements on the sheets cannot be told apart")
            return None
        return DeckPages(faces, backs)


def _check_file(pdf, path: Path, paper: str, info, card: tuple, bleed: float, seq: list, deck, rec,
                report: GameReport, rel) -> None:
    file = rel(path)
    layout = info.layout
    width, height = sheet_size(layout, PAPERS[paper])
    margins = sheet_margins(layout, info.printer.margins_mm)
    per = per_sheet(layout, PAPERS[paper], card, bleed, margins)
    if per < 1:
        report.fail(file, "-", f"a {card[0]:g} × {card[1]:g} mm card does not fit a {paper} sheet ({layout})")
        return
    faces = len(seq)
    aids = sum(a.sides * a.copies for a in info.aids) if info.cards is None else 0
    sheets = math.ceil(faces / per)
    want_pages = sheets * (2 if layout == "duplex" else 1)
    sizes = [pdfread.page_size(p) for p in pdf.pages]
    if len(sizes) != want_pages:
        report.fail(file, "-", f"{len(sizes)} pages, expected {want_pages} for {faces - aids} cards"
                    + (f" and {aids} player aid cards" if aids else ""))
    bad = [i for i, (pw, ph) in enumerate(sizes, 1) if abs(pw - width) > TOL_MM or abs(ph - height) > TOL_MM]
    if bad:
        pw, ph = sizes[bad[0] - 1]
        report.fail(file, f"page {bad[0]}", f"{pw:.1f} × {ph:.1f} mm, expected {width:.1f} × {height:.1f} ({paper})")
        return
    if deck is None:
        return
    before = len(report.violations)
    maps = printer_maps(info.printer, width, height)
    undo = {k: _inverse(_in_points(m, height)) for k, m in maps.items()}
    pages = _spots(pdf, deck, card, width, height, file, report, rec, layout, undo, margins)
    _check_counts(pages, deck, rec, seq, file, report)
    step = 2 if layout == "duplex" else 1
    for s in range(sheets):
        front_no = 1 + s * step
        back_no = front_no + 1 if layout == "duplex" else front_no
        fronts = [p for p in pages.get(front_no, []) if p.kind == "face"]
        backs = [p for p in pages.get(back_no, []) if p.kind == "back"]
        if layout == "duplex":
            _only(pages.get(front_no, []), "face", front_no, file, report)
            _only(pages.get(back_no, []), "back", back_no, file, report)
        elif layout == "fronts":
            _only(pages.get(front_no, []), "face", front_no, file, report)
        first = s * per
        _check_sheet(fronts, rec, deck, seq[first:first + per], per, front_no, paper, card, file, report, margins)
        if layout == "gutterfold":
            _check_fold(fronts, width, bleed, front_no, rec, deck, file, report)
        if layout != "fronts":
            _check_backs(fronts, backs, width, seq[first:first + per], rec, deck, back_no, file, report)
    recorded = info.printer.margins_mm
    seen = _check_marks(pdf, pages, layout, width, height, maps, file, report, _page_margins(layout, recorded))
    if len(report.violations) == before:
        order = "in deck order" if info.cards is None else "as the reprint names them"
        cards = plural(faces - aids, 'front') + (f" and {plural(aids, 'player aid card')} after them" if aids else "")
        report.summary.append(f"{path.name}: {plural(len(sizes), 'page')} of {paper}, "
                              f"{cards} placed {order}, "
                              f"{per} a sheet ({layout}); every cut shows ≥ {seen:.1f} mm of mark inside "
                              f"{_border_text(recorded)}")


def _border_text(margins: "tuple | None") -> str:
    """How messages name the blank border: the printer's, measured, or 5 mm."""
    if margins is None or len(set(margins)) == 1:
        return f"a {(margins or (MARGIN_MM,))[0]:g} mm blank border"
    return f"the printer's blank border ({'/'.join(f'{m:g}' for m in margins)} mm)"


def _page_margins(layout: str, recorded: "tuple | None") -> tuple:
    """The blank border a printer leaves on a page of this layout (top, right, bottom, left):
    as recorded on a portrait page; on a landscape gutterfold sheet, each edge the larger of
    the two it may land on."""
    top, right, bottom, left = recorded or (MARGIN_MM,) * 4
    if layout == "gutterfold":
        return max(left, right), max(top, bottom), max(left, right), max(top, bottom)
    return top, right, bottom, left


def _spots(pdf, deck: DeckPages, card: tuple, width: float, height: float, file: str, report: GameReport,
           rec, layout: str, undo: dict, margins: tuple) -> dict:
    """Page number -> the cards it places, the printer profile undone; a form showing no
    page of the deck, a card at the wrong size or off the page is reported."""
    pages: dict = {}
    for placed in pdfread.placements(pdf):
        kind = deck.kind(placed.digest)
        if kind is None:
            report.fail(file, f"page {placed.page}", "places a form that shows no page of the card or back PDF")
            continue
        side = ("back" if layout == "duplex" and placed.page % 2 == 0 else
                "sheet-back" if layout == "gutterfold" and kind == "back" else "front")
        if undo[side] != IDENTITY:
            placed = Placed(placed.page, placed.digest, _times(placed.matrix, undo[side]))
        mb = pdf.pages[placed.page - 1].mediabox
        x0, y0, x1, y1 = (float(v) for v in mb)
        rect = placed.rect(deck.trim[placed.digest], abs(y1 - y0), min(y0, y1), min(x0, x1))
        shows = placed.digest if kind == "face" else deck.backs.index(placed.digest)
        spot = _Spot(kind, shows, rect, placed.matrix)
        label = _label(spot, rec, deck)
        want = card[::-1] if spot.turn else card
        if spot.turn is None:
            report.fail(file, f"page {placed.page}", f"{label} is mirrored or slanted, not upright or turned a quarter")
        elif abs(spot.w - want[0]) > TOL_MM or abs(spot.h - want[1]) > TOL_MM:
            report.fail(file, f"page {placed.page}", f"{label} placed at {spot.w:.2f} × {spot.h:.2f} mm, "
                        f"expected the trim size {card[0]:g} × {card[1]:g}{' turned' if spot.turn else ''}")
        top, right, bottom, left = margins if kind == "face" else (0.0,) * 4
        if (spot.x < left - TOL_MM or spot.y < top - TOL_MM or spot.x + spot.w > width - right + TOL_MM
                or spot.y + spot.h > height - bottom + TOL_MM):
            where = "inside the page" if kind == "back" else f"inside {_border_text(margins)}"
            report.fail(file, f"page {placed.page}", f"{label} at x {spot.x:.1f}, y {spot.y:.1f} mm is not {where}")
        pages.setdefault(placed.page, []).append(spot)
    return pages


def _label(spot: _Spot, rec, deck: DeckPages) -> str:
    if spot.kind == "back":
        return f"back {rec.deck.backs[spot.shows]}"
    slugs = [rec.deck.faces[i] for i, d in enumerate(deck.faces) if d == spot.shows]
    return "/".join(slugs[:3]) + ("…" if len(slugs) > 3 else "")


def _check_counts(pages: dict, deck: DeckPages, rec, seq: list, file: str, report: GameReport) -> None:
    """Every face placed as often as it is printed: once each for the deck (a face drawn like
    k others, a second deck, k+1 times in all), as often as named for a reprint."""
    got = Counter(s.shows for spots in pages.values() for s in spots if s.kind == "face")
    want = Counter(deck.faces[i] for i in seq)
    for digest in sorted(set(got) | set(want), key=deck.faces.index):
        if got[digest] != want[digest]:
            label = _label(_Spot("face", digest, (0, 0, 0, 0)), rec, deck)
            report.fail(file, label, f"placed {got[digest]} times, expected "
                        f"{'once' if want[digest] == 1 else f'{want[digest]} times'}")


def _only(spots: list, kind: str, page: int, file: str, report: GameReport) -> None:
    wrong = [s for s in spots if s.kind != kind]
    if wrong:
        report.fail(file, f"page {page}", f"{len(wrong)} {wrong[0].kind}(s) on a page of {kind}s")


def _reading_order(spots: list) -> list:
    return sorted(spots, key=lambda s: (round(s.y), round(s.x)))


def _check_sheet(fronts: list, rec, deck: DeckPages, cards: list, per: int, page: int, paper: str,
                 card: tuple, file: str, report: GameReport, margins: tuple) -> None:
    """As many cards as fit (the rest on the last sheet), not overlapping, in deck order
    (cards: the deck index of each card this sheet should hold)."""
    count = len(cards)
    if len(fronts) != count:
        report.fail(file, f"page {page}", f"holds {len(fronts)} cards, expected {count}: {per} cards of "
                    f"{card[0]:g} × {card[1]:g} mm fit a {paper} sheet, upright or turned, inside "
                    f"{_border_text(margins)} with {MARK_FIT_MM:g} mm left for the marks")
        return
    if len({s.turn for s in fronts}) > 1:
        report.fail(file, f"page {page}", "holds cards turned different ways: a sheet's cards share one grid")
    for i, a in enumerate(fronts):
        for b in fronts[i + 1:]:
            if min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > TOL_MM and min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > TOL_MM:
                report.fail(file, f"page {page}", f"{_label(a, rec, deck)} and {_label(b, rec, deck)} overlap")
    for k, spot in enumerate(_reading_order(fronts)):
        if spot.shows != deck.faces[cards[k]]:
            report.fail(file, f"page {page}", f"place {k + 1} shows {_label(spot, rec, deck)}, where deck order "
                        f"puts {rec.deck.faces[cards[k]]}")


def _check_fold(fronts: list, width: float, bleed: float, page: int, rec, deck, file: str,
                report: GameReport) -> None:
    fold = width / 2
    for spot in fronts:
        if spot.x + spot.w > fold - bleed - FOLD_CLEAR_MM + TOL_MM:
            report.fail(file, f"page {page}", f"{_label(spot, rec, deck)} ends {fold - spot.x - spot.w:.1f} mm "
                        f"before the fold; its bleed needs {bleed + FOLD_CLEAR_MM:g}")


def _check_backs(fronts: list, backs: list, width: float, cards: list, rec, deck: DeckPages, page: int, file: str,
                 report: GameReport) -> None:
    """Each back where the flip (or fold) puts it behind its face, and the back that face has."""
    left = list(backs)
    ordered = _reading_order(fronts)
    in_order = len(fronts) == len(cards) and all(s.shows == deck.faces[cards[k]] for k, s in enumerate(ordered))
    for k, spot in enumerate(ordered):
        x, y = width - spot.x - spot.w, spot.y
        match = next((b for b in left if abs(b.x - x) <= TOL_MM and abs(b.y - y) <= TOL_MM), None)
        if match is None:
            report.fail(file, f"page {page}", f"no back behind {_label(spot, rec, deck)} "
                        f"(expected at x {x:.1f}, y {y:.1f} mm)")
            continue
        left.remove(match)
        if spot.turn is not None and match.turn is not None and match.turn != -spot.turn:
            report.fail(file, f"page {page}", f"the back behind {_label(spot, rec, deck)} is turned the same way "
                        "as its face: after the flip it is upside down")
        if in_order and match.shows != rec.deck.back_of[cards[k]]:
            report.fail(file, f"page {page}", f"behind {_label(spot, rec, deck)} is {_label(match, rec, deck)}, "
                        f"expected back {rec.deck.backs[rec.deck.back_of[cards[k]]]}")
    for b in left:
        report.fail(file, f"page {page}", f"{_label(b, rec, deck)} at x {b.x:.1f}, y {b.y:.1f} mm is behind no face")


def _check_marks(pdf, pages: dict, layout: str, width: float, height: float, maps: dict, file: str,
                 report: GameReport, border: tuple) -> float:
    """Every cut line of each page shows MARK_SEEN_MM of thin mark inside the printer's blank
    border (top, right, bottom, left); nothing stroked near the edge or on a card; all
    measured with the printer profile (maps, page mm) undone. Returns the least mark shown."""
    least = math.inf
    undo = {k: _inverse(m) for k, m in maps.items()}
    for number in range(1, len(pdf.pages) + 1):
        spots = pages.get(number, [])
        if not spots:
            continue
        drawn = pdfread.strokes(pdf, number)
        if layout == "gutterfold":
            lines = _fold_sides(drawn, width, undo)
        else:
            side = "back" if layout == "duplex" and number % 2 == 0 else "front"
            lines = [_undone(s, undo[side]) for s in drawn]
        where = f"page {number}"
        for s in lines:
            if min(s.x1, s.x2, s.y1, s.y2, width - max(s.x1, s.x2), height - max(s.y1, s.y2)) < MARK_EDGE_MM - 0.01:
                report.fail(file, where, f"a line at ({s.x1:.1f}, {s.y1:.1f})–({s.x2:.1f}, {s.y2:.1f}) mm comes closer "
                            f"than {MARK_EDGE_MM:g} mm to the page edge")
                break
        for s in lines:
            hit = next((t for t in spots if _crosses(s, t)), None)
            if hit is not None:
                report.fail(file, where, f"a line at ({s.x1:.1f}, {s.y1:.1f})–({s.x2:.1f}, {s.y2:.1f}) mm crosses a "
                            f"card's trim area (x {hit.x:.1f}, y {hit.y:.1f} mm)")
                break
        for axis, at in _cuts(spots):
            on = [s for s in lines if _on_cut(s, axis, at)]
            thick = [s for s in on if not MARK_WIDTH_MM[0] - 0.005 <= s.width <= MARK_WIDTH_MM[1] + 0.005]
            if thick:
                report.fail(file, where, f"the mark on the cut at {axis} {at:.1f} mm is {thick[0].width:.2f} mm wide, "
                            f"not {MARK_WIDTH_MM[0]:g}–{MARK_WIDTH_MM[1]:g}")
            seen = _inside_border(on, axis, width, height, border)
            least = min(least, seen)
            if seen < MARK_SEEN_MM - 0.01:
                report.fail(file, where, f"the cut at {axis} {at:.1f} mm shows {seen:.1f} mm of mark inside "
                            f"{_border_text(border)}, needs {MARK_SEEN_MM:g}")
    return 0.0 if least == math.inf else least


def _undone(s, m: tuple):
    """A stroke (page mm) through the map m."""
    (x1, y1), (x2, y2) = _apply(m, s.x1, s.y1), _apply(m, s.x2, s.y2)
    a, b, c, d = m[:4]
    return pdfread.Stroke(x1, y1, x2, y2, s.width * math.sqrt(abs(a * d - b * c)))


_apply = pdfread.apply


def _cuts(spots: list) -> list:
    cuts = [("x", v) for v in sorted({round(e, 2) for t in spots for e in (t.x, t.x + t.w)})]
    return cuts + [("y", v) for v in sorted({round(e, 2) for t in spots for e in (t.y, t.y + t.h)})]


def _fold_sides(drawn: list, width: float, undo: dict) -> list:
    """A gutterfold sheet's strokes with the profile undone. The backs' half (the marks on
    the backs' cut lines, the bar in its margin) was drawn through the backs' map: a stroke
    on the right of the fold once that map is undone, and not wholly left of it as drawn,
    is read as the backs'; the rest (the fronts' marks, the fold) as the page's."""
    fold = width / 2
    lines = []
    for s in drawn:
        as_front, as_back = _undone(s, undo["front"]), _undone(s, undo["sheet-back"])
        left = max(as_front.x1, as_front.x2) <= fold + 0.05
        right = min(as_back.x1, as_back.x2) >= fold - 0.05
        lines.append(as_back if right and not left else as_front)
    return lines


def _on_cut(s, axis: str, at: float) -> bool:
    """A segment lying along the cut line (vertical at x = at, or horizontal at y = at)."""
    if axis == "x":
        return abs(s.x1 - at) <= 0.05 and abs(s.x2 - at) <= 0.05
    return abs(s.y1 - at) <= 0.05 and abs(s.y2 - at) <= 0.05


def _inside_border(segments: list, axis: str, width: float, height: float, border: tuple) -> float:
    """Length of the union of collinear segments inside the page less its blank border."""
    top, right, bottom, left = border
    lo, hi = (top, height - bottom) if axis == "x" else (left, width - right)
    spans = sorted((min(a, b), max(a, b)) for s in segments
                   for a, b in [((s.y1, s.y2) if axis == "x" else (s.x1, s.x2))])
    total, reach = 0.0, lo
    for a, b in spans:
        a, b = max(a, reach), min(b, hi)
        if b > a:
            total += b - a
            reach = b
    return total


def _crosses(s, t: _Spot) -> bool:
    """Whether the segment passes through the inside of the card's trim (its edge is allowed)."""
    x0, y0, x1, y1 = t.x + 0.05, t.y + 0.05, t.x + t.w - 0.05, t.y + t.h - 0.05
    (ax, ay), (bx, by) = (s.x1, s.y1), (s.x2, s.y2)
    # Liang–Barsky clipping of the segment to the rectangle
    lo, hi = 0.0, 1.0
    for p, q in ((-(bx - ax), ax - x0), (bx - ax, x1 - ax), (-(by - ay), ay - y0), (by - ay, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            lo = max(lo, r)
        else:
            hi = min(hi, r)
        if lo > hi:
            return False
    return True
