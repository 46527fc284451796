"""The Play page as a person uses it: the real server (`cardgen serve`, its own for this
module) and Debian's Chromium driven by Playwright. A whole hand of each game played by
clicking, one by the keyboard alone, the log downloaded and replayed by the referees.
Small tables and beginner bots; every wait is for the page's step counter, never a time."""
from __future__ import annotations

import json

import pytest

import referee
import referee_crazy_eights
import referee_eights
import referee_fourscore
from test_serve_browser import ARGS, CHROMIUM, start_server, stop_server

WAIT = 60_000
REFEREES = {"str8eight": referee.replay, "fourscore": referee_fourscore.replay,
            "crazy-eights": referee_crazy_eights.replay, "eights": referee_eights.replay}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("play") / "data"
    proc, url = start_server(data)
    yield url
    assert stop_server(proc) == 130


@pytest.fixture(scope="module")
def browser():
    from pathlib import Path

    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(server, browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, accept_downloads=True, bypass_csp=True)
    pg = context.new_page()
    pg.set_default_timeout(WAIT)
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.goto(server.split("/?")[0] + "/play")
    yield pg
    context.close()
    assert errors == []


def step(page) -> int:
    return int(page.get_attribute("#table", "data-step") or 0)


def wait_step(page, after: int) -> int:
    page.wait_for_function("n => Number(document.querySelector('#table').dataset.step || 0) > n", arg=after)
    return step(page)


def deal(page, game: str, seats: str, preset: str = "") -> None:
    page.select_option("#game", game)
    if preset:
        page.select_option("#preset", preset)
    page.select_option("#seats", seats)
    page.select_option("#level", "beginner")
    page.click("#start")
    wait_step(page, 0)


def replayed(page, game: str) -> list:
    """The log downloaded by its link, replayed hand by hand by the game's referee."""
    with page.expect_download() as got:
        page.click("#log")
    lines = open(got.value.path(), encoding="utf-8").read().splitlines()
    assert lines and all(json.loads(line)["game"] for line in lines)
    return [p for line in lines for p in REFEREES[game](line)]


@pytest.mark.parametrize("game, seats, preset", [("str8eight", "2", "intro"), ("fourscore", "3", "intro"),
                                                 ("crazy-eights", "2", ""), ("eights", "3", "")])
def test_a_whole_hand_played_by_clicking(page, game, seats, preset):
    deal(page, game, seats, preset)
    assert page.is_checked("#hints") == bool(preset)  # hints are on by themselves for a class preset
    if not preset:
        page.check("#hints")
    # the hand is drawn with the kit's cards, each named for a screen reader
    first = page.locator("#hand li.card").first
    assert first.locator("svg").count() == 1 and first.get_attribute("aria-label")
    key = page.evaluate("location.hash").removeprefix("#table-")
    state = page.request.get(page.url.split("#")[0].rsplit("/play", 1)[0] + f"/api/play/{key}").json()
    names = [c["name"] for c in state["view"]["hand"]]
    assert page.eval_on_selector_all("#hand li.card", "els => els.map(e => e.getAttribute('aria-label'))") == names
    assert page.locator("#hint-box").is_visible()
    assert page.locator("#sheet-button").is_visible() == (game == "str8eight")
    n, clicks = step(page), 0
    while page.get_attribute("#table", "data-phase") == "your-turn":
        assert clicks < 400  # a guard: a small table's hand ends in a few dozen moves
        playable = page.locator("#moves button.playable")
        (playable if playable.count() else page.locator("#moves button")).first.click()
        n = wait_step(page, n)
        clicks += 1
    assert clicks > 3
    assert page.locator("#summary").is_visible() and page.locator("#summary-lines li").count() >= 2
    assert page.locator("#events li:not(.mine)").count() >= 2  # the bots' moves are told too
    assert replayed(page, game) == []


def test_a_hand_played_with_the_keyboard_alone(page):
    def tab_to(element_id: str) -> None:
        for _ in range(40):
            if page.evaluate("document.activeElement.id") == element_id:
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached #{element_id}")

    tab_to("game")
    page.keyboard.press("ArrowDown")  # FourScore
    assert page.input_value("#game") == "fourscore"
    for key in ("Tab", "ArrowDown"):  # the preset: intro
        page.keyboard.press(key)
    assert page.input_value("#preset") == "intro"
    tab_to("start")
    page.keyboard.press("Enter")
    n = wait_step(page, 0)
    assert page.evaluate("document.activeElement.id") == "table-title"
    presses = 0
    while page.get_attribute("#table", "data-phase") == "your-turn":
        # Tab until a move is focused (the focus is drawn), then Enter
        while not page.evaluate("document.activeElement.classList.contains('move')"):
            page.keyboard.press("Tab")
            presses += 1
            assert presses < 2000
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"
        page.keyboard.press("Enter")
        n = wait_step(page, n)
    assert page.evaluate("document.body.classList.contains('large-print')")  # the intro preset's print
    assert "Andika" in page.evaluate("getComputedStyle(document.body).fontFamily")
    while page.evaluate("document.activeElement.id") != "log":
        page.keyboard.press("Tab")
        presses += 1
        assert presses < 2000
    with page.expect_download() as got:
        page.keyboard.press("Enter")
    lines = open(got.value.path(), encoding="utf-8").read().splitlines()
    assert lines and [p for line in lines for p in referee_fourscore.replay(line)] == []


def test_a_tablet_width_shows_hand_and_moves_in_one_column(browser, server):
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True,
                                  bypass_csp=True)
    pg = context.new_page()
    pg.set_default_timeout(WAIT)
    pg.goto(server)
    pg.goto(server.split("/?")[0] + "/play")
    deal(pg, "crazy-eights", "3")
    n = step(pg)
    pg.locator("#moves button").first.tap()
    wait_step(pg, n)
    assert pg.evaluate("document.documentElement.scrollWidth") <= 768  # nothing wider than the screen
    box = pg.locator("#moves button").first.bounding_box()
    assert box["height"] >= 44  # a finger's target
    context.close()
