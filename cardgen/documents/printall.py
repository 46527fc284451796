"""One file to print: print-everything-<paper>.pdf at the top of the output folder, beside
the separate files, one per paper the kit's how-to-print page is for.

Its first page says what the kit holds, how many sheets of card stock and of plain paper
it takes, and which pages are which part (documents/howto.py's description of each file:
sheets, sides, stock); then come the pages of every file printed on that paper, copied as
they are (pikepdf: content, resources and TrimBox/BleedBox unchanged), in the order a
person prints and cuts them: everything on card stock first (card sheets with their
backs, the aid cards, the boxes), then the plain paper (booklets, pads, sheets). A mixed
file asks for actual size and names no duplex mode: the first page says which ranges go
on both sides. The manifest lists it under the game "kit"; check/printall.py reads it back.
"""
from __future__ import annotations

from pathlib import Path

from .howto import GAME_TITLES, CARD_STOCK, KIT, PAPER_NAMES, _printed, describe, file_name as howto_name

KIND = "print-everything"
# the order a person prints and cuts in: card stock, then plain paper
ORDER = ("print", "reprint", "aid-cards", "tuckbox", "rules-fold", "scorepad", "tournament", "sequence-sheet",
         "atlas", "inventory", "teacher")
WEIGHTS = {"card stock": "160–220 g/m² (60–80 lb cover)", "plain paper": "80–90 g/m² (20–24 lb bond)"}
# what each file adds to a game's box, as the first page's "In the kit" says it
HOLDS = {"aid-cards": "player aid cards", "tuckbox": "a tuck box", "rules-fold": "a rules booklet",
         "scorepad": "a score pad", "tournament": "a tournament sheet", "sequence-sheet": "a sequence sheet",
         "atlas": "a sequence poster", "inventory": "a checklist for each set", "teacher": "teacher's pages"}


def file_name(paper: str) -> str:
    return f"print-everything-{paper}.pdf"


def parts(out: Path, records: dict, entries: list, paper: str, titles: dict, start: int = 2) -> list:
    """The files printed on paper in print order, each described (howto.describe) with its
    page range in the file (the first page is the components page; start: the first part's
    page, after a components page that runs on over more)."""
    found, page = [], start
    for _, _, _, _, e, rec in sorted(_rows(records, entries, paper, titles), key=lambda r: r[:4]):
        d = describe(out, rec, e, paper, titles)
        found.append({"path": e.path, "game": e.game, "kind": e.kind, **d, "first": page,
                      "last": page + d["pages"] - 1})
        page += d["pages"]
    return found


def _rows(records: dict, entries: list, paper: str, titles: dict) -> list:
    """The files printed on paper, each with what orders it (stock, game, kind, path), unread."""
    rows = []
    for e in _printed(entries, paper):
        rec = records.get(e.game)
        if rec is None or e.game not in titles or e.kind not in ORDER:
            continue
        rows.append((0 if e.kind in CARD_STOCK else 1, list(titles).index(e.game), ORDER.index(e.kind), e.path, e, rec))
    return rows


def stocks(found: list) -> list:
    out = []
    for stock in ("card stock", "plain paper"):
        mine = [p for p in found if p["stock"] == stock]
        if mine:
            out.append({"stock": stock, "sheets": sum(p["sheets"] for p in mine), "first": mine[0]["first"],
                        "last": mine[-1]["last"], "weight": WEIGHTS[stock]})
    return out


def contents(found: list, records: dict, titles: dict) -> list:
    """(title, what the game's part of the kit holds), per game."""
    out = []
    aids: dict = {}  # game -> (aid cards, the title of the deck whose sheets carry them)
    for game in titles:
        hp = getattr(records.get(game), "home_print", None)
        if hp is not None and hp.cards is None and any(p["game"] == game and p["kind"] == "print" for p in found):
            for a in hp.aids:
                aids[a.game] = (a.sides * a.copies, titles[game])
    for game, title in titles.items():
        kinds = list(dict.fromkeys(p["kind"] for p in found if p["game"] == game))
        if not kinds:
            continue
        words = []
        if {"print", "reprint"} & set(kinds):  # FourScore plays with Str8 Eight's cards and prints none
            hp = records[game].home_print
            cards = len(records[game].deck.faces) if hp.cards is None else len(hp.cards)
            sets = getattr(records[game], "sets", None)
            decks = "a deck of " if sets is None else f"{len(sets.letters)} decks of "
            words.append((decks if "print" in kinds else "cards to reprint: ") + f"{cards} cards"
                         + (", one for each set" if sets is not None and "print" in kinds else ""))
        if game in aids:
            n, on = aids[game]
            words.append(f"{n} player aid cards" + ("" if on == title else f" (on the {on} card sheets)"))
        hp = getattr(records.get(game), "home_print", None)
        for a in (hp.aids if hp is not None and hp.cards is None and "print" in kinds else ()):
            if a.game != game and not any(p["game"] == a.game for p in found):  # its game has no line of its own
                words.append(f"{a.sides * a.copies} {titles.get(a.game, GAME_TITLES.get(a.game, a.game))} player aid cards")
        words += [HOLDS[k] for k in kinds if k in HOLDS]
        out.append((title, ", ".join(words) + "."))
    return out


def write_printall(out: Path, records: dict, entries: list, paper_list: list, theme, titles: dict) -> list:
    """The files into out (every file they gather already there); returns their paths."""
    from ..partstore import kept_file
    from .howto import kit_inputs

    written = []
    kit = ", ".join(titles[g] for g in titles if g in records)
    for paper in paper_list:
        if not _rows(records, entries, paper, titles):
            continue
        path = out / file_name(paper)
        # kept: made from the records, the kit's files (by their bytes: the parts it gathers among them), the theme
        # and the titles
        kept_file(KIND, kit_inputs(paper, records, entries, paper_list, theme, titles), path,
                  lambda paper=paper, path=path: _write_one(out, records, entries, paper, titles, theme, kit, path))
        written.append(path)
    return written


def _write_one(out: Path, records: dict, entries: list, paper: str, titles: dict, theme, kit: str, path: Path) -> None:
    """One paper's file: the components page, then every part's pages."""
    import io

    import pikepdf

    from ..design.printall import pages_svg
    from ..draw.dedupe import dedupe
    from ..draw.pdf import print_setup_pdf, save_pdf, write_pages
    from ..draw.pdfmeta import meta_for, on_pikepdf
    from ..layout.paper import PAPERS

    found = parts(out, records, entries, paper, titles)
    first = out / (file_name(paper) + ".first")
    for _ in range(4):  # a components page that runs on moves every part's pages on: lay out again
        svgs = pages_svg(PAPERS[paper], PAPER_NAMES[paper], [titles[g] for g in titles if g in records],
                         contents(found, records, titles), stocks(found), found, howto_name(paper), theme)
        if found[0]["first"] == len(svgs) + 1:
            break
        found = parts(out, records, entries, paper, titles, len(svgs) + 1)
    meta = meta_for(KIND, kit, f"{PAPER_NAMES[paper]} paper")
    write_pages(svgs, first, meta, (PAPERS[paper].width, PAPERS[paper].height), theme.fonts, duplex=None)
    sources = []
    try:
        with pikepdf.new() as pdf:
            for part in [first] + [out / p["path"] for p in found]:
                src = pikepdf.open(part)
                sources.append(src)
                pdf.pages.extend(src.pages)
            with pdf.open_outline() as outline:  # a bookmark a part, to find a range in a reader
                outline.root.append(pikepdf.OutlineItem("What to print, on which stock", 0))  # its pages
                for p in found:
                    outline.root.append(pikepdf.OutlineItem(
                        f"{titles[p['game']]}: {p['what']} ({p['stock']})", p["first"] - 1))
            print_setup_pdf(pdf, None)  # actual size; the ranges' sides are on the first page
            on_pikepdf(pdf, meta, "pikepdf")
            gathered = io.BytesIO()
            pdf.save(gathered, deterministic_id=True)
        # read back whole (the parts' objects all in its table): what several parts hold
        # alike (font programs, profiles, card forms) is stored once
        with pikepdf.open(gathered) as pdf:
            dedupe(pdf)
            save_pdf(pdf, path)
    finally:
        for src in sources:
            src.close()
        first.unlink(missing_ok=True)


__all__ = ["KIT", "KIND", "file_name", "parts", "write_printall"]
