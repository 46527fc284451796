"""The output folder: whose it is, who is writing it, and switching it in one step.

A build writes the whole new output (games kept from the last build hard-linked in)
into a private staging folder beside the output folder, in the same parent and so on
the same filesystem, never inside it. When everything is written it exchanges the two
in one step (Linux renameat2 with RENAME_EXCHANGE): the output folder's path shows the
old tree until that instant and the new one after it, so an error, a kill or a full
disk leaves it wholly old or wholly new. The old tree, now at the staging name, is
then removed.

Where the filesystem cannot exchange (some overlay and network filesystems answer
EINVAL), two renames do it instead: output -> old name, staging -> output, with a small
journal file beside the output written first. Between the two renames the output
folder does not exist; a build killed there leaves the journal naming the folder that
holds the complete new output, the next build finishes the switch, and `cardgen check`
says where the output is.

Beside the output folder live only names of ours, all starting ".<name>.cardgen-":
the staging folders (".<name>.cardgen-staging-<pid>-<random>", the old tree goes under
the same name with "-old"), the lock file and the journal. A staging folder left by a
killed build is removed by the next build once its pid is dead, and only when it holds
our marker file, our manifest, or nothing.
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import shutil
import stat
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from . import manifest
from .errors import CardgenError
from .private import alive

MARKER = ".cardgen-staging"  # inside a staging folder until the switch, holding our pid
LOCK_WAIT = 3.0  # seconds a build waits for another one writing the same folder
RENAME_EXCHANGE = 2
# files an operating system drops into any folder it shows (Finder, Explorer): replaced
# along with the output, never a reason to refuse it
OS_LITTER = {".DS_Store", "Thumbs.db", "desktop.ini"}
README = "README.md"  # what the folder is: written by every build, beside manifest.json


def _litter(path: Path) -> bool:
    """A file the operating system drops (.DS_Store…): a small regular file, never a folder or link."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return path.name in OS_LITTER and stat.S_ISREG(info.st_mode) and info.st_size < 1 << 20


HOWTO_LINE = re.compile(r"^    (?:how-to-print|print-everything)-[a-z0-9-]+\.pdf .*\n", re.M)


def readme_text(howto: tuple = ()) -> str:
    """The README every output folder gets (templates/output-folder/README.md), naming each
    how-to-print page the build made (howto: their file names, first to read first)."""
    from . import paths

    paper = lambda name: {"a4": "A4", "letter": "Letter"}.get(name[13:-4], name[13:-4])  # noqa: E731
    lines = "".join(f"    {name:<30}{'read this first' if i == 0 else 'the same'}: which file on which paper, "
                    f"the print dialog, cutting{f' ({paper(name)} paper)' if len(howto) > 1 else ''}\n"
                    for i, name in enumerate(howto))
    lines += "".join(f"    {'print-everything-' + name[13:]:<30}every file {'of' if len(howto) == 1 else 'for'} "
                     f"{'the kit' if len(howto) == 1 else paper(name) + ' paper'} in one, in the order to print, "
                     "card stock first\n" for name in howto)
    text = (paths.folder("cardgen.templates") / "output-folder" / README).read_text(encoding="utf-8")
    return text.replace("{howto}", lines)


def _our_readme(path: Path) -> bool:
    """README.md as cardgen writes it (a copy someone edited is theirs)."""
    try:
        return not path.is_symlink() and path.is_file() and path.stat().st_size < 1 << 16 \
            and HOWTO_LINE.sub("", path.read_text(encoding="utf-8")) == readme_text()
    except (OSError, UnicodeDecodeError):
        return False


def _prefix(final: Path) -> str:
    return f".{final.name}.cardgen-"


def lock_path(final: Path) -> Path:
    return final.parent / f"{_prefix(final)}lock"


def journal_path(final: Path) -> Path:
    return final.parent / f"{_prefix(final)}switch"


def final_path(out: Path) -> Path:
    """The folder the output really goes to (links followed), refused when it is the
    root or the home folder: a build replaces the whole folder."""
    try:
        final = Path(os.path.abspath(out)).resolve()
        here = Path.cwd().resolve()
    except (OSError, RuntimeError) as exc:  # a link loop; a current folder that was removed
        raise CardgenError(f"--out {out} cannot be followed ({exc}): name a real folder, "
                           "or cd into one that exists") from None
    if final == final.parent:
        raise CardgenError(f"--out {out} is the root folder: cardgen replaces its output folder "
                           "as a whole; choose a folder of its own, such as ./output")
    try:
        home = Path.home().resolve()
    except (KeyError, RuntimeError):
        home = None
    if final == home:
        raise CardgenError(f"--out {out} is your home folder: cardgen replaces its output folder "
                           "as a whole; choose a folder of its own, such as ./output")
    if here == final or here.is_relative_to(final):
        raise CardgenError(f"--out {out} is the folder you are in (or holds it): a build replaces it as a "
                           "whole and your shell would be left in a removed folder; cd out of it first")
    if os.path.ismount(final):  # a USB stick's top folder: it cannot be renamed, so never switched
        raise CardgenError(mount_point_message(out))
    outer = next((folder for folder in final.parents if _ours(folder) is not None), None)
    if outer is not None:
        raise CardgenError(f"--out {out} is inside {outer}, the output folder of another build: the next build "
                           f"there would refuse it and 'cardgen check {outer}' fail on it; choose a folder "
                           "outside it")
    return final


# ------------------------------------------------------------------ whose folder it is

def _ours(folder: Path) -> "dict | None":
    """The folder's manifest when cardgen wrote it, else None."""
    try:
        data = manifest.load(folder)
    except CardgenError:
        return None
    return data if str(data.get("generator", "")).startswith("cardgen") else None


def _legacy_staging(path: Path, games) -> bool:
    """A staging folder an earlier cardgen left inside the output folder: its .pid holds a
    number, and beside it there is nothing but what that cardgen staged (game folders, the
    preview, the old trees it swapped out). Anything else in it is someone's: not ours."""
    if not path.name.startswith(".cardgen-staging-") or path.is_symlink() or not (path / ".pid").is_file():
        return False
    try:
        if not (path / ".pid").read_text(encoding="ascii").strip().isdigit():
            return False
        staged = set(games) | {"site", "index.html", ".pid"}
        return all(p.name in staged or p.name.startswith(".old-") for p in path.iterdir())
    except (OSError, UnicodeDecodeError):
        return False


def refuse_unless_ours(final: Path, shown: Path) -> None:
    """Refuse (one line, nothing touched) an output folder that holds anything cardgen did
    not write: no manifest.json of ours, or a file or folder its manifest does not list."""
    if not os.path.lexists(final):
        return
    if not final.is_dir():
        raise CardgenError(f"output path {shown} is not a folder: choose another with --out")
    try:
        if all(_litter(p) or (p.name == README and _our_readme(p)) for p in final.iterdir()):
            return  # an empty folder (or only the README cardgen writes): nothing to lose
    except OSError as exc:
        raise CardgenError(f"cannot read output folder {shown} ({exc.strerror}): fix its permissions "
                           "or choose another with --out") from None
    data = _ours(final)
    if data is None:
        raise CardgenError(f"{shown} is not empty and holds no manifest.json of cardgen's, so cardgen "
                           "did not make it: nothing was changed; choose a new or empty folder with --out")
    listed = {e.get("path") for e in data["files"] if isinstance(e, dict)}
    folders = {"/".join(p.split("/")[:i]) for p in listed if isinstance(p, str) for i in range(1, p.count("/") + 1)}
    folders |= set(data["games"])  # a game folder, even one with no files in this format
    stranger = _first_stranger(final, listed, folders)
    if stranger:
        raise CardgenError(f"{shown} holds {stranger}, which cardgen did not write (its manifest.json "
                           "does not list it): nothing was changed; move it away or choose another --out")
    for folder in [final] + [final / f for f in sorted(folders) if (final / f).is_dir()]:
        if not os.access(folder, os.R_OK | os.W_OK | os.X_OK):  # the old tree goes after the switch
            raise CardgenError(f"cannot replace {shown / folder.relative_to(final)} (Permission denied): "
                               "nothing was changed; fix its permissions or choose another --out")


def _first_stranger(final: Path, listed: set, folders: set) -> "str | None":
    def walk_error(exc):
        raise CardgenError(f"cannot read {exc.filename} ({exc.strerror}): fix its permissions "
                           "or choose another --out")

    from .builders import GAMES

    for rel, what in strangers(final, listed, folders, GAMES, walk_error):
        return {"link": f"{rel} (a link)", "folder": f"{rel}/"}.get(what, rel)
    return None


def strangers(final: Path, listed: set, folders: set, games, onerror=None):
    """(path relative to final, "file", "folder" or "link") for everything in the output
    folder that cardgen did not write: neither listed (files) nor a folder of what is
    listed (folders), nor manifest.json, our README or OS litter. A link is named, never
    followed; a folder not ours is named once, not entered. The build refuses a folder
    holding one (refuse_unless_ours); `cardgen check` names every one. games: the game
    names (what an old staging folder may hold)."""
    for root, dirs, files in os.walk(final, onerror=onerror):
        here = Path(root)
        rel_root = here.relative_to(final).as_posix()
        for d in sorted(dirs):
            rel = d if rel_root == "." else f"{rel_root}/{d}"
            path = here / d
            if path.is_symlink():
                dirs.remove(d)
                yield rel, "link"
            elif rel_root == "." and _legacy_staging(path, games):
                dirs.remove(d)  # ours, and not carried over
            elif rel not in folders:
                dirs.remove(d)
                yield rel, "folder"
        dirs.sort()
        for f in sorted(files):
            rel = f if rel_root == "." else f"{rel_root}/{f}"
            if (here / f).is_symlink():
                yield rel, "link"
            elif rel == README and _our_readme(here / f):
                continue
            elif rel not in listed and rel != manifest.MANIFEST and not _litter(here / f):
                yield rel, "file"


# ------------------------------------------------------------------ one build at a time

@contextmanager
def locked(final: Path, shown: Path, what: str = "build"):
    """Hold the folder's lock file (flock: it dies with the process, so a crash never
    leaves a lock to refuse on). Waits LOCK_WAIT seconds for another build or playtest,
    then refuses, naming it. what: the command holding it ("build", "playtest"), written
    in the lock beside the pid."""
    path = lock_path(final)
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:  # O_NONBLOCK: a FIFO or a device planted at the lock's name is never waited on
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
        except OSError as exc:
            raise CardgenError(f"cannot create {path} ({exc.strerror}): cardgen writes beside the output "
                               "folder; choose an --out whose parent folder you can write to") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # not ours to lock, write or remove
            os.close(fd)
            raise CardgenError(f"{path} is not a file (a FIFO, device or folder), so cardgen did not make it: "
                               "nothing was changed; remove it, or choose another --out")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 64, 0).decode(errors="replace").split()
            os.close(fd)
            if time.monotonic() >= deadline:
                pid = holder[0] if holder and holder[0].isdigit() else ""
                other = holder[1] if len(holder) > 1 and holder[1] in ("build", "playtest") else "build"
                raise CardgenError(f"another cardgen {other}{f' (pid {pid})' if pid else ''} is writing "
                                   f"{shown}: wait for it to finish, or choose another --out") from None
            time.sleep(0.1)
            continue
        try:
            same = os.stat(path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:  # not a file the previous holder unlinked as we opened it
            break
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {what}".encode(), 0)
        yield
    finally:
        try:
            os.unlink(path)  # still holding it: whoever opens the path next makes a new one
        except OSError:
            pass
        os.close(fd)


# ------------------------------------------------------------------ staging folders

_NAME = re.compile(r"cardgen-staging-(\d+)-")


def new_staging(final: Path) -> Path:
    try:
        staging = Path(tempfile.mkdtemp(prefix=f"{_prefix(final)}staging-{os.getpid()}-", dir=final.parent))
        # mkdtemp makes it private; the output folder keeps its mode, or gets the usual one
        try:
            mode = stat.S_IMODE(os.stat(final).st_mode)
        except FileNotFoundError:
            mask = os.umask(0o022)
            os.umask(mask)
            mode = 0o777 & ~mask
        os.chmod(staging, mode)
        (staging / MARKER).write_text(str(os.getpid()))
    except OSError as exc:
        raise CardgenError(f"cannot create a staging folder beside {final} ({exc.strerror}): cardgen "
                           "writes the new output beside the old one; choose an --out whose parent "
                           "folder you can write to") from None
    return staging


def _removable(folder: Path) -> bool:
    """A folder of ours (by its name) whose build is dead and which holds our marker,
    our manifest or nothing."""
    m = _NAME.search(folder.name)
    if not m or not folder.is_dir() or folder.is_symlink() or alive(int(m.group(1))):
        return False
    return (folder / MARKER).is_file() or _ours(folder) is not None or not any(folder.iterdir())


def remove_tree(folder: Path) -> None:
    """Remove a staging folder, our marker last: a kill on the way leaves a folder the
    next build still knows as ours (the marker, or nothing)."""
    if not os.path.lexists(folder):
        return
    marker = folder / MARKER
    if not marker.exists():
        marker.write_text(str(os.getpid()))
    for child in folder.iterdir():
        if child.name == MARKER:
            continue
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()
    marker.unlink()
    folder.rmdir()


def recover(final: Path) -> None:
    """With the lock held: finish a switch a killed build left half done (the journal),
    then remove staging folders of builds that are dead."""
    new = _journal_new(final)
    if new is not None:
        if not os.path.lexists(final) and new.is_dir():
            os.rename(new, final)  # roll forward: the new output was complete
    _forget_journal(final)  # or unreadable: it is complete before the first rename, so nothing moved
    prefix = f"{_prefix(final)}staging-"
    for folder in final.parent.iterdir():
        if folder.name.startswith(prefix) and _removable(folder):
            try:
                remove_tree(folder)
            except OSError:
                pass  # left for a later build; it is beside the output, never in it


def _journal_new(final: Path) -> "Path | None":
    """The staging folder a half-done switch names as holding the complete output."""
    try:
        fd = os.open(journal_path(final), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None  # a FIFO, a device: not a journal of ours
        data = json.loads(os.read(fd, 4096))
        name = data["new"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    finally:
        os.close(fd)
    if not isinstance(name, str) or "/" in name or not name.startswith(f"{_prefix(final)}staging-"):
        return None
    return final.parent / name


def interrupted(out: Path) -> "str | None":
    """For `cardgen check` (reads only): why the folder is missing when a build was killed
    between the two renames of the fallback switch, and where the output is."""
    try:
        final = Path(os.path.abspath(out)).resolve()  # as the build named it (a link followed)
    except (OSError, RuntimeError):
        return None
    if os.path.lexists(final):
        return None  # wholly old or wholly new: check it
    new = _journal_new(final)
    if new is None or not new.is_dir():
        return None
    return (f"a build into {out} was interrupted while switching the new output in: the complete "
            f"output is in {new}; run 'cardgen build --out {out}' to finish the switch")


# ------------------------------------------------------------------ the switch

def exchange(a: Path, b: Path) -> None:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); OSError when the
    filesystem cannot (EINVAL, ENOSYS) or anything else goes wrong."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    at_fdcwd = -100
    fa, fb = os.fsencode(a), os.fsencode(b)
    if hasattr(libc, "renameat2"):
        result = libc.renameat2(at_fdcwd, fa, at_fdcwd, fb, RENAME_EXCHANGE)
    else:
        import platform

        number = {"x86_64": 316, "aarch64": 276}.get(platform.machine())
        if number is None:
            raise OSError(errno.ENOSYS, os.strerror(errno.ENOSYS), str(a))
        result = libc.syscall(number, at_fdcwd, fa, at_fdcwd, fb, RENAME_EXCHANGE)
    if result != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code), str(a), None, str(b))


def _write_journal(final: Path, staging: Path) -> None:
    journal = journal_path(final)
    tmp = journal.with_name(journal.name + ".tmp")
    with open(tmp, "w") as fh:
        json.dump({"new": staging.name, "old": staging.name + "-old", "pid": os.getpid()}, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, journal)


def switch(final: Path, staging: Path, shown: Path) -> None:
    """Put the complete staging tree at `final` in one step, then remove the old tree."""
    (staging / MARKER).unlink()
    if not os.path.lexists(final):
        try:
            os.rename(staging, final)
        except OSError as exc:
            raise _switch_error(shown, exc) from None
        return
    try:
        exchange(staging, final)
        old = staging
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
            raise _switch_error(shown, exc) from None
        old = _two_renames(final, staging, shown)
    try:
        remove_tree(old)
    except OSError:
        pass  # beside the output, named as ours: the next build removes it


def _two_renames(final: Path, staging: Path, shown: Path) -> Path:
    """The fallback switch. The journal first; between the renames `final` is missing and
    the journal names the complete output (recover() and `cardgen check` read it)."""
    old = staging.with_name(staging.name + "-old")
    try:
        _write_journal(final, staging)
        os.rename(final, old)
    except OSError as exc:
        _forget_journal(final)
        raise _switch_error(shown, exc) from None
    try:
        os.rename(staging, final)
    except OSError as exc:
        try:
            os.rename(old, final)  # back as it was
        except OSError:  # the journal stays: the next build finishes the switch
            raise CardgenError(f"cannot switch {shown} to the new output ({exc.strerror}), nor put the old "
                               f"one back: the complete new output is in {staging}; run the build again "
                               "to finish the switch") from None
        _forget_journal(final)
        raise _switch_error(shown, exc) from None
    _forget_journal(final)
    return old


def _forget_journal(final: Path) -> None:
    for path in (journal_path(final), journal_path(final).with_name(journal_path(final).name + ".tmp")):
        try:
            path.unlink()
        except FileNotFoundError:
            pass


def mount_point_message(out: Path) -> str:
    return (f"--out {out} is a mount point (a drive's top folder), which cardgen cannot replace as a whole: "
            f"give a folder inside it, e.g. --out {Path(out) / 'kit'}")


def _switch_error(shown: Path, exc: OSError) -> CardgenError:
    if exc.errno == errno.EBUSY:  # a mount point, or a folder another program holds
        return CardgenError(f"cannot switch {shown} to the new output ({exc.strerror}): it is a mount point or "
                            f"in use; nothing was changed; give a folder inside it, e.g. --out {Path(shown) / 'kit'}")
    return CardgenError(f"cannot switch {shown} to the new output ({exc.strerror}): "
                        "the previous output was left as it was")


def link_or_copy(src: Path, dst: Path) -> None:
    """A kept file into the new tree: a hard link (same filesystem: instant, no space),
    a copy where links are refused."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(src, dst, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in (errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP, errno.ENOSYS):
            raise  # a full disk, an unreadable file: copying would fail the same way
        shutil.copyfile(src, dst)
