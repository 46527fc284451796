"""The one exception type users see: a one-line message that names the problem and the fix."""
from __future__ import annotations

import errno
from contextlib import contextmanager

DISK_FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


class CardgenError(Exception):
    """Bad input or environment. The CLI prints it on one line and exits with code 2."""


@contextmanager
def writing(path):
    """Name the file being written in an OSError that does not (a write() or close()
    names none): the disk-full message says which file could not be written."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None or exc.errno in DISK_FULL:  # shutil names the source it copies from
            exc.filename = str(path)
        raise


def disk_full(exc: OSError, where=None) -> "CardgenError | None":
    """The one line for a full disk (or quota), naming the file (or else the folder)."""
    if exc.errno not in DISK_FULL:
        return None
    what = f"cannot write {exc.filename}" if exc.filename else f"cannot write into {where}" if where else "cannot write"
    why = "the disk is full" if exc.errno == errno.ENOSPC else "the disk quota is used up"
    return CardgenError(f"{what}: {why}: free some space, or build elsewhere with --out")
