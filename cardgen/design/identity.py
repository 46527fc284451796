"""The kit's identity: the edition's name and the house mark, drawn the same on every
back, box and cover.

The house mark is our own abstract drawing: a rounded tile holding two stacked rings (an
eight seen as two loops), the same turned half a turn, so it can sit on a card back.
Beside it the edition's name ("Home Edition"); with a game's name before it, the edition
line a box or cover prints ("Str8 Eight — Home Edition"). Nothing here names the software.
"""
from __future__ import annotations

from html import escape

from .templating import fmt

EDITION = "Home Edition"


def edition_line(title: str) -> str:
    """The edition line of a game: "Str8 Eight — Home Edition"."""
    return f"{title} — {EDITION}"


def mix(a: str, b: str, t: float) -> str:
    """The color t of the way from a to b (sRGB, #rrggbb)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def house_mark(cx: float, cy: float, size: float, color: str, ground: str) -> str:
    """The house mark, size mm square, centred on (cx, cy): a tile of color with two rings
    of the ground stacked in it."""
    h = size / 2
    r = size * 0.2
    ring = size * 0.075
    tile = (f'<rect x="{fmt(cx - h)}" y="{fmt(cy - h)}" width="{fmt(size)}" height="{fmt(size)}" '
            f'rx="{fmt(size * 0.22)}" fill="{color}"/>')
    rings = "".join(f'<circle cx="{fmt(cx)}" cy="{fmt(cy + s * (r + ring / 2) * 0.92)}" r="{fmt(r)}" fill="none" '
                    f'stroke="{ground}" stroke-width="{fmt(ring)}"/>' for s in (-1, 1))
    return f'<g data-mark="house-mark">{tile}{rings}</g>'


def edition_width(size: float, fonts, text: str = EDITION) -> float:
    """How wide edition_mark draws: the mark, a gap and the name in bold capitals."""
    from . import textfit

    return size * 1.7 + textfit.width_mm(text.upper(), fonts.file("bold"), size)


def edition_mark(cx: float, baseline: float, size: float, fonts, color: str, ground: str,
                 text: str = EDITION) -> str:
    """The house mark and the edition's name in capitals beside it, the pair centred on cx;
    size is the type's size in mm."""
    mark = size * 1.25
    text_width = edition_width(size, fonts, text) - size * 1.7
    gap = size * 0.45
    left = cx - (mark + gap + text_width) / 2
    cap = size * 0.72
    return (f'<g data-mark="edition">{house_mark(left + mark / 2, baseline - cap / 2, mark, color, ground)}'
            f'<text x="{fmt(left + mark + gap)}" y="{fmt(baseline)}" font-family="{fonts.role("text")}" '
            f'font-weight="700" font-size="{fmt(size)}" fill="{color}">'
            f'{escape(text.upper())}</text></g>')


def edition_html(title: str = "") -> str:
    """The edition mark for a web page's header: the house mark (an inline SVG drawn in the
    text's color, its rings in the header's ground: a page's CSS paints `.edition circle`)
    and the edition's name as text; with a title, the edition line ("Str8 Eight — Home
    Edition"). Needs no font metrics: the page sets the words."""
    mark = house_mark(5, 5, 10, "currentColor", "#ffffff")
    words = escape(edition_line(title) if title else EDITION)
    return (f'<p class="edition" data-mark="edition"><svg class="house-mark" viewBox="0 0 10 10" width="20" height="20" '
            f'aria-hidden="true" focusable="false">{mark}</svg><span>{words}</span></p>')
