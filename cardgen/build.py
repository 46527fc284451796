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
from dataclasses import dataclass, field
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
        raise CardgenError(f"output path {out} is not a folder: choose another with --out")
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
    check_playable(options, warn)
    with deferred():
        return _build(options, theme, progress)


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
    that rarely finish) is a warning; with options.strict, an error."""
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


def _build(options: BuildOptions, theme: Theme, progress) -> BuildResult:
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
            _build_staged(options, theme, progress, games, final, staging, result)
        except OSError as exc:  # a full disk, a permission: one line, the old output as it was
            raise CardgenError(_os_error(exc, staging, final, out)) from None
        finally:
            parallel.cancel_all()  # a failed build's other parts stop before their folder goes
            try:
                outdir.remove_tree(staging)  # after a switch: the old tree, if still there
            except OSError:
                pass  # named as ours, beside the output: the next build removes it
    result.seconds = time.perf_counter() - started
    progress(f"done in {result.seconds:.2f} s")
    return result


def _os_error(exc: OSError, staging: "Path | None", final: Path, out: Path) -> str:
    """An OSError as one line naming the file (where it would have gone, not the staging
    folder) and the problem."""
    name = exc.filename
    where = Path(os.fsdecode(name)) if name is not None and not isinstance(name, int) else None
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
                  result: BuildResult) -> None:
    """Write the whole new output into staging (games kept from the last build linked in),
    then switch it in."""
    from .interrupt import checkpoint

    params: dict = {}
    old = _old_manifest(final)
    todo = []
    for game in games:
        checkpoint()
        key = cache.input_key(options, theme, game.name)
        if not options.clean and cache.unchanged(final, old, game.name, key):
            progress(f"{game.title}: unchanged, kept")
            result.skipped.append(game.name)
        else:
            todo.append((game, key))
    # games are independent: with several cores they build side by side, the decks
    # first (the rules-only games are short), a new one as soon as one finishes
    todo.sort(key=lambda item: not item[0].has_deck)
    if len(todo) > 1 and options.jobs > 1:
        _preload(options, theme)
    running = []
    for game, key in todo:
        progress(f"building {game.title}…")
        game_dir = staging / game.name
        game_dir.mkdir()
        # a lone game builds in this process (its booklet and PNGs still use the cores)
        running.append((game, key, time.perf_counter(),
                        parallel.start(_build_game, game.name, options, theme, game_dir,
                                       len(todo) == 1 and _core_idle(options.jobs),
                                       jobs=options.jobs if len(todo) > 1 else 1)))
        if len(running) >= max(1, options.jobs):
            _collect(running.pop(parallel.first_done([r[3] for r in running])), staging, params, result)
    while running:
        _collect(running.pop(parallel.first_done([r[3] for r in running])), staging, params, result)
        checkpoint()
    site_key = cache.site_key(options, {**{k: v.get("input_key") for k, v in old["games"].items()},
                                        **{k: v["input_key"] for k, v in params.items()}})
    site_built = "html" in options.formats and (options.clean or old.get("site_key") != site_key
                                                or not (final / "index.html").exists() or params)
    # what this build did not make comes from the last one: hard links, no copying
    from .builders import GAMES

    keep_games = {k: v for k, v in old["games"].items()  # only games cardgen knows: a name may be ".."
                  if k in GAMES and k not in params and (final / k).is_dir() and not (final / k).is_symlink()}
    keep = set(keep_games) | (set() if site_built else {SITE}) | {PLAYTEST}
    kept = [manifest.Entry(**e) for e in old["files"]
            if isinstance(e, dict) and e.get("game") in keep and manifest.safe_rel(e.get("path"))
            and (final / e["path"]).is_file()]
    site_key = site_key if "html" in options.formats else None
    site_key = site_key if (site_built or (site_key and old.get("site_key") == site_key)) else old.get("site_key")
    readme = outdir.readme_text().encode("utf-8")  # what this folder is, listed like every file
    kept.append(manifest.Entry(outdir.README, "output", "readme", "md", hashlib.sha256(readme).hexdigest()))
    if not params and not site_built and _same_manifest(final, manifest.dumps(keep_games, kept, site_key)):
        return  # nothing changed: the output folder is left alone
    (staging / outdir.README).write_bytes(readme)
    for e in kept[:-1]:
        outdir.link_or_copy(final / e.path, staging / e.path)
    checkpoint()
    if site_built:
        t0 = time.perf_counter()
        progress("building the HTML preview…")
        from .export.site import write_site

        # the preview shows kept games too: they are in staging already
        all_params = {**{k: v for k, v in old["games"].items() if k in result.skipped}, **params}
        titles = {g.name: g.title for g in select(options.games)}
        reports = tuple(e.path for e in kept if e.game == PLAYTEST and e.kind == "playtest-page")
        files = write_site(staging, all_params, titles, options.jobs, theme, reports)
        entries = [manifest.entry_for(staging, path, SITE, "site", path.suffix[1:]) for path in files]
        result.games.append(GameResult(SITE, entries, time.perf_counter() - t0))
    entries = kept + [e for g in result.games for e in g.files]
    (staging / manifest.MANIFEST).write_text(manifest.dumps({**keep_games, **params}, entries, site_key))
    checkpoint()
    outdir.refuse_unless_ours(final, options.out)  # again: nothing of anyone's appeared meanwhile
    outdir.switch(final, staging, options.out)


def _same_manifest(final: Path, text: str) -> bool:
    try:
        return (final / manifest.MANIFEST).read_text() == text
    except (OSError, UnicodeDecodeError):
        return False


def _preload(options: BuildOptions, theme: Theme) -> None:
    """Import the PDF stack, parse the fonts and warm up the typesetter and the Markdown
    parser once, before several games fork: the children share all of it instead of each
    spending a third of a second on the same work."""
    if "pdf" not in options.formats:
        return
    import pikepdf  # noqa: F401

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
    lines.append(f"manifest: {result.out / manifest.MANIFEST}; done in {result.seconds:.2f} s")
    return lines
