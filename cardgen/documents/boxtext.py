"""A game's box words (templates/rules/<game>-box.md): the tagline, what the game is,
players, ages and time, contents and credits, rendered from its BoxFacts
(model/package.py). The box (design/boxart.py) and the booklet cover (cover.py) print
them; nothing here draws."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape

from ..errors import CardgenError
from .ruletext import load

SECTIONS = ("Tagline", "About", "At a glance", "Contents", "Components", "Credits")


@dataclass(frozen=True)
class BoxText:
    tagline: str
    glance: tuple  # ((pictogram, value, word), …): players, ages, time
    about: str = ""
    contents: str = ""
    credits: str = ""
    components: tuple = ()  # ((count, what), …): what the kit holds for the game, the booklet's back cover
    credit_lines: tuple = ()  # the credits, a paragraph each
    facts: object = field(default=None, compare=False, repr=False)  # what the words were made from


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
    components = []
    for item in sections.get("Components", []):
        count, _, what = item.partition(" | ")
        components.append((count.strip(), what.strip()))
    text = lambda name: " ".join(sections.get(name, []))  # noqa: E731
    return BoxText(text("Tagline"), tuple(glance), text("About"), text("Contents"), text("Credits"), tuple(components),
                   tuple(sections.get("Credits", [])), facts)
