"""A hostile environment (issue 40): cardgen started with a standard stream closed (`<&-`,
`>&-`, `2>&-`), as a service manager or a careless script starts it, or its temporary
folder (TMPDIR) made unwritable while it works. One line naming the problem and the fix,
exit 2, or the work done where the stream is not needed; never "internal error" (exit 70),
never a child's traceback."""
import os
import subprocess
import sys

from waiting import HANG


def _run(shell: str, *args, cwd=None) -> subprocess.CompletedProcess:
    """`python -m cardgen ARGS` with the redirection shell applies (e.g. '<&-')."""
    script = f'exec "$0" -m cardgen "$@" {shell}'
    return subprocess.run(["sh", "-c", script, sys.executable, *map(str, args)], capture_output=True, text=True,
                          timeout=HANG, cwd=cwd)


def test_calibrate_read_with_its_input_closed(tmp_path):
    done = _run("<&-", "calibrate", "--read", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, ""), done
    assert done.stderr.startswith("cardgen: error: --read: the standard input is closed") \
        and done.stderr.count("\n") == 1 and "--read A=" in done.stderr, done.stderr
    assert not (tmp_path / "cardgen.toml").exists()
    # the readings given at once need no input
    given = _run("<&-", "calibrate", "--read", "A=+1.25,B=-0.5,X=0.75,Y=-0.25,edges=3,3,5,4,ruler=99.5,100.2",
                 cwd=tmp_path)
    assert given.returncode == 0 and "[printer]" in (tmp_path / "cardgen.toml").read_text(), given


def test_playtest_json_to_a_closed_output(tmp_path):
    out = tmp_path / "out"
    done = _run(">&-", "playtest", "-q", "--game", "eights", "--hands", "10", "--out", out, "--json", "-")
    assert done.returncode == 2, done
    assert done.stderr == ("cardgen: error: --json -: the standard output is closed, so the figures cannot go "
                           "there; name a file, e.g. --json playtest.json\n")
    assert not out.exists()
    # with its output and its error stream closed, the report is written all the same
    quiet = _run(">&- 2>&-", "playtest", "-q", "--game", "eights", "--hands", "10", "--ladder-hands", "0", "-j", "1",
                 "--out", out)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")
    assert (out / "playtest" / "eights-playtest.json").is_file()


READ_ONLY_TMPDIR = """
import errno, os, sys, tempfile
base = os.path.abspath(tempfile.gettempdir())
real_open, real_mkdir = os.open, os.mkdir
def inside(path):
    return isinstance(path, (str, bytes, os.PathLike)) and os.path.abspath(os.fsdecode(path)).startswith(base + os.sep)
def refusing(real):  # as the kernel answers for a folder made read-only (a root-run test cannot chmod it away)
    def call(path, *args, **kwargs):
        if inside(path) and (real is real_mkdir or args and args[0] & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
        return real(path, *args, **kwargs)
    return call
def read_only(real):
    def call(*args, **kwargs):
        os.open, os.mkdir = refusing(real_open), refusing(real_mkdir)
        return real(*args, **kwargs)
    return call
import cardgen.build as build
import cardgen.playtest.drawer as drawer
build._build_game = read_only(build._build_game)  # a game's build under way (in a process of its own)
drawer.Drawer.__init__ = read_only(drawer.Drawer.__init__)  # before the report's process makes its folder
sys.argv[0] = "cardgen"
from cardgen.entry import run
run()
"""


def test_a_temporary_folder_made_unwritable_mid_build(tmp_path):
    """TMPDIR made unwritable while cardgen works: a child printed a PermissionError
    traceback, then the build said "cannot write OUT (Broken pipe)". Now: one line naming
    the temporary folder and TMPDIR, exit 2, nothing written; the same when the playtest's
    report process cannot make its folder there. (Checked by hand on a tmpfs remounted
    read-only mid-build: the same line.)"""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp), "CARDGEN_CACHE": "off"}  # drawn afresh: the store would spare TMPDIR
    for args in (("build", "--game", "str8eight,eights", "--format", "pdf,png", "-j", "2"),
                 ("playtest", "--game", "eights", "--hands", "20", "--ladder-hands", "0", "-j", "2")):
        out = tmp_path / args[0]
        done = subprocess.run([sys.executable, "-c", READ_ONLY_TMPDIR, *args, "-q", "--out", str(out)],
                              capture_output=True, text=True, env=env, timeout=HANG)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith("cardgen: error: cannot ") and f"in the temporary folder {tmp} (Permission " \
            "denied): cardgen keeps its working files there; make it writable, or set TMPDIR to a folder you can " \
            "write to" in done.stderr, done.stderr
        assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tmp"]
