"""cardgen playtest --tune: the looks and their error split, the targets' verdicts, the
options searched and those kept, early stopping, the same answer whatever -j is, the
report in the output folder, and its refusals."""
import json
from collections import Counter

import pytest

from cardgen.playtest.simulate import Tally
from cardgen.playtest.tune import Targets, _median_interval, looks, z_for
from conftest import run_cli


def test_looks_double_up_to_the_hands_and_split_the_error():
    assert looks(1000) == [100, 200, 400, 800, 1000] and looks(100) == [100] and looks(60) == [60]
    assert z_for(1) == pytest.approx(1.95996, abs=1e-4)
    assert z_for(5) == pytest.approx(2.57583, abs=1e-4)  # 1 - 0.05/5, two-sided
    assert _median_interval(Counter({10: 5, 20: 90, 30: 5}), 1.96) == (20, 20, 20)
    assert _median_interval(Counter({t: 1 for t in range(1, 101)}), 1.96)[1:] == (40, 61)


def _tally(hands: int, seats: list, turns: dict, bonus: int, finished: int) -> Tally:
    t = Tally(hands=hands, finished=finished, bonus=bonus)
    t.seat_wins.update(dict(enumerate(seats)))
    t.turns.update(turns)
    return t


def test_the_targets_judge_a_variant_by_its_intervals():
    targets = Targets(seats=2, turns=(40, 100), bonus=1, finished=99)
    good = targets.judge(_tally(20000, [5000, 5000, 5000, 5000], {70: 20000}, 400, 20000), 4, 1.96)
    assert {k: good[k]["verdict"] for k in Targets.NAMES} == dict.fromkeys(Targets.NAMES, "met")
    bad = targets.judge(_tally(1000, [400, 200, 200, 200], {150: 1000}, 0, 1000), 4, 1.96)
    assert {k: bad[k]["verdict"] for k in Targets.NAMES} == {"seats": "missed", "turns": "missed",
                                                             "bonus": "missed", "finished": "met"}
    few = targets.judge(_tally(100, [30, 25, 25, 20], {70: 100}, 1, 100), 4, 1.96)
    assert few["seats"]["verdict"] == "open" and few["seats"]["nearness"] == pytest.approx(2.5)


def test_tune_searches_what_is_left_free_and_stops_early(tmp_path):
    from cardgen.options import PlaytestOptions
    from cardgen.playtest.tune import tune

    fixed = {"table_size": 6, "players": 4, "pass_cards": 4}
    options = dict(tune=True, sweep=(("sequence_length", (4, 5, 6)),), hands=200, target_turns=(20, 60), **fixed)
    alone = tune(PlaytestOptions(jobs=1, **options), set(fixed))
    assert tune(PlaytestOptions(jobs=2, **options), set(fixed)) == alone  # the verdicts depend on the seeds alone
    one = tmp_path / "one.json"
    result = run_cli("playtest", "--tune", "--table-size", "6", "--players", "4", "--pass-cards", "4", "--sweep",
                     "sequence-length=4..6", "--hands", "200", "--target-turns", "20..60", "-j", "1", "--out",
                     tmp_path / "out", "--json", one)
    assert result.exit_code == 0, result.output
    data = json.loads(one.read_text())["tune"]
    assert data == alone
    assert data["free"] == ["sequence_length"] and data["fixed"] == {"table_size": 6, "pass_cards": 4, "players": 4}
    assert data["looks"] == [100, 200] and data["variants"] == 3
    assert data["hands_played"] < 3 * 200 and data["stopped_early"] >= 1  # a variant missed at the first look
    assert data["variants"] == data["stopped_early"] + data["missed_at_the_end"] + len(data["ranked"])
    assert [r["rank"] for r in data["ranked"]] == list(range(1, len(data["ranked"]) + 1))
    for row in data["ranked"]:
        assert row["hands"] == 200 and all(row[k]["verdict"] != "missed" for k in Targets.NAMES)
    assert data["answer"] in result.output
    folder = tmp_path / "out" / "playtest"
    assert sorted(p.name for p in folder.iterdir()) == ["str8eight-tune-letter.pdf", "str8eight-tune.html",
                                                        "str8eight-tune.json"]
    assert data["answer"] in (folder / "str8eight-tune.html").read_text()
    import pypdf

    assert "Str8 Eight tune" in pypdf.PdfReader(str(folder / "str8eight-tune-letter.pdf")).pages[0].extract_text()


@pytest.mark.parametrize("args, message", [
    (("--tune", "--game", "fourscore"), "--tune searches Str8 Eight variants, and the games asked for"),
    (("--tune", "--log", "x.jsonl"), "--tune plays too many hands to log them"),
    (("--target-turns", "100..40"), "is empty: write the low end first"),
    (("--target-turns", "forty..100"), "is not a whole number"),
])
def test_tune_refuses_in_one_line(tmp_path, args, message):
    result = run_cli("playtest", *args, "--hands", "1", "--out", tmp_path / "out")
    assert result.exit_code == 2 and message in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1
