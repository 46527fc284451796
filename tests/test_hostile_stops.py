"""Stopping cardgen the way people and machines do (issue 25): Ctrl-C from a terminal reaches
the whole process group, SIGTERM to the group ends the parts at once, a Ctrl-C lands while
the console script is still loading, SIGKILL gives nothing a chance to clean up. Each ends
with the usual line and code, leaves the output as it was, and leaves nothing behind that
the next run does not sweep."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import run_cli
from waiting import HANG

GAMES_AS_CHILDREN = """
import os, sys, time
import cardgen.build as build
from cardgen.interrupt import checkpoint
ready = sys.argv.pop(1)
def game_that_takes_its_time(name, *args, **kwargs):
    open(os.path.join(ready, name), "w").close()
    while True:  # a game's build: work between checkpoints
        checkpoint()
        time.sleep(0.01)
build._build_game = game_that_takes_its_time
sys.argv[0] = "cardgen"
from cardgen.entry import run
run()
"""


def _group_gone(pgid: int, seconds: float = HANG) -> bool:
    """No process of the group runs any more (zombies waiting for their reaper count as gone)."""
    deadline = time.monotonic() + seconds
    while True:
        running = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                running.append(stat.parent.name)
        if not running or time.monotonic() > deadline:
            return not running
        time.sleep(0.02)


def _snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("to, sig, code, line", [
    ("group", signal.SIGINT, 130, "cardgen: interrupted; the previous output was left as it was"),
    ("group", signal.SIGTERM, 143, "cardgen: stopped by SIGTERM; the previous output was left as it was"),
    ("pid", signal.SIGINT, 130, "cardgen: interrupted; the previous output was left as it was"),
], ids=["SIGINT to the group", "SIGTERM to the group", "SIGINT to the build"])
def test_a_stop_while_games_build_in_their_own_processes(tmp_path, to, sig, code, line):
    """Ctrl-C as a terminal sends it: to every process of the group, the games' own
    processes too. Each game's process stopped at its checkpoint and sent its Stopped back,
    which could not be rebuilt ("ValueError: 'SIGINT' is not a valid Signals"); under
    SIGTERM the games' processes died and the build said "a build process stopped without
    an answer". Both were "internal error … please report it", exit 70. A stop sent to the
    build alone waited for a game to finish; now it is acted on at once."""
    out, ready = tmp_path / "out", tmp_path / "ready"
    ready.mkdir()
    assert run_cli("build", "--game", "eights", "--format", "svg", "-j", "1", "-q", "--out", out).exit_code == 0
    before = _snapshot(out)
    proc = subprocess.Popen([sys.executable, "-c", GAMES_AS_CHILDREN, str(ready), "build", "--game", "eights",
                             "--game", "crazy-eights", "--format", "svg", "-j", "2", "-q", "--clean", "--out",
                             str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + HANG
        while len(os.listdir(ready)) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.02)
        assert sorted(os.listdir(ready)) == ["crazy-eights", "eights"], proc.communicate()
        if to == "group":
            os.killpg(proc.pid, sig)  # the build and both games' processes
        else:
            os.kill(proc.pid, sig)
        _, err = proc.communicate(timeout=HANG)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert (proc.returncode, err) == (code, line + "\n")
    assert _group_gone(proc.pid)  # no game's process outlives the build
    assert _snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "ready"]  # no staging folder, no lock


def test_ctrl_c_as_the_console_script_runs_its_own_line(tmp_path):
    """The console script imports cardgen.entry, then runs a line of its own (a regular
    expression on its name) before run(): Ctrl-C there printed a KeyboardInterrupt
    traceback. From the import of cardgen.entry on, it is the usual line and 130.
    The script first gives SIGINT Python's own handler, as a program started from a terminal
    has it: a test run started in the background of a shell inherits SIGINT ignored, and
    cardgen rightly leaves an ignored Ctrl-C ignored."""
    script = ("import os, re, signal, sys\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
              "from cardgen.entry import run\n"
              "os.kill(os.getpid(), signal.SIGINT)\n"
              "sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\nsys.exit(run())\n")
    proc = subprocess.run([sys.executable, "-c", script, "build", "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=HANG)
    assert (proc.returncode, proc.stderr) == (130, "cardgen: interrupted\n")
    assert not (tmp_path / "out").exists()


PLAYTEST_HOOK = """
import sys
import cardgen.playtest.run as playtest
from cardgen.playtest.output import drawing_folder
from cardgen.private import folder
real, held = playtest.simulate, []
def simulate(*args, **kwargs):  # all that a kill can leave, at once: the report's folders made early
    folder("matplotlib")  # matplotlib's cache folder (as plots.py makes it, without the import's second)
    held.append(drawing_folder())  # a report's drawing folder
    return real(*args, **kwargs)
playtest.simulate = simulate
sys.argv[0] = "cardgen"
from cardgen.entry import run
run()
"""


def test_a_killed_playtest_leaves_nothing_the_next_run_does_not_sweep(tmp_path, monkeypatch):
    """SIGKILL to the playtest alone (the OOM killer, say) while its pool plays hands: the
    workers end with it (they printed a BrokenPipe traceback when their result found no
    reader), and what it had begun is swept by the next run: the log's private file
    beside --log, the report's drawing folder and matplotlib's cache folder (all three
    stayed for ever)."""
    import tempfile

    from cardgen import private

    private_tmp = tmp_path / "tmp"
    private_tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(private_tmp)}
    proc = subprocess.Popen([sys.executable, "-c", PLAYTEST_HOOK, "playtest", "--game", "str8eight", "--hands",
                             "800", "-j", "2", "--table-size", "3", "--players", "2", "-q",
                             "--log", str(tmp_path / "hands.jsonl"), "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline and proc.poll() is None:
            temp = [p for p in tmp_path.iterdir() if p.name.startswith(".hands.jsonl.cardgen-")]
            if temp and temp[0].stat().st_size:  # hands played and logged: the pool is at work
                break
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
        _, err = proc.communicate(timeout=HANG)  # until the last process holding stderr is gone
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert (proc.returncode, err) == (-signal.SIGKILL, "")  # no worker's BrokenPipe traceback
    assert _group_gone(proc.pid)
    left = [p.name for p in tmp_path.iterdir() if p.name.startswith(".hands.jsonl.cardgen-")]
    assert len(left) == 1 and left[0].startswith(f".hands.jsonl.cardgen-{proc.pid}-")
    # the player's and the report drawer's processes each hold their own private folders
    assert {p.name.split("-")[1] for p in private_tmp.iterdir()} == {"matplotlib", "playtest"}
    # the next run: a playtest judges its --log first (sweeping what a killed run left beside
    # it), and the first private folder any cardgen process makes sweeps those of dead ones
    from cardgen.outdir import final_path
    from cardgen.playtest.sidefiles import judge, our_log

    monkeypatch.setattr(tempfile, "tempdir", str(private_tmp))
    monkeypatch.setattr(private, "_swept", 0)  # this test's process has swept already
    judge(tmp_path / "hands.jsonl", "--log", final_path(tmp_path / "out"), our_log)
    with private.temporary("playtest"):
        pass
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".hands.jsonl.cardgen-")]
    assert not [p for p in private_tmp.iterdir() if f"-{proc.pid}-" in p.name]
