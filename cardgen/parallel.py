"""Run independent parts of a build side by side in forked processes.

Games are independent, and within a game the typesetting of the rules does not wait
for the cards, so on a machine with two or more cores they run at once. A child
returns its result (or its exception) through a pipe; with one job everything runs
in this process, in order. When a part fails, the parts still running are stopped
before the build cleans up (cancel_all), so no process writes on into a staging
folder that is being removed.
"""
from __future__ import annotations

import traceback
from contextlib import contextmanager

_live: list = []  # tasks this process started and has not collected yet


class Task:
    def __init__(self, func, args, inline: bool):
        self._value = self._error = None
        self._proc = self._conn = None
        if inline:
            self._value = func(*args)
            return
        import multiprocessing  # only when a process is forked: a lone job starts faster

        ctx = multiprocessing.get_context("fork")
        self._conn, child = ctx.Pipe(duplex=False)
        self._proc = ctx.Process(target=_child, args=(func, args, child), daemon=False)
        try:
            with forking():
                self._proc.start()
        finally:  # a stop that arrived during the fork raises here: the child is stopped with the rest
            child.close()
            if self._proc.pid:
                _live.append(self)

    def done(self) -> bool:
        """Whether the child has answered (an inline task always has)."""
        return self._proc is None or self._conn.poll()

    def result(self):
        if self._proc is not None:
            try:
                status, payload = self._conn.recv()
            except EOFError:
                from .interrupt import stopped_child

                self._proc.join()
                status, payload = "error", (stopped_child(self._proc.exitcode)
                                            or RuntimeError("a build process stopped without an answer"))
            self._proc.join()
            self._forget()
            if status == "ok":
                self._value = payload
            else:
                self._error = payload
        if self._error is not None:
            raise self._error
        return self._value


    def cancel(self) -> None:
        """Stop the child (and so whatever it was writing) and wait for it to end."""
        if self._proc is None:
            return
        self._proc.terminate()
        self._proc.join(5)
        if self._proc.is_alive():
            self._proc.kill()
            self._proc.join()
        self._conn.close()
        self._forget()

    def _forget(self) -> None:
        self._proc = None
        if self in _live:
            _live.remove(self)


@contextmanager
def forking():
    """Around a fork: every object this process holds goes into the garbage collector's
    permanent generation, so the child's collections never walk (and so never write to,
    and copy) the pages of the imports and data it shares with its parent; this process
    takes them back at once (both are O(1) list moves)."""
    import gc

    from . import private  # noqa: F401 - its folders are named with this process's pid, in the parts too
    from .interrupt import after_fork, our_fork

    our_fork()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
        after_fork()  # a stop that arrived while forking: acted on now


def cancel_all() -> None:
    """Stop every part this process started and has not collected (after a failure)."""
    for task in list(_live):
        task.cancel()


def _child(func, args, conn) -> None:
    from .interrupt import die_with_parent

    die_with_parent()  # a SIGKILLed build takes its games' processes with it
    _live.clear()  # the parent's tasks are not this process's to stop
    try:
        conn.send(("ok", func(*args)))
    except BaseException as exc:  # noqa: BLE001 - every failure goes back to the parent
        cancel_all()  # its own parts end with it, before the parent hears of the failure
        try:
            conn.send(("error", exc))
        except Exception:  # the exception itself could not be pickled
            conn.send(("error", RuntimeError("".join(traceback.format_exception(exc)))))
    finally:
        conn.close()


def start(func, *args, jobs: int = 1) -> Task:
    return Task(func, args, inline=jobs <= 1)


def first_done(tasks: list, also: "int | None" = None, idle=None, every: float = 0.5) -> int:
    """The index of a task that has finished, waiting for one when none has. While it waits,
    idle() is called every `every` seconds and whenever the file descriptor also (the status
    pipe, progress.py) has something to read. A stop noted meanwhile (Ctrl-C, SIGTERM to this
    process alone) is acted on at once: the build stops its parts and cleans up, instead of
    waiting for a game to finish."""
    from multiprocessing.connection import wait

    from .interrupt import checkpoint

    while True:
        for i, task in enumerate(tasks):
            if task.done():
                return i
        checkpoint()
        wait([t._conn for t in tasks] + ([also] if also is not None else []), timeout=min(every, 0.1))
        if idle is not None:
            idle()
