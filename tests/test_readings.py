"""The table of readings (issue 24, /work/READINGS-SCHEMA.md): one TOML file per game that the
engines read their open-point choices from and the booklets print in "About this edition"."""
import json
import shutil

import pytest

from cardgen import paths
from cardgen.documents.ruletext import Edition, load, plain_text, render
from cardgen.model import readings as table
from cardgen.model.facts import fourscore_facts, str8eight_facts
from cardgen.model.play import fourscore as fs
from cardgen.model.play import str8eight as s8
from cardgen.model.play.bots import RandomLegal
from cardgen.model.play.choices import from_table
from referee import replay

FOLDER = paths.folder("cardgen.templates") / "readings"


@pytest.fixture
def tables(tmp_path, monkeypatch):
    """A private copy of the tables that the loader, the engines and the booklets read instead."""
    copy = tmp_path / "readings"
    shutil.copytree(FOLDER, copy)
    monkeypatch.setattr(table, "_file", lambda game: copy / f"{game}.toml")
    table.readings.cache_clear()
    yield copy
    table.readings.cache_clear()


def test_every_table_loads_and_every_engine_reads_its_own():
    games = sorted(p.stem for p in FOLDER.glob("*.toml"))
    assert {"str8eight", "fourscore"} <= set(games)
    for game in games:
        entries = table.readings(game)
        assert entries and len({r.id for r in entries}) == len(entries)
        assert all(r.kind in ("reading", "added", "reference") and r.topic and r.rule and r.why for r in entries)
        keys = [k for r in entries for k in r.engine]
        assert len(keys) == len(set(keys)) and set(table.engine_settings(game)) == set(keys)
    assert s8.table_choices() == s8.Choices(pass_left="next", retake_discard=True, reshuffle="all",
                                            impasse_deal="next-player", max_turns=2000)
    assert fs.table_choices() == fs.Choices(row_tie="choose", same_number_counts=True)
    assert s8.Variant().choices == s8.table_choices() and s8.Variant().turn_limit == 2000


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace('kind = "reading"', 'kind = "reading"\nsee = "x"', 1), "entry 1 ('one-color-run'): unknown field(s) see"),
    (lambda t: t.replace('topic = "Which way is left"\n', "", 1), "entry 2 ('pass-left'): missing field(s) topic"),
    (lambda t: t.replace('kind = "reading"', 'kind = "house"', 1), "entry 1 ('one-color-run'): kind 'house' is none of"),
    (lambda t: t.replace('id = "pass-left"', 'id = "one-color-run"'), "entry 2 ('one-color-run'): id 'one-color-run' is used twice"),
    (lambda t: t.replace('{ reshuffle = "all" }', '{ pass_left = "next" }'), "entry 4 ('rebuild-pile'): engine key pass_left is also set by entry 'pass-left'"),
    (lambda t: t.replace('{ max_turns = 2000 }', '{ max_turns = [1] }'), "engine value max_turns is a list"),
    (lambda t: t.replace('id = "pass-left"', 'id = "Pass left"'), "id 'Pass left' is not kebab-case"),
    (lambda t: t + "\n[extra]\nx = 1\n", "unknown top-level key(s) extra"),
])
def test_a_broken_table_is_refused_naming_the_file_and_entry(tables, change, message):
    path = tables / "str8eight.toml"
    path.write_text(change(path.read_text()))
    with pytest.raises(ValueError) as caught:
        table.readings("str8eight")
    assert "templates/readings/str8eight.toml" in str(caught.value) and message in str(caught.value), caught.value


@pytest.mark.parametrize("old, new, message", [
    ('{ reshuffle = "all" }', '{ reshuffle = "most" }', "engine value reshuffle = 'most'; it may be 'all' or 'keep-top'"),
    ('{ retake_discard = true }', '{ retake_discard = 1 }', "engine value retake_discard = 1; it may be True or False"),
    ('{ max_turns = 2000 }', '{ max_turns = 0 }', "max_turns = 0; it may be a whole number above 0"),
    ('engine = { pass_left = "next" }\n', "", "the engine needs pass_left"),
])
def test_an_engine_refuses_a_value_it_cannot_play(tables, old, new, message):
    path = tables / "str8eight.toml"
    path.write_text(path.read_text().replace(old, new))
    with pytest.raises(ValueError) as caught:
        from_table(s8.Choices, "str8eight")
    assert message in str(caught.value), caught.value


def _impasses(log: dict) -> list:
    """(seat whose turn was next, seat the redeal started with) for each impasse of a logged hand."""
    out, turns = [], 0
    for e in log["events"]:
        turns += "draw" in e
        if "impasse" in e:
            out.append((turns % log["players"], e["impasse"]["first"]))
    return out


def test_an_engine_value_changed_in_the_table_changes_play_and_print(tables):
    """The redeal and the row tie, as a designer would change them: the value and its words."""
    path = tables / "str8eight.toml"
    path.write_text(path.read_text().replace('impasse_deal = "next-player"', 'impasse_deal = "first-player"').replace(
        "Deal 3 cards to each player from the new draw pile, one at a time, starting with the player whose turn is "
        "next", "Deal 3 cards to each player from the new draw pile, one at a time, starting with the dealer’s left"))
    path = tables / "fourscore.toml"
    path.write_text(path.read_text().replace('row_tie = "choose"', 'row_tie = "first"').replace(
        "the player who must take a row chooses which of them", "the player takes the topmost of them"))
    table.readings.cache_clear()
    # Str8 Eight: every redeal now starts with seat 0, though the seat to play is often another
    variant = s8.Variant(5, 6, 8, 2)
    logs = [s8.play_hand(variant, [RandomLegal(), RandomLegal()], seed, log=True).log for seed in range(12)]
    deals = [d for log in logs for d in _impasses(log)]
    assert deals and all(first == 0 for _, first in deals) and any(nxt != 0 for nxt, _ in deals)
    stale = next(log for log in logs if any(nxt != 0 for nxt, _ in _impasses(log)))
    assert any("not dealt from the pile starting with seat 1" in p for p in replay(json.dumps(stale)))  # the referee reads the booklet's rule
    text = " ".join(plain_text(load("str8eight", str8eight_facts())).split())
    assert "Shuffle the discard pile into a new draw pile, face down. Deal 3 cards to each player from the new draw " \
           "pile, one at a time, starting with the dealer’s left" in text  # the rules state it, marked †
    assert "New hands after a stuck hand (added rule). Deal 3 cards to each player from the new draw pile, one at a " \
           "time, starting with the dealer’s left" in text  # About this edition explains it
    # FourScore: the first of the tied rows, even when the greedy player would rather take the shorter one
    assert _tied_take(fs.FourScoreVariant(players=2)) == (0, 2)
    assert "If more than one row holds the highest card on the table, the player takes the topmost of them.†" \
           in " ".join(render("fourscore", fourscore_facts()).split())


def _tied_take(variant) -> tuple:
    """A round where seat 0's 25 has no place and rows 0 (two cards) and 1 (one) both end on 64:
    the row it takes and its pile after."""
    g = fs.Game(variant, 1, log=True)
    g.rows, g.stacked = [[20, 64], [64], [49], [42]], [0] * 4
    g.hands = [[25], [56]]
    g.piles = [0, 0]
    g.play([fs.FourScoreGreedy(), fs.FourScoreGreedy()])
    take = next(e for e in g.events if "take" in e)
    assert take["tied"] == [0, 1]
    return take["take"], g.piles[0]


def test_the_table_as_shipped_lets_the_player_choose_the_row():
    assert _tied_take(fs.FourScoreVariant(players=2)) == (1, 1)  # greedy: the row that costs least
    text = " ".join(render("fourscore", fourscore_facts()).split())
    assert "the player who must take a row chooses which of them.†" in text


def test_a_pass_left_sends_hands_to_the_next_seat_unless_the_table_says_otherwise(tables):
    assert s8.cards_for(s8.Variant(players=3)).pass_dir[-6:] == [1, 1, 1, -1, -1, -1]  # left ×3, right ×3
    path = tables / "str8eight.toml"
    path.write_text(path.read_text().replace('pass_left = "next"', 'pass_left = "previous"'))
    table.readings.cache_clear()
    assert s8.cards_for(s8.Variant(players=3)).pass_dir[-6:] == [-1, -1, -1, 1, 1, 1]


def test_retaking_the_discard_and_keeping_its_top_follow_the_table(tables):
    path = tables / "str8eight.toml"
    path.write_text(path.read_text().replace("retake_discard = true", "retake_discard = false")
                    .replace('reshuffle = "all"', 'reshuffle = "keep-top"'))
    table.readings.cache_clear()
    variant = s8.Variant(5, 6, 8, 2)
    logs = [s8.play_hand(variant, [RandomLegal(), RandomLegal()], seed, log=True).log for seed in range(8)]
    for log in logs:
        events = log["events"]
        for i, e in enumerate(events[:-1]):
            if e.get("draw") == "discard":  # the card taken from the discard pile never goes straight back
                assert events[i + 1].get("discard") != e["card"]
    kept = [log for log in logs if any("reshuffle" in e for e in log["events"])]
    assert kept and all(replay(json.dumps(log)) for log in kept)  # the referee's rule: every discard goes in


def test_the_booklets_print_the_table_in_about_this_edition():
    for game, facts in (("str8eight", str8eight_facts(6, 4, 5)), ("fourscore", fourscore_facts(7))):
        text = " ".join(render(game, facts).split())
        about = text[text.index("## About this edition"):]
        shown = Edition(game, facts)
        listed = [r for r in table.readings(game) if r.kind != "reference"]  # the reference's own: never listed
        assert len(shown) == len(listed)  # every other entry applies to these variants
        for i, r in enumerate(shown, 1):
            label = "added rule" if r.kind == "added" else "our reading"
            assert f"{i}. **{r.topic}** ({label}). {r.rule} *{r.why}*" in about
            if r.id != "scaled-targets":  # marked on the targets the rules list; the others stated where they apply
                assert r.rule[1:] + "†" in text[:text.index("## About this edition")]
        assert text[:text.index("## About this edition")].count("†") == len(shown)  # and nothing else marked
    six = " ".join(render("str8eight", str8eight_facts(6, 4, 5)).split())
    eight = " ".join(render("str8eight", str8eight_facts()).split())
    assert "Score targets for this table** (added rule). The game is played to 360 points" in six
    assert "Score targets for this table" not in eight  # the 8 × 8 game keeps the original targets
    # the 8 × 8 game keeps the original targets and the reference's own bonus (all eight of one group)
    assert len(Edition("str8eight", str8eight_facts())) == len(table.readings("str8eight")) - 3
    seven = " ".join(render("fourscore", fourscore_facts(7)).split())
    assert "Cards that do not share out** (added rule)" in seven and "Cards that do not share out" not in \
        " ".join(render("fourscore", fourscore_facts()).split())


def test_the_checker_holds_about_this_edition_to_the_table(tmp_path, monkeypatch):
    """check/edition.py reads the table itself: the list's topics in the table's order,
    each entry marked † once in the rules. A rule stated without its mark, a list out of
    order and an entry that is not the table's are each caught."""
    from test_booklet_finish import typeset

    from cardgen.check.edition import check_edition
    from cardgen.check.report import GameReport

    def run(path, ids) -> list:
        report = GameReport("str8eight")
        check_edition(path, "str8eight", tuple(ids), report, lambda p: p.name)
        return [f"{v.card}: {v.problem}" for v in report.violations]

    path = typeset(tmp_path, "str8eight", "default", {})[0]
    ids = Edition("str8eight", str8eight_facts()).ids
    assert run(path, ids) == []
    assert any("out of the table's order" in p for p in run(path, ids[1:2] + ids[:1] + ids[2:]))
    swapped = tuple("scaled-targets" if i == "more-players" else i for i in ids)
    assert any("the table's entry 'scaled-targets' is “Score targets for this table” (added rule)" in p
               for p in run(path, swapped))
    monkeypatch.setattr(Edition, "state", lambda self, key: self[key].rule + ("" if key == "no-winner" else "†"))
    (tmp_path / "unmarked").mkdir()
    unmarked = typeset(tmp_path / "unmarked", "str8eight", "default", {})[0]
    assert run(unmarked, ids) == [f"booklet: the rules mark {len(ids) - 1} rule(s) with †; “About this edition” lists "
                                  f"{len(ids)}, each of which the rules state and mark once"]
