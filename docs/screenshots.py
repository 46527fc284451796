"""Look at the built site as a reader would: every page in headless Chromium, at a desktop
width and a phone's, screenshots saved, and what a reader would trip over listed.

usage: python docs/screenshots.py [SITE] [OUT]   (defaults: docs/_build/html, docs/_build/screenshots)

Needs Debian's chromium at /usr/bin/chromium (driven by Playwright, no browser download).
For each page it prints what went wrong: a console error, a request that failed or left
the site, an image that did not load, a page wider than the phone's screen, or words,
code or a picture running past its edge.
"""
from __future__ import annotations

import sys
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
# words, pictures and code of the article whose right edge lies past the screen, outside
# the boxes that scroll on their own (code blocks, tables)
CUT_OFF = """width => [...document.querySelectorAll('article p, article li, article code, article img')]
    .filter(e => !e.closest('pre, table') && e.getBoundingClientRect().right > width + 1)
    .map(e => (e.textContent || e.getAttribute('src') || '').trim().slice(0, 60))"""


def main() -> int:
    from playwright.sync_api import sync_playwright

    here = Path(__file__).resolve().parent
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else here / "_build" / "html"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else here / "_build" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    pages = sorted(p for p in site.rglob("*.html") if p.name not in ("genindex.html", "search.html"))
    trouble = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for size, (width, height) in SIZES.items():
            page = browser.new_page(viewport={"width": width, "height": height})
            problems: list = []
            page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
            page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
            page.on("request", lambda r: problems.append(f"left the site: {r.url}")
                    if not r.url.startswith(("file://", "data:")) else None)
            for html in pages:
                problems.clear()
                page.goto(html.as_uri())
                page.wait_for_load_state("load")
                broken = page.evaluate("[...document.images].filter(i => !i.complete || !i.naturalWidth)"
                                       ".map(i => i.src)")
                problems += [f"image did not load: {src}" for src in broken]
                if page.evaluate("document.documentElement.scrollWidth") > width:
                    problems.append(f"wider than the {width} px screen")
                cut = page.evaluate(CUT_OFF, width)  # what the theme's article clips instead of scrolling
                problems += [f"runs past the {width} px screen: {text}" for text in cut]
                name = html.relative_to(site).with_suffix("").as_posix().replace("/", "-")
                page.screenshot(path=out / f"{name}-{size}.png", full_page=size == "desktop")
                for problem in problems:
                    print(f"{html.relative_to(site)} ({size}): {problem}")
                trouble += len(problems)
            page.close()
        browser.close()
    print(f"{len(pages)} pages, {len(SIZES)} sizes: {trouble} problems; screenshots in {out}")
    return 1 if trouble else 0


if __name__ == "__main__":
    sys.exit(main())
