"""Start-up: a job loads only the libraries it uses (issue 42). Each case runs in a fresh
process, where nothing was imported before it."""
from __future__ import annotations

import subprocess
import sys

from cardgen import __version__
from conftest import run_cli

PRINT_ONLY = ["build", "--game", "str8eight", "--format", "pdf", "--paper", "a4", "--only", "print", "-q", "-j", "1"]


def modules_after(argv: list, tmp_path) -> tuple:
    """(stdout, the modules loaded) of `cardgen ARGV` run the way the console script runs it."""
    code = ("import sys; from cardgen.entry import run; sys.argv = ['cardgen'] + sys.argv[1:]\n"
            "try:\n    run()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, cwd=tmp_path,
                          env={**__import__("os").environ, "CARDGEN_CACHE": "off"}, timeout=300)
    return done.stdout, set(done.stderr.rsplit("MODULES ", 1)[-1].split())


def test_version_answers_before_the_command_line_loads(tmp_path):
    out, modules = modules_after(["--version"], tmp_path)
    assert out == run_cli("--version").output == f"cardgen, version {__version__}\n"
    assert "click" not in modules and "cardgen.cli" not in modules


def test_a_print_only_build_loads_no_typesetting(tmp_path):
    """The home-print sheets need the card drawing and pikepdf, not reportlab's paragraphs
    (the booklets), matplotlib (playtest plots) or the web face."""
    _, modules = modules_after(PRINT_ONLY + ["--out", str(tmp_path / "out")], tmp_path)
    assert (tmp_path / "out" / "str8eight" / "str8eight-print-a4.pdf").is_file()
    assert "pikepdf" in modules  # the job did run
    for lib in ("reportlab.platypus", "matplotlib", "starlette", "uvicorn", "cardgen.documents.booklet"):
        assert lib not in modules, lib
