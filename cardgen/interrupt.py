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

import os
import signal
import sys
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

_requested: int = 0  # the signal that asked us to stop, 0 when none


class Stopped(KeyboardInterrupt):
    """A stop asked for by a signal; `signum` says which (the exit code is 128 + signum)."""

    def __init__(self, signum: int = signal.SIGINT):
        super().__init__(signal.Signals(signum).name)
        self.signum = int(signum)

    def __reduce__(self):
        """Rebuilt from its number: a game's process sends its Stopped back to the build
        through a pipe, and the default (the message, "SIGINT") is no signal number."""
        return Stopped, (self.signum,)


def exit_code(exc: BaseException) -> int:
    """The shell's convention: 128 + the signal's number (130 for Ctrl-C)."""
    return 128 + getattr(exc, "signum", signal.SIGINT)


def blocked_during_cleanup(func):
    """func run with the stop signals held, for clean-up at exit: a SIGTERM arriving while
    a private folder is removed would stop the removal half-way and print a traceback
    ("Exception ignored in atexit callback"). A held signal that is still pending once
    the process exits is dropped with it."""
    def run(*args, **kwargs):
        try:
            signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        except (ValueError, OSError):
            pass
        return func(*args, **kwargs)
    return run


def checkpoint() -> None:
    """Stop here if Ctrl-C was pressed (or SIGTERM/SIGHUP arrived)."""
    if _requested:
        raise Stopped(_requested)


def stopped_child(exitcode: "int | None") -> "Stopped | None":
    """Why a forked part of this command ended without an answer, when a stop explains
    it: this process noted one (Ctrl-C in a terminal reaches the whole process group), or
    the part itself was ended by a stop signal (SIGTERM to the group ends the parts at
    once). None for any other death: that one is a failure to report."""
    if _requested:
        return Stopped(_requested)
    if exitcode is not None and exitcode < 0 and -exitcode in STOP_SIGNALS:
        return Stopped(-exitcode)
    return None


def _note(signum, frame):
    global _requested
    _requested = _requested or signum


def _stop(signum, frame):
    global _requested
    _requested = _requested or signum  # kept for checkpoint(): the raise below can be swallowed
    raise Stopped(signum)


def _unraisable(hook):
    """sys.unraisablehook that notes a stop instead of printing it. A signal's handler runs
    wherever the main thread is, a __del__ or a weakref callback included (a pool's pipes
    and processes are collected at any moment), and Python only prints an exception raised
    there ("Exception ignored in ...") and goes on: a SIGTERM in a playtest was lost so,
    the next stage played its hands to the end and the line showed a traceback. Noted, the
    stop is acted on at the next checkpoint() (a pool's wait looks every tenth of a second)."""
    def noted(unraisable):
        global _requested
        exc = unraisable.exc_value
        if isinstance(exc, KeyboardInterrupt):
            _requested = _requested or getattr(exc, "signum", signal.SIGINT)
            return
        hook(unraisable)
    noted.cardgen = True
    return noted


def _note_unraisable_stops() -> None:
    if not getattr(sys.unraisablehook, "cardgen", False):
        sys.unraisablehook = _unraisable(sys.unraisablehook)


def _ours(signum) -> bool:
    return signal.getsignal(signum) in (_note, _stop)


_forked_by = 0  # in a forked process: the pid of the process that forked it


_our_forks = 0  # forks under way in parallel.forking() (whose end calls after_fork)
_blocked: tuple = ()  # the stop signals held across the fork under way


def our_fork() -> None:
    """parallel.forking() is about to fork: Ctrl-C is held across it too, and acted on by
    after_fork() (a KeyboardInterrupt raised in an at-fork hook is only printed and lost:
    a playtest went on playing after Ctrl-C)."""
    global _our_forks
    _our_forks += 1


def _hold_before_fork() -> None:
    """Hold SIGTERM/SIGHUP while a process forks (the forking thread's mask, which the
    child inherits): a pool may fork a worker at the very moment it terminates the others,
    and a signal caught before the child reset its handlers would only be noted there.
    In our own forks, Ctrl-C too, when Python handles it."""
    global _forked_by, _blocked
    _forked_by = os.getpid()
    _blocked = STOP_SIGNALS[1:] if any(_ours(s) for s in STOP_SIGNALS[1:]) else ()
    if _our_forks and callable(signal.getsignal(signal.SIGINT)):
        _blocked = (signal.SIGINT, *_blocked)
    if _blocked:
        signal.pthread_sigmask(signal.SIG_BLOCK, _blocked)


_held = 0  # a stop signal that arrived while this process forked, not yet acted on


def _hold(signum, frame):
    global _held
    _held = _held or signum


def _release_in_parent() -> None:
    """A SIGTERM held during the fork is delivered as the mask is lifted, and its handler's
    Stopped raised inside this at-fork hook was only printed ("Exception ignored in
    _release_in_parent") and lost: it is noted here instead, and acted on by after_fork()."""
    if not _blocked:
        return
    try:
        previous = [(s, signal.signal(s, _hold)) for s in _blocked]
    except ValueError:  # not the main thread: no handler of ours runs here
        previous = []
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _blocked)
    for s, handler in previous:
        signal.signal(s, handler)


def after_fork() -> None:
    """In the process that forked, once the fork is done (parallel.forking): act on a stop
    that arrived during it, as its handler would have."""
    global _held, _our_forks
    _our_forks = max(0, _our_forks - 1)
    signum, _held = _held, 0
    if signum:
        handler = signal.getsignal(signum)
        if callable(handler):
            handler(signum, None)


def _default_in_child() -> None:
    """In any process forked from ours (render pools, playtest pools, game builds),
    SIGTERM and SIGHUP end it at once again, then any held one is delivered.
    multiprocessing's Pool.terminate() relies on that: with a Python-level handler a pool
    worker sometimes survives the SIGTERM and the parent waits on it for ever (seen in a
    test run; reproduced in plain Python)."""
    global _our_forks
    _our_forks = 0  # the forks under way are the parent's
    for signum in STOP_SIGNALS[1:]:
        if _ours(signum):
            signal.signal(signum, signal.SIG_DFL)
    if _blocked:  # a fork starts with no signal pending: nothing held is lost
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _blocked)


def die_with_parent() -> None:
    """In a forked part (a game's build, a render or playtest worker): end at once when
    the process that started it dies. A SIGKILLed build would otherwise leave its parts
    running on, writing into a staging folder the next build removes, or printing a
    BrokenPipe traceback when they hand back a result nobody reads (Linux
    PR_SET_PDEATHSIG; elsewhere the part ends when it next finds its parent gone)."""
    parent = _forked_by
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if parent and os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a result its reader will never take: end quietly


os.register_at_fork(before=_hold_before_fork, after_in_parent=_release_in_parent,
                    after_in_child=_default_in_child)


def raise_on_stop_signals() -> None:
    """For the `cardgen` command's own process (entry.py): outside the deferred sections
    (start-up, argument parsing, the checker), SIGTERM and SIGHUP stop at once the way
    Ctrl-C does, so finally blocks and atexit run. A library caller's process is left
    alone."""
    for signum in STOP_SIGNALS[1:]:
        if signal.getsignal(signum) == signal.SIG_DFL:
            signal.signal(signum, _stop)
    _note_unraisable_stops()


@contextmanager
def raising():
    """Inside, SIGTERM and SIGHUP that would end the process at once (their default) raise
    Stopped instead, so the with blocks inside clean up; as they were after. For a program
    that is not the cardgen command and runs our code (the docs build making its pictures
    in a private folder)."""
    import threading

    global _requested
    previous, hook = {}, sys.unraisablehook
    if threading.current_thread() is threading.main_thread():
        for signum in STOP_SIGNALS[1:]:
            if signal.getsignal(signum) == signal.SIG_DFL:
                previous[signum] = signal.signal(signum, _stop)
        _note_unraisable_stops()
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        sys.unraisablehook = hook
        if previous:
            _requested = 0  # acted on inside, or not at all: the caller goes on as it was


@contextmanager
def deferred():
    """Signals only noted inside (acted on at the next checkpoint). Nested sections share
    the outer one's note: the command wraps the build and its summary in one, so a stop
    that arrives once the new output is switched in cannot be told as "the previous
    output was left as it was", and a stop noted before is never forgotten."""
    global _requested
    if _ours(signal.SIGINT) and signal.getsignal(signal.SIGINT) is _note:
        yield  # within an outer deferred section
        return
    _requested = 0
    try:
        previous = {signum: signal.signal(signum, _note) for signum in STOP_SIGNALS}
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
