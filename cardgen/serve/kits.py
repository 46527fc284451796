"""The data folder of `cardgen serve`: everything the web face writes lives under it.

    <data>/cardgen.toml            the project file (the printer's profile from "Set up my printer")
    <data>/kits/<key>/             a built kit: the output folder `cardgen build` writes
    <data>/kits/<key>.zip          the same kit as one zip
    <data>/kits/<key>.json         written last: the check's verdict and the kit's files (a kit without
                                   it is not finished, and is built again)
    <data>/playtests/<key>/        a playtest's reports and figures
    <data>/calibration/            the calibration sheets
    <data>/tracebacks/             a job's internal error, to report
    <data>/.open-<port>.html       while the server runs: the page the browser is started with
                                   (mode 0600), which moves on to the address with its key

A key is the sha256 of the options (validated, as JSON) and cardgen's code version: the same
options and version give the same key, and builds are reproducible, so a kit already built is
served at once. Names inside a kit are looked up in its own list, never taken as paths.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

KEY = re.compile(r"^[0-9a-f]{64}$")
PROJECT = "cardgen.toml"


def key_of(kind: str, values: dict) -> str:
    from ..cache import code_version

    text = json.dumps({"kind": kind, "code": code_version(), "values": _plain(values)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in sorted(value.items())}
    if isinstance(value, (frozenset, set)):
        return sorted(map(_plain, value))
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Path):
        return value.as_posix()
    return value


class Store:
    def __init__(self, root: Path):
        self.root = Path(root)

    def make(self) -> None:
        for sub in ("kits", "playtests", "calibration"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)

    @property
    def project(self) -> Path:
        return self.root / PROJECT

    def kit_dir(self, key: str) -> Path:
        assert KEY.match(key)
        return self.root / "kits" / key

    def kit_zip(self, key: str) -> Path:
        assert KEY.match(key)
        return self.root / "kits" / f"{key}.zip"

    def kit_record(self, key: str) -> "dict | None":
        """The finished kit's record, or None (not built, or not finished)."""
        if not KEY.match(key):
            return None
        try:
            data = json.loads((self.root / "kits" / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) and data.get("key") == key else None

    def write_record(self, kind: str, key: str, data: dict) -> None:
        from ..atomicfile import replace_with

        assert KEY.match(key)
        replace_with(self.root / kind / f"{key}.json", json.dumps({**data, "key": key}, indent=1).encode())

    def playtest_dir(self, key: str) -> Path:
        assert KEY.match(key)
        return self.root / "playtests" / key

    def playtest_record(self, key: str) -> "dict | None":
        if not KEY.match(key):
            return None
        try:
            data = json.loads((self.root / "playtests" / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) and data.get("key") == key else None

    def kit_file(self, key: str, name: str) -> "Path | None":
        """A file of a finished kit, named as its record lists it; None for any other name."""
        rec = self.kit_record(key)
        if rec is None or not isinstance(name, str) or name not in {f["path"] for f in rec.get("files", ())}:
            return None
        from ..manifest import safe_rel

        if not safe_rel(name):
            return None
        return self.own_file(self.kit_dir(key) / name)

    def own_file(self, path: Path) -> "Path | None":
        """path, when it is a file reached with no link on the way from the data folder (a
        link planted there would lead out of it); else None."""
        try:
            rel = path.relative_to(self.root)
            real = path.resolve(strict=True)
        except (ValueError, OSError):
            return None
        if real != self.root.resolve() / rel or not real.is_file():
            return None
        return real


def write_zip(folder: Path, target: Path) -> None:
    """Every file of the folder (links left out) into one zip, in name order with a fixed
    date, so the same kit gives the same bytes; put in place in one step."""
    import zipfile

    names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                   if p.is_file() and not p.is_symlink())
    part = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as zf:
            for name in names:
                info = zipfile.ZipInfo(f"kit/{name}", date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, (folder / name).read_bytes())
        os.replace(part, target)
    finally:
        if part.exists():
            part.unlink()
