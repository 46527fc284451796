"""The HTML preview (index.html, site/) and the playtest pages, read from the files alone.

Every page the manifest lists is parsed as a browser parses it (nothing is run) and
held to the folder: each link leads to a file the manifest lists (or to an anchor of the
page), nothing leads outside the folder; each deck the records hold is shown, titled as
its record and counted as its faces, its thumbnails exactly its faces and backs in deck
order, each thumbnail a PNG of this build's card (it carries the sha256 of the card SVG
it was drawn from, which the manifest holds for the SVG in the folder); a deck it shows
that the folder does not hold is stale; the sequence sheet is the folder's own, byte for
byte; every download the folder holds is linked once, under a label of its own; every
playtest page the folder holds is linked; what to print first is there when there are
sheets to print, with the how-to-print pages the folder holds.
"""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from .pictures import png_header
from .report import GameReport
from .safefile import Refused, guard
from .webfiles import check_web_files, resolve
from ..words import plural

MAX_PAGE_BYTES = 32 << 20
SOURCE_KEY = "cardgen-source"
# what the preview links for download: documents and archives, the decks' JSON, the shops'
# notes for people (the checker's own statement, by the manifest's kinds)
DOWNLOAD_KINDS = {"print", "reprint", "tuckbox", "sequence-sheet", "atlas", "inventory", "teacher", "rules",
                  "rules-fold", "reference", "aid-cards", "player-aids", "scorepad", "tournament", "faces", "back", "proof", "shop",
                  "shop-notes", "preflight", "tts", "pod"}
HOW_TO_PRINT = re.compile(r"^how-to-print-[a-z0-9-]+\.pdf$")


class _Page:
    """Links, images, ids and the text of the elements the checks read, from the page as a
    browser parses it (Lexbor, through selectolax: the HTML standard's parsing rules, in
    time linear in the page; Python's own parser read some pages otherwise than a browser
    does, and took the square of the length of "</</</…" to read it)."""

    def __init__(self, text: str = ""):
        from selectolax.lexbor import LexborHTMLParser

        self.links, self.images, self.ids = [], [], set()
        self.headings: dict = {}  # section id -> its h2's text
        self.counts: dict = {}  # deck section id -> its count's text
        self.editions: list = []  # (its words, holds the house mark, in the page's header) of each edition mark
        tree = LexborHTMLParser(text)
        for node in (tree.root.traverse(include_text=False) if tree.root is not None else ()):
            if not node.tag.startswith(("-", "#")):  # comments and the doctype
                self._element(node)

    def _element(self, node) -> None:
        tag = node.tag.lower()
        a = {str(k).lower(): v or "" for k, v in node.attributes.items()}
        if a.get("id"):
            self.ids.add(a["id"])
        section = _nearest(node, "section")
        section = (section.attributes.get("id") or "") if section is not None else ""
        if tag == "a" and "href" in a:
            self.links.append([a["href"], _text_before(node, "never"), section])
        elif tag == "img":
            ul = _nearest(node, "ul")
            backs = ul is not None and "backs" in (ul.attributes.get("class") or "").split()
            self.images.append((a.get("src", ""), a.get("alt", ""), section, "backs" if backs else "faces"))
        elif tag in ("link", "script") and (a.get("href") or a.get("src")):
            self.links.append([a.get("href") or a.get("src"), "", section])
        elif tag == "h2":  # its words before the count
            self.headings[section] = self.headings.get(section, "") + _text_before(node, "span")
        elif tag == "span" and "count" in a.get("class", "").split():
            self.counts[section] = self.counts.get(section, "") + (node.text(deep=True) or "")
        if a.get("data-mark") == "edition":
            house = any((n.attributes.get("data-mark") or "") == "house-mark" for n in node.traverse(include_text=False))
            self.editions.append((" ".join((node.text(deep=True) or "").split()), house,
                                  _nearest(node, "header") is not None))


def _nearest(node, tag: str):
    """The nearest enclosing element of that name, or None."""
    up = node.parent
    while up is not None and up.tag != tag:
        up = up.parent
    return up


def _text_before(node, stop: str) -> str:
    """An element's text up to its first child element named stop (all of it otherwise)."""
    said = []
    child = node.child
    while child is not None:
        if child.tag == stop:
            break
        said.append(child.text(deep=True) or "")
        child = child.next
    return "".join(said)


def read_page(path: Path) -> _Page:
    return _Page(guard(path, MAX_PAGE_BYTES).read_text(encoding="utf-8"))


def check_pages(out: Path, entries: list, listed: set, records: dict, report: GameReport) -> None:
    """Every HTML page the manifest lists: its links; and the preview's decks, thumbnails,
    sheet, downloads and playtest links."""
    pages = sorted(e["path"] for e in entries if e["path"].endswith(".html"))
    judged: dict = {}  # page -> the links judged here (check/webfiles.py judges every other URL)
    for rel in pages:
        try:
            page = read_page(out / rel)
        except (Refused, OSError, UnicodeDecodeError) as exc:
            report.fail(rel, "-", f"the page cannot be read ({exc})")
            continue
        _check_links(rel, page, listed, report)
        judged[rel] = {href for href, _, _ in page.links}
        if rel == "index.html":
            _check_index(out, page, entries, records, report)
    check_web_files(out, entries, listed, report, judged)  # what else could lead outside or run code


def _check_links(rel: str, page: _Page, listed: set, report: GameReport) -> None:
    for href, text, _ in page.links:
        target = resolve(rel, href)
        if target is None:
            report.fail(rel, "-", f"links {href[:80]!r}, outside the folder (the preview is offline)")
        elif target == "":
            anchor = urlsplit(href).fragment
            if anchor and anchor not in page.ids:
                report.fail(rel, "-", f"links #{anchor[:40]}, which the page does not hold")
        elif target not in listed:
            report.fail(rel, "-", f"links {target[:100]}, which the manifest does not list (a file of another build, "
                        "or none)")


def _check_index(out: Path, page: _Page, entries: list, records: dict, report: GameReport) -> None:
    sha = {e["path"]: e.get("sha256") for e in entries}
    decks = {name: rec for name, rec in records.items() if getattr(rec, "deck", None) is not None}
    shown = {s[len("deck-"):] for s in page.ids if s.startswith("deck-") and s != "deck-"}
    for game in sorted(shown - set(decks)):
        report.fail("index.html", "-", f"shows a {game[:40]} deck, which this folder does not hold (a preview of "
                    "another build)")
    thumbs = 0
    for game, rec in sorted(decks.items()):
        section = f"deck-{game}"
        if game not in shown:
            report.fail("index.html", "-", f"shows no {rec.deck.title} deck, which this folder holds")
            continue
        heading = " ".join(page.headings.get(section, "").split())
        if not heading.startswith(rec.deck.title):
            report.fail("index.html", section, f"titled {heading[:60]!r}, not {rec.deck.title!r}")
        count = " ".join(page.counts.get(section, "").split())
        if count != plural(len(rec.deck.faces), "card"):
            report.fail("index.html", section, f"says {count!r}; the deck has {plural(len(rec.deck.faces), 'card')}")
        cards = rec.deck.faces + rec.deck.backs
        folder = f"{game}/set-{rec.sets.letters[0].lower()}/svg" if rec.sets else f"{game}/svg"
        for side, slugs in (("faces", rec.deck.faces), ("backs", rec.deck.backs)):
            srcs = [resolve("index.html", src) for src, _, sec, kind in page.images if sec == section and kind == side]
            want = [f"site/{game}/{slug}.png" for slug in slugs]
            if srcs != want:
                report.fail("index.html", section, f"shows {plural(len(srcs), 'card')} as its {side}, not the "
                            f"record's {len(want)} in deck order")
        for slug in cards:
            thumb = f"site/{game}/{slug}.png"
            if thumb not in sha:
                continue  # its link is reported
            try:
                source = png_header(out / thumb)[3].get(SOURCE_KEY, "")
            except (Refused, OSError, ValueError) as exc:
                report.fail(thumb, slug, f"not a readable PNG ({exc})")
                continue
            thumbs += 1
            if source != f"sha256:{sha.get(f'{folder}/{slug}.svg')}":
                report.fail(thumb, slug, "not a picture of this build's card (drawn from another card SVG)")
        if any(not alt.strip() for _, alt, sec, _ in page.images if sec == section):
            report.fail("index.html", section, "a card picture without its text alternative")
    for path in sorted(p for p in sha if p.startswith("site/") and p.endswith(".png")):
        game, _, name = path[len("site/"):].partition("/")
        if game not in decks or name.removesuffix(".png") not in decks[game].deck.faces + decks[game].deck.backs:
            report.fail(path, "-", "a picture of no card of this folder's decks")
    _check_edition(page, decks, report)
    _check_sheet(out, page, records, report)
    _check_downloads(page, entries, records, report)
    if thumbs and not any(v.file.startswith(("index.html", "site/")) for v in report.violations):
        report.summary.append(f"index.html: {plural(len(decks), 'deck')} as recorded, {plural(thumbs, 'thumbnail')} "
                              f"of this build's cards, {plural(len(page.links), 'link')}, each to a file listed here")


EDITION = "Home Edition"


def _check_edition(page: _Page, decks: dict, report: GameReport) -> None:
    """The page's header carries the edition mark, as the backs, boxes and covers do: the
    house mark and the edition's name (a preview of one deck: its edition line)."""
    titles = [rec.deck.title for _, rec in sorted(decks.items())]
    want = f"{titles[0]} — {EDITION}" if len(titles) == 1 else EDITION
    marks = [(words, house) for words, house, in_header in page.editions if in_header]
    if not marks:
        report.fail("index.html", "-", "its header shows no edition mark (the house mark and the edition's name)")
    elif not any(house and words == want for words, house in marks):
        words, house = marks[0]
        report.fail("index.html", "-", f"its header's edition mark reads {words[:60]!r}"
                    + ("" if house else " without the house mark") + f"; this folder's is {want!r}")


def _check_sheet(out: Path, page: _Page, records: dict, report: GameReport) -> None:
    rec = records.get("str8eight")
    papers = getattr(getattr(rec, "sequence_sheet", None), "papers", None)
    if not papers:
        if "sequence-sheet" in page.ids:
            report.fail("index.html", "sequence-sheet", "shows a sequence sheet this folder's build did not make")
        return
    if "sequence-sheet" not in page.ids:
        report.fail("index.html", "-", "shows no sequence sheet, which this folder holds")
        return
    try:
        sheet = guard(out / "str8eight" / f"sequence-sheet-{papers[0]}.svg", MAX_PAGE_BYTES).read_text(encoding="utf-8")
        index = guard(out / "index.html", MAX_PAGE_BYTES).read_text(encoding="utf-8")
    except (Refused, OSError, UnicodeDecodeError):
        return  # reported with the files
    if re.sub(r"^<\?xml[^>]*>\s*", "", sheet).strip() not in index:
        report.fail("index.html", "sequence-sheet", f"the sheet is not this folder's sequence-sheet-{papers[0]}.svg")
    n = rec.table_size
    heading = " ".join(page.headings.get("sequence-sheet", "").split())
    if n != 8 and f"({n} × {n} table)" not in heading:
        report.fail("index.html", "sequence-sheet", f"titled {heading!r}, not for the {n} × {n} table")


def _check_downloads(page: _Page, entries: list, records: dict, report: GameReport) -> None:
    linked = [(resolve("index.html", href), " ".join(text.split()), section) for href, text, section in page.links]
    downloads = [(target, text) for target, text, section in linked if section == "downloads"]
    offered = {e["path"] for e in entries if e.get("game") in records and e.get("kind") in DOWNLOAD_KINDS
               and PurePosixPath(e["path"]).suffix in (".pdf", ".zip", ".json", ".txt")
               and (not e["path"].endswith(".json") or e.get("kind") in ("tts", "atlas"))}
    targets = [t for t, _ in downloads]
    for path in sorted(offered - set(targets)):
        report.fail("index.html", "downloads", f"does not offer {path}, which this folder holds")
    for path in sorted({t for t in targets if targets.count(t) > 1}):
        report.fail("index.html", "downloads", f"offers {path} twice")
    labels: dict = {}
    for target, text in downloads:
        game = (target or "").split("/", 1)[0]
        if text in labels.get(game, set()):
            report.fail("index.html", "downloads", f"two {game} downloads are both labelled {text[:60]!r}")
        labels.setdefault(game, set()).add(text)
    for e in entries:
        if e.get("kind") == "playtest-page" and not any(t == e["path"] for t, _, _ in linked):
            report.fail("index.html", "-", f"does not link the playtest page {e['path']}, which this folder holds")
    sheets = any(getattr(rec, "home_print", None) is not None for rec in records.values())
    guides = [e["path"] for e in entries if HOW_TO_PRINT.match(e["path"])]
    if (sheets or guides) and "print-first" not in page.ids:
        report.fail("index.html", "-", "says nothing of what to print first (how to print, the calibration sheet)")
    for path in guides:
        if not any(t == path and s == "print-first" for t, _, s in linked):
            report.fail("index.html", "print-first", f"does not point to {path}, which this folder holds")
