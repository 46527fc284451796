"""Progress of a long command, as parts done of the total and the stage under way.

A build's parts are its games and the HTML preview; a playtest's, its games (or a sweep's
variants). `Parts` turns what is happening into one message ("2 of 5 parts done ·
Eights: rule booklet") for the command line to show (cli.py: a status line on a
terminal, plain lines otherwise).

Stages are announced where the work is done (deckfiles.Output.stage), often in a forked
process: a game built beside another, a rule booklet typeset beside the cards. `listen`
opens a pipe before any fork; a stage announced in a child is one short line written to
it (atomic, under PIPE_BUF), and the parent reads the lines whenever it waits (`drain`,
parallel.first_done), so the status line follows every process of the build.
"""
from __future__ import annotations

import os

from .words import plural

_state: dict = {}  # while listening: owner pid, the pipe's ends, the callback


class Parts:
    """The parts of a command and the stage under way, said through progress(message)."""

    def __init__(self, total: int, progress):
        self.total, self.done, self.stage = total, 0, ""
        self.progress = progress

    def message(self) -> str:
        head = f"{self.done} of {plural(self.total, 'part')} done"
        return f"{head} · {self.stage}" if self.stage else head

    def now(self, stage: str) -> None:
        self.stage = stage
        self.progress(self.message())

    def finished(self, stage: str = "") -> None:
        self.done += 1
        self.now(stage or self.stage)

    def tick(self) -> None:
        """The same message again: a terminal's clock moves, plain lines say nothing new."""
        self.progress(self.message())


def listen(callback) -> None:
    """From now on (until stop) stages announced here or in a process forked from here
    reach callback(who, what) in this process."""
    read, write = os.pipe()
    os.set_blocking(read, False)
    os.set_blocking(write, False)  # a child never waits on the status line
    _state.update(owner=os.getpid(), read=read, write=write, callback=callback, buffer=b"")


def stop() -> None:
    if _state:
        drain()
        os.close(_state["read"])
        os.close(_state["write"])
        _state.clear()


def fd() -> "int | None":
    """The pipe's reading end, to wait on beside the parts' answers; None when not listening."""
    return _state.get("read")


def stage(who: str, what: str) -> None:
    """Announce a stage (who: the game as players say it)."""
    if not _state:
        return
    if os.getpid() == _state["owner"]:
        drain()
        _state["callback"](who, what)
        return
    line = f"{who}\x1f{what}".replace("\n", " ").encode("utf-8")[:400] + b"\n"
    try:
        os.write(_state["write"], line)
    except OSError:  # a full pipe (the parent busy) or a closed one: the status line can miss a stage
        pass


def drain() -> None:
    """Pass on every stage the children announced since the last call."""
    if not _state or os.getpid() != _state["owner"]:
        return
    try:
        while True:
            chunk = os.read(_state["read"], 65536)
            if not chunk:
                break
            _state["buffer"] += chunk
    except BlockingIOError:
        pass
    *lines, _state["buffer"] = _state["buffer"].split(b"\n")
    for line in lines:
        who, _, what = line.decode("utf-8", "replace").partition("\x1f")
        _state["callback"](who, what)
