"""The one-color bonus (issue 24): one definition — consecutive multiples d·k, d·(k+1), …, each
joined to the next by the ×d arrow — read the same by the model, the engine, the bots, the
atlas, the checker's own recount, the referee and the words of the variant built."""
import dataclasses
import json

import pytest

from cardgen.check.bonus import count_runs, is_run
from cardgen.check.str8eight import count_sequences
from cardgen.documents.ruletext import load, plain_text
from cardgen.model.atlas import atlas
from cardgen.model.bonus import group_runs, near_miss, run_group
from cardgen.model.facts import str8eight_facts
from cardgen.model.play.bots import Greedy
from cardgen.model.play.str8eight import PLAY, Hand, Variant, cards_for
from cardgen.model.str8eight import is_sequence, successors
from conftest import assert_check_catches, run_cli
from referee import one_color_run

# the sequences the outside referee found scored as a bonus in the class presets: one group, with a gap
LOOSE = {(6, 5): [(2, 4, 6, 8, 12), (2, 4, 8, 10, 12)], (9, 8): [(4, 8, 12, 16, 24, 28, 32, 36)],
         (12, 8): [(6, 9, 12, 18, 21, 24, 30, 36)]}


def winning_sequences(n: int, length: int) -> list:
    out = []

    def walk(s):
        if len(s) == length:
            out.append(tuple(s))
            return
        for w in successors(s[-1], n):
            walk(s + [w])
    for b in range(1, n + 1):
        walk([b])
    return out


@pytest.mark.parametrize("n, length", [(6, 5), (8, 8), (9, 8), (5, 3), (12, 8)])
def test_the_runs_are_the_winning_sequences_that_climb_one_group_without_a_gap(n, length):
    seqs = winning_sequences(n, length)
    steps = lambda s: {b - a for a, b in zip(s, s[1:])}  # noqa: E731
    by_hand = {s for s in seqs if len(steps(s)) == 1 and s[0] % (s[1] - s[0]) == 0}
    runs = {run for _, run in group_runs(n, length)}
    assert runs == by_hand == {s for s in seqs if run_group(s, n)} == {s for s in seqs if is_run(s, n)} \
        == {s for s in seqs if one_color_run(list(s), n)}
    book = atlas(n, length)
    assert book.bonus_runs == len(runs) == sum(book.bonus_runs_by_group.values())
    links = {(d, d * k, d * (k + 1)) for d in range(1, n + 1) for k in range(1, n)}
    assert count_runs(links, n, length) == len(runs)
    for loose in LOOSE.get((n, length), ()):  # in one group, legal, and no bonus anywhere
        assert loose in seqs and not run_group(loose, n) and not is_run(loose, n) and not one_color_run(list(loose), n)
        assert not cards_for(Variant(n, 6, length)).bonus(list(loose))


def test_the_class_presets_count_only_runs():
    """Intro's atlas: 15 sequences lie in one group, 9 climb it without a gap. (Runs that start
    on 8, 10 or 12 would make 12, but those are no bull's-eyes on the 6 × 6 table.)"""
    loose = [s for s in winning_sequences(6, 5) if any(all(v % d == 0 and v // d <= 6 for v in s) for d in range(1, 7))]
    assert len(loose) == 15
    assert [atlas(n, length).bonus_runs for n, length in ((6, 5), (9, 8), (12, 8), (8, 8), (12, 12))] == \
        [9, 13, 27, 8, 12]
    data = atlas(6, 5).to_json()
    assert data["bonus_runs"] == 9 and data["bonus_runs_by_group"] == {"1": 2, "2": 2, "3": 2, "4": 1, "5": 1, "6": 1}
    for n, length in ((6, 5), (9, 8), (12, 8)):
        a = atlas(n, length)
        assert count_sequences(dict(a.copies), {(d, d * k, d * (k + 1)) for d in range(1, n + 1) for k in range(1, n)},
                               n, length)["bonus_runs"] == a.bonus_runs


def _won(variant, winning: list, others: list) -> object:
    """A hand ended by seat 0's winning sequence; others: the other seats' sequences."""
    cards = cards_for(variant)
    h = Hand(cards, 1)
    pool = list(range(cards.count))
    take = lambda v: pool.pop(next(i for i, c in enumerate(pool) if cards.value[c] == v))  # noqa: E731
    h.seqs = [[take(v) for v in s] for s in [winning] + others]
    h.hands = [[] for _ in h.seqs]
    return h._result(0)


def test_the_engine_and_the_greedy_bot_score_a_run_and_not_a_gap():
    intro = Variant(6, 4, 5, 2)
    gap, run = _won(intro, [2, 4, 6, 8, 12], [[1, 2, 3]]), _won(intro, [2, 4, 6, 8, 10], [[1, 2, 3]])
    assert (gap.bonus, gap.scores) == (False, [32, 6]) and (run.bonus, run.scores) == (True, [36, 0])
    # the greedy bot finishing a hand takes the card that makes the bonus when it holds one
    cards = cards_for(intro)
    h = Hand(cards, 1)
    pool = list(range(cards.count))
    take = lambda v: pool.pop(next(i for i, c in enumerate(pool) if cards.value[c] == v))  # noqa: E731
    h.seqs = [[take(v) for v in (2, 4, 6, 8)], []]
    h.last = [8, 0]
    h.hands = [[take(v) for v in (12, 10, 36, 30)], [take(1), take(5)]]
    action, card = Greedy().act(h, 0)
    assert action == PLAY and cards.value[card] == 10


@pytest.mark.parametrize("n, length", [(6, 5), (8, 8), (9, 8), (12, 8), (8, 10)])
def test_the_booklet_and_aid_describe_runs_for_the_variant_built(n, length):
    f = str8eight_facts(n, 6, length)
    text = " ".join(plain_text(load("str8eight", f)).split())
    aid = " ".join(plain_text(load("str8eight-reference", f)).split())
    if length > n:
        assert not f.runs_exist and "consecutive multiples" not in text + aid
        return
    assert run_group(f.bonus_run, n) == f.bonus_group and len(f.bonus_run) == length
    assert f"Winning with a {f.bonus_name}, such as {', '.join(map(str, f.bonus_run))}, you also collect" in text
    assert "consecutive multiples of one color group, no gaps" in aid
    miss = near_miss(n, length, f.bonus_group)
    assert f.bonus_miss == miss and (miss is None) == (length == n)  # a full-width run has no room for a gap
    if miss:
        d, values, skipped = miss
        assert is_sequence(values, n) and not run_group(values, n) and all(v % d == 0 for v in values)
        assert f"does not count: {', '.join(map(str, values))} is a legal winning sequence" in text
        assert f"it jumps from {skipped - d} to {skipped + d}, so it earns no bonus" in text
    else:
        assert "does not count:" not in text and "every multiple from d up to" in text
    # the table's entry, in About this edition, only where the reference leaves the bonus open: its
    # "all eight cards of one color group" settles a run as wide as the table
    assert (f"What makes a {f.bonus_name} (our reading)." in text) == (not f.run_worth_fixed)


def test_a_booklet_whose_bonus_example_has_a_gap_or_that_drops_a_reading_fails_the_check(intro_rules, tmp_path,
                                                                                      monkeypatch):
    import cardgen.builders.str8eight as builder

    out = tmp_path / "out"
    real = builder.str8eight_facts  # the intro booklet written as if the bonus were the old, loose one
    monkeypatch.setattr(builder, "str8eight_facts", lambda *a, **k: dataclasses.replace(
        real(*a, **k), bonus_run=(2, 4, 6, 8, 12), bonus_group=2, bonus_miss=(2, (2, 4, 6, 8, 10), 12)))
    assert run_cli("build", "--preset", "intro", "--game", "str8eight", "--only", "rules", "--format", "pdf",
                   "--out", out, "-q", "-j", "1").exit_code == 0
    manifest = out / "manifest.json"
    data = json.loads(manifest.read_text())
    ids = data["games"]["str8eight"]["rules"]["readings"]
    data["games"]["str8eight"]["rules"]["readings"] = [i for i in ids if i != "retake-discard"]  # one left out
    manifest.write_text(json.dumps(data))
    assert_check_catches(out, ["str8eight-rules.pdf: booklet: the one-color bonus example [2, 4, 6, 8, 12]: not 5 "
                               "consecutive multiples", "the sequence [2, 4, 6, 8, 10] shown as missing the bonus",
                               "str8eight-rules.pdf: booklet: “About this edition” leaves out the reading "
                               "'retake-discard', which applies to every variant"])


def test_a_gap_example_is_never_another_groups_run():
    """With sequences of two, every one-group pair that skips a multiple is a run of the
    group twice as big (8, 16): there is no gap to show, and the booklet shows none."""
    assert near_miss(8, 2, 4) is None
    for n in range(3, 13):
        for length in range(2, n):
            miss = near_miss(n, length, max(1, n // 2))
            assert miss is None or not run_group(miss[1], n), (n, length, miss)
