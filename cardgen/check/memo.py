"""What the checker reads out of one file, kept by the SHA-256 of the file's bytes.

Reading a PDF's text, walking its pages' drawing, digesting its pages: each is a function
of the file's bytes alone (and of the checker's constants), so a check that asks twice
(several checks read one booklet) or a process that checks many copies of one build (a
watch loop, the test suite's damaged copies) reads each file once. A damaged file has
another digest and is read afresh: nothing here can hide a change.

Only successes are kept: a reading that fails raises again (its message may name the
file's path). Each result is kept pickled and unpickled on every use, so no caller can
change what another is given. Within a process the results are kept in memory; keep_in()
also keeps them in a folder (the test suite's run folder, shared by its worker processes).
Imports nothing of the builder."""
from __future__ import annotations

import hashlib
import os
import pickle
import re
from pathlib import Path

MAX_KEPT_BYTES = 64 << 20  # in memory: past that (a long-lived process such as cardgen serve), start again;
# a default kit's check keeps 2.4 MB, so one check never outgrows it

_KEPT: dict = {}  # "kind-key" -> pickled result
_SIZE = [0]
_FOLDER: "list[Path | None]" = [None]


def keep_in(folder: "Path | None") -> "Path | None":
    """Keep results in folder too (None: in memory only); returns the folder kept in before."""
    before, _FOLDER[0] = _FOLDER[0], None if folder is None else Path(folder)
    return before


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_digest(path: Path) -> str:
    """The digest of a file's bytes, read through the checker's gate (safefile.guard: a link,
    a FIFO or a huge file is refused as every reader refuses it)."""
    from .safefile import guard

    return digest(guard(Path(path)).read_bytes())


def _remember(name: str, blob: bytes) -> None:
    if _SIZE[0] + len(blob) > MAX_KEPT_BYTES:
        _KEPT.clear()
        _SIZE[0] = 0
    _KEPT[name] = blob
    _SIZE[0] += len(blob)


_MISSING = object()
_PLAIN = re.compile(r"[\w:.,=-]{1,200}")


def _name(kind: str, key: str) -> str:
    """A file name for (kind, key): as it is when it is a plain short one, else by digest."""
    return f"{kind}-{key}" if _PLAIN.fullmatch(key) else f"{kind}-{digest(key.encode('utf-8', 'surrogatepass'))}"


def get(kind: str, key: str, default=None):
    """The result kept for (kind, key), or default."""
    name = _name(kind, key)
    blob = _KEPT.get(name)
    folder = _FOLDER[0]
    if blob is None and folder is not None:
        try:
            blob = (folder / name).read_bytes()
        except OSError:
            return default
        _remember(name, blob)
    return default if blob is None else pickle.loads(blob)


def put(kind: str, key: str, value) -> None:
    """Keep value for (kind, key): what reading the bytes key names gives."""
    name = _name(kind, key)
    blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    _remember(name, blob)
    folder = _FOLDER[0]
    if folder is not None:
        part = folder / f".{name}.{os.getpid()}"
        try:
            part.write_bytes(blob)
            os.replace(part, folder / name)  # whole or not at all
        except OSError:
            pass  # kept in memory all the same


def kept(kind: str, key: str, make):
    """make()'s result for (kind, key), made once: key names the bytes it reads (a digest,
    with whatever else decides the result). make() raising is not kept."""
    value = get(kind, key, _MISSING)
    if value is _MISSING:
        value = make()
        put(kind, key, value)
    return value


def forget() -> None:
    """Drop what this process keeps in memory (the folder's results stay)."""
    _KEPT.clear()
    _SIZE[0] = 0
