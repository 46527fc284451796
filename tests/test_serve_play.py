"""The Play page over HTTP (Starlette's test client against the app): behind the door (key,
Origin), the engine as referee (a move not offered is refused with its message, a bad
option at its field, an unknown table 404), and hidden information: every answer the
browser receives during whole hands holds no card of another seat's hand or the stock's
order (the approach of test_play_table.py, here on the bytes sent). The real browser:
test_serve_play_browser.py."""
from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from cardgen.serve.app import create_app  # noqa: E402
from cardgen.serve.security import COOKIE, allowed_hosts  # noqa: E402
from test_play_table import _card_ids, _engine, _nothing_leaked, _replay_problems, _strings  # noqa: E402

PORT = 8471
BASE = f"http://127.0.0.1:{PORT}"
ORIGIN = {"origin": BASE}
TOKEN = "p" * 32


@pytest.fixture
def door(tmp_path):
    return create_app(tmp_path / "data", TOKEN, allowed_hosts("127.0.0.1", PORT))


@pytest.fixture
def client(door):
    with TestClient(door, base_url=BASE, follow_redirects=False) as c:
        c.cookies.set(COOKIE, TOKEN)
        yield c


def start(client, **form) -> dict:
    r = client.post("/api/play", data={"game": "crazy-eights", "seats": "3", "level": "beginner", **form},
                    headers=ORIGIN)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_page_and_its_routes_need_the_key(door):
    with TestClient(door, base_url=BASE, follow_redirects=False) as stranger:
        for path in ("/play", "/static/play.js", "/api/play/abc", "/api/play/abc/log"):
            r = stranger.get(path)
            assert r.status_code == 403 and "key in the address" in r.text
        r = stranger.post("/api/play", data={"game": "eights"}, headers=ORIGIN)
        assert r.status_code == 403 and len(door.face.tables) == 0
    with TestClient(door, base_url="http://evil.example:8471", follow_redirects=False) as rebound:
        rebound.cookies.set(COOKIE, TOKEN)
        r = rebound.post("/api/play", data={"game": "eights"}, headers={"origin": "http://evil.example:8471"})
        assert r.status_code == 421 and len(door.face.tables) == 0


def test_the_page_offers_the_four_games_and_three_levels(client):
    r = client.get("/play")
    assert r.status_code == 200
    for words in ("Str8 Eight", "FourScore", "Crazy Eights", "Eights", 'value="beginner"', 'value="player"',
                  'value="expert"', 'aria-current="page">Play against the computer', "/static/play.js"):
        assert words in r.text
    assert "Play (soon)" not in r.text
    assert client.get("/playtest").text.count('aria-current="page"') == 1  # /playtest is not /play


def test_a_cross_origin_post_starts_no_table_and_plays_no_move(client, door):
    r = client.post("/api/play", data={"game": "eights"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and len(door.face.tables) == 0
    data = start(client)
    move = data["view"]["moves"][0]["id"]
    table = door.face.tables.get(data["table"])
    before = list(table.answers)
    for headers in ({"origin": "http://evil.example"}, {}, {**ORIGIN, "sec-fetch-site": "cross-site"}):
        r = client.post(f"/api/play/{data['table']}/move", data={"move": move}, headers=headers)
        assert r.status_code == 403
    assert table.answers == before


def test_a_move_not_offered_is_refused_with_its_message(client, door):
    data = start(client)
    key = data["table"]
    table = door.face.tables.get(key)
    offered = {m["id"] for m in data["view"]["moves"]}
    bad = "play:1-hearts-8" if "play:1-hearts-8" not in offered else "play:1-spades-8"
    for move in (bad, "", "x" * 500, "draw; rm -rf /"):
        r = client.post(f"/api/play/{key}/move", data={"move": move}, headers=ORIGIN)
        assert r.status_code == 400, r.text
        assert "is not one of the moves offered now" in r.json()["errors"]["move"]
        assert "Traceback" not in r.text
    assert table.answers == []
    r = client.post(f"/api/play/{key}/move", data={"mover": "draw"}, headers=ORIGIN)
    assert r.status_code == 400 and "move" in r.json()["errors"]
    r = client.post(f"/api/play/{key}/move", data={"move": sorted(offered)[0]}, headers=ORIGIN)
    assert r.status_code == 200 and r.json()["ok"] and table.answers == [sorted(offered)[0]]


@pytest.mark.parametrize("form, field, words", [
    ({"game": "chess"}, "game", "choose one of"),
    ({"seats": "9"}, "seats", "is played by 2 to 6"),
    ({"seats": "three"}, "seats", "a whole number"),
    ({"level": "grandmaster"}, "level", "choose one of beginner"),
    ({"game": "str8eight", "preset": "nursery"}, "preset", "choose one of"),
    ({"game": "eights", "preset": "intro"}, "preset", "has no class presets"),
])
def test_a_bad_option_is_refused_at_its_field(client, door, form, field, words):
    r = client.post("/api/play", data={"game": "crazy-eights", **form}, headers=ORIGIN)
    assert r.status_code == 400
    errors = r.json()["errors"]
    assert list(errors) == [field] and words in errors[field]
    assert "Traceback" not in r.text and len(door.face.tables) == 0


def test_an_unknown_table_is_404(client):
    start(client)
    for method, path in (("get", "/api/play/nosuchtable"), ("get", "/api/play/nosuchtable/log"),
                         ("get", "/api/play/nosuchtable/sheet"), ("post", "/api/play/nosuchtable/move"),
                         ("get", "/api/play/..%2F..%2Fetc/log")):
        r = getattr(client, method)(path, **({"data": {"move": "draw"}, "headers": ORIGIN} if method == "post" else {}))
        assert r.status_code == 404, path
        assert "start a new game" in r.text or r.status_code == 404


def test_the_table_id_is_unguessable_and_the_seed_never_sent(client, door):
    data = start(client)
    table = door.face.tables.get(data["table"])
    assert len(data["table"]) >= 16
    text = json.dumps(data)
    assert str(table.seed) not in text and "seed" not in text and "answers" not in text


def test_a_class_preset_brings_its_deck_and_its_print(client, door):
    data = start(client, game="str8eight", preset="intro")
    assert data["view"]["options"]["table_size"] == 6
    assert data["print"] == {"font": "early-reader", "family": "Andika", "large": True}
    hand = {c["id"] for c in data["view"]["hand"]}
    assert hand <= set(data["faces"]) and all("<svg" in data["faces"][c] for c in hand)
    sheet = client.get(f"/api/play/{data['table']}/sheet").json()
    assert sheet["ok"] and "sequence sheet" in sheet["sheet"]
    plain = start(client)
    assert plain["print"]["font"] == "standard" and not plain["print"]["large"]
    assert client.get(f"/api/play/{plain['table']}/sheet").status_code == 404


@pytest.mark.parametrize("game, seed", [("str8eight", 2), ("crazy-eights", 9), ("eights", 2)])
def test_no_answer_the_browser_receives_shows_a_card_it_may_not_know(client, door, game, seed, monkeypatch):
    """Whole hands played through the routes; every body the browser receives (the page, the
    start, each move's answer, the state after a reload, the log while the game goes on) is
    read for card ids; each must be one the person may know at that point of the hand."""
    import secrets

    monkeypatch.setattr(secrets, "randbits", lambda n: seed)  # the table's seed: known to the test only
    page = client.get("/play").text
    r = client.post("/api/play", data={"game": game, "seats": "4" if game != "eights" else "3",
                                       "level": "beginner"}, headers=ORIGIN)
    assert r.status_code == 200
    key = r.json()["table"]
    table = door.face.tables.get(key)
    assert table.seed == seed
    deck = _card_ids(game, table)
    assert not {i for i in deck if f'"{i}"' in page}
    rng = random.Random(seed)
    steps, held = [], set()
    body = r.json()
    while True:
        position, hand, _, _ = _engine(game, table)
        held |= hand
        got = _strings(body)
        mid_log = client.get(f"/api/play/{key}/log").text  # a hand in play: nothing of it
        got += [s for line in mid_log.splitlines() for s in _strings(json.loads(line))] if body["view"]["phase"] == \
            "your-turn" else []
        steps.append((position, {s for s in got if s in deck}, set(held)))
        view = body["view"]
        if view["phase"] != "your-turn":
            break
        body = client.post(f"/api/play/{key}/move", data={"move": rng.choice(view["moves"])["id"]},
                           headers=ORIGIN).json()
        if len(steps) % 7 == 0:  # a reload: the whole story again
            again = client.get(f"/api/play/{key}").json()
            assert again["view"] == body["view"]
            body = {**body, "reload": again}
    lines = client.get(f"/api/play/{key}/log").text.splitlines()
    _nothing_leaked(game, table, json.loads(lines[0]), steps, "the browser was sent")


def test_the_log_is_the_finished_hands_and_replays_under_the_referee(client, door):
    data = start(client, game="fourscore", seats="3")
    key = data["table"]
    assert client.get(f"/api/play/{key}/log").text == ""  # nothing finished yet
    rng = random.Random(5)
    view = data["view"]
    while view["phase"] == "your-turn":
        view = client.post(f"/api/play/{key}/move", data={"move": rng.choice(view["moves"])["id"]},
                           headers=ORIGIN).json()["view"]
    r = client.get(f"/api/play/{key}/log")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    lines = r.text.splitlines()
    assert lines and view["summary"]["lines"] and _replay_problems("fourscore", lines) == []
    r = client.post(f"/api/play/{key}/move", data={"move": "next-hand"}, headers=ORIGIN)
    assert r.status_code in (400, 409) and "game is over" in r.json()["errors"]["move"]
