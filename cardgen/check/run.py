"""Check a whole output folder: the manifest's files, then each game it lists."""
from __future__ import annotations

from pathlib import Path

from .. import manifest
from ..builders import GAMES
from .report import GameReport


def check_output(out: Path) -> list[GameReport]:
    data = manifest.load(out)  # raises CardgenError (exit 2) when there is nothing to check
    reports = []
    files_report = GameReport("manifest")
    listed = set()
    for entry in data["files"]:
        path = out / entry.get("path", "")
        listed.add(entry.get("path"))
        if not path.is_file():
            files_report.fail(entry.get("path", "?"), "-", "listed in manifest.json but missing")
        elif manifest.sha256_file(path) != entry.get("sha256"):
            files_report.fail(entry["path"], "-", "changed since the build (sha256 differs from manifest.json)")
    for name in data["games"]:
        game_dir = out / name
        if game_dir.is_dir():
            for path in sorted(p for p in game_dir.rglob("*") if p.is_file()):
                if path.relative_to(out).as_posix() not in listed:
                    files_report.fail(path.relative_to(out).as_posix(), "-", "not listed in manifest.json")
    files_report.summary.append(f"{len(data['files'])} files listed, all present and unchanged")
    reports.append(files_report)
    for name, params in sorted(data["games"].items()):
        game = GAMES.get(name)
        if game is None:
            r = GameReport(name)
            r.fail("manifest.json", "-", f"unknown game {name!r}")
            reports.append(r)
            continue
        reports.append(game.check_module().check(out / name, params, out))
    return reports
