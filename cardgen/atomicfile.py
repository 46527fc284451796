"""Put one file in place in one step, through a private temporary name beside it.

The bytes go to a file only this process made (mkstemp: a fresh random name, created
exclusively, so nothing planted beside the target, a link, a FIFO or a folder, is ever
opened or written through), are flushed to the disk, and replace the target with one
rename: a reader, a crash or Ctrl-C sees the old file or the new one, never half of it.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def replace_with(path: Path, data: bytes, mode: "int | None" = None, owner: "tuple | None" = None) -> None:
    """Write data to path in one step. mode: the new file's permissions (default: the file's
    it replaces, or what the umask leaves of 0o666); owner: (uid, gid) to give the new file
    (root only). OSError (naming path) on failure, with nothing left behind."""
    path = Path(path)
    if mode is None:
        mode = _mode_of(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if owner is not None:
            os.chown(tmp, *owner)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException as exc:  # Ctrl-C too: the private file goes, the target is as it was
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and exc.filename in (None, tmp):
            exc.filename = str(path)
        raise


def _mode_of(path: Path) -> int:
    try:
        st = os.stat(path, follow_symlinks=False)
        return st.st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask
