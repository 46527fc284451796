"""Where a playtest's hands are played: this machine's cores, or the workers of a Dask cluster.

The work is a map over blocks of hands: a block names the game, the variant, the players,
the seed and a range of hand numbers (simulate.py plays it and gives back a tally), so a
block's answer depends on what it names alone, never on which process, machine or retry
plays it. An executor takes blocks, each with a key of the caller's, and gives back
(key, answer) pairs as they come in, so the caller reduces them as a stream (--tune stops
a variant early on the way):

- Local: simulate.Workers, the forked pool of --jobs processes (or this process with one
  job), unchanged; answers come back in the order the blocks went out.
- Dask: the workers of a Dask distributed cluster (`--executor dask --scheduler
  tcp://HOST:8786`, or CARDGEN_SCHEDULER), through its futures; answers come back as they
  finish. The scheduler reruns elsewhere the blocks a lost worker held (a result already
  made but not yet fetched too); leaving the `with` block, whatever happened (Ctrl-C
  included), cancels every block still on the cluster.

Both keep `slots` blocks worth in flight: the cores (or the cluster's worker threads, read
again as workers come and go).
"""
from __future__ import annotations

import os
import time
from collections import deque

from ..errors import CardgenError

CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler before saying it cannot be reached
ENVIRONMENT = "CARDGEN_SCHEDULER"  # the scheduler's address when --scheduler is not given
INSTALL = "pip install 'cardgen[cluster]'"
KEY_PREFIX = "cardgen-block"  # the tasks' name on the Dask dashboard


def executor_for(options):
    """The executor options.executor names (options.jobs for local; the scheduler for dask),
    to use in a `with` block."""
    if getattr(options, "executor", "local") == "dask":
        return Dask(scheduler_address(options))
    return Local(options.jobs)


def scheduler_address(options) -> str:
    """--scheduler, else the CARDGEN_SCHEDULER environment variable: one line when neither names one."""
    from ..settings import validate

    if options.scheduler:
        return options.scheduler
    value = os.environ.get(ENVIRONMENT, "").strip()
    if not value:
        raise CardgenError(f"--executor dask: name the Dask scheduler with --scheduler tcp://HOST:8786 (or set "
                           f"{ENVIRONMENT})")
    return validate("scheduler", value, f"{ENVIRONMENT}: ")


class _Executor:
    def ordered(self, blocks: list):
        """Each block's answer in the blocks' order, with at most 2 × slots blocks out (memory
        flat in the number of blocks)."""
        answers: dict = {}
        it = enumerate(blocks)
        for wanted in range(len(blocks)):
            while self.pending < 2 * self.slots:
                nxt = next(it, None)
                if nxt is None:
                    break
                self.submit(*nxt)
            while wanted not in answers:
                key, answer = self.next()
                answers[key] = answer
            yield answers.pop(wanted)


class Local(_Executor):
    """The machine's cores: the playtest's pool of forked processes (simulate.Workers)."""

    def __init__(self, jobs: int):
        from .simulate import Workers

        self.workers = Workers(jobs)
        self.slots = max(1, jobs)
        self._pending: deque = deque()  # (key, handle), in the order the blocks went out

    def __enter__(self) -> "Local":
        self.workers.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._pending.clear()
        self.workers.__exit__(*exc)

    @property
    def pending(self) -> int:
        return len(self._pending)

    def submit(self, key, block: tuple) -> None:
        self._pending.append((key, self.workers.submit(block)))

    def next(self) -> tuple:
        """(key, answer) of the oldest block out, waiting for it."""
        key, handle = self._pending.popleft()
        return key, handle.get()  # get() acts on a stop noted meanwhile, with one job or a pool


class Dask(_Executor):
    """The workers of a Dask distributed cluster, reached through its scheduler."""

    def __init__(self, address: str, timeout: "float | None" = None):
        self.address = address
        self.timeout = CONNECT_TIMEOUT if timeout is None else timeout
        self.client = None
        self._keys: dict = {}  # the task's key -> (the caller's key, the future; None while it is being sent)
        self._slots = (0.0, 1)  # (when read, worker threads)

    def __enter__(self) -> "Dask":
        try:
            from distributed import Client, as_completed
        except ImportError:
            raise CardgenError(f"--executor dask: needs Dask distributed, which is not installed here: {INSTALL}") \
                from None
        try:
            self.client = Client(self.address, timeout=self.timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            why = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
            raise CardgenError(f"--scheduler: no Dask scheduler answered at {self.address} within "
                               f"{self.timeout:g} s ({why}); start one (dask scheduler) or check the address") \
                from None
        try:
            self._check_workers()
        except BaseException:
            self._close()
            raise
        self._done = as_completed(loop=self.client.loop)
        return self

    def _check_workers(self) -> None:
        """Every worker runs this cardgen: another version could play other hands for the same seed."""
        from .. import __version__

        try:
            versions = self.client.run(_cardgen_version)
        except Exception as exc:  # noqa: BLE001 - a worker without cardgen cannot unpickle the function
            raise CardgenError(f"--executor dask: a worker of {self.address} cannot run cardgen "
                               f"({exc.__class__.__name__}); install cardgen {__version__} with {INSTALL} on every "
                               "worker") from None
        other = {v for v in versions.values() if v != __version__}
        if other:
            raise CardgenError(f"--executor dask: workers of {self.address} run cardgen {', '.join(sorted(other))}, "
                               f"this is {__version__}; install the same version everywhere (the same seed must "
                               "deal the same hands)")

    def __exit__(self, *exc) -> None:
        self._close()

    def _close(self) -> None:
        """Every block still on the cluster cancelled (a stop, an error, or early stopping's leftovers)."""
        client, self.client = self.client, None
        if client is None:
            return
        from distributed import Future

        # a block whose future was not yet recorded (a stop came while client.submit returned, after
        # the block went to the scheduler) is cancelled by its key
        futures = [f if f is not None else Future(task, client) for task, (_, f) in self._keys.items()]
        self._keys.clear()
        try:
            if futures:
                client.cancel(futures, force=True)
        finally:
            client.close(timeout=self.timeout)

    @property
    def slots(self) -> int:
        """The cluster's worker threads (at least 1), read at most once a second."""
        when, threads = self._slots
        now = time.monotonic()
        if now - when > 1.0:
            threads = max(1, sum(self.client.nthreads().values()))
            self._slots = (now, threads)
        return threads

    @property
    def pending(self) -> int:
        return len(self._keys)

    def submit(self, key, block: tuple) -> None:
        import uuid

        from .simulate import _run_chunk

        task = f"{KEY_PREFIX}-{uuid.uuid4().hex}"
        self._keys[task] = (key, None)  # recorded before it is sent: a stop from here on cancels it
        future = self.client.submit(_run_chunk, block, key=task, pure=False)
        self._keys[task] = (key, future)
        self._done.add(future)

    def next(self) -> tuple:
        """(key, answer) of a block that has finished, waiting for one; a block that failed
        raises its error here."""
        from distributed import KilledWorker

        from ..interrupt import checkpoint

        future = next(self._done)
        checkpoint()  # a stop whose raise was swallowed (interrupt._unraisable)
        key, _ = self._keys.pop(future.key)
        try:
            return key, future.result()
        except KilledWorker:
            raise CardgenError(f"--executor dask: the workers of {self.address} died one after another while "
                               "playing the same block (out of memory? see the workers' logs); the playtest was "
                               "stopped") from None


def _cardgen_version() -> str:
    from .. import __version__

    return __version__
