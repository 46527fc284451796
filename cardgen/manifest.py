"""manifest.json: every file a build wrote, with its game, kind, format and sha256.

It also holds each game's build record (record.py: table size, card size, bleed…),
which the checker needs to know what the deck should be. A matching hash proves
only that a file is unchanged since the build, never that the deck is right.
"""
from __future__ import annotations

import hashlib
import json
import stat
from dataclasses import asdict, dataclass
from pathlib import Path, PurePosixPath

from . import __version__
from .errors import CardgenError

MANIFEST = "manifest.json"


@dataclass(frozen=True)
class Entry:
    path: str  # relative to the output folder, with forward slashes
    game: str
    kind: str
    format: str
    sha256: str


MAX_MANIFEST_BYTES = 64 << 20  # a manifest lists a few thousand files


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def safe_rel(path) -> bool:
    """A manifest path that stays inside the output folder (a relative POSIX path, no '..')."""
    if not isinstance(path, str) or not path or "\\" in path or "\0" in path:
        return False
    parts = PurePosixPath(path).parts
    return not PurePosixPath(path).is_absolute() and ".." not in parts and "." not in parts


def entry_for(out: Path, file: Path, game: str, kind: str, fmt: str) -> Entry:
    return Entry(file.relative_to(out).as_posix(), game, kind, fmt, sha256_file(file))


def load(out: Path) -> dict:
    path = out / MANIFEST
    try:
        info = path.lstat()
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_MANIFEST_BYTES:
            raise CardgenError(f"{path} is not a manifest cardgen wrote (not a regular file, or "
                               f"{info.st_size} bytes): name the folder a build wrote")
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise CardgenError(f"{path} not found: run 'cardgen build --out {out}' first, "
                           "or name the folder a build wrote") from None
    except OSError as exc:
        raise CardgenError(f"{path} cannot be read ({exc.strerror}): name the folder a build wrote") from None
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise CardgenError(f"{path} is not valid JSON ({str(exc)[:80]}): rebuild with 'cardgen build'") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list) \
            or not isinstance(data.get("games"), dict):
        raise CardgenError(f"{path} lacks 'games' and 'files': rebuild with 'cardgen build'")
    return data


def game_entry(built, input_key: str) -> dict:
    """A game's entry under "games": its build record, and the cache key it was built with."""
    from .record import to_json

    return {**to_json(built), "input_key": input_key}


def dumps(games: dict, entries: list[Entry], site_key: "str | None" = None, kit_key: "str | None" = None) -> str:
    data = {
        "generator": f"cardgen {__version__}",
        "games": {name: games[name] for name in sorted(games)},
        "files": [asdict(e) for e in sorted(entries, key=lambda e: e.path)],
    }
    if site_key:
        data["site_key"] = site_key
    if kit_key:
        data["kit_key"] = kit_key  # what the how-to-print pages were made from (documents/howto.py)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
