"""Parts of a build made once: the files a part writes, kept in the result store (cache.py)
under every input that decides them, and written again from there when those inputs come
back.

A part is a function that writes files into a game's folder through an Output and sets
parts of the game's record (the booklets with their fold and aid, the score pads, …).
kept_part() runs it with the build options wrapped so that every option it reads is
noted (the options object it sees is a BuildOptions that remembers its reads). What it
wrote (the files' bytes, their manifest rows, the record's parts it set) is kept under a
key of:
  - the code (cache.code_version(): our modules, templates, rule texts, the drawing libraries),
  - every other input the caller names (the game, the theme's font bytes, tokens and back
    art, the variant's facts, the card drawings shown), encoded in full: an input this
    module cannot encode exactly (an object it does not know, a function holding variables)
    makes the part run afresh and keep nothing,
  - the options the part read, each with its value: the trace.
A build finds an entry when every option of one of the traces kept for those other inputs
has the same value now: the part, being a function of its inputs, would read the same
options and write the same bytes. So a change to an option the part never reads (--layout
for a booklet) reuses it, and a change to any it does read (or to the code, the fonts, the
facts, the cards) makes it again; no list of "what a booklet depends on" is kept by hand.
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import pickle
from pathlib import Path, PurePath

from . import cache

KIND = "parts"  # the store's folder of kept parts
INDEX = "parts-index"  # the traces kept for each set of other inputs
MAX_TRACES = 16  # traces kept for one set of other inputs (the newest)

EVERYTHING = "*"  # a read of the whole options object (its __dict__, a copy, a pickle)


class Unkeyable(Exception):
    """An input this module cannot encode exactly: the part runs without the store."""


def encode(value, root: "Path | None" = None):
    """value as JSON-able data that two equal inputs, and only they, share; Unkeyable for what
    it cannot encode so. A path under root (the build's own folder, which moves from build to
    build) is named from there; every path that is a file is named with its bytes' digest."""
    if root is not None:
        return _encode_under(value, Path(root))
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, enum.Enum):
        return {"enum": f"{type(value).__module__}.{type(value).__qualname__}", "value": encode(value.value)}
    if isinstance(value, PurePath):
        return {"path": str(value), "file": _file_digest(Path(value))}
    if isinstance(value, bytes):
        return {"bytes": hashlib.sha256(value).hexdigest()}
    if isinstance(value, (list, tuple)):
        return {type(value).__name__: [encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"set": sorted((encode(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))}
    if isinstance(value, dict):
        return {"dict": sorted(([encode(k), encode(v)] for k, v in value.items()),
                               key=lambda kv: json.dumps(kv[0], sort_keys=True))}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"dataclass": f"{type(value).__module__}.{type(value).__qualname__}",
                "fields": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)},
                "extra": encode(_extra_state(value))}
    if callable(value) and getattr(value, "__closure__", None) is None and hasattr(value, "__qualname__") \
            and "<" not in value.__qualname__:
        return {"function": f"{value.__module__}.{value.__qualname__}"}  # its code is in the code version
    raise Unkeyable(type(value).__qualname__)


def _encode_under(value, root: Path):
    def under(v):
        if isinstance(v, PurePath):
            try:
                return {"under": Path(v).relative_to(root).as_posix(), "file": _file_digest(Path(v))}
            except ValueError:
                return encode(v)
        if isinstance(v, (list, tuple)):
            return {type(v).__name__: [under(x) for x in v]}
        if isinstance(v, dict):
            return {"dict": sorted(([encode(k), under(x)] for k, x in v.items()),
                                   key=lambda kv: json.dumps(kv[0], sort_keys=True))}
        return encode(v)
    return under(value)


def _extra_state(value) -> dict:
    """What a dataclass instance holds besides its fields (set after it was made): an input too."""
    names = {f.name for f in dataclasses.fields(value)}
    state = getattr(value, "__dict__", {})
    return {k: v for k, v in state.items() if k not in names and not k.startswith("_")}


def _file_digest(path: Path) -> str:
    try:
        if not path.is_file():
            return "-"
        if path.stat().st_size > cache.MAX_KEPT_BYTES:
            raise Unkeyable(f"{path} too big")
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "-"


# ------------------------------------------------------------------ the options' reads

def _watched(options, reads: dict):
    """options as an instance of a subclass of its own type that notes each field read
    (name -> value as first read), a read of the whole as EVERYTHING."""
    base = type(options)
    names = frozenset(f.name for f in dataclasses.fields(options))

    class Watched(base):
        def __getattribute__(self, name):
            value = object.__getattribute__(self, name)
            if self is not watched:  # a copy made from it (dataclasses.replace): its reads are the copy's
                return value
            if name in names:
                reads.setdefault(name, value)
            elif name in ("__dict__", "__getstate__", "__reduce__", "__reduce_ex__", "__copy__", "__deepcopy__",
                          "__slots__"):
                reads[EVERYTHING] = True
            return value

    Watched.__name__, Watched.__qualname__, Watched.__module__ = base.__name__, base.__qualname__, base.__module__
    watched = object.__new__(Watched)
    for f in dataclasses.fields(options):
        object.__setattr__(watched, f.name, getattr(options, f.name))
    return watched


def _trace(options, reads: dict) -> dict:
    """The options read and their values (encoded), all of them (but the ones that change no
    file) when the whole was read."""
    if EVERYTHING in reads:
        reads = {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
    return {name: encode(value) for name, value in sorted(reads.items()) if name not in cache.NOT_INPUTS}


# ------------------------------------------------------------------ kept parts

def kept_part(out, name: str, options, inputs: dict, make, log=None) -> bool:
    """make(out, options) writes its files into out.game_dir through out and sets parts of
    out.params; from the store when the same inputs (inputs, the options make reads, the
    code, the build date) made it before. True when it came from the store."""
    if cache.store_folder() is None:
        make(out, options)
        return False
    try:
        base = {"part": name, "inputs": encode(inputs), "params": encode(out.params), "folder": out.game_dir.name,
                "sub": out.sub, "title": [out.name, out.variant], "date": cache.drawing_inputs()}
    except Unkeyable:
        make(out, options)
        return False
    index_key = cache.store_key(INDEX, base)
    traces = _traces(index_key)
    for trace in traces:
        try:
            same = all(name in cache.NOT_INPUTS or encode(getattr(options, name)) == value
                       for name, value in trace.items())
        except Unkeyable:
            same = False
        if same and _replay(out, cache.store_key(KIND, {"base": base, "trace": trace})):
            if log is not None:
                log(f"{name}: reused")
            return True
    reads: dict = {}
    before_files, before_params = len(out.files), dict(out.params)
    make(out, _watched(options, reads))
    try:
        trace = _trace(options, reads)
        payload = _payload(out, before_files, before_params)
    except Unkeyable:
        return False
    if payload is None:
        return False
    cache.keep(KIND, cache.store_key(KIND, {"base": base, "trace": trace}), payload)
    kept = [trace] + [t for t in traces if t != trace]
    cache.keep(INDEX, index_key, json.dumps(kept[:MAX_TRACES], sort_keys=True).encode())
    return False


def _traces(index_key: str) -> list:
    data = cache.fetch(INDEX, index_key)
    if data is None:
        return []
    try:
        traces = json.loads(data)
    except ValueError:
        return []
    return [t for t in traces if isinstance(t, dict)] if isinstance(traces, list) else []


def _payload(out, before_files: int, before_params: dict) -> "bytes | None":
    """What make wrote: each new file (its path under the game's folder, kind, format and
    bytes) and the record's parts it set; None when it wrote outside the game's folder or
    changed what it found."""
    root = Path(out.game_dir)
    files = []
    for path, kind, fmt in out.files[before_files:]:
        try:
            rel = Path(path).relative_to(root)
        except ValueError:
            return None
        if ".." in rel.parts or not Path(path).is_file():
            return None
        files.append((rel.as_posix(), kind, fmt, Path(path).read_bytes()))
    if any(k not in out.params for k in before_params):
        return None  # a part that takes away what others set is not replayed
    # what it set or replaced (the record's parts before it are among the key's inputs)
    params = {k: v for k, v in out.params.items() if k not in before_params or before_params[k] is not v}
    return pickle.dumps({"files": files, "params": params}, protocol=pickle.HIGHEST_PROTOCOL)


def _replay(out, key: str) -> bool:
    """Write the kept part's files into out.game_dir and set its record parts; False (nothing
    written) when there is no whole entry under key."""
    from .errors import writing

    data = cache.fetch(KIND, key)
    if data is None:
        return False
    try:
        # the store is this user's own folder, writable by nobody else (cache.store_folder),
        # and each entry's digest is checked before it is read
        kept = pickle.loads(data)
        files, params = kept["files"], kept["params"]
    except Exception:  # noqa: BLE001 - a damaged entry is a miss
        return False
    root = Path(out.game_dir)
    if any(Path(rel).is_absolute() or ".." in Path(rel).parts for rel, *_ in files):
        return False
    for rel, kind, fmt, content in files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        with writing(path):
            path.write_bytes(content)
        out.add(path, kind, fmt)
    out.params.update(params)
    return True


# ------------------------------------------------------------------ kept files

def kept_file(name: str, inputs: dict, path: Path, make, root: "Path | None" = None):
    """make() writes the one file path and returns a JSON-able value; both from the store when
    the same inputs (encoded in full: a file named among them by its bytes; the code, the
    build date) made them before. The value is returned. root: the folder the build writes
    in (paths under it are named from there)."""
    if cache.store_folder() is None:
        return make()
    try:
        key = cache.store_key(KIND, {"file": name, "inputs": encode(inputs, root), "name": Path(path).name,
                                     "date": cache.drawing_inputs()})
    except Unkeyable:
        return make()
    data = cache.fetch(KIND, key)
    if data is not None:
        value_json, sep, content = data.partition(b"\n")
        if sep:
            from .errors import writing

            try:
                value = json.loads(value_json)
            except ValueError:
                value = sep = None
            if sep:
                with writing(path):
                    Path(path).write_bytes(content)
                return value
    value = make()
    cache.keep(KIND, key, json.dumps(value).encode() + b"\n" + Path(path).read_bytes())
    return value
