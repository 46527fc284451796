"""The one exception type users see: a one-line message that names the problem and the fix."""
from __future__ import annotations

import errno
from contextlib import contextmanager

# no room for what is being written: a full disk, a used-up quota, or the file-size limit
# (`ulimit -f`: Python ignores SIGXFSZ, so the write fails with EFBIG instead of the
# process being killed)
DISK_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})
_WHY = {errno.ENOSPC: ("the disk is full", "free some space"),
        errno.EDQUOT: ("the disk quota is used up", "free some space"),
        errno.EFBIG: ("the file-size limit is reached (ulimit -f)", "raise the limit")}


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
    why, fix = no_room(exc)
    return CardgenError(f"{what}: {why}: {fix}" + (", or build elsewhere with --out" if exc.errno != errno.EFBIG else
                                                   " and run again"))


def no_room(exc: OSError) -> "tuple[str, str]":
    """(why, what to do) for a write that found no room (errno in DISK_FULL)."""
    return _WHY.get(exc.errno, (exc.strerror or str(exc), "free some space"))


def in_temporary_folder(exc: OSError) -> "CardgenError | None":
    """The one line for a file of the temporary folder that could not be written (TMPDIR
    made read-only, full or removed mid-build: a library's working file, say), naming
    TMPDIR and the way out; None for a file elsewhere."""
    import os
    import tempfile
    from pathlib import Path

    name = exc.filename
    if name is None or isinstance(name, int):
        return None
    base = Path(os.path.abspath(tempfile.gettempdir()))
    path = Path(os.path.abspath(os.fsdecode(name)))
    if not path.is_relative_to(base) or path == base:
        return None
    parts = path.relative_to(base).parts  # a working file made in it, or in a private folder of ours;
    if parts[0].startswith(".") or (len(parts) > 1 and not parts[0].startswith("cardgen-")):
        return None  # not an output folder under /tmp, its staging and lock (".<name>.cardgen-…"), a --log
    fix = "make room there" if exc.errno in DISK_FULL else "make it writable"
    return CardgenError(f"cannot write {os.fsdecode(name)} in the temporary folder {base} ({exc.strerror or exc}): "
                        f"cardgen keeps its working files there; {fix}, or set TMPDIR to a folder you can write to "
                        "(e.g. TMPDIR=$HOME/tmp)")
