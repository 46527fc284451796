"""Check a booklet's "About this edition" against the game's table of readings.

The table (templates/readings/<game>.toml) is read here as data, with tomllib: the
checker imports nothing of the builder or the model. The build record names the
entries the booklets list (rules.readings, their ids in order: an entry whose rule
does not apply to the variant is left out). Held to the table, and to the PDF's words:

- every id the record names is an entry of the table, in the table's order, and every
  entry whose rule applies to any variant (its text holds no Jinja condition) is named;
- the booklet's "About this edition" numbers exactly those entries, 1 to n, each with
  its topic (the table's, any {{ … }} in it standing for the variant's own words) and
  labelled "our reading" or "added rule" as its kind says;
- the rules before that section mark as many rules with † as the list holds: each
  entry is stated where it applies, marked once.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .report import GameReport

EDITION = "About this edition"
DAGGER = "†"
LABEL = {"reading": "our reading", "added": "added rule"}
ENTRY = re.compile(r"(?:^|\s)(\d+) ([^().]{3,80}?) \((our reading|added rule)\)\.")
JINJA = re.compile(r"\{\{.*?\}\}")
_TABLES: dict = {}


def table(game: str) -> "list | None":
    """The game's table of readings as data (each entry a dict), or None without one."""
    if game not in _TABLES:
        from .. import paths

        path = paths.folder("cardgen.templates") / "readings" / f"{game}.toml"
        try:
            _TABLES[game] = tomllib.loads(path.read_text(encoding="utf-8")).get("reading", [])
        except FileNotFoundError:
            _TABLES[game] = None
    return _TABLES[game]


def topic_pattern(topic: str) -> str:
    """A table topic as a pattern for the printed one: Jinja output matches any words."""
    parts = JINJA.split(" ".join(topic.split()))
    return "".join(re.escape(p) + (r".{1,40}?" if i < len(parts) - 1 else "") for i, p in enumerate(parts))


def check_edition(path: Path, game: str, ids: tuple, report: GameReport, rel) -> None:
    from .wording import one_line, page_texts

    entries = table(game) or []
    by_id = {e.get("id"): e for e in entries}
    order = [e.get("id") for e in entries]
    file = rel(path)
    unknown = [i for i in ids if i not in by_id or by_id[i].get("kind") == "reference"]
    if unknown:
        report.fail(file, "booklet", f"the build lists the reading {unknown[0]!r}, which "
                    f"templates/readings/{game}.toml does not hold")
        return
    if [i for i in order if i in ids] != list(ids):
        report.fail(file, "booklet", f"the build lists the readings out of the table's order: {', '.join(ids)}")
    always = [e["id"] for e in entries if "{%" not in e.get("rule", "") and e.get("kind") != "reference"]
    missing = [i for i in always if i not in ids]
    if missing:
        report.fail(file, "booklet", f"“{EDITION}” leaves out the reading {missing[0]!r}, which applies to "
                    "every variant")
    if not ids:
        return
    pages = page_texts(path)
    if isinstance(pages, str):
        report.fail(file, "booklet", pages)
        return
    text = one_line(pages)
    at = text.rfind(EDITION)  # the last: the contents list names it first
    if at < 0:
        report.fail(file, "booklet", f"has no “{EDITION}” section; the build lists {len(ids)} readings")
        return
    about, rules = text[at:], text[:at]
    found = ENTRY.findall(about)
    numbers = [int(n) for n, _, _ in found]
    if numbers != list(range(1, len(ids) + 1)):
        report.fail(file, "booklet", f"“{EDITION}” lists {len(numbers)} readings"
                    + (f" numbered {numbers[:6]}" if numbers and numbers != list(range(1, len(numbers) + 1)) else "")
                    + f"; the table gives {len(ids)} for this variant")
        return
    for (n, topic, label), key in zip(found, ids):
        want = by_id[key]
        if not re.fullmatch(topic_pattern(want["topic"]), topic.strip()) or label != LABEL.get(want["kind"]):
            report.fail(file, "booklet", f"“{EDITION}” entry {n} reads “{topic.strip()} ({label})”; the table's "
                        f"entry {key!r} is “{' '.join(want['topic'].split())}” ({LABEL.get(want['kind'])})")
            return
    marked = rules.count(DAGGER)
    if marked != len(ids):
        report.fail(file, "booklet", f"the rules mark {marked} rule(s) with {DAGGER}; “{EDITION}” lists "
                    f"{len(ids)}, each of which the rules state and mark once")
