"""The one gate every file the checker opens goes through.

cardgen writes regular files only, none larger than a few megabytes, and no links; an
output folder may still hold anything (a link to /etc/passwd or /dev/zero, a FIFO, a
huge file). Those are refused by name before a byte is read, so a check reads nothing
outside the folder and ends in bounded time and memory."""
from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_BYTES = 256 << 20  # far above anything cardgen writes


class Refused(Exception):
    """Not a file the checker will read."""


def guard(path: Path, limit: int = MAX_BYTES) -> Path:
    """path itself, when it is a regular file (not a link) of at most limit bytes."""
    try:
        info = os.lstat(path)
    except OSError as exc:
        raise Refused(f"cannot be read ({exc.strerror})") from None
    if stat.S_ISLNK(info.st_mode):
        raise Refused("a link, which cardgen never writes: refused, not followed")
    if not stat.S_ISREG(info.st_mode):
        raise Refused("not a regular file (a FIFO, device or folder): refused, not read")
    if info.st_size > limit:
        raise Refused(f"{info.st_size} bytes, more than cardgen writes: refused, not read")
    return path
