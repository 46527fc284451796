"""A static, offline HTML preview of a build: every deck (faces and backs), the
sequence sheet whose numbers light up what may follow them and what they may follow,
what to print first, and every download labelled by what it is for. Everything it loads
sits beside it under <out>/site/.

It reads only what the games wrote (their SVGs, the build records and the list of the
folder's files), so it shows exactly the built cards and links exactly the files there.
Each thumbnail carries the sha256 of the card SVG it was drawn from (a tEXt chunk), so
`cardgen check` can tell a thumbnail of this deck from one of another build.
"""
from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path, PurePosixPath

from ..design.identity import edition_html
from ..design.templating import render
from ..design.trim import trimmed
from ..errors import writing

THUMB_W, THUMB_H = 250, 350  # px, the poker card's 5:7
SOURCE_KEY = "cardgen-source"  # a thumbnail's tEXt: "sha256:<hex>" of the card SVG it shows
PLAYTEST = "playtest"
# what each kind of file is for, where the page lists it, and its file type (the manifest's kinds)
PURPOSES = {
    "print": ("Print-and-play sheets", "home"), "reprint": ("Reprint sheet", "home"),
    "tuckbox": ("Tuck box", "home"), "sequence-sheet": ("Sequence sheet", "home"),
    "atlas": ("Sequence atlas", "home"), "inventory": ("Inventory checklist", "home"),
    "teacher": ("Teacher pages", "home"), "rules": ("Rule booklet, to read", "rules"),
    "rules-fold": ("Rule booklet, to fold and staple", "rules"), "reference": ("Player aid", "rules"),
    "scorepad": ("Score pad", "rules"), "tournament": ("Tournament sheet", "rules"),
    "aid-cards": ("Player aid cards", "rules"),
    "player-aids": ("Player aid cards, one a page", "screens"),
    "faces": ("Card faces, one a page", "screens"), "back": ("Card backs", "screens"),
    "proof": ("Designer's proof (not for printing)", "screens"), "shop": ("upload file", "screens"),
    "shop-notes": ("upload notes", "screens"), "preflight": ("preflight report", "screens"),
    "tts": ("Tabletop Simulator deck", "screens"), "pod": ("Print-on-demand card images", "screens"),
}
GROUPS = (("home", "Print at home"), ("rules", "Rules and score sheets"), ("screens", "Print shops and screens"))
TYPES = {".pdf": "PDF", ".zip": "ZIP", ".json": "JSON", ".txt": "text"}
PAPER_WORDS = {"letter": "Letter", "a4": "A4", "half-letter": "half-letter", "a5": "A5"}
HOW_TO_PRINT = re.compile(r"^how-to-print-([a-z0-9-]+)\.pdf$")


def _title(svg: str, fallback: str) -> str:
    m = re.search(r"<title>([^<]*)</title>", svg)
    return m.group(1) if m else fallback


def write_site(root: Path, games: dict, titles: dict, workers: int, theme, files: tuple = ()) -> list[Path]:
    """root: the (staging) output folder holding the game folders; games: name -> params,
    in any order (a build collects them as they finish): the page lists them in the
    registry's order, so the same build writes the same bytes. files: (path, game, kind)
    of every file the folder will hold besides the preview, which the page links.
    Returns every file written."""
    from ..draw.png import rgb_pngs, with_text

    site = root / "site"
    if site.exists():
        shutil.rmtree(site)
    (site / "fonts").mkdir(parents=True)
    written = []
    for name in dict.fromkeys(name for _, name in theme.fonts.files):  # a file two cuts share, copied once
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
            for slug, svg, png in zip(slugs, svgs, pngs):
                path = folder / f"{slug}.png"
                source = "sha256:" + hashlib.sha256(svg.encode("utf-8")).hexdigest()
                with writing(path):
                    path.write_bytes(with_text(png, SOURCE_KEY, source))
                written.append(path)
    for name in ("site.css", "site.js"):
        text = render(f"site/{name}.j2", fonts={"roles": theme.fonts.role_map, "files": dict(theme.fonts.files)},
                      tokens=theme.tokens)
        with writing(site / name):
            (site / name).write_text(text, encoding="utf-8")
        written.append(site / name)
    written.append(write_index(root, games, titles, files))
    return written


def _cards(root: Path, game: str, params: dict) -> Path:
    """The folder of the card SVGs the preview shows: the game's, or its first class set's."""
    sets = params.get("sets")
    return root / game / (f"set-{sets['letters'][0].lower()}" if sets else "") / "svg"


def _ordered(games: dict) -> dict:
    from ..builders import GAMES

    order = list(GAMES)
    return dict(sorted(games.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else len(order), kv[0])))


def write_index(root: Path, games: dict, titles: dict, files: tuple = ()) -> Path:
    """The preview's page, from the games' files and the thumbnails already under site/:
    a playtest adds its report to the page without drawing a card again."""
    decks, downloads, sheet, sheet_table = [], [], None, 8
    for game, params in _ordered(games).items():
        game_dir = root / game
        deck = params.get("deck")
        title = (deck or {}).get("title") or titles.get(game, game)
        if deck:
            cards = []
            for slug in deck["faces"] + deck["backs"]:
                svg = (_cards(root, game, params) / f"{slug}.svg").read_text(encoding="utf-8")
                cards.append({"src": f"site/{game}/{slug}.png", "alt": _title(svg, slug),
                              "back": slug in deck["backs"]})
            decks.append({"game": game, "title": title, "faces": [c for c in cards if not c["back"]],
                          "backs": [c for c in cards if c["back"]]})
        links = [_download(root, path, kind, params) for path, owner, kind in sorted(files, key=_place)
                 if owner == game and _downloadable(path, kind)]
        if links:
            downloads.append({"game": game, "title": title, "groups": [
                {"name": name, "files": [f for f in links if f["group"] == key]}
                for key, name in GROUPS if any(f["group"] == key for f in links)]})
        papers = (params.get("sequence_sheet") or {}).get("papers")
        if papers and sheet is None:
            text = (game_dir / f"sequence-sheet-{papers[0]}.svg").read_text(encoding="utf-8")
            sheet = re.sub(r"^<\?xml[^>]*>\s*", "", text)
            sheet_table = params.get("table_size", 8)
    pages = [{"href": path, "name": _report_name(path)} for path, owner, kind in sorted(files)
             if owner == PLAYTEST and kind == "playtest-page"]
    index = root / "index.html"
    text = render("site/index.html.j2", decks=decks, downloads=downloads, sheet=sheet, sheet_table=sheet_table,
                  reports=pages, first=_print_first(games, files),
                  edition=edition_html(decks[0]["title"] if len(decks) == 1 else ""))
    with writing(index):
        index.write_text(text, encoding="utf-8")
    return index


def _place(file: tuple) -> tuple:
    """Where a download goes in its list: by purpose, a shop's files together."""
    path, _, kind = file
    order = list(PURPOSES)
    parts = PurePosixPath(path).parts
    if "shop" in parts[:-1] and kind in ("shop", "shop-notes", "preflight"):
        return (order.index("shop"), parts[parts.index("shop") + 1], order.index(kind), path)
    return (order.index(kind) if kind in order else len(order), "", 0, path)


def _downloadable(path: str, kind: str) -> bool:
    """What the page links: every document and archive, the decks' JSON, the shops' notes and
    reports for people (not the cards' images, nor the reports' JSON twins)."""
    suffix = PurePosixPath(path).suffix
    if kind not in PURPOSES or suffix not in TYPES:
        return False
    return suffix != ".json" or kind in ("tts", "atlas")


def _download(root: Path, path: str, kind: str, params: dict) -> dict:
    """A link: its label says what the file is for, for which shop, set and paper."""
    parts = PurePosixPath(path).parts
    name = parts[-1]
    stem = PurePosixPath(name).stem
    purpose, group = PURPOSES[kind]
    shop = None
    if "shop" in parts[:-1]:  # shop/<slug>/<file>, or a shop's proof beside its folder: shop/<slug>-proof.pdf
        i = parts.index("shop")
        shop = parts[i + 1] if i + 1 < len(parts) - 1 else name.removesuffix("-proof.pdf")
    details = [f"set {p[4:].upper()}" for p in parts if re.fullmatch(r"set-[a-z]", p)]
    box = re.search(r"-box(\d+)-", name)
    if box:
        details.append(f"box {box.group(1)}")
    paper = next((PAPER_WORDS[p] for p in ("half-letter", "letter", "a4", "a5") if stem.endswith(f"-{p}")), None)
    if paper is None and kind in ("rules", "reference"):
        page = ((params.get("rules") or {}).get("booklet" if kind == "rules" else "reference") or {}).get(name)
        paper = PAPER_WORDS.get((page or {}).get("page", ""), None)
    if paper:
        details.append(paper)
    if kind in ("print", "reprint") and params.get("home_print"):
        details.append(params["home_print"]["layout"])
    label = purpose if shop is None else f"{_shop_name(shop)}: {purpose}"
    if kind == "atlas" and name.endswith(".json"):
        label = "Sequence atlas, its counts"
    label = label + (f" ({', '.join(details)})" if details else "")
    size = (root / path).stat().st_size if (root / path).is_file() else 0
    return {"href": path, "name": name, "label": label, "group": group,
            "type": TYPES[PurePosixPath(name).suffix], "kb": max(1, round(size / 1024))}


def _shop_name(slug: str) -> str:
    from ..shops import shops

    found = shops().get(slug)
    return found.name if found else slug


def _print_first(games: dict, files: tuple) -> "dict | None":
    """What to print before the cards: the how-to-print pages the folder holds (one per paper),
    and the calibration sheet's command for the paper the sheets are on."""
    papers = [p for params in _ordered(games).values() for p in ((params.get("home_print") or {}).get("papers") or ())]
    guides = []
    for path, owner, kind in sorted(files):
        m = HOW_TO_PRINT.match(path)
        if m:
            guides.append({"href": path, "paper": PAPER_WORDS.get(m.group(1), m.group(1))})
    if not papers and not guides:
        return None
    paper = papers[0] if papers else "letter"
    command = "cardgen calibrate" + ("" if paper == "letter" else f" --paper {paper}")
    return {"guides": guides, "command": command, "sheet": f"calibration-{paper}.pdf"}


def _report_name(href: str) -> str:
    """playtest/str8eight-playtest.html -> "Str8 Eight playtest"; crazy-eights-sweep -> "Crazy Eights sweep"."""
    from ..builders import GAMES

    stem = href.rsplit("/", 1)[-1].removesuffix(".html")
    game, _, kind = stem.rpartition("-")
    return f"{GAMES[game].title if game in GAMES else game} {kind}"
