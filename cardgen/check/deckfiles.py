"""Checks shared by every deck: the card and back PDFs, the home-print sheets, the
tuck boxes and the PNGs: page counts, page sizes, pixel sizes and resolution."""
from __future__ import annotations

from pathlib import Path

from ..words import plural
from . import pdfread
from ..record import PARTS
from .exports import check_exports
from .homeprint import check_home_print
from .paper import PAPERS
from .shop import check_shops
from .report import GameReport

PNG_DPI = 300
# What a box must hold, by --box-fit, from what card stock and sleeves measure (stated
# here, not imported from the layout code): a sleeve's two films added to each card's
# thickness, its seams to the width and height, and the room added to width and height,
# and to the depth, so the deck slides in.
BOX_FITS = {  # name: (sleeve mm, sleeve width +, sleeve height +, room, depth room)
    "plain": (0.0, 0.0, 0.0, 2.0, 2.0),
    "heavy": (0.0, 0.0, 0.0, 2.0, 2.0),
    "penny-sleeves": (0.08, 2.5, 2.1, 2.0, 3.0),
    "sleeves": (0.12, 2.5, 2.1, 2.0, 3.0),
    "premium-sleeves": (0.20, 2.5, 2.1, 2.0, 3.0),
    "double-sleeves": (0.30, 3.5, 3.6, 2.0, 3.0),
}
# What a box's contents line calls each kind of face, and how a face's slug in the record
# says its kind (the checker's own reading of the slugs, not the builder's code).
BOX_KINDS = {
    "str8eight": (("number card", lambda slug: not slug.startswith("pass-")),
                  ("pass card", lambda slug: slug.startswith("pass-"))),
    "eights": (("letter card", lambda slug: slug != "reference"), ("scoring card", lambda slug: slug == "reference")),
    "crazy-eights": (("playing card", lambda slug: True),),
}
# the record's entries that each part fills (None, or empty, when it was not built)
PART_ENTRIES = {"print": ("home_print",), "box": ("tuckbox",), "sheet": ("sequence_sheet", "atlas"),
                "teacher": ("teacher",)}
PDF_ONLY = ("print", "teacher")  # parts that are PDFs: absent from the record without --format pdf
STR8EIGHT_ONLY = ("sheet", "teacher")
OPTIONAL = ("teacher",)  # left out of a build that is not for a class: not a partial build


def check_parts(rec, report: GameReport, parts_here: tuple) -> None:
    """What the record says was built agrees with the parts it lists; the summary says
    which parts a partial build (--only, --cards) left out, so a reader knows what was
    not checked."""
    built = set(rec.parts)
    for part, entries in PART_ENTRIES.items():
        if part not in parts_here:
            continue
        for entry in entries:
            listed = getattr(rec, entry, None) is not None
            if part not in built and listed:
                report.fail("manifest.json", "-", f"the record lists {entry} though the build left out '{part}'")
            elif part in built and not listed and part not in PDF_ONLY:
                report.fail("manifest.json", "-", f"the build made '{part}' but the record lists no {entry}")
    rules = getattr(rec, "rules", None)
    if rules is not None and "rules" not in built and (rules.booklet or rules.fold or rules.reference):
        report.fail("manifest.json", "-", "the record lists rule booklets though the build left out 'rules'")
    if rules is not None and "pads" not in built and (rules.scorepad or rules.tournament):
        report.fail("manifest.json", "-", "the record lists score pads though the build left out 'pads'")
    skipped = [p for p in parts_here if p not in built and p not in OPTIONAL]
    if skipped:
        report.summary.append(f"a partial build: made {', '.join(p for p in parts_here if p in built) or 'only the card SVGs'}; "
                              f"left out and not checked: {', '.join(skipped)} (cardgen build --only)")


def check_deck_files(game: str, game_dir: Path, rec, faces: int, backs: int, report: GameReport, rel) -> None:
    """The outputs every deck has: card and back PDFs, home-print sheets, PNGs, tuck boxes.

    faces and backs: how many the rules say the deck has, checked against the record too."""
    if (len(rec.deck.faces), len(rec.deck.backs)) != (faces, backs):
        report.fail("manifest.json", "-", f"the record lists {plural(len(rec.deck.faces), 'face')} and "
                    f"{plural(len(rec.deck.backs), 'back')}; the rules make {faces} and {backs}")
    check_parts(rec, report, PARTS if game == "str8eight" else tuple(p for p in PARTS if p not in STR8EIGHT_ONLY))
    from .sets import deck_dirs

    for deck_dir in deck_dirs(game_dir, rec):  # the game's folder, or each class set's
        said = len(report.summary)
        _check_pdfs(game, deck_dir, rec, faces, backs, report, rel)
        check_home_print(game, deck_dir, rec, report, rel)
        _check_pngs(deck_dir, rec, faces + backs, report, rel)
        from .pictures import check_page_pngs

        check_page_pngs(deck_dir, report, rel)
        check_shops(game, deck_dir, rec, report, rel)  # a class set's marked deck has its own shop files
        check_exports(game, deck_dir, rec, report, rel, deck_dir.name[4:].upper() if deck_dir != game_dir else "")
        if deck_dir != game_dir:  # name the set the lines speak of
            report.summary[said:] = [f"{deck_dir.name}/{line}" for line in report.summary[said:]]
    _check_tuckboxes(game, game_dir, rec, report, rel)


def _check_tuckboxes(game: str, game_dir: Path, rec, report: GameReport, rel) -> None:
    """The boxes hold every face the deck prints (equal boxes when it takes several); the
    inside is the card plus what its fit needs (sleeves, room), and as deep as a box's
    share of the deck; the net's panels have those sizes;
    the sheet says to print on card stock; the PDF is one page of the paper."""
    from . import svgread

    info = rec.tuckbox
    if info is None:
        return
    if info.cards != len(rec.deck.faces):
        report.fail("manifest.json", "tuck box", f"sized for {info.cards} cards; the deck prints "
                    f"{len(rec.deck.faces)}")
    if info.fit not in BOX_FITS:
        report.fail("manifest.json", "tuck box", f"unknown box fit {info.fit!r}: one of {', '.join(BOX_FITS)}")
        return
    sleeve, sleeve_w, sleeve_h, room, depth_room = BOX_FITS[info.fit]
    w, h = rec.card.trim_mm
    each = -(-info.cards // info.boxes)  # equal boxes share the deck
    want = (w + sleeve_w + room, h + sleeve_h + room, each * (info.card_thickness_mm + sleeve) + depth_room)
    stems = [f"{game}-tuckbox"] if info.boxes == 1 else [f"{game}-tuckbox-box{i}" for i in range(1, info.boxes + 1)]
    for stem, name in ((stem, name) for stem in stems for name in info.papers):
        path = game_dir / f"{stem}-{name}.svg"
        if not path.exists():
            report.fail(rel(path), "tuck box", "missing")
            continue
        try:
            root = svgread.parse(path)
        except svgread.Unreadable as exc:
            report.fail(rel(path), "tuck box", f"not a readable SVG ({exc})")
            continue
        try:
            inner = tuple(float(v) for v in root.get("data-inner-mm", "").split(","))
        except ValueError:
            inner = ()
        if root.get("data-kind") != "tuckbox" or len(inner) != 3:
            report.fail(rel(path), "tuck box", "root lacks data-kind=\"tuckbox\" or data-inner-mm=\"W,H,D\"")
            continue
        if any(abs(a - b) > 0.05 for a, b in zip(inner, want)):
            report.fail(rel(path), "tuck box", "inside {} mm, expected {} for {} cards of {} mm ({})".format(
                " × ".join(f"{v:g}" for v in inner), " × ".join(f"{round(v, 2):g}" for v in want), each,
                info.card_thickness_mm, info.fit))
        stock = " ".join("".join(el.itertext()) for el in svgread.with_attr(root, "data-note"))
        if "card stock" not in stock:
            report.fail(rel(path), "tuck box", "the sheet does not say to print it on card stock")
        for problem in box_words_problems(game, root, rec.deck.faces, each) + box_look_problems(root):
            report.fail(rel(path), "tuck box", problem)
        sizes = {el.get("data-panel"): (float(el.get("width")), float(el.get("height")))
                 for el in svgread.with_attr(root, "data-panel") if el.get("data-panel") in ("front", "spine", "lid")}
        expect = {"front": want[:2], "spine": (want[2], want[1]), "lid": (want[0], want[2])}
        for panel, (pw, ph) in expect.items():
            got = sizes.get(panel)
            if got is None or abs(got[0] - pw) > 0.05 or abs(got[1] - ph) > 0.05:
                report.fail(rel(path), "tuck box", f"{panel} panel is {got}, expected {pw:g} × {ph:g} mm")
        pdf = path.with_suffix(".pdf")
        if pdf.exists():
            paper = PAPERS.get(name)
            page = pdf_page_sizes(pdf, report, rel)
            if page is not None and (len(page) != 1 or paper is None or abs(page[0][0] - paper[0]) > 0.1
                                     or abs(page[0][1] - paper[1]) > 0.1):
                report.fail(rel(pdf), "tuck box", f"pages {page}, expected one {name} page")
        if not any(v.file == rel(path) for v in report.violations):
            report.summary.append(f"{path.name}: inside " + " × ".join(f"{v:g}" for v in inner) + f" mm ({info.fit}, "
                                  f"{each} cards)")


def box_words_problems(game: str, root, faces: tuple, each: int) -> list:
    """What a box says about its cards against the deck in the record: the front's count
    is this box's share, and the back's contents line names each kind of face with the
    number the deck prints (an absent kind, none)."""
    import re

    from . import svgread

    said = {el.get("data-face"): " ".join(" ".join(el.itertext()).split())
            for el in svgread.with_attr(root, "data-face")}
    problems = []
    count = re.search(r"(\d+) cards$", said.get("count", ""))
    if not count or int(count.group(1)) != each:
        problems.append(f"the front says {said.get('count', 'nothing')!r}, the box holds {each} cards")
    contents = said.get("contents", "")
    for noun, is_kind in BOX_KINDS.get(game, ()):
        want = sum(1 for slug in faces if is_kind(slug))
        stated = [1 if n in ("a", "an", "one") else int(n)
                  for n in re.findall(rf"\b(\d+|an?|one) {noun}s?\b", contents)]
        if (stated or [0]) != [want]:
            problems.append(f"the contents say {stated[0] if stated else 'no'} {noun}s, the deck has {want}")
    return problems


# what a line may not end on or start with: a product or an equation split at its operator
# ("8 ×" / "8"), a number parted from its unit ("30" / "min")
BREAK_OPERATORS = ("×", "=")
BREAK_UNITS = frozenset({"mm", "cm", "in", "pt", "min", "minutes", "gsm", "lb", "%"})
OUTSIDE_PANELS = ("front", "back", "spine", "side", "lid", "bottom")  # what the closed box shows


def broken_lines(lines: list) -> list:
    """The places a run of lines (one paragraph, in order) breaks inside a product or between
    a number and its unit: (end of one line, start of the next) pairs."""
    import re

    out = []
    for a, b in zip(lines, lines[1:]):
        last, first = (a.split() or [""])[-1], (b.split() or [""])[0]
        if last in BREAK_OPERATORS or first in BREAK_OPERATORS or (
                first.rstrip(".,;:)") in BREAK_UNITS and re.fullmatch(r"[(]?\d[\d.,–-]*", last)):
            out.append((last, first))
    return out


def box_look_problems(root) -> list:
    """What the flat box shows wrong, read from its SVG: a face of the closed box in another
    color than the front (the color breaks at the fold), a paragraph whose lines break inside
    a product or between a number and its unit."""
    from . import svgread

    problems = []
    fills = {el.get("data-panel"): (el.get("fill") or "").lower() for el in svgread.with_attr(root, "data-panel")
             if el.get("data-panel") in OUTSIDE_PANELS}
    fills.update({f"{el.get('data-bleed')} bleed": (el.get("fill") or "").lower()
                  for el in svgread.with_attr(root, "data-bleed") if el.get("data-bleed") in OUTSIDE_PANELS})
    front = fills.get("front")
    apart = {}
    for name, fill in fills.items():
        if front and fill != front:
            apart.setdefault(fill, set()).add(name.split()[0])
    for fill, names in sorted(apart.items()):
        shown = [n for n in OUTSIDE_PANELS if n in names]
        problems.append(f"its {', '.join(shown)} {'is' if len(shown) == 1 else 'are'} {fill}, the front {front}: "
                        "the box's color breaks at the folds")
    for el in svgread.with_attr(root, "data-face"):
        lines = [" ".join("".join(t.itertext()).split()) for t in el if svgread.local(t.tag) == "text"]
        for last, first in broken_lines(lines):
            problems.append(f"its {el.get('data-face')} breaks a line between {last!r} and {first!r}")
    return problems


def _check_pdfs(game: str, game_dir: Path, rec, faces: int, backs: int, report: GameReport, rel) -> None:
    want_w, want_h = (v + 2 * rec.card.bleed_mm for v in rec.card.trim_mm)
    cards_pdf = f"{game}-cards.pdf"
    for name, pages in ((cards_pdf, faces), (f"{game}-back.pdf", backs)):
        path = game_dir / name
        if not path.exists():
            continue
        sizes = pdf_page_sizes(path, report, rel)
        if sizes is None:
            continue
        if len(sizes) != pages:
            report.fail(rel(path), "-", f"{plural(len(sizes), 'page')}, expected {pages}")
        for i, (w, h) in enumerate(sizes, 1):
            if abs(w - want_w) > 0.1 or abs(h - want_h) > 0.1:
                report.fail(rel(path), f"page {i}", f"{w:.1f} × {h:.1f} mm, expected {want_w:.1f} × {want_h:.1f}")
                break
        if name == cards_pdf and len(sizes) == pages:
            from . import pictures

            digests = pictures.pdf_page_digests(path) or []
            if len(digests) == pages and pictures.same_pictures(
                    [f"page {i}" for i in range(1, pages + 1)], digests, list(rec.deck.faces),
                    pictures.card_identities(game_dir, rec.deck.faces), report, lambda i: rel(path)):
                continue
            if pictures.pages_say(path, list(rec.deck.faces), pictures.card_words(game_dir, rec.deck.faces), report,
                                  rel(path)):
                continue
            report.summary.append(f"{name}: {pages} pages of {want_w:.1f} × {want_h:.1f} mm, each drawing its own "
                                  "card")


def pdf_page_sizes(path: Path, report: GameReport, rel) -> "list | None":
    from . import memo

    def read() -> list:
        with pdfread.open_pdf(path) as pdf:
            return [pdfread.page_size(p) for p in pdf.pages]

    try:
        return memo.kept("page-sizes", pdfread.file_digest(path), read)
    except pdfread.Unreadable as exc:
        report.fail(rel(path), "-", f"not a readable PDF ({exc})")
    except Exception as exc:  # a damaged page tree shows only when the pages are read
        report.fail(rel(path), "-", f"not a readable PDF ({exc.__class__.__name__}: {exc})")
    return None


def _check_pngs(game_dir: Path, rec, count: int, report: GameReport, rel) -> None:
    png_dir = game_dir / "png"
    if not png_dir.is_dir():
        return
    from PIL import Image

    from .safefile import guard

    w_mm, h_mm = (v + 2 * rec.card.bleed_mm for v in rec.card.trim_mm)
    want = (round(w_mm / 25.4 * PNG_DPI), round(h_mm / 25.4 * PNG_DPI))
    files = sorted(png_dir.glob("*.png"))
    if len(files) != count:
        report.fail(rel(png_dir), "-", f"{len(files)} PNG files, expected {count}")
    for path in files:
        try:
            with Image.open(guard(path)) as im:
                size, dpi = im.size, im.info.get("dpi", (0, 0))
        except Exception as exc:  # Pillow raises many types on damaged files
            report.fail(rel(path), "-", f"not a readable PNG ({exc})")
            continue
        if size != want:
            report.fail(rel(path), "-", f"{size[0]} × {size[1]} px, expected {want[0]} × {want[1]}")
        if round(dpi[0]) != PNG_DPI:
            report.fail(rel(path), "-", f"resolution {dpi[0]:.0f} DPI, expected {PNG_DPI}")
    from . import pictures

    slugs = list(rec.deck.faces) + list(rec.deck.backs)
    paths = [png_dir / f"{slug}.png" for slug in slugs]
    copied = pictures.same_pictures([p.name for p in paths], [pictures.file_digest(p) if p.is_file() else None
                                                              for p in paths],
                                    slugs, pictures.card_identities(game_dir, slugs), report, lambda i: rel(paths[i]))
    for slug, path in zip(slugs, paths):
        if path.is_file() and not pictures.drawn_from(path, game_dir / "svg" / f"{slug}.svg", report, rel, slug):
            copied += 1
    if len(files) == count and not copied:
        report.summary.append(f"png/: {count} images of {want[0]} × {want[1]} px at {PNG_DPI} DPI, each its own card's")
