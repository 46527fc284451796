"""What a game's box shows, panel by panel: the front (wordmark, a fan of the deck's own
cards, the count), the back (what the game is, players, ages and time as pictograms,
contents, credits) and the spines. The front's art is also the rule booklet's cover
(documents/cover.py). Every panel is markup in its own millimetres, origin at its
top-left corner; the net (design/tuckbox.py) places them.

Words come from the box text (templates/rules/<game>-box.md) and the facts; sizes from
the design tokens, fitted to the panel with the theme's own font metrics (textfit.py),
so a mini card's box and a bridge card's box both keep every word at or above the
smallest size the tokens allow.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from . import icons, identity, textfit
from .fan import fan_svg
from .templating import fmt


@dataclass(frozen=True)
class Scheme:
    """The colors a box or cover is drawn in: the game's dark color with light words, or
    (low ink) white with the game's color for accents."""
    ground: str
    text: str
    soft: str  # secondary words
    accent: str  # the wordmark's accent, the pictograms
    tint: str  # the spines and flaps


def scheme(tokens, ground: str, low_ink: bool) -> Scheme:
    if low_ink:
        return Scheme(tokens.color("white"), tokens.color("ink"), tokens.color("muted"), ground, tokens.color("white"))
    return Scheme(ground, tokens.color("white"), tokens.color("box.soft"), tokens.color("box.accent"),
                  tokens.color("box_tint"))


def _fonts(fonts):
    return {"heavy": fonts.file("black"), "bold": fonts.file("bold"), "text": fonts.file("regular")}


def wordmark_parts(title: str) -> tuple:
    """(before, accent, after): the title's digit ("Str" "8" " Eight"), else its last word
    ("Crazy " "Eights"), else what follows an inner capital ("Four" "Score"), accented."""
    m = re.search(r"\d+", title)
    if m:
        return title[:m.start()], m.group(0), title[m.end():]
    if " " in title:
        head, _, last = title.rpartition(" ")
        return head + " ", last, ""
    m = re.search(r"(?<=[a-z])[A-Z]", title)
    if m:
        return title[:m.start()], title[m.start():], ""
    return title, "", ""


def wordmark(title: str, cx: float, baseline: float, size: float, fonts, colors: Scheme, face: str = "front") -> str:
    """The title centred on cx, its accent part in the accent color: each part a text of
    its own, placed by the font's advances (a space at a run's edge is not kept alike by
    every SVG reader)."""
    file = fonts.file("black")
    parts = wordmark_parts(title)
    x = cx - textfit.width_mm(title, file, size) / 2
    runs = []
    for i, part in enumerate(parts):
        if part.strip():
            lead = len(part) - len(part.lstrip())
            at = x + textfit.width_mm(part[:lead], file, size)
            paint = f' fill="{colors.accent}"' if i == 1 else ""
            runs.append(f'<text x="{fmt(at)}" y="{fmt(baseline)}"{paint}>{escape(part.strip())}</text>')
        x += textfit.width_mm(part, file, size)
    return (f'<g font-family="{fonts.role("heavy")}" font-size="{fmt(size)}" fill="{colors.text}" '
            f'data-face="{face}" data-text="{escape(title)}">{"".join(runs)}</g>')


def _line(text: str, x: float, y: float, size: float, fonts, color: str, weight: str = "400",
          anchor: str = "middle", face: str = "") -> str:
    face_attr = f' data-face="{face}"' if face else ""
    return (f'<text x="{fmt(x)}" y="{fmt(y)}" font-family="{fonts.role("text")}" font-weight="{weight}" '
            f'font-size="{fmt(size)}" text-anchor="{anchor}" fill="{color}"{face_attr}>{escape(text)}</text>')


CAP = 0.72  # cap height of the text faces, as a fraction of the size (Lato, Atkinson close to it)


def front(title: str, cards: list, w: float, h: float, colors: Scheme, tokens, fonts, top_clear: float,
          tagline: str = "", foot: tuple = (), prefix: str = "fan", sizes: tuple = ("wordmark", "small")) -> str:
    """The box front (or the cover's art panel) of w × h mm: the wordmark below top_clear
    (the thumb notch), the tagline, the fanned cards and the foot lines (count, edition).
    sizes: the type tokens of the wordmark and the tagline, at most."""
    files = _fonts(fonts)
    margin = tokens.mm("space.xl")
    size = textfit.fit(title, w - 2 * margin, files["heavy"], tokens.type_mm(sizes[0]))
    y = top_clear + tokens.mm("space.l") + size * CAP
    out = [wordmark(title, w / 2, y, size, fonts, colors)]
    small = tokens.type_mm(sizes[1])
    if tagline:
        tag = max(tokens.type_mm("caption"), textfit.fit(tagline, w - 2 * margin, files["bold"], small))
        y += tokens.mm("space.m") + tag * CAP + size * 0.12
        out.append(_line(tagline, w / 2, y, tag, fonts, colors.soft, "700", face="tagline"))
    foot_size = tokens.type_mm("caption")
    lines = [(face, text) for face, text in foot if text]
    # the house mark and the edition's name close the panel, under the foot lines
    mark_size = tokens.type_mm("caption")
    out.append(identity.edition_mark(w / 2, h - margin, mark_size, fonts, colors.soft, colors.ground))
    foot_top = h - margin - mark_size * 1.6 - len(lines) * foot_size * 1.35
    for i, (face, text) in enumerate(lines):
        out.append(_line(text, w / 2, foot_top + (i + 1) * foot_size * 1.35 - foot_size * 0.35, foot_size, fonts,
                         colors.text if i == 0 else colors.soft, "700" if i == 0 else "400", face=face))
    top = y + tokens.mm("space.l")
    bottom = foot_top - tokens.mm("space.m")
    out.append(fan_svg(cards, (margin * 0.6, top, w - 1.2 * margin, bottom - top), fonts, tokens, colors.ground,
                       prefix))
    return "".join(out)


def icon_row(glance: tuple, x: float, y: float, w: float, tokens, fonts, colors: Scheme, icon: float,
             sizes: tuple = ("small", "caption")) -> str:
    """Players, ages and time (the box text's ((pictogram, value, word), …)): a pictogram
    each, its value in bold below it and what it counts (sizes: their type tokens)."""
    step = w / max(1, len(glance))
    value, word = (tokens.type_mm(name) for name in sizes)
    out = []
    for i, (face, big, small) in enumerate(glance):
        cx = x + step * (i + 0.5)
        out.append(icons.ICONS[face](cx, y + icon / 2, icon, colors.accent, colors.ground))
        base = y + icon + tokens.mm("space.s") + value * CAP
        out.append(f'<g data-face="{face}">' + _line(big, cx, base, value, fonts, colors.text, "700")
                   + _line(small, cx, base + word * 1.3, word, fonts, colors.soft) + "</g>")
    return "".join(out)


def icon_row_height(tokens, icon: float) -> float:
    return icon + tokens.mm("space.s") + tokens.type_mm("small") * CAP + tokens.type_mm("caption") * 1.3


def _paragraph(text: str, x: float, y: float, width: float, size: float, file, fonts, color: str, weight: str,
               face: str, leading: float = 1.32) -> "tuple[str, float]":
    """A wrapped paragraph from its first baseline y; returns the markup and the next free y."""
    lines = textfit.wrap(text, width, file, size)
    parts = [_line(line, x, y + i * size * leading, size, fonts, color, weight, "start") for i, line in enumerate(lines)]
    return f'<g data-face="{face}">{"".join(parts)}</g>', y + (len(lines) - 1) * size * leading


def back(title: str, text, w: float, h: float, colors: Scheme, tokens, fonts) -> str:
    """The box back of w × h mm (text: documents/boxtext.py's BoxText). The body type is the largest of small, 7.5 pt and body_min
    at which everything fits the panel (a mini card's box takes the smallest)."""
    files = _fonts(fonts)
    margin = tokens.mm("space.xl")
    width = w - 2 * margin
    body_sizes = [tokens.pt("small"), (tokens.pt("small") + tokens.pt("body_min")) / 2, tokens.pt("body_min")]
    for pt in body_sizes:
        size = pt * 25.4 / 72
        small = max(tokens.type_mm("body_min"), size * 0.88)  # the credits: running text too
        head = tokens.type_mm("subhead") if pt == body_sizes[0] else tokens.type_mm("small") * 1.1
        icon = min(8.0, w * 0.11)
        y = margin + head * CAP
        parts = [f'<text x="{fmt(margin)}" y="{fmt(y)}" font-family="{fonts.role("heavy")}" font-size="{fmt(head)}" '
                 f'fill="{colors.accent}" data-face="back-title">{escape(title)}</text>']
        block, y = _paragraph(text.about, margin, y + tokens.mm("space.m") + size * CAP, width, size, files["text"], fonts,
                              colors.text, "400", "about")
        parts.append(block)
        y += tokens.mm("space.l")
        parts.append(icon_row(text.glance, margin, y, width, tokens, fonts, colors, icon))
        y += icon_row_height(tokens, icon) + tokens.mm("space.l") + size * CAP
        block, y = _paragraph(text.contents, margin, y, width, size, files["bold"], fonts, colors.text, "700", "contents")
        parts.append(block)
        credit_lines = textfit.wrap(text.credits, width, files["text"], small)
        credit_top = h - margin - (len(credit_lines) - 1) * small * 1.3
        if y + tokens.mm("space.m") <= credit_top - small * CAP:
            break
    block, _ = _paragraph(text.credits, margin, credit_top, width, small, files["text"], fonts, colors.soft, "400",
                          "credits", 1.3)
    parts.append(block)
    return "".join(parts)


MIN_TEXT_MM = 6.05 * 25.4 / 72  # no text on a box under 6 pt (cardgen check's floor), with a hair to spare


def spine(title: str, x: float, y: float, w: float, h: float, tokens, fonts, colors: Scheme, face: str) -> str:
    """The title along a spine (or the side), read bottom to top as on a shelf: the front's
    wordmark, in the box's colors."""
    files = _fonts(fonts)
    size = min(w * 0.45, textfit.fit(title, h - 2 * tokens.mm("space.xl"), files["heavy"], 9.0))
    if size < MIN_TEXT_MM:  # a thin deck's spine: the title at the floor if it fits across, else none
        room = h - 2 * tokens.mm("space.xl")
        if w < MIN_TEXT_MM / 0.75 or textfit.width_mm(title, files["heavy"], MIN_TEXT_MM) > room:
            return ""  # the front, the back and the lid carry the title
        size = MIN_TEXT_MM
    cx, cy = x + w / 2, y + h / 2
    return (f'<g transform="rotate(-90 {fmt(cx)} {fmt(cy)})">'
            f'{wordmark(title, cx, cy + size * CAP / 2, size, fonts, colors, face=face)}</g>')
