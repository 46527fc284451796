"""Private temporary folders: where cardgen keeps what no one else should see or plant.

Made by mkdtemp in the system's temporary folder (mode 0700, a fresh name: never a
predictable path another user could plant) and named cardgen-<purpose>-<pid>-<random>,
so that whose it is can be told from its name alone: one a process keeps to its end
(folder: fontconfig's configuration and cache, matplotlib's cache) or one for a piece
of work (temporary: Ghostscript's separations, a playtest report's drawings). Each goes
when its work or its process ends.

The pid in the name is the command's own (the process that imported this module first,
before it forked its parts), also in a forked part: a part ends at once on SIGTERM to
the process group, or is killed by the command when it stops, and cannot clean up; the
command's process then removes, as it exits, every folder named with its pid (issue 40:
matplotlib's folder of the report's drawing process, the ink check's folder of a game's
build were left behind). A command that cannot clean up (SIGKILL, a power cut) leaves
them behind, and the next cardgen process to make one removes those of dead processes:
only this user's folders, never a link, never a live process's.
"""
from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path

PURPOSES = ("fonts", "ink", "playtest", "matplotlib", "calibrate", "docs")
_NAME = re.compile(r"cardgen-(?:" + "|".join(PURPOSES) + r")-([0-9]{1,10})-[A-Za-z0-9_]{1,32}")
_made: dict = {}  # purpose -> (pid, folder): a forked child makes its own
_swept = 0  # the pid of the process that swept last: once a process
_owner = os.getpid()  # the command's process: the pid every private folder is named with


def folder(purpose: str) -> Path:
    """This process's private folder for purpose, made on first use, kept to its end."""
    known = _made.get(purpose)
    if known is not None and known[0] == os.getpid():
        return known[1]
    path = Path(_mkdtemp(purpose))
    _made[purpose] = (os.getpid(), path)
    _remove_at_exit(path)
    return path


def temporary(purpose: str):
    """A private folder for one piece of work (a context manager giving its path), removed
    when the work is done."""
    prefix = _prefix(purpose)
    try:
        return tempfile.TemporaryDirectory(prefix=prefix)
    except OSError as exc:
        raise _refused(exc) from None


def _prefix(purpose: str) -> str:
    global _swept
    assert purpose in PURPOSES, purpose
    if _swept != os.getpid():
        _swept = os.getpid()
        sweep_orphans()
    return f"cardgen-{purpose}-{_owner}-"


def _mkdtemp(purpose: str) -> str:
    prefix = _prefix(purpose)
    try:
        return tempfile.mkdtemp(prefix=prefix)
    except OSError as exc:
        raise _refused(exc) from None


def _refused(exc: OSError):
    """The temporary folder refused a private folder (made read-only, full, removed): one
    line naming TMPDIR and the way out, from whichever process of the command it was."""
    from .errors import DISK_FULL, CardgenError

    where = tempfile.gettempdir()
    fix = "make room there" if exc.errno in DISK_FULL else "make it writable"
    return CardgenError(f"cannot make a private folder in the temporary folder {where} ({exc.strerror or exc}): "
                        f"cardgen keeps its working files there; {fix}, or set TMPDIR to a folder you can write "
                        "to (e.g. TMPDIR=$HOME/tmp)")


def _remove_at_exit(path: Path) -> None:
    """At the process's end: atexit for the command's process, and multiprocessing's own
    exit hook for a forked one (a Process child ends with os._exit, which skips atexit)."""
    import atexit
    import shutil
    import sys

    from .interrupt import blocked_during_cleanup

    remove = blocked_during_cleanup(shutil.rmtree)
    atexit.register(remove, path, True)
    util = sys.modules.get("multiprocessing.util")
    if util is not None:
        util.Finalize(None, remove, args=(path, True), exitpriority=0)


def alive(pid: int) -> bool:
    """Whether a process runs with that pid (another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or a number no process has: not ours to judge
    return True


def sweep_orphans() -> None:
    """Remove the private folders of cardgen processes that died without cleaning up:
    folders of this user named cardgen-<purpose>-<pid>-… whose process is gone. A live
    or foreign process's folder, a link or a file is left alone."""
    _remove_named(lambda pid: pid not in (os.getpid(), _owner) and not alive(pid))


def _remove_named(doomed) -> None:
    """Remove every private folder in the system's temporary folder whose name's pid doomed(pid)
    marks (a foreign user's folder, a link or a file left alone)."""
    import shutil

    base = Path(tempfile.gettempdir())
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        match = _NAME.fullmatch(name)
        if match is not None and doomed(int(match.group(1))):
            _remove(base / name, shutil)


def _remove(path: Path, shutil) -> None:
    """A folder of this user, never a link."""
    try:
        st = path.lstat()
    except OSError:
        return
    if stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid():
        shutil.rmtree(path, ignore_errors=True)


def _sweep_own() -> None:
    """At the command's exit: every private folder named with its pid, whichever of its
    parts made it and however that part ended."""
    if os.getpid() != _owner:
        return
    _remove_named(lambda pid: pid == _owner)


def _register_sweep() -> None:
    import atexit

    from .interrupt import blocked_during_cleanup

    atexit.register(blocked_during_cleanup(_sweep_own))


_register_sweep()
