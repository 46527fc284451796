"""Hostile files, limits and forgeries of issue 25: special files where cardgen writes,
input shaped to exhaust the parser, limits of the process (ulimit -f, permissions), output
folders inside others, and forged output that `cardgen check` must not pass. Each case ends
in one line (exit 2), or for `cardgen check` in violation lines (exit 1), quickly."""
import json
import os
import select
import resource
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import assert_check_catches, refresh_manifest, run_cli, shared_build
from waiting import HANG, cpu_seconds

PLAYTEST = ("playtest", "--game", "str8eight", "--hands", "1", "-j", "1", "-q", "--table-size", "3",
            "--players", "2")


def one_line(result, code: int, text: str) -> None:
    assert result.exit_code == code, result.output
    assert text in result.output, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output


def _as_a_user():
    """preexec_fn: the process loses root's power to read and write past file modes (the
    tests run as root, who mode 000 does not stop; a user's process is stopped by it)."""
    import ctypes

    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, dropped from the bounding set
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP: the exec'd python starts without them
            raise OSError(ctypes.get_errno(), "prctl")


def _cardgen(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "cardgen", *map(str, args)], capture_output=True, text=True,
                          timeout=HANG, **kwargs)


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> Path:
    """The three decks as SVG (Str8 Eight on the 3 × 3 table), shared read-only."""
    return shared_build(tmp_path_factory, "decks", "--game", "str8eight", "--table-size", "3", "--game", "eights",
                        "--game", "crazy-eights", "--format", "svg", "-j", "1")


def _copy(decks: Path, tmp_path: Path, *games: str) -> Path:
    """A copy of those games of `decks`, the manifest cut down to them."""
    out = tmp_path / "out"
    out.mkdir()
    for game in games:
        shutil.copytree(decks / game, out / game)
    data = json.loads((decks / "manifest.json").read_text())
    data["games"] = {k: v for k, v in data["games"].items() if k in games}
    data["files"] = [e for e in data["files"] if e["path"].split("/")[0] in games]
    (out / "manifest.json").write_text(json.dumps(data, indent=2))
    return out


# --- `playtest --log/--json`: special files streamed or refused, never replaced or waited on ---

def _device(tmp_path: Path) -> Path:
    """A character device of our own (/dev/null's numbers), or /dev/null itself where nodes
    cannot be made (a user who cannot make one cannot replace /dev/null either)."""
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        return Path("/dev/null")
    return node


def test_log_into_a_device_and_figures_into_a_fifo_are_streamed(tmp_path, monkeypatch):
    """--log at a device node was replaced by a regular file (as root, --log /dev/null broke
    /dev/null for the whole system), and a FIFO hung the run. Both are written as they are.
    SOURCE_DATE_EPOCH padded with spaces, which the build takes, is taken here too."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", " 1700000000 ")
    device, fifo = _device(tmp_path), tmp_path / "figures"
    os.mkfifo(fifo)
    received = []
    end = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # the reader is there before cardgen looks

    def read() -> None:  # what comes through, until the writer that came has gone
        data, wrote = [], False
        while True:
            select.select([end], [], [])
            chunk = os.read(end, 1 << 16)
            if chunk:
                data.append(chunk)
                wrote = True
            elif wrote:  # end of file after the data: cardgen closed it
                break
            else:  # no writer has come yet (a FIFO without one reads as ended): look again
                time.sleep(0.005)
        received.append(b"".join(data).decode())
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    result = run_cli(*PLAYTEST, "--sweep", "players=2", "--log", device, "--json", fifo, "--out", "out")
    reader.join(HANG)
    os.close(end)
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(os.stat(device).st_mode) and stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert list(json.loads(received[0])["sweep"]) == ["str8eight"]
    assert {p.name for p in tmp_path.iterdir()} == {"figures", "out"} | ({"null"} if device.parent == tmp_path
                                                                           else set())  # no file made beside


def _foreign_log(tmp):
    (tmp / "hands.jsonl").write_text('{"game": "mine, not cardgen"}\n')  # starts like a log of ours
    return ["--log", "hands.jsonl"]


def _log_with_notes(tmp):
    (tmp / "hands.jsonl").write_text('{"game":"str8eight","players":2,"seed":1,"hands":[]}\nmy notes\n')
    return ["--log", "hands.jsonl"]


def _fifo_without_reader(tmp):
    os.mkfifo(tmp / "pipe")
    _unblock_later(tmp / "pipe")
    return ["--log", "pipe"]


def _unblock_later(fifo: Path, seconds: float = 5) -> None:
    """Should the run wait on the FIFO (cardgen read from it to see whose it was, and waited
    for a writer for ever), a writer comes and goes after a while: the test then fails on
    what it finds instead of hanging."""
    def unblock():
        time.sleep(seconds)
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass  # nobody waits on it
    threading.Thread(target=unblock, daemon=True).start()


def _socket(tmp):
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp / "sock"))
    sock.close()
    return ["--json", "sock"]


SIDE_CASES = {
    "a file that only starts like a log": (_foreign_log, "--log: hands.jsonl exists and is not a file cardgen wrote"),
    "a log with lines of someone's": (_log_with_notes, "--log: hands.jsonl exists and is not a file cardgen wrote"),
    "a FIFO nobody reads": (_fifo_without_reader, "--log: pipe is a FIFO (named pipe) that no program is reading"),
    "a socket": (_socket, "--json: sock is a socket, not a file cardgen writes"),
    "a new folder's name": (lambda tmp: ["--log", "newdir/"], "--log: the log file newdir/ ends in /, which names "
                                                              "a folder; name a file in it (e.g. newdir/hands.jsonl)"),
    "one file for both": (lambda tmp: ["--log", "both.json", "--json", "both.json"],
                          "--log: --log and --json both name both.json; name two files"),
}


@pytest.mark.parametrize("case", SIDE_CASES)
def test_side_files_that_are_not_ours_to_replace_are_refused_at_once(tmp_path, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    setup, message = SIDE_CASES[case]
    args = setup(tmp_path)
    before = {p.name: (p.lstat().st_mode, p.read_bytes() if p.is_file() else None) for p in tmp_path.iterdir()}
    start = cpu_seconds()
    one_line(run_cli(*PLAYTEST, *args, "--out", "out"), 2, message)
    assert cpu_seconds() - start < 5  # never plays a hand first (a FIFO waited on would hang)
    assert {p.name: (p.lstat().st_mode, p.read_bytes() if p.is_file() else None) for p in tmp_path.iterdir()} \
        == before  # nothing replaced, nothing made


# --- project files shaped to exhaust the TOML parser ----------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("a = " + "[" * 30_000 + "]" * 30_000 + "\n", "cardgen.toml:1: [ and { nested more than 16 deep"),
    ("a = " + "{b = " * 20_000 + "1" + "}" * 20_000 + "\n", "cardgen.toml:1: [ and { nested more than 16 deep"),
    (".".join(["a"] * 100_000) + " = 1\n", "cardgen.toml:1: a dotted key of more than 8 parts"),
    ("# a note\n[" + ".".join(["t"] * 20_000) + "]\n", "cardgen.toml:2: a dotted key of more than 8 parts"),
], ids=["arrays 30,000 deep", "inline tables 20,000 deep", "a key of 100,000 parts", "a table of 20,000 parts"])
def test_a_project_file_that_would_exhaust_the_parser_is_one_line(tmp_path, monkeypatch, text, message):
    """tomllib recursed past Python's limit (RecursionError: internal error) on the nested
    files and took 46 s and 6 GB on the long key; the shape is read first, in one pass."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text(text)
    start = time.process_time()  # CPU: the same however loaded the machine
    one_line(run_cli("build", "-q", "--format", "svg"), 2, message)
    assert time.process_time() - start < 2
    assert not (tmp_path / "output").exists()


def test_strings_and_comments_do_not_count_as_nesting(tmp_path, monkeypatch):
    """What the shape check skips: brackets and dots inside strings (all four kinds) and comments."""
    monkeypatch.chdir(tmp_path)
    deep, dots = "[" * 40, ".".join("a" * 20)
    (tmp_path / "cardgen.toml").write_text(
        f'# {deep} {dots}\nformat = "svg" # {deep}\ngames = ["eights"]\n[theme]\n'
        f'font = """standard"""  # multi-line strings, closed\n'
        f"back_art = '{deep}{dots}'\n".replace("back_art", "# back_art"))
    from cardgen.config import _beyond_a_project_file, load

    for text in (f'x = "{deep}{dots}"', f"x = '{deep}'", f'x = """{deep}\n{dots}"""', f"x = '''{deep}\n'''",
                 f'x = """a \\""" {deep}"""'):
        assert _beyond_a_project_file(text) is None, text
    assert load(tmp_path / "cardgen.toml")["formats"] == frozenset({"svg"})


# --- SOURCE_DATE_EPOCH: one rule for build, calibrate and playtest ------------------------------

@pytest.mark.parametrize("command", [("build", "--format", "svg"), ("calibrate",), PLAYTEST],
                         ids=["build", "calibrate", "playtest"])
def test_one_source_date_epoch_rule_for_every_command(tmp_path, monkeypatch, command):
    """calibrate and playtest ended in "internal error (ValueError: invalid literal for int()
    … 'abc')" from reportlab and matplotlib, which read the variable themselves."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    one_line(run_cli(*command), 2, "SOURCE_DATE_EPOCH='abc' is not a date: set it to whole seconds since 1970")
    assert list(tmp_path.iterdir()) == []


def test_calibrate_takes_what_the_build_takes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", " 1700000000 ")
    assert run_cli("calibrate").exit_code == 0
    assert (tmp_path / "calibration-letter.pdf").read_bytes().count(b"D:20231114") >= 1


# --- limits of the process and the file system ----------------------------------------------------

def _file_size_limit(limit: int):
    def apply():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    return apply


def test_the_file_size_limit_is_one_line_in_a_build(tmp_path):
    """Under `ulimit -f` a write fails with EFBIG (Python ignores SIGXFSZ): "internal error
    (OSError: [Errno 27] File too large)" before; now what was hit, and the way out."""
    proc = _cardgen("build", "--game", "eights", "--format", "svg", "--out", tmp_path / "out",
                    preexec_fn=_file_size_limit(10_000), cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("cardgen: error: cannot write"), proc.stderr
    assert "the file-size limit is reached (ulimit -f): raise the limit" in proc.stderr
    assert not (tmp_path / "out").exists()


def test_the_file_size_limit_is_one_line_in_a_playtest(tmp_path):
    """matplotlib wrote the report's pages itself: a write refused by `ulimit -f` left its
    writer broken ("AttributeError: 'Stream' object has no attribute 'pos'", exit 70). The
    pages are drawn in memory and written by cardgen. (The limit is set in this process for
    the run: a subprocess would spend a second loading matplotlib.)"""
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    _file_size_limit(10_000)()
    try:
        result = run_cli(*PLAYTEST, "--sweep", "players=2", "--out", tmp_path / "out")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limit)
    one_line(result, 2, "the file-size limit is reached (ulimit -f): raise the limit and run again")
    assert result.output.count("\n") == 1 and result.output.startswith("cardgen: error: cannot write ")
    assert not (tmp_path / "out").exists()


def test_a_fifo_where_the_lock_goes_is_refused_and_kept(decks, tmp_path):
    os.mkfifo(tmp_path / ".out.cardgen-lock")
    start = cpu_seconds()
    one_line(run_cli("build", "--game", "eights", "--format", "svg", "-j", "1", "-q", "--out", tmp_path / "out"),
             2, ".out.cardgen-lock is not a file (a FIFO, device or folder), so cardgen did not make it")
    assert cpu_seconds() - start < 5  # refused before the build (waiting on the FIFO would hang)
    assert stat.S_ISFIFO(os.lstat(tmp_path / ".out.cardgen-lock").st_mode)  # left as it was, not removed
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.cardgen-lock"]


def test_check_names_listed_files_it_cannot_read(decks, tmp_path):
    """Mode 000 on a card and the atlas: "internal error (PermissionError)" before; now a
    violation line each, and the readers past the gate refuse them too."""
    out = _copy(decks, tmp_path, "str8eight")
    for rel in ("str8eight/svg/002-1x2.svg", "str8eight/str8eight-atlas.json"):
        os.chmod(out / rel, 0)
    proc = _cardgen("check", out, preexec_fn=_as_a_user)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    for rel in ("str8eight/svg/002-1x2.svg", "str8eight/str8eight-atlas.json"):
        assert f"{rel}: -: cannot be read (Permission denied): fix its permissions" in proc.stdout, proc.stdout
    assert proc.stderr == "" and "Traceback" not in proc.stdout


def test_the_log_folder_turning_read_only_mid_run(tmp_path, monkeypatch):
    """The log is written under a private name beside it and renamed once the run is done:
    a folder made read-only meanwhile ended in "internal error (PermissionError)". Now one
    line saying where the report went and which file could not be put in place. (Root is
    not stopped by a read-only folder: the refusal the kernel gives a user is injected.)"""
    logs = tmp_path / "logs"
    logs.mkdir()
    real_replace = os.replace

    def read_only(src, dst, *args, **kwargs):
        if Path(dst).parent == logs:
            raise PermissionError(13, "Permission denied", str(src), None, str(dst))
        return real_replace(src, dst, *args, **kwargs)
    monkeypatch.setattr(os, "replace", read_only)
    result = run_cli(*PLAYTEST, "--sweep", "players=2", "--log", logs / "hands.jsonl", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert result.output == (f"cardgen: error: --log: the report is in {tmp_path / 'out' / 'playtest'}, but cannot "
                             f"write {logs / 'hands.jsonl'} (Permission denied); the previous file, if any, was left "
                             "as it was; choose another file\n")


def test_matplotlib_keeps_its_cache_out_of_home_and_quiet(tmp_path):
    """playtest wrote matplotlib's cache into ~/.cache and ~/.config, and with HOME not
    writable printed matplotlib's warnings despite -q: it gets a private folder, as
    fontconfig does, and its font list is made without scanning the system's fonts."""
    code = ("from cardgen.playtest.plots import _matplotlib\nfrom cardgen.theme import DEFAULT_THEME\n"
            "_matplotlib(DEFAULT_THEME)\nimport matplotlib\nprint(matplotlib.get_cachedir())\n")
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "MPLCONFIGDIR")}
    home = tmp_path / "home"
    home.mkdir()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG,
                          env={**env, "HOME": str(home), "TMPDIR": str(tmp_path)})
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert Path(proc.stdout.strip()).name.startswith("cardgen-matplotlib-")
    assert list(home.iterdir()) == []  # (where a HOME nobody can write in made matplotlib warn)
    assert [p.name for p in tmp_path.iterdir()] == ["home"]  # the private folder gone at exit


# --- output folders inside output folders ----------------------------------------------------------

@pytest.mark.parametrize("command, sub", [(("build", "--game", "eights", "--format", "svg"), "sub"),
                                          (("build", "--game", "eights", "--format", "svg"), "str8eight/new"),
                                          (PLAYTEST, "playtest-here")], ids=["build", "build in a game", "playtest"])
def test_an_output_folder_inside_another_is_refused_up_front(decks, command, sub):
    """--out OUT/sub was built, after which `cardgen check OUT` failed on it and the next
    build into OUT was refused."""
    before = sorted(str(p.relative_to(decks)) for p in decks.rglob("*"))
    one_line(run_cli(*command, "--out", decks / sub), 2,
             f"is inside {decks}, the output folder of another build: the next build there would refuse it")
    assert sorted(str(p.relative_to(decks)) for p in decks.rglob("*")) == before


# --- forged output that `cardgen check` must not pass ----------------------------------------------

@pytest.mark.parametrize("field, value, message", [
    ("table_size", 4, "atlas: table size 4, the cards make 3"),
    ("sequence_length", 4, "atlas: sequence length 4, the cards make 3"),
    ("starts", {"1": 9, "2": 1, "3": 1}, "value 1: 9 winning sequences starting on it, the cards make"),
    ("positions", None, "winning sequences with it at positions 1, 2, …"),
    ("copies", {"1": 1}, "cards of it, the cards make"),
    ("longest_possible", 99, "atlas: longest possible 99, the cards make"),
    ("my_notes", "hello", "atlas: holds my_notes, which cardgen does not write"),
], ids=["table_size", "sequence_length", "starts", "positions", "copies", "longest_possible", "a field of someone's"])
def test_check_compares_every_field_of_the_atlas(decks, tmp_path, field, value, message):
    """Only four counts of the atlas JSON were compared: its table size, sequence length,
    starts and positions could say anything (the manifest resealed)."""
    out = _copy(decks, tmp_path, "str8eight")
    path = out / "str8eight" / "str8eight-atlas.json"
    data = json.loads(path.read_text())
    if field == "positions":
        value = {**data["positions"], "2": [v + 1 for v in data["positions"]["2"]]}
    data[field] = value
    path.write_text(json.dumps(data))
    assert_check_catches(out, [message, "\n1 violation:\n"])


def test_check_names_every_file_cardgen_did_not_write(decks, tmp_path):
    """Files planted at the top of the folder, in site/ and in playtest/ were not reported
    (only the games' folders were walked), while `cardgen build` refused the folder for them."""
    out = _copy(decks, tmp_path, "eights")
    for rel in ("site/eights.html", "playtest/str8eight-playtest.json"):  # the folders a build lists
        (out / rel).parent.mkdir()
        (out / rel).write_text("{}")
    data = json.loads((out / "manifest.json").read_text())
    data["files"] += [{"path": "site/eights.html", "game": "site", "kind": "site", "format": "html"},
                      {"path": "playtest/str8eight-playtest.json", "game": "playtest", "kind": "playtest-figures",
                       "format": "json"}]
    (out / "manifest.json").write_text(json.dumps(data))
    refresh_manifest(out)
    planted = ["notes.txt", "site/tracker.js", "playtest/mine.json", "eights/notes.txt"]
    for rel in planted:
        (out / rel).write_text("someone's")
    (out / "elsewhere").mkdir()
    (out / "elsewhere" / "inside.txt").write_text("someone's")
    (out / "root").symlink_to("/")
    result = run_cli("check", out)
    assert result.exit_code == 1, result.output
    for rel in planted:
        assert f"  {rel}: -: not listed in manifest.json\n" in result.output, (rel, result.output)
    assert "elsewhere: -: not listed in manifest.json (a folder cardgen did not make: not entered)" in result.output
    assert "root: -: not listed in manifest.json (a link, which cardgen never writes: not followed)" in result.output
    assert "playtest/str8eight-playtest.json: -: not a playtest report of str8eight" in result.output  # listed, "{}"
    assert "\n7 violations:\n" in result.output
    one_line(run_cli("build", "--game", "eights", "--format", "svg", "-q", "--out", out), 2, "which cardgen did not write")


@pytest.mark.parametrize("game, a, b", [("str8eight", "003-1x3", "003-3x1"), ("eights", "1-1-e", "1-3-i"),
                                        ("crazy-eights", "1-clubs-10", "1-hearts-Q")])
def test_check_catches_two_card_files_swapped(decks, tmp_path, game, a, b):
    """The deck was whole, so two card SVGs swapped between their names passed; a reprint
    by name (--cards), the print-shop and TTS files and a person go by those names."""
    out = _copy(decks, tmp_path, game)
    svg = out / game / "svg"
    (svg / f"{a}.svg").rename(svg / "swap")
    (svg / f"{b}.svg").rename(svg / f"{a}.svg")
    (svg / "swap").rename(svg / f"{b}.svg")
    output = assert_check_catches(out, [f"svg/{a}.svg: -: named {a}.svg, but it draws the card cardgen names",
                                        f"svg/{b}.svg: -: named {b}.svg, but it draws the card cardgen names",
                                        "\n2 violations:\n"])
    assert "files swapped or renamed" in output


# --- `cardgen check` bounded by what cardgen could have written -------------------------------

def test_a_card_svg_of_too_many_elements_is_refused_as_it_is_read(decks, tmp_path):
    """A 240 MB card SVG of 60 million empty elements took 6 GB and ended in a MemoryError
    traceback. The bytes are bounded (32 MB for an SVG), and so are the elements, counted
    as the file is parsed: here 60,000 of them in 240 kB."""
    out = _copy(decks, tmp_path, "eights")
    card = out / "eights" / "svg" / "1-1-e.svg"
    text = card.read_text()
    card.write_text(text.replace("</svg>", "<g/>" * 60_000 + "</svg>"))
    start = time.process_time()  # CPU: the same however loaded the machine
    assert_check_catches(out, ["eights/svg/1-1-e.svg: -: not a readable SVG (more than 50,000 elements, far more "
                               "than cardgen writes: refused, not read further)"])
    assert time.process_time() - start < 5


def test_a_pdf_whose_pages_share_one_huge_stream_is_refused_at_once(copy_of_games):
    """690 kB on disk, 1,570 pages drawing one shared 5.7 MB content stream: 9 GB to parse,
    and the checker busy past 300 s. What the pages draw between them is bounded (each
    page's content and the forms it can reach, counted on each page)."""
    import pikepdf

    out = copy_of_games("fourscore")
    path = out / "fourscore" / "fourscore-rules.pdf"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        shared = pdf.make_stream(b"q 1 0 0 1 0 0 cm Q\n" * 300_000)
        while len(pdf.pages) < 1570:
            pdf.pages.append(pdf.pages[0])
        for page in pdf.pages:
            page.obj.Contents = shared
        pdf.save(path)
    assert path.stat().st_size < 1 << 20
    start = time.process_time()  # CPU: the same however loaded the machine
    output = assert_check_catches(out, ["fourscore/fourscore-rules.pdf: -: not a readable PDF (its 1570 pages draw "
                                        "more than 16 MB of content between them"])
    assert time.process_time() - start < 10
    assert max(map(len, output.splitlines())) < 400


def test_a_long_comment_is_parsed_in_one_pass_once_a_check(decks, tmp_path, monkeypatch):
    """Six card SVGs padded with 31 MB comments took 296 s: each was fed to expat 16 kB at a
    time (expat scanned the open comment again from its start with every piece: the square
    of its length), and parsed twice (the deck's checks, then legibility). The work is
    counted, not timed: the parser is handed each padded file whole, once in the check."""
    from defusedxml.ElementTree import DefusedXMLParser

    out = _copy(decks, tmp_path, "eights")
    cards = [out / "eights" / "svg" / name for name in ("1-1-e.svg", "2-3-i.svg")]
    for card in cards:
        card.write_text(card.read_text().replace("</svg>", "<!--" + "x" * (1 << 20) + "--></svg>"))
    refresh_manifest(out)
    fed, real = [], DefusedXMLParser.feed

    def feed(self, data):
        fed.append(len(data))
        return real(self, data)
    monkeypatch.setattr(DefusedXMLParser, "feed", feed)
    result = run_cli("check", out)
    assert result.exit_code == 0, result.output
    for card in cards:
        size = card.stat().st_size
        assert fed.count(size) == 1, (card.name, size, sorted(fed)[-5:])  # whole, and once
    assert sum(n for n in fed if n > 1 << 19) == sum(c.stat().st_size for c in cards)  # nothing else read at length
