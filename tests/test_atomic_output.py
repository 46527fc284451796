"""The output folder: cardgen replaces only what it wrote, switches the whole output in
one step, and after any error, kill or full disk leaves it wholly old or wholly new."""
import contextlib
import errno
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from cardgen import outdir
from cardgen.cli import main
from waiting import HANG

SMALL = ("--game", "eights", "--format", "svg", "-j", "1", "-q")  # the old output in these tests
OTHER = ("--game", "crazy-eights", "--format", "svg", "-j", "1", "-q")  # a new one: eights kept, linked


def here(*args, cwd=None, env=None):
    """The CLI in this process; an exception escaping it fails the test."""
    with contextlib.chdir(cwd or os.getcwd()):
        result = CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=False)
    return SimpleNamespace(returncode=result.exit_code, stdout=result.stdout, stderr=result.stderr)


def one_line(proc, *texts):
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("cardgen: error: "), proc.stderr
    for text in texts:
        assert text in proc.stderr, (text, proc.stderr)


def tree(root: Path) -> dict:
    """Every file, folder and link under root, with the bytes of each file."""
    found = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        found[rel] = ("link", os.readlink(path)) if path.is_symlink() else \
            path.read_bytes() if path.is_file() else "folder"
    return found


def checks_clean(out: Path) -> None:
    result = here("check", out)
    assert result.returncode == 0, result.stdout + result.stderr


# ------------------------------------------------------------------ folders not ours

def _notes_in_a_new_folder(tmp):
    (tmp / "o" / "eights").mkdir(parents=True)
    (tmp / "o" / "eights" / "notes.txt").write_text("mine")
    return ["--out", tmp / "o"], tmp, "holds no manifest.json of cardgen's"


def _notes_in_our_output(tmp):
    assert here("build", *SMALL, "--out", tmp / "o").returncode == 0
    (tmp / "o" / "eights" / "notes.txt").write_text("mine")
    return ["--out", tmp / "o"], tmp, "holds eights/notes.txt, which cardgen did not write"


def _a_folder_of_ours_with_one_of_yours(tmp):
    assert here("build", *SMALL, "--out", tmp / "o").returncode == 0
    (tmp / "o" / "drafts").mkdir()
    return ["--out", tmp / "o"], tmp, "holds drafts/, which cardgen did not write"


def _a_link_in_our_output(tmp):
    assert here("build", *SMALL, "--out", tmp / "o").returncode == 0
    (tmp / "secret.txt").write_text("keep")
    (tmp / "o" / "eights" / "svg" / "back.svg").unlink()
    (tmp / "o" / "eights" / "svg" / "back.svg").symlink_to(tmp / "secret.txt")
    return ["--out", tmp / "o"], tmp, "eights/svg/back.svg (a link)"


def _the_templates_folder(tmp):
    (tmp / "templates").mkdir()
    (tmp / "templates" / "card.svg.j2").write_text("<svg/>")
    (tmp / "templates" / "str8eight").mkdir()
    (tmp / "templates" / "str8eight" / "rules.md").write_text("# rules")
    return ["--out", "templates"], tmp, "templates is not empty and holds no manifest.json"


def _the_current_folder(tmp):
    (tmp / "README.md").write_text("my project")
    return ["--out", "."], tmp, "--out . is the folder you are in"


def _the_root(tmp):
    return ["--out", "/"], tmp, "is the root folder"


def _the_home_folder(tmp):
    (tmp / "home").mkdir()
    (tmp / "home" / ".bashrc").write_text("alias x=y")
    return ["--out", tmp / "home"], tmp, "is your home folder"


def _a_manifest_not_ours(tmp):
    (tmp / "o").mkdir()
    (tmp / "o" / "manifest.json").write_text('{"games": {}, "files": []}')  # no "generator": cardgen
    return ["--out", tmp / "o"], tmp, "holds no manifest.json of cardgen's"


@pytest.mark.parametrize("setup", [
    _notes_in_a_new_folder, _notes_in_our_output, _a_folder_of_ours_with_one_of_yours, _a_link_in_our_output,
    _the_templates_folder, _the_current_folder, _the_root, _the_home_folder, _a_manifest_not_ours,
], ids=lambda f: f.__name__.strip("_"))
def test_a_folder_not_ours_is_refused_and_untouched(tmp_path, setup):
    args, watched, message = setup(tmp_path)
    before = tree(watched)
    root_before = sorted(p.name for p in Path("/").iterdir())
    proc = here("build", *SMALL, *args, cwd=tmp_path, env={"HOME": str(tmp_path / "home")})
    one_line(proc, message)
    assert tree(watched) == before  # not a byte changed, no lock or staging left beside
    assert sorted(p.name for p in Path("/").iterdir()) == root_before


def test_an_empty_folder_and_our_own_output_are_fine(tmp_path):
    (tmp_path / "o").mkdir()
    assert here("build", *SMALL, "--out", tmp_path / "o").returncode == 0
    inode = (tmp_path / "o").stat().st_ino
    assert here("build", *SMALL, "--out", tmp_path / "o").returncode == 0
    assert (tmp_path / "o").stat().st_ino == inode  # nothing changed: the folder was left alone
    legacy = tmp_path / "o" / ".cardgen-staging-x1"  # what a killed build of an earlier cardgen left
    (legacy / "eights").mkdir(parents=True)
    (legacy / ".pid").write_text("999999999")
    again = here("build", *OTHER, "--out", tmp_path / "o")  # a build of ours replaces a build of ours
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in (tmp_path / "o").iterdir()) == ["README.md", "crazy-eights", "eights", "manifest.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o"]  # nothing left beside it
    checks_clean(tmp_path / "o")


# ------------------------------------------------------------------ errors at each step

def _fail(exc_errno, where):
    def raiser(*args, **kwargs):
        raise OSError(exc_errno, os.strerror(exc_errno), str(where(args)) if where else None)
    return raiser


def _full_disk_writing_a_card(monkeypatch, out):
    real = Path.write_text

    def write_text(self, *args, **kwargs):
        if self.name == "1-clubs-5.svg":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real(self, *args, **kwargs)
    monkeypatch.setattr(Path, "write_text", write_text)
    return ["No space left on device", str(out / "crazy-eights" / "svg" / "1-clubs-5.svg"), "free some space"]


def _full_disk_writing_the_manifest(monkeypatch, out):
    real = Path.write_text

    def write_text(self, *args, **kwargs):
        if self.name == "manifest.json":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real(self, *args, **kwargs)
    monkeypatch.setattr(Path, "write_text", write_text)
    return ["No space left on device", str(out / "manifest.json")]


def _full_disk_linking_a_kept_game(monkeypatch, out):
    monkeypatch.setattr(os, "link", _fail(errno.ENOSPC, lambda a: a[1]))
    return ["No space left on device", str(out / "eights")]


def _full_disk_at_the_switch(monkeypatch, out):
    monkeypatch.setattr(outdir, "exchange", _fail(errno.ENOSPC, lambda a: a[0]))
    return ["cannot switch", str(out), "No space left on device", "left as it was"]


def _no_permission_on_a_kept_game(monkeypatch, out):
    real = os.link

    def link(src, dst, **kwargs):
        if "/eights/" in str(src):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(src))
        return real(src, dst, **kwargs)
    monkeypatch.setattr(os, "link", link)
    return ["Permission denied", str(out / "eights")]


def _a_game_folder_that_cannot_be_removed(monkeypatch, out):
    real = os.access  # (tests run as root here, where chmod stops nothing: os.access is what we ask)
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if Path(path) == out / "eights"
                        else real(path, mode, **kw))
    return ["cannot replace", str(out / "eights"), "Permission denied"]


def _no_permission_at_the_switch(monkeypatch, out):
    monkeypatch.setattr(outdir, "exchange", _fail(errno.EACCES, lambda a: a[0]))
    return ["cannot switch", "Permission denied"]


def _no_exchange_then_the_first_rename_fails(monkeypatch, out):
    monkeypatch.setattr(outdir, "exchange", _fail(errno.EINVAL, None))
    monkeypatch.setattr(os, "rename", _fail(errno.EACCES, lambda a: a[0]))
    return ["cannot switch", "Permission denied"]


def _no_exchange_then_the_second_rename_fails(monkeypatch, out):
    monkeypatch.setattr(outdir, "exchange", _fail(errno.EINVAL, None))
    real = os.rename

    def rename(src, dst):
        if Path(dst) == out and not str(src).endswith("-old"):  # the old tree is aside; the new cannot come in
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(src))
        return real(src, dst)
    monkeypatch.setattr(os, "rename", rename)
    return ["cannot switch", "No space left on device"]


@pytest.mark.parametrize("inject", [
    _full_disk_writing_a_card, _full_disk_writing_the_manifest, _full_disk_linking_a_kept_game,
    _full_disk_at_the_switch, _no_permission_on_a_kept_game, _a_game_folder_that_cannot_be_removed,
    _no_permission_at_the_switch, _no_exchange_then_the_first_rename_fails,
    _no_exchange_then_the_second_rename_fails,
], ids=lambda f: f.__name__.strip("_"))
def test_an_error_at_any_step_leaves_everything_old(tmp_path, monkeypatch, inject):
    out = tmp_path / "o"
    assert here("build", *SMALL, "--out", out).returncode == 0
    before = tree(tmp_path)
    texts = inject(monkeypatch, out)
    proc = here("build", *OTHER, "--out", out)
    monkeypatch.undo()
    one_line(proc, *texts)
    assert tree(tmp_path) == before  # DIR byte-identical, no staging, journal or lock beside or inside
    checks_clean(out)


# ------------------------------------------------------------------ kills during the switch

# run the real CLI in a fresh process that kills itself at one moment of the switch
KILLER = r"""
import errno, os, shutil, signal, sys
from pathlib import Path
from cardgen import outdir
moment = sys.argv.pop(1)
die = lambda: os.kill(os.getpid(), signal.SIGKILL)
real_exchange, real_rename, real_rmtree = outdir.exchange, os.rename, shutil.rmtree
renames = []
if moment == "after the exchange":
    def exchange(a, b):
        real_exchange(a, b)
        die()
    outdir.exchange = exchange
elif moment == "while removing the old tree":
    def rmtree(path, *args, **kwargs):
        real_rmtree(path, *args, **kwargs)
        if "cardgen-fonts-" not in str(path):  # not the sweep of a killed build's font folder
            die()
    shutil.rmtree = rmtree
else:  # the fallback: no exchange on this filesystem, two renames and a journal
    def exchange(a, b):
        raise OSError(errno.EINVAL, "Invalid argument")
    def rename(a, b):
        if moment == "after the journal, before the first rename":
            die()
        real_rename(a, b)
        renames.append(a)
        if moment == f"after rename {len(renames)}":
            die()
    outdir.exchange, os.rename = exchange, rename
from cardgen.cli import main
main(prog_name="cardgen")
"""


@pytest.mark.parametrize("moment, left", [
    ("after the exchange", "new"),
    ("while removing the old tree", "new"),
    ("after the journal, before the first rename", "old"),
    ("after rename 1", "missing"),  # the fallback's window: the journal names the complete output
    ("after rename 2", "new"),
])
def test_a_kill_during_the_switch_leaves_old_or_new(tmp_path, moment, left):
    out = tmp_path / "o"
    assert here("build", *SMALL, "--out", out).returncode == 0
    old = tree(out)
    proc = subprocess.run([sys.executable, "-c", KILLER, moment, "build", *OTHER, "--out", str(out)],
                          capture_output=True, text=True, timeout=HANG)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert not list(out.glob(".*")), list(out.glob(".*"))  # never a staging folder inside the output
    if left == "missing":
        assert not out.exists()
        check = here("check", out)
        one_line(check, "was interrupted", ".o.cardgen-staging-", f"run 'cardgen build --out {out}'")
    else:
        now = tree(out)
        if left == "old":
            assert now == old
        else:
            assert "crazy-eights/svg/back-1.svg" in now  # eights kept as it was, the manifest new
            assert {k: now[k] for k in old if k != "manifest.json"} == {k: v for k, v in old.items() if k != "manifest.json"}
        checks_clean(out)
    # the next build finishes or undoes the switch and removes what the killed one left
    assert here("build", *OTHER, "--out", out).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o"]
    now = tree(out)  # the new output: crazy-eights added, eights kept (nothing of the old lost)
    assert "crazy-eights/svg/back-1.svg" in now
    assert {k: now[k] for k in old if k != "manifest.json"} == {k: v for k, v in old.items() if k != "manifest.json"}
    checks_clean(out)


def test_stale_folders_are_removed_only_when_ours_and_dead(tmp_path):
    out = tmp_path / "o"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    stale = tmp_path / f".o.cardgen-staging-{dead}-abc"  # a killed build's: our marker inside
    (stale / "eights").mkdir(parents=True)
    (stale / outdir.MARKER).write_text(dead)
    alive = tmp_path / f".o.cardgen-staging-{os.getpid()}-def"  # a running build's
    (alive / "eights").mkdir(parents=True)
    (alive / outdir.MARKER).write_text(str(os.getpid()))
    lookalike = tmp_path / f".o.cardgen-staging-{dead}-ghi"  # the right name, but not ours inside
    lookalike.mkdir()
    (lookalike / "mine.txt").write_text("keep")
    assert here("build", *SMALL, "--out", out).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["o", alive.name, lookalike.name])
    assert (lookalike / "mine.txt").read_text() == "keep"


# ------------------------------------------------------------------ two builds at once

def test_a_second_build_waits_then_refuses_in_one_line(tmp_path, monkeypatch):
    out = tmp_path / "o"
    assert here("build", *SMALL, "--out", out).returncode == 0
    before = tree(out)
    monkeypatch.setattr(outdir, "LOCK_WAIT", 0.1)
    with outdir.locked(out, out):  # as a build running in another process holds it
        proc = here("build", *OTHER, "--out", out)
    one_line(proc, f"another cardgen build (pid {os.getpid()}) is writing {out}")
    assert tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o"]  # the lock file goes with its build


def test_two_builds_at_once_end_clean(tmp_path):
    out = tmp_path / "o"
    procs = [subprocess.Popen([sys.executable, "-m", "cardgen", "build", *args, "--out", str(out)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for args in (SMALL, OTHER)]
    results = [(p.wait(timeout=HANG), p.stderr.read()) for p in procs]
    for code, err in results:
        assert "Traceback" not in err
        assert (code, err) == (0, "") or (code == 2 and err.count("\n") == 1
                                          and "another cardgen build" in err), (code, err)
    assert any(code == 0 for code, _ in results)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o"]
    checks_clean(out)


def test_the_switch_is_one_step(tmp_path, monkeypatch):
    """An observer never sees the output folder half-switched: the whole tree changes at
    one call, and every other call sees it wholly old or wholly new."""
    out = tmp_path / "o"
    assert here("build", *SMALL, "--out", out).returncode == 0
    old = tree(out)
    seen = []
    real_exchange = outdir.exchange

    def exchange(a, b):
        seen.append(tree(out))
        real_exchange(a, b)
        seen.append(tree(out))
    monkeypatch.setattr(outdir, "exchange", exchange)
    assert here("build", *OTHER, "--out", out).returncode == 0
    monkeypatch.undo()
    assert seen == [old, tree(out)] and old != tree(out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o"]


def test_tts_urls_name_the_output_folder_not_the_staging_one(exported):
    """The deck's JSON is written in staging but read from the output folder: its URLs name
    the sheets beside it (file names, which hold wherever the kit is moved; issue 40), never
    the staging folder nor any absolute path."""
    import json

    custom = json.loads((exported / "str8eight" / "tts" / "str8eight.json").read_text())["ObjectStates"][0]["CustomDeck"]
    urls = [sheet[k] for sheet in custom.values() for k in ("FaceURL", "BackURL")]
    assert urls and all("/" not in u and (exported / "str8eight" / "tts" / u).is_file() for u in urls), urls


def test_the_repository_output_folder_builds_in_a_fresh_clone(tmp_path, monkeypatch):
    """The repository ships output/README.md: it is the README every build writes, so
    `cardgen build` in a fresh clone (default --out output) is not refused, and git sees
    no change after a build. A README someone edited, with no manifest of ours beside it, is
    theirs: refused, untouched."""
    from cardgen.outdir import readme_text

    shipped = (Path(__file__).resolve().parent.parent / "output" / "README.md").read_text(encoding="utf-8")
    assert shipped == readme_text(), "output/README.md differs from templates/output-folder/README.md: copy it over"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "README.md").write_text(shipped, encoding="utf-8")
    assert here("build", "--game", "eights", "--format", "svg", "-q", "-j", "1").returncode == 0
    assert (tmp_path / "output" / "README.md").read_text(encoding="utf-8") == shipped
    checks_clean(tmp_path / "output")
    notes = tmp_path / "notes"  # a folder with an edited README and no manifest is someone's
    notes.mkdir()
    (notes / "README.md").write_text(shipped + "\nmy notes\n", encoding="utf-8")
    before = tree(notes)
    one_line(here("build", "--game", "eights", "--format", "svg", "-q", "--out", notes), "did not make it")
    assert tree(notes) == before


# ------------------------------------------------------------------ a drive's top folder

def _tmpfs(where: Path) -> bool:
    """Mount a small tmpfs at where (root only): a USB stick's top folder, for real."""
    if os.geteuid() != 0:
        return False
    where.mkdir()
    return subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "cardgen-test", str(where)],
                          capture_output=True).returncode == 0


def test_out_at_a_mount_point_says_to_use_a_folder_inside_it(tmp_path):
    """--out at a drive's top folder (it cannot be renamed, so never switched): refused at
    once in one line that says what to give instead; a folder inside it builds."""
    stick = tmp_path / "usb"
    if not _tmpfs(stick):
        pytest.skip("cannot mount a tmpfs here (not root): the EBUSY test below stands in")
    try:
        for command in (("build", *SMALL), ("playtest", "-q", "--hands", "5")):
            one_line(here(*command, "--out", stick), f"--out {stick} is a mount point",
                     f"give a folder inside it, e.g. --out {stick / 'kit'}")
            assert list(stick.iterdir()) == []
        assert here("build", *SMALL, "--out", stick / "kit").returncode == 0
        checks_clean(stick / "kit")
    finally:
        subprocess.run(["umount", str(stick)], check=True)


def test_a_busy_switch_names_the_fix_not_a_previous_output(tmp_path, monkeypatch):
    """Where the mount point is not seen beforehand (os.path.ismount says no) the switch's
    EBUSY says the same, and does not speak of a previous output."""
    out = tmp_path / "usb"
    out.mkdir()  # empty, as a fresh stick is

    def busy(a, b):
        raise OSError(errno.EBUSY, os.strerror(errno.EBUSY), str(a), None, str(b))
    monkeypatch.setattr(outdir, "exchange", busy)
    proc = here("build", *SMALL, "--out", out)
    one_line(proc, "it is a mount point or in use", f"give a folder inside it, e.g. --out {out / 'kit'}")
    assert "previous output" not in proc.stderr
    assert list(out.iterdir()) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["usb"]

# ------------------------------------------------------------------ a build and a playtest at once

HELD_PLAYTEST = """
import os, sys
import cardgen.playtest.simulate as simulate
count, real_submit = [0], simulate.Workers.submit
def submit(self, chunk):  # the third chunk waits for the test's word: the playtest is under way
    count[0] += 1
    if count[0] == 3:
        os.write(2, b"test: playing\\n")
        sys.stdin.readline()
    return real_submit(self, chunk)
simulate.Workers.submit = submit
sys.argv[0] = "cardgen"
from cardgen.entry import run
run()
"""


def test_a_build_and_a_playtest_into_one_folder_take_turns(tmp_path, monkeypatch):
    """A 6 × 6 build and an 8 × 8 playtest into one --out at once both ended with 0, and
    the kit then held a report of another deck, which check failed (issue 40). The
    playtest holds the folder's lock from before it reads the deck until its report is in
    place: a build meanwhile waits, then refuses in one line naming it, and a playtest
    started while a build writes the folder does the same."""
    out = tmp_path / "o"
    assert here("build", "--game", "str8eight", "--table-size", "6", "--format", "svg", "-j", "1", "-q",
                "--out", out).returncode == 0
    before = tree(out)
    monkeypatch.setattr(outdir, "LOCK_WAIT", 0.1)
    with outdir.locked(out, out):  # as a build running in another process holds it
        proc = here("playtest", "--game", "str8eight", "--hands", "10", "-j", "1", "-q", "--out", out)
    one_line(proc, f"another cardgen build (pid {os.getpid()}) is writing {out}: wait for it to finish")
    assert tree(out) == before
    playtest = subprocess.Popen([sys.executable, "-c", HELD_PLAYTEST, "playtest", "--game", "str8eight",
                                 "--table-size", "6", "--hands", "2000", "--ladder-hands", "0", "-j", "2", "-q",
                                 "--out", str(out)], stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert playtest.stderr.readline() == "test: playing\n"
        proc = here("build", "--game", "str8eight", "--format", "svg", "-j", "1", "-q", "--out", out)  # 8 × 8
        one_line(proc, f"another cardgen playtest (pid {playtest.pid}) is writing {out}: wait for it to finish")
        assert tree(out) == before
        _, err = playtest.communicate("go on\n", timeout=HANG)
    finally:
        if playtest.poll() is None:
            playtest.kill()
            playtest.wait()
    assert (playtest.returncode, err) == (0, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o"]
    checks_clean(out)
    assert "6 × 6 table" in (out / "playtest" / "str8eight-playtest.html").read_text()
