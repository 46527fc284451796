"""Waiting for an event, never for a time: what a test waits on is the thing itself (a file
appearing, a process ending), looked at every few milliseconds for as long as it takes. HANG
is no guess of how long anything takes: it only turns a hang (a process that will never end)
into a failure instead of a test run that never finishes, however loaded the machine."""
from __future__ import annotations

import time

HANG = 900  # seconds


def until(happened, what: str, every: float = 0.01):
    """happened()'s first true value, asked every `every` seconds; a hang fails naming what."""
    deadline = time.monotonic() + HANG
    while True:
        value = happened()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still waiting after {HANG} s (a hang)")
        time.sleep(every)


def cpu_seconds() -> float:
    """The CPU this process and its ended children have used: what a bound on the cost of
    a step measures, as it does not grow with the machine's load (wall time does)."""
    import os

    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
