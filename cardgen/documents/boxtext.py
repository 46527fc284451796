"""A game's box words (templates/rules/<game>-box.md): the tagline, what the game is,
players, ages and time, contents and credits, rendered from its BoxFacts
(model/package.py). The box (design/boxart.py) and the booklet cover (cover.py) print
them; nothing here draws."""
from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape

from ..errors import CardgenError
from .ruletext import load

SECTIONS = ("Tagline", "About", "At a glance", "Contents", "Credits")


@dataclass(frozen=True)
class BoxText:
    tagline: str
    glance: tuple  # ((pictogram, value, word), …): players, ages, time
    about: str = ""
    contents: str = ""
    credits: str = ""


def _plain(markup: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", markup))


def box_text(game: str, facts) -> BoxText:
    """The words of <game>-box.md for these facts; each section's paragraphs joined."""
    sections: dict = {}
    current = None
    for block in load(f"{game}-box", facts):
        if block.kind == "h2":
            current = _plain(block.text)
            sections[current] = []
        elif current is None:
            continue
        elif block.kind == "list":
            sections[current] += [_plain(item) for item in block.items]
        else:
            sections[current].append(_plain(block.text))
    unknown = set(sections) - set(SECTIONS)
    if unknown or "Tagline" not in sections or "At a glance" not in sections:
        raise CardgenError(f"templates/rules/{game}-box.md: sections must be {', '.join(SECTIONS)} "
                           f"(Tagline and At a glance required)")
    glance = []
    for face, item in zip(("players", "ages", "time"), sections["At a glance"]):
        value, _, word = item.partition(" | ")
        glance.append((face, value.strip(), word.strip()))
    text = lambda name: " ".join(sections.get(name, []))  # noqa: E731
    return BoxText(text("Tagline"), tuple(glance), text("About"), text("Contents"), text("Credits"))
