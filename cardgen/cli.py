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
from .errors import CardgenError, disk_full


EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug of ours; check's 1 means violations, 2 bad input


def _friendly(func):
    """Bad input: one line on stderr and exit code 2, never a traceback. A bug of ours:
    one line naming the file that holds the full traceback, and exit code 70."""
    @wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except CardgenError as exc:
            _error(f"cardgen: error: {exc}")
            sys.exit(2)
        except OSError as exc:
            full = disk_full(exc)
            if full is None:
                _internal_error(exc)
            _error(f"cardgen: error: {full}")
            sys.exit(2)
        except KeyboardInterrupt as exc:
            from .interrupt import exit_code

            ctx = click.get_current_context(silent=True)
            kept = "; the previous output was left as it was" if ctx and ctx.info_name == "build" else ""
            _error(f"cardgen: {_stopped_by(exc)}{kept}")
            sys.exit(exit_code(exc))
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            _internal_error(exc)
    return wrapper


def _stopped_by(exc: BaseException) -> str:
    name = str(exc) if getattr(exc, "signum", None) not in (None, 2) else ""
    return f"stopped by {name}" if name else "interrupted"


def _internal_error(exc: Exception):
    _error(f"cardgen: internal error ({exc.__class__.__name__}: {str(exc).splitlines()[0] if str(exc) else ''}); "
           f"the full traceback is in {_save_traceback()}: please report it")
    sys.exit(EXIT_INTERNAL)


def _error(line: str) -> None:
    """An error on its own line, even after a status line that rewrites itself."""
    if _status_shown[0]:
        click.echo("", err=True)
        _status_shown[0] = False
    click.echo(line, err=True)


def _terminal() -> bool:
    """stderr is a terminal that understands the escape codes of a rewriting status line."""
    import os

    return sys.stderr.isatty() and os.environ.get("TERM", "") not in ("", "dumb")


def _save_traceback() -> str:
    """The traceback in a file of our own (private, never overwritten), for the report."""
    import os
    import tempfile
    import traceback

    fd, path = tempfile.mkstemp(prefix="cardgen-traceback-", suffix=".txt")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(f"cardgen {__version__}, Python {sys.version.split()[0]}\n")
        fh.write(traceback.format_exc())
    return path


class _OneLineErrors(click.Group):
    """Usage mistakes (an unknown flag, a bad value) on one line with exit code 2, like
    every other error; --help still shows the whole usage."""

    def main(self, *args, standalone_mode=True, **kwargs):
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            return super().main(*args, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(2)
        except click.UsageError as exc:
            hint = f" (see 'cardgen {exc.ctx.info_name} --help')" if exc.ctx and exc.ctx.parent else ""
            click.echo(f"cardgen: error: {exc.format_message()}{hint}", err=True)
            sys.exit(2)
        except (click.exceptions.Abort, KeyboardInterrupt) as exc:
            from .interrupt import exit_code

            if isinstance(exc.__cause__, KeyboardInterrupt):  # click's Abort hides the signal
                exc = exc.__cause__
            click.echo(f"cardgen: {_stopped_by(exc)}", err=True)
            sys.exit(exit_code(exc))
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)


class _SettingType(click.ParamType):
    """A flag's text checked by the settings table's own validator (settings.py)."""

    def __init__(self, setting):
        self.setting = setting
        self.name = setting.kind

    def get_metavar(self, param, ctx=None):
        s = self.setting
        if s.metavar:
            return s.metavar
        if s.choices:
            return "[" + "|".join(map(str, s.choices)) + "]"
        return {"int": "N", "float": "MM" if s.unit == "mm" else "X"}.get(s.kind, "TEXT")

    def convert(self, value, param, ctx):
        from .settings import validate

        try:
            if self.setting.kind == "games":  # one --game NAME at a time
                return validate(self.setting.name, value, text=True)[0]
            return validate(self.setting.name, value, text=True)
        except CardgenError as exc:
            raise click.UsageError(f"{param.opts[0]}: {exc}" if param else str(exc), ctx) from None


def _setting_options(command: str, only: "tuple | None" = None):
    """One click option per setting of command that has a flag (of those named in only), in
    the table's order."""
    from .settings import _allowed_text, _default_text, for_command

    settings = [s for s in for_command(command) if only is None or s.name in only]
    return lambda func: _add_options(func, settings, _allowed_text, _default_text)


def _add_options(func, settings, _allowed_text, _default_text):
    for s in reversed(settings):
        if not s.flag:
            continue
        names = [s.flag] + ([s.short] if s.short else [])
        shown = f" [default: {_default_text(s)}]"
        if s.kind == "bool":  # --no-…: turn off what the project file turns on
            if s.toml:
                func = click.option(f"{s.flag}/--no-{s.flag[2:]}", s.name, default=None, help=s.help)(func)
            else:
                func = click.option(s.flag, s.name, is_flag=True, default=None, help=s.help)(func)
        elif s.kind == "formats":  # --format pdf --format png adds up
            func = click.option(*names, s.name, multiple=True, type=_SettingType(s),
                                help=s.help + f" Allowed: {_allowed_text(s)}." + shown)(func)
        elif s.kind == "sweep":  # --sweep a=.. --sweep b=..: the axes add up (a repeated axis is refused)
            func = click.option(*names, s.name, multiple=True, type=_SettingType(s),
                                help=s.help + shown)(func)
        elif s.kind == "games":
            func = click.option(*names, s.name, multiple=True, type=_SettingType(s),
                                help=s.help + f" One of: {_allowed_text(s)}.")(func)
        else:
            allowed = f" Allowed: {_allowed_text(s)}." if s.kind in ("int", "float", "pair", "formats", "options") else ""
            func = click.option(*names, s.name, type=_SettingType(s), default=None,
                                help=s.help + allowed + shown)(func)
    return func


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
def main():
    """Print-and-play cards for Str8 Eight and its family, built from the rules and checked."""


@main.command()
@click.option("--config", "config_path", type=click.Path(path_type=Path), default=None,
              help="Project file (default: ./cardgen.toml when there is one). Flags override it.")
@_setting_options("build")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@click.option("-v", "--verbose", is_flag=True, help="Also list every file written.")
@click.pass_context
@_friendly
def build(ctx, config_path, quiet, verbose, **flags):
    """Build the decks (into ./output, or --out DIR)."""
    from .build import build as run_build, summary
    from .draw.reproducible import build_datetime
    from .interrupt import deferred
    from .options import BuildOptions, pick
    from .theme import theme_for

    options = BuildOptions(**pick(BuildOptions, _values(ctx, config_path, flags)))
    build_datetime()  # a bad SOURCE_DATE_EPOCH is refused before anything is read or written
    theme = theme_for(options)
    with deferred():  # the build and its summary: a stop after the switch is not told as a kept old output
        _build_and_tell(options, theme, run_build, summary, quiet, verbose)


def _build_and_tell(options, theme, run_build, summary, quiet: bool, verbose: bool) -> None:
    try:
        result = run_build(options, theme, progress=_progress(quiet),
                           warn=lambda line: click.echo(f"cardgen: warning: {line}", err=True))
    except OSError as exc:
        full = disk_full(exc, options.out)
        if full is None:
            raise
        raise full from None
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


def _values(ctx, config_path, flags: dict, keep: "tuple | None" = None) -> dict:
    """The project file's values (those named in keep), overridden by the flags given on the
    command line."""
    from click.core import ParameterSource

    from . import config

    values = {}
    path = config_path or (Path(config.CONFIG_NAME) if Path(config.CONFIG_NAME).is_file() else None)
    if path is not None:
        values = {k: v for k, v in config.load(path).items() if keep is None or k in keep}
    for name, value in flags.items():
        if ctx.get_parameter_source(name) in (ParameterSource.DEFAULT, None) or value is None or value == ():
            continue  # not on the command line: the project file's value, or the default
        values[name] = frozenset().union(*value) if name == "formats" else value
    return values


PRINTER_SETTINGS = ("paper", "back_offset", "back_rotation", "print_scale")


_printer_options = _setting_options("build", PRINTER_SETTINGS)


@main.command()
@click.option("--config", "config_path", type=click.Path(path_type=Path), default=None,
              help="Project file (default: ./cardgen.toml when there is one): its paper and [printer] table.")
@click.option("--check", is_flag=True, help="Draw the sheet with the [printer] correction, to see it work.")
@click.option("--dir", "folder", type=click.Path(path_type=Path), default=Path("."),
              help="Folder to write calibration-<paper>.pdf into (default: here).")
@_printer_options
@click.pass_context
@_friendly
def calibrate(ctx, config_path, check, folder, **flags):
    """Write a one-sheet duplex test page that reads your printer's scale and duplex error.

    Print it double-sided at 100 %, read the rulers and ladders, and put the values in
    cardgen.toml's [printer] table; every build then draws the sheets to cancel them."""
    from .documents.calibration import file_name, refuse_unless_ours, write_calibration
    from .layout.paper import papers
    from .settings import BY_NAME, printer_correction, validate
    from .theme import DEFAULT_THEME

    values = _values(ctx, config_path, flags, PRINTER_SETTINGS)
    values = {name: validate(name, values.get(name, BY_NAME[name].default_value())) for name in PRINTER_SETTINGS}
    correction = printer_correction(values) if check else None
    if correction is not None and correction.is_identity:
        raise CardgenError("calibrate --check prints the sheet again through your printer profile, and none is "
                           "set: put what the first sheet shows under [printer] in cardgen.toml (or pass "
                           "--back-offset, --back-rotation, --print-scale)")
    if not folder.is_dir():
        raise CardgenError(f"{folder} is not a folder: name an existing folder with --dir")
    paths = [folder / file_name(paper, check) for paper in papers(values["paper"])]
    for path in paths:
        refuse_unless_ours(path)
    for paper, path in zip(papers(values["paper"]), paths):
        write_calibration(path, paper, DEFAULT_THEME, correction)
        click.echo(f"wrote {path}: print it double-sided (flip on the long edge) at 100 %")


@main.command()
@click.option("--config", "config_path", type=click.Path(path_type=Path), default=None,
              help="Project file (default: ./cardgen.toml when there is one). Flags override it.")
@_setting_options("playtest")
@click.argument("more_sweep", nargs=-1, metavar="[AXIS=VALUES]...")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@click.pass_context
@_friendly
def playtest(ctx, config_path, more_sweep, quiet, **flags):
    """Play the rules with bots and report how the variant plays (into OUT/playtest/).

    The report is a page of the HTML preview and a PDF page per paper; --json writes its
    figures, --sweep one row per variant: --sweep table-size=6..12 pass-cards=0,6,12."""
    from .options import PlaytestOptions, pick
    from .settings import validate

    sweeps = flags.get("sweep") or ()  # one parsed sweep per --sweep flag
    if more_sweep and not sweeps:
        raise CardgenError(f"unexpected argument {more_sweep[0]!r}: variants go after --sweep, "
                           "e.g. --sweep table-size=6..12 pass-cards=0,6,12")
    flags["sweep"] = sweeps[0] if len(sweeps) == 1 and not more_sweep else None
    if more_sweep or len(sweeps) > 1:  # --sweep table-size=6..12 pass-cards=0,6,12: the second axis arrives as an argument
        try:
            flags["sweep"] = validate("sweep", " ".join([*map(_sweep_text, sweeps), *more_sweep]), text=True)
        except CardgenError as exc:
            raise CardgenError(f"--sweep: {exc}") from None
    values = pick(PlaytestOptions, _values(ctx, config_path, flags))
    options = PlaytestOptions(**values)
    from .playtest.run import run_playtest

    to_stderr = str(options.json_out) == "-"  # --json -: the standard output is the JSON alone
    for line in run_playtest(options, progress=_progress(quiet), fixed=set(values)):
        if not quiet:
            click.echo(line, err=to_stderr)


def _sweep_text(axes: tuple) -> str:
    """A validated sweep written back as the flag's text."""
    from .settings import SWEEP_AXES

    names = {v: k for k, v in SWEEP_AXES.items()}
    return " ".join(f"{names[name]}={','.join(map(str, values))}" for name, values in axes)


_status_shown = [False]  # a status line is on the terminal, not yet ended


def _progress(quiet: bool):
    """A line per step: on a terminal it rewrites itself as a one-line status, else plain lines."""
    if quiet:
        return lambda message: None
    if _terminal():
        import time

        start = time.perf_counter()

        def show(message: str) -> None:
            click.echo(f"\r\033[K[{time.perf_counter() - start:5.1f} s] {message}", err=True, nl=False)
            _status_shown[0] = True
            if message.startswith("done"):
                click.echo("", err=True)
                _status_shown[0] = False
        return show
    return lambda message: click.echo(message, err=True)


@main.command()
@click.option("--force", is_flag=True, help="Replace an existing cardgen.toml.")
@_friendly
def init(force):
    """Write a commented default cardgen.toml in the current folder."""
    from .config import CONFIG_NAME
    from .settings import init_file

    import os
    import tempfile

    path = Path(CONFIG_NAME)
    if path.is_dir() and not path.is_symlink():
        raise CardgenError(f"{path} is a folder here: rename it, or run 'cardgen init' in another folder")
    if os.path.lexists(path) and not force:
        raise CardgenError(f"{path} already exists: edit it, or run 'cardgen init --force' to start over")
    try:  # a new file put in place in one step: never written through a link, never half-written
        fd, tmp = tempfile.mkstemp(prefix=".cardgen-init-", suffix=".toml", dir=".")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(init_file())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        if "tmp" in locals() and os.path.exists(tmp):
            os.unlink(tmp)
        raise CardgenError(f"cannot write {path} in {Path.cwd()} ({exc.strerror}): "
                           "run 'cardgen init' in a folder you can write to") from None
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
