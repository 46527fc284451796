"""`cardgen serve` as a person uses it: the real server (uvicorn, started as `cardgen serve`
on a free port) driven by Playwright in Debian's Chromium. One server and one browser for
the module; every wait is for an event on the page, never for a time."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
WAIT = 180_000  # ms: the longest any one step may take on a loaded machine (a build, a playtest)


def start_server(data: Path, *more: str):
    """`cardgen serve` on a free port; (process, address with its key)."""
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--no-browser", "--port", "0", "--data",
                             str(data), *more], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()  # the first line names the address: the server is listening
    m = re.search(r"open (http://127\.0\.0\.1:\d+/\?token=\S+)", line)
    if not m:
        proc.kill()
        raise AssertionError(f"no address in {line!r}: {proc.stdout.read()}")
    return proc, m.group(1)


def stop_server(proc) -> int:
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("serve") / "data"
    proc, url = start_server(data)
    yield url, data
    assert stop_server(proc) == 130


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must have Debian's chromium: .ci/run installs it")
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def page(server, browser):
    url, _ = server
    # bypass_csp: the page allows no eval, and Playwright's waits for a condition are evaluated
    context = browser.new_context(viewport={"width": 1024, "height": 768}, accept_downloads=True, bypass_csp=True)
    pg = context.new_page()
    pg.set_default_timeout(WAIT)
    pg.goto(url)
    yield pg
    context.close()


def drawn(page, after: int = 0) -> int:
    """Wait for the preview to be drawn past number after; its number."""
    page.wait_for_function("n => Number(document.querySelector('#preview').dataset.drawn || 0) > n", arg=after)
    return int(page.get_attribute("#preview", "data-drawn"))


def kit_page(page, server):
    page.goto(server[0].split("?")[0])
    return drawn(page)


def only(page, game: str) -> None:
    for box in page.locator("#field-games input[type=checkbox]").all():
        box.set_checked(box.get_attribute("value") == game)


def test_a_knob_changes_the_preview(page, server):
    n = kit_page(page, server)
    first = page.locator("#decks .deck[data-game=str8eight] svg").first
    assert first.get_attribute("data-table-size") == "8"
    page.locator("summary", has_text="Designer's knobs").click()
    page.fill("#in-table_size", "6")
    n = drawn(page, n)
    assert page.locator("#decks .deck[data-game=str8eight] svg").first.get_attribute("data-table-size") == "6"
    page.select_option("#in-card_size", "bridge")
    drawn(page, n)
    assert page.locator("#decks svg.card").first.get_attribute("data-trim-mm") == "56,88.9"


def test_a_bad_value_is_refused_at_its_field(page, server):
    n = kit_page(page, server)
    page.locator("summary", has_text="Designer's knobs").click()
    page.fill("#in-table_size", "13")
    drawn(page, n)
    assert "table size 13 is out of range; use a whole number from 2 to 12" in page.inner_text("#err-table_size")
    assert "bad" in page.get_attribute("#field-table_size", "class")
    assert page.get_attribute("#in-table_size", "aria-invalid") == "true"
    page.click("#build")  # refused at the field too: no job starts
    page.wait_for_selector("#field-table_size.bad")
    assert page.is_hidden("#progress")


def test_a_build_downloads_a_zip_whose_kit_passes_check(page, server, tmp_path):
    n = kit_page(page, server)
    only(page, "eights")
    drawn(page, n)
    page.click("#plan summary")
    told = re.search(r"Eights: (\d+) cards, (\d+) a sheet, (\d+) sheets?; box: (\d+)", page.inner_text("#plan"))
    assert told, page.inner_text("#plan")
    page.click("#build")
    page.wait_for_selector("#verdict")  # the result page, after the build and its check
    assert "agrees with the rules" in page.inner_text("#verdict")
    assert page.locator("a", has_text="How to print the kit").count() >= 1
    with page.expect_download() as got:
        page.click("#zip")
    path = tmp_path / "kit.zip"
    got.value.save_as(path)
    with zipfile.ZipFile(path) as zf:
        zf.extractall(tmp_path / "unpacked")
    result = subprocess.run([sys.executable, "-m", "cardgen", "check", str(tmp_path / "unpacked" / "kit")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "all checks passed" in result.stdout
    # the sheets the page said the kit takes are the sheets it prints: duplex, a front and a back page each
    from pypdf import PdfReader

    kit = tmp_path / "unpacked" / "kit" / "eights"
    assert len(PdfReader(kit / "eights-print-letter.pdf").pages) == 2 * int(told.group(3))
    assert len(PdfReader(kit / "eights-tuckbox-letter.pdf").pages) == int(told.group(4))
    # the same options again: from the cache at once
    kit_page(page, server)
    only(page, "eights")
    page.click("#build")
    page.wait_for_selector("#verdict")


def test_a_playtest_shows_its_figures(page, server):
    page.goto(server[0].split("?")[0] + "playtest")
    only(page, "str8eight")
    page.fill("#in-hands", "60")
    page.click("#play")
    page.wait_for_selector(".figs[data-game=str8eight], #pt-error:not(:empty), .field.bad")
    assert page.locator(".field.bad").count() == 0 and not page.inner_text("#pt-error")
    text = page.inner_text(".figs[data-game=str8eight]")
    assert "60 hands, 4 players" in text
    assert re.search(r"seat 1", text, re.I) and "median" in text and "%" in text
    assert re.search(r"(plays well|misses a target|not sure yet)", text, re.I)
    page.wait_for_url(re.compile(r"/playtest/[0-9a-f]{64}$"))  # the figures have an address of their own
    page.reload()
    page.wait_for_selector("#figures[data-done='1'] .figs[data-game=str8eight]")
    assert "60 hands, 4 players" in page.inner_text("#figures")


def test_printer_answers_save_a_profile_and_change_the_sheet(page, server):
    _, data = server
    kit_page(page, server)
    only(page, "str8eight")
    page.click("#plan summary")
    page.wait_for_selector("#plan li")
    assert "8 a sheet" in page.inner_text("#plan")
    page.goto(server[0].split("?")[0] + "printer")
    answers = {"across": "99.5", "down": "100.5", "E": "3", "F": "3", "G": "5", "H": "4", "A": "+0.5", "B": "0",
               "X": "+0.25", "Y": "-0.5"}
    for key, value in answers.items():
        page.fill(f"#in-{key}", value)
    page.fill("#in-A", "+1.3")  # a bad answer: marked, the others kept
    page.click("text=Save my printer")
    page.wait_for_selector("#field-A.bad")
    assert "ladder A has no dash numbered +1.3" in page.inner_text("#err-A")
    assert page.input_value("#in-across") == "99.5"
    assert not (data / "cardgen.toml").exists()
    page.fill("#in-A", "+0.5")
    page.click("text=Save my printer")
    page.wait_for_selector("#saved")
    assert "9 poker cards upright" in page.inner_text("#saved")
    assert "[printer]" in (data / "cardgen.toml").read_text()
    kit_page(page, server)
    only(page, "str8eight")
    page.click("#plan summary")
    page.wait_for_selector("#plan li")
    assert "9 a sheet" in page.inner_text("#plan")


@pytest.mark.parametrize("where", ["", "printer", "playtest"])
def test_every_field_has_a_label_and_the_page_fits_1024(page, server, where):
    page.goto(server[0].split("?")[0] + where)
    page.wait_for_selector("main h1")
    unlabelled = page.evaluate("""() => [...document.querySelectorAll('input:not([type=hidden]), select')]
        .filter(e => !e.labels.length).map(e => e.name)""")
    assert unlabelled == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
