"""Nothing written for us in a buyer's file: every text file, page and picture caption a
build hands the buyer (booklets, aids, pads, boxes, posters, teacher pages, the preview,
the README, the shop notes and preflight reports) is read as the buyer reads it, and any
word of cardgen/internalwords.py's list (our source documents, our notes' hedges, the
computer players' kinds, trial play's figures, internal names) is a violation. A game's
designer's notes and the playtest reports are written for designers and are not read.

buyer_texts() is the one reader of a kit's words, shared with the feature check."""
from __future__ import annotations

import html
import re
from pathlib import Path

from ..internalwords import DESIGNER_NOTES, GAME_TEXT_KINDS, found
from .report import GameReport

# manifest kinds whose files are drawings of cards (their words are card numbers and indices)
CARD_KINDS = {"card", "number", "pass", "letter", "back", "faces", "print", "pod", "tts", "shop", "site"}
TEXT_SUFFIXES = (".pdf", ".svg", ".html", ".md", ".txt", ".json")
_SVG_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
_TAG = re.compile(r"<[^>]+>")
_SKIP = re.compile(r"<(script|style)\b[^>]*>.*?</\1>", re.S | re.I)


def buyer_files(entries: list) -> list:
    """(path, game, kind) of each listed file that carries words for the buyer."""
    out = []
    for e in entries:
        path, game, kind = e["path"], str(e.get("game", "")), str(e.get("kind", ""))
        if game == "playtest" or path.endswith("/" + DESIGNER_NOTES) or not path.endswith(TEXT_SUFFIXES):
            continue
        if kind in CARD_KINDS and not path.endswith(".html") and not (kind == "shop" and path.endswith(".txt")):
            continue
        out.append((path, game, kind))
    return out


def text_of(path: Path) -> "str | None":
    """The words of one file as a reader meets them (a PDF's extracted text, an SVG's text
    elements, a page's text without its scripts), or None when it cannot be read."""
    from .safefile import Refused, guard

    if path.suffix == ".pdf":
        from .wording import one_line, page_texts

        pages = page_texts(path)
        return None if isinstance(pages, str) else one_line(pages)
    try:
        raw = guard(path).read_text(encoding="utf-8", errors="replace")
    except (Refused, OSError):
        return None
    if path.suffix == ".svg":
        raw = " ".join(_TAG.sub("", t) for t in _SVG_TEXT.findall(raw))
    elif path.suffix == ".html":
        raw = _TAG.sub(" ", _SKIP.sub(" ", raw))
    return " ".join(html.unescape(raw).split())


def check_buyer_words(out: Path, entries: list, report: GameReport) -> int:
    """Every buyer file against the list; returns how many files were read."""
    read = 0
    for path, _, kind in buyer_files(entries):
        text = text_of(out / path)
        if text is None:
            continue
        read += 1
        seen = set()
        for what, words in _found(text, kind in GAME_TEXT_KINDS):
            if what in seen:
                continue
            seen.add(what)
            report.fail(path, "-", f"holds {what}, written for us, not the buyer: “{words}”")
    return read


def _found(text: str, game_text: bool) -> list:
    """internalwords.found, kept by the text's digest (check/memo.py): kits share most texts."""
    from . import memo

    key = f"{memo.digest(text.encode('utf-8', 'surrogatepass'))}:{int(game_text)}"
    return memo.kept("internal-words", key, lambda: found(text, game_text))


def check_readme(out: Path, entries: list, report: GameReport) -> None:
    """The kit's README names every how-to-print page the kit holds, as the file to read first."""
    readme = next((e["path"] for e in entries if e.get("kind") == "readme"), None)
    if readme is None:
        return
    text = text_of(out / readme) or ""
    for e in entries:
        if e.get("kind") == "how-to-print" and e["path"] not in text:
            report.fail(readme, "-", f"does not name {e['path']}, the kit's how-to-print page for its paper")
        if e.get("kind") == "print-everything" and e["path"] not in text:
            report.fail(readme, "-", f"does not name {e['path']}, the kit's one file to print for its paper")
