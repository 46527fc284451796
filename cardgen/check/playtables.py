"""What a sweep's and a tune's pages state, held to their JSON, read from the files alone.

A sweep's page (playtest/<game>-sweep.html) holds one row per variant of its JSON: each
row's variant values, then its figures (hands finished, median turns, seat 1's wins, the
bonus, reshuffles, impasses, the skill check, the winning sequences), as the page prints
them (a rate as 12.3%, a count as it is, a missing figure as –), under the columns that
name them. A tune's page (playtest/str8eight-tune.html) states its JSON's counts (variants
judged, stopped early, missed, meeting, hands played) and one row per ranked variant: its
rank, table, pass cards, sequence, players, hands, the seats' lowest and highest win rates
against a fair share, the median turns and the bonus with their intervals, hands finished
and the verdict. A forged figure, row or variant on a page is caught; so is a JSON that is
not a report cardgen wrote. The checker's own statement of the pages, not the writer's code.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from .report import GameReport
from .safefile import Refused, guard

MAX_BYTES = 64 << 20
SWEEP_FIGURES = (("finished", "finished"), ("turns", "turns (median)"), ("seat1", "seat 1 wins"),
                 ("bonus", "bonus / win"), ("reshuffle", "reshuffled"), ("impasse", "impasse"),
                 ("skill", "greedy beats random"), ("sequences", "winning sequences"))
TUNE_COLUMNS = ["rank", "table", "pass cards", "sequence", "players", "hands",
                "seat wins, lowest–highest (fair share)", "median turns (interval)", "bonus a win (interval)",
                "finished", "verdict"]
MAX_LINES = 6  # violation lines a page at most


class _Tables(HTMLParser):
    """Each section's table rows (a row: its cells' texts) and the "In numbers" rows."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows: dict = {}  # section -> [[cell text, …], …]
        self.heads: dict = {}  # section -> [column names]
        self._section, self._row, self._cell = "", None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section":
            self._section = a.get("aria-labelledby") or ""
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = ""
            self._row.append([tag, a.get("scope"), ""])

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._row:
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._row and all(c[0] == "th" and c[1] == "col" for c in self._row):
                self.heads[self._section] = [c[2] for c in self._row]
            else:
                self.rows.setdefault(self._section, []).append([c[2] for c in self._row])
            self._row = None

    def handle_data(self, data):
        if self._cell is not None and self._row:
            self._row[-1][2] += data


def _read(out: Path, rel: str) -> "_Tables | None":
    try:
        text = guard(out / rel, MAX_BYTES).read_text(encoding="utf-8")
    except (Refused, OSError, UnicodeDecodeError):
        return None
    tables = _Tables()
    tables.feed(text)
    tables.close()
    return tables


def _cell(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.1%}" if value <= 1 else f"{value:g}"
    return str(value)


GROUPED = re.compile(r"(?<![\d,.])\d{1,3}(?:,\d{3})+(?![\d,])")  # 7,123,296: only as thousands group


def _plain(text: str) -> str:
    """A page's cell as its JSON states it: white space folded, thousands separators read
    (only where they group by three, so '7,12' stays what it is)."""
    return GROUPED.sub(lambda m: m.group().replace(",", ""), " ".join(text.split()))


def _compare(page: str, label: str, said: list, want: list, report: GameReport, lines: list) -> None:
    if len(said) != len(want):
        lines.append((page, label, f"shows {len(said)} rows; its JSON holds {len(want)}"))
        return
    for i, (got, expected) in enumerate(zip(said, want), 1):
        got = [_plain(c) for c in got]
        expected = [" ".join(str(c).split()) for c in expected]
        if got != expected:
            k = next((j for j, (g, e) in enumerate(zip(got, expected)) if g != e), min(len(got), len(expected)))
            lines.append((page, f"row {i}", f"{label}: states {(got[k] if k < len(got) else 'nothing')[:60]!r} "
                          f"where its JSON gives {(expected[k] if k < len(expected) else 'nothing')[:60]!r}"))


def _report(lines: list, report: GameReport) -> None:
    for page, where, problem in lines[:MAX_LINES]:
        report.fail(page, where, problem)
    if len(lines) > MAX_LINES:
        report.fail(lines[0][0], "-", f"and {len(lines) - MAX_LINES} more rows that differ from its JSON")


def check_sweep_page(out: Path, page: str, rows: list, report: GameReport) -> None:
    """The sweep's table against its JSON's rows (already read: a list)."""
    tables = _read(out, page)
    if tables is None:
        return  # reported by the sweep's check
    lines: list = []
    try:
        axes = list(rows[0]["variant"]) if rows else []
        keys = [(k, label) for k, label in SWEEP_FIGURES if rows and k in rows[0]]
        want = [[r["variant"][a] for a in axes] + [_cell(r.get(k)) for k, _ in keys] for r in rows]
    except (KeyError, TypeError, AttributeError, IndexError):
        report.fail(page.replace(".html", ".json"), "-", "not a sweep cardgen wrote (a row without its variant)")
        return
    head = [a.replace("_", " ") for a in axes] + [label for _, label in keys]
    if rows and tables.heads.get("sweep") != head:
        lines.append((page, "-", f"its columns are {tables.heads.get('sweep', [])[:4]}…, not its JSON's figures"))
    _compare(page, "the sweep's table", tables.rows.get("sweep", []), want, report, lines)
    _report(lines, report)


def check_tune(out: Path, rel: str, report: GameReport) -> None:
    """A tune's JSON (rel) and its page's numbers and ranked rows."""
    try:
        data = json.loads(guard(out / rel, MAX_BYTES).read_text(encoding="utf-8"))
        ranked = data["ranked"]
        numbers = {"variants judged": str(data["variants"]), "stopped early (an interval missed a target)":
                   str(data["stopped_early"]), "missed a target after every hand": str(data["missed_at_the_end"]),
                   "meet every target (by the estimates; with the intervals inside)":
                   f"{data['meeting']} ({data['confirmed']})",
                   "not ruled out, but an estimate outside a target": str(data["undecided"]),
                   "hands played": str(data["hands_played"])}
        want = [_tune_row(r) for r in ranked]
    except (Refused, OSError, ValueError, RecursionError, KeyError, TypeError, AttributeError, IndexError,
            ZeroDivisionError) as exc:
        report.fail(rel, "-", f"not a tune report cardgen wrote ({str(exc)[:60]})")
        return
    if data.get("game") != "str8eight":
        report.fail(rel, "-", f"a tune of {str(data.get('game'))[:40]!r}; cardgen tunes Str8 Eight")
    page = rel.replace(".json", ".html")
    tables = _read(out, page)
    if tables is None:
        report.fail(rel, "-", f"its page {page} is missing")
        return
    lines: list = []
    stated = {row[0]: row[1] for row in tables.rows.get("numbers", []) if len(row) == 2}
    for label, value in numbers.items():
        if _plain(stated.get(label, "")) != value:
            lines.append((page, label, f"states {stated.get(label, 'nothing')[:40]!r}; its JSON {value!r}"))
    if ranked and tables.heads.get("sweep") != TUNE_COLUMNS:
        lines.append((page, "-", "its table's columns are not the ranked variants'"))
    _compare(page, "the ranked variants", tables.rows.get("sweep", []), want, report, lines)
    _report(lines, report)
    if not lines:
        report.summary.append(f"{rel}: {len(ranked)} ranked variants and its counts, as its page states them")


def _tune_row(r: dict) -> list:
    v, seats = r["variant"], r["seats"]["seats"]
    verdict = "meets, sure" if r["confirmed"] == 4 else "meets" if r["nearness"] <= 1 else "not ruled out"
    return [r["rank"], f"{v['table_size']} × {v['table_size']}", v["pass_cards"], v["sequence_length"], v["players"],
            r["hands"], f"{min(s['rate'] for s in seats):.1%}–{max(s['rate'] for s in seats):.1%} "
                        f"({1 / v['players']:.0%})",
            f"{r['turns']['median']} ({r['turns']['low']}–{r['turns']['high']})",
            f"{r['bonus']['rate']:.1%} ({r['bonus']['low']:.1%}–{r['bonus']['high']:.1%})",
            f"{r['finished']['rate']:.1%}", verdict]
