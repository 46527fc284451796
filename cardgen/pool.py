"""A pool of forked workers that a stop can never leave waiting: each worker has a pipe of its own.

multiprocessing.Pool shares one task queue between its workers, guarded by a lock that
lives in shared memory: a worker waiting for its next task holds that lock. SIGTERM to
the process group (`kill -TERM -PGID`, a CI job cancelled) kills every worker at once,
one of them holding the lock, and Pool.terminate() then waits on it without a timeout
(Pool._help_stuff_finish, `inqueue._rlock.acquire()`): the stopped playtest hung for
ever (issue 40). Here nothing is shared between processes. The pool sends each worker
one task at a time through that worker's own pipe and waits on the pipes and the
workers' sentinels (a worker's end is seen the moment it dies), never longer than a
tenth of a second at a stretch, looking for a stop in between; stopping the pool is
SIGTERM, then SIGKILL after a second, to each worker, each joined with a timeout.
"""
from __future__ import annotations

import signal
from collections import deque

from .interrupt import STOP_SIGNALS, checkpoint, stopped_child
from .parallel import forking

TICK = 0.1  # the longest wait between two looks for a stop


class PoolBroken(RuntimeError):
    """A worker died without an answer, and no stop explains it."""


class Result:
    """A task's answer, to get() (waits for it, working the pool meanwhile)."""

    def __init__(self, pool: "Pool"):
        self._pool = pool
        self._done = False
        self._ok = True
        self._value = None

    def ready(self) -> bool:
        return self._done

    def get(self):
        while not self._done:
            self._pool._pump(TICK)
            checkpoint()  # a stop noted by a deferred section: acted on here, at once
        if not self._ok:
            raise self._value
        return self._value

    def _set(self, ok: bool, value) -> None:
        self._done, self._ok, self._value = True, ok, value


class Pool:
    """`jobs` forked workers; submit(func, *args) -> Result. A context manager: leaving it
    stops the workers, whatever happened."""

    def __init__(self, jobs: int, initializer=None, name: str = "worker"):
        import multiprocessing

        ctx = multiprocessing.get_context("fork")
        self.name = name
        self._workers: list = []  # [process, connection, Result being worked on or None]
        self._queue: deque = deque()  # (Result, func, args) not yet sent
        self._broken: "BaseException | None" = None
        try:
            with forking():
                for _ in range(max(1, jobs)):
                    ours, theirs = ctx.Pipe()
                    inherited = [w[1] for w in self._workers] + [ours]  # the pool's ends: not the worker's
                    process = ctx.Process(target=_work, args=(theirs, inherited, initializer), daemon=True)
                    process.start()
                    theirs.close()
                    self._workers.append([process, ours, None])
        except BaseException:
            self.terminate()
            raise

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, *exc) -> None:
        self.terminate()

    def submit(self, func, *args) -> Result:
        result = Result(self)
        if self._broken is not None:
            raise self._broken
        self._queue.append((result, func, args))
        self._dispatch()
        return result

    def _dispatch(self) -> None:
        for worker in self._workers:
            if not self._queue:
                return
            if worker[2] is None and worker[0].is_alive():
                result, func, args = self._queue.popleft()
                try:
                    worker[1].send((func, args))
                except OSError:  # it died as it was sent a task: its sentinel tells why
                    pass
                worker[2] = result

    def _pump(self, timeout: float) -> None:
        """Wait up to timeout for an answer or a worker's end, and take in all there are."""
        from multiprocessing.connection import wait

        if self._broken is not None:
            raise self._broken
        busy = {w[1]: w for w in self._workers if w[2] is not None}
        sentinels = {w[0].sentinel: w for w in self._workers}
        if not busy and not self._queue:
            return
        for ready in wait(list(busy) + list(sentinels), timeout):
            worker = busy.get(ready)
            if worker is not None:
                self._take(worker)
        for worker in self._workers:
            process = worker[0]
            if process.is_alive():
                continue
            if worker[2] is not None:
                self._take(worker)  # an answer sent just before it ended
            process.join(0)
            self._broken = stopped_child(process.exitcode) or PoolBroken(
                f"a {self.name} process stopped without an answer (exit code {process.exitcode})")
            raise self._broken
        self._dispatch()

    @staticmethod
    def _take(worker: list) -> None:
        """The answer waiting in a busy worker's pipe, if there is one."""
        try:
            if not worker[1].poll():
                return
            ok, value = worker[1].recv()
        except (EOFError, OSError):
            return  # it died: its sentinel tells
        worker[2], result = None, worker[2]
        result._set(ok, value)

    def terminate(self) -> None:
        """Stop every worker and wait for it to end: SIGTERM, SIGKILL a second later. The
        stop signals are held meanwhile (a second SIGTERM cannot cut the clean-up short)
        and delivered after."""
        try:
            old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        except (ValueError, OSError):
            old = None
        try:
            workers, self._workers = self._workers, []
            for process, conn, _ in workers:
                if process.is_alive():
                    process.terminate()
            for process, conn, _ in workers:
                process.join(1)
                if process.is_alive():
                    process.kill()
                    process.join(5)
                conn.close()
            self._broken = self._broken or PoolBroken(f"the {self.name} processes were stopped")
        finally:
            if old is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _work(conn, inherited: list, initializer) -> None:
    """A worker: run each task sent, send back (True, value) or (False, exception)."""
    import traceback

    for other in inherited:  # the pool's ends of the earlier workers' pipes, copied by the fork
        other.close()
    if initializer is not None:
        initializer()
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return  # the pool is gone
        func, args = task
        try:
            answer = (True, func(*args))
        except Exception as exc:  # noqa: BLE001 - every failure goes back to the pool
            answer = (False, exc)
        try:
            conn.send(answer)
        except OSError:
            return
        except Exception:  # the value or the exception could not be pickled
            conn.send((False, RuntimeError(traceback.format_exc())))
