"""Run a build: the whole new output into a staging folder beside the output folder,
then switch the two in one step (outdir.py).

Nothing replaces the previous output until every game has been built, and then all of
it at once, so an error, a kill or Ctrl-C leaves the old output as it was.
"""
from __future__ import annotations

import errno
import hashlib
import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import cache, manifest, outdir, parallel
from .errors import DISK_FULL, CardgenError, no_room
from .builders import select
from .options import BuildOptions
from .theme import Theme

SITE = "site"  # the HTML preview's folder (and its manifest rows), beside the games
PLAYTEST = "playtest"  # cardgen playtest's reports (manifest rows of that game), kept by every build


@dataclass
class GameResult:
    name: str
    files: list  # manifest.Entry
    seconds: float
    timings: dict = field(default_factory=dict)  # stage -> seconds


@dataclass
class BuildResult:
    out: Path
    games: list = field(default_factory=list)
    skipped: list = field(default_factory=list)  # games whose inputs had not changed
    seconds: float = 0.0
    removed: list = field(default_factory=list)  # what the last build left that no longer fits: taken out, and why
    kit: list = field(default_factory=list)  # the how-to-print pages, at the top of the folder
    printer: str = ""  # the printer profile the home-print sheets were drawn through, told in one line


def _prepare_out(out: Path) -> Path:
    """The real output folder (links followed), its parent made; refused when it is the
    root or home folder, or something other than a folder."""
    final = outdir.final_path(out)
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardgenError(f"cannot create output folder {out} ({exc.strerror}): "
                           "choose another with --out") from None
    if os.path.lexists(final) and not final.is_dir():
        raise CardgenError(f"--out: {out} is not a folder; choose another")
    if not os.access(final.parent, os.W_OK | os.X_OK):
        raise CardgenError(f"cannot write beside output folder {out}: {final.parent} is not writable, and "
                           "cardgen writes the new output beside the old; choose another with --out")
    return final


def _old_manifest(out: Path) -> dict:
    try:
        return manifest.load(out)
    except CardgenError:
        return {"games": {}, "files": []}


def build(options: BuildOptions, theme: "Theme | None" = None, progress=lambda message: None,
          warn=None) -> BuildResult:
    """Build every selected game with the theme (default: the one the options ask for).
    warn(line) hears of group colors too alike (default: Python's warnings); with
    options.strict they stop the build instead."""
    from .draw.reproducible import build_datetime
    from .interrupt import deferred
    from .theme import theme_for

    build_datetime()  # a SOURCE_DATE_EPOCH that is no date: one error now, not reportlab's later
    theme = theme or theme_for(options)
    check_colors(options, theme, warn)
    with deferred():
        return _build(options, theme, progress, warn)


def check_colors(options: BuildOptions, theme: Theme, warn=None) -> None:
    """The color-blind check on the colors the build draws: one per group of the table for
    Str8 Eight (and FourScore's booklet), one per suit for Eights, eight on every back's
    lattice. With options.strict, they are an error (every one shown first)."""
    from .colorcheck import warnings_for

    games = set(options.games) or {"str8eight"}
    drawn = max(8, options.table_size) if games & {"str8eight", "fourscore"} else 8
    from .theme import DEFAULT_GROUP_COLORS

    own = [i for i, (c, d) in enumerate(zip(theme.group_colors, DEFAULT_GROUP_COLORS)) if c != d]
    lines = warnings_for(list(theme.group_colors[:drawn]), max(own, default=-1) + 1)
    if options.strict and len(lines) == 1:
        raise CardgenError(lines[0] + " (--strict)")
    for line in lines:
        if warn is not None:
            warn(line)
        else:
            import warnings

            warnings.warn(line, stacklevel=3)
    if options.strict and lines:
        raise CardgenError(f"{len(lines)} warnings above, and --strict makes them errors")


def check_playable(options: BuildOptions, warn=None) -> None:
    """A Str8 Eight variant that cannot make a game (no winning sequence, or trial hands
    that rarely finish) is a warning; with options.strict, an error. Asked when a Str8
    Eight deck is built (its box states the trial hands' time, from the same figures) or
    with --strict: a rebuild that keeps the deck as it was plays no hands."""
    if options.games and "str8eight" not in options.games:
        return
    from .model.play.playability import playability

    for line in playability(options.table_size, options.pass_cards,
                             options.sequence_length or options.table_size).problems():
        line = f"this Str8 Eight variant cannot make a game: {line}"
        if options.strict:
            raise CardgenError(line + " (--strict)")
        if warn is not None:
            warn(line)
        else:
            import warnings

            warnings.warn(line, stacklevel=3)


def _build(options: BuildOptions, theme: Theme, progress, warn=None) -> BuildResult:
    from .draw.fonts import ensure_fonts

    games = select(options.games)
    ensure_fonts(theme.fonts)  # the font files checked, and fontconfig sees only them
    out = options.out
    final = _prepare_out(out)
    started = time.perf_counter()
    result = BuildResult(out=out)
    try:  # before anything is made beside it
        outdir.refuse_unless_ours(final, out)
    except CardgenError:
        if not os.path.lexists(outdir.lock_path(final)):
            raise
        # another build may be switching it this very instant: ask again, holding the lock
    with outdir.locked(final, out):  # one build at a time into a folder
        try:
            outdir.recover(final)  # a switch a killed build left half done; dead builds' staging
        except OSError as exc:
            raise CardgenError(_os_error(exc, None, final, out)) from None
        outdir.refuse_unless_ours(final, out)
        staging = outdir.new_staging(final)
        try:
            _build_staged(options, theme, progress, games, final, staging, result, warn)
        except OSError as exc:  # a full disk, a permission: one line, the old output as it was
            raise CardgenError(_os_error(exc, staging, final, out)) from None
        finally:
            parallel.cancel_all()  # a failed build's other parts stop before their folder goes
            try:
                outdir.remove_tree(staging)  # after a switch: the old tree, if still there
            except OSError:
                pass  # named as ours, beside the output: the next build removes it
    result.printer = printer_note(options, final)
    result.seconds = time.perf_counter() - started
    return result


def _os_error(exc: OSError, staging: "Path | None", final: Path, out: Path) -> str:
    """An OSError as one line naming the file (where it would have gone, not the staging
    folder) and the problem."""
    from .errors import in_temporary_folder

    name = exc.filename
    where = Path(os.fsdecode(name)) if name is not None and not isinstance(name, int) else None
    temporary = in_temporary_folder(exc)  # TMPDIR turned read-only mid-build, say: name it, not the output
    if temporary is not None and not (where is not None and staging is not None and where.is_relative_to(staging)) \
            and not (where is not None and where.is_relative_to(final)):
        return str(temporary)
    if where is not None and staging is not None and where.is_relative_to(staging):
        where = out / where.relative_to(staging)
    elif where is not None and where.is_relative_to(final):
        where = out / where.relative_to(final)
    reason, hint = exc.strerror or exc, ""
    if exc.errno in DISK_FULL:  # a full disk, a quota, the file-size limit: say which, and the way out
        why, fix = no_room(exc)
        reason, hint = (f"{reason}: {why}" if exc.errno == errno.EFBIG else reason), f"{fix} and build again; "
    return (f"cannot write {where if where is not None else out} ({reason}): "
            f"{hint}the previous output was left as it was")


def _build_staged(options: BuildOptions, theme: Theme, progress, games, final: Path, staging: Path,
                  result: BuildResult, warn=None) -> None:
    """Write the whole new output into staging (games kept from the last build linked in),
    then switch it in."""
    from .interrupt import checkpoint

    from . import progress as status

    params: dict = {}
    old = _old_manifest(final)
    cache.draw_afresh(options.clean)  # --clean: no drawing from the store either
    todo = []
    for game in games:
        checkpoint()
        key = cache.input_key(options, theme, game.name)
        if not options.clean and cache.unchanged(final, old, game.name, key):
            result.skipped.append(game.name)
        else:
            todo.append((game, key))
    if options.strict or any(game.name == "str8eight" for game, _ in todo):
        check_playable(options, warn)
    parts = status.Parts(len(todo) + ("html" in options.formats and bool(todo)), progress)
    if result.skipped:
        parts.now(f"unchanged, kept: {', '.join(g.title for g in games if g.name in result.skipped)}")
    status.listen(lambda who, what: parts.now(f"{who}: {what}"))
    try:
        _build_parts(options, theme, parts, todo, final, staging, result, params, old)
    finally:
        status.stop()


def _build_parts(options: BuildOptions, theme: Theme, parts, todo: list, final: Path, staging: Path,
                 result: BuildResult, params: dict, old: dict) -> None:
    from . import progress as status
    from .interrupt import checkpoint

    def wait(running: list) -> int:
        def idle() -> None:
            status.drain()
            parts.tick()
        return parallel.first_done([r[3] for r in running], status.fd(), idle)

    def collect(index: int) -> None:
        game = running[index][0]
        _collect(running.pop(index), staging, params, result)
        parts.finished(f"{game.title} built")
    # games are independent: with several cores they build side by side, the decks
    # first (the rules-only games are short), a new one as soon as one finishes
    todo.sort(key=lambda item: not item[0].has_deck)
    if len(todo) > 1 and options.jobs > 1:
        _preload(options, theme, [game.name for game, _ in todo])
    # games side by side already fill the cores: each builds in its one process (no render
    # pool, no booklet process beside it), which spends less CPU and memory on the same work
    inside = replace(options, jobs=1) if len(todo) > 1 and options.jobs > 1 else options
    running: list = []
    for game, key in todo:
        parts.now(f"{game.title}: starting")
        game_dir = staging / game.name
        game_dir.mkdir()
        # a lone game builds in this process (its booklet and PNGs still use the cores)
        running.append((game, key, time.perf_counter(),
                        parallel.start(_build_game, game.name, inside, theme, game_dir,
                                       len(todo) == 1 and _core_idle(options.jobs),
                                       jobs=options.jobs if len(todo) > 1 else 1)))
        if len(running) >= max(1, options.jobs):
            collect(wait(running))
    while running:
        collect(wait(running))
        checkpoint()
    # what this build did not make comes from the last one: hard links, no copying
    from .builders import GAMES

    keep_games = {k: v for k, v in old["games"].items()  # only games cardgen knows: a name may be ".."
                  if k in GAMES and k not in params and (final / k).is_dir() and not (final / k).is_symlink()}
    games_now = {**keep_games, **params}  # every game the new folder holds: what the preview shows
    # the preview describes the folder as it will be, or it goes: rebuilt with --format html,
    # kept only while it still shows these very games and files, taken out otherwise
    game_files = [(e["path"], e.get("sha256")) for e in old["files"] if isinstance(e, dict)
                  and e.get("game") in keep_games and isinstance(e.get("path"), str)]
    game_files += [(e.path, e.sha256) for g in result.games for e in g.files]
    site_key = cache.site_key(games_now, game_files)
    site_current = old.get("site_key") == site_key and (final / "index.html").is_file()
    site_built = "html" in options.formats and (options.clean or not site_current)
    site_kept = not site_built and site_current
    if not site_built and not site_current and any(isinstance(e, dict) and e.get("game") == SITE
                                                   for e in old["files"]):
        result.removed.append("the HTML preview (index.html, site/) showed another build: taken out; add html to "
                              "--format to make it again")
    stale = _stale_reports(final, old["files"], games_now, result)
    keep = set(keep_games) | ({SITE} if site_kept else set()) | {PLAYTEST}
    kept = [manifest.Entry(**e) for e in old["files"]
            if isinstance(e, dict) and e.get("game") in keep and manifest.safe_rel(e.get("path"))
            and (final / e["path"]).is_file() and e["path"] not in stale]
    site_key = site_key if site_built or site_kept else None
    kit_papers, kit_key, kit_kept = _kit_plan(options, theme, old, final, games_now,
                                              kept + [e for g in result.games for e in g.files])
    kept += kit_kept
    result.kit = [e.path for e in kit_kept]
    from .documents.howto import file_name as howto_file_name

    readme = outdir.readme_text(tuple(howto_file_name(p) for p in kit_papers)).encode("utf-8")  # what this folder is, listed like every file
    kept.append(manifest.Entry(outdir.README, "output", "readme", "md", hashlib.sha256(readme).hexdigest()))
    if not params and not site_built and _same_manifest(final, manifest.dumps(keep_games, kept, site_key, kit_key)):
        return  # nothing changed: the output folder is left alone
    (staging / outdir.README).write_bytes(readme)
    for e in kept[:-1]:
        outdir.link_or_copy(final / e.path, staging / e.path)
    checkpoint()
    titles = {name: game.title for name, game in GAMES.items()}
    # every file the folder will hold besides the preview: what the page links
    files = tuple((e.path, e.game, e.kind) for e in kept + [e for g in result.games for e in g.files]
                  if e.game != SITE)
    if kit_papers and not kit_kept:  # the how-to-print pages are written last, from all the rest
        from .documents import howto

        files += tuple((howto.file_name(paper), howto.KIT, howto.KIND) for paper in kit_papers)
        files += tuple((f"print-everything-{paper}.pdf", howto.KIT, "print-everything") for paper in kit_papers)
    if site_built:
        t0 = time.perf_counter()
        parts.now("the HTML preview")
        from .export.site import write_site

        # the preview shows every game of the folder: the kept ones are in staging already
        written = write_site(staging, games_now, titles, options.jobs, theme, files)
        entries = [manifest.entry_for(staging, path, SITE, "site", path.suffix[1:]) for path in written]
        result.games.append(GameResult(SITE, entries, time.perf_counter() - t0))
        parts.finished("the HTML preview built")
    elif site_kept and stale:  # the same cards; the page loses its links to the reports taken out
        from .export.site import write_index

        (staging / "index.html").unlink()  # a hard link: never write through it into the old tree
        index = write_index(staging, games_now, titles, files)
        kept = [e for e in kept if e.path != "index.html"] + [manifest.entry_for(staging, index, SITE, "site", "html")]
    entries = kept + [e for g in result.games for e in g.files]
    if kit_papers and not kit_kept:  # the kit's first pages, made from everything else in it
        from .documents import howto

        checkpoint()
        parts.now("how to print the kit")
        records = _records({**keep_games, **params})
        for path in howto.write_howto(staging, records, entries, kit_papers, theme, _titles(records)):
            entries.append(manifest.entry_for(staging, path, howto.KIT, howto.KIND, "pdf"))
            result.kit.append(path.name)
        from .documents import printall  # issue 41: every file of the paper in one, in print order

        for path in printall.write_printall(staging, records, entries, kit_papers, theme, _titles(records)):
            entries.append(manifest.entry_for(staging, path, printall.KIT, printall.KIND, "pdf"))
            result.kit.append(path.name)
    if options.strict:  # never a kit its own check rejects: the check's legibility rule, on the files it holds
        # to it (each game's own, the kit's how-to-print and components pages; the site is checked for what it lists)
        from .check.legibility import KIT_PAGES
        from .documents.howto import KIT

        _legible_or_refused([(e.path, e.kind) for e in entries if (e.game not in (SITE, KIT) or e.kind in KIT_PAGES)
                             and e.path not in {k.path for k in kept}], staging)
    (staging / manifest.MANIFEST).write_text(manifest.dumps({**keep_games, **params}, entries, site_key, kit_key))
    checkpoint()
    outdir.refuse_unless_ours(final, options.out)  # again: nothing of anyone's appeared meanwhile
    outdir.switch(final, staging, options.out)


def _legible_or_refused(files: list, staging: Path) -> None:
    """--strict: every text of what this build wrote held to the rule `cardgen check` holds
    the kit to (check/legibility.py: 6 pt, 7 pt running text, 4.5:1), before the output is
    switched: a text under it is an error, and the previous output is left as it was."""
    from .check.legibility import check_legibility
    from .check.report import GameReport

    report = GameReport("legibility")
    check_legibility(staging, files, report)
    if report.violations:
        first, more = report.violations[0], len(report.violations) - 1
        raise CardgenError(f"{first.file}: {first.problem}" + (f" (and {more} more)" if more else "")
                           + ": `cardgen check` would reject the kit (--strict); the previous output was left as "
                           "it was")


def _stale_reports(final: Path, files: list, games: dict, result: BuildResult) -> set:
    """The playtest reports (every file of each) whose variant is no longer the one the folder's
    deck is built as: the build takes them out (a sweep compares variants, and stays)."""
    import json

    from .record import RecordError, from_json, variant_words

    stale: set = set()
    listed = [e.get("path") for e in files if isinstance(e, dict) and e.get("game") == PLAYTEST
              and isinstance(e.get("path"), str)]
    for rel in listed:
        name = rel.rsplit("/", 1)[-1]
        if not name.endswith("-playtest.json") or not manifest.safe_rel(rel):
            continue
        game = name.removesuffix("-playtest.json")
        if game not in games:
            continue  # no deck of that game here to disagree with
        try:
            report = json.loads((final / rel).read_text(encoding="utf-8")) if (final / rel).stat().st_size < 1 << 24 \
                else {}
            played = variant_words(game, report["variant"])
            built = variant_words(game, from_json(game, games[game]))
        except (OSError, ValueError, KeyError, TypeError, RecordError):
            played, built = None, ""
        if played == built:
            continue
        stem = rel.removesuffix(".json")
        stale |= {p for p in listed if p.startswith(stem + ".") or p.startswith(stem + "-")}
        from .builders import GAMES

        title = GAMES[game].title if game in GAMES else game
        result.removed.append(f"the {title} playtest report played " + (f"another variant ({played})" if played
                              else "a variant it no longer says") + f", not this build's ({built}): taken out; run "
                              f"'cardgen playtest --game {game}' with this build's options for a new one")
    return stale


def _records(games: dict) -> dict:
    """The games' build records (manifest JSON) read back; one this cardgen cannot read (a game
    kept from an older build) is left out, and the checker says so."""
    from .record import RecordError, from_json

    records = {}
    for name, data in games.items():
        try:
            records[name] = from_json(name, data)
        except RecordError:
            continue
    return records


def _titles(records: dict) -> dict:
    """Game name -> title, in the kit's order."""
    from .builders import GAMES

    return {name: game.title for name, game in GAMES.items() if name in records}


def _kit_plan(options: BuildOptions, theme: Theme, old: dict, final: Path, games: dict, entries: list) -> tuple:
    """(the papers the how-to-print pages are for, their key, the old pages' entries when they
    can be kept as they are: nothing they say has changed)."""
    from .documents import howto
    from .layout.paper import papers

    wanted = tuple(p.name for p in papers(options.paper)) if "pdf" in options.formats else ()
    records = _records(games)
    kit_papers = howto.papers(records, wanted, [e for e in entries if e.game in records])
    if not kit_papers:
        return [], None, []
    key = howto.key(records, entries, kit_papers, theme)
    old_pages = [manifest.Entry(**e) for e in old["files"] if isinstance(e, dict) and e.get("game") == howto.KIT
                 and manifest.safe_rel(e.get("path")) and (final / e["path"]).is_file()
                 and not (final / e["path"]).is_symlink()]
    from .documents import printall

    names = [*map(howto.file_name, kit_papers), *map(printall.file_name, kit_papers)]
    same = old.get("kit_key") == key and sorted(e.path for e in old_pages) == sorted(names)
    return kit_papers, key, old_pages if same else []


def _same_manifest(final: Path, text: str) -> bool:
    try:
        return (final / manifest.MANIFEST).read_text() == text
    except (OSError, UnicodeDecodeError):
        return False


_SHARED_MODULES = ("jinja2", "fontTools.ttLib", "xml.etree.ElementTree", "cardgen.builders.deckfiles",
                   "cardgen.builders.rulebook", "cardgen.layout.imposition", "cardgen.layout.tuckbox",
                   "cardgen.design.boxart", "cardgen.design.fan", "cardgen.design.tuckbox", "cardgen.documents.cover",
                   "cardgen.documents.fold", "cardgen.documents.boxtext", "cardgen.draw.pdf", "cardgen.draw.pdfmeta",
                   "cardgen.draw.fastsvg", "cardgen.draw.subsets", "cardgen.draw.cmyk")


def _preload(options: BuildOptions, theme: Theme, names: list) -> None:
    """Import the PDF stack, parse the fonts and warm up the typesetter and the Markdown
    parser once, before several games fork: the children share all of it instead of each
    spending a third of a second on the same work."""
    if "pdf" not in options.formats:
        return
    import importlib

    import pikepdf  # noqa: F401

    from .builders import GAMES

    # what every game's process and its booklets' process would otherwise import on its own
    # (measured: a default build spent 0.25 s of its 3.2 s of CPU on the copies)
    for name in names:
        GAMES[name].build_module()
    for module in _SHARED_MODULES:
        importlib.import_module(module)
    from .documents.booklet import warm_up
    from .draw.fonts import register_reportlab_fonts
    from .documents.ruletext import parse

    warm_up(register_reportlab_fonts(theme.fonts))
    parse("# warm\n\nup | a\n--- | ---\nb | c\n")


def _core_idle(jobs: int) -> bool:
    """Whether a second process would find a core of its own: jobs allow it and the machine's
    load (its last minute) leaves one free. On a busy machine it would only queue behind
    other work, and one process is quicker."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load figure on this system
        return jobs > 1
    return jobs > 1 and load < min(jobs, os.cpu_count() or 1)


def _build_game(name: str, options: BuildOptions, theme: Theme, game_dir: Path, alone: bool = False):
    """One game's files; alone: no other game builds beside it, so its parts may use the
    spare cores."""
    from functools import partial

    from .builders import GAMES

    if not options.formats & {"png", "tts", "pod", "shop"}:  # no pixels: no render pool to start (or import)
        return GAMES[name].build_module().build(options, theme, game_dir, spare_core=alone)
    from .draw import workers
    from .draw.png import warm_up

    workers.start(options.jobs, partial(warm_up, theme.fonts))  # warm while the game writes its SVGs
    try:
        return GAMES[name].build_module().build(options, theme, game_dir, spare_core=alone)
    finally:
        workers.stop()


def _collect(item, staging: Path, params: dict, result: BuildResult) -> None:
    game, key, t0, task = item
    record, files, timings = task.result()
    params[game.name] = manifest.game_entry(record, key)
    entries = [manifest.entry_for(staging, path, game.name, kind, fmt) for path, kind, fmt in files]
    result.games.append(GameResult(game.name, entries, time.perf_counter() - t0, timings))


HOME_PRINT_KINDS = ("print", "reprint")  # the sheets the [printer] profile is drawn into


def printer_note(options: BuildOptions, final: Path) -> str:
    """One line saying the home-print sheets were drawn through the [printer] profile (its
    correction and margins), or "" when there is none or the output holds no such sheet."""
    from .settings import printer_correction, printer_margins

    correction, margins = printer_correction(options), printer_margins(options)
    if "pdf" not in options.formats or (correction.is_identity and margins is None):
        return ""
    try:
        kinds = {e.get("kind") for e in manifest.load(final)["files"] if isinstance(e, dict)}
    except (CardgenError, KeyError, TypeError):
        return ""
    if not kinds & set(HOME_PRINT_KINDS):
        return ""
    parts = [] if correction.is_identity else [correction.describe()]
    if margins is not None:
        parts.append("cards kept {} mm from the top, right, bottom and left edges".format(
            ", ".join(f"{m:g}" for m in margins)))
    return f"printer profile ([printer] settings) applied to the home-print sheets: {'; '.join(parts)}"


def summary(result: BuildResult) -> list[str]:
    lines = []
    for g in result.games:
        by_format: dict = {}
        for e in g.files:
            by_format[e.format] = by_format.get(e.format, 0) + 1
        counts = ", ".join(f"{n} {fmt.upper()}" for fmt, n in sorted(by_format.items()))
        lines.append(f"{g.name}: {counts} in {result.out / g.name} ({g.seconds:.2f} s)")
    if result.skipped:
        lines.append(f"unchanged, kept as they were: {', '.join(result.skipped)} (--clean rebuilds them)")
    lines += result.removed
    howto = [name for name in result.kit if not name.startswith("print-everything-")]
    if howto:
        lines.append(f"print first: {', '.join(str(result.out / name) for name in howto)} (how to print the kit)")
    if len(howto) < len(result.kit):
        lines.append(f"or all at once: {', '.join(str(result.out / n) for n in result.kit if n not in howto)} "
                     "(every file of a paper in one, in the order to print)")
    if result.printer:
        lines.append(result.printer)
    lines.append(f"manifest: {result.out / manifest.MANIFEST}; done in {result.seconds:.2f} s")
    return lines
