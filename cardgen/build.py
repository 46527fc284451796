"""Run a build: every selected game into a staging folder, then swap it in.

Nothing replaces the previous output until every game has been built, so an
error or Ctrl-C leaves the old output as it was.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import cache, manifest, parallel
from .errors import CardgenError
from .builders import select
from .options import BuildOptions
from .theme import Theme

SITE = "site"  # the HTML preview's folder (and its manifest rows), beside the games


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


def _prepare_out(out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardgenError(f"cannot create output folder {out} ({exc.strerror}): "
                           "choose another with --out") from None
    if not out.is_dir():
        raise CardgenError(f"output path {out} is not a folder: choose another with --out")
    if not os.access(out, os.W_OK | os.X_OK):
        raise CardgenError(f"output folder {out} is not writable: fix its permissions "
                           "or choose another with --out")


def _remove_stale_staging(out: Path) -> None:
    """Staging folders left by a build that was killed (not one that is still running)."""
    for folder in out.glob(".cardgen-staging-*"):
        pid_file = folder / ".pid"
        try:
            pid = int(pid_file.read_text())
            os.kill(pid, 0)
            continue  # that build is alive
        except (OSError, ValueError):
            shutil.rmtree(folder, ignore_errors=True)


def _old_manifest(out: Path) -> dict:
    try:
        return manifest.load(out)
    except CardgenError:
        return {"games": {}, "files": []}


def build(options: BuildOptions, theme: "Theme | None" = None, progress=lambda message: None) -> BuildResult:
    """Build every selected game with the theme (default: the one the options ask for)."""
    from .interrupt import deferred
    from .theme import theme_for

    with deferred():
        return _build(options, theme or theme_for(options), progress)


def _build(options: BuildOptions, theme: Theme, progress) -> BuildResult:
    from .draw.fonts import ensure_fonts
    from .interrupt import checkpoint

    games = select(options.games)
    ensure_fonts(theme.fonts)  # the font files checked, and fontconfig sees only them
    out = options.out
    _prepare_out(out)
    started = time.perf_counter()
    _remove_stale_staging(out)
    result = BuildResult(out=out)
    staging = Path(tempfile.mkdtemp(prefix=".cardgen-staging-", dir=out))
    (staging / ".pid").write_text(str(os.getpid()))
    try:
        params: dict = {}
        old = _old_manifest(out)
        todo = []
        for game in games:
            checkpoint()
            key = cache.input_key(options, theme, game.name)
            if not options.clean and cache.unchanged(out, old, game.name, key):
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
                                           jobs=options.jobs if len(todo) > 1 else 1)))
            if len(running) >= max(1, options.jobs):
                _collect(running.pop(parallel.first_done([r[3] for r in running])), staging, params, result)
        while running:
            _collect(running.pop(parallel.first_done([r[3] for r in running])), staging, params, result)
            checkpoint()
        games = [g for g in games if g.name not in result.skipped]
        site_key = cache.site_key(options, {**{k: v.get("input_key") for k, v in old["games"].items()},
                                            **{k: v["input_key"] for k, v in params.items()}})
        if "html" in options.formats and (options.clean or old.get("site_key") != site_key
                                          or not (out / "index.html").exists() or params):
            t0 = time.perf_counter()
            progress("building the HTML preview…")
            from .export.site import write_site

            for name in result.skipped:  # the preview shows kept games too
                shutil.copytree(out / name, staging / name)
            all_params = {**{k: v for k, v in old["games"].items() if k in result.skipped}, **params}
            titles = {g.name: g.title for g in select(options.games)}
            files = write_site(staging, all_params, titles, options.jobs, theme)
            for name in result.skipped:
                shutil.rmtree(staging / name)
            entries = [manifest.entry_for(staging, path, SITE, "site", path.suffix[1:]) for path in files]
            result.games.append(GameResult(SITE, entries, time.perf_counter() - t0))
        checkpoint()
        _swap_in(out, staging, games, params, result, site_key if "html" in options.formats else None)
    finally:
        parallel.cancel_all()  # a failed build's other parts stop before their folder goes
        shutil.rmtree(staging, ignore_errors=True)
    result.seconds = time.perf_counter() - started
    progress(f"done in {result.seconds:.2f} s")
    return result


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


def _build_game(name: str, options: BuildOptions, theme: Theme, game_dir: Path):
    from functools import partial

    from .builders import GAMES
    from .draw import workers
    from .draw.png import warm_up

    if options.formats & {"png", "tts", "pod"}:
        workers.start(options.jobs, partial(warm_up, theme.fonts))  # warm while the game writes its SVGs
    try:
        return GAMES[name].build_module().build(options, theme, game_dir)
    finally:
        workers.stop()


def _collect(item, staging: Path, params: dict, result: BuildResult) -> None:
    game, key, t0, task = item
    record, files, timings = task.result()
    params[game.name] = manifest.game_entry(record, key)
    entries = [manifest.entry_for(staging, path, game.name, kind, fmt) for path, kind, fmt in files]
    result.games.append(GameResult(game.name, entries, time.perf_counter() - t0, timings))


def _swap_in(out: Path, staging: Path, games, params: dict, result: BuildResult, site_key) -> None:
    """Replace each built game's folder (and the preview site, when built), then the
    manifest, keeping the entries of whatever this build did not touch."""
    old = _old_manifest(out)
    built = {g.name for g in games}
    site_built = (staging / "index.html").exists()
    keep_games = {k: v for k, v in old["games"].items() if k not in built and (out / k).is_dir()}
    keep = set(keep_games) | (set() if site_built else {SITE})
    keep_files = [manifest.Entry(**e) for e in old["files"] if e.get("game") in keep and (out / e["path"]).is_file()]
    folders = [g.name for g in games] + ([SITE] if site_built else [])
    for name in folders:
        target = out / name
        trash = staging / f".old-{name}"
        if target.exists():
            os.replace(target, trash)
        os.replace(staging / name, target)
    if site_built:
        os.replace(staging / "index.html", out / "index.html")
    entries = keep_files + [e for g in result.games for e in g.files]
    site_key = site_key if (site_built or (site_key and old.get("site_key") == site_key)) else old.get("site_key")
    manifest.write_atomic(out / manifest.MANIFEST, manifest.dumps({**keep_games, **params}, entries, site_key))


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
