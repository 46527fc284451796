"""A static, offline HTML preview of a build: every deck (faces and backs), the
sequence sheet whose numbers light up what may follow them and what they may follow,
and links to every PDF. Everything it loads sits beside it under <out>/site/.

It reads only what the games wrote (their SVGs and the manifest parameters), so it
shows exactly the built cards.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from ..design.templating import render
from ..design.trim import trimmed
from ..errors import writing

THUMB_W, THUMB_H = 250, 350  # px, the poker card's 5:7


def _title(svg: str, fallback: str) -> str:
    m = re.search(r"<title>([^<]*)</title>", svg)
    return m.group(1) if m else fallback


def write_site(root: Path, games: dict, titles: dict, workers: int, theme, reports: tuple = ()) -> list[Path]:
    """root: the (staging) output folder holding the game folders; games: name -> params,
    in any order (a build collects them as they finish): the page lists them in the
    registry's order, so the same build writes the same bytes. reports: the playtest
    pages to link (playtest/…html, relative to root). Returns every file written."""
    from ..draw.png import rgb_pngs

    site = root / "site"
    if site.exists():
        shutil.rmtree(site)
    (site / "fonts").mkdir(parents=True)
    written = []
    for cut, name in theme.fonts.files:
        with writing(site / "fonts" / name):
            shutil.copyfile(theme.fonts.folder / name, site / "fonts" / name)
        written.append(site / "fonts" / name)
    for game, params in _ordered(games).items():
        deck = params.get("deck")
        if deck:
            slugs = deck["faces"] + deck["backs"]
            svgs = [(_cards(root, game, params) / f"{s}.svg").read_text(encoding="utf-8") for s in slugs]
            folder = site / game
            folder.mkdir()
            pngs = rgb_pngs([trimmed(svg) for svg in svgs], THUMB_W, THUMB_H, workers, theme.fonts)
            for slug, png in zip(slugs, pngs):
                path = folder / f"{slug}.png"
                with writing(path):
                    path.write_bytes(png)
                written.append(path)
    for name in ("site.css", "site.js"):
        text = render(f"site/{name}.j2", fonts={"roles": theme.fonts.role_map, "files": dict(theme.fonts.files)},
                      tokens=theme.tokens)
        with writing(site / name):
            (site / name).write_text(text, encoding="utf-8")
        written.append(site / name)
    written.append(write_index(root, games, titles, reports))
    return written


def _cards(root: Path, game: str, params: dict) -> Path:
    """The folder of the card SVGs the preview shows: the game's, or its first class set's."""
    sets = params.get("sets")
    return root / game / (f"set-{sets['letters'][0].lower()}" if sets else "") / "svg"


def _ordered(games: dict) -> dict:
    from ..builders import GAMES

    order = list(GAMES)
    return dict(sorted(games.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else len(order), kv[0])))


def write_index(root: Path, games: dict, titles: dict, reports: tuple = ()) -> Path:
    """The preview's page, from the games' files and the thumbnails already under site/:
    a playtest adds its report to the page without drawing a card again."""
    decks, downloads, sheet, sheet_table = [], [], None, 8
    for game, params in _ordered(games).items():
        game_dir = root / game
        deck = params.get("deck")
        if deck:
            cards = []
            for slug in deck["faces"] + deck["backs"]:
                svg = (_cards(root, game, params) / f"{slug}.svg").read_text(encoding="utf-8")
                cards.append({"src": f"site/{game}/{slug}.png", "alt": _title(svg, slug),
                              "back": slug in deck["backs"]})
            decks.append({"game": game, "title": deck.get("title") or titles.get(game, game), "faces": [c for c in cards if not c["back"]],
                          "backs": [c for c in cards if c["back"]]})
        files = sorted(p for p in game_dir.rglob("*") if p.suffix in (".pdf", ".zip", ".json") and p.is_file())
        if files:
            downloads.append({"title": (deck or {}).get("title") or titles.get(game, game), "files": [
                {"href": p.relative_to(root).as_posix(), "name": p.name, "kb": max(1, round(p.stat().st_size / 1024))}
                for p in files]})
        papers = (params.get("sequence_sheet") or {}).get("papers")
        if papers and sheet is None:
            text = (game_dir / f"sequence-sheet-{papers[0]}.svg").read_text(encoding="utf-8")
            sheet = re.sub(r"^<\?xml[^>]*>\s*", "", text)
            sheet_table = params.get("table_size", 8)
    pages = [{"href": href, "name": _report_name(href)} for href in sorted(reports)]
    index = root / "index.html"
    text = render("site/index.html.j2", decks=decks, downloads=downloads, sheet=sheet, sheet_table=sheet_table, reports=pages)
    with writing(index):
        index.write_text(text, encoding="utf-8")
    return index


def _report_name(href: str) -> str:
    """playtest/str8eight-playtest.html -> "Str8 Eight playtest"."""
    stem = href.rsplit("/", 1)[-1].removesuffix(".html")
    game, _, kind = stem.partition("-")
    names = {"str8eight": "Str8 Eight", "fourscore": "FourScore"}
    return f"{names.get(game, game)} {kind}"
