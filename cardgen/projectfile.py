"""cardgen.toml changed by cardgen itself: `calibrate --read` puts what it measured into the
[printer] table.

The file is the user's: tomlkit edits it in place, so every comment, blank line and key
keeps its place; a key already there gets its new value where it stands, a new one goes
at the end of the table, and a file without the table gets it at the end. The new text is
validated like any project file before it replaces the old one, in one step, through a
private temporary name (atomicfile.py): an error, a kill or Ctrl-C leaves the file as it
was. A project file that does not exist yet is made with just the table.
"""
from __future__ import annotations

import os
from pathlib import Path

from .errors import CardgenError

HEADER = ("cardgen.toml: the project file (run 'cardgen init' in an empty folder to see every option).\n"
          "Command-line flags override it.")
TABLE_NOTE = "What 'cardgen calibrate --read' measured on the calibration sheet."


def save_settings(path: Path, values: dict) -> str:
    """Set these settings (name -> validated value, all of one table of the settings) in the
    project file at path; returns the new text."""
    import tomlkit

    from . import config
    from .settings import BY_NAME

    if os.path.islink(path):
        raise CardgenError(f"{path} is a link: cardgen replaces the file it edits, which would break the "
                           f"link; name the file it points to with --config")
    text = config.read(path) if os.path.lexists(path) else None
    try:
        doc = tomlkit.parse(text) if text is not None else tomlkit.document()
    except tomlkit.exceptions.TOMLKitError:
        config.parse(text, path)  # tomllib's own words for the mistake, with its line
        raise
    if text is None:
        for line in HEADER.splitlines():
            doc.add(tomlkit.comment(line))
    sections = {BY_NAME[name].section for name in values}
    if len(sections) != 1 or None in sections:
        raise ValueError(f"settings of one table, not {sections}")
    (section,) = sections
    table = doc.get(section)
    if table is None:
        table = tomlkit.table()
        table.add(tomlkit.comment(TABLE_NOTE))
        if len(doc):
            doc.add(tomlkit.nl())
        doc.add(section, table)
    for name, value in values.items():
        table[BY_NAME[name].toml_key] = _toml(value)
    new = tomlkit.dumps(doc)
    config.parse(new, path)  # the file as the next build reads it: refused here, not there
    from .atomicfile import replace_with

    try:
        replace_with(path, new.encode("utf-8"))
    except OSError as exc:
        raise CardgenError(f"cannot write {path} ({exc.strerror or exc}): nothing was changed; check the "
                           "folder's permissions, or name another file with --config") from None
    return new


def _toml(value):
    """A setting's value as the file writes it: tuples as arrays, numbers as they are."""
    if isinstance(value, tuple):
        return [_toml(v) for v in value]
    return value
