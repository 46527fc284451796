"""Ctrl-C during a build: noted at once, acted on at the next safe point.

Python may swallow a KeyboardInterrupt raised inside a C callback (cairo's, say),
and the build would then run on. So the handler only sets a flag; the build checks
it between steps, stops there and leaves the previous output as it was.
"""
from __future__ import annotations

import signal
from contextlib import contextmanager

_requested = False


def checkpoint() -> None:
    """Stop here if Ctrl-C was pressed."""
    if _requested:
        raise KeyboardInterrupt


@contextmanager
def deferred():
    global _requested
    _requested = False

    def note(signum, frame):
        global _requested
        _requested = True

    try:
        previous = signal.signal(signal.SIGINT, note)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
