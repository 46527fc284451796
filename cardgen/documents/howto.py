"""The kit's first page: how-to-print-<paper>.pdf, one page per paper, at the top of the
output folder.

It names the files of the games in the folder that are printed on that paper, each with
what it is, how many sheets, which sides and which paper stock (the card sheets also how
many cards a sheet holds and which way up); then the print dialog's settings as Windows,
macOS and Linux name them, what to check on the first sheet, and the order to cut in.
Everything it says comes from the build records and the files themselves, so a kit built
with other options says other things. The manifest lists the pages under the game "kit";
the checker (check/howto.py) reads them back against the records.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

KIT = "kit"  # the manifest's name for the files of the whole kit
KIND = "how-to-print"
PAPER_NAMES = {"letter": "Letter", "a4": "A4"}
# a game's name where the kit's own titles lack it (FourScore's aid cards on the sheets of a kit without its rules)
GAME_TITLES = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "eights": "Eights", "crazy-eights": "Crazy Eights"}

# what each kind of file is, in the order they are printed; cards and boxes go on card stock
WHAT = {"print": "cards", "reprint": "cards to reprint", "tuckbox": "tuck box", "aid-cards": "player aid cards",
        "inventory": "set checklist",
        "rules-fold": "rules booklet", "scorepad": "score pad", "sequence-sheet": "sequence sheet",
        "atlas": "sequence poster", "tournament": "tournament sheet", "teacher": "teacher's pages"}
CARD_STOCK = ("print", "reprint", "tuckbox", "aid-cards")
FOLD_UP = "fold in half, staple on the fold"


def file_name(paper: str) -> str:
    return f"how-to-print-{paper}.pdf"


def papers(records: dict, wanted: tuple, entries: list = ()) -> list:
    """The papers the kit needs a page for: those this build prints on (wanted) where the kit
    holds something to print, and those any game's print sheets were made for (a game kept
    from an earlier build may have others)."""
    found = {paper for paper in wanted if _printed(entries, paper)}
    for rec in records.values():
        if getattr(rec, "home_print", None) is not None:
            found |= set(rec.home_print.papers)
    return [p for p in PAPER_NAMES if p in found]


def _printed(entries: list, paper: str) -> list:
    """The kit's PDFs printed on this paper: <name>-<paper>.pdf of a game, in kind order."""
    order = list(WHAT)
    rows = [e for e in entries if e.format == "pdf" and e.kind in WHAT and e.path.endswith(f"-{paper}.pdf")]
    return sorted(rows, key=lambda e: (order.index(e.kind), e.path))


def key(records: dict, entries: list, paper_list: list, theme) -> str:
    """What the pages depend on: the code, the records, the files and the fonts."""
    from ..cache import code_version
    from ..record import to_json

    return hashlib.sha256(json.dumps({
        "code": code_version(), "papers": paper_list, "fonts": [theme.fonts.folder.as_posix(), list(theme.fonts.files)],
        "records": {name: to_json(rec) for name, rec in sorted(records.items())},
        "files": sorted((e.path, e.game, e.kind, e.sha256) for e in entries if e.game != KIT),
    }, sort_keys=True, default=str).encode()).hexdigest()


def kit_inputs(paper: str, records: dict, entries: list, paper_list: list, theme, titles: dict) -> dict:
    """What a kit page (this one, print-everything) of paper is made from, for the result store:
    every argument it is made with, the files of the kit named by their bytes (entries' digests:
    the page counts and the parts it gathers are read from them), the theme by its value and
    its files' bytes (partstore.kept_file encodes the rest in full)."""
    from ..design.kept import theme_inputs

    return {"paper": paper, "papers": list(paper_list), "records": records, "entries": list(entries),
            "theme": theme_inputs(theme), "titles": titles}


def sheet_rows(out: Path, records: dict, entries: list, paper: str, titles: dict) -> list:
    """Per game (in the kit's order): its title and a row per file printed on this paper,
    (path, what, details)."""
    games = []
    for game in titles:
        rec = records.get(game)
        files = [e for e in _printed(entries, paper) if e.game == game]
        if rec is None or not files:
            continue
        rows = []
        for e in files:
            d = describe(out, rec, e, paper, titles)
            rows.append({"path": e.path, "what": d["what"], "details": d["details"], "grid": d["grid"]})
        games.append({"title": titles[game], "rows": _sets_together(rows)})
    return games


def describe(out: Path, rec, e, paper: str, titles: "dict | None" = None) -> dict:
    """One file printed on paper, as a person prints it: what it is, its pages and sheets,
    its sides (two_sided: printed on both sides of each sheet) and its stock; details: the
    words the how-to-print page says of it."""
    import pikepdf

    from ..layout.imposition import SheetSpec, per_sheet, sheet_grid
    from ..layout.paper import PAPERS

    with pikepdf.open(out / e.path) as pdf:
        pages = len(pdf.pages)
    hp = rec.home_print if e.kind in ("print", "reprint") else None
    duplex = hp is not None and hp.layout == "duplex"
    fold = e.kind == "rules-fold"
    sheets = -(-pages // 2) if duplex or fold else pages
    details = [f"{sheets} sheet{'s' if sheets != 1 else ''}"]
    grid = None  # card sheets: (columns, rows, turned, layout, card w, h as laid mm), the cutting picture's
    if hp is not None:
        spec = SheetSpec(PAPERS[paper], *rec.card.trim_mm, rec.card.bleed_mm, hp.layout,
                         margins=hp.printer.margins_mm)
        count, turned = per_sheet(spec)
        details[0] += f" of {count} cards, {'turned' if turned else 'upright'}"
        cols, rows_, turned_ = sheet_grid(spec)
        w, h = rec.card.trim_mm[::-1] if turned_ else rec.card.trim_mm
        grid = (cols, rows_, turned_, hp.layout, w, h)
        aids = sum(a.sides * a.copies for a in hp.aids) if hp.cards is None else 0
        if aids:  # the player aid cards fill the places after the deck (issue 41)
            deck = len(rec.deck.faces)
            names = [(titles or {}).get(a.game, GAME_TITLES.get(a.game, a.game)) for a in hp.aids]
            whose = " and ".join(n + ("'" if n.endswith("s") else "'s") for n in names)
            details.append(f"{deck} cards, then {aids} player aid cards ({whose}) from sheet {deck // count + 1}")
    if duplex:
        sides = "both sides, flip on the long edge"
    elif fold:
        sides = "both sides, flip on the short edge"
    elif hp is not None and hp.layout == "gutterfold":
        sides = "one side, then fold"
    else:
        sides = "one side"
    details.append(sides)
    stock = "card stock" if e.kind in CARD_STOCK else "plain paper"
    details.append(stock)
    if fold:  # how a fold booklet is made up (its own pages carry no printing words)
        details.append(FOLD_UP)
    return {"what": WHAT[e.kind], "pages": pages, "sheets": sheets, "sides": sides, "two_sided": duplex or fold,
            "stock": stock, "details": "; ".join(details), "grid": grid}


def _sets_together(rows: list) -> list:
    """Class sets: the same file in set-a/ … set-l/ as one row, its path written as a shell
    would expand it (str8eight/set-{a..l}/str8eight-print-letter.pdf), so a kit of twelve
    sets still fits its page; the checker expands it back."""
    import re

    groups: dict = {}
    for row in rows:
        m = re.fullmatch(r"(.+)/set-([a-z])/([^/]+)", row["path"])
        key = (m.group(1), m.group(3), row["what"], row["details"]) if m else (row["path"],)
        groups.setdefault(key, []).append((m.group(2) if m else None, row))
    out = []
    for key, members in groups.items():
        letters = [letter for letter, _ in members]
        if len(members) > 1 and letters == [chr(ord("a") + i) for i in range(len(letters))]:
            game, name, what, details = key
            out.append({"path": f"{game}/set-{{a..{letters[-1]}}}/{name}", "what": what,
                        "details": f"{details}; one in each of the {len(members)} set folders",
                        "grid": members[0][1].get("grid")})
        else:
            out += [row for _, row in members]
    return out


def write_howto(out: Path, records: dict, entries: list, paper_list: list, theme, titles: dict) -> list:
    """The pages into out (the staging folder, every other file already there); returns their paths."""
    from ..design.howto import pages_svg
    from ..draw.pdf import SIMPLEX, write_pages
    from ..draw.pdfmeta import meta_for
    from ..layout.paper import PAPERS

    from ..partstore import kept_file

    written = []
    for paper in paper_list:
        path = out / file_name(paper)

        def make(paper: str = paper, path: Path = path) -> None:
            games = sheet_rows(out, records, entries, paper, titles)
            margins = sorted({rec.home_print.printer.margins_mm for rec in records.values()
                              if getattr(rec, "home_print", None) is not None
                              and rec.home_print.printer.margins_mm is not None})
            svgs = pages_svg(PAPERS[paper], PAPER_NAMES[paper], games, margins[0] if len(margins) == 1 else None,
                             theme, f"print-everything-{paper}.pdf" if games else "")
            kit = ", ".join(titles[g] for g in titles)
            write_pages(svgs, path, meta_for("how-to-print", kit, f"{PAPER_NAMES[paper]} paper"),
                        (PAPERS[paper].width, PAPERS[paper].height), theme.fonts, duplex=SIMPLEX)
        # kept: the pages are made from the records, the kit's files (by their bytes), the theme and the titles
        kept_file(KIND, kit_inputs(paper, records, entries, paper_list, theme, titles), path, make)
        written.append(path)
    return written
