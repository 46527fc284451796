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

from . import manifest
from .errors import CardgenError
from .games import select
from .options import BuildOptions

SITE = "site"  # the HTML preview's folder (and its manifest rows), beside the games


@dataclass
class GameResult:
    name: str
    files: list  # manifest.Entry
    seconds: float


@dataclass
class BuildResult:
    out: Path
    games: list = field(default_factory=list)
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


def _old_manifest(out: Path) -> dict:
    try:
        return manifest.load(out)
    except CardgenError:
        return {"games": {}, "files": []}


def build(options: BuildOptions, progress=lambda message: None) -> BuildResult:
    from .render.fonts import ensure_fonts

    games = select(options.games)
    ensure_fonts()
    out = options.out
    _prepare_out(out)
    started = time.perf_counter()
    result = BuildResult(out=out)
    staging = Path(tempfile.mkdtemp(prefix=".cardgen-staging-", dir=out))
    try:
        params: dict = {}
        for game in games:
            t0 = time.perf_counter()
            progress(f"building {game.title}…")
            game_dir = staging / game.name
            game_dir.mkdir()
            params[game.name], files = game.build_module().build(options, game_dir)
            entries = [manifest.entry_for(staging, path, game.name, kind, fmt) for path, kind, fmt in files]
            result.games.append(GameResult(game.name, entries, time.perf_counter() - t0))
        if "html" in options.formats:
            t0 = time.perf_counter()
            progress("building the HTML preview…")
            from .export.site import write_site

            files = write_site(staging, params, {g.name: g.title for g in games}, options.jobs)
            entries = [manifest.entry_for(staging, path, SITE, "site", path.suffix[1:]) for path in files]
            result.games.append(GameResult(SITE, entries, time.perf_counter() - t0))
        _swap_in(out, staging, games, params, result)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    result.seconds = time.perf_counter() - started
    return result


def _swap_in(out: Path, staging: Path, games, params: dict, result: BuildResult) -> None:
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
    manifest.write_atomic(out / manifest.MANIFEST, manifest.dumps({**keep_games, **params}, entries))


def summary(result: BuildResult) -> list[str]:
    lines = []
    for g in result.games:
        by_format: dict = {}
        for e in g.files:
            by_format[e.format] = by_format.get(e.format, 0) + 1
        counts = ", ".join(f"{n} {fmt.upper()}" for fmt, n in sorted(by_format.items()))
        lines.append(f"{g.name}: {counts} in {result.out / g.name} ({g.seconds:.2f} s)")
    lines.append(f"manifest: {result.out / manifest.MANIFEST}; done in {result.seconds:.2f} s")
    return lines
