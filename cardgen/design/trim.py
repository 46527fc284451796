"""A card SVG cut at its trim line: what a player holds after cutting.

Our card SVGs declare their trim size (data-trim-mm); moving the viewBox in to it
drops the bleed without drawing the card again, so the cards rendered for printing
also serve the booklets' pictures and the HTML preview's thumbnails.
"""
from __future__ import annotations

import re


def trimmed(svg: str) -> str:
    """The same card with its bleed cut off (unchanged when it declares no trim size)."""
    m = re.search(r'data-trim-mm="([\d.]+),([\d.]+)"', svg)
    if not m:
        return svg
    w, h = m.group(1), m.group(2)
    head, rest = svg.split("<svg", 1)
    tag, body = rest.split(">", 1)
    tag = re.sub(r'\swidth="[^"]*"', f' width="{w}mm"', tag, count=1)
    tag = re.sub(r'\sheight="[^"]*"', f' height="{h}mm"', tag, count=1)
    tag = re.sub(r'\sviewBox="[^"]*"', f' viewBox="0 0 {w} {h}"', tag, count=1)
    return f"{head}<svg{tag}>{body}"
