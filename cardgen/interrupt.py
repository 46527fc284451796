"""Ctrl-C (or a polite kill) during a build: noted at once, acted on at the next safe point.

Python may swallow a KeyboardInterrupt raised inside a C callback (cairo's, say),
and the build would then run on. So the handler only sets a flag; the build checks
it between steps, stops there and leaves the previous output as it was.

SIGTERM (`kill`, a closing CI job) and SIGHUP (the terminal went away) are treated as
Ctrl-C: without this they would end the process before its clean-up ran, leaving the
staging folder and the private font folder behind. Only SIGKILL cannot be caught; the
next build clears what it leaves.
"""
from __future__ import annotations

import signal
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

_requested: int = 0  # the signal that asked us to stop, 0 when none


class Stopped(KeyboardInterrupt):
    """A stop asked for by a signal; `signum` says which (the exit code is 128 + signum)."""

    def __init__(self, signum: int = signal.SIGINT):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_code(exc: BaseException) -> int:
    """The shell's convention: 128 + the signal's number (130 for Ctrl-C)."""
    return 128 + getattr(exc, "signum", signal.SIGINT)


def checkpoint() -> None:
    """Stop here if Ctrl-C was pressed (or SIGTERM/SIGHUP arrived)."""
    if _requested:
        raise Stopped(_requested)


def raise_on_stop_signals() -> None:
    """Outside the deferred sections (start-up, argument parsing, the checker), SIGTERM
    and SIGHUP stop at once the way Ctrl-C does, so finally blocks and atexit run."""
    def stop(signum, frame):
        raise Stopped(signum)

    for signum in STOP_SIGNALS[1:]:
        try:
            if signal.getsignal(signum) == signal.SIG_DFL:
                signal.signal(signum, stop)
        except ValueError:  # not the main thread
            return


@contextmanager
def deferred():
    global _requested
    _requested = 0

    def note(signum, frame):
        global _requested
        _requested = _requested or signum

    try:
        previous = {signum: signal.signal(signum, note) for signum in STOP_SIGNALS}
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
