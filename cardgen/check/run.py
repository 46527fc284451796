"""Check a whole output folder: the manifest's files, then each game it lists.

The checker has its own registry of games: it never imports the builders, so what
it expects comes from the rules and the files alone."""
from __future__ import annotations

import importlib
import os
import stat
from pathlib import Path, PurePosixPath

from ..record import RecordError, from_json, variant_words
from ..words import plural
from .. import manifest  # the file format: written by the build, read here
from .. import outdir  # where a build killed mid-switch left the output (read only)
from ..errors import CardgenError
from .legibility import check_legibility
from .printsetup import check_print_setup
from .report import GameReport

CHECKERS = {
    "str8eight": "cardgen.check.str8eight",
    "fourscore": "cardgen.check.fourscore",
    "eights": "cardgen.check.eights",
    "crazy-eights": "cardgen.check.crazy_eights",
}


MAX_FILE_BYTES = 1 << 30  # nothing cardgen writes comes near a gigabyte
MAX_HASHED_BYTES = 4 << 30  # nor do all its files together


def _inside(out: Path, rel) -> "str | None":
    """Why a manifest path is not a file of this folder that may be read, or None."""
    if not isinstance(rel, str) or not rel or "\0" in rel or "\\" in rel:
        return f"path {rel!r} is not a relative path"
    parts = PurePosixPath(rel).parts
    if PurePosixPath(rel).is_absolute() or ".." in parts:
        return "path leaves the output folder: refused, nothing read"
    path = out / rel
    try:
        if not path.resolve().is_relative_to(out.resolve()):
            return "a link that leaves the output folder: refused, nothing read"
        st = path.stat()
    except (OSError, RuntimeError):
        return "listed in manifest.json but missing"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file (a FIFO, device or folder): refused, nothing read"
    if st.st_size > MAX_FILE_BYTES:
        return f"{st.st_size} bytes, more than any file cardgen writes: refused, not read"
    return None


def _walk(out: Path, name: str) -> list[str]:
    """Everything in a game's folder that is not a folder (files, links, FIFOs), relative to
    out; links to folders are listed, never followed."""
    if (out / name).is_symlink():
        return [name]  # a link where the game's folder should be: reported, never followed
    found = []
    for root, dirs, files in os.walk(out / name, followlinks=False):
        found += [(Path(root) / f).relative_to(out).as_posix() for f in files]
        found += [(Path(root) / d).relative_to(out).as_posix() for d in dirs if (Path(root) / d).is_symlink()]
    return sorted(found)


def check_output(out: Path) -> list[GameReport]:
    from .safefile import confined_to

    with confined_to(out):  # every file read below is refused if a linked folder leads to it
        return _check_output(out)


def _check_output(out: Path) -> list[GameReport]:
    interrupted = outdir.interrupted(out)
    if interrupted:
        raise CardgenError(interrupted)
    data = manifest.load(out)  # raises CardgenError (exit 2) when there is nothing to check
    reports = []
    files_report = GameReport("manifest")
    listed = set()
    hashed = 0
    for entry in data["files"]:
        if not isinstance(entry, dict):
            files_report.fail("manifest.json", "-", f"a files entry is {str(entry)[:80]!r}, not an object")
            continue
        rel = entry.get("path")
        problem = _inside(out, rel)
        if problem:
            files_report.fail(str(rel)[:200], "-", problem)
            continue
        if rel in listed:
            files_report.fail(rel, "-", "listed twice in manifest.json")
            continue
        listed.add(rel)
        hashed += (out / rel).stat().st_size
        if hashed > MAX_HASHED_BYTES:
            files_report.fail(rel, "-", "the files listed add up to more than cardgen writes: not read")
            break
        if manifest.sha256_file(out / rel) != entry.get("sha256"):
            files_report.fail(rel, "-", "changed since the build (sha256 differs from manifest.json)")
    for name in data["games"]:
        if name not in CHECKERS:
            continue  # reported below, and never scanned: a name may be "..", say
        for rel in _walk(out, name):
            if rel not in listed:
                files_report.fail(rel, "-", "not listed in manifest.json")
    files_report.summary.append(f"{plural(len(data['files']), 'file')} listed, all present and unchanged")
    reports.append(files_report)
    records = {}
    for name, params in sorted(data["games"].items()):
        report = GameReport(name)
        if name not in CHECKERS:
            report.fail("manifest.json", "-", f"unknown game {name[:80]!r}")
            reports.append(report)
            continue
        try:
            rec = from_json(name, params)
        except RecordError as exc:
            report.fail("manifest.json", name, f"malformed build record: {exc}")
            reports.append(report)
            continue
        records[name] = rec
        report = importlib.import_module(CHECKERS[name]).check(out / name, rec, out)
        rel = lambda p: p.relative_to(out).as_posix()  # noqa: E731
        check_legibility(out, [(e["path"], e.get("kind")) for e in data["files"] if isinstance(e, dict)
                               and e.get("game") == name and isinstance(e.get("path"), str)
                               and e["path"] in listed], report)
        check_print_setup(name, out / name, rec, report, rel)
        if getattr(rec, "sets", None) is not None:
            from .sets import check_sets, deck_dirs

            for folder in deck_dirs(out / name, rec):
                check_print_setup(name, folder, rec, report, rel)
            check_sets(name, out / name, rec, report, rel)
        reports.append(report)
    entries = [e for e in data["files"] if isinstance(e, dict) and isinstance(e.get("path"), str)
               and e["path"] in listed]
    if any(e["path"].endswith(".html") for e in entries):  # the preview and the playtest pages
        from .preview import check_pages

        pages = GameReport("preview")
        check_pages(out, entries, listed, records, pages)
        reports.append(pages)
    if any(e.get("game") == "playtest" for e in entries):
        from .playtest import check_playtests

        played = GameReport("playtest")
        check_playtests(out, entries, records, played)
        reports.append(played)
    reports.append(_check_metadata(out, data, listed, records))
    from .howto import check_howto

    kit = check_howto(out, data, records)
    if kit.violations or kit.summary:
        reports.append(kit)
    return reports


def _check_metadata(out: Path, data: dict, listed: set, records: dict) -> GameReport:
    """The metadata of every PDF listed (check/pdfmeta.py): the games' named for their
    variant, the others (playtest reports, the output's own pages) for what they are."""
    from .pdfmeta import GAME_NAMES, check_dates, check_file

    report = GameReport("pdf metadata")
    generator = str(data.get("generator", ""))[:80]
    dates = {}
    for entry in data["files"]:
        rel = entry.get("path") if isinstance(entry, dict) else None
        if not isinstance(rel, str) or rel not in listed or not rel.endswith(".pdf"):
            continue
        game = entry.get("game")
        rec = records.get(game)
        variant = variant_words(game, rec) if rec is not None else ""
        dates[rel] = check_file(out / rel, rel, generator, report, GAME_NAMES.get(game, ""), variant,
                                str(entry.get("kind", "-"))[:40])
    check_dates(dates, report)
    when = {d for d in dates.values() if d is not None}
    if dates:
        report.summary.append(f"{plural(len(dates), 'PDF')} titled for what they are and the variant built, made by "
                              f"{generator}" + (f", dated {min(when).isoformat()}" if len(when) == 1 else ""))
    return report
