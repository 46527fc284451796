"""Skip work whose inputs have not changed.

A game's key hashes everything its output depends on: the build options, the code
(every module of the package), the templates and rule texts, the font files and the
back art with every file it uses. Each input file is looked at before it is read:
one over its size limit, a FIFO or a folder is refused before a byte is hashed. A game is kept as it is when the previous build recorded the same key and
every file it listed is still there, unchanged. `--clean` ignores all of this.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from . import __version__
from . import manifest
from . import paths

# options that change no file (where it goes, how fast, how loud, caching itself)
NOT_INPUTS = {"out", "games", "jobs", "clean", "strict"}


@lru_cache(maxsize=None)
def _tree_digest(root: str, pattern: str) -> str:
    """The files under root whose names match pattern, names and contents, in path order;
    bytecode caches are neither walked nor read."""
    import fnmatch
    import os

    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        rel = Path(folder).relative_to(root)
        found += [rel.parts + (name,) for name in files if fnmatch.fnmatch(name, pattern)]
    h = hashlib.sha256()
    for parts in sorted(found):
        path = Path(root, *parts)
        if path.is_file():
            h.update("/".join(parts).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


# the libraries whose versions change the bytes we write
LIBRARIES = ("reportlab", "pikepdf", "cairocffi", "CairoSVG", "pillow", "Jinja2", "markdown-it-py", "fonttools")


def _normal(name: str) -> str:
    import re

    return re.sub(r"[-_.]+", "_", name).lower()


def _installed() -> dict:
    """Normalized distribution name -> version, read from the names of the .dist-info folders
    on sys.path (first one wins, as for imports): one folder listing each, where asking
    importlib.metadata for each library costs a twenty-fifth of a second at every start."""
    import os
    import sys

    found: dict = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info"):
                dist, _, version = name[:-len(".dist-info")].partition("-")
                found.setdefault(_normal(dist), version)
    return found


@lru_cache(maxsize=None)
def _library_versions() -> str:
    installed = _installed()

    def one(name: str) -> str:
        if _normal(name) in installed:
            return installed[_normal(name)]
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version(name)
        except PackageNotFoundError:
            return "-"
    return ",".join(f"{name}={one(name)}" for name in LIBRARIES)


@lru_cache(maxsize=None)
def code_version() -> str:
    """Our code, our templates and the libraries that draw: a change to any rebuilds."""
    return hashlib.sha256("|".join([
        __version__, _tree_digest(str(paths.folder("cardgen")), "*.py"),
        _tree_digest(str(paths.folder("cardgen.templates")), "*"),
        _library_versions(),
    ]).encode()).hexdigest()
MAX_KEPT_BYTES = 1 << 30  # no file cardgen writes comes near it


def _font_digest(path: Path) -> str:
    from .fontfiles import read_font

    return hashlib.sha256(read_font(path)).hexdigest()


def input_key(options, theme, game: str) -> str:
    fields = {f.name: getattr(options, f.name) for f in dataclasses.fields(options) if f.name not in NOT_INPUTS}
    inputs = {
        "game": game, "code": code_version(),
        "options": json.loads(json.dumps(fields, default=lambda v: sorted(v) if isinstance(v, (set, frozenset)) else str(v))),
        "fonts": [_font_digest(theme.fonts.folder / name) for _, name in sorted(theme.fonts.files)],
        "tokens": [[name, list(v) if isinstance(v, tuple) else v] for name, v in theme.tokens.items],
        # the art and every file it uses, each looked at (size, kind) before it is read
        "back_art": _art_digest(theme.back_art) if theme.back_art else "",
    }
    if game in ("str8eight", "fourscore"):  # FourScore's aid cards ride on the Str8 Eight sheets when both are built
        inputs["together"] = sorted((set(options.games) or {"str8eight", "fourscore"}) & {"str8eight", "fourscore"})
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def theme_inputs(theme) -> dict:
    """What of a theme decides a drawing: its fonts' bytes, its tokens, its back art."""
    return {"fonts": [_font_digest(theme.fonts.folder / name) for _, name in sorted(theme.fonts.files)],
            "tokens": [[name, list(v) if isinstance(v, tuple) else v] for name, v in theme.tokens.items],
            "back_art": _art_digest(theme.back_art) if theme.back_art else ""}


def library_version(name: str) -> str:
    return _installed().get(_normal(name), "-")


def _art_digest(path) -> str:
    from . import art  # only for a theme with back art

    return art.digest(path)


def site_key(games: dict, files: list) -> str:
    """What the HTML preview shows: every game of the folder (name -> its build record) and
    the games' files (path, sha256), which it pictures and links."""
    records = {name: {k: v for k, v in record.items() if k != "input_key"} for name, record in games.items()}
    return hashlib.sha256(json.dumps({"code": code_version(), "records": records, "files": sorted(files)},
                                     sort_keys=True).encode()).hexdigest()


def unchanged(out: Path, old: dict, game: str, key: str) -> bool:
    """True when the last build of this game had the same key, a record this cardgen
    writes (its names plain, nothing leading out of the folder) and its files intact."""
    from .record import RecordError, from_json

    record = old.get("games", {}).get(game)
    if not isinstance(record, dict) or record.get("input_key") != key:
        return False
    try:
        from_json(game, record)
    except RecordError:
        return False
    for entry in old.get("files", []):
        if not isinstance(entry, dict) or entry.get("game") != game:
            continue
        if not manifest.safe_rel(entry.get("path")):
            return False
        path = out / entry["path"]
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_KEPT_BYTES \
                or manifest.sha256_file(path) != entry.get("sha256"):
            return False
    return True


# ------------------------------------------------------------------ the store
# Results kept between runs, content-addressed: an entry is named by the SHA-256 of every input
# that decides it (code_version() among them), so a stale entry is never found, only aged out.
# Each holds its payload's own digest before the payload: a torn or damaged entry reads as a miss
# and is written again. Written to a fresh name and renamed into place, so two processes writing
# the same entry at once leave one whole copy. Each kind keeps at most STORE_LIMITS[kind]
# entries, the least recently used going first.

STORE_ENV = "CARDGEN_CACHE"  # the store's folder; "off" (or "") keeps nothing
STORE_LIMITS = {"ladder": 256, "plots": 256, "pdf": 512, "png": 4096, "parts": 512, "parts-index": 512, "art": 256}  # entries
STORE_BYTES = {"pdf": 64 << 20, "png": 192 << 20, "parts": 128 << 20, "art": 128 << 20}  # and bytes, for the kinds that hold drawings
MAX_STORE_ENTRY = 64 << 20
_store_checked: dict = {}  # folder -> usable (once a process)
DRAWINGS = ("pdf", "png", "parts", "art")  # the kinds `cardgen build --clean` draws afresh (and keeps again)
_afresh = False
reused: dict = {}  # kind -> entries this process took from the store (tests and -v read them)
made: dict = {}  # kind -> entries this process made and kept


def store_folder() -> "Path | None":
    """This user's store: $CARDGEN_CACHE, else cardgen-cache-<uid> in the system's temporary
    folder (as Jinja keeps its bytecode): made with mode 0700 and used only while it is a real
    folder of this user that nobody else can write to. None: nothing is kept (no such folder
    can be had, or the user turned the store off)."""
    import os
    import stat
    import tempfile

    env = os.environ.get(STORE_ENV)
    if env is not None and env.strip().lower() in ("", "off", "0", "no"):
        return None
    folder = Path(env) if env else Path(tempfile.gettempdir()) / f"cardgen-cache-{os.getuid()}"
    known = _store_checked.get(folder)
    if known is None:
        try:
            folder.mkdir(mode=0o700, parents=bool(env), exist_ok=True)
            st = folder.lstat()
            known = stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o022
        except OSError:
            known = False
        _store_checked[folder] = known
    return folder if known else None


def store_key(kind: str, inputs) -> str:
    """The entry's name: the digest of kind, the code and the inputs (JSON-able)."""
    text = json.dumps({"kind": kind, "code": code_version(), "inputs": inputs}, sort_keys=True,
                      default=lambda v: sorted(v) if isinstance(v, (set, frozenset)) else str(v))
    return hashlib.sha256(text.encode()).hexdigest()


def _entry(kind: str, key: str) -> "Path | None":
    folder = store_folder()
    return None if folder is None else folder / kind / key


def draw_afresh(on: bool) -> None:
    """--clean: every drawing of this build (and of the processes it forks) is made again, none
    taken from the store; what is made is still kept."""
    global _afresh
    _afresh = on


def fetch(kind: str, key: str) -> "bytes | None":
    """The payload kept under key, or None (none kept, the entry is damaged, or a --clean build
    asks for a drawing)."""
    import os

    path = _entry(kind, key)
    if path is None or (_afresh and kind in DRAWINGS):
        return None
    try:
        with open(path, "rb") as fh:
            if os.fstat(fh.fileno()).st_size > MAX_STORE_ENTRY + 65:
                return None
            data = fh.read()
    except OSError:
        return None
    digest, _, payload = data.partition(b"\n")
    if digest.decode("ascii", "replace") != hashlib.sha256(payload).hexdigest():
        return None
    try:
        os.utime(path)  # recently used: aged out last
    except OSError:
        pass
    reused[kind] = reused.get(kind, 0) + 1
    return payload


def holds(kind: str, key: str) -> bool:
    """Whether an entry is kept under key (not read: fetch() tells whether it is whole)."""
    path = _entry(kind, key)
    return path is not None and not (_afresh and kind in DRAWINGS) and path.is_file()


def keep(kind: str, key: str, payload: bytes) -> None:
    """Keep payload under key (quietly nothing when the store cannot be written)."""
    import os
    import tempfile

    path = _entry(kind, key)
    if path is None or len(payload) > MAX_STORE_ENTRY:
        return
    made[kind] = made.get(kind, 0) + 1
    try:
        path.parent.mkdir(mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".new-", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        _trim(path.parent, STORE_LIMITS.get(kind, 256), STORE_BYTES.get(kind, 64 << 20))
    except OSError:
        return


def _trim(folder: Path, limit: int, most: int) -> None:
    """At most limit entries in folder, of at most `most` bytes in all: the least recently used
    go (another process trimming at the same time may take one first)."""
    import os

    with os.scandir(folder) as it:
        entries = [(st.st_mtime_ns, e.name, st.st_size, e.path) for e in it
                   if e.is_file(follow_symlinks=False) and not e.name.startswith(".")
                   for st in (e.stat(follow_symlinks=False),)]
    total = sum(e[2] for e in entries)
    if len(entries) <= limit and total <= most:
        return
    entries.sort()
    count = len(entries)
    for _, _, size, path in entries:
        if count <= limit and total <= most:
            break
        try:
            os.unlink(path)
        except OSError:
            pass
        count, total = count - 1, total - size


def kept_json(kind: str, inputs, make, log=None):
    """make()'s JSON-able result, from the store when these inputs made it before; log(line)
    hears whether it was reused or made (and kept)."""
    key = store_key(kind, inputs)
    data = fetch(kind, key)
    if data is not None:
        try:
            value = json.loads(data)
        except ValueError:
            value = None
        else:
            if log is not None:
                log(f"{kind}: reused {key[:12]}")
            return value
    value = make()
    keep(kind, key, json.dumps(value).encode())  # key order kept: the same bytes when written out
    if log is not None:
        log(f"{kind}: made {key[:12]}")
    return value


@lru_cache(maxsize=64)
def _font_file_digest(path: str, mtime_ns: int, size: int) -> str:
    return _font_digest(Path(path))


def fonts_inputs(fonts) -> list:
    """A font set's cuts and their bytes' digests (a file's digest read once a process)."""
    import os

    out = []
    for cut, name in sorted(fonts.files):
        path = Path(fonts.folder) / name
        st = os.stat(path)
        out.append([cut, _font_file_digest(str(path), st.st_mtime_ns, st.st_size)])
    return out


def drawing_inputs() -> dict:
    """What decides every drawing besides its own inputs: the build date PDFs carry."""
    import os

    return {"date": os.environ.get("SOURCE_DATE_EPOCH", "")}
