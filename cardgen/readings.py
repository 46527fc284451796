"""`cardgen calibrate --read`: what a person read off the printed calibration sheet, asked
one ladder at a time or given as one flag, and what it says about the printer, told in words.

The readings are checked as they come (a number that is on no ladder is refused with what
the ladder holds); layout/calibration.py works the printer out from them and refuses
readings that disagree with each other. Nothing is written until all of it holds.
"""
from __future__ import annotations

import re

import click

from .errors import CardgenError
from .layout.calibration import EDGE_LETTERS, EDGES, Readings, check_reading

_NUMBER = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")
KEYS = ("A", "B", "X", "Y", "edges", "ruler")  # what --read takes, and in what words
EXAMPLE = "A=+1.25,B=-0.5,X=0.75,Y=-0.25,edges=3,3,5,4,ruler=99.5,100.2"

# (key, how the question names it on the sheet, what to type), in the order the sheet's steps go
QUESTIONS = (
    ("across", "Ruler across, under the title", "its length from end line to end line, in mm (e.g. 99.5)"),
    ("down", "Ruler down the right side", "its length in mm"),
    *((EDGE_LETTERS[edge], f"Edge ladder {EDGE_LETTERS[edge]}, at the {edge} edge",
       "the smallest number whose line ends in a crossbar") for edge in EDGES),
    ("A", "Ladder A, top of the right column, against the light",
     "the number of the dash the line runs through (e.g. +0.25)"),
    ("B", "Ladder B, bottom of the right column", "the number of the dash the line runs through"),
    ("X", "Ladder X, middle of the right column", "the number of the dash the line runs through"),
    ("Y", "Ladder Y, on its side at the bottom left", "the number of the dash the line runs through"),
)


def number(text: str, what: str) -> float:
    """A reading as typed: + or − (the sheet's own minus sign too), digits, a decimal point."""
    typed = text.strip().replace("\u2212", "-").replace("\u2013", "-")
    if not _NUMBER.match(typed):
        raise CardgenError(f"{what} {text.strip()[:20]!r} is not a number: type it as the sheet prints it, "
                           "e.g. +0.25, -1.5 or 99.5")
    return float(typed) + 0.0


def parse(text: str) -> Readings:
    """--read A=+1.25,B=-0.5,X=0.75,Y=-0.25,edges=3,3,5,4,ruler=99.5,100.2 (the edges top, right,
    bottom, left; the ruler across, down: one number for both). E=, F=, G=, H= name the edge
    ladders one by one."""
    got: dict = {}
    key = None
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        name, eq, value = part.partition("=")
        if eq:
            name = name.strip()
            key = name.upper() if name.upper() in "ABXYEFGH" and len(name) == 1 else name.lower()
            if key not in (*KEYS, *EDGE_LETTERS.values()):
                raise CardgenError(f"--read: unknown reading {name[:20]!r}: give {', '.join(KEYS)}, e.g. {EXAMPLE}")
            if key in got or (key == "edges" and set(got) & set(EDGE_LETTERS.values())) \
                    or (key in EDGE_LETTERS.values() and "edges" in got):
                raise CardgenError(f"--read gives {name} twice: give each reading once")
            got[key] = [value]
        elif key is None:
            raise CardgenError(f"--read {part[:20]!r}: write NAME=VALUE, e.g. {EXAMPLE}")
        else:
            got[key].append(part)
    if "edges" in got:
        if len(got["edges"]) != 4:
            raise CardgenError(f"--read edges= takes four numbers, top, right, bottom, left (E, F, G, H), "
                               f"not {len(got['edges'])}: e.g. edges=3,3,5,4")
        got.update(zip(EDGE_LETTERS.values(), ([v] for v in got.pop("edges"))))
    if "ruler" in got:
        ruler = got.pop("ruler")
        if len(ruler) not in (1, 2):
            raise CardgenError(f"--read ruler= takes what the two rulers measured, across and down (or one "
                               f"number for both), not {len(ruler)} numbers: e.g. ruler=99.5,100.2")
        got["across"], got["down"] = [ruler[0]], [ruler[-1]]
    missing = [k for k in ("A", "B", "X", "Y") if k not in got]
    missing += ["edges"] if any(e not in got for e in EDGE_LETTERS.values()) else []
    missing += ["ruler"] if "across" not in got else []
    if missing:
        raise CardgenError(f"--read lacks {', '.join(missing)}: give every reading, e.g. {EXAMPLE} "
                           "(or --read alone to be asked for each)")
    for key, values in got.items():
        if len(values) != 1:
            raise CardgenError(f"--read {key}= takes one number, not {len(values)}: e.g. {EXAMPLE}")
    return _readings({key: values[0] for key, values in got.items()})


def _what(key: str) -> str:
    return f"the {key} ruler" if key in ("across", "down") else f"{'edge ladder' if key in 'EFGH' else 'ladder'} {key}"


def _one(key: str, text: str) -> float:
    return check_reading(key, number(text, _what(key)))


def _readings(typed: dict) -> Readings:
    value = {key: _one(key, typed[key]) for key, _, _ in QUESTIONS}
    return Readings(value["A"], value["B"], value["X"], value["Y"],
                    tuple(value[EDGE_LETTERS[e]] for e in EDGES), (value["across"], value["down"]))


def ask(work=None):
    """One question per ladder, in the order of the sheet's steps. At a terminal a reading that
    is on no ladder is asked again, with what the ladder holds; from a pipe or a script it
    stops the command (one line, exit 2), as the end of the answers does.

    work(readings): what the command makes of them, or a CardgenError (readings that disagree,
    a correction that pushes cards off the sheet); returned. At a terminal such an error asks
    again for the readings it names (its `again`), or for the one the person names, every
    other answer kept; from a pipe it stops the command as before."""
    import sys

    stdin = sys.stdin  # (the test runner's input stands in for it)
    if stdin is None:  # started with its input closed (<&-): no answer can come
        raise CardgenError(f"--read: the standard input is closed, so no question can be answered; give every "
                           f"reading at once: --read {EXAMPLE}")
    again = stdin.isatty()
    typed = {}
    click.echo("Read the sheet as its steps say and answer each question (Ctrl-C stops; nothing is saved "
               "until the last answer).")
    for key, where, what in QUESTIONS:
        typed[key] = _answer(stdin, again, key, where, what)
    while True:
        got = _readings(typed)
        if work is None:
            return got
        try:
            return work(got)
        except CardgenError as exc:
            if not again:
                raise
            click.echo(f"  {exc}", err=True)
            keys = getattr(exc, "again", None) or _which(stdin, exc)
            click.echo(f"Your other answers are kept; give {_listed(keys)} again.")
            for key, where, what in QUESTIONS:
                if key in keys:
                    typed[key] = _answer(stdin, again, key, where, what)


def _answer(stdin, again: bool, key: str, where: str, what: str) -> str:
    """One reading, asked until it is on its ladder (at a terminal)."""
    while True:
        click.echo(f"{where}: {what}? ", nl=False)
        line = stdin.readline()
        if not line:
            click.echo("")
            raise CardgenError(f"the answers ended before {where[0].lower() + where.split(',')[0][1:]}: nothing was saved; run "
                               "'cardgen calibrate --read' again, or give every reading at once: --read "
                               f"{EXAMPLE}")
        if not again:
            click.echo(line.strip())
        try:
            _one(key, line)
            return line
        except CardgenError as exc:
            if not again:
                raise
            click.echo(f"  {exc}", err=True)


_NAMES = {**{k.lower(): k for k, _, _ in QUESTIONS}, "ruler": "across"}


def _which(stdin, error: CardgenError) -> tuple:
    """The reading(s) the person names to give again; an empty answer stops, with the error."""
    while True:
        click.echo("Which reading was wrong? Name it (A, B, X, Y, E, F, G, H, across or down; several with "
                   "commas), or press Enter to stop: ", nl=False)
        line = stdin.readline()
        names = [n.strip().lower() for n in line.replace(" ", ",").split(",") if n.strip()]
        if not names:
            click.echo("")
            raise error
        unknown = [n for n in names if n not in _NAMES]
        if not unknown:
            return tuple(dict.fromkeys(_NAMES[n] for n in names))
        click.echo(f"  no reading is named {unknown[0][:20]!r}", err=True)


def _and(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _listed(keys) -> str:
    names = [k if len(k) == 1 else f"the {k} ruler" for k in keys]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(found, before: list, after: list, edges: "tuple | None" = None) -> list:
    """What the readings say, in words, for the person who read them; before, after: what a
    sheet of cards holds on each paper, (paper, cards, size, turned), with the old margins and
    the new; edges: the edge ladders as read (top, right, bottom, left), when the margins
    saved differ from them, says why."""
    (dx, dy), t, (sx, sy), (top, right, bottom, left) = found.back_offset, found.back_rotation, found.scale, found.margins
    lines = [f"Your printer prints 100 mm as {sx:g} mm across and {sy:g} mm down, and nothing within {top:g} mm "
             f"of the top edge, {right:g} mm of the right, {bottom:g} mm of the bottom and {left:g} mm of the left."]
    if dx or dy or t:
        lines.append(f"It prints the back {abs(dx):g} mm to the {'left' if dx > 0 else 'right'} and {abs(dy):g} mm "
                     f"{'higher' if dy > 0 else 'lower'} than it should (as the back is seen), turned "
                     f"{abs(t):.2f}° {'anticlockwise' if t > 0 else 'clockwise'}.")
    else:
        lines.append("It prints the back right behind the front.")
    if edges is not None and tuple(edges) != tuple(found.margins):
        lines.append(f"The margins saved are not the edge ladders' numbers ({', '.join(f'{e:g}' for e in edges)}): "
                     "the printer's scale moved each rung toward or away from the paper's edge, so measured from "
                     f"the edge and rounded up to 0.1 mm they are {_and(f'{m:g}' for m in found.margins)} mm.")
    for (paper, count, size, turned), (_, was, _, was_turned) in zip(after, before):
        lines.append(f"A {paper} sheet holds {count} {size} cards {'turned' if turned else 'upright'}"
                     + (f" (it held {was}{', turned' if was_turned else ', upright'})."
                        if (count, turned) != (was, was_turned) else "."))
    return lines
