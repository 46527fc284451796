"""Read the machine-readable contract (data-* attributes) back out of built SVGs."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

SVG_NS = "{http://www.w3.org/2000/svg}"
_TRANSLATE = re.compile(r"translate\(\s*([-\d.eE+]+)[\s,]+([-\d.eE+]+)\s*\)")


class Unreadable(Exception):
    """The file is not an SVG we can parse."""


MAX_SVG_BYTES = 32 << 20  # a back with art embedded holds a few MB; a card a few kB
MAX_ELEMENTS = 50_000  # the largest SVG cardgen writes (a 12 × 12 sequence sheet) has about 1,300


def parse(path: Path):
    """The root element, parsed without entity expansion or external fetches, and refused
    past MAX_ELEMENTS as it is read: a 240 MB file of 60 million empty elements took 6 GB
    before it failed (the bytes alone are no bound: an element can be four of them).

    The file is read once (at most MAX_SVG_BYTES) and handed to the parser in one piece:
    fed 16 kB at a time, expat scanned a long comment again from its start with every
    piece, so the time grew with the square of its length (six 31 MB comments: 296 s).
    A tree is kept by the sha256 of the bytes it was parsed from, so the deck's checks and
    the legibility check, which both read every card SVG, parse each once."""
    from xml.etree.ElementTree import ParseError

    from defusedxml.common import DefusedXmlException

    from .safefile import Refused, guard

    try:
        with open(guard(path, MAX_SVG_BYTES), "rb") as fh:
            data = fh.read(MAX_SVG_BYTES + 1)
    except (OSError, Refused) as exc:
        raise Unreadable(str(exc)) from None
    if len(data) > MAX_SVG_BYTES:  # grown since it was measured
        raise Unreadable(f"more than {MAX_SVG_BYTES} bytes, more than cardgen writes: refused, not read")
    key = hashlib.sha256(data).hexdigest()
    if key in _PARSED:
        return _PARSED[key]
    try:
        root = parse_bytes(data)
    except (DefusedXmlException, ParseError) as exc:
        raise Unreadable(str(exc)) from None
    if len(_PARSED) >= MAX_KEPT:
        _PARSED.clear()
    _PARSED[key] = root
    return root


_PARSED: dict = {}  # sha256 of an SVG's bytes -> its root (shared: a check that changes a tree copies it)
MAX_KEPT = 1024  # trees kept at most: a deck's cards and sheets, a few MB


def forget() -> None:
    """Let the trees go: a check is over (a server checks many folders in one process)."""
    _PARSED.clear()


class _Counted(Exception):
    pass


def parse_bytes(data: bytes):
    """An SVG's root from its bytes, in one pass of the parser (no entities, nothing fetched),
    the elements counted as they are met. ParseError, DefusedXmlException or Unreadable."""
    from xml.etree.ElementTree import TreeBuilder

    from defusedxml.ElementTree import DefusedXMLParser

    class Builder(TreeBuilder):
        count = 0

        def start(self, tag, attrs):
            Builder.count += 1
            if Builder.count > MAX_ELEMENTS:
                raise _Counted()
            return super().start(tag, attrs)

    parser = DefusedXMLParser(target=Builder())
    try:
        parser.feed(data)
        return parser.close()
    except _Counted:
        raise Unreadable(f"more than {MAX_ELEMENTS:,} elements, far more than cardgen writes: "
                         "refused, not read further") from None


def local(tag: str) -> str:
    return tag[len(SVG_NS):] if tag.startswith(SVG_NS) else tag


def with_attr(root, name: str) -> list:
    """Every element (root included) that carries the attribute, in document order."""
    return [el for el in root.iter() if name in el.attrib]


def translation(el) -> "tuple[float, float] | None":
    m = _TRANSLATE.search(el.get("transform", ""))
    return (float(m.group(1)), float(m.group(2))) if m else None


def drawn_fill(el) -> "str | None":
    """The fill of the first shape inside an element: the color it is actually drawn in."""
    for child in el.iter():
        if local(child.tag) in ("path", "rect", "polygon", "circle") and child.get("fill"):
            return child.get("fill").lower()
    return None


def as_int(text) -> "int | None":
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def card_roots(game: str, game_dir: Path, report, rel):
    """(file, root) for each card SVG of a game, reporting unreadable or foreign files."""
    svg_dir = game_dir / "svg"
    if not svg_dir.is_dir():
        report.fail(f"{game}/svg", "-", "folder missing: the checker reads the card SVGs")
        return
    for path in sorted(svg_dir.glob("*.svg")):
        file = rel(path)
        try:
            root = parse(path)
        except Unreadable as exc:
            report.fail(file, "-", f"not a readable SVG ({exc})")
            continue
        if root.get("data-game") != game:
            report.fail(file, "-", f"data-game is {root.get('data-game')!r}, expected {game!r}")
            continue
        misnamed = named_otherwise(path.stem, root)
        if misnamed:  # two cards' files swapped: the deck is whole, but a reprint by name prints the other
            report.fail(file, "-", misnamed)
        yield file, root


_NAMES = {  # a card's file name (without .svg) from what it draws: {attribute} filled in, # a count
    "number": "{value:03d}-{cell}", "pass": "pass-{direction}-#", "letter": "{suit}-#-{letter}",
    "card": "{deck}-{suit}-{rank}", "reference": "reference",
}


def named_otherwise(stem: str, root) -> "str | None":
    """Why a card's file name is not the one cardgen gives the card it draws, or None. The
    name is what --cards, the print-shop and Tabletop Simulator files and a person go by."""
    kind = root.get("data-kind")
    if kind == "back":
        want = "back" if root.get("data-deck") is None else f"back-{root.get('data-deck')}"
    elif kind in _NAMES:
        values = {k: root.get(f"data-{k}") or "" for k in ("cell", "direction", "suit", "letter", "deck", "rank")}
        values["letter"] = values["letter"].lower()  # Eights: 1-1-e.svg draws an E
        want = _NAMES[kind].format(**values, value=as_int(root.get("data-value")) or 0)
    else:
        return None  # a kind the game's checks report
    pattern = r"\d+".join(re.escape(part) for part in want.split("#"))
    if re.fullmatch(pattern, stem):
        return None
    return f"named {stem}.svg, but it draws the card cardgen names {want.replace('#', 'N')}.svg: files swapped " \
           "or renamed"
