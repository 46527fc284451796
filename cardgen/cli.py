"""The command line: `cardgen build` writes the decks, `cardgen check` verifies them.

Heavy modules (cairo, reportlab, pikepdf, pypdf) are imported inside the commands so that
`cardgen --help` and errors in the arguments answer at once.
"""
from __future__ import annotations

import sys
from functools import wraps
from pathlib import Path

import click

from . import __version__
from .errors import CardgenError


def _friendly(func):
    """Bad input: one line on stderr and exit code 2, never a traceback."""
    @wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except CardgenError as exc:
            click.echo(f"cardgen: error: {exc}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("cardgen: interrupted; the previous output was left as it was", err=True)
            sys.exit(130)
    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
def main():
    """Print-and-play cards for Str8 Eight and its family, built from the rules and checked."""


@main.command()
@click.option("--config", "config_path", type=click.Path(path_type=Path), default=None,
              help="Project file (default: ./cardgen.toml when there is one). Flags override it.")
@click.option("--game", "games", multiple=True, metavar="NAME",
              help="Build only this game (repeatable). Default: every game.")
@click.option("--format", "formats", default="pdf", show_default=True, metavar="LIST",
              help="svg, pdf, png, tts, pod, html (comma-separated) or all. Card SVGs are always written: "
                   "the checker reads them.")
@click.option("--out", type=click.Path(path_type=Path), default=Path("output"),
              show_default=True, help="Output folder; one subfolder per game.")
@click.option("--table-size", type=int, default=8, show_default=True,
              help="Size N of the N×N multiplication table (2–12) for Str8 Eight variants.")
@click.option("--pass-cards", type=int, default=6, show_default=True, help="Str8 Eight pass cards (half left, half right).")
@click.option("--card-size", default="poker", show_default=True, help="poker (63.5 × 88.9 mm) or bridge (56 × 88.9 mm).")
@click.option("--bleed", type=float, default=3.0, show_default=True, help="Bleed around each card, in mm (0–6).")
@click.option("--paper", default="letter", show_default=True, help="Home-print paper: letter, a4 or both.")
@click.option("--layout", default="duplex", show_default=True,
              help="duplex (each front page followed by its mirrored back page), fronts, or gutterfold.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="Move back pages by X,Y mm to cancel a printer's duplex shift.")
@click.option("--low-ink", is_flag=True, help="White card bodies; color only where it carries meaning.")
@click.option("--decks", type=int, default=1, show_default=True, help="Crazy Eights: 2 decks (different backs) for more than six players.")
@click.option("--ace-value", type=int, default=10, show_default=True, help="Crazy Eights: an ace's penalty, 10 or 1.")
@click.option("--card-thickness", type=float, default=0.3, show_default=True, help="Card thickness in mm, to size the tuck boxes.")
@click.option("--base-url", default="", metavar="URL",
              help="Tabletop Simulator: load images from URL + file name instead of file:/// paths.")
@click.option("-j", "--jobs", type=int, default=None, help="Processes for PNG rendering. Default: all cores.")
@click.option("--clean", is_flag=True, help="Ignore the cache: rebuild every game from scratch.")
@click.option("--strict", is_flag=True, help="Treat warnings (group colors too alike) as errors.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@click.option("-v", "--verbose", is_flag=True, help="Also list every file written.")
@click.pass_context
@_friendly
def build(ctx, config_path, quiet, verbose, **flags):
    """Build the decks into OUT (default: output/)."""
    from click.core import ParameterSource

    from . import config
    from .build import build as run_build, summary
    from .options import BuildOptions, color_warnings, parse_formats, parse_offset

    values = {}
    path = config_path or (Path(config.CONFIG_NAME) if Path(config.CONFIG_NAME).is_file() else None)
    if path is not None:
        values = config.load(path)
    converters = {"formats": parse_formats, "back_offset": parse_offset, "games": tuple}
    for name, value in flags.items():
        if ctx.get_parameter_source(name) == ParameterSource.DEFAULT and name in values:
            continue  # the project file sets it, and no flag overrides it
        if value is None:
            continue
        values[name] = converters.get(name, lambda v: v)(value)
    from .model.str8eight import check_table_size

    check_table_size(values.get("table_size", 8))
    options = BuildOptions(**values)
    for warning in color_warnings(options):
        if options.strict:
            raise CardgenError(warning + " (--strict)")
        click.echo(f"cardgen: warning: {warning}", err=True)
    result = run_build(options, progress=_progress(quiet))
    if not quiet:
        for line in summary(result):
            click.echo(line)
        if verbose:
            for g in result.games:
                stages = ", ".join(f"{k} {v:.2f} s" for k, v in sorted(g.timings.items(), key=lambda kv: -kv[1]))
                if stages:
                    click.echo(f"{g.name} stages: {stages}")
                for e in g.files:
                    click.echo(f"  {e.path}  {e.kind} {e.format}")


def _progress(quiet: bool):
    """A line per step: on a terminal it rewrites itself as a one-line status, else plain lines."""
    if quiet:
        return lambda message: None
    if sys.stderr.isatty():
        import time

        start = time.perf_counter()

        def show(message: str) -> None:
            click.echo(f"\r\033[K[{time.perf_counter() - start:5.1f} s] {message}", err=True, nl=False)
            if message.startswith("done"):
                click.echo("", err=True)
        return show
    return lambda message: click.echo(message, err=True)


@main.command()
@click.option("--force", is_flag=True, help="Replace an existing cardgen.toml.")
@_friendly
def init(force):
    """Write a commented default cardgen.toml in the current folder."""
    from .config import CONFIG_NAME, DEFAULT_FILE

    path = Path(CONFIG_NAME)
    if path.exists() and not force:
        raise CardgenError(f"{path} already exists: edit it, or run 'cardgen init --force' to start over")
    path.write_text(DEFAULT_FILE, encoding="utf-8")
    click.echo(f"wrote {path}: edit it, then run 'cardgen build'")


@main.command()
@click.argument("folder", type=click.Path(path_type=Path), default=Path("output"))
@_friendly
def check(folder):
    """Rebuild the decks from the files in FOLDER and compare them with the rules.

    Exits 0 when everything matches, 1 with a list of violations otherwise."""
    from .check.run import check_output

    reports = check_output(folder)
    failures = [v for r in reports for v in r.violations]
    for r in reports:
        click.echo(f"{r.game}: {'OK' if r.ok else f'{len(r.violations)} violation(s)'}")
        if r.ok:
            for line in r.summary:
                click.echo(f"  {line}")
    if failures:
        click.echo(f"\n{len(failures)} violation(s):")
        for v in failures:
            click.echo(f"  {v}")
        sys.exit(1)
    click.echo("all checks passed")
