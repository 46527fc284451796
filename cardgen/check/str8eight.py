"""Check a built Str8 Eight deck against the multiplication table.

What the deck should be is derived here from the rules alone (not from the
model code that built it), then compared with what the SVG files say.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from ..words import plural
from . import readings, svgread
from .bonus import is_run, runs_by_group
from .deckfiles import check_deck_files, pdf_page_sizes
from .report import GameReport
from .safefile import Refused, guard
from .sets import deck_dirs
from .booklets import check_rules
from .teacher import check_teacher
from . import wording
from .wording import Claim

PASS_POINTS = 50  # a pass card in hand at the end of a hand
TARGETS = {2: 1000, 3: 500}  # the reference rules' targets for the 8 × 8 game: two players; three or four
HAND = 3

LONGEST_RUN = 36  # the longest sequence from a bull's-eye on the largest (12 × 12) table


def mean_winning_total(n: int, length: int) -> float:
    """What a winning sequence (length cards from a bull's-eye along right arrows) is worth
    on average over all of them, counted along the table's arrows."""
    values = sorted({r * c for r in range(1, n + 1) for c in range(1, n + 1)})
    nxt = {v: sorted({t for _, side, t in expected_arrows(v, n) if side == "right"}) for v in values}
    count = {v: 1 for v in values}
    total = {v: v for v in values}
    for _ in range(length - 1):
        count, total = ({v: sum(count[w] for w in nxt[v]) for v in values},
                        {v: sum(count[w] * v + total[w] for w in nxt[v]) for v in values})
    starts = [v for v in values if v <= n]
    return sum(total[v] for v in starts) / sum(count[v] for v in starts)


def targets(n: int, length: "int | None" = None) -> dict:
    """The targets another table's rules must print: the reference ones scaled by what a
    winning sequence is worth there (two significant figures, halves rounded up)."""
    length = length or n
    if (n, length) == (8, 8):
        return dict(TARGETS)
    import math

    def two_figures(x: float) -> int:
        step = 10 ** (math.floor(math.log10(x)) - 1) if x >= 10 else 1
        return max(10, int(math.floor(x / step + 0.5) * step))
    two = two_figures(TARGETS[2] * mean_winning_total(n, length) / mean_winning_total(8, 8))
    return {2: two, 3: two_figures(two * TARGETS[3] / TARGETS[2])}

GAME = "str8eight"


def expected_arrows(value: int, n: int) -> set:
    """(group, side, target) for a value: d | value and value/d ≤ n; left n−d, right n+d."""
    arrows = set()
    for d in range(1, n + 1):
        if value % d == 0 and value // d <= n:
            if value // d > 1:
                arrows.add((d, "left", value - d))
            if value // d < n:
                arrows.add((d, "right", value + d))
    return arrows


class _Card:
    def __init__(self, file: str, value, cell: str):
        self.file, self.value, self.cell = file, value, cell
        self.arrows: list = []  # (group, side, target, color, fill, y)
        self.shown: list = []  # per arrow: (group, side, texts drawn on it, shape name, shape drawn?)
        self.bullseyes = 0
        self.underlines = 0
        self.scaffold, self.large_print = "full", "no"  # as the card says (absent: a full, standard card)
        self.line: "float | None" = None  # the big value's line: the middle of its digits (mm)

    @property
    def label(self) -> str:
        return f"{self.value} ({self.cell})"


def check(game_dir: Path, rec, out: Path) -> GameReport:
    report = GameReport(GAME)
    n = rec.table_size
    if not isinstance(n, int) or not 2 <= n <= 12:
        report.fail("manifest.json", "-", f"table_size {n!r} for {GAME} is not a whole number from 2 to 12")
        return report
    pass_total = rec.pass_cards
    rel = lambda p: p.relative_to(out).as_posix()  # noqa: E731

    numbers, passes, backs = _read_svgs(deck_dirs(game_dir, rec)[0], n, report, rel)
    level = rec.scaffold
    _check_scaffold(numbers, level, rec.large_print, report)
    if level == "bare":  # no arrows to read: the moves come from the values and cells alone
        arrow_count, colors = _check_numbers(numbers, n, report, arrows=False, corners=1 if rec.large_print else 2)
        card_links = {(d, c.value, c.value + d) for c in numbers if isinstance(c.value, int)
                      for d, side, _t in expected_arrows(c.value, n) if side == "right"}
    else:
        arrow_count, colors = _check_numbers(numbers, n, report, corners=1 if rec.large_print else 2)
        card_links = {(g, c.value, t) for c in numbers for g, s, t, *_ in c.arrows if s == "right"}
    large_sets = tuple(getattr(getattr(rec, "sets", None), "large_print", ()) or ())
    if large_sets:  # class sets printed large beside standard ones: the first of them held to the rules too
        big, _, _ = _read_svgs(game_dir / f"set-{large_sets[0].lower()}", n, report, rel)
        _check_scaffold(big, level, True, report)
        _check_numbers(big, n, report, arrows=level != "bare", corners=1)
    _check_sequence_sheets(game_dir, rec, n, card_links, colors, report, rel)
    _check_atlas(game_dir, rec, numbers, card_links, report, rel)
    _check_passes(passes, pass_total, report)
    if len(backs) != 1:
        report.fail(f"{GAME}/svg", "-", f"{len(backs)} card backs, expected exactly 1")
    faces = n * n + pass_total
    check_deck_files(GAME, game_dir, rec, faces, 1, report, rel)
    check_rules(game_dir, rec, "Str8 Eight", report, rel, GAME)
    _check_words(game_dir, rec, n, rec.sequence_length, numbers, passes, report, rel)
    if 2 <= rec.sequence_length <= LONGEST_RUN:
        check_teacher(game_dir, rec, numbers, report, rel,
                      (lambda value: expected_arrows(value, n)) if level == "bare" else None)

    counts = Counter(c.value for c in numbers)
    values = sorted(v for v in counts if isinstance(v, int))
    report.summary[:0] = [
        f"{len(numbers)} number cards, {len(passes)} pass cards "
        f"({sum(d == 'left' for _, d in passes)} left, {sum(d == 'right' for _, d in passes)} right), "
        f"{len(backs)} back",
        *_value_table(values, counts),
        (f"{arrow_count} arrows checked against the {n}×{n} table; every link reciprocal; "
         f"{n} group colors and shapes, distinct; each edge's arrows stacked in group order on the value's line" if level != "bare" else
         f"scaffold bare: no arrows on the faces (none found); the moves, the sheet and the atlas are checked "
         f"against the {n}×{n} table from the values and cells"),
        f"scaffold {level}{', large print' if rec.large_print else ''}: every face shows what the level shows"
        + (f" (set{'s' if len(large_sets) > 1 else ''} {', '.join(large_sets)} in large print, checked too)"
           if large_sets else ""),
        f"bull's-eyes on 1–{n} only",
    ]
    return report


def _read_svgs(game_dir: Path, n: int, report: GameReport, rel):
    numbers: list[_Card] = []
    passes: list = []  # (file, direction)
    backs: list = []
    looks: dict = {"number": [], "pass": []}  # (file, head depth, corner index size) of each face
    for file, root in svgread.card_roots(GAME, game_dir, report, rel):
        kind = root.get("data-kind")
        if kind in looks:
            looks[kind].append((file, _head_depth(root), _corner_size(root, kind)))
        if root.get("data-table-size") != str(n):
            report.fail(file, "-", f"data-table-size is {root.get('data-table-size')!r}, expected '{n}'")
        bullseyes = [el for el in svgread.with_attr(root, "data-mark") if el.get("data-mark") == "bullseye"]
        if kind == "number":
            card = _Card(file, svgread.as_int(root.get("data-value")), root.get("data-cell") or "?")
            card.bullseyes = len(bullseyes)
            card.underlines = readings.underlines(root)
            card.scaffold = root.get("data-scaffold", "full")
            card.large_print = root.get("data-large-print", "no")
            card.line = _value_line(root, card.value)
            for el in svgread.with_attr(root, "data-group"):
                xy = svgread.translation(el)
                texts = ["".join(t.itertext()).strip() for t in el.iter() if svgread.local(t.tag) == "text"]
                shapes = [m for m in el.iter() if m.get("data-mark") == "group-shape"]
                card.shown.append((svgread.as_int(el.get("data-group")), el.get("data-side"), texts,
                                   el.get("data-shape"), any(m.get("d") and m.get("fill") for m in shapes)))
                card.arrows.append((svgread.as_int(el.get("data-group")), el.get("data-side"),
                                    svgread.as_int(el.get("data-target")),
                                    (el.get("data-color") or "").lower(), svgread.drawn_fill(el),
                                    None if xy is None else round(xy[1], 3)))
            numbers.append(card)
        elif kind == "pass":
            passes.append((file, root.get("data-direction")))
            if root.get("data-points") != "50":
                report.fail(file, "pass card", f"shows {root.get('data-points')!r} points, a pass card is worth 50")
            _check_pass_index(root, file, report)
        elif kind == "back":
            backs.append(file)
        else:
            report.fail(file, "-", f"data-kind is {kind!r}, expected number, pass or back")
        if kind != "number" and bullseyes:
            report.fail(file, kind or "-", "carries a bull's-eye; only number cards 1–N may")
    _check_one_family(looks, report)
    return numbers, passes, backs


def _head_depth(root) -> "float | None":
    """How deep the card's head runs from the trim: where the top band of group colors starts."""
    for el in svgread.with_attr(root, "data-mark"):
        if el.get("data-mark") == "strips":
            ys = [float(r.get("y")) for r in el if svgread.local(r.tag) == "rect" and r.get("y")]
            return min(ys) if ys else None
    return None


def _corner_size(root, kind: str) -> "float | None":
    """The corner index's font size: a number card's smallest text of its value, a pass
    card's direction letter."""
    if kind == "pass":
        texts = [t for el in svgread.with_attr(root, "data-mark") if el.get("data-mark") == "direction"
                 for t in el.iter() if svgread.local(t.tag) == "text"]
    else:
        value = root.get("data-value")
        texts = [t for t in root.iter() if svgread.local(t.tag) == "text" and "".join(t.itertext()).strip() == value]
    sizes = [float(t.get("font-size")) for t in texts if t.get("font-size")]
    return min(sizes) if sizes else None


def _check_one_family(looks: dict, report: GameReport) -> None:
    """The pass cards are drawn in the number cards' family: the same head and foot, and a
    corner index as large as theirs."""
    heads = Counter(round(h, 2) for _, h, _ in looks["number"] if h is not None)
    sizes = [size for _, _, size in looks["number"] if size is not None]
    if not heads or not sizes:
        return
    head, index = heads.most_common(1)[0][0], min(sizes)
    for file, h, size in looks["pass"]:
        if h is None or abs(h - head) > 0.05:
            report.fail(file, "pass card", f"its head and foot run {h if h is None else round(h, 1)} mm deep, the "
                        f"number cards' {head:.1f} mm: the pass cards must wear the number cards' head and foot")
        if size is None or size < index - 0.01:
            report.fail(file, "pass card", f"its corner letter is {size if size is None else round(size / 25.4 * 72, 1)} pt, "
                        f"the number cards' index {index / 25.4 * 72:.1f} pt: it must be as large")


def _value_line(root, value) -> "float | None":
    """The middle of the big value's digits: its largest text that reads as the value, from
    its baseline up half a digit's height (digits stand 0.67 to 0.73 of the font size)."""
    best = None
    for el in root.iter():
        if svgread.local(el.tag) != "text" or "".join(el.itertext()).strip() != str(value):
            continue
        try:
            size, y = float(el.get("font-size")), float(el.get("y"))
        except (TypeError, ValueError):
            continue
        if best is None or size > best[0]:
            best = (size, y - 0.36 * size)
    return None if best is None else best[1]


def _check_pass_index(root, file: str, report: GameReport) -> None:
    """Both corners name the direction, so a fanned hand (or a grayscale print) tells left
    from right: a data-mark="direction" group with the card's direction and its letter."""
    direction = root.get("data-direction") or ""
    marks = [el for el in svgread.with_attr(root, "data-mark") if el.get("data-mark") == "direction"]
    letters = ["".join("".join(t.itertext()) for t in el.iter() if t.tag.endswith("text")).strip() for el in marks]
    if len(marks) != 2 or any(el.get("data-direction") != direction for el in marks) or any(
            letter != direction[:1].upper() for letter in letters):
        shown = ", ".join(f"{el.get('data-direction')} {letter!r}" for el, letter in zip(marks, letters)) or "none"
        report.fail(file, "pass card", f"corner indices show {shown}; expected two showing {direction} "
                    f"{direction[:1].upper()!r}")


def _check_scaffold(numbers: list, level: str, large_print: bool, report: GameReport) -> None:
    """Each face shows what the recorded level shows. full: every arrow its target's number;
    colors: no arrow number, but every arrow its "×d" label; bare: no arrow at all. At every
    level with arrows, each arrow carries its group's shape, one shape per group, no two
    groups alike."""
    want_lp = "yes" if large_print else "no"
    shapes: dict = defaultdict(set)
    for card in numbers:
        if card.scaffold != level or card.large_print != want_lp:
            report.fail(card.file, card.label, f"card says scaffold {card.scaffold!r}, large print "
                        f"{card.large_print!r}; the build recorded {level!r}, {want_lp!r}")
        if level == "bare" and card.shown:
            report.fail(card.file, card.label, f"{len(card.shown)} arrow(s) on a bare card: bare faces show the "
                        "number and its cell only")
            continue
        for (g, side, texts, shape, drawn), (_g, _s, target, *_) in zip(card.shown, card.arrows):
            numbers_shown = [t for t in texts if t.isdigit()]
            if level == "colors" and numbers_shown:
                report.fail(card.file, card.label, f"group {g} {side} arrow shows the number {numbers_shown[0]}: "
                            "colors cards leave the arrows' numbers out")
            if level == "full" and str(target) not in numbers_shown:
                report.fail(card.file, card.label, f"group {g} {side} arrow does not show its number {target}")
            if level == "colors" and f"×{g}" not in texts:
                report.fail(card.file, card.label, f"group {g} {side} arrow has no “×{g}” label: colors cards "
                            "keep each arrow's group label")
            if not shape or not drawn:
                report.fail(card.file, card.label, f"group {g} {side} arrow carries no group shape")
            else:
                shapes[g].add(shape)
    for g in sorted(shapes, key=str):
        if len(shapes[g]) > 1:
            report.fail(f"{GAME}/svg", "-", f"group {g} is drawn with {len(shapes[g])} shapes: "
                        f"{', '.join(sorted(shapes[g]))}")
    owners = defaultdict(set)
    for g, names in shapes.items():
        for name in names:
            owners[name].add(g)
    for name, groups in sorted(owners.items()):
        if len(groups) > 1:
            report.fail(f"{GAME}/svg", "-", f"groups {', '.join(map(str, sorted(groups, key=str)))} share the "
                        f"shape {name}")


STACK_TOLERANCE_MM = 0.8  # how far a stack's middle may stand from the value's line


def _check_stacks(card: _Card, report: GameReport) -> None:
    """Each edge's tags form one block balanced on the value's line: in group order from
    the top, evenly spaced, their middle on the line (within STACK_TOLERANCE_MM)."""
    for side in ("left", "right"):
        tags = sorted((y, g) for g, s, _t, _c, _f, y in card.arrows if s == side and y is not None
                      and isinstance(g, int))
        if not tags:
            continue
        groups = [g for _, g in tags]
        if groups != sorted(groups):
            report.fail(card.file, card.label, f"{side} arrows stand in the order {', '.join(f'×{g}' for g in groups)} "
                        "from the top; each edge stacks its arrows in group order")
        gaps = [b - a for (a, _), (b, _) in zip(tags, tags[1:])]
        if gaps and max(gaps) - min(gaps) > 0.05:
            report.fail(card.file, card.label, f"{side} arrows are spaced {', '.join(f'{g:.1f}' for g in gaps)} mm "
                        "apart; a stack is evenly spaced")
        middle = (tags[0][0] + tags[-1][0]) / 2
        if card.line is not None and abs(middle - card.line) > STACK_TOLERANCE_MM:
            report.fail(card.file, card.label, f"the {side} arrows' stack is centred {middle - card.line:+.1f} mm off "
                        "the value's line; each edge's stack balances on it")


def _check_numbers(numbers: list, n: int, report: GameReport, arrows: bool = True, corners: int = 2) -> int:
    table = Counter(r * c for r in range(1, n + 1) for c in range(1, n + 1))
    if len(numbers) != n * n:
        report.fail(f"{GAME}/svg", "-", f"{len(numbers)} number cards, expected {n * n}")

    cells: dict = defaultdict(list)
    for card in numbers:
        if card.value is None:
            report.fail(card.file, card.label, "data-value is missing or not a number")
            continue
        try:
            r, c = (int(x) for x in card.cell.split("x"))
        except ValueError:
            report.fail(card.file, card.label, f"data-cell {card.cell!r} is not of the form RxC")
            continue
        if not (1 <= r <= n and 1 <= c <= n):
            report.fail(card.file, card.label, f"cell {card.cell} lies outside the {n}×{n} table")
        elif r * c != card.value:
            report.fail(card.file, card.label, f"value {card.value} but cell {r}×{c} is {r * c}")
        cells[(r, c)].append(card)
    for (r, c), cards in sorted(cells.items()):
        if len(cards) > 1:
            report.fail(cards[1].file, cards[1].label, f"cell {r}x{c} appears {len(cards)} times")
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            if (r, c) not in cells:
                report.fail(f"{GAME}/svg", f"{r * c} ({r}x{c})", "no card for this cell")

    for card in numbers:
        if card.value is not None:
            want = 1 + corners if readings.ambiguous(card.value) else 0
            if card.underlines != want:
                report.fail(card.file, card.label, f"{card.underlines} underline(s), expected {want}: "
                            + (f"{card.value} reads as another value upside down: underline the big number "
                               f"and {'both corner indices' if corners == 2 else 'the corner index'}" if want
                               else "only values that read as another "
                               "value upside down are underlined"))
    counts = Counter(card.value for card in numbers if card.value is not None)
    for value in sorted(set(table) | set(counts)):
        if counts[value] != table[value]:
            report.fail(f"{GAME}/svg", str(value), f"{counts[value]} cards of value {value}, the table has {table[value]}")

    colors: dict = defaultdict(set)
    arrows_by_value: dict = defaultdict(list)  # value -> list of (card, arrow set)
    total = 0
    for card in numbers:
        if card.value is None:
            continue
        seen = Counter((g, s) for g, s, *_ in card.arrows)
        for (g, s), k in seen.items():
            if k > 1:
                report.fail(card.file, card.label, f"{k} {s} arrows for group {g}, expected one")
        for g, s, t, color, fill, y in card.arrows:
            total += 1
            if g is None or s not in ("left", "right") or t is None:
                report.fail(card.file, card.label, f"arrow with unreadable group/side/target ({g}, {s}, {t})")
                continue
            if not color.startswith("#") or len(color) != 7:
                report.fail(card.file, card.label, f"group {g} {s} arrow: data-color {color!r} is not #rrggbb")
            elif fill != color:
                report.fail(card.file, card.label, f"group {g} {s} arrow is drawn in {fill}, but data-color says {color}")
            colors[g].add(color)
        _check_stacks(card, report)
        have = {(g, s, t) for g, s, t, *_ in card.arrows}
        want = expected_arrows(card.value, n) if arrows else set()
        for g, s, t in sorted(want - have, key=str):
            report.fail(card.file, card.label, f"missing {s} arrow of group {g} to {t}")
        for g, s, t in sorted(have - want, key=str):
            report.fail(card.file, card.label, f"unexpected {s} arrow of group {g} to {t}")
        bull = 1 <= card.value <= n
        if card.bullseyes != (1 if bull else 0):
            report.fail(card.file, card.label,
                        f"{card.bullseyes} bull's-eyes; expected {'one' if bull else 'none'} "
                        f"(only 1–{n} may start a sequence)")
        if arrows:
            arrows_by_value[card.value].append((card, have))

    for g in sorted(colors):
        if len(colors[g]) > 1:
            report.fail(f"{GAME}/svg", "-", f"group {g} is drawn in {len(colors[g])} colors: {', '.join(sorted(colors[g]))}")
    owners = defaultdict(list)
    for g, cs in colors.items():
        for color in cs:
            owners[color].append(g)
    for color, groups in sorted(owners.items()):
        if len(set(groups)) > 1:
            report.fail(f"{GAME}/svg", "-", f"groups {', '.join(map(str, sorted(set(groups))))} share the color {color}")

    # reciprocity: right arrow of group d on n to m <=> left arrow of group d on m back to n
    for value, entries in sorted(arrows_by_value.items()):
        for card, have in entries:
            for g, s, t in sorted(have, key=str):
                back = "left" if s == "right" else "right"
                partners = arrows_by_value.get(t, [])
                if not partners:
                    report.fail(card.file, card.label, f"{s} arrow of group {g} points to {t}, but no card has that value")
                    continue
                for other, other_have in partners:
                    if (g, back, value) not in other_have:
                        report.fail(card.file, card.label,
                                    f"{s} arrow of group {g} to {t} is not returned: {other.label} "
                                    f"has no {back} arrow of group {g} to {value}")
    return total, colors


def _check_sequence_sheets(game_dir: Path, rec, n: int, card_links: set, colors: dict,
                           report: GameReport, rel) -> None:
    """The sheet lists every table entry once in its group's row, links each to the next
    multiple exactly as the cards' right arrows do, and counts copies and followers right."""
    info = rec.sequence_sheet
    if info is None:
        return
    table = Counter(r * c for r in range(1, n + 1) for c in range(1, n + 1))
    want_entries = {(d * k, d) for d in range(1, n + 1) for k in range(1, n + 1)}
    want_links = {(d, d * k, d * (k + 1)) for d in range(1, n + 1) for k in range(1, n)}
    want_follow = {v: sum(table[t] for t in {t for g, s, t in expected_arrows(v, n) if s == "right"})
                   for v in table}
    if card_links != want_links:
        report.fail(f"{GAME}/svg", "-", "the cards' right arrows differ from the table; the sheet is compared with both")
    for name in info.papers:
        path = game_dir / f"sequence-sheet-{name}.svg"
        file = rel(path)
        if not path.exists():
            report.fail(file, "sequence sheet", "missing")
            continue
        try:
            root = svgread.parse(path)
        except svgread.Unreadable as exc:
            report.fail(file, "sequence sheet", f"not a readable SVG ({exc})")
            continue
        if (root.get("data-game"), root.get("data-kind")) != (GAME, "sequence-sheet"):
            report.fail(file, "sequence sheet", f"root says game {root.get('data-game')!r}, kind {root.get('data-kind')!r}")
        keys = [(el.get("data-scaffold"), "".join(el.itertext())) for el in svgread.with_attr(root, "data-mark")
                if el.get("data-mark") == "answer-key"]
        if root.get("data-scaffold") != rec.scaffold or len(keys) != 1 or keys[0][0] != rec.scaffold \
                or f"{rec.scaffold} cards" not in keys[0][1].lower():
            report.fail(file, "answer key", f"labelled {keys[0][1] if keys else 'nothing'!r} (scaffold "
                        f"{root.get('data-scaffold')!r}); the cards are {rec.scaffold!r}: the sheet must be "
                        f"the answer key of {rec.scaffold} cards")
        entries, links, follow, copies = Counter(), Counter(), {}, {}
        for el in root.iter():
            a = el.attrib
            value = svgread.as_int(a.get("data-value"))
            if "data-from" in a:
                links[(svgread.as_int(a.get("data-group")), svgread.as_int(a["data-from"]),
                       svgread.as_int(a.get("data-to")))] += 1
            elif "data-group" in a and "data-value" in a:
                group = svgread.as_int(a["data-group"])
                entries[(value, group)] += 1
                color = (a.get("data-color") or "").lower()
                if colors.get(group) and color not in colors[group]:
                    report.fail(file, f"entry {value}", f"drawn in {color}, the cards draw group {group} in "
                                f"{', '.join(sorted(colors[group]))}")
            elif "data-follow-count" in a:
                follow[value] = svgread.as_int(a["data-follow-count"])
            elif "data-copies" in a:
                copies[value] = svgread.as_int(a["data-copies"])
        for (v, d) in sorted(want_entries - set(entries)):
            report.fail(file, f"entry {v}", f"missing from row ×{d}")
        for (v, d), k in sorted(entries.items(), key=str):
            if (v, d) not in want_entries:
                report.fail(file, f"entry {v}", f"in row ×{d}, but {v} is not in that group of the {n}×{n} table")
            elif k > 1:
                report.fail(file, f"entry {v}", f"listed {k} times in row ×{d}")
        for d, a, b in sorted(want_links - set(links), key=str):
            report.fail(file, f"link {a}→{b}", f"missing from row ×{d} (the cards' right arrow)")
        for (d, a, b), k in sorted(links.items(), key=str):
            if (d, a, b) not in want_links:
                report.fail(file, f"link {a}→{b}", f"row ×{d} links {a} to {b}; no card has that right arrow")
            elif k > 1:
                report.fail(file, f"link {a}→{b}", f"drawn {k} times")
        for v in sorted(table):
            if follow.get(v) != want_follow[v]:
                report.fail(file, f"value {v}", f"follow count {follow.get(v)}, the deck has {want_follow[v]} cards that may follow")
            if copies.get(v) != table[v]:
                report.fail(file, f"value {v}", f"copies {copies.get(v)}, the deck has {table[v]}")
        turned = _turned_numbers(root)
        for text, angle in turned[:3]:
            report.fail(file, f"number {text}", f"turned {angle:g}° from upright: every number on the sheet "
                        "must stand upright to be read")
        if len(turned) > 3:
            report.fail(file, "-", f"and {len(turned) - 3} more numbers turned from upright")
        pdf = path.with_suffix(".pdf")
        if pdf.exists():
            sizes = pdf_page_sizes(pdf, report, rel)
            if sizes is not None and len(sizes) != 1:
                report.fail(rel(pdf), "-", f"{plural(len(sizes), 'page')}, expected 1")
        if not any(v.file == file for v in report.violations):
            report.summary.append(f"{path.name}: {len(entries)} entries, {len(links)} links, "
                                  f"follow counts for {len(follow)} values, all match the cards and the table")


def _turned_numbers(root) -> list:
    """(text, angle) of each number on a sheet that does not stand upright: its transforms,
    its own and its groups', turn it (a quarter turn reads sideways, half a turn upside down)."""
    import math

    from .legibility import _mul, _svg_transform

    out = []

    def walk(el, m):
        m = _mul(_svg_transform(el.get("transform")), m)
        if svgread.local(el.tag) == "text":
            text = "".join(el.itertext()).strip()
            angle = round(math.degrees(math.atan2(m[1], m[0]))) % 360
            if text.isdigit() and angle:
                out.append((text, angle))
            return
        for child in el:
            walk(child, m)

    walk(root, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return out


MIN_FINISHED = 0.5  # trial hands: fewer finishing than this means the variant rarely makes a game


def count_sequences(copies: dict, links: set, n: int, length: int) -> dict:
    """The atlas recounted from the cards alone: winning sequences of `length` values from a
    bull's-eye (1..n) along the cards' right arrows, with and without copies, from each
    bull's-eye, through each value and with it at each position, and the one-color runs
    (bonus.py: one group climbed one multiple at a time), in all and group by group; the
    longest sequence the arrows allow. Every field of the atlas file, the trial aside."""
    follow: dict = defaultdict(set)
    for _group, a, b in links:
        if a in copies and b in copies:
            follow[a].add(b)
    values = sorted(copies)
    starts = [v for v in values if v <= n]
    tail = {v: 1 for v in values}  # sequences of k values starting at v, for growing k
    ctail = {v: copies[v] for v in values}
    tails, ctails = [dict(tail)], [dict(ctail)]
    for _ in range(length - 1):
        tail = {v: sum(tail[w] for w in follow[v]) for v in values}
        ctail = {v: copies[v] * sum(ctail[w] for w in follow[v]) for v in values}
        tails.append(tail)
        ctails.append(ctail)
    head = {(v, 1): int(v in starts) for v in values}  # sequences from a bull's-eye reaching v at position j
    for j in range(1, length):
        for v in values:
            head[(v, j + 1)] = sum(head[(u, j)] for u in values if v in follow[u])
    through = {v: sum(head[(v, j)] * tails[length - j][v] for j in range(1, length + 1)) for v in values}
    runs = runs_by_group({(d, a, b) for d, a, b in links if a in copies and b in copies}, n, length)
    longest: dict = {}
    for v in reversed(values):  # values only climb along the arrows
        longest[v] = 1 + max((longest[w] for w in follow[v] if w in longest), default=0)
    return {"table_size": n, "sequence_length": length,
            "value_sequences": sum(tails[length - 1][v] for v in starts),
            "card_sequences": sum(ctails[length - 1][v] for v in starts), "through": through,
            "bonus_runs": sum(runs.values()), "bonus_runs_by_group": runs,
            "longest_possible": max((longest[v] for v in starts), default=0),
            "starts": {v: tails[length - 1][v] for v in starts},
            "positions": {v: [head[(v, j)] * tails[length - j][v] for j in range(1, length + 1)] for v in values},
            "copies": dict(sorted(copies.items()))}


def _check_atlas(game_dir: Path, rec, numbers: list, card_links: set, report: GameReport, rel) -> None:
    """The atlas file and posters against a count made here from the cards; and whether
    the variant can make a game at all (from the cards alone when the atlas was not built)."""
    import json

    n, length = rec.table_size, rec.sequence_length
    if not 2 <= length <= LONGEST_RUN:
        report.fail("manifest.json", "-", f"sequence_length {length} is not from 2 to {LONGEST_RUN}")
        return
    copies = Counter(c.value for c in numbers if isinstance(c.value, int))
    want = count_sequences(dict(copies), card_links, n, length)
    if rec.atlas is None:  # not built (--only without sheet): the cards alone still tell
        if not want["value_sequences"]:
            report.fail(f"{GAME}/svg", "playability", f"no winning sequence of {length} cards exists in the {n} × "
                        f"{n} table: this variant cannot make a game (lower the sequence length or raise the "
                        "table size)")
        return
    path = game_dir / rec.atlas.file
    file = rel(path)
    try:
        data = json.loads(guard(path, 1 << 20).read_text(encoding="utf-8"))  # lstat first: a link to
    except (Refused, OSError, ValueError, RecursionError):  # /dev/zero reports 0 bytes and never ends
        data = None
    readable = isinstance(data, dict)
    if not readable:  # one line: the counts below cannot be read from it
        report.fail(file, "atlas", "missing, too large or not a JSON object")
        data = {}
    if readable:
        _compare_atlas(data, want, file, report)
    for name in rec.atlas.papers:
        svg = game_dir / f"str8eight-atlas-{name}.svg"
        try:
            root = svgread.parse(svg)
        except (svgread.Unreadable, OSError) as exc:
            report.fail(rel(svg), "atlas poster", f"missing or unreadable ({exc})")
            continue
        shown = {a: svgread.as_int(root.get(f"data-{a.replace('_', '-')}"))
                 for a in ("value_sequences", "card_sequences", "bonus_runs")}
        for key, got in shown.items():
            if got != want[key]:
                report.fail(rel(svg), "atlas poster", f"shows {got} {key.replace('_', ' ')}, the cards make {want[key]}")
        rows = {svgread.as_int(el.get("data-value")): svgread.as_int(el.get("data-through"))
                for el in svgread.with_attr(root, "data-through")}
        if rows != want["through"]:
            bad = next((v for v in sorted(want["through"]) if rows.get(v) != want["through"][v]), None)
            report.fail(rel(svg), "atlas poster", f"the rows differ from the cards' count (first: value {bad})")
    # can the variant make a game?
    if not want["value_sequences"]:
        report.fail(file, "playability", f"no winning sequence of {length} cards exists in the {n} × {n} table: "
                    "this variant cannot make a game (lower the sequence length or raise the table size)")
    trial = data.get("trial") if isinstance(data.get("trial"), dict) else {}
    hands, finished = trial.get("hands"), trial.get("finished")
    if isinstance(hands, int) and isinstance(finished, int) and hands > 0 and finished < MIN_FINISHED * hands:
        report.fail(file, "playability", f"only {finished} of {hands} trial hands finished: this variant rarely "
                    "makes a game (lower the sequence length or raise the table size)")
    elif want["value_sequences"] and not hands and readable:
        report.fail(file, "playability", "no trial hands recorded")
    report.summary.append(f"atlas: {want['value_sequences']} winning sequences of {length} "
                          f"({want['card_sequences']} counting copies, {want['bonus_runs']} one-color runs), "
                          f"recounted from the cards; trial hands {finished}/{hands} finished")


ATLAS_TABLES = {  # the atlas's fields that hold a figure per value (or per group): what one says
    "through": ("value", "winning sequences through it"),
    "starts": ("value", "winning sequences starting on it"),
    "positions": ("value", "winning sequences with it at positions 1, 2, …"),
    "copies": ("value", "cards of it"),
    "bonus_runs_by_group": ("group ×", "one-color bonus runs in it"),
}


def _compare_atlas(data: dict, want: dict, file: str, report: GameReport) -> None:
    """Every field the atlas file holds against the count made here: a line for each field
    that differs (a table's first value that differs, and how many more do); one line for
    the fields it lacks and one for those cardgen never writes."""
    known = set(want) | {"trial"}
    missing = [key for key in want if key not in data] + (["trial"] if "trial" not in data else [])
    if missing:
        report.fail(file, "atlas", f"lacks {', '.join(missing[:6])}" + (f" and {len(missing) - 6} more fields"
                                                                       if len(missing) > 6 else ""))
    extra = sorted(str(key) for key in data if key not in known)
    if extra:
        report.fail(file, "atlas", f"holds {_short(extra[0])[1:-1]}" + (f" and {len(extra) - 1} more fields"
                                                                       if len(extra) > 1 else "")
                    + ", which cardgen does not write")
    for key, expected in want.items():
        if key not in data:
            continue
        got = data[key]
        if key not in ATLAS_TABLES:
            if got != expected or isinstance(got, bool):
                report.fail(file, "atlas", f"{key.replace('_', ' ')} {_short(got)}, the cards make {expected}")
            continue
        label, what = ATLAS_TABLES[key]
        table = got if isinstance(got, dict) else {}
        wrong = [(v, k) for v, k in sorted(expected.items()) if table.get(str(v)) != k]
        wrong += [(v, None) for v in sorted(set(table) - {str(v) for v in expected})]  # keys no card makes
        if not isinstance(got, dict) or wrong:  # a line for the first, a count for the rest
            (v, k), more = (wrong[0] if wrong else (None, None)), max(0, len(wrong) - 1)
            noun = label.split()[0]
            where = f"{label.replace(' ×', '')} ×{v}" if label.endswith("×") else f"{label} {_short(v)}"
            said = f"{_short(table.get(str(v)))} {what}" if wrong else f"{key} is {_short(got)}"
            make = f"the cards make {k}" if k is not None else f"the cards have no such {noun}"
            report.fail(file, where if wrong else "atlas", f"{said}, {make}" +
                        (f" (and {more} more {noun}s differ)" if more else ""))
    trial = data.get("trial")
    if "trial" in data and not (isinstance(trial, dict) and set(trial) == {"players", "hands", "finished"} and all(
            isinstance(trial[k], int) and not isinstance(trial[k], bool) for k in trial)
            and 1 <= trial["players"] <= 12 and 0 <= trial["finished"] <= trial["hands"] <= 100_000):
        report.fail(file, "atlas", f"trial {_short(trial)} is not a count of trial hands (players, hands, finished)")


def _short(value) -> str:
    """A value read from a file, shown in a violation line: never a page of it."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_passes(passes: list, total: int, report: GameReport) -> None:
    for file, direction in passes:
        if direction not in ("left", "right"):
            report.fail(file, "pass card", f"data-direction {direction!r}, expected left or right")
    for side in ("left", "right"):
        k = sum(d == side for _, d in passes)
        if k != total // 2:
            report.fail(f"{GAME}/svg", "-", f"{k} pass-{side} cards, expected {total // 2}")


WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen twenty").split()
ORDINALS = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
            "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth").split()


def _check_words(game_dir: Path, rec, n: int, length: int, numbers: list, passes: list, report: GameReport,
                 rel) -> None:
    """The booklet, aid and pad state the counts of the cards in this folder: number and
    pass cards, the copies of each value, the bull's-eyes, the pass card's cost, and the
    reference targets (the 3–4 player one only when the deck deals three hands)."""
    counts = Counter(c.value for c in numbers if c.value is not None)
    cards, pass_total = len(numbers), len(passes)
    seats_three = (cards + pass_total - 1) // HAND >= 3
    want = targets(n, length)
    said = WORDS[length] if length < len(WORDS) else f"{length:,}"
    nth = ORDINALS[length] if length < len(ORDINALS) else f"{length}th"
    word = lambda k: WORDS[k] if k < len(WORDS) else f"{k:,}"  # noqa: E731 - counts the booklet spells out
    booklet = [
        Claim("the number cards", r"There are ([\d,]+) number cards, one for every cell of the (\d+) × (\d+) table",
              (cards, n, n)),
        Claim("the different values", r"the deck holds (\d+) different values", (len(counts),)),
        Claim("the bull's-eye cards", r"The cards 1 through (\d+) carry a bull’s-eye", (n,)),
        Claim("the scaffold level", r"These cards are printed at the (\w+) level", (rec.scaffold,)),
        Claim("the sequence length", r"The hand ends the moment someone places the (\w+) card", (nth,)),
        Claim("the two-player target", r"Two players: the first to reach ([\d,]+) points", (want[2],)),
        Claim("the three- or four-player target", r"Three or four players: the first to reach ([\d,]+) points",
              (want[3],) if seats_three else None),
        # the quick start: the same numbers, said on its one page
        Claim("the quick start's deck", r"You need .{3,40}? and the ([\d,]+) cards of this deck",
              (cards + pass_total,)),
        Claim("the quick start's deal", r"deal (\d+) cards face down to each player and stack", (HAND,)),
        Claim("the quick start's bull's-eyes", r"Your sequence starts with a bull’s-eye card, 1 to (\d+)", (n,)),
        Claim("the quick start's sequence length", r"Lay the (\w+) card of your sequence", (nth,)),
        Claim("the quick start's two-player target", r"The first to ([\d,]+) points wins a two-player game",
              (want[2],)),
        Claim("the quick start's three- or four-player target", r"the first to ([\d,]+) a game of three or four",
              (want[3],) if seats_three else None)]
    booklet += _level_claims(rec.scaffold, rec.large_print)
    aid = [Claim("the bull's-eye cards", r"Start with a bull’s-eye card, 1–(\d+)", (n,)),
           Claim("the sequence length", r"The hand ends when someone lays their (\w+) card", (nth,)),
           Claim("the two-player target", r"2 players: ([\d,]+) points", (want[2],)),
           Claim("the three- or four-player target", r"3(?: or 4)? players: ([\d,]+) points",
                 (want[3],) if seats_three else None)]
    pad = [Claim("the two-player target", r"First to ([\d,]+) points wins a two-player game", (want[2],)),
           Claim("the sequence length", r"the winner scores their (\w+) cards", (said,)),
           Claim("the three- or four-player target", r"first to ([\d,]+) with 3", (want[3],) if seats_three else None)]
    if pass_total:
        points = PASS_POINTS
        booklet += [Claim("the pass cards", r"There are also (\w+) pass cards: (\w+) pass(?:es)? left and (\w+) pass(?:es)? right",
                          (word(pass_total), word(pass_total // 2), word(pass_total // 2))),
                    Claim("the cards shuffled together", r"Shuffle all (\d+) cards together", (cards + pass_total,)),
                    Claim("a pass card's cost", r"A pass card in hand counts (\d+)", (points,))]
        aid += [Claim("a pass card's cost", r"Pass card in hand (\d+) against you", (points,)),
                Claim("the pass cards", r"(\d+) in the deck: (\d+) left, (\d+) right",
                      (pass_total, pass_total // 2, pass_total // 2))]
        pad.append(Claim("a pass card's cost", r"a pass card in hand costs (\d+)", (points,)))
    else:
        booklet += [Claim("pass cards", r"also (\w+) pass cards?:", None),
                    Claim("the cards shuffled", r"Shuffle all (\d+) number cards", (cards,))]
        aid += [Claim("pass cards", r"Pass card in hand (\d+)", None),
                Claim("pass cards", r"(\d+) in the deck: (\d+) left", None)]
        pad.append(Claim("pass cards", r"a pass card in hand costs (\d+)", None))

    def tables(text: str, path: Path) -> None:
        copies(text, path)
        _check_bonus_words(text, rel(path), n, length, report)

    def copies(text: str, path: Path) -> None:
        pairs = wording.number_pairs(text, "Value Copies")
        stated = dict(pairs or [])
        if not pairs or len(stated) != len(pairs):
            report.fail(rel(path), "booklet", "has no readable Value / Copies table")
        elif stated != dict(counts):
            wrong = sorted(v for v in set(stated) | set(counts) if stated.get(v) != counts.get(v))
            report.fail(rel(path), "booklet", f"copies table differs from the cards at value(s) "
                        f"{', '.join(map(str, wrong[:8]))}: it says "
                        f"{', '.join(f'{v}: {stated.get(v, 0)}' for v in wrong[:8])}; the cards are "
                        f"{', '.join(f'{v}: {counts.get(v, 0)}' for v in wrong[:8])}")
    wording.check_all(game_dir, rec, report, rel, booklet, aid, pad,
                      ("Quick start", "What is in the box", "Setup", "Building a sequence", "Scoring",
                       "Winning the game", "FAQ"), tables)


def _level_claims(level: str, large_print: bool = False) -> list:
    """What the booklet says of the faces must be what faces of this level show: a "?"
    only at the colors level (in large print, the “×d” label set large instead); at the
    bare level no arrow to read and no arrows that name each other, the move told as the
    next multiple instead."""
    claims = [Claim("the colors level's “?”", r"a “(\?)” stands where an arrow’s number would be",
                    ("?",) if level == "colors" and not large_print else None),
              Claim("the large colors level's labels", r"each arrow’s “×d” label, (set large), takes the place",
                    ("set large",) if level == "colors" and large_print else None),
              Claim("every arrow's number", r"(every arrow with its number)",
                    ("every arrow with its number",) if level == "full" else None)]
    if level == "bare":
        claims += [Claim("the bare level's faces", r"a card shows its number and its (cell), and no arrows", ("cell",)),
                   Claim("the bare level's moves", r"Each card after it must be the (next multiple) in one of its groups",
                         ("next multiple",)),
                   Claim("arrows on the bare cards", r"(right arrows? of (?:your|the) last card)", None),
                   Claim("arrows on the bare cards", r"(name each other)", None),
                   Claim("arrows on the bare cards", r"(Read the right side of your last card)", None)]
    return claims


RUN_SAID = re.compile(r"Winning with a [^,]{3,20}, such as ([\d, …]+), you also collect")


def _run_values(said: str) -> list:
    """The numbers of a printed run; "1, 2, 3, …, 36" (a long run, shortened) as the whole
    arithmetic run it stands for."""
    parts = [p for p in said.replace(",", " ").split() if p]
    if "…" in parts and len(parts) == 5 and all(p.isdigit() for i, p in enumerate(parts) if i != 3):
        a, b, c, _, z = (int(p) if p.isdigit() else 0 for p in parts)
        step = b - a
        if step > 0 and c - b == step and (z - a) % step == 0:
            return list(range(a, z + 1, step))
        return [a, b, c, z]
    return [int(p) for p in parts if p.isdigit()]
MISS_SAID = re.compile(r"does not count: ([\d, ]+) is a legal winning sequence")


def _check_bonus_words(text: str, file: str, n: int, length: int, report: GameReport) -> None:
    """The booklet's one-color bonus: its example is a run of length cards (bonus.py), and the
    sequence it shows as a gap is a legal winning sequence that is not one; no bonus is
    described when the table has no run that long."""
    said = RUN_SAID.search(text)
    if length > n:
        if said:
            report.fail(file, "booklet", f"describes a one-color bonus, but no group of the {n} × {n} table "
                        f"holds {length} cards")
        return
    values = _run_values(said.group(1)) if said else []
    if not said or len(values) != length or not is_run(values, n):
        report.fail(file, "booklet", f"the one-color bonus example {values or 'is missing'}: not {length} "
                    "consecutive multiples of one group from a bull's-eye")
    miss = MISS_SAID.search(text)
    if miss:
        values = [int(v) for v in miss.group(1).replace(",", " ").split()]
        legal = bool(values) and 1 <= values[0] <= n and all(
            (b - a, "right", b) in expected_arrows(a, n) for a, b in zip(values, values[1:]))
        if len(values) != length or not legal or is_run(values, n):
            report.fail(file, "booklet", f"the sequence {values} shown as missing the bonus is not a legal "
                        f"winning sequence of {length} that skips a multiple")


def _value_table(values: list, counts: Counter) -> list[str]:
    lines = []
    for start in range(0, len(values), 15):
        chunk = values[start:start + 15]
        lines.append("value  " + " ".join(f"{v:>3}" for v in chunk))
        lines.append("cards  " + " ".join(f"{counts[v]:>3}" for v in chunk))
    return lines
