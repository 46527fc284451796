"""Beyond paper: Tabletop Simulator sheets and JSON, print-on-demand PNGs and zip, and
the offline HTML preview driven in a real headless Chromium."""
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_cli

CHROMIUM = "/usr/bin/chromium"


def test_tts_saved_object(exported):
    data = json.loads((exported / "str8eight" / "tts" / "str8eight.json").read_text())
    deck = data["ObjectStates"]
    assert len(deck) == 1 and deck[0]["Name"] == "Deck"
    deck = deck[0]
    custom = deck["CustomDeck"]
    assert sorted(custom) == ["1", "2"]  # 70 cards: 69 on the first sheet, 1 on the second
    for key, sheet in custom.items():
        assert set(sheet) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden"}
        assert sheet["BackIsHidden"] is True and sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
        for url in (sheet["FaceURL"], sheet["BackURL"]):  # a file name beside the JSON: the kit can move
            assert "/" not in url and (exported / "str8eight" / "tts" / url).is_file(), url
    ids = deck["DeckIDs"]
    assert len(ids) == 70 and ids == [c["CardID"] for c in deck["ContainedObjects"]]
    for card_id in ids:
        sheet = custom[str(card_id // 100)]
        assert card_id % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1  # never the hidden slot
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert names[0] == "1 (1×1)" and "12 (3×4)" in names and names[-1] == "Pass right"


def test_tts_sheets(exported):
    folder = exported / "str8eight" / "tts"
    custom = json.loads((folder / "str8eight.json").read_text())["ObjectStates"][0]["CustomDeck"]
    for key, sheet in custom.items():
        with Image.open(folder / f"str8eight-faces-{key}.png") as im:
            assert im.mode == "RGB" and max(im.size) <= 4096
            assert im.size == (sheet["NumWidth"] * 400, sheet["NumHeight"] * 560)
            assert im.info.get("icc_profile")  # tagged sRGB
            # the last slot is the hidden-card image: the navy back (its ground, below the edition's plate)
            x, y = im.width - 200, im.height - 6
            r, g, b = im.getpixel((x, y))
            assert b > r and b > g and r < 120


def test_tts_base_url(tmp_path):
    """The base URL is joined to each file name with exactly one "/" (it had none: .../decksesights-…)."""
    out = tmp_path / "out"
    result = run_cli("build", "--game", "eights", "--format", "tts", "--only", "cards", "--base-url",
                     "https://example.org/decks", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    deck = json.loads((out / "eights" / "tts" / "eights.json").read_text())["ObjectStates"][0]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.org/decks/eights-faces-1.png"
    assert deck["CustomDeck"]["1"]["BackURL"] == "https://example.org/decks/eights-back.png"
    assert len(deck["DeckIDs"]) == 65 and len(deck["CustomDeck"]) == 1


def test_print_on_demand_files(exported):
    folder = exported / "str8eight" / "pod"
    pngs = sorted(p.name for p in folder.glob("*.png"))
    assert pngs[0] == "001.png" and pngs[69] == "070.png" and "back.png" in pngs and len(pngs) == 71
    with Image.open(folder / "037.png") as im:
        assert im.size == (825, 1125) and im.mode == "RGB" and round(im.info["dpi"][0]) == 300
    with zipfile.ZipFile(folder / "str8eight-pod.zip") as zf:
        assert sorted(zf.namelist()) == pngs
        assert {i.date_time for i in zf.infolist()} == {(2026, 1, 1, 0, 0, 0)}
        assert zf.read("001.png") == (folder / "001.png").read_bytes()


def test_checker_still_passes_with_exports(exported):
    result = run_cli("check", exported)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless, launched once for the module (playwright drives the
    installed binary: no browser download)."""
    import os

    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must have Debian's chromium: .ci/run installs it")
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium, so the preview cannot be "
                    "rendered (apt-get install chromium; .ci/run does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield launched
        launched.close()


def test_html_preview_in_chromium(exported, browser, tmp_path):
    assert (exported / "index.html").exists()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors, requests = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto((exported / "index.html").as_uri())
    page.wait_for_load_state("networkidle")
    assert errors == []
    assert requests and all(u.startswith("file://") for u in requests)  # offline: nothing from outside
    assert all(str(exported) in u for u in requests)
    faces = page.locator("#deck-str8eight .faces img")
    assert faces.count() == 70 and page.locator("#deck-str8eight .backs img").count() == 1
    assert page.evaluate("Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)")
    # hover: what may follow 24, and what it may follow
    page.hover('svg g[data-value="24"][data-group="4"]')
    status = page.inner_text("#sheet-status")
    assert "24: may be followed by 28, 30, 32" in status and "may follow 16, 18, 20, 21" in status
    assert page.locator("svg g.is-next[data-value='28']").count() == 2  # in rows ×4 and ×7
    assert page.locator("svg g.is-prev[data-value='20']").count() >= 1
    # keyboard: Tab reaches the sheet's numbers and focus highlights too
    page.mouse.move(0, 0)
    page.focus('svg g[data-value="1"][data-group="1"]')
    assert page.inner_text("#sheet-status").startswith("1: may be followed by 2")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('data-value')") == "2"
    page.screenshot(path=str(tmp_path / "page.png"))
    # every download labelled by shop, paper and purpose, each label once, each link a file here
    links = page.locator("#downloads a")
    labels = links.all_inner_texts()
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert len(labels) >= 10 and len(set(labels)) == len(labels), labels
    assert "Print-and-play sheets (Letter, duplex)" in labels and "Tabletop Simulator deck" in labels
    assert not [t for t in labels if t.endswith((".pdf", ".json", ".txt", ".zip"))]  # a label, not a file name
    assert all((exported / h).is_file() for h in hrefs)
    first = page.inner_text("#print-first")
    assert "100 %" in first and "cardgen calibrate" in first and "calibration-letter.pdf" in first
    assert page.locator("nav a[href='#print-first']").count() == 1
    # a phone (375 px): nothing scrolls sideways, the sequence sheet fits the width
    phone = browser.new_page(viewport={"width": 375, "height": 812})
    phone.goto((exported / "index.html").as_uri())
    phone.wait_for_load_state("networkidle")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    sheet = phone.evaluate("(() => { const d = document.querySelector('.sheet'); const r = d.querySelector('svg')"
                           ".getBoundingClientRect(); return [d.scrollWidth, d.clientWidth, r.left, r.right]; })()")
    assert sheet[0] <= sheet[1] and sheet[2] >= 0 and sheet[3] <= 375, sheet
    assert phone.is_visible("#print-first") and phone.is_visible(".sheet .hint, .hint")
    phone.screenshot(path=str(tmp_path / "phone.png"), full_page=False)
    phone.close()
    page.close()


def test_the_preview_header_shows_the_edition_mark(exported, browser, tmp_path):
    """Issue 41: the preview's header carries the edition mark as the backs, boxes and covers
    do: the house mark (drawn in the header's light ink, its rings in the header's ground)
    and "Str8 Eight — Home Edition" in capitals, readable on the dark header."""
    page = browser.new_page(viewport={"width": 1100, "height": 500})
    page.goto((exported / "index.html").as_uri())
    page.wait_for_load_state("networkidle")
    mark = page.locator("header [data-mark='edition']")
    assert mark.count() == 1 and mark.is_visible()
    assert mark.inner_text() == "STR8 EIGHT — HOME EDITION"  # set in capitals by the page's CSS
    looks = page.evaluate("""(() => {
        const p = document.querySelector("header [data-mark='edition']"), h = document.querySelector('header');
        const svg = p.querySelector('svg'), tile = svg.querySelector('rect'), ring = svg.querySelector('circle');
        const box = svg.getBoundingClientRect(), hb = h.getBoundingClientRect(), t = h.querySelector('h1').getBoundingClientRect();
        return {color: getComputedStyle(p).color, ground: getComputedStyle(h).backgroundColor,
                tile: getComputedStyle(tile).fill, ring: getComputedStyle(ring).stroke, size: [box.width, box.height],
                inside: box.top >= hb.top && box.bottom <= t.top, px: parseFloat(getComputedStyle(p).fontSize)};
    })()""")
    assert looks["inside"] and looks["size"] == [20, 20] and looks["px"] >= 12, looks
    assert looks["tile"] == looks["color"] and looks["ring"] == looks["ground"], looks

    def lum(css):
        r, g, b = (int(v) / 255 for v in css[css.index("(") + 1:-1].split(",")[:3])
        f = lambda c: c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4  # noqa: E731
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)
    a, b = sorted((lum(looks["color"]), lum(looks["ground"])))
    assert (b + 0.05) / (a + 0.05) >= 4.5
    page.locator("header").screenshot(path=str(tmp_path / "header.png"))
    page.close()


def test_checker_wants_the_edition_mark_in_the_preview_header(exported, tmp_path):
    import re
    import shutil

    from conftest import assert_check_catches

    out = tmp_path / "out"
    shutil.copytree(exported, out, copy_function=shutil.copyfile)
    index = out / "index.html"
    text = index.read_text()
    index.write_text(text.replace("<span>Str8 Eight — Home Edition</span>", "<span>Home Edition</span>"))
    assert_check_catches(out, ["index.html: -: its header's edition mark reads 'Home Edition'; this folder's is "
                               "'Str8 Eight — Home Edition'"])
    index.write_text(re.sub(r'<p class="edition".*?</p>', "", text, flags=re.S))
    assert_check_catches(out, ["index.html: -: its header shows no edition mark"])
