"""The playtest reports (<out>/playtest/), read from the files alone.

For each report: its JSON is a report of the game it is named for; it played the variant
the build record holds for that game (a report of another table, pass cards or sequence
length describes another deck); its HTML page states the JSON's figures (the variant,
hands, bots and seed, every seat's win rate with its interval, the greedy bot's) and its
PDFs are titled for the JSON's variant; a Str8 Eight report's atlas counts are the
build's own atlas file's. A sweep's page has one row per row of its JSON.
"""
from __future__ import annotations

import json
from pathlib import Path

from .report import GameReport
from .safefile import Refused, guard
from ..record import variant_words
from ..words import plural

FOLDER = "playtest"
MAX_JSON_BYTES = 64 << 20
BOT_TITLES = {"lookahead-no-pass": "lookahead without pass cards"}  # how a page names a ladder's player
UNITS = {"str8eight": "hands", "fourscore": "games", "crazy-eights": "games", "eights": "games"}
TITLES = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "eights": "Eights", "crazy-eights": "Crazy Eights"}


def check_playtests(out: Path, entries: list, records: dict, report: GameReport) -> None:
    paths = sorted(e["path"] for e in entries if e.get("game") == FOLDER)
    for rel in paths:
        name = rel.rsplit("/", 1)[-1]
        if name.endswith("-playtest.json"):
            _check_report(out, rel, name.removesuffix("-playtest.json"), paths, records, report)
        elif name.endswith("-sweep.json"):
            _check_sweep(out, rel, name.removesuffix("-sweep.json"), report)
        elif name.endswith("-tune.json"):
            from .playtables import check_tune

            check_tune(out, rel, report)


def _load(out: Path, rel: str, report: GameReport):
    try:
        return json.loads(guard(out / rel, MAX_JSON_BYTES).read_text(encoding="utf-8"))
    except (Refused, OSError, ValueError, RecursionError) as exc:
        report.fail(rel, "-", f"not a report cardgen wrote ({str(exc)[:60]})")
        return None


def _pct(rate: dict) -> str:
    return f"{rate['rate']:.1%} ({rate['low']:.1%}–{rate['high']:.1%})"


def _check_report(out: Path, rel: str, game: str, paths: list, records: dict, report: GameReport) -> None:
    data = _load(out, rel, report)
    if data is None:
        return
    try:
        v, f = data["variant"], data["figures"]
        played = variant_words(game, v)
        subtitle = f"{data['hands']} {UNITS.get(game, 'hands')} · {v['players']} players ({', '.join(data['bots'])})"
        if game == "crazy-eights":
            subtitle += (f" · target {v['target']} · aces {v['ace_value']} · {plural(v['decks'], 'deck')}"
                         + "".join(f" · {o.replace('-', ' ')}" for o in v["options"]))
        elif game == "eights":
            subtitle += f" · {'number words' if v['words'] == 'numbers' else 'open words'} · target {data['target']}"
        else:
            subtitle += f" · {v['table_size']} × {v['table_size']} table"
        if game == "str8eight":
            subtitle += f" · {v['pass_cards']} pass cards · sequences of {v['sequence_length']}"
        subtitle += f" · seed {data['seed']}"
        rows = {f"seat {i + 1} wins": _pct(s) for i, s in enumerate(f["seats"])}
        unit = "hands" if game == "str8eight" else "games"
        for m in (f.get("ladder") or {"matches": []})["matches"]:  # the skill ladder's matches
            rows[f"ladder: {BOT_TITLES.get(m['strong'], m['strong'])} against {m['weak']}, its share of the won "
                 f"{unit} ({m['hands']} {unit}, fair 50 %)"] = _pct(m["strong_share"])
        if game == "str8eight":
            rows["hands finished"] = _pct(f["finished"])
            rows["winning value sequences (atlas)"] = str(data["atlas"]["value_sequences"])
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        report.fail(rel, "-", f"not a playtest report of {game[:40]} (no {str(exc)[:40]})")
        return
    if data.get("game") != game:
        report.fail(rel, "-", f"a report of {str(data.get('game'))[:40]!r}, named for {game}")
    rec = records.get(game)
    if rec is not None:
        built = variant_words(game, rec)
        if played != built:
            report.fail(rel, "-", f"played {played}; this folder's {TITLES.get(game, game)} deck is built as {built}: "
                        f"run 'cardgen playtest --game {game}' again with the build's options")
    stem = rel.removesuffix(".json")
    page = f"{stem}.html"
    if page in paths:
        _check_page(out, page, subtitle, rows, report)
    else:
        report.fail(rel, "-", f"its page {page} is missing")
    from .pdfmeta import Unreadable, read_meta

    pdfs = [p for p in paths if p.startswith(stem + "-") and p.endswith(".pdf")]
    for pdf in pdfs:
        try:
            title = read_meta(out / pdf)["info"].get("Title", "")
        except Unreadable:
            continue  # reported by the metadata check
        if not title.endswith(f"({played})"):
            report.fail(pdf, "-", f"titled {title[:120]!r}, not for the variant its JSON holds ({played})")
    if game == "str8eight" and rec is not None and played == variant_words(game, rec) \
            and getattr(rec, "atlas", None) is not None:
        atlas = _load(out, f"{game}/{rec.atlas.file}", GameReport("-"))
        if isinstance(atlas, dict) and atlas.get("value_sequences") != data["atlas"]["value_sequences"]:
            report.fail(rel, "-", f"counts {data['atlas']['value_sequences']} winning sequences; the build's atlas "
                        f"{atlas.get('value_sequences')}")
    if not any(v.file.startswith(stem) for v in report.violations):
        report.summary.append(f"{rel}: {played}, {data['hands']} {UNITS.get(game, 'hands')}; its page and "
                              f"{plural(len(pdfs), 'PDF')} state its figures")


def _check_page(out: Path, page_rel: str, subtitle: str, rows: dict, report: GameReport) -> None:
    try:
        text = guard(out / page_rel).read_text(encoding="utf-8")
    except (Refused, OSError, UnicodeDecodeError) as exc:
        report.fail(page_rel, "-", f"cannot be read ({exc})")
        return
    import html
    import re

    header = re.search(r"<header>.*?<p>(.*?)</p>", text, re.S)
    said = html.unescape(re.sub(r"<[^>]+>", "", header.group(1))) if header else ""
    if said.strip() != subtitle:
        report.fail(page_rel, "-", f"says {said.strip()[:100]!r}; its JSON {subtitle!r}")
    def plain(v: str) -> str:  # a whole number written with thousands separators (7,123,296) reads as one
        return v.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+", v) else v

    found = {html.unescape(k): plain(html.unescape(v)) for k, v in
             re.findall(r'<tr><th scope="row">(.*?)</th><td class="n">(.*?)</td></tr>', text)}
    for label, value in rows.items():
        if found.get(label) != value:
            report.fail(page_rel, label, f"states {found.get(label, 'nothing')!r}; its JSON {value!r}")


def _check_sweep(out: Path, rel: str, game: str, report: GameReport) -> None:
    data = _load(out, rel, report)
    if data is None:
        return
    rows = data.get("rows") if isinstance(data, dict) else None
    if data.get("game") != game or not isinstance(rows, list):
        report.fail(rel, "-", f"not a sweep of {game[:40]}")
        return
    page = out / rel.replace(".json", ".html")
    try:
        text = guard(page).read_text(encoding="utf-8")
    except (Refused, OSError, UnicodeDecodeError):
        report.fail(rel, "-", f"its page {rel.replace('.json', '.html')} is missing")
        return
    import re

    table = re.search(r'<section aria-labelledby="sweep">(.*?)</section>', text, re.S)
    shown = len(re.findall(r"<tr><td", table.group(1))) if table else 0
    if shown != len(rows):
        report.fail(rel.replace(".json", ".html"), "-", f"shows {plural(shown, 'row')}; its JSON holds {len(rows)}")
        return
    from .playtables import check_sweep_page

    check_sweep_page(out, rel.replace(".json", ".html"), rows, report)
