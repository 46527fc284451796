"""Reading the user's input files (back art, the files it uses, fonts) with limits first.

Every such file is looked at with stat before it is opened: a FIFO, a device or a
folder is refused without blocking on it, and a file over its size limit is refused
without reading (or hashing) a byte of it. It is then opened non-blocking (a FIFO
put in its place since cannot hang us either), checked again on the open handle, and
read whole, never past the limit: what the build uses is exactly what was checked.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import CardgenError

MB = 2 ** 20


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _too_big(label: str, size: int, limit: int, fix: str) -> CardgenError:
    return CardgenError(f"{label} is {size / 1e6:.1f} MB, over the {limit // MB} MB limit: {fix}")


def check_file(path: Path, label: str, limit: int, *, missing: str, too_big: str, absent: str = "not found") -> int:
    """The size of a regular file of at most `limit` bytes; else one clear CardgenError
    that starts with label (say "back art /x/y.svg"). Never opens the file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise CardgenError(f"{label} {absent}: {missing}") from None
    except OSError as exc:
        raise CardgenError(f"{label} cannot be read ({exc.strerror}): fix its permissions") from None
    if not stat.S_ISREG(info.st_mode):
        raise CardgenError(f"{label} is {_kind(info.st_mode)}, not a file: name a regular file")
    if info.st_size > limit:
        raise _too_big(label, info.st_size, limit, too_big)
    return info.st_size


def read_file(path: Path, label: str, limit: int, *, missing: str, too_big: str, absent: str = "not found") -> bytes:
    """The bytes of a regular file of at most `limit` bytes (see check_file)."""
    check_file(path, label, limit, missing=missing, too_big=too_big, absent=absent)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise CardgenError(f"{label} {absent}: {missing}") from None
    except OSError as exc:
        raise CardgenError(f"{label} cannot be read ({exc.strerror}): fix its permissions") from None
    try:
        info = os.fstat(fd)  # the file opened may not be the one looked at
        if not stat.S_ISREG(info.st_mode):
            raise CardgenError(f"{label} is {_kind(info.st_mode)}, not a file: name a regular file")
        if info.st_size > limit:
            raise _too_big(label, info.st_size, limit, too_big)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while we read
                raise _too_big(label, total, limit, too_big)
        return b"".join(chunks)
    except OSError as exc:
        raise CardgenError(f"{label} cannot be read ({exc.strerror}): fix it or replace it") from None
    finally:
        os.close(fd)
