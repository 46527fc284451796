"""Screenshots of `cardgen serve`'s pages, taken from the real server in headless Chromium,
for the docs' "Use it in your browser" page (docs/_ext/pictures.py runs this as its build
"serve") and for looking at the pages as a parent, a teacher or a designer sees them.

usage: python docs/serve_pictures.py OUT   (writes OUT/kit.png, OUT/kit-error.png, OUT/building.png,
                                            OUT/result.png, OUT/printer.png, OUT/playtest.png)

Needs Debian's chromium at /usr/bin/chromium (driven by Playwright, no browser download).
Every step waits for the page to say it is done, never for a time.
"""
from __future__ import annotations

import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
SIZE = {"width": 1024, "height": 768}
READINGS = {"across": "99.5", "down": "100.5", "E": "3", "F": "3", "G": "5", "H": "4", "A": "+0.5", "B": "0",
            "X": "+0.25", "Y": "-0.5"}


def main(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardgen-serve-pictures-") as data:
        proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--no-browser", "--port", "0", "--data",
                                 data], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            m = re.search(r"open (http://\S+)", proc.stdout.readline())
            if not m:
                raise RuntimeError("cardgen serve printed no address")
            url = m.group(1)
            home = url.split("?")[0]
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync"])
                page = browser.new_context(viewport=SIZE, bypass_csp=True).new_page()
                page.set_default_timeout(300_000)
                page.goto(url)
                page.wait_for_selector("#preview[data-drawn]")
                page.screenshot(path=out / "kit.png")
                # a bad value, refused at its field
                page.locator("summary", has_text="Designer's knobs").click()
                page.fill("#in-table_size", "13")
                page.wait_for_selector("#field-table_size.bad")
                page.locator("#field-table_size").scroll_into_view_if_needed()
                page.screenshot(path=out / "kit-error.png")
                # a small kit built: the progress, then the result
                page.goto(home)
                page.wait_for_selector("#preview[data-drawn]")
                for box in page.locator("#field-games input[type=checkbox]").all():
                    box.set_checked(box.get_attribute("value") == "eights")
                page.click("#build")
                page.wait_for_selector("#progress-bar[value]")
                page.screenshot(path=out / "building.png")
                page.wait_for_selector("#verdict")
                page.screenshot(path=out / "result.png")
                # the printer
                page.goto(home + "printer")
                for key, value in READINGS.items():
                    page.fill(f"#in-{key}", value)
                page.click("text=Save my printer")
                page.wait_for_selector("#saved")
                page.locator("#saved").scroll_into_view_if_needed()
                page.screenshot(path=out / "printer.png")
                # a playtest
                page.goto(home + "playtest")
                for box in page.locator("#field-games input[type=checkbox]").all():
                    box.set_checked(box.get_attribute("value") == "str8eight")
                page.fill("#in-hands", "400")
                page.click("#play")
                page.wait_for_selector("#figures[data-done='1']")
                page.screenshot(path=out / "playtest.png")
                browser.close()
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(120)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("serve-pictures"))
