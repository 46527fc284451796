"""cardgen.toml changed by cardgen itself: `calibrate --read` puts what it measured into the
[printer] table.

The file is the user's: tomlkit edits it in place, so every comment, blank line and key
keeps its place; a key already there gets its new value where it stands, a new one goes
at the end of the table, and a file without the table gets it at the end. The new text is
validated like any project file before it replaces the old one, in one step, through a
private temporary name (atomicfile.py): an error, a kill or Ctrl-C leaves the file as it
was. A project file that does not exist yet is made with just the table.

The file stays the user's in every way: a read-only file (or one this user may not write,
such as root's) is refused in one line, not replaced behind its back; CRLF line endings
stay CRLF; an array already there (the margins, the offset) gets its new numbers in place,
so comments between them stay. A file with other names (hard links) or another owner is
rewritten in place, its space reserved first, so every name keeps reading it and its owner
and mode stay; run as root, the replacement takes the old file's owner.
"""
from __future__ import annotations

import errno
import os
import re
import stat
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

    refuse_unwritable(path)
    text = config.read(path) if os.path.lexists(path) else None
    if text is not None:
        with open(path, encoding="utf-8", newline="") as fh:  # config.read() checked it; CRLF kept as it is
            text = fh.read()
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
        _set(table, BY_NAME[name].toml_key, _toml(value))
    new = tomlkit.dumps(doc)
    if text is not None and "\r\n" in text:  # a Windows file: the lines tomlkit added end as the others do
        new = re.sub(r"(?<!\r)\n", "\r\n", new)
    config.parse(new, path)  # the file as the next build reads it: refused here, not there
    try:
        _write(path, new.encode("utf-8"))
    except OSError as exc:
        raise CardgenError(f"cannot write {path} ({exc.strerror or exc}): nothing was changed; check the "
                           "folder's permissions, or name another file with --config") from None
    return new


def _set(table, key: str, value) -> None:
    """table[key] = value; an array already there of numbers keeps its comments and layout,
    its numbers changed in place (and any beyond the new ones dropped, any more appended)."""
    import tomlkit

    old = table.get(key)
    if not (isinstance(old, tomlkit.items.Array) and isinstance(value, list)
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in [*old, *value])):
        table[key] = value
        return
    for i, v in enumerate(value[:len(old)]):
        old[i] = v
    if len(old) > len(value):
        del old[len(value):]
    for v in value[len(old):]:
        old.append(v)


def refuse_unwritable(path: Path) -> None:
    """Before anything is asked or worked out: a project file that is a link, one its owner
    made read-only, or one this user may not write (root's): refused in one line, never
    replaced through the folder's permission."""
    if os.path.islink(path):
        raise CardgenError(f"{path} is a link: cardgen replaces the file it edits, which would break the "
                           f"link; name the file it points to with --config")
    try:
        info = os.stat(path)
    except OSError:
        return  # none yet (made with the table), or config.read() says what is wrong
    if not stat.S_ISREG(info.st_mode) or (info.st_mode & 0o222 and os.access(path, os.W_OK)):
        return
    owner = ""
    if info.st_uid != os.geteuid():
        import pwd

        try:
            owner = f", owned by {pwd.getpwuid(info.st_uid).pw_name}"
        except KeyError:
            owner = f", owned by user {info.st_uid}"
    raise CardgenError(f"{path} is read-only{owner}: nothing was changed; make it writable (chmod u+w) to save "
                       "the printer's values in it, or name another file with --config")


def _write(path: Path, data: bytes) -> None:
    """The new text in place of the old, in one step where that keeps the file what it was."""
    from .atomicfile import replace_with

    try:
        info = os.stat(path)
    except FileNotFoundError:
        replace_with(path, data)
        return
    root = os.geteuid() == 0
    if info.st_nlink > 1 or (not root and (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid())):
        _rewrite_in_place(path, data)
        return
    replace_with(path, data, owner=(info.st_uid, info.st_gid) if root else None)


def _rewrite_in_place(path: Path, data: bytes) -> None:
    """Into the file itself (its links, owner and mode kept): the room reserved first, so a
    full disk stops it before a byte changes; then written whole, cut to size and flushed."""
    fd = os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        if len(data) > os.fstat(fd).st_size:
            try:
                os.posix_fallocate(fd, 0, len(data))
            except OSError as exc:
                if exc.errno not in (errno.EOPNOTSUPP, errno.EINVAL):
                    raise
        view = memoryview(data)
        offset = 0
        while offset < len(data):
            offset += os.pwrite(fd, view[offset:], offset)
        os.ftruncate(fd, len(data))
        os.fsync(fd)
    finally:
        os.close(fd)


def _toml(value):
    """A setting's value as the file writes it: tuples as arrays, numbers as they are."""
    if isinstance(value, tuple):
        return [_toml(v) for v in value]
    return value
