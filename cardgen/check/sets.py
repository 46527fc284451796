"""Check class sets: every set complete, every card wearing its own set's mark, and each
set's inventory checklist listing its cards.

What the sets should be is stated here (the letters and the order of the shapes), not
imported from the design: a build that gave set C the wrong shape is caught. The game's
own checker verifies set A's cards (and the first large-print set's, when some sets are
large print) against the rules; here every other set's card must be that set's same card
(a standard set's set A's, a large-print set's the first large-print set's), mark aside, so
each set is held to the same proof.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..words import plural
from . import pdfread, svgread
from .paper import PAPERS
from .report import GameReport

LETTERS = "ABCDEFGHIJKL"
SHAPES = ("circle", "square", "triangle", "star", "heart", "cross",
          "diamond", "moon", "drop", "flower", "hexagon", "hourglass")
SAFE_MM = 3.0  # the mark stays this far inside the trim
MARKS_PER_CARD = 2  # a corner and the opposite one, turned


def deck_dirs(game_dir: Path, rec) -> list:
    """The folders holding the deck's card files: the game's own, or one per class set."""
    sets = getattr(rec, "sets", None)
    if sets is None:
        return [game_dir]
    return [game_dir / f"set-{letter.lower()}" for letter in sets.letters]


def _text(el) -> str:
    return " ".join("".join(t.itertext()) for t in el.iter() if svgread.local(t.tag) == "text").strip()


def _marks_problem(root, letter: str, shape: str) -> "str | None":
    """What is wrong with a card's set marks, or None."""
    marks = svgread.with_attr(root, "data-set")
    if not marks:
        return f"carries no set mark; set {letter}'s cards wear a {shape} and the letter {letter}"
    for el in marks:
        other = el.get("data-set")
        if other != letter:
            return f"carries set {other!r}'s mark, but lies in set {letter}'s folder"
        outlines = [o.get("data-outline") for o in el.iter() if o.get("data-outline")]
        if el.get("data-shape") != shape or outlines != [shape]:
            return f"set {letter}'s mark shows shape {el.get('data-shape')!r} (outline {outlines}), expected {shape}"
        if _text(el) != letter:
            return f"set {letter}'s mark shows the letter {_text(el)!r}"
    if len(marks) != MARKS_PER_CARD:
        return f"{len(marks)} set marks, expected {MARKS_PER_CARD} (two opposite corners)"
    try:
        trim_w, trim_h = (float(v) for v in (root.get("data-trim-mm") or "").split(","))
    except ValueError:
        return "no data-trim-mm to place the set mark against"
    for el in marks:
        try:
            x, y, w, h = (float(v) for v in (el.get("data-box-mm") or "").split(","))
        except ValueError:
            return "a set mark without data-box-mm=\"x,y,w,h\""
        eps = 1e-6
        at = svgread.translation(el)
        turn = re.match(r"\s*rotate\(\s*180[\s,]+([-\d.eE+]+)[\s,]+([-\d.eE+]+)\s*\)", el.get("transform", ""))
        if at is None or abs(at[0] - x) > 1e-3 or abs(at[1] - y) > 1e-3:
            return f"a set mark drawn at {at}, not where its data-box-mm says ({x:g},{y:g})"
        if turn and (abs(float(turn.group(1)) - trim_w / 2) > 1e-3 or abs(float(turn.group(2)) - trim_h / 2) > 1e-3):
            return "a set mark turned about another point than the card's centre: it leaves its corner"
        if x < SAFE_MM - eps or y < SAFE_MM - eps or x + w > trim_w - SAFE_MM + eps or y + h > trim_h - SAFE_MM + eps:
            return f"a set mark at {x:g},{y:g} ({w:g} × {h:g} mm) leaves the safe zone, {SAFE_MM:g} mm inside the trim"
    return None


def _without_marks(root) -> bytes:
    import copy
    from xml.etree import ElementTree

    root = copy.deepcopy(root)  # the parsed tree is shared (svgread keeps it for the other checks)
    for parent in list(root.iter()):
        for child in list(parent):
            if "data-set" in child.attrib:
                parent.remove(child)
    return ElementTree.tostring(root)


def _first_wrong_set(sets) -> str:
    n = len(sets.letters)
    if n > len(LETTERS):
        return f"{n} sets; there are {len(LETTERS)} letters and shapes at most"
    i = next(i for i in range(n) if (sets.letters[i], sets.shapes[i]) != (LETTERS[i], SHAPES[i]))
    return (f"set {i + 1} of {n} is {str(sets.letters[i])[:20]!r} with shape {str(sets.shapes[i])[:20]!r}; "
            f"expected {LETTERS[i]!r} with {SHAPES[i]!r}")


def check_sets(game: str, game_dir: Path, rec, report: GameReport, rel) -> None:
    sets = getattr(rec, "sets", None)
    if sets is None:
        return
    n = len(sets.letters)
    if n > len(LETTERS) or tuple(sets.letters) != tuple(LETTERS[:n]) or tuple(sets.shapes) != SHAPES[:n]:
        report.fail("manifest.json", "sets", _first_wrong_set(sets))  # one line, however long the record's lists
        return
    home = rec.home_print
    if home is not None and home.cards is None and tuple(sets.inventory) != tuple(home.papers):
        report.fail("manifest.json", "sets", f"inventory checklists on {list(sets.inventory)}; the print sheets "
                    f"are on {list(home.papers)}, and each set printed gets its checklist")
    slugs = list(rec.deck.faces) + list(rec.deck.backs)
    large = set(getattr(sets, "large_print", ()))
    first: dict = {}
    complete = 0
    listed_ok = True
    for letter, shape, folder in zip(sets.letters, sets.shapes, deck_dirs(game_dir, rec)):
        svg_dir = folder / "svg"
        present = {p.stem: p for p in sorted(svg_dir.glob("*.svg"))} if svg_dir.is_dir() else {}
        missing = [s for s in slugs if s not in present]
        for slug in missing:
            report.fail(rel(svg_dir), slug, f"missing from set {letter}: the set is incomplete")
        for stem in sorted(set(present) - set(slugs)):
            report.fail(rel(present[stem]), stem, f"not a card of the deck, in set {letter}")
        bad = bool(missing)
        for slug in (s for s in slugs if s in present):
            path = present[slug]
            try:
                root = svgread.parse(path)
            except svgread.Unreadable as exc:
                report.fail(rel(path), slug, f"not a readable SVG ({exc})")
                bad = True
                continue
            problem = _marks_problem(root, letter, shape)
            if problem:
                report.fail(rel(path), slug, problem)
                bad = True
                continue
            body = _without_marks(root)
            kind = (slug, letter in large)  # a large-print set is held to the first large-print set
            if kind not in first:
                first[kind] = (letter, body)
            elif first[kind][1] != body:
                report.fail(rel(path), slug, f"differs from set {first[kind][0]}'s card beyond its set mark")
                bad = True
        complete += not bad
        before = len(report.violations)
        for paper in sets.inventory:
            _check_inventory(game, folder, letter, shape, paper, list(rec.deck.faces), report, rel)
        listed_ok &= len(report.violations) == before
    if complete == n:
        report.summary.append(f"{n} class sets ({', '.join(f'{a} {s}' for a, s in zip(sets.letters, sets.shapes))}): "
                              f"each complete with {plural(len(rec.deck.faces), 'face')} and "
                              f"{plural(len(rec.deck.backs), 'back')}, every one wearing its set's mark "
                              "twice, inside the safe zone")
    if sets.inventory and listed_ok:
        report.summary.append(f"inventory checklists ({', '.join(sets.inventory)}): each lists the "
                              f"{len(rec.deck.faces)} cards of its set once, a line per value with its count, wears "
                              "its mark and states the count, in its PDF too")


def _check_inventory(game: str, folder: Path, letter: str, shape: str, paper: str, slugs: list,
                     report: GameReport, rel) -> None:
    """The checklist lists every card (face) of the set once, on a line per value that
    states how many cards it holds ("12 · 4 cards"), wears the set's mark, states the
    count; its PDF is one page of the paper and says the same words."""
    faces = len(slugs)
    path = folder / f"{game}-inventory-{paper}.svg"
    if not path.exists():
        report.fail(rel(path), "inventory", f"missing: set {letter} has no inventory checklist for {paper}")
        return
    try:
        root = svgread.parse(path)
    except svgread.Unreadable as exc:
        report.fail(rel(path), "inventory", f"not a readable SVG ({exc})")
        return
    if root.get("data-kind") != "inventory" or root.get("data-set") != letter:
        report.fail(rel(path), "inventory", f"not set {letter}'s inventory (data-kind {root.get('data-kind')!r}, "
                    f"data-set {root.get('data-set')!r})")
        return
    badge = [el for el in svgread.with_attr(root, "data-set") if el is not root]
    if len(badge) != 1 or badge[0].get("data-set") != letter or badge[0].get("data-shape") != shape \
            or _text(badge[0]) != letter:
        report.fail(rel(path), "inventory", f"does not show set {letter}'s mark (the {shape} and {letter}) at the top")
    rows, listed = {}, set()
    for el in svgread.with_attr(root, "data-cards"):
        cards = (el.get("data-cards") or "").split()
        words = _text(el)
        said = re.fullmatch(r".+ · (\d+) cards?", " ".join(words.split()))
        if said is None or int(said[1]) != len(cards) or el.get("data-count") != str(len(cards)):
            report.fail(rel(path), cards[0] if cards else "inventory", f"the line {words!r} holds {len(cards)} "
                        "card(s): a line says how many cards it lists")
        for slug in cards:
            if slug in listed:
                report.fail(rel(path), slug, "listed twice on the inventory")
            listed.add(slug)
            rows[slug] = words
    for slug in slugs:
        if slug not in rows:
            report.fail(rel(path), slug, f"not listed on set {letter}'s inventory")
    for slug in rows:
        if slug not in slugs:
            report.fail(rel(path), slug, "listed on the inventory but not a card of the deck")
    count = [el for el in svgread.with_attr(root, "data-count-line")]
    count_text = _text(count[0]) if count else ""
    if len(count) != 1 or not count_text.startswith(f"{faces} cards in set {letter}"):
        report.fail(rel(path), "inventory", f"the count line reads {count_text!r}; expected "
                    f"'{faces} cards in set {letter}…'")
    pdf_path = path.with_suffix(".pdf")
    if not pdf_path.exists():
        return
    try:
        with pdfread.open_pdf(pdf_path) as pdf:
            sizes = [pdfread.page_size(p) for p in pdf.pages]
            text = pdfread.page_text(pdf, 1) if sizes else ""
    except Exception as exc:  # a damaged file shows in many ways
        report.fail(rel(pdf_path), "inventory", f"not a readable PDF ({exc})")
        return
    want = PAPERS.get(paper)
    if want is None or len(sizes) != 1 or abs(sizes[0][0] - want[0]) > 0.1 or abs(sizes[0][1] - want[1]) > 0.1:
        report.fail(rel(pdf_path), "inventory", f"pages {sizes}, expected one {paper} page")
    lines = {" ".join(line.split()) for line in text.splitlines()}
    for slug, words in rows.items():
        if " ".join(words.split()) not in lines:
            report.fail(rel(pdf_path), slug, f"the PDF does not list {words!r}")
    if count_text and " ".join(count_text.split()) not in lines:
        report.fail(rel(pdf_path), "inventory", f"the PDF does not state {count_text!r}")
