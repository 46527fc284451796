"""Read manifest.json for the checker: the files a build listed and each game's record.

Read here rather than through the build's manifest module, so the checker depends on
the file's format and nothing else."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..errors import CardgenError

MANIFEST = "manifest.json"


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load(out: Path) -> dict:
    """The manifest as JSON; CardgenError (exit 2) when there is nothing to check."""
    path = out / MANIFEST
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise CardgenError(f"{path} not found: run 'cardgen build --out {out}' first, "
                           "or name the folder a build wrote") from None
    except OSError as exc:
        raise CardgenError(f"{path} cannot be read ({exc.strerror}): name the folder a build wrote") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CardgenError(f"{path} is not valid JSON ({exc}): rebuild with 'cardgen build'") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list) \
            or not isinstance(data.get("games"), dict):
        raise CardgenError(f"{path} lacks 'games' and 'files': rebuild with 'cardgen build'")
    return data
