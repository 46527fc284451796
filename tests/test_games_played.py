"""Crazy Eights and Eights played: the engines against outside referees (tests/referee_*.py,
which import nothing of cardgen), tampered logs caught, rules checked move by move, the
table of readings driving engine and booklet alike, and their playtest reports."""
import json
import random
from collections import Counter

import pytest

from cardgen.model import eights as eights_model
from cardgen.model import readings as readings_module
from cardgen.model.play import crazy_eights as ce
from cardgen.model.play import eights as e8
from cardgen.model.readings import engine_settings, parse, readings
from cardgen.model.wordlist import WordIndex, english_words, playable_words
import referee_crazy_eights
import referee_eights
from conftest import run_cli


def _game_lines(result):
    return [json.dumps(h.log) for h in result.hands]


@pytest.mark.parametrize("options, players, bots", [
    ({}, 4, "greedy"),
    ({"draw_until_play": True, "target": 100}, 3, "random"),
    ({"action_cards": True}, 2, "random"),
    ({"action_cards": True, "penalty_scoring": True, "target": 100}, 5, "greedy"),
    ({"ace_value": 1, "decks": 2}, 6, "random"),
])
def test_the_crazy_eights_referee_accepts_every_logged_game(options, players, bots):
    variant = ce.CrazyEightsVariant(players=players, **options)
    for seed in (1, 2):
        r = ce.play_game(variant, [ce.CRAZY_BOTS[bots]() for _ in range(players)], seed, log=True)
        assert r.winners and max(r.totals) >= variant.target
        assert referee_crazy_eights.replay_game(_game_lines(r)) == []


@pytest.mark.parametrize("words, players, bots", [
    ("numbers", 2, "greedy"), ("numbers", 6, "random"), ("english", 3, "greedy"), ("english", 4, "random")])
def test_the_eights_referee_accepts_every_logged_game(words, players, bots):
    variant = e8.EightsVariant(players=players, words=words)
    r = e8.play_game(variant, [e8.EIGHTS_BOTS[bots]() for _ in range(players)], 3, log=True)
    assert r.winners and max(r.totals) >= r.target
    assert referee_eights.replay_game(_game_lines(r)) == []


def _tampered(replay, line, change):
    h = json.loads(line)
    change(h)
    return replay(json.dumps(h))


def test_the_crazy_eights_referee_catches_a_tampered_log():
    r = ce.play_game(ce.CrazyEightsVariant(players=3), [ce.CrazyGreedy()] * 3, 7, log=True)
    line = next(l for l in _game_lines(r) if json.loads(l)["winner"] is not None
                and any("suit" in e for e in json.loads(l)["events"]))
    h = json.loads(line)
    replay = referee_crazy_eights.replay
    assert replay(line) == []
    plays = [i for i, e in enumerate(h["events"]) if "play" in e and "suit" not in e]
    named = next(i for i, e in enumerate(h["events"]) if "suit" in e)
    assert _tampered(replay, line, lambda h: h["scores"].__setitem__(h["winner"], h["scores"][h["winner"]] + 1))
    assert _tampered(replay, line, lambda h: h.__setitem__("winner", (h["winner"] + 1) % 3))
    assert _tampered(replay, line, lambda h: h["stock"].reverse())  # draws no longer from the top
    assert _tampered(replay, line, lambda h: h["events"].__delitem__(plays[0]))  # a missing move
    assert _tampered(replay, line, lambda h: h["events"][named].pop("suit"))  # an 8 that names no suit
    assert _tampered(replay, line, lambda h: h.__setitem__("totals", [t + 1 for t in h["totals"]]))

    def illegal(h):  # the first play replaced by a held card of another suit and rank (not an 8)
        i = plays[0]
        seat = h["events"][i]["p"]
        card = h["events"][i]["play"]
        other = next(c for c in h["hands"][seat] if c.split("-")[1] != card.split("-")[1]
                     and c.split("-")[2] not in (card.split("-")[2], "8"))
        h["events"][i]["play"] = other
    assert any("may not follow" in p or "does not hold" in p for p in _tampered(replay, line, illegal))
    # the whole game: a hand left out breaks the totals carried from hand to hand
    lines = _game_lines(r)
    assert len(lines) > 2 and referee_crazy_eights.replay_game(lines[:1] + lines[2:])


def test_the_eights_referee_catches_a_tampered_log():
    r = e8.play_game(e8.EightsVariant(players=3), [e8.EightsGreedy()] * 3, 4, log=True)
    line = _game_lines(r)[0]
    h = json.loads(line)
    replay = referee_eights.replay
    assert replay(line) == []
    spells = [i for i, e in enumerate(h["events"]) if "spell" in e]
    first = h["events"][spells[0]]
    assert _tampered(replay, line, lambda h: h["scores"].__setitem__(0, h["scores"][0] + 1))
    assert _tampered(replay, line, lambda h: h["stack"].reverse())
    assert _tampered(replay, line, lambda h: h["events"][spells[0]].__setitem__("spell", "SEVEN"))
    assert _tampered(replay, line, lambda h: h["events"][spells[0]].__setitem__("refill", []))
    assert _tampered(replay, line, lambda h: h["events"].__delitem__(spells[0]))
    assert _tampered(replay, line, lambda h: h.__setitem__("words", "english") or
                     h["events"][spells[0]].__setitem__("spell", "ZZZ"))
    table_card = next(c for c in first["cards"] if c in h["table"])
    # spelled from the hand alone: the table card swapped for the hand card put back in its place
    assert _tampered(replay, line, lambda h: h["events"][spells[0]].__setitem__(
        "cards", [c for c in first["cards"] if c != table_card]))
    assert _tampered(replay, line, lambda h: h.__setitem__("game_over", not h["game_over"]))


def test_crazy_eights_turns_follow_the_rules():
    v = ce.CrazyEightsVariant(players=3, action_cards=True)
    game = ce.Game(v, 1)
    hand = ce.Hand(game, 0)
    ids = {cid: i for i, cid in enumerate(game.cards.ids)}
    hand.discard = [ids["1-hearts-7"]]
    hand.free, hand.named = False, None
    assert hand.legal(ids["1-diamonds-7"]) and hand.legal(ids["1-hearts-K"]) and hand.legal(ids["1-spades-8"])
    assert not hand.legal(ids["1-clubs-Q"])
    hand.discard.append(ids["1-spades-8"])
    hand.named = "clubs"  # an 8 named clubs: a club or an 8, nothing else
    assert hand.legal(ids["1-clubs-Q"]) and hand.legal(ids["1-hearts-8"]) and not hand.legal(ids["1-spades-5"])
    # a 2 under action cards: the next seat draws two and misses its turn; a queen skips; an ace reverses
    stock = len(hand.stock)
    before = len(hand.hands[1])
    assert hand._act(0, ids["1-clubs-2"]) == 2 and len(hand.hands[1]) == before + 2 and len(hand.stock) == stock - 2
    assert hand._act(0, ids["1-clubs-Q"]) == 2
    assert hand._act(1, ids["1-clubs-A"]) == 0 and hand.direction == -1
    # the ace counts 1 or 10 as built; 8 = 50, courts 10
    for ace in (1, 10):
        cards = ce.cards_for(ce.CrazyEightsVariant(ace_value=ace))
        penalty = dict(zip(cards.ids, cards.penalty))
        assert (penalty["1-hearts-A"], penalty["1-hearts-8"], penalty["1-hearts-Q"], penalty["1-hearts-9"]) == \
            (ace, 50, 10, 9)


def test_crazy_eights_scoring_and_the_blocked_hand():
    game = ce.Game(ce.CrazyEightsVariant(players=3), 2)
    hand = ce.Hand(game, 0)
    ids = {cid: i for i, cid in enumerate(game.cards.ids)}
    hand.hands = [[], [ids["1-hearts-8"], ids["1-clubs-K"]], [ids["1-spades-3"], ids["1-spades-9"]]]
    assert hand._result(0, 10, False).scores == [72, 0, 0]  # the booklet's example: 60 + 12
    hand.hands[0] = [ids["1-clubs-2"]]
    blocked = hand._result(None, 10, False)  # fewest points (2) wins: (60 − 2) + (12 − 2)
    assert blocked.scores == [68, 0, 0] and blocked.eights_caught == 1
    hand.hands[2] = [ids["1-hearts-2"]]
    assert hand._result(None, 10, False).scores == [0, 0, 0]  # two tie for the fewest: nobody scores
    penalty = ce.Game(ce.CrazyEightsVariant(players=3, penalty_scoring=True), 2)
    hand.variant = penalty.variant
    assert hand._result(None, 10, False).scores == [2, 60, 2]  # each seat its own points


def test_crazy_eights_options_change_the_play():
    base = ce.CrazyEightsVariant(players=4)
    until = ce.CrazyEightsVariant(players=4, draw_until_play=True)
    for seed in (1, 2, 3):
        r = ce.play_game(until, [ce.CrazyGreedy()] * 4, seed, log=True)
        for h in (json.loads(l) for l in _game_lines(r)):
            events = h["events"]
            for i, e in enumerate(events):  # under draw-until-play a run of draws ends with the last card drawn played
                if "draw" in e and i + 1 < len(events) and events[i + 1].get("p") != e["p"] and \
                        "reshuffle" not in events[i + 1]:
                    assert not any("draw" in x for x in events[i + 1:i + 2] if x.get("p") == e["p"])
    quick = ce.play_game(ce.CrazyEightsVariant(players=4, target=100), [ce.CrazyGreedy()] * 4, 1)
    long = ce.play_game(ce.CrazyEightsVariant(players=4, target=500), [ce.CrazyGreedy()] * 4, 1)
    assert len(quick.hands) < len(long.hands) and max(long.totals) >= 500 > max(long.totals) - max(
        h.scores[h.winner] for h in long.hands if h.winner is not None)
    with pytest.raises(ValueError, match="need 2 decks"):
        ce.CrazyEightsVariant(players=7)
    assert base.options == () and until.options == ("draw-until-play",)


def test_eights_finds_the_same_number_words_as_the_booklets_model():
    """The engine's search (trie + table subsets) against the model's plain search
    (model/eights.py spell(), used for the booklet's worked example), deal by deal."""
    for seed in range(30):
        table, hands = eights_model.deal(seed, 3)
        game = e8.Game(e8.EightsVariant(players=3), seed)
        index = {c.slug: i for i, c in enumerate(eights_model.build_deck())}
        game.table = [None] + [index[table[s].slug] for s in range(1, 9)]
        game.hands = [[index[c.slug] for c in h] for h in hands]
        for seat, hand in enumerate(hands):
            model = {w for w in eights_model.WORDS if eights_model.spell(w, table, hand)}
            engine = {w.upper() for w in game.candidates(seat) if game.ways(seat, w, first=True)}
            assert engine == model, seed
            best = game.best_word(seat)
            assert (best.upper() if best else None) == eights_model.best_word(table, hand)
            for w in model:  # the engine lists the model's ways (cards and refills; letter order aside), all legal
                ways = game.ways(seat, w.lower())
                assert all(game.legal(seat, way) for way in ways)
                mine = {(frozenset(way.cards), way.refills) for way in ways}
                theirs = {(frozenset(index[c.slug] for c in letters),
                           tuple(sorted((index[t.slug], index[b.slug]) for t, b in refills)))
                          for letters, refills in eights_model.spell(w, table, hand)}
                assert mine == theirs, (seed, w)


def test_the_word_list_and_its_index():
    words = english_words()
    assert len(words) > 60000 and {"seven", "eight", "twine", "forest"} <= words and "Texas" not in words
    deck = "".join(c.letter for c in eights_model.build_deck())
    playable = playable_words(deck, 3)
    counts = Counter(deck)
    assert all(len(w) >= 3 and not (Counter(w) - counts) for w in playable)
    assert "zoo" not in playable and "three" in playable and "xxx" not in playable
    index = WordIndex({w: len(w) for w in playable})
    rng = random.Random(5)
    for _ in range(20):
        letters = Counter(rng.sample(deck, 12))
        brute = sorted(w for w in playable if not (Counter(w) - letters))
        assert sorted(index.makeable(letters)) == brute
        assert sorted(index.makeable(letters, 4)) == [w for w in brute if len(w) <= 4]


def test_greedy_beats_random_at_both_games():
    wins = Counter()
    for seed in range(12):
        r = ce.play_game(ce.CrazyEightsVariant(players=2, target=100), [ce.CrazyGreedy(), ce.CrazyRandom()], seed)
        wins["crazy"] += r.winners == [0]
        r = e8.play_game(e8.EightsVariant(players=2), [e8.EightsGreedy(), e8.EightsRandom()], seed)
        wins["eights"] += r.winners == [0]
    assert wins["crazy"] >= 8 and wins["eights"] >= 8, wins


def test_readings_are_validated_and_name_the_entry():
    good = '[[reading]]\nid = "a"\nkind = "reading"\ntopic = "T"\nrule = "R"\nwhy = "W"\nengine = { x = 1 }\n'
    assert parse(good, "f.toml")[0].engine == {"x": 1}
    for text, message in (
        (good.replace('why = "W"', 'why = "W"\ncolour = "red"'), "f.toml, entry 1 ('a'): unknown field(s) colour"),
        (good.replace('why = "W"\n', ""), "missing field(s) why"),
        (good.replace('"reading"', '"guess"'), "kind 'guess' is none of reading, added"),
        (good + good, "entry 2 ('a'): id 'a' is used twice"),
        (good + good.replace('"a"', '"b"'), "entry 2 ('b'): engine key x is also set by entry 'a'"),
        (good.replace("{ x = 1 }", "{ x = [1] }"), "engine value x is a list"),
        (good.replace('id = "a"', 'id = "Bad Id"'), "is not kebab-case"),
    ):
        with pytest.raises(ValueError, match=None) as err:
            parse(text, "f.toml")
        assert message in str(err.value), str(err.value)
    for game in ("crazy-eights", "eights"):
        entries = readings(game)
        assert entries and all(r.kind in ("reading", "added") for r in entries)
        merged = engine_settings(game)
        assert merged == {k: v for r in entries for k, v in r.engine.items()}
    assert engine_settings("eights")["exchange"] == "under-first"
    assert engine_settings("crazy-eights")["empty_stock"] == "reshuffle"


@pytest.fixture
def readings_copy(tmp_path, monkeypatch):
    """The table of readings read from a copy the test may edit; every cache that holds a choice cleared."""
    from importlib import resources

    folder = tmp_path / "readings"
    folder.mkdir()
    for game in ("crazy-eights", "eights"):
        text = resources.files("cardgen.templates").joinpath("readings", f"{game}.toml").read_text()
        (folder / f"{game}.toml").write_text(text)
    monkeypatch.setattr(readings_module, "_file", lambda game: folder / f"{game}.toml")

    def clear():
        readings.cache_clear()
        e8.lexicon.cache_clear()
    clear()
    yield folder
    clear()


def test_a_changed_reading_changes_the_engine_and_the_booklet(readings_copy):
    from cardgen.documents.ruletext import render
    from cardgen.model.facts import eights_facts

    assert "any English word of three or more letters" in render("eights", eights_facts())
    assert any(len(w) == 3 and w not in ("one", "two", "six") for w in e8.lexicon("english").points)
    path = readings_copy / "eights.toml"
    path.write_text(path.read_text().replace("open_min_letters = 3", "open_min_letters = 4"))
    readings.cache_clear()
    e8.lexicon.cache_clear()
    assert "any English word of four or more letters" in render("eights", eights_facts())
    assert all(len(w) >= 4 or w in ("one", "two", "six") for w in e8.lexicon("english").points)
    # Crazy Eights: a drawn card that follows is played at once when the reading says so
    def drawn_then_played(seed):
        r = ce.play_game(ce.CrazyEightsVariant(players=3), [ce.CrazyGreedy()] * 3, seed, log=True)
        return sum(1 for h in (json.loads(l) for l in _game_lines(r)) for a, b in zip(h["events"], h["events"][1:])
                   if "draw" in a and not a.get("forced") and b.get("p") == a["p"] and "play" in b)
    assert drawn_then_played(1) == 0
    path = readings_copy / "crazy-eights.toml"
    path.write_text(path.read_text().replace("play_drawn_card = false", "play_drawn_card = true"))
    readings.cache_clear()
    assert drawn_then_played(1) > 0


def test_the_playtest_reports_and_logs(played):
    out, reports, lines = played
    import pypdf

    for game, title in (("crazy-eights", "Crazy Eights playtest"), ("eights", "Eights playtest")):
        report = reports[game]
        f = report["figures"]
        hands = [json.loads(l) for l in lines[game]]
        assert f["games"] == 24 and f["hands"] == len(hands)
        assert sum(h["game_over"] for h in hands) == 24
        ends = [h for h in hands if h["game_over"]]
        for seat, s in enumerate(f["seats"]):  # a shared win counts as a share
            assert s["count"] == pytest.approx(sum(seat in h["winners"] and 1 / len(h["winners"]) for h in ends),
                                               abs=0.01)
            assert 0 <= s["low"] <= s["rate"] <= s["high"] <= 1
        assert sum(f["hands_per_game"]["histogram"].values()) == 24
        pdf = pypdf.PdfReader(str(out / "playtest" / f"{game}-playtest-letter.pdf"))
        text = pdf.pages[0].extract_text()
        assert len(pdf.pages) == 1 and title in text and "Games won by seat" in text
        page = (out / "playtest" / f"{game}-playtest.html").read_text()
        assert "<svg" in page and f"{title}" in page
    replay = {"crazy-eights": referee_crazy_eights.replay, "eights": referee_eights.replay}
    for game, logged in lines.items():  # a handful of the CLI's own lines, replayed
        assert all(replay[game](line) == [] for line in logged[:4])
    ce_f, e8_f = reports["crazy-eights"]["figures"], reports["eights"]["figures"]
    crazy = [json.loads(l) for l in lines["crazy-eights"]]
    assert ce_f["stock_out"]["count"] == sum(any("reshuffle" in e for e in h["events"]) for h in crazy)
    won = [h for h in crazy if h["winner"] is not None]
    assert ce_f["decided_by_eight"]["count"] == sum(
        [e for e in h["events"] if "play" in e][-1]["play"].endswith("-8") for h in won)
    words = [e["spell"] for h in (json.loads(l) for l in lines["eights"]) for e in h["events"] if "spell" in e]
    assert e8_f["word_lengths"] == {str(k): v for k, v in sorted(Counter(map(len, words)).items())}
    assert e8_f["top_words"] == dict(sorted(Counter(words).items(), key=lambda kv: (-kv[1], kv[0]))[:12])
    assert run_cli("check", out).exit_code == 0


def test_playtest_game_takes_exactly_the_games_it_plays():
    from cardgen.settings import PLAYABLE

    help_text = " ".join(run_cli("playtest", "--help").output.split())
    assert "it plays str8eight, fourscore, eights, crazy-eights" in help_text
    assert set(PLAYABLE) == {"str8eight", "fourscore", "eights", "crazy-eights"}
    from cardgen.playtest.simulate import CHUNKS

    assert set(CHUNKS) == set(PLAYABLE)  # every game offered has an engine behind it


def test_the_same_seed_gives_the_same_games_whatever_jobs():
    from cardgen.playtest.simulate import simulate

    for game, variant in (("crazy-eights", ce.CrazyEightsVariant(players=3)), ("eights", e8.EightsVariant(players=2))):
        one = simulate(game, variant, ("greedy",), 8, 4, 1)
        two = simulate(game, variant, ("greedy",), 8, 4, 2)
        assert vars(one) == vars(two) and one.hands == 8 and one.hand_count >= 8
