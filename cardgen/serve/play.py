"""The Play page's part of the web face: a thin face over the game table
(cardgen/model/play/table.py), which is the referee. Here: the choices the page offers, the
form read into a table's options, the cards drawn by the kit's own designs (the code
preview.py draws sample cards with, kept once drawn), and what one answer to the browser
holds: the view, the new events and the faces of the cards those two name, nothing more.
The seed and the table's saved state never leave the server.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..model.play.table import GAMES, LEVELS, TITLES, VARIANT_KEYS, TableError

LEVEL_WORDS = {"beginner": "Beginner (plays any legal card)", "player": "Player (plays the best card now)",
               "expert": "Expert (looks ahead)"}
# the page's print for each class preset (settings.PRESETS): the early-reader font and large print
PRESET_FONT = {"intro": ("early-reader", True)}
PRESET_GAMES = ("str8eight", "fourscore")  # the games a class preset (a table size) belongs to


def seats_of(game: str) -> tuple:
    from ..model.play.table_games import SEATS

    return SEATS[game]


def choices() -> dict:
    """What the page's form offers: games with their seats, presets, levels."""
    from ..settings import PRESETS

    return {"games": [{"id": g, "title": TITLES[g], "seats": list(seats_of(g)), "presets": g in PRESET_GAMES}
                      for g in GAMES],
            "presets": [{"id": k, "what": p.what} for k, p in PRESETS.items()],
            "levels": [{"id": k, "words": LEVEL_WORDS[k]} for k in LEVELS]}


def read_form(form) -> dict:
    """The table's options from the page's form (strings), for Table.create to check.
    Raises TableError at a field the form sent wrongly."""
    def one(name: str) -> "str | None":
        value = form.get(name)
        return value.strip()[:40] if isinstance(value, str) else None

    game = one("game") or "str8eight"
    raw: dict = {"game": game}
    seats = one("seats")
    if seats:
        if not re.fullmatch(r"\d{1,2}", seats):
            raise TableError("seats", f"seats {seats!r}: a whole number of players, such as 3")
        raw["seats"] = int(seats)
    level = one("level")
    if level:
        raw["level"] = level
    preset = one("preset")
    if preset and game in VARIANT_KEYS and "preset" in VARIANT_KEYS[game]:
        raw["preset"] = preset
    elif preset:
        raise TableError("preset", f"{TITLES.get(game, game)} has no class presets: choose “none”")
    return raw


def print_of(options) -> dict:
    """The page's print for a table: the preset's font and large print (else the standard ones)."""
    font, large = PRESET_FONT.get(options.preset or "", ("standard", False))
    from ..theme import font_set

    return {"font": font, "family": font_set(font).role("text"), "large": large}


# ---- the cards, drawn by the kit's own designs ------------------------------------------------

def _build_options(game: str, options):
    """BuildOptions for drawing this table's deck: its variant, and the preset's look."""
    from ..options import BuildOptions, pick
    from ..settings import PRESETS

    values = {"jobs": 1, "bleed": 0.0}
    if options.preset:
        values.update({k: v for k, v in PRESETS[options.preset].values.items()
                       if k in ("scaffold", "large_print", "font", "low_ink")})
    v = options.variant
    for key in ("table_size", "pass_cards", "decks", "ace_value"):
        if key in v:
            values[key] = v[key]
    return BuildOptions(**pick(BuildOptions, values))


@lru_cache(maxsize=24)
def _faces(game: str, build) -> dict:
    """Engine card id -> the card's face as an inline SVG (aria-hidden: the button names it)."""
    from .. import preview
    from ..theme import theme_for

    deck = "str8eight" if game == "fourscore" else game
    art = preview._render(deck, preview._model(deck, build), build, theme_for(build))
    out = {}
    for i, face in enumerate(art.faces):
        svg = preview.inline(face.svg, f"c{i}", "card").replace('role="img"', 'aria-hidden="true" focusable="false"')
        svg = re.sub(r"<title>.*?</title>", "", svg, count=1, flags=re.S)
        slug = face.slug
        m = re.fullmatch(r"(\d+)-(\d+)x(\d+)", slug)
        if m:  # a number card: Str8 Eight's id is value@RxC, FourScore's the value alone
            value, r, c = int(m.group(1)), m.group(2), m.group(3)
            out[f"{value}@{r}x{c}"] = svg
            out.setdefault(str(value), svg)
        else:
            out[slug] = svg
    return out


def faces(options) -> dict:
    return _faces(options.game, _build_options(options.game, options))


def _ids(x, out: set) -> None:
    if isinstance(x, dict):
        if isinstance(x.get("id"), str):
            out.add(x["id"])
        for key, v in x.items():
            if key in ("cards", "hand", "table", "rows", "sequences", "discard_top", "card", "moves", "hands") \
                    or isinstance(v, (dict, list)):
                _ids(v, out)
    elif isinstance(x, list):
        for v in x:
            if isinstance(v, str):
                out.add(v)
            else:
                _ids(v, out)


def answer(table, events: list) -> dict:
    """One answer to the browser: the view, the events, and the faces of the cards they name
    (each id that names a card of the deck), and the print the table's preset asks for."""
    view = table.view()
    drawn = faces(table.options)
    named: set = set()
    _ids([view.get("hand"), view.get("table"), view.get("moves"), view.get("summary")], named)
    for e in events:
        _ids(e.get("cards") or [], named)
    shown = {i: drawn[i] for i in sorted(named) if i in drawn}
    return {"ok": True, "view": view, "events": events, "faces": shown, "print": print_of(table.options)}


@lru_cache(maxsize=8)
def sequence_sheet(table_size: int, scaffold: str) -> str:
    """Str8 Eight's sequence sheet for this table size, as the kit prints it (landscape Letter)."""
    from ..design.sequence_sheet import sheet_svg
    from ..layout.paper import PAPERS
    from ..model.str8eight import sequence_map
    from ..options import BuildOptions, pick
    from ..preview import inline
    from ..theme import theme_for

    theme = theme_for(BuildOptions(**pick(BuildOptions, {"jobs": 1, "table_size": table_size})))
    svg = sheet_svg(sequence_map(table_size), PAPERS["letter"], theme, scaffold)
    return inline(svg, "seqsheet", "page")


def sheet_of(options) -> str:
    if options.game != "str8eight":
        return ""
    from ..settings import PRESETS

    scaffold = PRESETS[options.preset].values.get("scaffold", "full") if options.preset else "full"
    return sequence_sheet(options.variant.get("table_size", 8), scaffold)
