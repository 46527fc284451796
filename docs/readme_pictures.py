"""Make the README's three pictures (docs/readme/*.png) from a real build, and record what
they were drawn from.

usage: python docs/readme_pictures.py     (from the repository's top folder)

A README is read where no site is built (a repository browser, the package index), so
its pictures are committed, small. docs/readme/sources.json records the sha256 of each
picture and of every SVG it was drawn from; tests/test_docs.py compares those with the
SVGs the current code writes, so a change to the cards fails the suite until this script
is run again. The pictures are drawn the way the site's are (docs/_ext/pictures.py).
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

from pictures import Picture, Source, render  # noqa: E402

OUT = HERE / "readme"
BUILD = "build --game str8eight,eights,crazy-eights --only cards,sheet --format png --out out -q"
WIDTH = 760

PICTURES = {
    "hand.png": Picture("readme", tuple(Source(f"out/str8eight/png/{card}.png") for card in
                                        ("003-1x3", "006-2x3", "009-3x3", "012-3x4", "pass-left-1")),
                        WIDTH, "", ""),
    "family.png": Picture("readme", (Source("out/eights/png/1-1-e.png"), Source("out/eights/png/4-8-w.png"),
                                     Source("out/crazy-eights/png/1-hearts-K.png"),
                                     Source("out/crazy-eights/png/1-clubs-8.png"), Source("out/str8eight/png/back.png")),
                          WIDTH, "", ""),
    "sheet.png": Picture("readme", (Source("out/str8eight/sequence-sheet-letter.png"),), WIDTH, "", ""),
}


def svg_of(png: str) -> str:
    """The SVG a PNG of the build was drawn from, relative to the output folder."""
    path = Path(png).relative_to("out")
    if path.parent.name == "png":
        return (path.parent.parent / "svg" / path.with_suffix(".svg").name).as_posix()
    return path.with_suffix(".svg").as_posix()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="cardgen-readme-") as tmp:
        folder = Path(tmp)
        subprocess.run([sys.executable, "-m", "cardgen", *BUILD.split()], cwd=folder, check=True)
        OUT.mkdir(exist_ok=True)
        sources = {}
        for name, picture in PICTURES.items():
            (OUT / name).write_bytes(render(picture, folder))
            svgs = [svg_of(s.file) for s in picture.sources]
            sources[name] = {"png": sha256(OUT / name),
                             "svgs": {svg: sha256(folder / "out" / svg) for svg in svgs}}
            print(f"{OUT / name}: {(OUT / name).stat().st_size} bytes")
    (OUT / "sources.json").write_text(json.dumps(sources, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
