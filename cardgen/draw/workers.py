"""Processes that render pixels, started once per game build and shared by every PNG job.

Loading cairo (cairocffi parses its C declarations on import) and the fonts takes a
worker a third of a second. So at the start of a game's build one process is forked
that does it while this process is still writing the SVGs; once warm, it forks the
workers, which are born warm, and hands them the jobs this process sends it. Cards,
sheets, boxes and the TTS/print-shop images all go through that one pool, one job at
a time, so a big page never leaves a worker idle at the end.
"""
from __future__ import annotations

_pool = None  # (process, connection) of the warm process that runs the pool


def worker_signals() -> None:
    """In every forked render (and playtest) process: Ctrl-C is the build's to act on
    (ignored here), SIGTERM/SIGHUP end the process at once, as the pool's terminate()
    expects, and so does the death of the process that started it. The build's own stop
    handlers (interrupt.py), copied by the fork, only set a flag that a render process
    never reads."""
    import signal

    from ..interrupt import die_with_parent

    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def _serve(workers: int, conn, builder_end, warm) -> None:
    """The warm process: load cairo and the fonts, fork the pool, run what is sent.

    It ends when the build says so or goes away (killed, say): so it must not itself
    hold the build's end of the pipe open, which the fork copied into it."""
    import gc

    from ..pool import Pool

    worker_signals()  # the pool inherits these
    builder_end.close()
    try:
        warm()
    except Exception as exc:  # noqa: BLE001 - e.g. TMPDIR turned read-only: the build's answer, not a traceback here
        failed = ("error", exc)
        while True:
            try:
                if conn.recv() is None:
                    return
                conn.send(failed)
            except (EOFError, OSError):
                return
    gc.freeze()  # this process only serves the pool: its workers never walk what they inherit (parallel.forking)
    with Pool(workers, initializer=worker_signals, name="render") as pool:  # a pipe a worker: never hangs on a dead one
        while True:
            try:
                request = conn.recv()
            except (EOFError, OSError):
                return  # the build is gone: end quietly
            if request is None:
                return
            func, jobs = request
            try:
                answer = ("ok", _ordered(pool, func, jobs))
            except BaseException as exc:  # noqa: BLE001 - the job's failure (a dead worker too) goes back to the build
                answer = ("error", exc)
            try:
                conn.send(answer)
            except OSError:
                return  # the build stopped listening (interrupted): end quietly


def start(workers: int, warm) -> None:
    """Start the warm process and its pool now (no-op with one job: then everything runs
    in this process). warm() (draw/png.warm_up with the theme's fonts) points fontconfig
    at our fonts and loads them, before the workers fork."""
    global _pool
    if workers <= 1 or _pool is not None:
        return
    import multiprocessing

    from ..parallel import forking

    ctx = multiprocessing.get_context("fork")
    conn, child = ctx.Pipe()
    process = ctx.Process(target=_serve, args=(workers, child, conn, warm))  # not a daemon: it has children
    with forking():
        process.start()
    child.close()
    _pool = (process, conn)


def stop() -> None:
    global _pool
    if _pool is not None:
        process, conn = _pool
        _pool = None
        try:
            conn.send(None)
        except OSError:
            pass
        conn.close()
        process.join(10)
        if process.is_alive():
            process.kill()
            process.join()


def run(func, jobs: list, workers: int, warm) -> list:
    """func(job) for every job, results in job order: on the started pool, on a pool
    made for the occasion when there is enough work, or here."""
    if workers <= 1 or (len(jobs) < 8 and _pool is None):
        return [func(job) for job in jobs]
    if _pool is not None:
        process, conn = _pool
        try:
            conn.send((func, jobs))
            status, payload = conn.recv()
        except (EOFError, OSError):  # it died: SIGTERM to the group (a stop, exit 143), or a failure
            from ..interrupt import stopped_child

            process.join(5)
            raise stopped_child(process.exitcode) or RuntimeError("the render workers stopped without an "
                                                                  "answer") from None
        if status != "ok":
            raise payload
        return payload
    from ..pool import Pool

    warm()  # load fontconfig and the fonts once, before the workers fork
    with Pool(min(workers, len(jobs)), initializer=worker_signals, name="render") as pool:
        return _ordered(pool, func, jobs)


def _ordered(pool, func, jobs: list) -> list:
    """func(job) for every job, on the pool's workers, results in job order."""
    results = [pool.submit(func, job) for job in jobs]
    return [result.get() for result in results]
