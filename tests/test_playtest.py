"""cardgen playtest: the report in the output folder (and the HTML preview), --json, --log,
--sweep, -j invariance; and the playability warning and check."""
import json
import os
import shutil

from conftest import assert_check_catches, assert_metadata, edit, run_cli
from referee import replay
from stopper import group, reaped
from waiting import HANG


def test_playtest_report_json_and_log_kept_by_a_rebuild(tmp_path):
    out, figures, log = tmp_path / "out", tmp_path / "fig.json", tmp_path / "hands.jsonl"
    assert run_cli("build", "--game", "str8eight", "--format", "svg", "--out", out, "-q").exit_code == 0
    result = run_cli("playtest", "--game", "str8eight", "--hands", "24", "--ladder-hands", "0", "-j", "1", "--out",
                     out, "--json", figures, "--log", log, "-q")
    assert result.exit_code == 0, result.output
    report = json.loads(figures.read_text())["reports"][0]
    lines = log.read_text().splitlines()
    assert len(lines) == 24 and all(replay(line) == [] for line in lines[:6])
    hands = [json.loads(line) for line in lines]
    f = report["figures"]
    assert [s["count"] for s in f["seats"]] == [sum(h["winner"] == i for h in hands) for i in range(4)]
    assert f["bonus"]["count"] == sum(h["str8eight"] for h in hands)
    assert sum(f["turns"]["histogram"].values()) == 24 and report["atlas"]["value_sequences"] == 2966
    assert 0 <= f["seats"][0]["low"] <= f["seats"][0]["rate"] <= f["seats"][0]["high"] <= 1
    folder = out / "playtest"
    assert run_cli("build", "--game", "str8eight", "--format", "svg", "--paper", "a4", "--out", out,
                   "-q").exit_code == 0  # a rebuild of the same variant keeps the report
    files = {e["path"] for e in json.loads((out / "manifest.json").read_text())["files"]}
    assert "playtest/str8eight-playtest.json" in files
    assert sorted(p.name for p in folder.iterdir()) == [
        "str8eight-playtest-letter.pdf", "str8eight-playtest.html", "str8eight-playtest.json"]
    assert json.loads((folder / "str8eight-playtest.json").read_text()) == report
    import pypdf

    pdf = pypdf.PdfReader(str(folder / "str8eight-playtest-letter.pdf"))
    text = pdf.pages[0].extract_text()
    assert len(pdf.pages) == 1 and "Str8 Eight playtest" in text and "Win rate by seat" in text
    info = assert_metadata(folder / "str8eight-playtest-letter.pdf", "8 × 8 table, 6 pass cards, sequences of 8")
    assert info["Title"].startswith("Str8 Eight – playtest report, 4 players, letter")
    page = (folder / "str8eight-playtest.html").read_text()
    assert "<svg" in page and "winning value sequences (atlas)" in page
    assert run_cli("check", out).exit_code == 0
    # the checker holds the page to its JSON, and the JSON to the deck built
    forged = tmp_path / "forged"
    shutil.copytree(out, forged)
    seat = f"{report['figures']['seats'][0]['rate']:.1%} ("
    edit(forged / "playtest" / "str8eight-playtest.html", f'<td class="n">{seat}', '<td class="n">99.9% (')
    data = json.loads((forged / "playtest" / "str8eight-playtest.json").read_text())
    data["variant"]["pass_cards"] = 4
    (forged / "playtest" / "str8eight-playtest.json").write_text(json.dumps(data))
    assert_check_catches(forged, [
        "playtest/str8eight-playtest.html: seat 1 wins: states '99.9% (",
        "playtest/str8eight-playtest.json: -: played 8 × 8 table, 4 pass cards, sequences of 8; this folder's Str8 "
        "Eight deck is built as 8 × 8 table, 6 pass cards, sequences of 8",
        "playtest/str8eight-playtest-letter.pdf: -: titled 'Str8 Eight – playtest report, 4 players, letter (8 × 8 "
        "table, 6 pass cards, sequences of 8)', not for the variant its JSON holds (8 × 8 table, 4 pass cards"])
    # a build of another variant takes the report out, saying so
    seven = run_cli("build", "--game", "str8eight", "--format", "svg", "--table-size", "7", "--out", out)
    assert "the Str8 Eight playtest report played another variant" in seven.output
    assert not folder.exists() and run_cli("check", out).exit_code == 0


def test_sweep_is_the_same_whatever_jobs_and_joins_the_preview(exported, tmp_path):
    out = tmp_path / "out"  # the preview of a build, linked file by file (playtest never writes through a link)
    for path in exported.rglob("*"):
        if path.is_file():
            (out / path.relative_to(exported)).parent.mkdir(parents=True, exist_ok=True)
            os.link(path, out / path.relative_to(exported))
    index_before = (exported / "index.html").read_text()
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    args = ("playtest", "--game", "str8eight", "--hands", "12", "--sweep", "table-size=6..7", "players=2,3")
    assert run_cli(*args, "-j", "2", "--out", out, "--json", one, "-q").exit_code == 0
    assert run_cli(*args, "-j", "1", "--out", tmp_path / "alone", "--json", two, "-q").exit_code == 0
    assert one.read_bytes() == two.read_bytes()
    for name in ("str8eight-sweep-letter.pdf", "str8eight-sweep.html"):  # drawn by the warm process, or here
        assert (out / "playtest" / name).read_bytes() == (tmp_path / "alone" / "playtest" / name).read_bytes()
    rows = json.loads(one.read_text())["sweep"]["str8eight"]
    assert [(r["variant"]["table_size"], r["variant"]["players"]) for r in rows] == [(6, 2), (6, 3), (7, 2), (7, 3)]
    info = assert_metadata(out / "playtest" / "str8eight-sweep-letter.pdf", "table size 6, 7; players 2, 3")
    assert info["Title"].startswith("Str8 Eight – playtest sweep, 4 variants, letter")
    index = (out / "index.html").read_text()
    assert 'href="playtest/str8eight-sweep.html"' in index and "playtest" not in index_before
    assert (exported / "index.html").read_text() == index_before  # the build it was linked from is untouched
    result = run_cli("check", out)
    assert result.exit_code == 0, result.output


def test_a_variant_that_cannot_make_a_game(tmp_path):
    """A 3 × 3 table holds no sequence of 8: refused at once, in one line naming the
    longest there is; a length it holds builds, plays and checks."""
    out = tmp_path / "out"
    result = run_cli("build", "--game", "str8eight", "--table-size", "3", "--sequence-length", "8",
                     "--format", "svg", "--out", out)
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "longest sequence from a bull's-eye has 5 cards" in result.output and not out.exists()
    ok = run_cli("build", "--game", "str8eight", "--table-size", "3", "--sequence-length", "5", "--format", "svg",
                 "--out", tmp_path / "ok")
    assert ok.exit_code == 0 and "warning" not in ok.output
    assert run_cli("check", tmp_path / "ok").exit_code == 0
    # the checker recounts from the cards: an atlas file that claims other counts is caught
    atlas = tmp_path / "ok" / "str8eight" / "str8eight-atlas.json"
    data = json.loads(atlas.read_text())
    data["value_sequences"] += 1
    data["bonus_runs"] += 1  # no group of the 3 × 3 table holds 5 cards: no run
    atlas.write_text(json.dumps(data))
    from conftest import assert_check_catches

    assert_check_catches(tmp_path / "ok", ["value sequences", "atlas: bonus runs 1, the cards make 0"])


def test_bad_playtest_options_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args, message in (
        (["--game", "str8eight", "--players", "5"], "--players: str8eight is for 2–4 players, not 5; change --players"),
        (["--bots", "greedy,random"], "--bots: 2 bots for 4 seats; name one bot per seat"),
        (["--bots", "clever"], "--bots: unknown bot 'clever'; use greedy, random"),
        (["--sweep", "colour=1"], "--sweep: 'colour=1' is no axis; write AXIS=VALUES"),
        (["--game", "chess"], "--game: unknown game 'chess'"),
        (["--crazy-options", "target-100,target-500"], "name two targets (target-100 and target-500): keep one"),
        (["--crazy-options", "jokers"], "unknown option 'jokers'"),
        (["--eights-words", "latin"], "unknown Eights words 'latin'"),
        (["--table-size", "8", "extra=1"], "--sweep: 'extra=1' is an argument of no flag; variants go after --sweep"),
    ):
        result = run_cli("playtest", *args)
        assert result.exit_code == 2 and message in result.output and result.output.count("\n") == 1, result.output
    assert not (tmp_path / "output").exists()


def test_a_stopped_playtest_leaves_no_process_and_no_report(tmp_path):
    """SIGTERM (or Ctrl-C) while the hands are played and the report process waits: every
    process of the playtest ends, and the output folder is left as it was (none)."""
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "playtest", "--game", "str8eight", "--hands", "1000000",
                             "--ladder-hands", "0", "-j", "2", "--out", str(out), "-q"], start_new_session=True,
                            stderr=subprocess.PIPE, text=True)
    with reaped(proc):
        deadline = time.monotonic() + HANG  # generous: the event, not the time, ends the wait
        while len(group(proc.pid)) < 4 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)  # until the playtest, its report process and its two workers all run
        assert len(group(proc.pid)) >= 4
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=HANG)  # it hung for ever when a dead worker held the pool's lock
        assert proc.returncode == 128 + signal.SIGTERM and "Traceback" not in err, err
        while group(proc.pid) and time.monotonic() < deadline:  # the pool's and the report's processes go too
            time.sleep(0.02)
        assert not group(proc.pid), "a process of the stopped playtest is still running"
    assert not out.exists()


def test_two_decks_of_crazy_eights_seat_more_than_six(tmp_path):
    """--decks 2 is for more than six players, so --players goes past 6 for Crazy Eights with
    two decks (seven to ten), and each refusal names its fix: the second deck, the game, or
    the range the settings table declares."""
    from cardgen.settings import BY_NAME

    figures = tmp_path / "fig.json"
    result = run_cli("playtest", "--game", "crazy-eights", "--players", "8", "--decks", "2", "--hands", "3",
                     "--ladder-hands", "0", "-j", "1", "-q", "--out", tmp_path / "out", "--json", figures)
    assert result.exit_code == 0, result.output
    report = json.loads(figures.read_text())["reports"][0]
    assert report["variant"]["players"] == 8 and report["variant"]["decks"] == 2 and len(report["bots"]) == 8
    assert BY_NAME["players"].high == 10 and "7–10 with --decks 2" in BY_NAME["players"].help
    for args, says in ((("--game", "crazy-eights", "--players", "8"),
                        "--decks: crazy-eights with 8 players needs 2 decks; add --decks 2"),
                       (("--players", "8", "--decks", "2"),
                        "--players: str8eight is for 2–4 players, not 8; change --players, or name the game with --game"),
                       (("--game", "eights", "--players", "7"), "--players: eights is for 2–6 players, not 7"),
                       (("--game", "crazy-eights", "--players", "11", "--decks", "2"),
                        "--players: 11 is out of range; use a whole number from 2 to 10")):
        result = run_cli("playtest", *args, "--hands", "3", "-q", "--out", tmp_path / "refused")
        assert result.exit_code == 2 and result.output.count("\n") == 1 and says in result.output, result.output
    assert not (tmp_path / "refused").exists()
