"""The web form of a kit, made from the settings table (settings.py): the same names,
ranges, choices, help and error lines as the flags and cardgen.toml. A submitted form is
read back through the table's own validators; a bad value gives its message at its field.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardgenError
from ..settings import BY_NAME, LIST_KINDS, PRESETS, _allowed_text, for_command, validate

# the fields, in groups: what a parent wants first, then a teacher's, then the designer's
# knobs and the printer's profile (folded away)
GROUPS = (
    ("kit", "Your kit", False, ("games", "paper", "low_ink", "layout", "preset")),
    ("class", "For a class", True, ("sets", "scaffold", "large_print", "font")),
    ("design", "Designer's knobs", True, ("table_size", "pass_cards", "sequence_length", "card_size", "bleed",
                                          "box_fit", "card_thickness", "decks", "ace_value", "proof", "formats",
                                          "only")),
    ("printer", "Printer profile", True, ("back_offset", "back_rotation", "print_scale", "printer_margin")),
)
PLAYTEST_GROUPS = (
    ("play", "The game and the table", False, ("games", "players", "bots", "hands", "seed")),
    ("variant", "The variant", False, ("preset", "table_size", "pass_cards", "sequence_length", "decks",
                                        "ace_value", "crazy_options", "eights_words")),
    ("targets", "What 'plays well' means (the tuner's targets)", True,
     ("target_seats", "target_turns", "target_bonus", "target_finished", "ladder_hands",
      "lookahead_iterations")),
)
# plain words for the fields a parent sees first (the table's help follows them)
LABELS = {"preset": "Class preset", "games": "Games", "paper": "Paper", "low_ink": "Save ink",
          "layout": "How your printer prints backs", "sets": "Class sets", "large_print": "Large print",
          "table_size": "Table size", "pass_cards": "Pass cards", "sequence_length": "Sequence length",
          "card_size": "Card size", "box_fit": "Box fit", "card_thickness": "Card thickness",
          "ace_value": "Ace value", "back_offset": "Back offset", "back_rotation": "Back rotation",
          "print_scale": "Print scale", "printer_margin": "Printer margin", "formats": "Formats",
          "only": "Parts", "bleed": "Bleed", "decks": "Decks", "proof": "Designer's proof", "font": "Typeface",
          "scaffold": "Scaffold", "players": "Players", "bots": "Bots", "hands": "Hands", "seed": "Seed",
          "crazy_options": "Crazy Eights options", "eights_words": "Eights words",
          "target_seats": "Seat target", "target_turns": "Turns target", "target_bonus": "Bonus target",
          "target_finished": "Finished target", "ladder_hands": "Ladder hands",
          "lookahead_iterations": "Lookahead iterations"}
MAX_WEB_HANDS = 20_000  # a playtest from the page: bounded, so one visitor cannot hold the server
MAX_WEB_LADDER = 2_000
MAX_WEB_ITERATIONS = 2_000


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    kind: str  # the form's: select, checks, check, number, text
    help: str
    allowed: str
    default: str
    choices: tuple = ()
    low: "float | None" = None
    high: "float | None" = None
    step: str = "any"
    flag: str = ""
    words: tuple = ()  # how each choice is shown (the value sent is the choice itself)


def _kind(s) -> str:
    if s.kind == "bool":
        return "check"
    if s.kind in LIST_KINDS:
        return "checks"
    if s.kind == "choice":
        return "select"
    if s.kind in ("int", "float"):
        return "number"
    return "text"


def _shown(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else ""
    if isinstance(value, (frozenset, set)):
        return ",".join(sorted(value))
    if isinstance(value, tuple):
        return ",".join(v if isinstance(v, str) else f"{v:g}" for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def show(name: str, value) -> str:
    """A setting's value as its field writes it (a span as LOW..HIGH, as the flag takes it)."""
    if BY_NAME[name].kind == "span" and isinstance(value, tuple):
        return f"{value[0]}..{value[1]}"
    return _shown(value)


def field(name: str, command: str = "build") -> Field:
    s = next(x for x in for_command(command) if x.name == name)
    default = s.default_value()
    if s.name == "games" and not default:
        default = s.choices
    words = s.help.removeprefix("playtest: ")
    words = words[0].upper() + words[1:]
    return Field(name, LABELS.get(name, s.what.capitalize()), _kind(s), words, _allowed_text(s),
                 show(name, default), tuple(map(str, s.choices)), s.low, s.high,
                 "1" if s.kind == "int" else "any", s.flag, tuple(_choice_words(name).get(str(c), str(c))
                                                                 for c in s.choices))


def _choice_words(name: str) -> dict:
    if name == "games":
        from ..builders import GAMES

        return {k: g.title for k, g in GAMES.items()}
    return {"paper": {"letter": "Letter", "a4": "A4", "both": "Letter and A4"}}.get(name, {})


def groups(command: str = "build") -> list:
    """[(id, title, folded, [Field])], in the page's order."""
    table = GROUPS if command == "build" else PLAYTEST_GROUPS
    return [(gid, title, folded, [field(n, command) for n in names]) for gid, title, folded, names in table]


def names(command: str = "build") -> tuple:
    table = GROUPS if command == "build" else PLAYTEST_GROUPS
    return tuple(n for _, _, _, group in table for n in group)


def presets() -> dict:
    """Each preset's picks as the form shows them."""
    return {name: {k: _shown(v) for k, v in p.values.items()} for name, p in PRESETS.items()}


def read(form, command: str = "build", base: "dict | None" = None) -> tuple:
    """The form's values checked by the settings table: (values, errors) with errors
    {field name: message}; a field the form leaves out keeps base's value (the project
    file's) or its default."""
    values, errors = dict(base or {}), {}
    for name in names(command):
        s = BY_NAME[name]
        kind = _kind(s)
        if kind == "checks":
            got = [v for v in form.getlist(name) if isinstance(v, str)] if hasattr(form, "getlist") \
                else form.get(name, [])
            if name not in form and f"{name}__shown" not in form:
                continue
            text = ",".join(got)
            if not text:
                if name in ("only",):
                    values.pop(name, None)
                    continue
                if name == "crazy_options":
                    values[name] = ()
                    continue
                errors[name] = f"choose at least one: {', '.join(s.choices)}"
                continue
        elif kind == "check":
            if f"{name}__shown" not in form and name not in form:
                continue
            values[name] = form.get(name) in ("on", "true", "1")
            continue
        else:
            if name not in form:
                continue
            text = form.get(name)
            if not isinstance(text, str):
                errors[name] = "send text"
                continue
            text = text.strip()
            if text == "" and s.default_value() is None:
                values.pop(name, None)
                continue
        if len(text) > 2000:
            errors[name] = "is too long"
            continue
        try:
            values[name] = validate(name, text, "", text=True)
        except CardgenError as exc:
            errors[name] = str(exc)
    return values, errors


def field_of(message: str, command: str = "build") -> "str | None":
    """The field a message of the whole (check_together, a design's refusal) is about: the
    first flag it names that the form shows."""
    import re

    shown = set(names(command))
    for flag in re.findall(r"--[a-z][a-z-]*", message):
        for s in for_command(command):
            if s.flag == flag and s.name in shown:
                return s.name
    return None


def bounded_playtest(values: dict) -> dict:
    """A playtest's values held to what a page may ask for."""
    errors = {}
    if values.get("hands", 0) > MAX_WEB_HANDS:
        errors["hands"] = f"{values['hands']} hands is more than a page may ask for; use {MAX_WEB_HANDS} or fewer " \
                          "(or run 'cardgen playtest' for more)"
    if values.get("ladder_hands", 0) > MAX_WEB_LADDER:
        errors["ladder_hands"] = f"use {MAX_WEB_LADDER} or fewer from the page"
    if values.get("lookahead_iterations", 0) > MAX_WEB_ITERATIONS:
        errors["lookahead_iterations"] = f"use {MAX_WEB_ITERATIONS} or fewer from the page"
    return errors

