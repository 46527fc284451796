"""`playtest --log FILE` and `--json FILE`: files beside the output, for every game played.

Each is judged before a hand is played, and refused in one line when writing it could
lose something or never end:
- a regular file is replaced in one step, and only when cardgen wrote it (a log: JSON
  lines, each a hand of a game cardgen plays; a figures file: JSON holding only reports
  or a sweep), never through a link, never inside the output folder (which a build
  replaces as a whole);
- a FIFO or a character device (/dev/null, a terminal, /dev/stdout, `>(gzip > x)`) is
  written as it is, never replaced: a FIFO only when a program is reading it (else the
  run would wait for one for ever);
- a folder, a block device or a socket, and --log and --json naming the same file, are
  refused.

A regular file is written under a private name beside it, with this process's pid
(.<name>.cardgen-<pid>-<random>.tmp), and renamed over the target once the run has
succeeded; a failed run removes it, and the next run sweeps those a kill left.
"""
from __future__ import annotations

import json
import os
import re
import stat
import sys
import tempfile
from pathlib import Path

from ..errors import CardgenError

MAX_FIGURES_BYTES = 64 << 20  # a figures file cardgen wrote: a few hundred kB
MAX_LOG_LINE = 1 << 20  # one hand of a log: a few kB
_TEMP = re.compile(r"\.(?P<name>.+)\.cardgen-(?P<pid>[0-9]{1,10})-[A-Za-z0-9_]{1,32}\.tmp")


class SideFile:
    """One --log or --json target, judged; write() while the run goes, then commit()
    (or discard() when it fails)."""

    def __init__(self, flag: str, path: Path, how: str, fd: "int | None" = None):
        self.flag, self.path, self.how = flag, path, how  # how: "stdout", "stream" or "file"
        self._fd, self._fh, self._temp = fd, None, None

    def write(self, text: str) -> None:
        try:
            self._open().write(text)
        except OSError as exc:
            raise self._error(exc) from None

    def commit(self) -> None:
        """The file complete: a stream flushed and closed, a file put in place in one step."""
        try:
            if self._fh is not None:
                self._fh.flush()
            if self.how == "file":
                self._open()  # an empty log is a log too
                self._fh.flush()
                self._put_in_place()
        except OSError as exc:
            raise self._error(exc) from None
        finally:
            self.discard()

    def discard(self) -> None:
        """Close; a file not yet in place is dropped (the old one, or none, stays)."""
        fh, self._fh = self._fh, None
        if fh is not None and self.how != "stdout":
            try:
                fh.close()
            except OSError:
                pass
        elif self._fd is not None:
            os.close(self._fd)
        self._fd = None
        temp, self._temp = self._temp, None
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass  # a folder turned read-only: named as ours, the next run sweeps it

    def _open(self):
        if self._fh is None:
            if self.how == "stdout":
                self._fh = sys.stdout
            elif self.how == "stream":
                self._fh = os.fdopen(self._fd, "w", encoding="utf-8")
                self._fd = None
            else:
                self._fh = os.fdopen(self._new_file(), "w", encoding="utf-8")
        return self._fh

    def _new_file(self) -> int:
        """A private name beside the target, with this process's pid (swept when a kill
        leaves it), renamed over the target at commit."""
        fd, self._temp = tempfile.mkstemp(prefix=f".{self.path.name}.cardgen-{os.getpid()}-", suffix=".tmp",
                                          dir=self.path.parent)
        os.fchmod(fd, 0o666 & ~_umask())
        return fd

    def _put_in_place(self) -> None:
        os.replace(self._temp, self.path)
        self._temp = None

    def _error(self, exc: OSError) -> CardgenError:
        import errno

        from ..errors import DISK_FULL, no_room

        if exc.errno == errno.EPIPE:
            return CardgenError(f"{self.flag}: {self.path}: the program reading it stopped reading (Broken pipe); "
                                "nothing more was written to it")
        why = no_room(exc)[0] if exc.errno in DISK_FULL else exc.strerror or str(exc)
        return CardgenError(f"{self.flag}: cannot write {self.path} ({why}); the previous file, if any, was "
                            "left as it was; choose another file")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def side_files(json_out, log, final: Path) -> tuple:
    """(--json target, --log target), each None when not asked for; refused (one line,
    before any hand is played) as the module says."""
    json_target = judge(json_out, "--json", final, our_figures)
    try:
        log_target = judge(log, "--log", final, our_log)
        if json_target is not None and log_target is not None and json_target.how != "stdout" \
                and _same_file(json_target.path, log_target.path):
            log_target.discard()
            raise CardgenError(f"--log: --log and --json both name {log}; name two files")
    except CardgenError:
        if json_target is not None:
            json_target.discard()  # a FIFO opened for it: its reader sees the end
        raise
    return json_target, log_target


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(os.path.abspath(a)) == Path(os.path.abspath(b))


def judge(path, flag: str, final: Path, ours) -> "SideFile | None":
    if path is None:
        return None
    if flag == "--json" and str(path) == "-":
        if sys.stdout is None:  # started with its output closed (>&-)
            raise CardgenError("--json -: the standard output is closed, so the figures cannot go there; name a "
                               "file, e.g. --json playtest.json")
        return SideFile(flag, Path("-"), "stdout")
    path = Path(path)
    if str(path) == "-":
        raise CardgenError(f"{flag}: - is not supported (the summary goes to the standard output); name a file")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise CardgenError(f"{flag}: {path} cannot be looked at ({exc.strerror}); choose another file") from None
    where = _folder_of(path, flag, final)
    if info is not None and stat.S_ISLNK(info.st_mode):
        try:
            target = os.stat(path)
        except OSError:
            target = None
        if target is None or not (stat.S_ISFIFO(target.st_mode) or stat.S_ISCHR(target.st_mode)):
            raise CardgenError(f"{flag}: {path} is a link; name a plain file, not a link")
        info = target  # /dev/stdout, /dev/fd/63 (a shell's >(…)): the stream it leads to
    if info is not None:
        kind = _special(info.st_mode)
        if kind == "folder":
            raise CardgenError(f"{flag}: {path} is a folder; name a file in it, such as {path / 'playtest.json'}")
        if kind in ("fifo", "character device"):
            return SideFile(flag, path, "stream", _open_stream(path, flag, kind))
        if kind:
            raise CardgenError(f"{flag}: {path} is a {kind}, not a file cardgen writes; name a file")
        if not ours(path):
            raise CardgenError(f"{flag}: {path} exists and is not a file cardgen wrote; "
                               "choose a new file, or delete it first")
    if not os.access(where, os.W_OK | os.X_OK):
        raise CardgenError(f"{flag}: {path}: cannot write in {path.parent} (Permission denied); choose another file")
    sweep_temporaries(path)
    return SideFile(flag, path, "file")


def _folder_of(path: Path, flag: str, final: Path) -> Path:
    """The real folder path goes into: an existing folder outside the output folder."""
    try:
        where = Path(os.path.abspath(path.parent)).resolve()
    except (OSError, RuntimeError):  # a link loop
        where = None
    if where is not None and (where == final or where.is_relative_to(final)):
        raise CardgenError(f"{flag}: {path} is inside the output folder, which cardgen replaces as a whole; "
                           "choose a file outside it")
    if where is None or not where.is_dir():
        raise CardgenError(f"{flag}: {path}: the folder {path.parent} does not exist; create it first "
                           "or choose another file")
    return where


def _special(mode: int) -> str:
    """What a file that is not a regular one is, in words ("" for a regular file)."""
    for test, name in ((stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "fifo"), (stat.S_ISCHR, "character device"),
                       (stat.S_ISBLK, "block device"), (stat.S_ISSOCK, "socket")):
        if test(mode):
            return name
    return "" if stat.S_ISREG(mode) else "special file"


def _open_stream(path: Path, flag: str, kind: str) -> int:
    """A FIFO or device opened for writing without waiting: a FIFO nobody reads is refused."""
    import errno
    import fcntl

    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ENXIO and kind == "fifo":
            raise CardgenError(f"{flag}: {path} is a FIFO (named pipe) that no program is reading; start the "
                               f"reader first (e.g. cat {path}), or name a file") from None
        raise CardgenError(f"{flag}: {path}: the {kind} cannot be opened for writing ({exc.strerror}); "
                           "name a file") from None
    info = os.fstat(fd)
    if not (stat.S_ISFIFO(info.st_mode) or stat.S_ISCHR(info.st_mode)):  # swapped since it was looked at
        os.close(fd)
        raise CardgenError(f"{flag}: {path} changed while cardgen looked at it; run again")
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)  # then write as usual
    return fd


def _read_regular(path: Path):
    """path opened for reading, when it is (still) a regular file: never a FIFO's wait."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError("not a regular file")
    return os.fdopen(fd, "rb")


def our_figures(path: Path) -> bool:
    """An earlier --json file: JSON holding only the reports, only a sweep or only a tune (or empty)."""
    try:
        with _read_regular(path) as fh:
            data = fh.read(MAX_FIGURES_BYTES + 1)
        if not data:
            return True
        if len(data) > MAX_FIGURES_BYTES:
            return False
        value = json.loads(data)
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(value, dict) and (set(value) == {"reports"} and isinstance(value["reports"], list)
                                        or set(value) == {"sweep"} and isinstance(value["sweep"], dict)
                                        or set(value) == {"tune"} and isinstance(value["tune"], dict))


def our_log(path: Path) -> bool:
    """An earlier --log file (or an empty one): every line a hand of a game cardgen plays,
    {"game": "<game>", …}; the first and the last read in full, each with its seed."""
    from ..settings import BY_NAME

    games = "|".join(re.escape(g) for g in BY_NAME["games"].choices)
    line_re = re.compile(rb'\{\s*"game"\s*:\s*"(?:' + games.encode() + rb')"\s*,.*\}\n')
    first = last = None
    try:
        with _read_regular(path) as fh:
            while True:
                line = fh.readline(MAX_LOG_LINE + 1)
                if not line:
                    break
                if not line_re.fullmatch(line):
                    return False
                first, last = first or line, line
    except OSError:
        return False
    for line in {first, last} - {None}:
        try:
            hand = json.loads(line)
        except (ValueError, RecursionError):
            return False
        if not isinstance(hand, dict) or not isinstance(hand.get("seed"), int):
            return False
    return True


def sweep_temporaries(path: Path) -> None:
    """Remove .<name>.cardgen-<pid>-….tmp beside path that a killed run left: regular
    files of this user whose process is gone; nothing else is touched."""
    from ..private import alive

    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in names:
        match = _TEMP.fullmatch(name)
        if match is None or match.group("name") != path.name or alive(int(match.group("pid"))):
            continue
        try:
            info = os.lstat(path.parent / name)
            if stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid():
                os.unlink(path.parent / name)
        except OSError:
            pass
