"""Parts made once (cardgen/partstore.py): a part read from the result store is the very
part made afresh, and every input that decides it (the options it reads, the other inputs
named, the fonts' bytes, the code, the build date) makes it again when it changes."""
from __future__ import annotations

import shutil

import pytest

from cardgen import cache, partstore
from cardgen.builders.deckfiles import Output
from cardgen.builders.rulebook import drawing_inputs
from cardgen.options import BuildOptions
from cardgen.theme import Theme
from conftest import run_cli


class Part:
    """A toy part: writes one file from the options it reads (paper, and low_ink only on A4)
    and the inputs it is given; counts how often it really ran."""

    def __init__(self):
        self.runs = 0

    def __call__(self, out, options, inputs):
        self.runs += 1
        text = f"{options.paper} {inputs}"
        if options.paper == "a4":
            text += f" {options.low_ink}"
        path = out.game_dir / "sub" / "part.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        out.add(path, "part", "txt")
        out.params["part"] = ("made", options.paper)


def kept(tmp_path, name, part, options, inputs=None):
    inputs = {"words": "a"} if inputs is None else inputs
    out = Output(tmp_path / name / "game", {"parts": ("rules",)}, name="Game", variant="v")
    out.game_dir.mkdir(parents=True)
    hit = partstore.kept_part(out, "toy", options, inputs, lambda o, opts: part(o, opts, inputs))
    files = {p.relative_to(out.game_dir).as_posix(): p.read_bytes() for p, _, _ in out.files}
    return hit, files, out.params


def test_a_kept_part_is_the_part_made_afresh(private_store, tmp_path):
    part = Part()
    first = kept(tmp_path, "one", part, BuildOptions())
    second = kept(tmp_path, "two", part, BuildOptions())
    assert part.runs == 1 and not first[0] and second[0]
    assert first[1:] == second[1:] == ({"sub/part.txt": b"letter {'words': 'a'}"},
                                       {"parts": ("rules",), "part": ("made", "letter")})


def test_only_the_options_a_part_reads_decide_it(private_store, tmp_path):
    part = Part()
    kept(tmp_path, "one", part, BuildOptions())
    assert kept(tmp_path, "layout", part, BuildOptions(layout="fronts"))[0]  # never read
    assert kept(tmp_path, "low-ink", part, BuildOptions(low_ink=True))[0]  # not read on letter
    assert part.runs == 1
    hit, files, _ = kept(tmp_path, "a4", part, BuildOptions(paper="a4"))
    assert not hit and files["sub/part.txt"] == b"a4 {'words': 'a'} False"
    hit, files, _ = kept(tmp_path, "a4-low-ink", part, BuildOptions(paper="a4", low_ink=True))
    assert not hit and files["sub/part.txt"] == b"a4 {'words': 'a'} True"  # read on A4: a new trace
    assert kept(tmp_path, "a4-again", part, BuildOptions(paper="a4"))[0]
    assert kept(tmp_path, "letter-again", part, BuildOptions())[0]  # every trace kept is tried
    assert part.runs == 3


def test_a_part_that_reads_the_whole_options_is_keyed_by_all_of_them(private_store, tmp_path):
    runs = []

    def whole(out, options):
        runs.append(1)
        path = out.game_dir / "whole.txt"
        path.write_text(str(sorted(vars(options))))
        out.add(path, "whole", "txt")

    def once(name, options):
        out = Output(tmp_path / name / "game", {}, name="Game")
        out.game_dir.mkdir(parents=True)
        return partstore.kept_part(out, "whole", options, {}, whole)

    assert not once("one", BuildOptions()) and once("two", BuildOptions())
    assert not once("three", BuildOptions(layout="fronts")) and len(runs) == 2


@pytest.mark.parametrize("change", ["inputs", "code", "date", "title", "params"])
def test_every_other_input_makes_the_part_again(private_store, tmp_path, monkeypatch, change):
    part = Part()
    kept(tmp_path, "one", part, BuildOptions())
    inputs = {"words": "a"}
    if change == "inputs":
        inputs = {"words": "b"}
    elif change == "code":
        monkeypatch.setattr(cache, "code_version", lambda: "another version of cardgen")
    elif change == "date":
        monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    out = Output(tmp_path / "two" / "game", {"parts": ("rules",)}, name="Game", variant="v")
    if change == "title":
        out.variant = "w"
    elif change == "params":
        out.params["table_size"] = 6
    out.game_dir.mkdir(parents=True)
    assert not partstore.kept_part(out, "toy", BuildOptions(), inputs, lambda o, opts: part(o, opts, inputs))
    assert part.runs == 2


def test_changed_font_bytes_make_the_part_again(private_store, tmp_path):
    """The theme's fonts are keyed by their bytes, not their names."""
    from cardgen.fontset import FontSet
    from cardgen.theme import DEFAULT_FONTS

    folder = tmp_path / "fonts"
    shutil.copytree(DEFAULT_FONTS.folder, folder, ignore=shutil.ignore_patterns("__pycache__"))
    theme = Theme(fonts=FontSet(DEFAULT_FONTS.family, DEFAULT_FONTS.files, DEFAULT_FONTS.roles, folder))
    part = Part()
    kept(tmp_path, "one", part, BuildOptions(), {"theme": drawing_inputs(theme)})
    assert kept(tmp_path, "two", part, BuildOptions(), {"theme": drawing_inputs(theme)})[0]
    font = folder / dict(DEFAULT_FONTS.files)["regular"]
    font.write_bytes(font.read_bytes() + b"\0")
    assert not kept(tmp_path, "three", part, BuildOptions(), {"theme": drawing_inputs(theme)})[0]
    assert part.runs == 2


def test_an_input_that_cannot_be_keyed_keeps_nothing(private_store, tmp_path):
    """A function holding variables (whose values the key cannot see) or an unknown object:
    the part runs every time."""
    part = Part()
    secret = object()
    for name in ("one", "two"):
        assert not kept(tmp_path, name, part, BuildOptions(), {"make": lambda: secret})[0]
        assert not kept(tmp_path, name + "-object", part, BuildOptions(), {"thing": secret})[0]
    assert part.runs == 4
    with pytest.raises(partstore.Unkeyable):
        partstore.encode(object())


def test_a_damaged_entry_or_clean_makes_the_part_again(private_store, tmp_path):
    part = Part()
    kept(tmp_path, "one", part, BuildOptions())
    for entry in (private_store / partstore.KIND).iterdir():
        data = bytearray(entry.read_bytes())
        data[-1] ^= 1
        entry.write_bytes(bytes(data))
    hit, files, _ = kept(tmp_path, "two", part, BuildOptions())
    assert not hit and files == {"sub/part.txt": b"letter {'words': 'a'}"}
    cache.draw_afresh(True)
    try:
        assert not kept(tmp_path, "three", part, BuildOptions())[0]
    finally:
        cache.draw_afresh(False)
    assert part.runs == 3 and kept(tmp_path, "four", part, BuildOptions())[0]


def test_store_off_runs_the_part(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.STORE_ENV, "off")
    part = Part()
    assert not kept(tmp_path, "one", part, BuildOptions())[0] and not kept(tmp_path, "two", part, BuildOptions())[0]
    assert part.runs == 2


def test_encoding_tells_apart_what_differs():
    e = partstore.encode
    assert e(1) != e(1.0) != e("1") and e((1, 2)) != e([1, 2]) and e({1: 2}) == e({1: 2})
    assert e(BuildOptions()) != e(BuildOptions(paper="a4")) and e(0.1) != e(0.1000000001)
    assert e(frozenset({"b", "a"})) == e(frozenset({"a", "b"}))


# ------------------------------------------------------------------ whole builds

RULES = ("build", "--game", "fourscore", "--format", "pdf", "-j", "1", "-q")


def pdfs(out) -> dict:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.pdf")}


def built(tmp_path, name, *extra) -> dict:
    before = cache.reused.get(partstore.KIND, 0)
    result = run_cli(*RULES, *extra, "--out", tmp_path / name)
    assert result.exit_code == 0, result.output
    return pdfs(tmp_path / name), cache.reused.get(partstore.KIND, 0) - before


@pytest.fixture(scope="session")
def first_build(tmp_path_factory):
    """RULES built once for the run on an empty store of its own, which it fills (none of its
    parts reused): (its PDFs, that store), shared read-only. A test takes the PDFs as the
    first build's and builds on its own copy of the store (first_store)."""
    import os

    from conftest import shared

    def make(folder):
        before, afresh = os.environ.get(cache.STORE_ENV), cache._afresh
        os.environ[cache.STORE_ENV], cache._afresh = str(folder / "store"), False
        try:
            first, reused = built(folder, "one")
        finally:
            cache._afresh = afresh
            if before is None:
                os.environ.pop(cache.STORE_ENV, None)
            else:
                os.environ[cache.STORE_ENV] = before
        assert not reused and "fourscore/fourscore-rules.pdf" in first
    folder = shared(tmp_path_factory, "partstore-first", make)
    return pdfs(folder / "one"), folder / "store"


@pytest.fixture
def first_store(private_store, first_build):
    """The store as the first build left it, this test's own copy: the first build's PDFs."""
    shutil.copytree(first_build[1], private_store)
    return first_build[0]


def test_booklets_from_the_store_are_the_booklets_made_afresh(first_store, tmp_path, monkeypatch):
    first = first_store  # made on an empty store, none of its parts reused (first_build)
    assert "fourscore/fourscore-rules.pdf" in first
    again, reused = built(tmp_path, "two")
    assert reused and again == first
    fronts, reused = built(tmp_path, "fronts", "--layout", "fronts")  # booklets read no --layout
    assert reused and fronts == first
    monkeypatch.setenv(cache.STORE_ENV, "off")
    assert built(tmp_path, "fresh")[0] == first


@pytest.mark.parametrize("change", [("--low-ink",), ("--paper", "a4"), ("--font", "hyperlegible"),
                                    ("--pass-cards", "4"), ("palette",)])
def test_a_changed_input_draws_the_booklets_again(first_store, tmp_path, monkeypatch, change):
    """Options the booklets read, the theme's fonts and tokens (the group colors), the
    variant's facts (the pass cards): each one changed gives the booklets a store-off build
    gives, never the kept ones."""
    if change == ("palette",):
        project = tmp_path / "cardgen.toml"
        project.write_text('[theme]\ngroup_colors = ["#882255", "#332288", "#88ccee", "#44aa99", "#117733", '
                           '"#999933", "#ddcc77", "#cc6677"]\n')
        change = ("--config", str(project))
    first = first_store
    changed, reused = built(tmp_path, "two", *change)
    assert not reused and changed["fourscore/fourscore-rules.pdf"] != first["fourscore/fourscore-rules.pdf"]
    monkeypatch.setenv(cache.STORE_ENV, "off")
    assert built(tmp_path, "fresh", *change)[0] == changed


def test_a_kept_file_follows_the_bytes_of_the_files_it_is_made_from(private_store, tmp_path):
    """The home-print sheets are made from the card PDFs: named by their bytes, not by the
    build's folder (which moves from build to build)."""
    made = []

    def sheet(folder, name):
        cards = folder / "cards.pdf"
        out = folder / name

        def make():
            made.append(name)
            out.write_bytes(b"sheet of " + cards.read_bytes())
            return {"pages": 2}
        return partstore.kept_file("toy sheet", {"args": (cards, 3.0)}, out, make, root=folder), out.read_bytes()

    for name in ("one", "two", "three"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "cards.pdf").write_bytes(b"cards" if name != "three" else b"other cards")
    assert sheet(tmp_path / "one", "print.pdf") == ({"pages": 2}, b"sheet of cards")
    assert sheet(tmp_path / "two", "print.pdf") == ({"pages": 2}, b"sheet of cards") and made == ["print.pdf"]
    assert sheet(tmp_path / "three", "print.pdf") == ({"pages": 2}, b"sheet of other cards") and len(made) == 2


def test_a_full_disk_writing_a_kept_part_is_one_line(first_store, tmp_path, monkeypatch):
    import errno
    from pathlib import Path
    real = Path.write_bytes

    def full(self, data):
        if self.name.endswith("-rules.pdf"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data)
    monkeypatch.setattr(Path, "write_bytes", full)
    result = run_cli(*RULES, "--out", tmp_path / "two")
    assert result.exit_code == 2 and "No space left on device" in result.output
    assert "fourscore-rules.pdf" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "two").exists()
