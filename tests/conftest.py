"""Shared fixtures: one full build per test session, and copies of it to corrupt."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen import __version__
from cardgen.cli import main
from cardgen.manifest import sha256_file

MM_PER_PT = 25.4 / 72


def run_cli(*args: str):
    """Run the CLI in-process; returns the click Result (exit_code, output, stderr)."""
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="session", autouse=True)
def one_job_a_build_beside_other_workers():
    """Under xdist every core already runs a test: a build in a test's process defaults to
    -j 1, as a build on a busy machine is quicker in one process (measured: the session's
    SVG, PDF and PNG build of every game takes 4.2 s CPU in one process, 6.5 s in two, and
    no less wall time while another process keeps the other core busy). Tests of what the
    parallel paths do say -j 2 (and `built` is made with it, so the fresh -j 1 build of
    test_pdf_png compares against games built side by side); a fresh process (a subprocess
    test) still defaults to every core."""
    import os

    from cardgen import settings

    class OneCore:  # the settings table's view of the machine: every core taken
        def __getattr__(self, name):
            return getattr(os, name)

        @staticmethod
        def cpu_count() -> int:
            return 1

    if not os.environ.get("PYTEST_XDIST_WORKER"):
        yield
        return
    settings.os = OneCore()  # what the jobs setting's default reads (settings.py)
    try:
        yield
    finally:
        settings.os = os


def private_copy(kit: Path, into: Path) -> Path:
    """A private copy of a shared, read-only kit that a test may damage, at `into`: the files'
    contents only (faster than copying their times and modes, and all the checker reads)."""
    shutil.copytree(kit, into, copy_function=shutil.copyfile)
    return into


@pytest.fixture
def private_store(tmp_path, monkeypatch) -> Path:
    """An empty store of drawings and parts (CARDGEN_STORE) for this test alone, used even
    when the run was started with the store off or emptied: the tests of what is kept."""
    from cardgen import cache

    folder = tmp_path / "store"
    monkeypatch.setenv(cache.STORE_ENV, str(folder))
    monkeypatch.setattr(cache, "_afresh", False)
    return folder


def shared(tmp_path_factory, name: str, make) -> Path:
    """A folder made once for the whole test run, whichever xdist worker asks first:
    make(folder) fills it under a lock the other workers wait on, and they reuse it (the
    builds are deterministic, so every worker would have made the same bytes). For
    read-only use, like every shared build here; under one process, a folder of the run."""
    import fcntl
    import os

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, above each worker's own
    folder, done = root / f"shared-{name}", root / f"shared-{name}.done"
    with open(root / f"shared-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            if folder.exists():  # a worker failed half-way: start again
                shutil.rmtree(folder)
            folder.mkdir()
            make(folder)
            done.write_text(name)
    return folder


def shared_build(tmp_path_factory, name: str, *args) -> Path:
    """`cardgen build ARGS --out <shared folder>/out`, made once for the run (see shared)."""
    def make(folder: Path) -> None:
        result = run_cli("build", *args, "--out", folder / "out", "-q")
        assert result.exit_code == 0, result.output
    return shared(tmp_path_factory, name, make) / "out"


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """A complete build (SVG, PDF and PNG) of every game, shared read-only by tests; the
    games built side by side, the cards rendered by a pool (-j 2)."""
    return shared_build(tmp_path_factory, "built", "--format", "svg,pdf,png", "-j", "2")


@pytest.fixture(scope="session")
def printed(tmp_path_factory) -> Path:
    """Str8 Eight as PDF on both papers (A4 and Letter sheets, A5 and half-letter
    booklets and player aids), shared read-only: its game folder."""
    return shared_build(tmp_path_factory, "printed", "--game", "str8eight", "--format", "pdf", "--paper", "both") \
        / "str8eight"


@pytest.fixture(scope="session")
def intro_rules(tmp_path_factory) -> Path:
    """The intro preset's Str8 Eight booklet and aid (with the card SVGs the checker reads),
    built once and checked clean, shared read-only: its output folder."""
    from cardgen.documents.ruletext import Edition
    from cardgen.model.facts import str8eight_facts

    out = shared_build(tmp_path_factory, "intro-rules", "--preset", "intro", "--game", "str8eight", "--only", "rules",
                       "--format", "pdf", "-j", "1")
    check = run_cli("check", out)
    listed = len(Edition("str8eight", str8eight_facts(6, 4, 5, "full", True)))
    assert check.exit_code == 0 and f"{listed} readings listed as the table gives them, each marked †" in check.output, \
        check.output
    return out


EXPORT_ARGS = ("build", "--game", "str8eight", "--format", "pdf,tts,pod,html")


@pytest.fixture(scope="session")
def exported(tmp_path_factory) -> Path:
    """Str8 Eight with the exports (Tabletop Simulator, print on demand, HTML preview),
    shared read-only."""
    return shared_build(tmp_path_factory, "exported", *EXPORT_ARGS[1:])


@pytest.fixture
def copy_of_build(built, tmp_path) -> Path:
    """A private copy of the build that a test may damage."""
    return private_copy(built, tmp_path / "output")


@pytest.fixture
def copy_of_games(built, tmp_path, tmp_path_factory):
    """copy_of_games(*names): a private copy of just those games of the build, with the
    manifest cut down to them, as `cardgen build --game …` would have written it. The
    checker then reads only what a test damages: half the copying and checking."""
    def copy(*games: str) -> Path:
        out = tmp_path / "output"
        out.mkdir()
        for game in games:
            shutil.copytree(built / game, out / game, copy_function=shutil.copyfile)
        data = json.loads((built / "manifest.json").read_text())
        assert set(games) <= set(data["games"]), games
        data["games"] = {name: params for name, params in data["games"].items() if name in games}
        data["files"] = [entry for entry in data["files"] if entry["path"].split("/")[0] in games]
        data["files"] += _kit_pages(out, data, games, tmp_path_factory)
        (out / "manifest.json").write_text(json.dumps(data, indent=2))
        if games not in _CUT_DOWN_COPIES_THAT_PASS:  # undamaged, the cut-down copy passes (once a run: every
            def passes(folder: Path) -> None:  # worker's copy holds the same bytes)
                result = run_cli("check", out)
                assert result.exit_code == 0, result.output
            shared(tmp_path_factory, "cut-down-passes-" + "-".join(games), passes)
            _CUT_DOWN_COPIES_THAT_PASS.add(games)
        return out
    return copy


_CUT_DOWN_COPIES_THAT_PASS: set = set()
_KIT_PAGES: dict = {}  # games -> {page name: bytes}


def _kit_pages(out: Path, data: dict, games: tuple, tmp_path_factory) -> list:
    """The how-to-print pages `cardgen build --game …` would have written for just these games
    (made once a run for each set of games, kept in a shared folder): their manifest entries."""
    from cardgen.builders import GAMES
    from cardgen.documents import howto
    from cardgen.manifest import Entry
    from cardgen.record import from_json
    from cardgen.theme import DEFAULT_THEME

    records = {name: from_json(name, params) for name, params in data["games"].items()}
    if games not in _KIT_PAGES:
        def make(folder: Path) -> None:
            entries = [Entry(**e) for e in data["files"]]
            titles = {name: game.title for name, game in GAMES.items() if name in records}
            paths = howto.write_howto(out, records, entries, howto.papers(records, ("letter",), entries),
                                      DEFAULT_THEME, titles)
            from cardgen.documents import printall  # issue 41: and the one file to print

            paths += printall.write_printall(out, records, entries, howto.papers(records, ("letter",), entries),
                                             DEFAULT_THEME, titles)
            for path in paths:
                shutil.copyfile(path, folder / path.name)
            (folder / "order.json").write_text(json.dumps([p.name for p in paths]))
        folder = shared(tmp_path_factory, "kit-pages-" + "-".join(games), make)
        _KIT_PAGES[games] = {name: (folder / name).read_bytes()
                             for name in json.loads((folder / "order.json").read_text())}
    entries = []
    for name, data_bytes in _KIT_PAGES[games].items():
        (out / name).write_bytes(data_bytes)
        kind = "print-everything" if name.startswith("print-everything-") else howto.KIND
        entries.append({"path": name, "game": howto.KIT, "kind": kind, "format": "pdf",
                        "sha256": sha256_file(out / name)})
    return entries


def refresh_manifest(out: Path) -> None:
    """Make manifest.json agree with the files again, as a careful forger would."""
    path = out / "manifest.json"
    data = json.loads(path.read_text())
    entries = []
    for entry in data["files"]:
        file = out / entry["path"]
        if file.exists():
            entry["sha256"] = sha256_file(file)
            entries.append(entry)
    known = {e["path"] for e in entries}
    for game in data["games"]:
        for file in sorted((out / game).rglob("*")):
            rel = file.relative_to(out).as_posix()
            if file.is_file() and rel not in known:
                entries.append({"path": rel, "game": game, "kind": "?", "format": file.suffix[1:],
                                "sha256": sha256_file(file)})
    data["files"] = entries
    path.write_text(json.dumps(data, indent=2))


def pdf_fonts(path: Path) -> dict:
    """BaseFont name (without subset tag) -> whether its font file is embedded, for every
    font used on any page, looking inside form XObjects too."""
    import pypdf

    found: dict = {}

    def walk(resources, seen):
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            desc = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = desc["/FontDescriptor"].get_object() if "/FontDescriptor" in desc else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font["/BaseFont"]).split("+")[-1]] = embedded
        for xobj in (resources.get("/XObject") or {}).values():
            ref = xobj.indirect_reference if hasattr(xobj, "indirect_reference") else None
            xobj = xobj.get_object()
            key = (ref.idnum if ref else id(xobj))
            if key in seen or "/Resources" not in xobj:
                continue
            seen.add(key)
            walk(xobj["/Resources"], seen)

    for page in pypdf.PdfReader(str(path)).pages:
        walk(page.get("/Resources"), set())
    return found


def pdf_route(path: Path) -> str:
    """Which of our two PDF routes wrote a file: "reportlab" (our templates, drawn by
    fastsvg onto a reportlab canvas) or "cairo" (anything else, through CairoSVG and
    finished by pikepdf): our Producer names the route (draw/pdfmeta.py), and the file's
    first bytes say which library wrote it."""
    import pypdf

    meta = pypdf.PdfReader(str(path)).metadata or {}
    producer, creator = str(meta.get("/Producer", "")), str(meta.get("/Creator", ""))
    head = path.read_bytes()[:200]
    if producer.endswith("(reportlab)") and creator.startswith("cardgen") and b"ReportLab Generated PDF" in head:
        return "reportlab"
    if producer.endswith("(cairo, pikepdf)") and creator.startswith("cardgen") and b"ReportLab" not in head:
        return "cairo"
    return f"unknown (Producer {producer!r}, Creator {creator!r})"


TILE_MM = 2.54  # 10 px at 100 dpi
TILE_LIMIT = 52  # see worst_tile


def worst_tile(a, b, dpi: float, tile_mm: float = TILE_MM):
    """Compare two renderings of one page tile by tile: the page is cut into a grid of
    tile_mm squares and each tile's average color is compared. Returns the largest
    channel difference of any tile (0–255) and where that tile is, in mm.

    A whole-page mean hides a missing arrow tag or a recolored group (3 of 255); here a
    removed tag moves some tile by 130 or more, and a group drawn in the closest other
    group color (#cc6677 as #999933) by 61. Two renderers that place text a fraction of
    a pixel apart and anti-alias edges differently only move ink within a tile, which
    changes its average little: at most 43 (fast vs CairoSVG) and 42 (PDFium vs cairo)
    on every card. TILE_LIMIT sits between. (The mean *absolute* difference of a tile
    would not separate them: sub-pixel text alone gives up to 83 there, since every
    shifted edge counts.) test_fastsvg proves the limit catches the damage. Sizes may
    differ by a pixel (rounding); the common area is compared."""
    from PIL import ImageChops

    assert abs(a.width - b.width) <= 1 and abs(a.height - b.height) <= 1, (a.size, b.size)
    w, h = min(a.width, b.width), min(a.height, b.height)
    t = max(1, round(tile_mm * dpi / 25.4))
    a, b = (im.convert("RGB").crop((0, 0, w, h)).reduce(t) for im in (a, b))  # one pixel a tile: its mean
    r, g, bl = ImageChops.difference(a, b).split()
    diff = ImageChops.lighter(ImageChops.lighter(r, g), bl)  # the largest channel difference
    worst = diff.getextrema()[1]
    data = diff.load()
    x, y = next((x, y) for y in range(diff.height) for x in range(diff.width) if data[x, y] == worst)
    return worst, (round(x * t * 25.4 / dpi, 1), round(y * t * 25.4 / dpi, 1))


def drop_last_pdf_page(path: Path) -> None:
    """Damage a PDF the quiet way: one page fewer, still a valid file."""
    import pypdf

    reader, writer = pypdf.PdfReader(str(path)), pypdf.PdfWriter()
    for page in reader.pages[:-1]:
        writer.add_page(page)
    with open(path, "wb") as fh:
        writer.write(fh)


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace text in a built file, failing loudly if the text is not there."""
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count))


def assert_check_catches(out: Path, expected: list) -> str:
    """Re-hash the manifest to match the damage, run the checker, expect every message."""
    refresh_manifest(out)
    result = run_cli("check", out)
    assert result.exit_code == 1, result.output
    for text in expected:
        assert text in result.output, (text, result.output)
    return result.output


@pytest.fixture(scope="session")
def played(tmp_path_factory):
    """One playtest of Crazy Eights and Eights (a few games each) with --json and --log, shared
    read-only: (output folder, {game: report}, {game: log lines}). Its skill ladder plays 2
    hands a match (its lookahead matches were 8 of the 11.6 s CPU; test_lookahead tests it)."""
    def make(tmp: Path) -> None:
        result = run_cli("playtest", "--game", "crazy-eights", "--game", "eights", "--hands", "24", "-j", "1",
                         "--lookahead-iterations", "4", "--ladder-hands", "2", "--out", tmp / "out", "--json", tmp / "figures.json", "--log", tmp / "hands.jsonl", "-q")
        assert result.exit_code == 0, result.output
    tmp = shared(tmp_path_factory, "played", make)
    out, figures, log = tmp / "out", tmp / "figures.json", tmp / "hands.jsonl"
    reports = {r["game"]: r for r in json.loads(figures.read_text())["reports"]}
    lines: dict = {}
    for line in log.read_text().splitlines():
        lines.setdefault(json.loads(line)["game"], []).append(line)
    return out, reports, lines


CARDGEN = f"cardgen {__version__}"


def xmp_of(pdf) -> str:
    return pdf.Root.Metadata.read_bytes().decode("utf-8")


def assert_metadata(path: Path, variant: str = "", date: str = "D:20260101000000+00'00'") -> dict:
    """The metadata every PDF of ours carries (draw/pdfmeta.py), in the document information
    and the XMP packet alike; variant: how the title must end. Returns the information."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        info = {str(k)[1:]: str(v) for k, v in pdf.docinfo.items()}
        xmp = xmp_of(pdf)
    assert info["Author"] == info["Creator"] == CARDGEN, (path.name, info)
    assert info["Producer"].startswith(f"{CARDGEN} ("), (path.name, info["Producer"])
    assert info["Subject"] and "unspecified" not in info["Subject"] and info["Keywords"], (path.name, info)
    assert info["CreationDate"] == info["ModDate"] == date, (path.name, info)
    if variant:
        assert info["Title"].endswith(f"({variant})"), (path.name, info["Title"])
    iso = f"{date[2:6]}-{date[6:8]}-{date[8:10]}T{date[10:12]}:{date[12:14]}:{date[14:16]}Z"
    assert re.findall(r"<xmp:(?:Create|Modify)Date>([^<]*)<", xmp) == [iso, iso], path.name
    assert f">{info['Title'].replace('&', '&amp;')}<" in xmp and f"<pdf:Producer>{info['Producer']}<" in xmp
    return info


@pytest.fixture(scope="session", autouse=True)
def one_store_for_the_run(tmp_path_factory):
    """The results cardgen keeps between runs (cache.py's store: skill ladders, report pages)
    in one folder of this test run, shared by every xdist worker and every subprocess a test
    starts (they inherit the variable): never the user's own, and a ladder one test played is
    not played again by the next. Tests of the store itself point it elsewhere."""
    import os

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    before = os.environ.get("CARDGEN_CACHE")
    os.environ["CARDGEN_CACHE"] = str(root / "store")
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("CARDGEN_CACHE", None)
        else:
            os.environ["CARDGEN_CACHE"] = before


# --- where the suite's time goes (issue 42): CARDGEN_TEST_CPU=FILE appends one line a test ------
# (test id, wall seconds, CPU seconds of the test's process and of the children it waited for)
# over setup, call and teardown, so a run tells CPU from waiting: benchmarks/suite_cpu.py sums them.

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    import os

    where = os.environ.get("CARDGEN_TEST_CPU")
    if not where:
        yield
        return
    import resource
    import time

    def cpu() -> float:
        own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

    wall, used = time.perf_counter(), cpu()
    yield
    with open(where, "a") as fh:
        fh.write(json.dumps([item.nodeid, round(time.perf_counter() - wall, 3), round(cpu() - used, 3)]) + "\n")


@pytest.fixture(scope="session", autouse=True)
def check_readings_made_once_for_the_run(tmp_path_factory):
    """The checker keeps what it reads out of a file (a PDF page's text, a page's drawing
    and digest, a file's legibility readings) by the digest of the file's bytes
    (check/memo.py), for its own process; here those results are also kept in a folder of
    the test run, so a booklet one xdist worker read is not read again by the other (the
    checks read kits that are mostly the same files). Same bytes, same result: a damaged
    file has a new digest and is read afresh."""
    import os

    from cardgen.check import memo

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder = root / "check-readings"
    folder.mkdir(exist_ok=True)
    before = memo.keep_in(folder)
    try:
        yield
    finally:
        memo.keep_in(before)


# --- issue 42: damage to the deck's own files, caught in a kit of just those files ----------------
DECK_AND_SHEET_ARGS = ("--game", "str8eight", "--format", "svg,pdf,png", "--only", "cards,sheet", "-j", "1")


@pytest.fixture(scope="session")
def deck_and_sheet(tmp_path_factory) -> Path:
    """Str8 Eight's cards (SVG, PNG, the card and back PDFs) and its sequence sheet and atlas,
    nothing else, built once and checked clean, shared read-only: the kit the damaged-card and
    damaged-sheet tests damage copies of. Their damage touches only these files, and the
    checker then reads these alone (a third of checking the whole of Str8 Eight's build: no
    booklets, boxes, print sheets or how-to-print pages to read each time)."""
    def make(folder: Path) -> None:
        result = run_cli("build", *DECK_AND_SHEET_ARGS, "--out", folder / "out", "-q")
        assert result.exit_code == 0, result.output
        check = run_cli("check", folder / "out")
        assert check.exit_code == 0, check.output
    return shared(tmp_path_factory, "deck-and-sheet", make) / "out"


@pytest.fixture
def copy_of_deck(deck_and_sheet, tmp_path) -> Path:
    """A private copy of deck_and_sheet that a test may damage."""
    return private_copy(deck_and_sheet, tmp_path / "output")


# --- issue 42: a shared build and its `cardgen check`, made once for the run ---------------------

def shared_checked_build(tmp_path_factory, name: str, *args) -> tuple:
    """`cardgen build ARGS` and `cardgen check` of it, made once for the run (see shared):
    (its output folder, the check's exit code, the check's output). For tests that each
    built the same kit and checked it."""
    def make(folder: Path) -> None:
        result = run_cli("build", *args, "--out", folder / "out", "-q")
        assert result.exit_code == 0, result.output
        check = run_cli("check", folder / "out")
        (folder / "check.json").write_text(json.dumps([check.exit_code, check.output]))
    folder = shared(tmp_path_factory, name, make)
    code, output = json.loads((folder / "check.json").read_text())
    return folder / "out", code, output


def shared_check(tmp_path_factory, name: str, out: Path) -> tuple:
    """`cardgen check` of a shared build, run once for the run: (exit code, output)."""
    def make(folder: Path) -> None:
        check = run_cli("check", out)
        (folder / "check.json").write_text(json.dumps([check.exit_code, check.output]))
    return tuple(json.loads((shared(tmp_path_factory, name, make) / "check.json").read_text()))
