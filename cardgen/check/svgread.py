"""Read the machine-readable contract (data-* attributes) back out of built SVGs."""
from __future__ import annotations

import re
from pathlib import Path

SVG_NS = "{http://www.w3.org/2000/svg}"
_TRANSLATE = re.compile(r"translate\(\s*([-\d.eE+]+)[\s,]+([-\d.eE+]+)\s*\)")


class Unreadable(Exception):
    """The file is not an SVG we can parse."""


def parse(path: Path):
    """The root element, parsed without entity expansion or external fetches."""
    from defusedxml import ElementTree
    from defusedxml.common import DefusedXmlException

    from .safefile import Refused, guard

    try:
        return ElementTree.parse(str(guard(path))).getroot()
    except (ElementTree.ParseError, DefusedXmlException, OSError, Refused) as exc:
        raise Unreadable(str(exc)) from None


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
        yield file, root
