"""The web face's job queue: builds and playtests, one at a time, each in a process of its
own (work.py), bounded in number (a full queue answers 503 with Retry-After) and in time,
with the events each sends (progress, figures, done) kept for the page's event stream (SSE)
and a cancel that stops the process cleanly.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import secrets
import time
from dataclasses import dataclass, field

MAX_WAITING = 4  # jobs queued or running; one more is refused with 503
RUNNING = 1  # at a time: a build already uses the cores it is given
TIME_LIMIT = {"build": 600.0, "playtest": 600.0, "tune": 900.0}  # seconds, then stopped
RETRY_AFTER = 15  # seconds, in a 503's Retry-After


class QueueFull(Exception):
    pass


@dataclass
class Job:
    id: str
    kind: str
    payload: dict
    state: str = "queued"  # queued, running, done, failed, cancelled
    events: list = field(default_factory=list)  # (event, data)
    created: float = field(default_factory=time.monotonic)
    process: "multiprocessing.Process | None" = None
    changed: "asyncio.Event | None" = None
    cancel_asked: bool = False

    @property
    def finished(self) -> bool:
        return self.state in ("done", "failed", "cancelled")

    def add(self, event: str, data) -> None:
        self.events.append((event, data))
        if self.changed is not None:
            self.changed.set()
            self.changed = asyncio.Event()


class Jobs:
    def __init__(self, max_waiting: int = MAX_WAITING, running: int = RUNNING):
        self.max_waiting = max_waiting
        self.jobs: dict = {}
        self.queue: "asyncio.Queue | None" = None
        self.workers: list = []
        self.running = running
        self.context = multiprocessing.get_context("spawn")

    async def start(self) -> None:
        self.queue = asyncio.Queue()
        self.workers = [asyncio.create_task(self._worker()) for _ in range(self.running)]

    def waiting(self) -> int:
        return sum(1 for j in self.jobs.values() if not j.finished)

    def submit(self, kind: str, payload: dict) -> Job:
        if self.waiting() >= self.max_waiting:
            raise QueueFull()
        job = Job(secrets.token_hex(16), kind, payload, changed=asyncio.Event())
        self.jobs[job.id] = job
        self._forget_old()
        self.queue.put_nowait(job)
        job.add("queued", f"waiting for {self.waiting() - 1} job(s) before it" if self.waiting() > 1 else "starting")
        return job

    def done(self, kind: str, result: dict, message: str) -> Job:
        """A job answered at once (a kit already built): finished as it is made."""
        job = Job(secrets.token_hex(16), kind, {}, changed=asyncio.Event())
        self.jobs[job.id] = job
        self._forget_old()  # a page asking again and again for a kit built before holds no more
        job.add("progress", message)
        job.state = "done"
        job.add("done", result)
        return job

    def get(self, job_id: str) -> "Job | None":
        return self.jobs.get(job_id) if isinstance(job_id, str) else None

    def cancel(self, job: Job) -> None:
        job.cancel_asked = True
        if job.state == "queued":
            job.state = "cancelled"
            job.add("cancelled", "cancelled before it started; nothing was written")
        elif job.process is not None and job.process.is_alive():
            job.process.terminate()  # SIGTERM: the build stops cleanly, its staging folder removed

    def _forget_old(self, keep: int = 200) -> None:
        done = [j for j in self.jobs.values() if j.finished]
        for j in done[:max(0, len(done) - keep)]:
            del self.jobs[j.id]

    async def _worker(self) -> None:
        while True:
            job = await self.queue.get()
            if job.finished:
                continue
            try:
                await self._run(job)
            except Exception as exc:  # noqa: BLE001 - a job's failure never stops the queue
                job.state = "failed"
                job.add("failed", f"internal error ({exc.__class__.__name__})")

    async def _run(self, job: Job) -> None:
        from .work import run

        loop = asyncio.get_running_loop()
        parent, child = self.context.Pipe(duplex=False)
        process = self.context.Process(target=run, args=(job.kind, job.payload, child))  # not daemonic: a build starts processes of its own
        job.state = "running"
        job.add("progress", "starting")
        process.start()
        child.close()
        job.process = process
        readable = asyncio.Event()
        loop.add_reader(parent.fileno(), readable.set)
        timer = loop.call_later(TIME_LIMIT[job.kind], self._too_long, job)
        final = None
        try:
            while True:
                await readable.wait()
                readable.clear()
                try:
                    while parent.poll():
                        event, data = parent.recv()
                        if event in ("done", "failed", "cancelled"):
                            final = (event, data)
                        else:
                            job.add(event, data)
                except (EOFError, OSError):
                    break
        finally:
            timer.cancel()
            loop.remove_reader(parent.fileno())
            parent.close()
        await loop.run_in_executor(None, process.join)
        if final is None:
            final = ("cancelled", "stopped; nothing was kept") if job.cancel_asked else \
                ("failed", f"the job ended without a word (exit code {process.exitcode})")
        if job.cancel_asked and final[0] != "done":
            final = ("cancelled", "cancelled; nothing half-written was kept")
        job.state = final[0]
        job.add(*final)

    def _too_long(self, job: Job) -> None:
        if job.process is not None and job.process.is_alive():
            job.add("warning", f"stopped: a job from the page may run {TIME_LIMIT[job.kind]:.0f} s at most")
            job.cancel_asked = True
            job.process.terminate()

    async def stop(self) -> None:
        """Every job stopped (Ctrl-C): running processes told to stop and waited for."""
        for job in list(self.jobs.values()):
            if not job.finished:
                self.cancel(job)
        for job in list(self.jobs.values()):
            if job.process is not None:
                await asyncio.get_running_loop().run_in_executor(None, job.process.join, 30)
        for task in self.workers:
            task.cancel()
