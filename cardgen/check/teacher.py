"""Check Str8 Eight's teacher pages against the cards in the folder: the lesson plan
names the built table, sequence length and card count; the recording sheet's worked
example is a legal winning sequence of these cards, each written as a fact a card
shows; the answer key lists each value's cards and, per times table, the previous
and next multiple the card SVGs' arrows name; the scaffold level, large print and
class sets they state are the build record's (itself held to the faces by the deck
check); the coverage page's squares give the
share of winning sequences through each product, and its row of times tables each
one's share of the steps, and the winning sequences that earn the one-color bonus (bonus.py),
all recounted here from the cards' arrows.

Text is read from the PDF (pdfium, through pdftext), as a reader would copy it; what each page should
say is built here from the SVGs alone, never from the model that wrote the pages."""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from .bonus import count_runs
from .deckfiles import pdf_page_sizes
from .paper import PAPERS
from .report import GameReport

PAGES = ("lesson plan", "recording sheet", "answer key", "fact coverage")
FACT = re.compile(r"(\d+) × (\d+) = (\d+)")


def share_text(through: int, sequences: int) -> str:
    """How many in 100, as the coverage page prints it: "–" for none, "<1" below a half."""
    if not through or not sequences:
        return "–"
    per_100 = int(100 * through / sequences + 0.5)
    return str(per_100) if per_100 else "<1"


def recount(values: set, follow: dict, n: int, length: int) -> tuple:
    """From the cards' right arrows: winning value sequences (length values from a
    bull's-eye 1..n), those through each value, and the steps along each group."""
    order = sorted(values)
    tails = [{v: 1 for v in order}]  # tails[k][v]: sequences of k more values after v
    for _ in range(length - 1):
        last = tails[-1]
        tails.append({v: sum(last[w] for w in follow[v]) for v in order})
    head = {v: int(v <= n) for v in order}  # sequences from a bull's-eye reaching v at position j
    through: Counter = Counter()
    steps: Counter = Counter()
    for j in range(1, length + 1):
        for v in order:
            through[v] += head[v] * tails[length - j][v]
        if j == length:
            break
        nxt = {v: 0 for v in order}
        for v in order:
            if head[v]:
                for w in follow[v]:
                    nxt[w] += head[v]
                    steps[w - v] += head[v] * tails[length - j - 1][w]
        head = nxt
    total = sum(tails[length - 1][v] for v in order if v <= n)
    return total, through, steps


def check_teacher(game_dir: Path, rec, numbers: list, report: GameReport, rel, moves=None) -> None:
    """numbers: the number cards read from the SVGs (value, cell, arrows). moves: for bare
    cards, which print no arrows, value -> its (group, side, target) from the table (the
    deck check holds each bare face to its value and cell)."""
    info = getattr(rec, "teacher", None)
    if info is None:
        return
    n, length = rec.table_size, rec.sequence_length
    cards = [c for c in numbers if isinstance(c.value, int)]
    follow: dict = defaultdict(set)
    arrows: dict = defaultdict(set)  # value -> (group, side, target) its cards name
    cells: dict = defaultdict(set)  # value -> (r, c) with r ≤ c
    exact: set = set()  # (r, c) as the cards print them
    for c in cards:
        for g, side, target, *_ in (c.arrows if moves is None else sorted(moves(c.value))):
            if isinstance(g, int) and isinstance(target, int):
                arrows[c.value].add((g, side, target))
                if side == "right":
                    follow[c.value].add(target)
        try:
            r, col = (int(x) for x in c.cell.split("x"))
        except ValueError:
            continue
        cells[c.value].add((min(r, col), max(r, col)))
        exact.add((r, col))
    values = set(cells) | set(arrows)
    follow = defaultdict(set, {v: {w for w in ws if w in values} for v, ws in follow.items()})  # a damaged
    # card's arrow to a value no card has leads nowhere (the deck check reports it)
    total, through, steps = recount(values, follow, n, length)
    runs = count_runs({(g, v, t) for v, named in arrows.items() for g, side, t in named if side == "right"},
                      n, length)
    for name in info.papers:
        path = game_dir / name
        file = rel(path)
        sizes = pdf_page_sizes(path, report, rel) if path.exists() else None
        if sizes is None:
            report.fail(file, "teacher pages", "missing or unreadable")
            continue
        if not len(PAGES) <= len(sizes) <= len(PAGES) + 1 or len(sizes) != info.pages:
            report.fail(file, "teacher pages", f"{len(sizes)} pages, expected {len(PAGES)}: "
                        f"{', '.join(PAGES)}, one page each (the answer key may run on to a second)")
            continue
        paper = next((p for p in PAPERS if name.endswith(f"-{p}.pdf")), None)
        want = PAPERS.get(paper)
        if want is None or any(abs(w - want[0]) > 0.5 or abs(h - want[1]) > 0.5 for w, h in sizes):
            report.fail(file, "teacher pages", f"pages of {sizes[0][0]:.1f} × {sizes[0][1]:.1f} mm, "
                        f"not the {paper or 'named'} paper")
        texts = _texts(path)
        if isinstance(texts, str):
            report.fail(file, "teacher pages", texts)
            continue
        texts = _by_title([" ".join(t.split()) for t in texts])
        if isinstance(texts, str):
            report.fail(file, "teacher pages", texts)
            continue
        before = len(report.violations)
        _lesson(texts[0], n, length, len(cards) + rec.pass_cards, file, report)
        _level_and_sets(texts[0], texts[2], rec, file, report)
        printed = exact if (not getattr(rec, "large_print", False) or rec.scaffold == "bare") else None
        _recording(texts[1], n, length, follow, cells, file, report, printed)
        _answer_key(texts[2], n, cells, arrows, file, report)
        _coverage(texts[3], n, total, through, steps, runs, file, report)
        if len(report.violations) == before:
            report.summary.append(f"{name}: lesson plan, recording sheet, answer key ({len(cells)} values) and "
                                  f"fact coverage ({n * n} facts, {total} winning sequences) match the cards")


def _by_title(pages: list) -> "list[str] | str":
    """The four pages' texts in PAGES order: a page is known by its title ("Str8 Eight ·
    answer key"); a page without one continues the page before (a long answer key)."""
    found: list = []
    for text in pages:
        title = next((p for p in PAGES if re.match(rf"Str8 Eight[^·]{{0,12}}· {p}\b", text)), None)
        if title is None and found:
            found[-1] = (found[-1][0], found[-1][1] + " " + text)
        elif title is None:
            return "its first page has no title"
        else:
            found.append((title, text))
    titles = [t for t, _ in found]
    if titles != list(PAGES):
        return f"its pages are {', '.join(titles)}; expected {', '.join(PAGES)}, in that order"
    return [text for _, text in found]


def _texts(path: Path) -> "list[str] | str":
    """Every page's text, whole (the booklet reader drops lines like "12 · 14" as page
    footers; here they are the answer key), or why it cannot be read."""
    from . import pdftext
    from .pdfread import Unreadable, bounded
    from .safefile import Refused, guard

    try:
        bounded(path)  # pages, streams and what the pages draw between them: as cardgen could write
        pages, texts = pdftext.read(guard(path).read_bytes())
        return [texts[i] for i in pages]
    except (Refused, Unreadable) as exc:
        return str(exc)
    except Exception as exc:  # a damaged file: reported, never a traceback
        return f"its text cannot be read ({exc.__class__.__name__})"


def _lesson(text: str, n: int, length: int, deck: int, file: str, report: GameReport) -> None:
    m = re.search(r"This kit: the (\d+) × (\d+) table · (\d+) cards a deck · sequences of (\d+)", text)
    if m is None:
        report.fail(file, "lesson plan", "does not name the kit (“This kit: the N × N table · … cards a deck · "
                    "sequences of …”)")
    elif tuple(map(int, m.groups())) != (n, n, deck, length):
        report.fail(file, "lesson plan", f"describes the {m[1]} × {m[2]} table, {m[3]} cards, sequences of {m[4]}; "
                    f"the deck in this folder is the {n} × {n} table, {deck} cards, sequences of {length}")


LEVEL = re.compile(r"sequences of \d+ · (\w+) cards")
SETS = re.compile(r"· (\d+) class sets, ([A-Z])–([A-Z])")
MARKS = re.compile(r"each with its own mark \(([^)]*)\)")
KEY_LEVEL = re.compile(r"deck at the (\w+) level")
BUILT_AT = re.compile(r"These cards are built at the (\w+) level")


def _level_and_sets(lesson: str, key: str, rec, file: str, report: GameReport) -> None:
    """The scaffold level, large print and class sets the pages state are those of the
    build record (which the deck check holds the faces to): the lesson plan's kit line
    and its level paragraph, the answer key's subtitle, and the sets with their marks."""
    scaffold = getattr(rec, "scaffold", "full")
    said = {"lesson plan": [m[1] for m in (LEVEL.search(lesson), BUILT_AT.search(lesson)) if m],
            "answer key": [m[1] for m in (KEY_LEVEL.search(key),) if m]}
    for page, levels in said.items():
        wrong = next((lv for lv in levels if lv != scaffold), None)
        if not levels:
            report.fail(file, page, f"does not name the scaffold level these cards are built at ({scaffold})")
        elif wrong:
            report.fail(file, page, f"serves the {wrong} level; the cards in this folder are built at the "
                        f"{scaffold} level")
    kit = lesson.split(" What pupils practise")[0]
    if ("· large print" in kit) != bool(getattr(rec, "large_print", False)):
        report.fail(file, "lesson plan", "says large print, but the cards are standard print"
                    if "· large print" in kit else "does not say large print, but the cards are large print")
    sets = getattr(rec, "sets", None)
    letters, shapes = (sets.letters, sets.shapes) if sets else ((), ())
    m, marks = SETS.search(kit), MARKS.search(lesson)
    if not letters:
        if m or marks:
            report.fail(file, "lesson plan", "speaks of class sets; this folder holds one deck")
        return
    want = f"{len(letters)} class sets, {letters[0]}–{letters[-1]}"
    if m is None or (int(m[1]), m[2], m[3]) != (len(letters), letters[0], letters[-1]):
        report.fail(file, "lesson plan", f"does not name the {want} built here"
                    + (f" (it says {m[1]} class sets, {m[2]}–{m[3]})" if m else ""))
    marks_want = ", ".join(f"{a} {b}" for a, b in zip(letters, shapes))
    if marks is None or marks[1] != marks_want:
        report.fail(file, "lesson plan", f"gives the sets' marks as “{marks[1] if marks else 'nothing'}”; "
                    f"the cards wear “{marks_want}”")


def _recording(text: str, n: int, length: int, follow: dict, cells: dict, file: str, report: GameReport,
               printed: "set | None" = None) -> None:
    """The worked example (the row after "e.g."): length facts of these cards, a legal
    winning sequence, its total right. printed: when the faces print their cell, the
    sheet asks for that fact, so each one the example writes is exactly a card's."""
    at = text.find("e.g.")
    facts = FACT.findall(text[at:]) if at >= 0 else []
    facts = [tuple(map(int, f)) for f in facts[:length]]
    if len(facts) < length:
        report.fail(file, "recording sheet", f"its example row holds {len(facts)} facts; a winning sequence "
                    f"of this deck has {length} cards")
        return
    for r, c, v in facts:
        if r * c != v or (min(r, c), max(r, c)) not in cells.get(v, ()) or (printed is not None
                                                                           and (r, c) not in printed):
            report.fail(file, "recording sheet", f"its example writes {r} × {c} = {v}, which no card of this deck "
                        "prints")
            return
    seq = [v for _, _, v in facts]
    if not 1 <= seq[0] <= n or any(b not in follow.get(a, ()) for a, b in zip(seq, seq[1:])):
        report.fail(file, "recording sheet", f"its example {' → '.join(map(str, seq))} is not a sequence these "
                    f"cards allow (a bull's-eye 1–{n} first, each next card on a right arrow of the last)")
        return
    tail = text[at:].split()
    total = str(sum(seq))
    if total not in tail[:length * 6 + 2]:
        report.fail(file, "recording sheet", f"its example's total is not {total}")


def _key_rows(n: int, cells: dict, arrows: dict) -> list:
    rows = []
    for v in sorted(cells):
        groups = sorted({g for g, _, _ in arrows.get(v, ())})
        parts = [str(v), " ".join(f"{r}×{c}" for r, c in sorted(cells[v]))]
        for g in groups:
            prev = next((t for d, s, t in arrows[v] if d == g and s == "left"), "–")
            nxt = next((t for d, s, t in arrows[v] if d == g and s == "right"), "–")
            parts.append(f"{prev} · {nxt}")
        rows.append((v, " ".join(parts)))
    return rows


def _answer_key(text: str, n: int, cells: dict, arrows: dict, file: str, report: GameReport) -> None:
    header = "value cards " + " ".join(f"×{d}" for d in range(1, n + 1))
    at = text.find(header)
    if at < 0 or text[at + len(header):at + len(header) + 2].strip().startswith("×"):
        report.fail(file, "answer key", f"has no table headed “{header}” (the {n} times tables of this deck)")
        return
    # each row word for word, its cells apart: a key whose cells run into each other
    # ("100 · 120" on "99 · 121", read "12099") fails here, as it fails the eye
    at += len(header)
    for v, row in _key_rows(n, cells, arrows):
        rest = text[at:].lstrip()
        if not (rest == row or rest.startswith(row + " ")):
            shown = " ".join(rest.split()[:len(row.split())])
            report.fail(file, "answer key", f"the row of {v} reads “{shown}”; the cards give “{row}”")
            return
        at = len(text) - len(rest) + len(row)

def _coverage(text: str, n: int, total: int, through: Counter, steps: Counter, runs: int, file: str,
              report: GameReport) -> None:
    grid = "× " + " ".join(map(str, range(1, n + 1))) + " " + " ".join(
        f"{r} " + " ".join(f"{r * c} {share_text(through[r * c], total)}" for c in range(1, n + 1))
        for r in range(1, n + 1))
    if grid not in text:
        rows = [f"{r} " + " ".join(f"{r * c} {share_text(through[r * c], total)}" for c in range(1, n + 1))
                for r in range(1, n + 1)]
        bad = next((row for row in rows if row not in text), rows[0])
        report.fail(file, "fact coverage", f"the grid differs from the cards' count: the cards give the row “{bad}”")
    count = sum(steps.values())
    shares = " ".join(str(int(100 * steps[d] / count + 0.5)) if count else "0" for d in range(1, n + 1))
    want = "times table " + " ".join(f"×{d}" for d in range(1, n + 1)) + " steps in 100 " + shares
    if want not in text:
        report.fail(file, "fact coverage", f"the steps per times table differ from the cards' count: “{want}”")
    said = re.search(r"There are ([\d,]+) different winning sequences", text)
    if said is None or int(said[1].replace(",", "")) != total:
        report.fail(file, "fact coverage", f"does not state the {total:,} winning sequences the cards make")
    said = re.search(r"Just ([\d,]+) of them earn the .{3,30}? bonus", text)
    got = int(said[1].replace(",", "")) if said else 0
    if got != runs:
        report.fail(file, "fact coverage", f"gives {got:,} winning sequences that earn the one-color bonus; "
                    f"the cards make {runs:,}")
