"""cardgen.toml: the project file. Validated with the settings table, one clear line per mistake.

Every key is optional; flags on the command line override the file, and the file
overrides the built-in defaults. Errors name the file and line, what is wrong and
how to fix it ("did you mean …" for unknown keys).
"""
from __future__ import annotations

import re
import stat
from pathlib import Path

from .errors import CardgenError
from .settings import SECTIONS, SETTINGS, validate

CONFIG_NAME = "cardgen.toml"
MAX_CONFIG_BYTES = 1 << 20  # a project file is a page of text
_KEYS = {(s.section, s.toml_key): s for s in SETTINGS if s.toml}


def _line_of(text: str, section: "str | None", key: str) -> int:
    """The line where key is set (inside [section] when given), for error messages."""
    current = None
    quoted = "[\"']?" + re.escape(key) + "[\"']?"
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        m = re.match(r"^\[\s*([^\]]+?)\s*\]", stripped)
        if m:
            current = m.group(1).strip('"\'')
            if section is None and current == key:
                return n  # a whole table: its header
            continue
        if current == section and re.match(rf"^{quoted}\s*=", stripped):
            return n
        if current is None and section and re.match(rf"^{re.escape(section)}\.{quoted}\s*=", stripped):
            return n  # a dotted key: [section] written inline
    return 1


def load(path: Path) -> dict:
    """Read and validate a project file; returns {setting name: value}, paths resolved
    against the file's folder."""
    return parse(read(path), path)


def read(path: Path) -> str:
    """A project file's text, looked at before it is read: a regular file of a page's size."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_CONFIG_BYTES:
            raise CardgenError(f"--config: {path} is not a project file (a device, FIFO or {info.st_size} bytes); "
                               "name the right file")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardgenError(f"--config: {path}: no such file; create one with 'cardgen init', "
                           "or name another") from None
    except IsADirectoryError:
        raise CardgenError(f"--config: {path} is a folder; name the project file itself") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CardgenError(f"--config: {path} cannot be read ({exc}); check the file") from None
    return text


def parse(text: str, path: Path) -> dict:
    """A project file's text, validated as load() does (path: for messages and relative paths)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f"{path}:{m.group(1)}" if m else str(path)
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise CardgenError(f"{where}: invalid TOML ({reason}): fix the syntax, "
                           "e.g. strings in quotes and one key = value per line") from None
    values: dict = {}
    for key, value in data.items():
        if isinstance(value, dict) and key in SECTIONS:
            for inner, v in value.items():
                _take(values, key, inner, v, path, text)
        else:
            _take(values, None, key, value, path, text)
    base = path.resolve().parent
    for name in ("out", "fonts_dir", "back_art"):
        if values.get(name) is not None and not values[name].is_absolute():
            values[name] = base / values[name]
    return values


def _take(values: dict, section, key: str, value, path: Path, text: str) -> None:
    where = f"{path}:{_line_of(text, section, key)}"
    setting = _KEYS.get((section, key))
    if setting is None:
        known = [k for (s, k) in _KEYS if s == section] + ([s for s in SECTIONS if s] if section is None else [])
        if section is None and key in SECTIONS:
            raise CardgenError(f"{where}: '{key}' must be a [{key}] table")
        home = next((s for (s, k) in _KEYS if k == key and s != section), "missing")
        if home != "missing":
            place = f"under [{home}]" if home else "at the top of the file, before any [table]"
            raise CardgenError(f"{where}: '{key}' belongs {place}: move it there")
        import difflib  # only to name the key meant

        close = difflib.get_close_matches(key, known, n=1)
        hint = f": did you mean '{close[0]}'?" if close else f": known keys are {', '.join(known)}"
        place = f" in [{section}]" if section else ""
        raise CardgenError(f"{where}: unknown key '{key}'{place}{hint}")
    values[setting.name] = validate(setting.name, value, f"{where}: ")
