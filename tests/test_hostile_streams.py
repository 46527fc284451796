"""cardgen started with a standard stream closed (`<&-`, `>&-`, `2>&-`), as a service
manager or a careless script starts it (issue 40): one line naming the stream and the fix,
exit 2, or the work done where the stream is not needed; never "internal error" (exit 70)."""
import subprocess
import sys


def _run(shell: str, *args, cwd=None) -> subprocess.CompletedProcess:
    """`python -m cardgen ARGS` with the redirection shell applies (e.g. '<&-')."""
    script = f'exec "$0" -m cardgen "$@" {shell}'
    return subprocess.run(["sh", "-c", script, sys.executable, *map(str, args)], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


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
    quiet = _run(">&- 2>&-", "playtest", "-q", "--game", "eights", "--hands", "10", "-j", "1", "--out", out)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")
    assert (out / "playtest" / "eights-playtest.json").is_file()
