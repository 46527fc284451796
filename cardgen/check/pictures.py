"""Every copy of the deck's pictures shows the card its place says, read from the files alone.

A deck is drawn again and again: the card PDF, the 300-DPI PNGs, the print-on-demand
images, each print shop's upload (a PDF page or an image a side) and the Tabletop
Simulator sheets' cells. The home-print sheets are held to the card PDF by what each form
draws (a digest of its content); here every other copy is held to the card SVGs the same
way, by what is the same and what differs: two places whose pictures are the same drawing
(the same page content, the same image bytes, the same pixels of a sheet's cell) must hold
the same card as the rules tell cards apart (its kind, value, cell, letter, suit, rank,
direction), never two different cards. So a page replaced by a copy of another (the
DriveThruCards PDF's page 6 made page 7's), or an image by another card's image
(MakePlayingCards' front-012.png by front-013.png), is caught, with no drawing redone.
Copies of one card (the pass cards, a second deck's faces) may share a picture.
"""
from __future__ import annotations

import hashlib
import struct
from pathlib import Path

from .report import GameReport
from .safefile import Refused, guard

IDENTITY = ("kind", "value", "cell", "direction", "points", "letter", "suit", "rank")  # not data-deck: decks alike


def png_header(path: Path) -> "tuple[int, int, float | None, dict]":
    """Width, height, DPI (None without pHYs) and tEXt notes of a PNG, read from its chunks
    up to the image data (never decoded)."""
    with open(guard(path), "rb") as fh:
        if fh.read(8) != b"\x89PNG\r\n\x1a\n":
            raise ValueError("not a PNG")
        width = height = 0
        dpi, notes = None, {}
        for _ in range(64):
            head = fh.read(8)
            if len(head) < 8:
                break
            length, kind = struct.unpack(">I4s", head)
            if kind == b"IDAT" or length > 1 << 20:
                break
            body = fh.read(length)
            fh.read(4)
            if kind == b"IHDR":
                width, height = struct.unpack(">II", body[:8])
            elif kind == b"pHYs" and len(body) == 9 and body[8] == 1:
                dpi = struct.unpack(">I", body[:4])[0] * 0.0254
            elif kind == b"tEXt" and b"\0" in body:
                key, _, value = body.partition(b"\0")
                notes[key.decode("latin-1")] = value.decode("latin-1")
        if not width or not height:
            raise ValueError("no IHDR")
        return width, height, dpi, notes


def card_identities(deck_dir: Path, slugs: "list | tuple") -> list:
    """What each card is by the rules, read from its SVG (None when it cannot be read: its
    own check reports it)."""
    def identity(root) -> tuple:
        shown = {k: root.get(f"data-{k}") for k in IDENTITY}
        if root.get("data-large-print") == "yes":  # a large-print face prints no cell line: 3 × 4 looks as 4 × 3
            shown["cell"] = None
        return tuple(shown.values())
    return _each_card(deck_dir, slugs, identity)


def _each_card(deck_dir: Path, slugs: "list | tuple", read) -> list:
    """read(root) of each card's parsed SVG, in the slugs' order (None for a card that cannot be read)."""
    from . import svgread

    found = []
    for slug in slugs:
        try:
            root = svgread.parse(deck_dir / "svg" / f"{slug}.svg")
        except svgread.Unreadable:
            found.append(None)
            continue
        found.append(read(root))
    return found


def file_digest(path: Path) -> "str | None":
    try:
        return hashlib.sha256(guard(path).read_bytes()).hexdigest()
    except (Refused, OSError):
        return None  # reported by the check that reads the file


def same_pictures(places: list, digests: list, slugs: list, identities: list, report: GameReport,
                  file_of) -> int:
    """places: a label for each picture ("page 6", "front-012.png"), in the order of slugs;
    digests: what each draws (None: unread). Places drawn alike must hold one card: where
    they do not, the places holding fewer of its cards are the copies (reported each), and
    on a tie both are named. file_of(i): the file a violation names. Returns how many lines."""
    groups: dict = {}
    for i, digest in enumerate(digests):
        if digest is not None and identities[i] is not None:
            groups.setdefault(digest, []).append(i)
    wrong = 0
    for members in groups.values():
        by_card: dict = {}
        for i in members:
            by_card.setdefault(identities[i], []).append(i)
        if len(by_card) < 2:
            continue
        sizes = sorted((len(v) for v in by_card.values()), reverse=True)
        if sizes[0] > sizes[1]:  # the copies are the places holding another card than most
            most = max(by_card.values(), key=len)
            for i in members:
                if i not in most:
                    report.fail(file_of(i), slugs[i], f"{places[i]} is the same picture as {places[most[0]]}, which "
                                f"shows {slugs[most[0]]}: a copy of another card's picture, not {slugs[i]}")
                    wrong += 1
        else:
            i, j = members[0], next(m for m in members if identities[m] != identities[members[0]])
            report.fail(file_of(j), slugs[j], f"{places[i]} and {places[j]} are the same picture, though they hold "
                        f"different cards ({slugs[i]}, {slugs[j]}): one is a copy of the other's")
            wrong += 1
    return wrong


def pdf_page_digests(path: Path) -> "list | None":
    """What each page of a PDF draws (its content streams' digest), or None if unreadable."""
    from . import memo, pdfread

    def read() -> list:
        with pdfread.open_pdf(path) as pdf:
            return [pdfread.content_digest(pdfread.page_content(p)) for p in pdf.pages]

    try:
        return memo.kept("page-content-digests", pdfread.file_digest(path), read)
    except Exception:  # noqa: BLE001 - reported by the checks that measure the file
        return None


def sheet_cell_digests(path: Path, cols: int, rows: int) -> "list | None":
    """The digest of each cell's pixels of a Tabletop Simulator sheet, row by row."""
    from PIL import Image

    try:
        with Image.open(guard(path)) as im:
            if im.width % cols or im.height % rows or im.width * im.height > 40_000_000:
                return None
            im = im.convert("RGB")
            w, h = im.width // cols, im.height // rows
            return [hashlib.sha256(im.crop((c * w, r * h, (c + 1) * w, (r + 1) * h)).tobytes()).hexdigest()
                    for r in range(rows) for c in range(cols)]
    except Exception:  # noqa: BLE001 - Pillow raises many types; reported by the sheet's own checks
        return None


SOURCE_KEY = "cardgen-source"  # a PNG's tEXt note: "sha256:<hex>" of the SVG it was drawn from
SOURCES_KEY = "cardgen-sources"  # a Tabletop Simulator sheet's: its slots' card SVGs, the hidden slot last


def drawn_from(png: Path, svg: Path, report: GameReport, rel, card: str = "-") -> bool:
    """A PNG cardgen drew from an SVG names that SVG's sha256 (a tEXt note, as the preview's
    thumbnails carry): it must be the SVG beside it in this folder, so a card's PNG swapped
    with another's, or a sheet's PNG from another build, is caught. False when reported."""
    try:
        said = png_header(png)[3].get(SOURCE_KEY, "")
    except (Refused, OSError, ValueError):
        return True  # reported by the checks that measure the image
    want = file_digest(svg)
    if want is None:
        return True  # the SVG's own check reports it
    if said != f"sha256:{want}":
        which = f"{svg.name} beside it" if svg.parent == png.parent else f"{svg.stem} ({rel(svg)})"
        report.fail(rel(png), card, f"not a picture of {which} (" + (
            "it names another card SVG: a card or sheet of another place or build)" if said else
            "it does not name the SVG it shows, as every picture cardgen draws does)"))
        return False
    return True


def check_sources(paths: list, slugs: list, deck_dir: Path, report: GameReport, rel) -> int:
    """Each card picture (a print-on-demand image, a shop's image) names the card SVG in
    svg/ it shows: the one its place holds. Returns the number reported."""
    wrong = 0
    for path, slug in zip(paths, slugs):
        if path.is_file() and not drawn_from(path, deck_dir / "svg" / f"{slug}.svg", report, rel, slug):
            wrong += 1
    return wrong


def check_page_pngs(game_dir: Path, report: GameReport, rel) -> int:
    """Every PNG of a game's pages (sequence sheet, atlas, tuck box …) held to its SVG: the
    number checked."""
    checked = 0
    for png in sorted(game_dir.glob("*.png")):
        svg = png.with_suffix(".svg")
        if svg.is_file() and not png.is_symlink():
            drawn_from(png, svg, report, rel)
            checked += 1
    return checked


def card_words(deck_dir: Path, slugs: "list | tuple") -> list:
    """The texts each card's SVG draws, in document order (None: unreadable): what its PDF
    page must say, read back as a reader copies it."""
    from . import svgread

    def texts(root) -> tuple:
        said = (" ".join("".join(el.itertext()).split()) for el in root.iter() if svgread.local(el.tag) == "text")
        return tuple(t for t in said if t)
    return _each_card(deck_dir, slugs, texts)


MAX_SAID = 3  # pages named a file at most, then a count


def pages_say(path: Path, slugs: list, words: list, report: GameReport, file: str) -> int:
    """Each page of a PDF of the cards (the card PDF, a shop's upload) says what the card its
    place names draws: the words a reader copies from page i are card i's, in order. A page
    swapped with another, or replaced by another card's, is named with the card it shows.
    Returns the number of pages that differ (None pages, unread)."""
    from . import memo, pdfread

    def read() -> list:  # the words of every page, kept by the file's digest
        with pdfread.open_pdf(path) as pdf:
            return [tuple(t for t in (" ".join(line.split()) for line in pdfread.page_text(pdf, i).split("\n")) if t)
                    for i in range(1, len(pdf.pages) + 1)]

    try:
        said = memo.kept("page-words", pdfread.file_digest(path), read)
    except Exception:  # noqa: BLE001 - reported by the checks that measure the file
        return 0
    if len(said) != len(slugs):
        return 0  # the page count is reported
    whose = {}
    for slug, w in zip(slugs, words):
        whose.setdefault(w, slug)
    wrong = []
    for i, (slug, want, got) in enumerate(zip(slugs, words, said), 1):
        if want is not None and got != want:
            other = whose.get(got)
            wrong.append(f"page {i} shows {other}, where {slug} goes: another card's page" if other else
                         f"page {i} does not say what {slug} says ({' / '.join(want[:4])[:60]!r}): it says "
                         f"{' / '.join(got[:4])[:60]!r}")
    for line in wrong[:MAX_SAID]:
        report.fail(file, "-", line)
    if len(wrong) > MAX_SAID:
        report.fail(file, "-", f"and {len(wrong) - MAX_SAID} more pages that are not the card their place names")
    return len(wrong)
