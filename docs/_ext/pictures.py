"""The docs' pictures, made from a real build whenever the site is built.

Each picture names a build (cardgen commands, run as a user runs them into a temporary
folder) and the files of that build it shows: a PDF page drawn by PDFium, or a PNG that
cardgen wrote; several files are set side by side. Nothing is committed: a picture
cannot show an older cardgen than the one that built the site.

Made pictures are kept in a cache folder under a key of everything they depend on (cardgen's code, templates and drawing
libraries, the fonts, PDFium and Pillow, the build's commands and the picture's spec),
so a second build of the site runs no cardgen command. The folder is $CARDGEN_DOCS_CACHE;
else, in a build of the site, "cardgen-pictures" in Sphinx's own cache (the doctree folder,
by default inside the output folder given to sphinx-build): the site's build writes nothing
into the checkout, which may be read-only. Run as a script, docs/_build/pictures. $CARDGEN_DOCS_PICTURES names the
builds to make (comma-separated; "none" for none): the test suite makes the calibration
pictures only, through the same code; the other pictures become a note saying so.

The build named "kit" also gives the output layout (its manifest), kept the same way.

usage: python docs/_ext/pictures.py [NAME ...]   make (or find) these pictures, or all
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent
CHOSEN = "CARDGEN_DOCS_PICTURES"  # the builds to make, comma-separated; unset: every build
GAP = 24  # px between files set side by side


@dataclass(frozen=True)
class Build:
    commands: tuple  # cardgen argument strings, run in order in one temporary folder
    what: str


@dataclass(frozen=True)
class Source:
    file: str  # relative to the build's folder
    page: int = 0  # of a PDF
    crop: tuple = (0.0, 0.0, 1.0, 1.0)  # left, top, right, bottom as fractions of the page


@dataclass(frozen=True)
class Picture:
    build: str
    sources: tuple  # Source, set side by side at one height
    width: int  # px of the PNG
    alt: str
    caption: str


BUILDS = {
    "kit": Build(("build --game str8eight --format all --proof --out kit",
                  "playtest --game str8eight --hands 200 --out kit"),
                 "Str8 Eight in every format, with a playtest report"),
    "family": Build(("build --game eights,crazy-eights --only cards --format png --out family",),
                    "the Eights and Crazy Eights cards"),
    "levels": Build(tuple(f"build --game str8eight --only cards --format png {flags} --out {name}"
                          for name, flags in (("full", ""), ("colors", "--scaffold colors"),
                                              ("bare", "--scaffold bare"), ("large", "--large-print"))),
                    "one Str8 Eight card at each scaffold level, and in large print"),
    "class": Build(("build --game str8eight --preset grade3 --sets 2 --format pdf,png --out class",),
                   "the grade3 preset as two class sets"),
    "calibration": Build(("calibrate --out calibration",), "the printer calibration sheet"),
    # not cardgen commands: docs/serve_pictures.py screenshots `cardgen serve`'s pages in Chromium
    "serve": Build(("docs/serve_pictures.py",), "screenshots of the pages of cardgen serve"),
}

KIT = "kit/str8eight"
PICTURES = {
    # cardgen serve, in the browser
    "serve-kit": Picture("serve", (Source("kit.png"),), 1024, "The 'Make a kit' page of cardgen serve",
                         "Make a kit: the choices on the left, the cards drawn as you choose on the right, and "
                         "what the kit takes at the bottom."),
    "serve-error": Picture("serve", (Source("kit-error.png"),), 1024, "A value out of range, refused at its field",
                           "A value the kit cannot take is marked at its field, in the same words as the command "
                           "line's."),
    "serve-building": Picture("serve", (Source("building.png"),), 1024, "A kit being built, with its progress",
                              "Building: what is being made, and a button to stop."),
    "serve-result": Picture("serve", (Source("result.png"),), 1024, "A built kit: the check, how to print, the files",
                            "The kit: the check's verdict, the how-to-print page first, then every file and the "
                            "whole kit as one zip."),
    "serve-printer": Picture("serve", (Source("printer.png"),), 1024, "The printer's readings saved",
                             "Set up my printer: what the test sheet showed, in plain words, and the sheet count "
                             "it changes."),
    "serve-playtest": Picture("serve", (Source("playtest.png"),), 1024, "Playtest figures for a variant",
                              "Does this variant play well? Each seat's wins with its interval, a hand's length and "
                              "the verdict against the targets."),
    # the kit
    "cover": Picture("kit", (Source(f"{KIT}/str8eight-rules.pdf"),), 520, "The cover of the Str8 Eight rule booklet",
                     "The rule booklet's cover: the game's wordmark over a fan of the deck's own cards."),
    "booklet-page": Picture("kit", (Source(f"{KIT}/str8eight-rules.pdf", 4), Source(f"{KIT}/str8eight-rules.pdf", 5)),
                            900, "Two pages of the Str8 Eight rule booklet",
                            "Two pages of the booklet: the rules, and a winning sequence laid as a strip, drawn from "
                            "the deck built."),
    "quick-start": Picture("kit", (Source(f"{KIT}/str8eight-rules.pdf", 1), Source(f"{KIT}/str8eight-rules.pdf", 10)),
                           900, "The quick start and the first page of 'About this edition' in the Str8 Eight booklet",
                           "The quick start, a page of its own with the setup drawn from the deck's cards, and "
                           "'About this edition', where each rule marked † is explained."),
    "player-aid": Picture("kit", (Source(f"{KIT}/str8eight-reference.pdf"),), 520, "The Str8 Eight player aid",
                          "The player aid: one page, in the largest type that fits."),
    "hand": Picture("kit", tuple(Source(f"{KIT}/png/{card}.png") for card in
                                 ("003-1x3", "006-2x3", "009-3x3", "012-3x4", "pass-left-1")),
                    1000, "Five Str8 Eight cards: 3, 6, 9, 12 and a pass-left card",
                    "Str8 Eight cards: 3, 6, 9 and 12 joined by the ×3 arrows, and a pass card."),
    "sequence-sheet": Picture("kit", (Source(f"{KIT}/sequence-sheet-letter.pdf"),), 1000,
                              "The Str8 Eight sequence sheet", "The sequence sheet: every value and where it may go."),
    "atlas": Picture("kit", (Source(f"{KIT}/str8eight-atlas-letter.pdf"),), 1000, "The sequence atlas poster",
                     "The sequence atlas: how many winning sequences pass through each value."),
    "tuckbox": Picture("kit", (Source(f"{KIT}/str8eight-tuckbox-letter.pdf"),), 900, "The Str8 Eight tuck box net",
                       "The tuck box: cut on the solid lines, fold on the dashed ones, glue the grey flaps."),
    "scorepad": Picture("kit", (Source(f"{KIT}/str8eight-scorepad-letter.pdf"),), 520, "The Str8 Eight score pad",
                        "The score pad, with running totals."),
    # printing at home
    "how-to-print": Picture("kit", (Source("kit/how-to-print-letter.pdf"),), 700, "The kit's how-to-print page",
                            "The kit's first page: what to print, on which paper, with which settings."),
    "sheet-fronts": Picture("kit", (Source(f"{KIT}/str8eight-print-letter.pdf", 0),
                                    Source(f"{KIT}/str8eight-print-letter.pdf", 1)),
                            900, "A Letter print sheet's fronts and its backs",
                            "A duplex Letter sheet: the fronts, then the backs, mirrored for a long-edge flip."),
    "sheet-corner": Picture("kit", (Source(f"{KIT}/str8eight-print-letter.pdf", 0, (0.0, 0.84, 0.45, 1.0)),), 800,
                            "The bottom left corner of a print sheet: its note, crop marks and calibration bar",
                            "A sheet's bottom left corner, larger than printed: the card-stock note, the crop "
                            "marks, which stop short of the cards, and the 2 in calibration bar."),
    "calibration-front": Picture("calibration", (Source("calibration/calibration-letter.pdf", 0),), 760,
                                 "The calibration sheet's front", "The calibration sheet's front: five numbered steps."),
    "calibration-back": Picture("calibration", (Source("calibration/calibration-letter.pdf", 1,
                                                       (0.3, 0.05, 1.0, 0.6)),), 700,
                                "The words on the calibration sheet's back",
                                "Its back: which way up it should read, and how to read a ladder against the light."),
    # the classroom
    "levels": Picture("levels", tuple(Source(f"{name}/str8eight/png/012-3x4.png")
                                      for name in ("full", "colors", "bare", "large")),
                      1000, "The card 12 (3 × 4) at the full, colors and bare levels and in large print",
                      "The same card at the full, colors and bare levels, and in large print."),
    "set-cards": Picture("class", (Source("class/str8eight/set-a/png/012-3x4.png"),
                                   Source("class/str8eight/set-b/png/012-3x4.png")), 560,
                         "A card of set A and the same card of set B, each with its set's badge",
                         "The same card in set A and set B: each wears its set's letter and shape in two corners."),
    "inventory": Picture("class", (Source("class/str8eight/set-b/str8eight-inventory-letter.pdf"),), 600,
                         "The inventory checklist of set B", "Set B's inventory checklist."),
    "lesson-plan": Picture("class", (Source("class/str8eight/str8eight-teacher-letter.pdf", 0),
                                     Source("class/str8eight/str8eight-teacher-letter.pdf", 2)),
                           900, "The lesson plan and the answer key of a grade 3 build",
                           "Two of the teacher pages of a grade3 build: the lesson plan and the answer key."),
    # the family
    "eights-cards": Picture("family", tuple(Source(f"family/eights/png/{card}.png") for card in
                                            ("1-1-e", "4-8-w", "5-8-x", "reference")),
                            900, "Eights letter cards and the scoring reference card",
                            "Eights: letter cards in their suits' colors, and the scoring card."),
    "crazy-eights-cards": Picture("family", tuple(Source(f"family/crazy-eights/png/{card}.png") for card in
                                                  ("1-hearts-K", "1-spades-Q", "1-diamonds-J", "1-clubs-8",
                                                   "1-hearts-A")),
                                  1000, "Crazy Eights cards: king, queen, jack, a wild eight and an ace",
                                  "Crazy Eights: the court figures, a wild eight and an ace, each with its penalty."),
    # designing variants, shops and screens
    "playtest-report": Picture("kit", (Source("kit/playtest/str8eight-playtest-letter.pdf"),), 760,
                               "A playtest report",
                               "A playtest report of 200 hands, with its skill ladder at the default 20 hands a "
                               "match: rough intervals, as the picture shows."),
    "tts-sheet": Picture("kit", (Source(f"{KIT}/tts/str8eight-faces-1.png", crop=(0.0, 0.0, 0.5, 0.43)),), 800,
                         "Part of a Tabletop Simulator face sheet", "Part of a Tabletop Simulator face sheet."),
    "shop-proof": Picture("kit", (Source(f"{KIT}/shop/drivethrucards-proof.pdf", 0),
                                  Source(f"{KIT}/shop/drivethrucards-proof.pdf", 1)), 560,
                          "A designer's proof of two cards for DriveThruCards",
                          "The designer's proof: trim, bleed and safe lines over the shop's cards."),
}


def chosen() -> "set[str]":
    """The builds this run makes: $CARDGEN_DOCS_PICTURES, else every build."""
    given = os.environ.get(CHOSEN)
    if given is None:
        return set(BUILDS)
    names = {n.strip() for n in given.split(",") if n.strip() and n.strip() != "none"}
    unknown = names - set(BUILDS)
    if unknown:
        raise ValueError(f"{CHOSEN} names {', '.join(sorted(unknown))}: choose from {', '.join(BUILDS)} or none")
    return names


def _inputs() -> str:
    """Everything a picture depends on besides its own spec."""
    from importlib.metadata import version

    from cardgen.cache import _tree_digest, code_version
    from cardgen.paths import folder

    return "|".join([code_version(), _tree_digest(str(folder("cardgen.fonts")), "*"),
                     version("pypdfium2"), version("pillow")])


SITE_CACHE: "Path | None" = None  # set by the site's build (cardgen_docs.py): under Sphinx's doctree folder


def cache() -> Path:
    """Where made pictures are kept: $CARDGEN_DOCS_CACHE, else the site build's cache
    folder, else (run as a script) docs/_build/pictures."""
    return Path(os.environ.get("CARDGEN_DOCS_CACHE") or SITE_CACHE or DOCS / "_build" / "pictures")


def key(name: str) -> str:
    picture = PICTURES[name]
    spec = repr((picture, BUILDS[picture.build]))
    return hashlib.sha256(f"{_inputs()}|{spec}".encode()).hexdigest()[:16]


def cached(name: str) -> Path:
    return cache() / f"{name}-{key(name)}.png"


def layout_file() -> Path:
    """Where the kit build's manifest listing is kept (for the output layout)."""
    spec = repr(BUILDS["kit"])
    return cache() / f"layout-{hashlib.sha256(f'{_inputs()}|{spec}'.encode()).hexdigest()[:16]}.json"


class Builds:
    """Runs each build at most once, when a picture that is not cached needs it."""

    def __init__(self, root: Path):
        self.root = root
        self.made: dict = {}
        self.runs: list = []  # the builds run, in order (the tests read it)

    def folder(self, name: str) -> Path:
        if name not in self.made:
            where = self.root / name
            where.mkdir()
            for command in BUILDS[name].commands:
                args = [sys.executable, "-m", "cardgen", *command.split(), "-q"]
                if command.endswith(".py"):  # a script of the docs, given the folder to write into
                    args = [sys.executable, str(DOCS.parent / command), str(where)]
                done = subprocess.run(args, cwd=where, capture_output=True, text=True)
                if done.returncode != 0:
                    raise RuntimeError(f"the docs' build {name!r}: 'cardgen {command}' exited "
                                       f"{done.returncode}: {done.stderr.strip()[-500:]}")
            self.made[name] = where
            self.runs.append(name)
            if name == "kit":
                _keep_layout(where / "kit")
        return self.made[name]


def _keep_layout(out: Path) -> None:
    data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    files = [[e["path"], e["game"], e["kind"], e["format"]] for e in data["files"]]
    _write(layout_file(), json.dumps({"files": files}, indent=0).encode())


def _write(path: Path, data: bytes) -> None:
    """In place in one step: a build of the site running beside sees the whole file or none."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def _image(folder: Path, source: Source, height: int):
    """One file of the build as an RGB image, cropped: a PDF page drawn by PDFium with
    the cropped part about `height` px tall, or a PNG cardgen wrote."""
    from PIL import Image

    path = folder / source.file
    if not path.is_file():
        raise FileNotFoundError(f"the docs' picture wants {source.file}, which its build did not write: "
                                "name a file the build writes (docs/_ext/pictures.py)")
    left, top, right, bottom = source.crop
    if path.suffix == ".pdf":
        import pypdfium2 as pdfium

        pdf = pdfium.PdfDocument(path)
        try:
            page = pdf[source.page]
            w, h = page.get_size()  # points
            cut = (left * w, (1 - bottom) * h, (1 - right) * w, top * h)  # PDFium's: left, bottom, right, top
            image = page.render(scale=height / (h * (bottom - top)), crop=cut).to_pil().convert("RGB")
            page.close()
        finally:
            pdf.close()
        return image
    with Image.open(path) as opened:
        image = opened.convert("RGB")
    w, h = image.size
    return image.crop((round(left * w), round(top * h), round(right * w), round(bottom * h)))


def render(picture: Picture, folder: Path) -> bytes:
    """The picture as PNG bytes: its files at one height, side by side, `width` px in all."""
    import io

    from PIL import Image

    images = [_image(folder, s, picture.width) for s in picture.sources]
    ratios = [im.width / im.height for im in images]
    gaps = GAP * (len(images) - 1)
    height = round((picture.width - gaps) / sum(ratios))
    row = Image.new("RGB", (picture.width, height), "white")
    x = 0
    for image, ratio in zip(images, ratios):
        w = round(height * ratio)
        row.paste(image.resize((w, height), Image.Resampling.LANCZOS), (x, 0))
        x += w + GAP
    buffer = io.BytesIO()
    row.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


@dataclass
class Made:
    pictures: dict  # name -> the cached PNG, or None: its build is not among those chosen
    runs: list  # the builds this call ran (none when every picture was cached)


def make(names=None) -> Made:
    """Find each picture in the cache, or make it (running its build once)."""
    from cardgen.interrupt import raising
    from cardgen.private import temporary

    names = list(PICTURES if names is None else names)
    make_now = chosen()
    found = {}
    # a private folder named with this process's pid: removed when a stop (SIGTERM to sphinx-build
    # too) ends the builds, and by the next cardgen process when this one is killed
    with raising(), temporary("docs") as tmp:
        builds = Builds(Path(tmp))
        for name in names:
            picture = PICTURES[name]
            path = cached(name)
            if not path.is_file():
                if picture.build not in make_now:
                    found[name] = None
                    continue
                _write(path, render(picture, builds.folder(picture.build)))
                earlier = re.compile(rf"^{re.escape(name)}-[0-9a-f]{{16}}\.png$")
                for old in cache().iterdir():  # the same picture by an earlier cardgen
                    if old != path and earlier.match(old.name):
                        old.unlink(missing_ok=True)
            found[name] = path
        if "kit" in make_now and not layout_file().is_file():
            builds.folder("kit")
    return Made(found, builds.runs)


def layout() -> "list | None":
    """The kit build's files as (path, game, kind, format), or None when it is not made."""
    path = layout_file()
    if not path.is_file():
        return None
    return [tuple(row) for row in json.loads(path.read_text(encoding="utf-8"))["files"]]


if __name__ == "__main__":
    for picture, path in make(sys.argv[1:] or None).pictures.items():
        print(f"{picture}: {path or 'left out (' + CHOSEN + ')'}")
