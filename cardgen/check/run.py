"""Check a whole output folder: the manifest's files, then each game it lists.

The checker has its own registry of games: it never imports the builders, so what
it expects comes from the rules and the files alone."""
from __future__ import annotations

import importlib
from pathlib import Path

from ..record import RecordError, from_json
from .. import manifest  # the file format: written by the build, read here
from .report import GameReport

CHECKERS = {
    "str8eight": "cardgen.check.str8eight",
    "fourscore": "cardgen.check.fourscore",
    "eights": "cardgen.check.eights",
    "crazy-eights": "cardgen.check.crazy_eights",
}


def check_output(out: Path) -> list[GameReport]:
    data = manifest.load(out)  # raises CardgenError (exit 2) when there is nothing to check
    reports = []
    files_report = GameReport("manifest")
    listed = set()
    for entry in data["files"]:
        if not isinstance(entry, dict):
            files_report.fail("manifest.json", "-", f"a files entry is {entry!r}, not an object")
            continue
        path = out / str(entry.get("path", ""))
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
        report = GameReport(name)
        if name not in CHECKERS:
            report.fail("manifest.json", "-", f"unknown game {name!r}")
            reports.append(report)
            continue
        try:
            rec = from_json(name, params)
        except RecordError as exc:
            report.fail("manifest.json", name, f"malformed build record: {exc}")
            reports.append(report)
            continue
        reports.append(importlib.import_module(CHECKERS[name]).check(out / name, rec, out))
    return reports
