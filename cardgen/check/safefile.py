"""The one gate every file the checker opens goes through.

cardgen writes regular files only, none larger than a few megabytes, and no links; an
output folder may still hold anything (a link to /etc/passwd or /dev/zero, a FIFO, a
huge file). Those are refused by name before a byte is read, so a check reads nothing
outside the folder and ends in bounded time and memory."""
from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

MAX_BYTES = 256 << 20  # far above anything cardgen writes


class Refused(Exception):
    """Not a file the checker will read."""


# the output folder being checked, as given and as it really is (confined_to), and each folder
# below it found through a link or not: a file reached through a linked folder inside it is
# refused like a link, wherever the link leads
_ROOT: "ContextVar[tuple[Path, Path, dict] | None]" = ContextVar("checked_root", default=None)


@contextmanager
def confined_to(root: Path):
    """Within: guard also refuses a file whose folder, below root, is reached through a link
    (a set-b/ that is a link to a folder elsewhere: its files were read as the set's)."""
    token = _ROOT.set((Path(root), Path(os.path.realpath(root)), {}))
    try:
        yield
    finally:
        _ROOT.reset(token)


def _through_a_link(path: Path) -> bool:
    root = _ROOT.get()
    if root is None:
        return False
    given, real, known = root
    folder = Path(path).parent
    if folder not in known:  # a check reads many files of few folders: each folder resolved once
        try:
            inner = folder.relative_to(given)
        except ValueError:  # not named under the root: judged by where it leads
            known[folder] = not Path(os.path.realpath(folder)).is_relative_to(real)
        else:
            known[folder] = Path(os.path.realpath(folder)) != real / inner
    return known[folder]


def guard(path: Path, limit: int = MAX_BYTES) -> Path:
    """path itself, when it is a regular file (not a link, nor in a linked folder under the
    root being checked) of at most limit bytes."""
    try:
        info = os.lstat(path)
    except OSError as exc:
        raise Refused(f"cannot be read ({exc.strerror})") from None
    if stat.S_ISLNK(info.st_mode):
        raise Refused("a link, which cardgen never writes: refused, not followed")
    if _through_a_link(path):
        raise Refused("in a folder that is a link, which cardgen never writes: refused, not followed")
    if not stat.S_ISREG(info.st_mode):
        raise Refused("not a regular file (a FIFO, device or folder): refused, not read")
    if info.st_size > limit:
        raise Refused(f"{info.st_size} bytes, more than cardgen writes: refused, not read")
    try:  # readable at all (mode 000): every reader past this gate may assume it opens
        os.close(os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC))
    except OSError as exc:
        raise Refused(f"cannot be read ({exc.strerror}): fix its permissions") from None
    return path
