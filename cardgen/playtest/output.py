"""Put playtest reports into the output folder the way a build puts decks there.

The reports go to <out>/playtest/, listed in manifest.json under the name "playtest"
(kind playtest-page for the HTML pages), beside whatever a build wrote. The folder is
changed as a build changes it (outdir.py): under its lock, a staging folder holding
the old files (hard links) and the new reports is switched in in one step, so a kill
leaves the old output whole. When the folder has an HTML preview, its page is written
again with links to the reports (no card is drawn again); every later build keeps the
reports and the links.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from .. import manifest, outdir
from ..errors import CardgenError

FOLDER = "playtest"


def publish(out: Path, files: dict, replaces: tuple, held: bool = False) -> list:
    """files: {name in playtest/: (kind, bytes)}; replaces: name prefixes of old reports
    this run makes stale (e.g. "str8eight-playtest"); held: the caller holds the folder's
    lock already (the playtest, from its first hand). Returns the paths written (under out)."""
    from contextlib import nullcontext

    final = outdir.final_path(out)
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardgenError(f"cannot create output folder {out} ({exc.strerror}): choose another with --out") from None
    outdir.refuse_unless_ours(final, out)
    with nullcontext() if held else outdir.locked(final, out, "playtest"):
        outdir.recover(final)
        outdir.refuse_unless_ours(final, out)
        staging = outdir.new_staging(final)
        try:
            _stage(final, staging, files, replaces)
            outdir.refuse_unless_ours(final, out)
            outdir.switch(final, staging, out)
        except OSError as exc:
            raise CardgenError(f"cannot write the playtest report into {out} ({exc.strerror}): "
                               "the previous output was left as it was") from None
        finally:
            try:
                outdir.remove_tree(staging)
            except OSError:
                pass
    return [out / FOLDER / name for name in sorted(files)]


def drawing_folder():
    """A fresh private folder for a report's drawings before they are read into the report
    (a context manager): named with this process's pid, so that one a kill leaves behind
    is swept by the next run (private.py)."""
    from ..private import temporary

    return temporary("playtest")


def _stage(final: Path, staging: Path, files: dict, replaces: tuple) -> None:
    try:
        old = manifest.load(final)
    except CardgenError:
        old = {"games": {}, "files": []}
    stale = tuple(f"{FOLDER}/{prefix}" for prefix in replaces)
    entries = []
    for e in old["files"]:
        if not isinstance(e, dict) or not manifest.safe_rel(e.get("path")) or not (final / e["path"]).is_file():
            continue
        if e.get("game") == FOLDER and (e["path"].startswith(stale) or e["path"].split("/", 1)[-1] in files):
            continue
        outdir.link_or_copy(final / e["path"], staging / e["path"])
        entries.append(manifest.Entry(e["path"], e.get("game"), e.get("kind"), e.get("format"), e.get("sha256")))
    folder = staging / FOLDER
    folder.mkdir(exist_ok=True)
    for name, (kind, data) in sorted(files.items()):
        (folder / name).write_bytes(data)
        entries.append(manifest.entry_for(staging, folder / name, FOLDER, kind, name.rsplit(".", 1)[-1]))
    if not any(e.path == outdir.README for e in entries):
        readme = outdir.readme_text().encode("utf-8")
        (staging / outdir.README).write_bytes(readme)
        entries.append(manifest.Entry(outdir.README, "output", "readme", "md", hashlib.sha256(readme).hexdigest()))
    if any(e.path == "index.html" for e in entries):  # the preview links the reports
        from ..builders import GAMES
        from ..export.site import write_index

        files = tuple((e.path, e.game, e.kind) for e in entries if e.game != "site")
        games = {k: v for k, v in old["games"].items() if k in GAMES}
        (staging / "index.html").unlink()  # a hard link: never write through it into the old tree
        index = write_index(staging, games, {g.name: g.title for g in GAMES.values()}, files)
        entries = [e for e in entries if e.path != "index.html"] + [manifest.entry_for(staging, index, "site", "site",
                                                                                        "html")]
    (staging / manifest.MANIFEST).write_text(manifest.dumps(old["games"], entries, old.get("site_key")))
