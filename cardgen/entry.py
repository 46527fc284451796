"""The `cardgen` command's entry point (console script and `python -m cardgen`).

Ctrl-C while Python is still loading the command line (the first tenth of a second)
ends quietly too, not with a traceback: from the moment this module is imported (the
console script's first import of ours) until the command's own handling takes over,
Ctrl-C ends the process at once with the usual line and 130, as nothing has been
written yet. The console script runs a line of its own after the import (a regular
expression on its name), so a handler set only inside run() came too late. SIGTERM
and SIGHUP are made to stop the command the way Ctrl-C does (interrupt.py). Only here:
a program that calls cardgen's CLI as a library keeps its own signal handling."""
import _signal as signal  # the C module, ready at once: signal.py spends a millisecond building its enums
import os
import sys


def _stopped_while_loading(signum, frame):
    """Nothing written yet, nothing to clean up: say so and end."""
    os.write(2, b"cardgen: interrupted\n")
    os._exit(130)


if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not under a caller's own handler
    signal.signal(signal.SIGINT, _stopped_while_loading)


def _closed_streams_to_devnull() -> None:
    """A standard stream the caller closed (<&-, >&-, 2>&-) is left as Python shows it
    (sys.stdin, sys.stdout or sys.stderr is None: --json - and calibrate --read refuse it
    in one line), and its file descriptor is taken by /dev/null: else the next file opened
    (the output folder's lock, a staging file) would get it, and whatever writes to the
    standard output (a child process, a library) would write into that file."""
    for fd, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(fd)
        except OSError:
            new = os.open(os.devnull, mode)
            if new != fd:
                os.dup2(new, fd, inheritable=True)
                os.close(new)
            else:
                os.set_inheritable(fd, True)


def run():
    _closed_streams_to_devnull()
    if sys.argv[1:] == ["--version"] and sys.stdout is not None:  # click's line, without loading click and the CLI
        from . import __version__

        sys.stdout.write(f"cardgen, version {__version__}\n")
        sys.stdout.flush()
        return
    try:
        from .cli import main
        from .interrupt import raise_on_stop_signals

        raise_on_stop_signals()
    except KeyboardInterrupt:
        sys.stderr.write("cardgen: interrupted\n")
        sys.exit(130)
    if signal.getsignal(signal.SIGINT) is _stopped_while_loading:  # from here the command handles it
        signal.signal(signal.SIGINT, signal.default_int_handler)
    main()
