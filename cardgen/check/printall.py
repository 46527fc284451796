"""Check the kit's print-everything files (print-everything-<paper>.pdf at the top of the
folder): one file per paper that gathers every file printed on it behind a first page.

Stated from the manifest, the build records and the files themselves, not from the code
that writes them:

- every paper the kit has a how-to-print page for has its file, listed in manifest.json
  (game "kit", kind "print-everything"), and it asks for actual size (/PrintScaling /None);
- its first page names, in order, each part with its page range (a table too long for one
  page runs on over the next, MAX_LEAD pages in all): the ranges follow one another from
  the page after it to the last page, each as long as the part's own file, and every
  PDF of a game the manifest lists whose name ends in -<paper>.pdf is a part, once;
- every page after the first is the page of its part's file: the same drawing (content
  and every stream and value it uses) and the same MediaBox, CropBox, BleedBox and TrimBox;
- the parts on card stock (card sheets, aid cards, boxes) come before the plain paper;
  each part's description says its sheets (half its pages when printed on both sides:
  card sheets laid out duplex, the fold booklet), its sides and its stock; each stock's
  tile the sum of its sheets and its page range; each game's line of the kit's contents
  the number of cards the build record deals, and the player aid cards its card sheets
  carry (FourScore's on the Str8 Eight sheets: on FourScore's line).
"""
from __future__ import annotations

import hashlib
import math
import re
from pathlib import Path

from . import pdfread
from .report import GameReport

KIT, KIND = "kit", "print-everything"
FILE = re.compile(r"print-everything-([a-z0-9]+)\.pdf")
HOWTO = re.compile(r"how-to-print-([a-z0-9]+)\.pdf")
NAMED = re.compile(r"[A-Za-z0-9][\w.-]*(?:/[\w.-]+)+\.pdf")
RANGE = re.compile(r"(\d+)(?:–(\d+))?")
CARD_STOCK = ("print", "reprint", "tuckbox", "aid-cards")  # printed on card stock; the rest on plain paper
GAME_NAMES = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "eights": "Eights", "crazy-eights": "Crazy Eights"}
BOXES = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox", "/Rotate", "/UserUnit")
MAX_PAGES = 20_000


GATHERED = 8  # what one file to print may draw: so many of cardgen's files' worth (a 12-set class kit needs 2)


def check_printall(out: Path, data: dict, records: dict) -> GameReport:
    report = GameReport("print everything")
    entries = [e for e in data["files"] if isinstance(e, dict) and isinstance(e.get("path"), str)]
    kinds = {e["path"]: e.get("kind") for e in entries}
    files, papers = {}, set()
    for e in entries:
        if e.get("game") != KIT:
            continue
        if e.get("kind") == "how-to-print" and HOWTO.fullmatch(e["path"]):
            papers.add(HOWTO.fullmatch(e["path"]).group(1))
        if e.get("kind") == KIND:
            m = FILE.fullmatch(e["path"])
            if m is None:
                report.fail(e["path"][:80], "-", "a print-everything file must be print-everything-<paper>.pdf at the "
                            "top of the folder")
                continue
            files[m.group(1)] = e["path"]
    for paper in sorted(papers - set(files)):
        report.fail(f"print-everything-{paper}.pdf", "-", f"missing: the kit prints on {paper}, and its one file "
                    "to print gathers every file of that paper; rebuild")
    for paper, path in sorted(files.items()):
        if (out / path).is_symlink() or not (out / path).is_file():
            continue  # the manifest's own check reports it
        try:
            pdf = pdfread.open_pdf(out / path, GATHERED)
        except pdfread.Unreadable as exc:
            report.fail(path, "-", f"not a readable PDF ({exc})")
            continue
        with pdf:
            before = len(report.violations)
            parts = _check_file(out, pdf, path, paper, kinds, records, report)
            if len(report.violations) == before:
                report.summary.append(f"{path}: {len(pdf.pages)} pages, a first page then {parts} files of the kit "
                                      "page for page as they are, card stock first; its counts of sheets and cards "
                                      "are the files' and the records' own")
    return report


def _check_file(out: Path, pdf, path: str, paper: str, kinds: dict, records: dict, report: GameReport) -> int:
    prefs = pdf.Root.get("/ViewerPreferences", {})
    if str(prefs.get("/PrintScaling", "")) != "/None":
        report.fail(path, "print setup", "/PrintScaling is not /None: a reader's 'fit to page' shrinks the cards")
    if len(pdf.pages) < 2:
        report.fail(path, "-", f"{len(pdf.pages)} page(s): a first page and the files it gathers")
        return 0
    lines = [line.strip() for line in pdfread.page_text(pdf, 1).splitlines()]
    lead = _components_pages(lines, len(pdf.pages))
    for number in range(2, lead + 1):  # a table too long for one page runs on over the next
        lines += [line.strip() for line in pdfread.page_text(pdf, number).splitlines()]
    flat = " ".join(" ".join(lines).split())
    gathered = _Digests(pdf, out / path)
    parts = []  # (path, first, last, description)
    for i, line in enumerate(lines):
        if not NAMED.fullmatch(line):
            continue
        m = RANGE.fullmatch(lines[i - 1]) if i else None
        if m is None:
            report.fail(path, "page 1", f"names {line[:80]} without its pages")
            continue
        first = int(m.group(1))
        last = int(m.group(2) or first)
        words = []
        for more in lines[i + 1:i + 5]:
            if NAMED.fullmatch(more) or RANGE.fullmatch(more) or more.startswith("On "):
                break
            words.append(more)
        parts.append((line, first, last, " ".join(words)))
    want = sorted(p for p, k in kinds.items() if p.split("/")[0] in records and p.endswith(f"-{paper}.pdf")
                  and "/" in p)
    named = [p for p, *_ in parts]
    for name in want:
        if name not in named:
            report.fail(path, "page 1", f"does not gather {name}, which the kit prints on {paper}")
    for name in sorted({n for n in named if named.count(n) > 1}):
        report.fail(path, "page 1", f"gathers {name} {named.count(name)} times")
    expect, sheets, stock_seen = lead + 1, {"card stock": [0, None, None], "plain paper": [0, None, None]}, []
    for name, first, last, words in parts:
        if name not in kinds:
            report.fail(path, "page 1", f"names {name[:80]}, which the kit does not hold (manifest.json lists no such "
                        "file)")
            continue
        if first != expect:
            report.fail(path, "page 1", f"{name}: pages {first}–{last}, where the part before it ends on page "
                        f"{expect - 1}")
        expect = last + 1
        stock = "card stock" if kinds[name] in CARD_STOCK else "plain paper"
        stock_seen.append(stock)
        try:
            source = pdfread.open_pdf(out / name)
        except pdfread.Unreadable as exc:
            report.fail(path, "-", f"{name}: not a readable PDF ({exc})")
            continue
        with source:
            of_source = _Digests(source, out / name)
            pages = len(source.pages)
            if last - first + 1 != pages:
                report.fail(path, "page 1", f"{name}: pages {first}–{last} ({last - first + 1}), where the file has "
                            f"{pages}")
            for k in range(min(pages, last - first + 1)):
                at = first + k
                if at > len(pdf.pages):
                    report.fail(path, f"page {at}", f"missing: {name} page {k + 1} belongs here")
                    break
                if gathered(at - 1) != of_source(k):
                    report.fail(path, f"page {at}", f"is not {name} page {k + 1}: another drawing or boxes")
        rec = records.get(name.split("/")[0])
        layout = getattr(getattr(rec, "home_print", None), "layout", None)
        if kinds[name] in ("print", "reprint") and layout == "duplex":
            sides = "both sides, flip on the long edge"
        elif kinds[name] == "rules-fold":
            sides = "both sides, flip on the short edge"
        elif kinds[name] in ("print", "reprint") and layout == "gutterfold":
            sides = "one side, then fold"
        else:
            sides = "one side"
        n = math.ceil(pages / 2) if sides.startswith("both") else pages
        says = (f"{n} sheet{'s' if n != 1 else ''}", sides, stock)
        missing = [w for w in says if w not in words]
        if missing:
            report.fail(path, "page 1", f"says of {name} {words[:120]!r}, where the file and the record have "
                        f"{'; '.join(says)}")
        tally = sheets[stock]
        tally[0] += n
        tally[1] = first if tally[1] is None else tally[1]
        tally[2] = last
    if parts and expect - 1 != len(pdf.pages):
        report.fail(path, "-", f"{len(pdf.pages)} pages, where the first page and its parts make {expect - 1}")
    if stock_seen != sorted(stock_seen):  # "card stock" sorts before "plain paper"
        report.fail(path, "page 1", "a part on plain paper comes before one on card stock: card stock is printed first")
    for stock, (n, first, last) in sheets.items():
        if first is None:
            continue
        label = f"{first}" if first == last else f"{first}–{last}"
        tile = f"{stock[:1].upper()}{stock[1:]} {n} sheet{'s' if n != 1 else ''} pages {label}"
        if tile not in flat:
            report.fail(path, "page 1", f"does not say {tile!r}: its parts on {stock} make {n} sheets, pages {label}")
    for game, rec in records.items():
        if game not in GAME_NAMES or not any(p.split("/")[0] == game and kinds.get(p) in ("print", "reprint")
                                             for p, *_ in parts):
            continue  # a game without card sheets (FourScore plays with Str8 Eight's cards)
        info = getattr(rec, "home_print", None)
        cards = len(rec.deck.faces) if info is None or info.cards is None else len(info.cards)
        sets = getattr(rec, "sets", None)
        decks = "a deck of" if sets is None else f"{len(sets.letters)} decks of"
        if not re.search(rf"{re.escape(GAME_NAMES[game])}:? ({decks}|cards to reprint:) {cards} cards\b", flat):
            report.fail(path, "page 1", f"does not say {GAME_NAMES[game]} holds {decks} {cards} cards, as its build "
                        "record deals")
        for aid in (info.aids if info is not None and info.cards is None else ()):  # aid cards on its sheets
            n, title = aid.sides * aid.copies, GAME_NAMES.get(aid.game, aid.game)
            alone = aid.game != game and aid.game not in records  # no line of its own: on the deck's line
            pattern = (rf"{re.escape(GAME_NAMES[game])}:? [^.]*\b{n} {re.escape(title)} player aid cards\b" if alone
                       else rf"{re.escape(title)}:? [^.]*\b{n} player aid cards\b")
            if not re.search(pattern, flat):
                report.fail(path, "page 1", f"does not say {title} holds {n} player aid cards, on the "
                            f"{GAME_NAMES[game]} card sheets as the build record has them")
    return len(parts)


MAX_LEAD = 4  # the components page and its continuations, at most


def _components_pages(lines: list, pages: int) -> int:
    """How many pages the components page takes: the pages before the first part's, as its
    first range says (1 when that cannot be read: the ranges are then judged against it)."""
    for i, line in enumerate(lines[1:], 1):
        m = RANGE.fullmatch(lines[i - 1]) if NAMED.fullmatch(line) else None
        if m:
            lead = int(m.group(1)) - 1
            return lead if 1 <= lead <= min(MAX_LEAD, pages - 1) else 1
    return 1


class _Digests:
    """The digest of each page of one open PDF (_page_digest), made once a page: kept by the
    file's digest (check/memo.py), and the objects its pages share digested once a file."""

    def __init__(self, pdf, path: Path):
        self.pdf, self.key, self.done = pdf, pdfread.file_digest(path), {}

    def __call__(self, index: int) -> str:
        from . import memo

        return memo.kept("page-digest", f"{self.key}:{index}", lambda: _page_digest(self.pdf.pages[index], self.done))


def _page_digest(page, done: "dict | None" = None) -> str:
    """What a page prints: its boxes and its drawing, every stream and value it reaches.
    done: the digests of objects other pages of the file reached (those no cycle entered)."""
    h = hashlib.sha256()
    obj = page.obj
    for key in BOXES:
        h.update(f"{key}={_box(page, key)};".encode())
    h.update(pdfread.page_content(page))
    _feed(h, obj.get("/Resources"), {}, [0, 0], {} if done is None else done)
    return h.hexdigest()


def _box(page, key: str) -> str:
    value = page.obj.get(key)
    if value is None and key in ("/MediaBox", "/CropBox", "/Rotate"):
        value = getattr(page, key[1:].lower(), None) if key != "/Rotate" else None
    if value is None:
        return "-"
    try:
        return ",".join(f"{float(v):.3f}" for v in value)
    except TypeError:
        return str(value)


def _feed(h, value, seen: dict, count: list, done: dict) -> None:
    """value's content into h: dictionaries by sorted key, arrays in order, streams' decoded
    bytes; an indirect object once (a page's fonts and forms are shared). count: the values
    fed, and how often a digest that depends on the way in (one a cycle entered) was used."""
    import pikepdf

    count[0] += 1
    if count[0] > 200_000:
        raise pdfread.Unreadable("too many objects on one page")
    if isinstance(value, pikepdf.Object) and value.is_indirect:
        # an object by what it holds, digested once however often it is reached: the file
        # may store once what a part stored twice (identical fonts, forms, profiles)
        ref = value.objgen
        if ref in done:  # digested for another page, the same whichever way it is reached
            h.update(done[ref])
            return
        if ref not in seen:
            seen[ref] = b"@cycle"
            entered = count[1]
            inner = hashlib.sha256()
            _feed_direct(inner, value, seen, count, done)
            seen[ref] = inner.digest()
            if count[1] == entered:
                done[ref] = seen[ref]
            else:
                seen[ref] = (seen[ref],)  # depends on the way in: this page's own
        elif seen[ref] == b"@cycle" or isinstance(seen[ref], tuple):
            count[1] += 1
        h.update(seen[ref][0] if isinstance(seen[ref], tuple) else seen[ref])
        return
    _feed_direct(h, value, seen, count, done)


def _feed_direct(h, value, seen: dict, count: list, done: dict) -> None:
    import pikepdf

    if isinstance(value, pikepdf.Stream):
        _feed_dict(h, value, seen, count, done, skip=("/Length", "/Filter", "/DecodeParms"))
        try:
            h.update(value.read_bytes())
        except pikepdf.PdfError:
            h.update(value.read_raw_bytes())
    elif isinstance(value, pikepdf.Dictionary):
        _feed_dict(h, value, seen, count, done)
    elif isinstance(value, pikepdf.Array):
        h.update(b"[")
        for item in value:
            _feed(h, item, seen, count, done)
        h.update(b"]")
    else:
        h.update(repr(value).encode() if value is not None else b"null")


def _feed_dict(h, value, seen, count, done, skip=()) -> None:
    h.update(b"<<")
    for key in sorted(value.keys()):
        if key in skip or key == "/Parent":
            continue
        h.update(key.encode())
        _feed(h, value.get(key), seen, count, done)
    h.update(b">>")
