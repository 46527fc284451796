"""Stopping a playtest or a tune with SIGTERM to its process group at a chosen moment (issue 40).

Shared by tests/test_hostile_stops.py (a few moments, each once) and
benchmarks/stop_playtest.py (the issue's 50 stops). A moment is an event, never a time:
a status line the command prints, or a point where a hook in the command's own process
holds it (the hands submitted so far all played and the workers idle, waiting for their
next chunk: the moment multiprocessing.Pool's workers hold the lock of its task queue;
or the report process in the middle of drawing). Then SIGTERM goes to the whole group,
as `kill -TERM -PGID` or a cancelled CI job sends it, and the stop must end every
process within 5 s with 143, leaving no report, no --json file and no private folder.
"""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from waiting import HANG  # a stop that has not ended by then is hung

HOOK = """
import faulthandler, os, signal, sys
faulthandler.register(signal.SIGUSR1, all_threads=True)  # stacks on demand (a slow stop)
where = os.environ["CARDGEN_TEST_PAUSE"]  # "submit:N": before the N-th chunk is sent; "draw": while drawing
if where.startswith("submit:"):
    import cardgen.playtest.simulate as simulate
    at, count = int(where.split(":")[1]), [0]
    real_submit = simulate.Workers.submit
    def submit(self, chunk):
        count[0] += 1
        if count[0] == at:
            os.write(2, b"test: paused\\n")
            while True:
                signal.pause()  # until the SIGTERM, whose handler raises
        return real_submit(self, chunk)
    simulate.Workers.submit = submit
elif where == "draw":
    import cardgen.playtest.plots as plots
    for name in ("str8eight_page", "tune_page"):
        def held(*args, _real=getattr(plots, name)):
            os.write(2, b"test: paused\\n")
            while True:
                signal.pause()
        setattr(plots, name, held)
sys.argv[0] = "cardgen"
from cardgen.entry import run
run()
"""

PLAYTEST = ("playtest", "--game", "str8eight", "--hands", "3000", "--ladder-hands", "0", "-j", "2")
LADDER = ("playtest", "--game", "str8eight", "--hands", "200", "--ladder-hands", "40", "-j", "2")
REPORT = ("playtest", "--game", "str8eight", "--hands", "200", "--ladder-hands", "0", "-j", "2")
TUNE = ("playtest", "--tune", "--table-size", "6", "--players", "2", "--hands", "200", "-j", "2")


@dataclass(frozen=True)
class Moment:
    name: str
    command: tuple
    line: str  # stop once a line of the command's stderr holds this
    pause: str = ""  # CARDGEN_TEST_PAUSE for the hook ("" : no hook)
    idle: bool = False  # and then once every other process of the group is idle


MOMENTS = (
    Moment("playtest: the pool starting", PLAYTEST, "playing 3,000 hands"),
    Moment("playtest: hands being played", PLAYTEST, "of 3,000 hands played"),
    Moment("playtest: workers idle, waiting for a chunk", PLAYTEST, "test: paused", "submit:6", idle=True),
    Moment("playtest: the skill ladder", LADDER, "lookahead against greedy"),
    Moment("playtest: the report being drawn", REPORT, "test: paused", "draw"),
    Moment("tune: variants being judged", TUNE, "variants judged"),
    Moment("tune: workers idle, waiting for a chunk", TUNE, "test: paused", "submit:9", idle=True),
    Moment("tune: the report being drawn", TUNE, "test: paused", "draw"),
)


PROMPT = 5.0  # seconds from the signal to the last process's end that issue 40 promises
STACK_LINES = ("Thread 0x", "Current thread 0x", "  File ", "  <no Python frame>", "Extension modules:", "\n")


@dataclass
class Outcome:
    moment: str
    code: "int | None"  # None: still running 5 s after the stop (killed then)
    seconds: float  # from the SIGTERM to the exit
    stderr: str
    left: list  # what the stop left: processes, report, --json file, private folders
    sig: int = signal.SIGTERM

    @property
    def said(self) -> str:
        """stderr without the stacks dumped when the stop was slow (see stop_at)."""
        return "".join(line for line in self.stderr.splitlines(keepends=True) if not line.startswith(STACK_LINES))

    @property
    def clean(self) -> bool:
        """The stop ended every process by itself with the signal's exit code and its one line,
        leaving nothing. How soon is the benchmark's to measure (prompt): a wall-clock bound in a
        test run on a loaded machine can fail for the load, not for the stop."""
        line = "cardgen: interrupted\n" if self.sig == signal.SIGINT else f"cardgen: stopped by {self.sig.name}\n"
        return self.code == 128 + self.sig and not self.left and "Traceback" not in self.said \
            and self.said.endswith(line)

    @property
    def prompt(self) -> bool:
        """Every process gone within PROMPT seconds of the signal (issue 40's promise)."""
        return self.code is not None and self.seconds <= PROMPT

    def __str__(self) -> str:
        shown = self.stderr if self.said != self.stderr else self.stderr[-300:]  # the stacks of a slow stop: all
        return (f"{self.moment}: exit {self.code} after {self.seconds:.2f} s, left {self.left or 'nothing'}, "
                f"stderr {shown!r}")


def group(pgid: int) -> list:
    """The live processes of a process group: (pid, state, CPU ticks)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            found.append((int(stat.parent.name), fields[0], int(fields[11]) + int(fields[12])))
    return found


@contextmanager
def reaped(proc: subprocess.Popen):
    """Whatever the test does or asserts inside, a process group (start_new_session) still
    running at the end is killed and its leader waited for."""
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _wait_idle(pgid: int, deadline: float) -> None:
    """Until every process of the group but its leader sleeps and used no CPU between two looks."""
    before = None
    while time.monotonic() < deadline:
        now = sorted((pid, ticks) for pid, state, ticks in group(pgid) if pid != pgid and state == "S")
        others = [p for p in group(pgid) if p[0] != pgid]
        if now and len(now) == len(others) and now == before:
            return
        before = now
        time.sleep(0.05)
    raise AssertionError("the workers never went idle")


def _ctrl_c_as_at_a_terminal() -> None:
    """SIGINT handled as a program started from a terminal has it (a test run started in
    the background of a shell inherits it ignored, and cardgen leaves an ignored Ctrl-C so)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stop_at(moment: Moment, folder: Path, patience: float = 120.0, later: float = 0.0,
            sig: signal.Signals = signal.SIGTERM) -> Outcome:
    """Run the moment's command in a session of its own, SIGTERM its group at the moment
    (later: that many seconds after it, for the benchmark's spread of moments), and say
    how it ended."""
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / "tmp"
    tmp.mkdir()
    out, figures = folder / "out", folder / "figures.json"
    env = {**os.environ, "TMPDIR": str(tmp), "CARDGEN_TEST_PAUSE": moment.pause}
    # the result store is a cache kept on purpose (cardgen/cache.py), by default in the temporary
    # folder, where a stop's leftovers are looked for: it gets a folder of its own unless the run
    # names one (the suite's shared store, tests/conftest.py; CARDGEN_CACHE=off)
    env.setdefault("CARDGEN_CACHE", str(folder / "store"))
    argv = [sys.executable, "-c", HOOK]  # with no pause set, the hook only adds the stacks on SIGUSR1
    proc = subprocess.Popen(argv + [*moment.command, "--out", str(out), "--json", str(figures)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=env, start_new_session=True, preexec_fn=_ctrl_c_as_at_a_terminal)
    lines: queue.Queue = queue.Queue()
    err: list = []

    def read() -> None:
        for raw in proc.stderr:
            err.append(raw.decode(errors="replace"))
            lines.put(err[-1])
        lines.put(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + patience
        while True:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"{moment.name}: no line {moment.line!r} in {patience} s: {''.join(err)}")
            if line is None:
                raise AssertionError(f"{moment.name}: ended before {moment.line!r}: {''.join(err)}")
            if moment.line in line:
                break
        if moment.idle:
            _wait_idle(proc.pid, deadline)
        if later:
            time.sleep(later)
        os.killpg(proc.pid, sig)  # Ctrl-C at a terminal reaches the whole group too
        stopped = time.monotonic()
        try:
            code = proc.wait(timeout=PROMPT)
        except subprocess.TimeoutExpired:  # slow (a loaded machine) or stuck: every process's stacks, then wait on
            for pid, _, _ in group(proc.pid):
                try:
                    os.kill(pid, signal.SIGUSR1)  # the hook's faulthandler, inherited by the forked processes
                except ProcessLookupError:
                    pass
            try:
                code = proc.wait(timeout=HANG)
            except subprocess.TimeoutExpired:
                code = None
        seconds = time.monotonic() - stopped
        gone = time.monotonic() + 5
        while group(proc.pid) and time.monotonic() < gone:  # zombies of the leader's children: reaped by it
            time.sleep(0.02)
        left = [f"process {pid} ({state})" for pid, state, _ in group(proc.pid)]
    finally:
        if proc.poll() is None or group(proc.pid):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.wait()
        reader.join(5)
    left += [p.name for p in (out, figures) if os.path.lexists(p)]
    left += [f"tmp/{p.name}" for p in tmp.iterdir()]
    left += [p.name for p in folder.iterdir() if p.name.startswith((".out.", ".figures.json."))]
    return Outcome(moment.name, code, seconds, "".join(err), left, sig)
