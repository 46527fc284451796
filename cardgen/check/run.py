"""Check a whole output folder: the manifest's files, then each game it lists.

The checker has its own registry of games: it never imports the builders, so what
it expects comes from the rules and the files alone."""
from __future__ import annotations

import importlib
import stat
from pathlib import Path, PurePosixPath

from ..record import RecordError, from_json, variant_words
from ..words import plural
from .. import manifest  # the file format: written by the build, read here
from .. import outdir  # where a killed build left the output, what a build would refuse (read only)
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


MAX_STRANGERS = 40  # named one a line; past that, a count


def _name_strangers(out: Path, data: dict, report: GameReport) -> None:
    """Everything in the folder that cardgen did not write, wherever it is (the top, site/,
    playtest/, a game's folder), by the rule the build refuses a folder by: a link named,
    never followed; a folder that is not ours named once, never entered (a game name
    cardgen does not know is not its folder)."""
    listed = {e.get("path") for e in data["files"] if isinstance(e, dict) and isinstance(e.get("path"), str)}
    folders = {"/".join(p.split("/")[:i]) for p in listed for i in range(1, p.count("/") + 1)}
    folders |= {name for name in data["games"] if name in CHECKERS}

    def unreadable(exc: OSError) -> None:
        where = Path(exc.filename or out)
        where = where.relative_to(out).as_posix() if where.is_relative_to(out) else str(where)
        report.fail(where, "-", f"cannot be read ({exc.strerror}): what it holds is not checked")

    found = 0
    for rel, what in outdir.strangers(out, listed, folders, CHECKERS, unreadable):
        found += 1
        if found <= MAX_STRANGERS:
            how = {"link": " (a link, which cardgen never writes: not followed)",
                   "folder": " (a folder cardgen did not make: not entered)"}.get(what, "")
            report.fail(rel, "-", f"not listed in manifest.json{how}")
    if found > MAX_STRANGERS:
        report.fail(".", "-", f"and {found - MAX_STRANGERS} more files or folders not listed in manifest.json")


def check_output(out: Path) -> list[GameReport]:
    from .safefile import confined_to

    from .svgread import forget

    try:
        with confined_to(out):  # every file read below is refused if a linked folder leads to it
            return _check_output(out)
    finally:
        forget()  # the trees parsed for this check (each SVG is parsed once a check)


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
        try:
            digest = manifest.sha256_file(out / rel)
        except OSError as exc:  # mode 000, say: one line, and the game's checks refuse it too (safefile)
            files_report.fail(rel, "-", f"cannot be read ({exc.strerror}): fix its permissions")
            continue
        if digest != entry.get("sha256"):
            files_report.fail(rel, "-", "changed since the build (sha256 differs from manifest.json)")
    _name_strangers(out, data, files_report)
    files_report.summary.append(f"{plural(len(data['files']), 'file')} listed, all present and unchanged; nothing "
                                "else in the folder")
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
    from .wordsteps import check_words

    reports.append(check_words(out, entries, records))
    reports.append(_check_metadata(out, data, listed, records))
    from .howto import check_howto

    kit = check_howto(out, data, records)
    kit_pages = [(e["path"], e.get("kind")) for e in entries if e.get("game") == "kit" and e["path"].endswith(".pdf")]
    check_legibility(out, [f for f in kit_pages if f[1] == "how-to-print"], kit)  # held as each game's files are
    if kit.violations or kit.summary:
        reports.append(kit)
    from .printall import check_printall

    everything = check_printall(out, data, records)
    check_legibility(out, [f for f in kit_pages if f[1] == "print-everything"], everything)  # its components page
    if everything.violations or everything.summary:
        reports.append(everything)
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
