"""Byte-compare a build made by an earlier commit with the same build made by this checkout.

usage: python benchmarks/compare_builds.py REV [--args "build options"] [--keep DIR]
       (from the repository's top folder; default options: --format all --paper both)

A change meant to be faster must leave every file as it was. REV is checked out into a
temporary git worktree; each side builds into the same folder name (Tabletop Simulator's
JSON names the output folder), one after the other. Every file of the two folders is
compared by its SHA-256 (the manifest's without its cache keys, which hash the code); the files that differ, and those only one side has, are listed,
then `cardgen check` runs on this checkout's build. Exit status 1 when anything differs or
the check fails. --keep DIR keeps REV's build in DIR and reuses it on the next run.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def build(root: Path, out: Path, args: list) -> None:
    env = {**os.environ, "PYTHONPATH": str(root)}
    subprocess.run([sys.executable, "-m", "cardgen", "build", "--out", str(out), "--clean", "-q", *args],
                   check=True, env=env, cwd=root)


CACHE_KEYS = ("input_key", "site_key", "kit_key")  # hashes of the inputs, the code among them: meant to change


def digests(folder: Path) -> dict:
    """Path -> SHA-256 of every file; the manifest's without its cache keys (every other
    byte of it, the files' own digests included, still compared)."""
    found = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            if p.relative_to(folder).as_posix() == "manifest.json":
                manifest = json.loads(data)
                for entry in [manifest, *manifest.get("games", {}).values()]:
                    for key in CACHE_KEYS:
                        entry.pop(key, None)
                data = json.dumps(manifest, sort_keys=True).encode()
            found[p.relative_to(folder).as_posix()] = hashlib.sha256(data).hexdigest()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev")
    parser.add_argument("--args", default="--format all --paper both")
    parser.add_argument("--keep", type=Path, help="keep (and reuse) REV's build here")
    opts = parser.parse_args()
    args = shlex.split(opts.args)
    with tempfile.TemporaryDirectory() as tmpname:
        tmp = Path(tmpname)
        # one folder name for both builds, across runs too (a kept build was made in it)
        out = opts.keep.with_name(opts.keep.name + "-new") if opts.keep else tmp / "out"
        before = opts.keep or tmp / "before"
        if out.exists():
            shutil.rmtree(out)
        said = opts.keep.with_name(opts.keep.name + ".args") if opts.keep else None  # what the kept build was
        if not (opts.keep and (opts.keep / "manifest.json").is_file() and said.is_file()
                and said.read_text() == f"{opts.rev} {opts.args}"):
            old = tmp / "rev"
            subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(old), opts.rev], check=True)
            try:
                build(old, out, args)
            finally:
                subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(old)], check=False)
            if before.exists():
                shutil.rmtree(before)
            before.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(out), str(before))
            if said:
                said.write_text(f"{opts.rev} {opts.args}")
        # the same folder name as REV's build had: the TTS JSON holds its path
        build(HERE, out, args)
        old_files, new_files = digests(before), digests(out)
        differ = sorted(p for p in old_files.keys() & new_files.keys() if old_files[p] != new_files[p])
        only_old, only_new = sorted(old_files.keys() - new_files.keys()), sorted(new_files.keys() - old_files.keys())
        for title, paths in (("differ", differ), (f"only in {opts.rev}'s build", only_old),
                             ("only in this build", only_new)):
            if paths:
                print(f"{len(paths)} files {title}:")
                for p in paths:
                    print(f"  {p}")
        same = len(old_files.keys() & new_files.keys()) - len(differ)
        print(f"{same} of {len(new_files)} files byte-identical to {opts.rev}'s ({opts.args})")
        check = subprocess.run([sys.executable, "-m", "cardgen", "check", str(out)], env={
            **os.environ, "PYTHONPATH": str(HERE)}, capture_output=True, text=True)
        print(f"cardgen check: exit {check.returncode}; {(check.stdout.strip().splitlines() or [''])[-1]}")
        if opts.keep:
            shutil.rmtree(out)
        return int(bool(differ or only_old or only_new) or check.returncode != 0)


if __name__ == "__main__":
    sys.exit(main())
