"""cardgen.toml: the project file. Validated, with one clear line per mistake.

Every key is optional; flags on the command line override the file, and the file
overrides the built-in defaults. Errors name the file and line, what is wrong and
how to fix it ("did you mean …" for unknown keys).
"""
from __future__ import annotations

import difflib
import re
from pathlib import Path

from .errors import CardgenError

CONFIG_NAME = "cardgen.toml"

# key -> (type check, description for messages); sections are nested dicts
SCHEMA = {
    "games": (list, "a list of game names"),
    "format": (str, "svg, pdf, png, tts, pod, html, comma-separated, or all"),
    "out": (str, "a folder path"),
    "paper": (str, "letter, a4 or both"),
    "layout": (str, "duplex, fronts or gutterfold"),
    "card_size": (str, "poker or bridge"),
    "bleed": ((int, float), "a number of millimetres"),
    "back_offset": (list, "[x, y] in millimetres"),
    "low_ink": (bool, "true or false"),
    "jobs": (int, "a whole number of processes"),
    "strict": (bool, "true or false"),
    "str8eight": {
        "table_size": (int, "a whole number from 2 to 12"),
        "pass_cards": (int, "an even whole number of pass cards (3 left + 3 right is 6)"),
    },
    "crazy-eights": {
        "decks": (int, "1 or 2"),
        "ace_value": (int, "10 or 1"),
    },
    "tuckbox": {
        "card_thickness": ((int, float), "millimetres per card, e.g. 0.3"),
    },
    "tts": {
        "base_url": (str, "a URL ending in /"),
    },
    "theme": {
        "group_colors": (list, 'a list of "#rrggbb" colors, one per group'),
        "fonts": (str, "a folder holding the font files"),
        "font_files": (dict, "{ regular = …, bold = …, black = …, italic = … }"),
        "back_art": (str, "the path of an SVG or PNG for the card backs"),
    },
}
# config keys -> BuildOptions fields
FIELDS = {
    ("games",): "games", ("format",): "formats", ("out",): "out", ("paper",): "paper", ("layout",): "layout",
    ("card_size",): "card_size", ("bleed",): "bleed", ("back_offset",): "back_offset", ("low_ink",): "low_ink",
    ("jobs",): "jobs", ("strict",): "strict", ("str8eight", "table_size"): "table_size", ("str8eight", "pass_cards"): "pass_cards",
    ("crazy-eights", "decks"): "decks", ("crazy-eights", "ace_value"): "ace_value",
    ("tuckbox", "card_thickness"): "card_thickness", ("tts", "base_url"): "base_url",
    ("theme", "group_colors"): "group_colors", ("theme", "fonts"): "fonts_dir",
    ("theme", "font_files"): "font_files", ("theme", "back_art"): "back_art",
}
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _line_of(text: str, section: "str | None", key: str) -> int:
    """The line where key is set (inside [section] when given), for error messages."""
    current = None
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        m = re.match(r"^\[\s*([^\]]+?)\s*\]$", stripped)
        if m:
            current = m.group(1).strip('"')
            continue
        if current == section and re.match(rf'^"?{re.escape(key)}"?\s*=', stripped):
            return n
    return 1


def load(path: Path) -> dict:
    """Read and validate a project file; returns {BuildOptions field: value}, paths resolved."""
    import tomllib

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardgenError(f"{path}: no such file: create one with 'cardgen init' or fix --config") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CardgenError(f"{path}: cannot be read ({exc}): check the file") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f"{path}:{m.group(1)}" if m else str(path)
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise CardgenError(f"{where}: invalid TOML ({reason}): fix the syntax, "
                           "e.g. strings in quotes and one key = value per line") from None
    values: dict = {}
    _walk(data, SCHEMA, None, path, text, values)
    base = path.resolve().parent
    for key in ("out", "fonts_dir", "back_art"):
        if values.get(key):
            values[key] = (base / values[key]).resolve() if not Path(values[key]).is_absolute() else Path(values[key])
    return values


def _walk(data: dict, schema: dict, section, path: Path, text: str, values: dict) -> None:
    for key, value in data.items():
        where = f"{path}:{_line_of(text, section, key)}"
        rule = schema.get(key)
        if rule is None:
            close = difflib.get_close_matches(key, list(schema), n=1)
            hint = f": did you mean '{close[0]}'?" if close else f": known keys are {', '.join(schema)}"
            place = f" in [{section}]" if section else ""
            raise CardgenError(f"{where}: unknown key '{key}'{place}{hint}")
        if isinstance(rule, dict):
            if not isinstance(value, dict):
                raise CardgenError(f"{where}: '{key}' must be a [{key}] table")
            _walk(value, rule, key, path, text, values)
            continue
        kind, description = rule
        if isinstance(value, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise CardgenError(f"{where}: '{key}' must be {description}, not {value!r}")
        if not isinstance(value, kind):
            raise CardgenError(f"{where}: '{key}' must be {description}, not {value!r}")
        field = FIELDS[(section, key) if section else (key,)]
        values[field] = _convert(field, value, where, description)


def _convert(field: str, value, where: str, description: str):
    if field == "formats":
        from .options import parse_formats

        return parse_formats(value)
    if field == "games":
        if not all(isinstance(v, str) for v in value):
            raise CardgenError(f"{where}: 'games' must be {description}")
        return tuple(value)
    if field == "back_offset":
        if len(value) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            raise CardgenError(f"{where}: 'back_offset' must be [x, y] in millimetres, e.g. [1.5, -0.5]")
        return (float(value[0]), float(value[1]))
    if field == "group_colors":
        for color in value:
            if not isinstance(color, str) or not HEX.match(color):
                raise CardgenError(f"{where}: group color {color!r} is not \"#rrggbb\": write it like \"#332288\"")
        lower = [c.lower() for c in value]
        if len(set(lower)) != len(lower):
            raise CardgenError(f"{where}: the group colors repeat a color: every group needs its own")
        return tuple(lower)
    if field == "font_files":
        allowed = {"regular", "bold", "black", "italic"}
        unknown = set(value) - allowed
        if unknown or not all(isinstance(v, str) for v in value.values()):
            raise CardgenError(f"{where}: 'font_files' takes regular, bold, black and italic file names")
        return dict(value)
    if field in ("bleed", "card_thickness"):
        return float(value)
    return value


DEFAULT_FILE = '''# cardgen.toml: the project file. Every key is optional; flags override it.
# Run `cardgen build` in this folder (or `cardgen build --config path/to/cardgen.toml`).

games = ["str8eight", "fourscore", "eights", "crazy-eights"]
format = "pdf"            # svg, pdf, png, tts, pod, html (comma-separated) or all
out = "output"            # the output folder, relative to this file
paper = "letter"          # letter, a4 or both
layout = "duplex"         # duplex, fronts or gutterfold
card_size = "poker"       # poker (63.5 x 88.9 mm) or bridge (56 x 88.9 mm)
bleed = 3.0               # mm around every card
back_offset = [0.0, 0.0]  # mm: moves duplex back pages to cancel a printer's shift
low_ink = false           # white card bodies, color only where it carries meaning

[str8eight]
table_size = 8            # the N x N multiplication table, 2 to 12
pass_cards = 6            # half pass left, half pass right

[crazy-eights]
decks = 1                 # 2 for more than six players (each deck has its own back)
ace_value = 10            # an ace's penalty: 10 (reference rules) or 1

[tuckbox]
card_thickness = 0.3      # mm per card: sets the depth of the tuck boxes

[tts]
base_url = ""             # Tabletop Simulator: images at base_url + file name (default file:///)

[theme]
# one "#rrggbb" per group (x1 ... x8); checked for color-blind players
group_colors = ["#332288", "#88ccee", "#44aa99", "#117733", "#999933", "#ddcc77", "#cc6677", "#882255"]
# your own fonts (open licence, please): a folder and the four files in it
# fonts = "my-fonts"
# font_files = { regular = "Lato-Regular.ttf", bold = "Lato-Bold.ttf", black = "Lato-Black.ttf", italic = "Lato-Italic.ttf" }
# an SVG or PNG drawn on every card back instead of the built-in lattice
# back_art = "art/back.svg"
'''
