"""Card backs, one designed for each deck, on one plan: the deck's pattern running out
into the bleed, a medallion with the deck's glyph, and the edition's label (the game's
wordmark over the house mark and the edition's name) above it and again, turned, below.

- Str8 Eight ("lattice"): the faces' × lattice in a lighter navy, and around the
  medallion a ring of eight arrow tags in the group colors, all pointing the way round;
- Eights ("argyle"): diamonds of a lighter plum with a fine gold overcheck;
- Crazy Eights ("sunburst"): rays from the middle, as on the wild eight, in each
  deck's own color, and a ring of the four suits twice over.

Every part is centred on the card's middle and repeats itself half a turn round, so a
back reads the same either way up and a card's orientation cannot be read from it. Near
the trim there is only pattern that crosses it (lines at an angle, rays): no frame, no
band or line parallel to the trim within 6 mm of it, so a home duplex's 1–2 mm drift
shows nothing (tests/test_backs.py).
"""
from __future__ import annotations

import math

from markupsafe import Markup

from . import identity, textfit
from .cards import Look
from .templating import fmt, render


def _art_uri(look: Look) -> "tuple[str, tuple] | None":
    """The theme's back art as a data: URI sized for the card, and where it goes (on the
    deck's color, ART_INSET_MM inside the trim); None when the theme has none (the
    lattice is drawn)."""
    art = look.theme.back_art
    if not art:
        return None
    from ..art import back_art_uri

    size = look.size
    x, y = ART_INSET_MM, ART_INSET_MM
    w, h = size.width - 2 * ART_INSET_MM, size.height - 2 * ART_INSET_MM
    key = (str(art), round(w, 3), round(h, 3))
    cache = look.theme.art_cache
    if key not in cache:
        cache[key] = back_art_uri(art, round(w / 25.4 * 300), round(h / 25.4 * 300))
    return cache[key], (x, y, w, h)


# the deck's own color shows around the user's art, so two decks stay apart; its edge stays
# well inside the trim (no thin border there: a 1.5 mm duplex shift would show as uneven margins)
ART_INSET_MM = 6.0


PATTERNS = ("lattice", "argyle", "sunburst")


def scheme(ground: str, low_ink: bool, tokens) -> dict:
    """The back's inks, from the design tokens: on the deck's color a lighter tint of it
    for the pattern, the paper for the medallion, gold for the rings and accents; in low
    ink a white card with the pattern as thin lines of a light tint and the words in the
    deck's color."""
    white, paper, gold = tokens.color("white"), tokens.color("paper"), tokens.color("box.accent")
    common = {"glyph": tokens.type_mm("back_glyph"), "name": tokens.type_mm("back_name"),
              "ring": tokens.mm("stroke.bold"), "line": tokens.mm("stroke.medium"), "deck": ground}
    if low_ink:
        return {**common, "ground": white, "tint": identity.mix(white, ground, 0.22), "fill_pattern": False,
                "accent": identity.mix(white, ground, 0.45), "gold": ground, "medallion": white, "text": ground, "plate": white,
                "plate_text": ground, "plate_accent": ground, "plate_soft": ground, "outline": ground}
    return {**common, "ground": ground, "tint": identity.mix(ground, white, 0.12), "fill_pattern": True,
            "accent": identity.mix(ground, gold, 0.55), "gold": gold, "medallion": paper, "text": ground,
            "plate": ground, "plate_text": white, "plate_accent": gold, "plate_soft": tokens.color("box.soft"),
            "outline": gold}


def _diagonals(x0: float, y0: float, x1: float, y1: float, cx: float, cy: float, pitch: float) -> str:
    """Two sets of diagonal lines crossing (a lattice of × signs) over the box, through
    the point (cx, cy): the same turned half a turn about it."""
    reach = int(((x1 - x0) + (y1 - y0)) / pitch) + 2
    parts = []
    for sign in (1, -1):
        for k in range(-reach, reach + 1):
            c = k * pitch
            ax, bx = x0, x1
            ay, by = cy + sign * (ax - cx) + c, cy + sign * (bx - cx) + c
            t = sorted(((y0 - ay) / (by - ay), (y1 - ay) / (by - ay)))
            lo, hi = max(0.0, t[0]), min(1.0, t[1])
            if hi - lo > 1e-6:
                parts.append(f"M{fmt(ax + (bx - ax) * lo)} {fmt(ay + (by - ay) * lo)}"
                             f"L{fmt(ax + (bx - ax) * hi)} {fmt(ay + (by - ay) * hi)}")
    return "".join(parts)


def _pattern(kind: str, look: Look, s: dict, k: float) -> str:
    size, bleed = look.size, look.bleed
    x0, y0, x1, y1 = -bleed, -bleed, size.width + bleed, size.height + bleed
    cx, cy = size.width / 2, size.height / 2
    fill, tint = s["fill_pattern"], s["tint"]
    if kind == "lattice":
        return (f'<path data-mark="back-pattern" d="{_diagonals(x0, y0, x1, y1, cx, cy, 4.8 * k)}" fill="none" '
                f'stroke="{tint}" stroke-width="{fmt(s["line"] * (0.8 if fill else 1))}"/>')
    if kind == "argyle":
        dw, dh = 5.4 * k, 7.2 * k  # half a diamond's width and height
        nx, ny = int((x1 - x0) / dw / 2) + 2, int((y1 - y0) / dh / 2) + 2
        cells = []
        for i in range(-nx, nx + 1):
            for j in range(-ny, ny + 1):
                if (i + j) % 2:
                    continue
                x, y = cx + i * dw, cy + j * dh
                cells.append(f"M{fmt(x)} {fmt(y - dh)}L{fmt(x + dw)} {fmt(y)}L{fmt(x)} {fmt(y + dh)}L{fmt(x - dw)} {fmt(y)}Z")
        paint = f'fill="{tint}"' if fill else f'fill="none" stroke="{tint}" stroke-width="{fmt(s["line"])}"'
        # the overcheck: fine lines through the diamonds' middles, along their sides
        over = []
        for sign in (1, -1):
            slope = sign * dh / dw
            reach = int((x1 - x0) / dw + (y1 - y0) / dh) + 2
            for m in range(-reach, reach + 1):
                # lines y - cy = slope (x - cx) + (m + 0.5) * 2 dh, clipped to the box
                c = (m + 0.5) * 2 * dh
                ay, by = cy + slope * (x0 - cx) + c, cy + slope * (x1 - cx) + c
                t = sorted(((y0 - ay) / (by - ay), (y1 - ay) / (by - ay)))
                lo, hi = max(0.0, t[0]), min(1.0, t[1])
                if hi - lo > 1e-6:
                    over.append(f"M{fmt(x0 + (x1 - x0) * lo)} {fmt(ay + (by - ay) * lo)}"
                                f"L{fmt(x0 + (x1 - x0) * hi)} {fmt(ay + (by - ay) * hi)}")
        return (f'<path data-mark="back-pattern" d="{"".join(cells)}" {paint}/>'
                f'<path d="{"".join(over)}" fill="none" stroke="{s["accent"]}" stroke-width="{fmt(s["line"] * 0.6)}"/>')
    # sunburst: 48 wedges from the middle, every other one drawn, out past the bleed
    reach = math.hypot(x1 - x0, y1 - y0) / 2 + 1  # past the bleed's corners: the page cuts the rest
    wedges = []
    for i in range(0, 48, 2):
        a0, a1 = math.radians(i * 7.5), math.radians((i + 1) * 7.5)
        wedges.append(f"M{fmt(cx)} {fmt(cy)}L{fmt(cx + reach * math.cos(a0))} {fmt(cy + reach * math.sin(a0))}"
                      f"L{fmt(cx + reach * math.cos(a1))} {fmt(cy + reach * math.sin(a1))}Z")
    paint = f'fill="{tint}"' if fill else f'fill="none" stroke="{tint}" stroke-width="{fmt(s["line"])}"'
    return f'<path data-mark="back-pattern" d="{"".join(wedges)}" {paint}/>'


def _tag_ring(look: Look, cx: float, cy: float, radius: float, k: float, stroke: str) -> str:
    """Str8 Eight's ring: eight small arrow tags round the medallion in four group colors,
    each pointing the way round (opposite tags alike, so the ring is the same turned)."""
    out = []
    h, length, head = 1.5 * k, 6.6 * k, 2.2 * k
    for i in range(8):
        color = look.theme.group_color(i % 4 + 1)
        angle = i * 45 + 22.5
        path = (f"M{fmt(length / 2)} 0L{fmt(length / 2 - head)} {fmt(-h)}L{fmt(-length / 2)} {fmt(-h)}"
                f"L{fmt(-length / 2)} {fmt(h)}L{fmt(length / 2 - head)} {fmt(h)}Z")
        out.append(f'<path transform="rotate({fmt(angle)} {fmt(cx)} {fmt(cy)}) translate({fmt(cx)} {fmt(cy - radius)})" '
                   f'd="{path}" fill="{color}" stroke="{stroke}" stroke-width="{fmt(0.35 * k)}"/>')
    return "".join(out)


def _dot_ring(cx: float, cy: float, radius: float, k: float, s: dict) -> str:
    """A ring of sixteen small gold diamonds round the medallion (Eights)."""
    out = []
    for i in range(16):
        a = math.radians(i * 22.5)
        x, y = cx + radius * math.sin(a), cy - radius * math.cos(a)
        d = (1.3 if i % 2 == 0 else 0.8) * k
        out.append(f"M{fmt(x)} {fmt(y - d)}L{fmt(x + d * 0.75)} {fmt(y)}L{fmt(x)} {fmt(y + d)}L{fmt(x - d * 0.75)} {fmt(y)}Z")
    return f'<path d="{"".join(out)}" fill="{s["gold"]}"/>'


def _emblem(glyph: str, look: Look, cx: float, cy: float, disc_r: float, s: dict, size: float) -> str:
    """The medallion's figure, the same turned half a turn: an eight drawn as two equal
    rings ("8"; with a diamond in each loop on the Crazy Eights back, glyph "8♦"), or a
    letter set twice, upright over turned, with a gold rule between, as a card's index
    reads from both ends ("E")."""
    ink = s["text"]
    if glyph.startswith("8"):
        t = disc_r * 0.17
        r = (disc_r * 1.5 - 2 * t) / 4
        dy = r + t / 2 - t * 0.15
        out = [f'<circle cx="{fmt(cx)}" cy="{fmt(cy + sign * dy)}" r="{fmt(r)}" fill="none" stroke="{ink}" '
               f'stroke-width="{fmt(t)}"/>' for sign in (-1, 1)]
        if glyph.endswith("♦"):
            d = r * 0.62
            out += [f'<path d="M{fmt(cx)} {fmt(y - d)}L{fmt(cx + d * 0.74)} {fmt(y)}L{fmt(cx)} {fmt(y + d)}'
                    f'L{fmt(cx - d * 0.74)} {fmt(y)}Z" fill="{s["deck"]}"/>' for y in (cy - dy, cy + dy)]
        return f'<g data-mark="emblem">{"".join(out)}</g>'
    half = size * 0.55
    cap = look.theme.fonts.cap
    letter = (f'<text x="{fmt(cx)}" y="{fmt(cy - disc_r * 0.12)}" font-family="{look.theme.fonts.role("heavy")}" '
              f'font-size="{fmt(half)}" text-anchor="middle" fill="{ink}">{glyph}</text>')
    rule = (f'<rect x="{fmt(cx - disc_r * 0.55)}" y="{fmt(cy - s["line"] / 2)}" width="{fmt(disc_r * 1.1)}" '
            f'height="{fmt(s["line"])}" fill="{s["outline"]}"/>')
    assert half * cap < disc_r * 0.8
    return (f'<g data-mark="emblem">{rule}{letter}'
            f'<g transform="rotate(180 {fmt(cx)} {fmt(cy)})">{letter}</g></g>')


def _label(title: str, look: Look, s: dict, cx: float, cy: float, w: float, h: float) -> str:
    """The edition's label: a plate with the game's wordmark and, under it, the house mark
    and the edition's name."""
    from .boxart import Scheme, wordmark

    tokens, fonts = look.theme.tokens, look.theme.fonts
    pad = tokens.mm("space.s")
    name = textfit.fit(title, w - 2 * pad - 2, fonts.file("black"), s["name"])
    small = max(tokens.type_mm("min") * 1.05, min(tokens.type_mm("caption"), name * 0.5))
    gap = tokens.mm("space.xs")
    block = name * 0.716 + gap + small * 0.72
    top = cy - block / 2
    colors = Scheme(s["plate"], s["plate_text"], s["plate_soft"], s["plate_accent"], s["plate"])
    plate = (f'<rect x="{fmt(cx - w / 2)}" y="{fmt(cy - h / 2)}" width="{fmt(w)}" height="{fmt(h)}" rx="{fmt(h / 2)}" '
             f'fill="{s["plate"]}" stroke="{s["outline"]}" stroke-width="{fmt(s["ring"] * 0.75)}"/>')
    return (plate + wordmark(title, cx, top + name * 0.716, name, fonts, colors, face="back-wordmark")
            + identity.edition_mark(cx, top + block, small, fonts, s["plate_soft"], s["plate"]))


def back_svg(game: str, look: Look, *, name: str, glyph: str, ground: str, extra_attrs=(), title: str = "",
             pattern: str = "lattice", wordmark: str = "", ornament=None) -> str:
    """A deck's back: pattern is one of PATTERNS; wordmark the game's name as it reads on
    the box (name, in capitals, when not given); ornament, a function (look, cx, cy,
    radius, k, scheme) giving markup for the ring round the medallion (Str8 Eight's tag
    ring when None and the pattern is the lattice)."""
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    art = _art_uri(look)
    if art:
        uri, (x, y, w, h) = art
        return render("cards/back-art.svg.j2", card=size, bleed=bleed, game=game, kind="back",
                      extra_attrs=list(extra_attrs), title=title or f"{name.title()} card back",
                      ground=look.theme.tokens.color("white") if low_ink else ground, uri=uri, x=x, y=y, w=w, h=h)
    s = scheme(ground, low_ink, look.theme.tokens)
    k = min(size.width / 63.5, size.height / 88.9)
    cx, cy = size.width / 2, size.height / 2
    ring_r, disc_r = 17.0 * k, 14.6 * k
    glyph_size = s["glyph"] * k * 0.92
    parts = [f'<rect x="{fmt(-bleed)}" y="{fmt(-bleed)}" width="{fmt(size.width + 2 * bleed)}" '
             f'height="{fmt(size.height + 2 * bleed)}" fill="{s["ground"]}"/>', _pattern(pattern, look, s, k)]
    # the medallion: a ground disc clearing the pattern, the ornament ring, a gold ring, the paper disc
    parts.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(ring_r + 4.6 * k)}" fill="{s["ground"]}" '
                 f'stroke="{s["outline"]}" stroke-width="{fmt(s["line"])}"/>')
    if ornament is not None:
        parts.append(ornament(look, cx, cy, ring_r + 2.2 * k, k, s))
    elif pattern == "lattice":
        parts.append(_tag_ring(look, cx, cy, ring_r + 2.2 * k, k, s["ground"]))
    else:
        parts.append(_dot_ring(cx, cy, ring_r + 2.2 * k, k, s))
    parts.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(ring_r - 0.4 * k)}" fill="{s["outline"]}"/>')
    parts.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(disc_r)}" fill="{s["medallion"]}" '
                 f'stroke="{s["deck"]}" stroke-width="{fmt(s["line"] if low_ink else 0)}"/>')
    parts.append(_emblem(glyph, look, cx, cy, disc_r, s, glyph_size))
    pw, ph = size.width - 2 * 7.5 * k, 13.6 * k
    py = cy - (ring_r + 4.6 * k) - 3.2 * k - ph / 2
    label = _label(wordmark or name, look, s, cx, py, pw, ph)
    for turn in (0, 180):
        parts.append(f'<g data-mark="edition-label" transform="rotate({turn} {fmt(cx)} {fmt(cy)})">{label}</g>')
    return render("cards/back.svg.j2", card=size, bleed=bleed, game=game, kind="back",
                  extra_attrs=list(extra_attrs), title=title or f"{name.title()} card back", body=Markup("".join(parts)))
