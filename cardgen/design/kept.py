"""Card drawings made once: a deck's faces and backs (their SVG text), kept in the result
store (cache.py) under every input that decides them, and taken from there when those
inputs come back, so a build whose cards have not changed renders no card template.

A design's render_deck(deck, look) is a function of its arguments and of the code (our
modules and templates: cache.code_version() is part of every store key), nothing else. The
key is therefore the design function's name, the game model's deck and the whole Look
(card size, bleed, low ink, scaffold, large print and the theme: its tokens, its font set,
its back art), each encoded in full (partstore.encode: an input it cannot encode exactly
makes the deck be drawn afresh and kept nowhere), with the bytes of the theme's font files
and of the back art and every file it uses, and the build date. No list of "what a card
depends on" is written by hand: a field added to Look or Theme is in the key by itself.
--clean (cache.draw_afresh) draws every deck again (and keeps it again).
"""
from __future__ import annotations

import dataclasses
import json

from .. import cache, partstore
from .cards import DeckArt, Look, SVGCard

KIND = "art"  # the store's folder of kept decks


def _value(value):
    """value encoded (partstore.encode), a dataclass by the fields that make its value: those
    its == compares (a field kept out of the comparison is a cache of what the others decide:
    Theme.art_cache, Tokens._map)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"dataclass": f"{type(value).__module__}.{type(value).__qualname__}",
                "fields": {f.name: _value(getattr(value, f.name)) for f in dataclasses.fields(value) if f.compare}}
    return partstore.encode(value)


def theme_inputs(theme) -> dict:
    """What of a theme decides a drawing: its value (tokens, font set, back art) and the bytes
    of the files it names (the fonts, the back art and every file it uses)."""
    return {"value": _value(theme), "fonts": cache.fonts_inputs(theme.fonts),
            "back_art": cache._art_digest(theme.back_art) if theme.back_art else ""}


def deck_key(render, deck, look: Look) -> "str | None":
    """The store key of render(deck, look)'s drawing; None when an input cannot be encoded exactly."""
    theme = look.theme
    try:
        inputs = {
            "design": partstore.encode(render), "deck": partstore.encode(deck),
            "look": _value(look),
            # and the files the drawing reads: the fonts it measures with, the back art it draws
            "theme": theme_inputs(theme),
            "date": cache.drawing_inputs(),
        }
    except partstore.Unkeyable:
        return None
    return cache.store_key(KIND, inputs)


def _payload(art: DeckArt) -> bytes:
    def cards(items) -> list:
        return [[c.slug, c.kind, c.svg, c.name] for c in items]
    return json.dumps({"faces": cards(art.faces), "backs": cards(art.backs), "back_of": list(art.back_of)},
                      ensure_ascii=False).encode("utf-8")


def _art(data: bytes) -> "DeckArt | None":
    try:
        kept = json.loads(data)
        return DeckArt(tuple(SVGCard(*c) for c in kept["faces"]), tuple(SVGCard(*c) for c in kept["backs"]),
                       tuple(kept["back_of"]))
    except (ValueError, TypeError, KeyError):
        return None  # a damaged entry is a miss


def kept_deck(render, deck, look: Look) -> DeckArt:
    """render(deck, look) (a design's render_deck), from the store when the same inputs drew it
    before. A design that draws its deck in parts which change apart (render.in_parts: Str8
    Eight's number cards and pass cards) has each part kept under its own inputs, so a change
    to one part draws that part alone."""
    in_parts = getattr(render, "in_parts", None)
    if in_parts is not None:
        return in_parts(deck, look, lambda render_part, part: _kept(render_part, part, look))
    return _kept(render, deck, look)


def holds_deck(render, deck, look: Look) -> bool:
    """Whether the store holds every drawing kept_deck(render, deck, look) would take (each part's,
    for a design drawn in parts), so that it renders no card template: a build then has no
    drawing to overlap a second process's start-up with (deckfiles.card_pdfs_beside). Looked
    up, not read: a damaged entry is drawn again, here, by kept_deck."""
    if cache.store_folder() is None:
        return False
    found = []

    def probe(render_part, part) -> DeckArt:
        key = deck_key(render_part, part, look)
        found.append(key is not None and cache.holds(KIND, key))
        return DeckArt((), (), ())
    in_parts = getattr(render, "in_parts", None)
    if in_parts is not None:
        in_parts(deck, look, probe)
    else:
        probe(render, deck)
    return all(found)


def _kept(render, deck, look: Look) -> DeckArt:
    if cache.store_folder() is None:
        return render(deck, look)
    key = deck_key(render, deck, look)
    if key is None:
        return render(deck, look)
    data = cache.fetch(KIND, key)
    art = _art(data) if data is not None else None
    if art is None:
        art = render(deck, look)
        cache.keep(KIND, key, _payload(art))
    return art
