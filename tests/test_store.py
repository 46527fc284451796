"""What cardgen keeps between runs (cache.py's store): the skill ladder and the report pages
are made once for the same inputs, made again when any input changes, and a damaged entry is
never believed. A ladder stops a match once its interval ranks the players, the same way
whatever -j."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardgen import cache
from cardgen.playtest import ladder as ladder_module
from conftest import run_cli

# a small ladder: three players on a 6 × 6 table, three matches of 6 hands, a weak lookahead
SMALL = ("playtest", "--game", "str8eight", "--table-size", "6", "--players", "3", "--hands", "4",
         "--ladder-hands", "6", "--lookahead-iterations", "2", "-j", "1", "-v")


@pytest.fixture
def store(tmp_path, monkeypatch):
    folder = tmp_path / "store"
    monkeypatch.setenv(cache.STORE_ENV, str(folder))
    return folder


def playtest(tmp_path, name: str, *extra: str) -> tuple:
    """Run the small playtest; returns (how many ladders it played, its output, the JSON's bytes)."""
    figures = tmp_path / f"{name}.json"
    before = ladder_module.made
    result = run_cli(*SMALL, *extra, "--out", tmp_path / name, "--json", figures)
    assert result.exit_code == 0, result.output
    return ladder_module.made - before, result.output, figures.read_bytes()


@pytest.fixture(scope="session")
def first_playtest(tmp_path_factory):
    """The small playtest played once for the run on an empty store of its own, shared
    read-only: its folder, holding the store it filled ("store"), its output ("one") and
    "first.json": [ladders it played, its output, its JSON's text]."""
    from conftest import shared

    def make(folder):
        before = os.environ.get(cache.STORE_ENV)
        os.environ[cache.STORE_ENV] = str(folder / "store")
        try:
            made, output, figures = playtest(folder, "one")
        finally:
            if before is None:
                os.environ.pop(cache.STORE_ENV, None)
            else:
                os.environ[cache.STORE_ENV] = before
        (folder / "first.json").write_text(json.dumps([made, output, figures.decode()]))
    return shared(tmp_path_factory, "store-first-playtest", make)


@pytest.fixture
def first_store(store, first_playtest):
    """The store as the first playtest left it, this test's own copy: (ladders that playtest
    played, its output, its JSON's bytes, its output folder)."""
    import shutil

    shutil.copytree(first_playtest / "store", store)
    made, output, figures = json.loads((first_playtest / "first.json").read_text())
    return made, output, figures.encode(), first_playtest / "one"


def test_a_second_playtest_reuses_the_ladder_and_its_page(first_store, store, tmp_path):
    made, output, first, one = first_store
    assert made == 1 and "ladder: made" in output and "report page: drawn" in output
    assert len(list((store / "ladder").iterdir())) == 1
    made, output, second = playtest(tmp_path, "two")
    assert made == 0 and "ladder: reused" in output and "report page: reused" in output
    assert second == first
    for name in ("str8eight-playtest-letter.pdf", "str8eight-playtest.html", "str8eight-playtest.json"):
        assert (tmp_path / "two" / "playtest" / name).read_bytes() == (one / "playtest" / name).read_bytes()


def ladder_of(players=3, pass_cards=6, hands=6, iterations=2, seed=1) -> tuple:
    """The small ladder played (or reused) as a playtest does, without drawing a page:
    (ladders played, its lines, its figures)."""
    from cardgen.model.play.str8eight import Variant
    from cardgen.playtest.run import play

    lines, before = [], ladder_module.made
    report = play("str8eight", Variant(table_size=6, pass_cards=pass_cards, sequence_length=6, players=players),
                  ("greedy",), 1, seed, 1, ladder_hands=hands, iterations=iterations, ladder_log=lines.append)
    return ladder_module.made - before, lines, report["figures"]["ladder"]


def test_a_kept_ladder_is_the_very_ladder_played_afresh(store, monkeypatch):
    """The figures from the store, once written out, are the bytes a run with no store writes."""
    made, _, played = ladder_of()
    assert made == 1
    made, _, kept = ladder_of()
    assert made == 0
    monkeypatch.setenv(cache.STORE_ENV, "off")
    made, _, fresh = ladder_of()
    assert made == 1
    assert json.dumps(kept, indent=1) == json.dumps(fresh, indent=1) == json.dumps(played, indent=1)


@pytest.mark.parametrize("change", [{"players": 4}, {"pass_cards": 4}, {"hands": 8}, {"iterations": 3}, {"seed": 7},
                                    "version"],
                         ids=["variant players", "variant pass cards", "budget", "lookahead budget", "seed", "version"])
def test_a_changed_input_plays_the_ladder_again(store, monkeypatch, change):
    made, lines, first = ladder_of()
    assert made == 1 and lines[0].startswith("ladder: made")
    assert ladder_of()[:2] == (0, [lines[0].replace("made", "reused")])
    if change == "version":
        real = cache.code_version()
        monkeypatch.setattr(cache, "code_version", lambda: "another" + real)
        change = {}
    made, lines, _ = ladder_of(**change)
    assert made == 1 and lines[0].startswith("ladder: made")
    assert len(list((store / "ladder").iterdir())) == 2
    assert ladder_of(**change)[0] == 0  # and that one is kept in turn


@pytest.mark.parametrize("damage", ["a number changed", "cut short", "empty", "not json"])
def test_a_damaged_entry_is_ignored_and_written_again(store, damage):
    _, _, first = ladder_of()
    [entry] = (store / "ladder").iterdir()
    data = entry.read_bytes()
    if damage == "a number changed":  # still JSON, still a ladder: only its digest tells
        i = data.index(b'"rate": ') + len(b'"rate": ')
        data = data[:i] + (b"2" if data[i:i + 1] != b"2" else b"3") + data[i + 1:]
    elif damage == "cut short":
        data = data[:len(data) // 2]
    elif damage == "empty":
        data = b""
    else:  # a payload whose digest is right but which is not a ladder's JSON
        import hashlib

        data = hashlib.sha256(b"{nope").hexdigest().encode() + b"\n{nope"
    entry.write_bytes(data)
    made, lines, second = ladder_of()
    assert made == 1 and lines[0].startswith("ladder: made")
    assert second == first
    assert entry.read_bytes() != data and cache.fetch("ladder", entry.name) is not None  # whole again
    assert ladder_of()[0] == 0


def test_the_store_is_bounded_and_drops_the_least_recently_used(store, monkeypatch):
    monkeypatch.setitem(cache.STORE_LIMITS, "ladder", 3)
    keys = [cache.store_key("ladder", {"n": n}) for n in range(5)]
    for n, key in enumerate(keys[:3]):
        cache.keep("ladder", key, b"%d" % n)
        os.utime(store / "ladder" / key, ns=(n * 10 ** 9, n * 10 ** 9))
    assert cache.fetch("ladder", keys[0]) == b"0"  # used: now the most recent
    cache.keep("ladder", keys[3], b"3")
    cache.keep("ladder", keys[4], b"4")
    assert sorted(p.name for p in (store / "ladder").iterdir()) == sorted([keys[0], keys[3], keys[4]])


def test_writers_at_once_leave_one_whole_entry(store):
    """Eight processes keep the same large entry at the same moment: one whole copy, no
    temporary file left."""
    payload = "x" * (4 << 20)
    code = ("import sys\nfrom cardgen import cache\n"
            "sys.stdin.readline()\n"  # every writer waits for the word to go
            f"cache.keep('ladder', 'a' * 64, b'{payload[:1]}' * {len(payload)})\n")
    procs = [subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, text=True) for _ in range(8)]
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        p.stdin.close()
        assert p.wait() == 0
    assert [p.name for p in (store / "ladder").iterdir()] == ["a" * 64]
    assert cache.fetch("ladder", "a" * 64) == payload.encode()


def test_a_store_others_can_write_to_is_not_used(store, tmp_path):
    store.mkdir(mode=0o777)
    os.chmod(store, 0o777)
    assert cache.store_folder() is None
    assert ladder_of()[0] == 1 and ladder_of()[0] == 1 and not list(store.iterdir())


def test_a_ladder_is_the_same_whatever_jobs_and_a_clear_match_stops_early():
    """greedy against random is clear after a few hands: it stops at a look, below its
    budget; lookahead against greedy with one rollout a decision plays its whole budget.
    Each match's hands are the same with one worker or two."""
    from cardgen.model.play.str8eight import Variant

    v = Variant(table_size=6, pass_cards=6, sequence_length=6, players=3)
    pairs = (("greedy", "random"), ("lookahead", "greedy"))
    one = ladder_module.play_matches("str8eight", v, pairs, 20, 3, 1, 1)
    two = ladder_module.play_matches("str8eight", v, pairs, 20, 3, 2, 1)
    assert [vars(t) for _, t in one] == [vars(t) for _, t in two]
    (_, greedy), (_, lookahead) = one
    assert greedy.hands in ladder_module.looks(20) and greedy.hands < 20
    assert ladder_module.ranked("str8eight", greedy, pairs[0], ladder_module._z(20))
    assert lookahead.hands == 20 and not ladder_module.ranked("str8eight", lookahead, pairs[1], ladder_module._z(20))
    assert ladder_module.looks(20) == [8, 16] and ladder_module.looks(8) == []
    # each look is tested at 1 - 5 % / looks: wider than a plain 95 % interval
    assert ladder_module._z(200) == pytest.approx(2.5758, abs=1e-4)  # five looks: 8 to 128 hands
    assert ladder_module._z(20) == pytest.approx(2.2414, abs=1e-4)  # two looks


def test_a_clear_match_stops_early_in_the_report(store):
    """Crazy Eights, greedy against random, with a budget of 200 games: it stops at a look."""
    from cardgen.model.play.crazy_eights import CrazyEightsVariant
    from cardgen.playtest.run import play

    report = play("crazy-eights", CrazyEightsVariant(players=4), ("greedy",), 1, 1, 1, ladder_hands=200,
                  matches=(("greedy", "random"),))  # not the lookahead match: a clear one
    [match] = report["figures"]["ladder"]["matches"]
    assert match["hands"] < 200 and match["hands"] in ladder_module.looks(200)
    assert match["strong_share"]["low"] > 0.5


# --- drawings made once --------------------------------------------------------------------------

def spy_drawings(monkeypatch) -> list:
    """The files drawn afresh (not taken from the store) from here on: PDFs of SVG pages and PNGs."""
    from cardgen.draw import pdf, png

    drawn: list = []
    real_pages, real_png = pdf.draw_pages, png._write_one

    def pages(svgs, path, *args, **kwargs):
        drawn.append(os.path.basename(str(path)))
        return real_pages(svgs, path, *args, **kwargs)

    def one(job):
        drawn.extend(os.path.basename(p) for p in job[1])
        return real_png(job)
    monkeypatch.setattr(pdf, "draw_pages", pages)
    monkeypatch.setattr(png, "_write_one", one)
    return drawn


def svgs_of(out) -> dict:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.svg")}


def test_switching_paper_redraws_no_card_and_clean_redraws_all(store, tmp_path, monkeypatch):
    # the parts this needs (issue 42): the cards, the sheets made of them, and the box drawn for the paper
    args = ("build", "--game", "eights", "--format", "png,pdf", "--only", "cards,print,box", "-j", "1", "-q")
    assert run_cli(*args, "--paper", "letter", "--out", tmp_path / "letter").exit_code == 0
    drawn = spy_drawings(monkeypatch)
    assert run_cli(*args, "--paper", "a4", "--out", tmp_path / "a4").exit_code == 0
    assert drawn and all("a4" in name for name in drawn), drawn  # the box, score pad, how-to page: A4 ones
    for name in ("eights/eights-cards.pdf", "eights/eights-back.pdf", "eights/png/1-1-e.png"):
        assert (tmp_path / "letter" / name).read_bytes() == (tmp_path / "a4" / name).read_bytes()
    drawn.clear()  # --clean: every drawing made again, the same bytes
    assert run_cli(*args, "--paper", "a4", "--clean", "--out", tmp_path / "a4").exit_code == 0
    assert "eights-cards.pdf" in drawn and len([n for n in drawn if n.endswith(".png")]) > 60
    for name in ("eights/eights-cards.pdf", "eights/eights-back.pdf", "eights/png/1-1-e.png"):
        assert (tmp_path / "letter" / name).read_bytes() == (tmp_path / "a4" / name).read_bytes()


def test_fewer_pass_cards_redraw_only_what_shows_them(store, tmp_path, monkeypatch):
    """Six pass cards to four: the pass cards and number cards are the same drawings (two fewer),
    so only what counts the cards (the tuck box) is drawn again; every PNG drawn is one
    whose SVG changed, and nothing else."""
    args = ("build", "--game", "str8eight", "--table-size", "4", "--format", "png", "-j", "1", "-q")
    assert run_cli(*args, "--out", tmp_path / "six").exit_code == 0
    drawn = spy_drawings(monkeypatch)
    assert run_cli(*args, "--pass-cards", "4", "--out", tmp_path / "four").exit_code == 0
    six, four = svgs_of(tmp_path / "six"), svgs_of(tmp_path / "four")
    changed = sorted(os.path.basename(name)[:-4] + ".png" for name, svg in four.items()
                     if svg not in six.values())
    assert changed and sorted(drawn) == changed, (drawn, changed)
    assert len(four) < len(six) and not [n for n in drawn if "pass" in n or "/png/" in n]



def test_a_page_drawn_for_another_build_date_is_not_reused(first_store, tmp_path, monkeypatch):
    """The report's PDF carries the build date: SOURCE_DATE_EPOCH is one of its page's inputs."""
    # the store holds the first playtest's ladder and page (first_store)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    _, output, _ = playtest(tmp_path, "two")
    assert "ladder: reused" in output and "report page: drawn" in output
    assert b"D:20231114" in (tmp_path / "two" / "playtest" / "str8eight-playtest-letter.pdf").read_bytes()



def test_matplotlib_is_loaded_beside_the_hands_only_when_a_page_will_be_drawn(store, tmp_path, monkeypatch):
    """A ladder to play, or many hands, warm a drawing process (matplotlib) while the hands are
    played; when the same playtest drew its pages before and the store holds them, none is
    warmed: it would only take a core from the hands."""
    from cardgen.playtest import drawer as drawer_module
    from cardgen.playtest import run as run_module

    started = []  # each playtest's Drawer: warmed before the hands (True) or not
    real = drawer_module.Drawer.__init__
    monkeypatch.setattr(drawer_module.Drawer, "__init__",
                        lambda self, theme, jobs, warm=True: (started.append(warm), real(self, theme, jobs, warm))[1])
    args = ("playtest", "--game", "str8eight", "--table-size", "6", "--players", "3", "--hands", "4",
            "--ladder-hands", "4", "--lookahead-iterations", "2", "-j", "2", "-v")
    first = run_cli(*args, "--out", tmp_path / "one")
    assert first.exit_code == 0 and "ladder: made" in first.output and "report page: drawn" in first.output
    assert started == [True]  # a ladder to play: warmed
    monkeypatch.setattr(run_module, "WARM_HANDS", 4)  # from here these 4 hands count as many
    second = run_cli(*args, "--out", tmp_path / "two")
    assert second.exit_code == 0 and "report page: reused" in second.output
    assert started == [True, False]  # its page is kept: not warmed
    third = run_cli(*args, "--paper", "a4", "--out", tmp_path / "three")  # another page
    assert third.exit_code == 0 and "ladder: reused" in third.output and "report page: drawn" in third.output
    assert started == [True, False, True]


@pytest.mark.parametrize("args, page, stem", [
    (("--tune", "--table-size", "6", "--players", "2", "--hands", "100"), "tune_page", "str8eight-tune"),
    (("--game", "str8eight", "--table-size", "6", "--hands", "4", "--sweep", "players=2,3", "--ladder-hands", "0"),
     "sweep_page", "str8eight-sweep")], ids=["tune", "sweep"])
def test_a_second_tune_or_sweep_reuses_its_page_and_loads_no_matplotlib(store, tmp_path, monkeypatch, args, page,
                                                                        stem):
    """A tune's page is kept as a playtest's is, and neither a tune nor a sweep whose pages the
    store holds starts the process that loads matplotlib while the hands are played (issue 42:
    it took 0.6 s of CPU for nothing)."""
    from cardgen.playtest import plots
    from cardgen.playtest.drawer import Drawer

    warm, drawn = [], []
    real_init, real_page = Drawer.__init__, getattr(plots, page)

    def init(self, theme, jobs, warm_early=True, **kw):
        warm.append(kw.get("warm", warm_early))
        real_init(self, theme, 1, warm=False)  # drawn here: the test sees each page drawn

    monkeypatch.setattr(Drawer, "__init__", init)
    monkeypatch.setattr(plots, page, lambda *a: (drawn.append(a[0]), real_page(*a)))
    for name in ("one", "two"):
        result = run_cli("playtest", *args, "-j", "2", "-q", "--out", tmp_path / name, "--json", tmp_path / f"{name}.json")
        assert result.exit_code == 0, result.output
    assert warm == [True, False] and len(drawn) == 1
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()
    for suffix in ("-letter.pdf", ".html", ".json"):
        name = f"playtest/{stem}{suffix}"
        assert (tmp_path / "two" / name).read_bytes() == (tmp_path / "one" / name).read_bytes()


FONT_LIST = """
import logging, sys
log = logging.getLogger("matplotlib.font_manager")  # its own word on where its font list came from
log.setLevel(logging.DEBUG)
log.addHandler(logging.StreamHandler(sys.stdout))
from cardgen.playtest import plots
from cardgen.theme import DEFAULT_THEME
plots._matplotlib(DEFAULT_THEME)
import os
from matplotlib import font_manager
print("fonts:", sorted((os.path.basename(f.fname), f.name, f.style, f.weight) for f in font_manager.fontManager.ttflist))
"""


def test_matplotlib_s_font_list_is_made_once_and_is_the_list_it_makes(store):
    """matplotlib makes the list of its fonts on import when its cache folder has none, and
    cardgen gives it a private folder each run (0.2 s of CPU a report): the list is kept in
    the store and put in that folder before the next import, which reads it (issue 42)."""
    runs = [subprocess.run([sys.executable, "-c", FONT_LIST], capture_output=True, text=True, timeout=300,
                           env={**os.environ, cache.STORE_ENV: str(store)}) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    first, second = (r.stdout for r in runs)
    assert "generated new fontManager" in first and "Using fontManager instance from" not in first
    assert "Using fontManager instance from" in second and "generated new fontManager" not in second
    assert len(list((store / "matplotlib-fonts").iterdir())) == 1
    fonts = [line for line in first.splitlines() if line.startswith("fonts:")]
    assert fonts and fonts == [line for line in second.splitlines() if line.startswith("fonts:")]
