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
            from .errors import in_temporary_folder

            full = disk_full(exc) or in_temporary_folder(exc)
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

    return sys.stderr is not None and sys.stderr.isatty() and os.environ.get("TERM", "") not in ("", "dumb")


def _save_traceback() -> str:
    """The traceback in a file of our own (private, never overwritten), for the report."""
    import os
    import tempfile
    import traceback

    try:
        fd, path = tempfile.mkstemp(prefix="cardgen-traceback-", suffix=".txt")
    except OSError as exc:  # the temporary folder refuses it too
        return f"no file: the temporary folder {tempfile.gettempdir()} refused it ({exc.strerror})"
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
            click.echo(f"cardgen: error: {_usage_message(exc)}{hint}", err=True)
            sys.exit(2)
        except (click.exceptions.Abort, KeyboardInterrupt) as exc:
            from .interrupt import exit_code

            if isinstance(exc.__cause__, KeyboardInterrupt):  # click's Abort hides the signal
                exc = exc.__cause__
            click.echo(f"cardgen: {_stopped_by(exc)}", err=True)
            sys.exit(exit_code(exc))
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)


def _usage_message(exc: click.UsageError) -> str:
    """click's usage errors in cardgen's words: "--flag: problem; fix"."""
    if isinstance(exc, click.NoSuchOption):
        close = sorted(exc.possibilities or ())
        return f"{exc.option_name}: no such option; " + (f"did you mean {' or '.join(close)}?" if close
                                                       else "see the command's options")
    if isinstance(exc, click.BadOptionUsage) and "requires an argument" in exc.message:
        return f"{exc.option_name}: needs a value; write {exc.option_name} VALUE"
    if isinstance(exc, click.BadParameter) and exc.param is not None and exc.param.opts:
        return f"{exc.param.opts[0]}: {exc.message}"
    text = exc.format_message()
    if text.startswith("Got unexpected extra argument"):
        found = text.split("(", 1)[-1].rstrip(")")
        return f"unexpected argument {found!r}; flags start with --"
    return text


class _SettingType(click.ParamType):
    """A flag's text checked by the settings table's own validator (settings.py); its
    message names the flag ("--paper: unknown paper 'a3'; use one of …")."""

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
            return validate(self.setting.name, value, _flag_where(param), text=True)
        except CardgenError as exc:
            raise click.UsageError(str(exc), ctx) from None

    def shell_complete(self, ctx, param, incomplete):
        """The values a flag takes, for the shell: each choice (the last item of a list
        flag, after the ones typed: --format pdf,p<TAB>), files and folders for paths."""
        from click.shell_completion import CompletionItem

        from .settings import LIST_KINDS

        s = self.setting
        if s.kind == "path":
            return [CompletionItem(incomplete, type="dir" if s.name == "out" else "file")]
        choices = [str(c) for c in s.choices]
        if s.kind in LIST_KINDS and s.kind not in ("bots", "cards", "options"):
            choices.append("all")
        if s.kind not in LIST_KINDS:
            return [CompletionItem(c) for c in choices if c.startswith(incomplete)]
        head, comma, last = incomplete.rpartition(",")
        typed = set(head.split(",")) if comma else set()
        return [CompletionItem(f"{head}{comma}{c}") for c in choices
                if c.startswith(last) and (c not in typed or s.kind == "bots")]


def _flag_where(param) -> str:
    return f"{param.opts[0]}: " if param is not None and param.opts else ""


def _setting_options(command: str, only: "tuple | None" = None):
    """One click option per setting of command that has a flag (of those named in only), in
    the table's order."""
    from .settings import _allowed_text, _default_text, for_command

    settings = [s for s in for_command(command) if only is None or s.name in only]
    return lambda func: _add_options(func, settings, _allowed_text, _default_text)


def _add_options(func, settings, _allowed_text, _default_text):
    from .settings import LIST_KINDS

    for s in reversed(settings):
        if not s.flag:
            continue
        names = [s.flag] + ([s.short] if s.short else [])
        shown = f" [default: {_default_text(s)}]" if s.record else ""
        if s.kind == "bool":  # --no-…: turn off what the project file turns on
            if s.toml:
                func = click.option(f"{s.flag}/--no-{s.flag[2:]}", *names[1:], s.name, default=None,
                                    help=s.help)(func)
            else:
                func = click.option(*names, s.name, is_flag=True, default=None, help=s.help)(func)
        elif s.kind in LIST_KINDS or s.kind == "sweep":  # --format pdf --format png,svg: the lists add up
            allowed = f" Allowed: {_allowed_text(s)}." if s.choices else ""
            func = click.option(*names, s.name, multiple=True, type=_SettingType(s),
                                help=s.help + allowed + shown)(func)
        else:
            allowed = f" Allowed: {_allowed_text(s)}." if s.kind in ("int", "float", "pair", "margins") or s.choices else ""
            func = click.option(*names, s.name, type=_SettingType(s), default=None,
                                help=s.help + allowed + shown)(func)
    return func


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
def main():
    """Print-and-play cards for Str8 Eight and its family, built from the rules and checked.

    Every command takes --config FILE, -q and -v; list flags take comma-separated values
    and may be repeated. Shell completion: see 'Shell completion' in the docs."""


def _how(flags: dict) -> tuple:
    """The settings of how a command runs, taken out of its flags: --config, -q, -v."""
    return flags.pop("config", None), bool(flags.pop("quiet", None)), bool(flags.pop("verbose", None))


@main.command()
@_setting_options("build")
@click.pass_context
@_friendly
def build(ctx, **flags):
    """Build the decks (into ./output, or --out DIR)."""
    from .build import build as run_build, summary
    from .draw.reproducible import build_datetime
    from .interrupt import deferred
    from .options import BuildOptions, pick
    from .theme import theme_for

    config_path, quiet, verbose = _how(flags)
    values, given = _values(ctx, config_path, flags)
    options = BuildOptions(**pick(BuildOptions, values))
    _unused(given, options.games, options.formats, options.strict)
    build_datetime()  # a bad SOURCE_DATE_EPOCH is refused before anything is read or written
    theme = theme_for(options)
    with deferred():  # the build and its summary: a stop after the switch is not told as a kept old output
        _build_and_tell(options, theme, run_build, summary, quiet, verbose)


def _warn(line: str) -> None:
    _error(f"cardgen: warning: {line}")


def _unused(given: set, games: tuple, formats, strict: bool) -> None:
    """One warning for each option set that the games or formats chosen do not use; with
    --strict, an error."""
    from .settings import not_applying

    lines = not_applying(given, games, formats)
    if strict and len(lines) == 1:
        raise CardgenError(lines[0] + " (--strict)")
    for line in lines:
        _warn(line)
    if strict and lines:
        raise CardgenError(f"{len(lines)} warnings above, and --strict makes them errors")


def _build_and_tell(options, theme, run_build, summary, quiet: bool, verbose: bool) -> None:
    status = _progress(quiet)
    try:
        result = run_build(options, theme, progress=status, warn=_warn)
    except OSError as exc:
        full = disk_full(exc, options.out)
        if full is None:
            raise
        raise full from None
    finally:
        _clear_status()
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


def _values(ctx, config_path, flags: dict, keep: "tuple | None" = None) -> tuple:
    """The project file's values (those named in keep), overridden by the flags given on the
    command line; and the names of the settings the user set to something other than the
    default (in the file or as flags: a project file from `cardgen init` lists every default)."""
    from click.core import ParameterSource

    from . import config
    from .settings import BY_NAME, LIST_KINDS, validate

    values = {}
    path = config_path or (Path(config.CONFIG_NAME) if Path(config.CONFIG_NAME).is_file() else None)
    if path is not None:
        values = {k: v for k, v in config.load(path).items() if keep is None or k in keep}
    given = set(values)
    for name, value in flags.items():
        if ctx.get_parameter_source(name) in (ParameterSource.DEFAULT, None) or value is None or value == ():
            continue  # not on the command line: the project file's value, or the default
        if BY_NAME[name].kind in LIST_KINDS:  # each repeat checked as typed; the lists joined, checked again
            value = validate(name, ",".join(v if isinstance(v, str) else ",".join(map(str, v)) for v in value),
                             f"{BY_NAME[name].flag}: ", text=True)
        values[name] = value
        given.add(name)
    return values, {name for name in given if values[name] != BY_NAME[name].default_value()}


PRINTER_SETTINGS = ("paper", "back_offset", "back_rotation", "print_scale")


@main.command()
@click.option("--check", is_flag=True, help="Draw the sheet with the [printer] correction, to see it work.")
@click.option("--out", "folder", type=click.Path(path_type=Path), default=None, metavar="DIR",
              help="Folder to write calibration-<paper>.pdf into, made if need be (default: here).")
@click.option("--dir", "old_folder", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--read", "readings", is_flag=False, flag_value="", default=None, metavar="READINGS",
              help="Give what the printed sheet shows and save the printer's values in the project file's "
                   "[printer] table: alone, it asks for each ladder; or all at once, e.g. "
                   "A=+1.25,B=-0.5,X=0.75,Y=-0.25,edges=3,3,5,4,ruler=99.5,100.2. With --check: what the "
                   "check print shows, added to the values you have.")
@_setting_options("calibrate")
@click.pass_context
@_friendly
def calibrate(ctx, check, folder, old_folder, readings, **flags):
    """Write a one-sheet duplex test page that reads your printer's scale, margins and duplex error.

    Print it double-sided at 100 %, read its rulers and ladders, and give them to
    'cardgen calibrate --read': it saves the printer's values in cardgen.toml's [printer]
    table, and every build then draws the sheets to cancel them."""
    from .draw.reproducible import build_datetime

    build_datetime()  # the build's SOURCE_DATE_EPOCH rule and line, before reportlab reads the variable
    from .documents.calibration import file_name, refuse_unless_ours, write_calibration
    from .layout.paper import papers
    from .settings import BY_NAME, printer_correction, validate
    from .theme import DEFAULT_THEME

    config_path, quiet, verbose = _how(flags)
    if readings is not None and (folder is not None or old_folder is not None):
        raise CardgenError("--read: saves what the printed sheet shows and writes no sheet; leave --out out")
    if old_folder is not None:
        if folder is not None:
            raise CardgenError("--dir: the old name of --out; give one of them")
        click.echo("cardgen: note: --dir is now --out (--dir will go in a later version)", err=True)
        folder = old_folder
    folder = folder if folder is not None else Path(".")
    values, _ = _values(ctx, config_path, flags, PRINTER_SETTINGS)
    values = {name: validate(name, values.get(name, BY_NAME[name].default_value())) for name in PRINTER_SETTINGS}
    if readings is not None:
        return _read_sheet(ctx, config_path, values, check, readings)
    correction = printer_correction(values) if check else None
    if correction is not None and correction.is_identity:
        raise CardgenError("--check: prints the sheet again through your printer profile, and none is set; put "
                           "what the first sheet shows under [printer] in cardgen.toml (or run 'cardgen calibrate "
                           "--read', or pass --back-offset, --back-rotation, --print-scale)")
    _calibration_folder(folder)
    paths = [folder / file_name(paper, check) for paper in papers(values["paper"])]
    for path in paths:
        refuse_unless_ours(path)
    for paper, path in zip(papers(values["paper"]), paths):
        try:
            write_calibration(path, paper, DEFAULT_THEME, correction)
        except OSError as exc:
            if disk_full(exc) is not None:
                raise
            raise CardgenError(f"--out: cannot write {path} ({exc.strerror or exc}); choose a folder you can "
                               "write to") from None
        if not quiet:
            click.echo(f"wrote {path}: print it double-sided (flip on the long edge) at 100 %")
        if verbose:
            click.echo(f"  {paper.name} paper, {paper.width:g} × {paper.height:g} mm, 2 pages"
                       + (f"; drawn through {correction.describe()}" if correction is not None else ""))


def _read_sheet(ctx, config_path: "Path | None", values: dict, check: bool, typed: str) -> None:
    """calibrate --read: the readings (asked, or from the flag) worked out into the printer's
    values, checked with the whole project, and saved in its [printer] table (printerprofile.py)."""
    from . import config, readings
    from .layout.paper import papers
    from .printerprofile import save, work_out
    from .projectfile import refuse_unwritable
    from .settings import BY_NAME

    path = config_path or Path(config.CONFIG_NAME)
    project = config.load(path) if config_path is not None or path.is_file() else {}
    if len(papers(values["paper"])) != 1:
        raise CardgenError("--read: with paper 'both' there are two sheets; name the one you read "
                           "with --paper letter or --paper a4")
    refuse_unwritable(path)  # before a question is asked

    def work(got):  # at a terminal, an error here asks again for the readings at fault
        return work_out(project, values, got, check)

    lines, new = save(path, work(readings.parse(typed)) if typed else readings.ask(work))
    for line in lines:
        click.echo(line)
    shown = ", ".join(f"{BY_NAME[k].toml_key} = {_shown_value(v)}" for k, v in new.items())
    click.echo(f"Saved in {path} under [printer]: {shown}.")
    click.echo("Next: 'cardgen calibrate --check' writes a sheet drawn with these values; print it the same way "
               "and every ladder should read 0.")


def _shown_value(value) -> str:
    return "[" + ", ".join(f"{v:g}" for v in value) + "]" if isinstance(value, tuple) else f"{value:g}"


def _calibration_folder(folder: Path) -> None:
    """The folder the sheet goes into, made like build makes --out; one line when it cannot be."""
    import os

    if os.path.lexists(folder) and not folder.is_dir():
        raise CardgenError(f"--out: {folder} is not a folder; name a folder (it is made if need be)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardgenError(f"--out: cannot create folder {folder} ({exc.strerror}); choose another") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CardgenError(f"--out: cannot write in {folder} (Permission denied); choose a folder you can write to")


@main.command()
@_setting_options("playtest")
@click.argument("more_sweep", nargs=-1, metavar="[AXIS=VALUES]...")
@click.pass_context
@_friendly
def playtest(ctx, more_sweep, **flags):
    """Play the rules with bots and report how the variant plays (into OUT/playtest/).

    The report is a page of the HTML preview and a PDF page per paper; --json writes its
    figures, --sweep one row per variant: --sweep table-size=6..12 pass-cards=0,6,12."""
    from .draw.reproducible import build_datetime
    from .options import PlaytestOptions, pick
    from .settings import validate

    config_path, quiet, verbose = _how(flags)
    build_datetime()  # the build's SOURCE_DATE_EPOCH rule and line, before matplotlib reads the variable
    sweeps = flags.get("sweep") or ()  # one parsed sweep per --sweep flag
    if more_sweep and not sweeps:
        raise CardgenError(f"--sweep: {more_sweep[0]!r} is an argument of no flag; variants go after --sweep, "
                           "e.g. --sweep table-size=6..12 pass-cards=0,6,12")
    flags["sweep"] = sweeps[0] if len(sweeps) == 1 and not more_sweep else None
    if more_sweep or len(sweeps) > 1:  # --sweep table-size=6..12 pass-cards=0,6,12: the second axis arrives as an argument
        flags["sweep"] = validate("sweep", " ".join([*map(_sweep_text, sweeps), *more_sweep]), "--sweep: ",
                                  text=True)
    values, given = _values(ctx, config_path, flags)
    options = PlaytestOptions(**pick(PlaytestOptions, values))
    _unused(given, options.games, None, options.strict)
    from .playtest.run import run_playtest

    to_stderr = str(options.json_out) == "-"  # --json -: the standard output is the JSON alone
    try:
        lines = run_playtest(options, progress=_progress(quiet), verbose=verbose, warn=_warn,
                             fixed=set(pick(PlaytestOptions, values)))
    finally:
        _clear_status()
    for line in lines:
        if not quiet:
            click.echo(line, err=to_stderr)


def _sweep_text(axes: tuple) -> str:
    """A validated sweep written back as the flag's text."""
    from .settings import SWEEP_AXES

    names = {v: k for k, v in SWEEP_AXES.items()}
    return " ".join(f"{names[name]}={','.join(map(str, values))}" for name, values in axes)


_status_shown = [False]  # a status line is on the terminal, not yet ended


def _progress(quiet: bool):
    """A line per step: on a terminal it rewrites itself as a one-line status (the time it
    has run, then the message), else plain lines, each said once."""
    if quiet:
        return lambda message: None
    if _terminal():
        import time

        start = time.perf_counter()

        def show(message: str) -> None:
            width = _columns() - 11  # "[ 12.3 s] " and the cursor
            text = message if len(message) <= width else message[:max(0, width - 1)] + "…"
            click.echo(f"\r\033[K[{time.perf_counter() - start:5.1f} s] {text}", err=True, nl=False)
            _status_shown[0] = True
        return show
    said = [None]

    def plain(message: str) -> None:
        if message != said[0]:  # a repeat only moves a terminal's clock
            click.echo(message, err=True)
            said[0] = message
    return plain


def _columns() -> int:
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def _clear_status() -> None:
    """The status line taken off the terminal, so the summary starts on a clean line."""
    if _status_shown[0]:
        click.echo("\r\033[K", err=True, nl=False)
        _status_shown[0] = False


@main.command()
@click.option("--force", is_flag=True, help="Replace an existing project file.")
@_setting_options("init")
@_friendly
def init(force, **flags):
    """Write a commented default cardgen.toml in the current folder (or --config FILE)."""
    import os

    from .atomicfile import replace_with
    from .config import CONFIG_NAME
    from .settings import SECTIONS, SETTINGS, init_file

    config_path, quiet, verbose = _how(flags)
    path = config_path or Path(CONFIG_NAME)
    if path.is_dir() and not path.is_symlink():
        raise CardgenError(f"--config: {path} is a folder; name a file, or run 'cardgen init' in another folder")
    if os.path.lexists(path) and not force:
        raise CardgenError(f"--config: {path} already exists; edit it, or run 'cardgen init --force' to start over")
    if not path.parent.is_dir():
        raise CardgenError(f"--config: the folder {path.parent} does not exist; create it first")
    try:  # a new file put in place in one step: never written through a link, never half-written
        replace_with(path, init_file().encode("utf-8"), 0o644)
    except OSError as exc:
        raise CardgenError(f"--config: cannot write {path} ({exc.strerror}); run 'cardgen init' in a folder "
                           "you can write to") from None
    if not quiet:
        click.echo(f"wrote {path}: edit it, then run 'cardgen build'"
                   + (f" --config {path}" if config_path is not None else ""))
    if verbose:
        for section in SECTIONS:
            keys = [s.toml_key for s in SETTINGS if s.toml and s.section == section]
            click.echo(f"  {f'[{section}]' if section else 'top level'}: {', '.join(keys)}")


def _by_kind(failures: list) -> str:
    """One line counting the violations by kind (check/kinds.py), in the table's order."""
    from collections import Counter

    from .check.kinds import KINDS, OTHER

    counts = Counter(v.kind for v in failures)
    return "by kind: " + ", ".join(f"{k.title} {counts[k.slug]}" for k in (*KINDS, OTHER) if counts[k.slug]) + \
        " (what each holds: 'What cardgen check reports' in the docs)"


@main.command()
@click.argument("folder", type=click.Path(path_type=Path), required=False)
@_setting_options("check")
@click.pass_context
@_friendly
def check(ctx, folder, **flags):
    """Rebuild the decks from the files in FOLDER (or --out DIR; default: the project
    file's output folder, else ./output) and compare them with the rules.

    Exits 0 when everything matches, 1 with a list of violations otherwise."""
    from .check.run import check_output
    from .words import plural

    config_path, quiet, verbose = _how(flags)
    values, given = _values(ctx, config_path, flags, ("out",))
    if folder is not None and "out" in flags and flags["out"] is not None and flags["out"] != folder:
        raise CardgenError(f"--out: names {flags['out']}, and the argument {folder}; give the folder once")
    folder = folder or values.get("out") or Path("output")
    reports = check_output(folder)
    failures = [v for r in reports for v in r.violations]
    if not quiet:
        for r in reports:
            click.echo(f"{r.game}: {'OK' if r.ok else plural(len(r.violations), 'violation')}")
            if r.ok or verbose:
                for line in r.summary:
                    click.echo(f"  {line}")
    if failures:
        if not quiet:
            click.echo("")
        click.echo(f"{plural(len(failures), 'violation')}:")
        for v in failures:
            click.echo(f"  {v}")
        if not quiet:
            click.echo(_by_kind(failures))
        sys.exit(1)
    if not quiet:
        click.echo(f"all checks passed in {folder}" if verbose else "all checks passed")


@main.command()
@click.option("--port", type=click.IntRange(0, 65535), default=None, metavar="N",
              help="The port to listen on (default 8470; 0: any free one).")
@click.option("--no-browser", "no_browser", is_flag=True, help="Print the address only; do not open a browser.")
@click.option("--data", type=click.Path(path_type=Path), default=None, metavar="DIR",
              help="Folder for everything the server writes: kits, reports, the printer's profile "
                   "(default: ~/.local/share/cardgen).")
@click.option("--host", default="127.0.0.1", metavar="HOST", help="The address to listen on (default: this computer "
              "only, 127.0.0.1); another needs --public.")
@click.option("--public", is_flag=True, help="Allow a --host other computers can reach.")
@_friendly
def serve(port, no_browser, data, host, public):
    """Open cardgen in your browser: make a kit with a live preview, set up your printer, playtest a variant.

    Prints the address (with a key: keep it to yourself) and opens it; Ctrl-C stops the server."""
    import os

    from .serve.run import DEFAULT_PORT, serve as run

    sys.exit(run(DEFAULT_PORT if port is None else port, host, public, data, not no_browser, click.echo,
                 jobs=min(2, os.cpu_count() or 1)))
