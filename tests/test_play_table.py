"""A person at the table (cardgen/model/play/table.py): whole hands of each game played through
it replay under the outside referees; no view or event shows a card the person may not know;
a move not offered is refused and changes nothing; hints name the right group; the card names,
the summaries' arithmetic, the saved table and the registry's bound. Small seeds, few games."""
import json
import random
import re

import pytest

from cardgen.model.play import table as table_module
from cardgen.model.play.table import Table, Tables, TableError
from cardgen.model.str8eight import groups_of
import referee
import referee_crazy_eights
import referee_eights
import referee_fourscore

GAMES = ("str8eight", "fourscore", "crazy-eights", "eights")
SHORT = {"crazy-eights": {"target": 100}}  # a short game: a few hands


@pytest.fixture
def small_expert(monkeypatch):
    """The expert with a tiny budget: the same search, a test's speed."""
    monkeypatch.setattr(table_module, "EXPERT_ITERATIONS", {g: 4 for g in GAMES})


def _play_through(table: Table, rng: random.Random, stop_at_hand_end: bool = False) -> int:
    steps = 0
    while not table.over:
        view = table.view()
        assert json.loads(json.dumps(view)) == view  # plain JSON, for a web page
        if stop_at_hand_end and view["phase"] == "hand-over":
            break
        table.play(rng.choice(view["moves"])["id"])
        steps += 1
    return steps


def _replay_problems(game: str, lines: list) -> list:
    if game == "str8eight":
        return [p for line in lines for p in referee.replay(line)]
    if game == "fourscore":
        return [p for line in lines for p in referee_fourscore.replay(line)]
    if game == "crazy-eights":
        return referee_crazy_eights.replay_game(lines)
    return referee_eights.replay_game(lines)


@pytest.mark.parametrize("game, level", [("str8eight", "expert"), ("fourscore", "beginner"),
                                         ("crazy-eights", "expert"), ("eights", "player")])
def test_a_whole_game_at_the_table_replays_under_the_referee(game, level, small_expert):
    table = Table.create({"game": game, "seats": 3, "level": level, "seat": 1, **SHORT.get(game, {})}, seed=11)
    steps = _play_through(table, random.Random(3))
    lines = table.log_lines()
    assert all(json.loads(line)["seed"] == 11 for line in lines)  # the game is over: the seed is no secret
    assert steps > 5 and lines and _replay_problems(game, lines) == []
    view = table.view()
    assert view["phase"] == "game-over" and view["moves"] == [] and view["summary"]["lines"]
    assert view["log_hands"] == len(lines)
    with pytest.raises(TableError, match="the game is over"):
        table.play("anything")


def _card_ids(game: str, table: Table) -> set:
    a = table.adapter
    if game == "str8eight":
        return set(a.cards.ids)
    if game == "fourscore":
        return set()
    return set(a.game.cards.ids)


def _strings(x) -> list:
    if isinstance(x, dict):
        return [s for v in x.values() for s in _strings(v)] + [k for k in x if isinstance(k, str)]
    if isinstance(x, list):
        return [s for v in x for s in _strings(v)]
    return [x] if isinstance(x, str) else []


def _engine(game: str, table: Table) -> tuple:
    """(events so far in this hand, the person's true hand as ids, every hand and the pile as ids)."""
    a, me = table.adapter, table.options.seat
    if game == "str8eight":
        h, ids = a.hand, a.cards.ids
        return len(h.events), {ids[c] for c in h.hands[me]}, [[ids[c] for c in x] for x in h.hands], \
            [ids[c] for c in h.draw]
    if game == "crazy-eights":
        h, ids = a.hand, a.game.cards.ids
        return len(h.events), {ids[c] for c in h.hands[me]}, [[ids[c] for c in x] for x in h.hands], \
            [ids[c] for c in h.stock]
    g, ids = a.game, a.game.cards.ids
    return len(a.tallies[-1].events), {ids[c] for c in g.hands[me]}, [[ids[c] for c in x] for x in g.hands], \
        [ids[c] for c in g.stack]


def _exposed(game: str, log: dict, me: int) -> dict:
    """card id -> the index of the first log event after which the person may know it
    (-1: from the deal), read from the hand's full log by the rules alone."""
    seen = {}

    def show(cards, i):
        for c in cards:
            seen.setdefault(c, i)
    show(log["hands"][me], -1)
    if game == "crazy-eights":
        show([log["starter"]], -1)
    if game == "eights":
        show(log["table"], -1)
    for i, e in enumerate(log["events"]):
        if game == "str8eight":
            if "impasse" in e:
                show(e["impasse"]["hands"][me], i)
            elif "draw" in e and (e["p"] == me or e["draw"] == "discard"):
                show([e["card"]], i)
            for key in ("play", "pass", "discard"):
                if key in e:
                    show([e[key]], i)
        elif game == "crazy-eights":
            if "play" in e or ("draw" in e and e["p"] == me):
                show([e.get("play") or e["draw"]], i)
        else:
            if "spell" in e:
                show(e["cards"] + [b for _, b in e["refill"]], i)
            if e.get("p") == me:
                show(e.get("draw", []) + (e.get("pass") or []), i)
    return seen


@pytest.mark.parametrize("game", ["str8eight", "crazy-eights", "eights"])
@pytest.mark.parametrize("seed", [2, 9])
def test_no_view_or_event_shows_a_card_the_person_may_not_know(game, seed):
    table = Table.create({"game": game, "seats": 4 if game != "eights" else 3, "level": "beginner", "seat": 2},
                         seed=seed)
    table.view()
    deck = _card_ids(game, table)
    rng = random.Random(seed)
    steps = []  # (events in the hand so far, card ids the person was shown, cards the person has held)
    held: set = set()
    shown = table.events()
    while True:
        view = table.view()
        position, hand, _, _ = _engine(game, table)
        assert {c["id"] for c in view["hand"]} == hand  # the hand shown is the person's own
        held |= hand
        steps.append((position, {s for s in _strings([view, shown]) if s in deck}, set(held)))
        if view["phase"] != "your-turn":
            break
        shown = table.play(rng.choice(view["moves"])["id"])["events"]
    log = json.loads(table.log_lines()[0])
    if not table.over:  # a hand of a longer game: its log may be had, but not the seed that tells the next
        assert log["seed"] is None and table.seed not in json.loads(table.log_lines()[0]).values()
    _nothing_leaked(game, table, log, steps, "the person was shown")


def _nothing_leaked(game: str, table, log: dict, steps: list, who: str) -> None:
    """Each step's card ids (position in the log, ids seen, the person's own) hold no card the
    rules had not shown the person by then; the hands show at the hand's end, the pile never."""
    _, _, hands, pile = _engine(game, table)
    exposed = _exposed(game, log, table.options.seat)
    for n, (position, ids, had) in enumerate(steps):
        known = {c for c, i in exposed.items() if i < position} | had
        if n == len(steps) - 1:  # the hand is over: the hands are shown to score, the pile never
            known |= {c for h in hands for c in h}
        leaked = ids - known
        assert not leaked, f"step {n}: {who} {sorted(leaked)[:5]}"
    never = set(pile) - set(exposed)
    assert not never & set().union(*(ids for _, ids, _ in steps))
    assert len(steps) > 3


def test_fourscore_keeps_the_others_cards_until_they_are_turned_up():
    table = Table.create({"game": "fourscore", "seats": 3, "level": "player", "seat": 1}, seed=4)
    for _ in range(12):
        view = table.view()
        if view["decision"] == "card":  # seat 0 has chosen already: nothing of it is shown
            assert view["table"]["turned_up"] is None
            text = json.dumps(view)
            others = table.adapter.game.hands
            assert set(view["seats"][0]) == {"seat", "name", "cards", "pile"}
            assert [c["value"] for c in view["hand"]] == sorted(others[1])
            assert '"hand"' in text and text.count('"cards"') == 3
        table.play(view["moves"][0]["id"])


def test_a_move_the_table_did_not_offer_is_refused_and_changes_nothing():
    table = Table.create({"game": "str8eight", "seats": 3, "level": "player"}, seed=5)
    before, state = table.view(), table.to_json()
    other = table.adapter.hand.hands[1][0]
    for bad in (f"discard:{table.adapter.cards.ids[other]}", "play:nonsense", "", None, 7, "draw:pile " * 50):
        with pytest.raises(TableError) as err:
            table.play(bad)
        assert err.value.field == "move" and "is not one of the moves offered now" in str(err.value)
        assert "\n" not in str(err.value) and len(str(err.value)) < 300
    assert table.view() == before and table.to_json() == state
    table.play(before["moves"][0]["id"])  # a move offered is taken
    assert table.to_json() != state


def test_hints_name_the_group_that_joins_the_cards():
    table = Table.create({"game": "str8eight", "seats": 2, "level": "player"}, seed=3)
    checked = 0
    rng = random.Random(1)
    while not table.over and checked < 12:
        view = table.view()
        laid = view["table"]["sequences"][0]["cards"]
        last = laid[-1]["value"] if laid else 0
        for m in view["moves"]:
            if m["kind"] != "play":
                continue
            v = m["card"]["value"]
            if not last:
                assert m["hint"].startswith(f"{v} can start your sequence: it has a bull's-eye") and v <= 8
                continue
            d = int(re.search(r"both are in the ×(\d+) group", m["hint"]).group(1))
            assert m["hint"].startswith(f"{v} follows {last}:")
            assert v - last == d and d in groups_of(v, 8) and d in groups_of(last, 8)
            checked += 1
        plays = [m for m in view["moves"] if m["kind"] == "play"]
        table.play(rng.choice(plays or view["moves"])["id"])
    assert checked >= 3
    from cardgen.model.play.table_words import number_name

    assert number_name(24, 9) == "24; arrows to 27 (×3), 28 (×4), 30 (×6), 32 (×8)"  # the card
    assert number_name(24, 8) == "24; arrows to 28 (×4), 30 (×6), 32 (×8)"  # 27 is not in the 8 × 8 table
    assert number_name(64, 8) == "64; no arrows onward"
    assert number_name(6, 8).startswith("6, bull's-eye; arrows to 7 (×1), 8 (×2), 9 (×3), 12 (×6)")


def _arithmetic(lines: list) -> int:
    """Every "a + b + … = c" and "a − b = c" in the lines holds; how many were checked."""
    n = 0
    for line in lines:
        for expr, result in re.findall(r"((?:−?\d+ [+−] )+−?\d+) = (−?\d+)", line):
            value = eval(expr.replace("−", "-"))
            assert value == int(result.replace("−", "-")), line
            n += 1
    return n


@pytest.mark.parametrize("game", GAMES)
def test_the_end_of_a_hand_works_the_score_out_line_by_line(game):
    table = Table.create({"game": game, "seats": 3, "level": "player", **SHORT.get(game, {})}, seed=8)
    _play_through(table, random.Random(2), stop_at_hand_end=True)
    summary = table.view()["summary"]
    assert summary and _arithmetic(summary["lines"]) >= 2
    for s, score in enumerate(summary["scores"]):  # each seat's line ends on its score
        line = summary["lines"][s]
        if game in ("str8eight", "fourscore", "eights") and re.search(r"= −?\d+$", line):
            assert line.rsplit("= ", 1)[1].replace("−", "-") == str(score)
    if game in ("str8eight", "fourscore"):
        assert summary["facts"]


def test_a_saved_table_plays_on_as_the_same_table(small_expert):
    options = {"game": "crazy-eights", "seats": 3, "level": "expert", "target": 100}
    one = Table.create(options, seed=21)
    rng = random.Random(5)
    for _ in range(6):
        one.play(rng.choice(one.view()["moves"])["id"])
    two = Table.from_json(one.to_json())
    assert two.view() == one.view()
    for _ in range(6):
        move = rng.choice(one.view()["moves"])["id"]
        assert one.play(move) == two.play(move)
    assert "hands" not in json.dumps(one.view()["table"])


def test_bad_options_are_refused_at_their_field():
    cases = [({"game": "poker"}, "game"), ({"game": "eights", "seats": 9}, "seats"),
             ({"level": "wizard"}, "level"), ({"game": "str8eight", "decks": 2}, "decks"),
             ({"game": "str8eight", "preset": "college"}, "preset"), ({"seat": 5, "seats": 3}, "seat"),
             ({"game": "crazy-eights", "target": 42}, "target"), ({"game": "eights", "words": "latin"}, "words")]
    for options, field in cases:
        with pytest.raises(TableError) as err:
            Table.create(options, seed=1)
        assert err.value.field == field and "\n" not in str(err.value)
    table = Table.create({"game": "str8eight", "preset": "intro", "seats": 3}, seed=1)
    assert table.options.variant == {"table_size": 6, "sequence_length": 5, "pass_cards": 4}
    assert table.view()["table"]["sequence_length"] == 5 and table.view()["options"]["preset"] == "intro"
    assert Table.from_json(table.to_json()).view() == table.view()
    for bad in ("{", "[]", table.to_json().replace('"answers":[]', '"answers":[1]'),
                table.to_json().replace('"seed":1', '"seed":"1"')):
        with pytest.raises(TableError) as err:
            Table.from_json(bad)
        assert err.value.field == "table"
    moved = json.loads(table.to_json())
    moved["answers"] = ["play:nonsense"]
    with pytest.raises(TableError, match="do not replay"):
        Table.from_json(json.dumps(moved)).view()


def test_the_registry_holds_a_bounded_number_of_tables():
    tables = Tables(limit=2)
    first = tables.open({"game": "eights", "seats": 2}, seed=1)
    second = tables.open({"game": "fourscore", "seats": 2}, seed=2)
    tables.get(first)  # used: the second is now the oldest
    third = tables.open({"game": "str8eight", "seats": 2}, seed=3)
    assert len(tables) == 2 and tables.get(first) and tables.get(third)
    with pytest.raises(KeyError):
        tables.get(second)
    assert len({first, second, third}) == 3 and all(len(k) >= 16 for k in (first, second, third))
