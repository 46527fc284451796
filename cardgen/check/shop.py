"""Print-shop folders: the preflight report read back and held to the files.

For each shop the build record lists, shop/<slug>/ must hold exactly the files the
shop's template names (templates/shops/shops.toml), its upload notes and its report.
Every file is measured again (boxes, pixel sizes, resolution, fonts, transparency, color
spaces, proof marks) and judged again against the template, and a shop PDF/X file is
read the way a shop's preflight reads it (check/pdfx.py: PDF/X-1a keys, output intent,
CMYK only, no transparency, fonts, total ink by the content scan under the shop's
limit). A report whose measurements or verdicts differ from the files', or that records
a failure, fails the check; so does a PDF/X shop's report saying the color step did not
run. Pending checks, should a report hold any, are named in the summary, not hidden."""
from __future__ import annotations

import json
from pathlib import Path

from . import shopfiles
from .pdfread import Unreadable
from .pdfx import read_pdfx
from .report import GameReport
from .safefile import Refused, guard
from ..errors import CardgenError
from ..shops import shops

REPORT, REPORT_TEXT, NOTES = "preflight.json", "preflight.txt", "upload-notes.txt"
MAX_REPORT_BYTES = 8 << 20
MAX_INK = 400  # percent: four solid plates, the limit when a shop states none


def check_shops(game: str, game_dir: Path, rec, report: GameReport, rel) -> None:
    try:
        table = shops()
    except CardgenError as exc:
        report.fail("templates/shops/shops.toml", "-", str(exc))
        return
    for slug in rec.shops:
        if slug not in table:
            report.fail("manifest.json", "-", f"the record lists shop {slug[:40]!r}, which cardgen does not know")
            continue
        check_shop_folder(game, game_dir / "shop" / slug, table[slug], rec.card.size, len(rec.deck.faces),
                          len(rec.deck.backs), report, rel)
        _check_pictures(game, game_dir, game_dir / "shop" / slug, table[slug], rec, report, rel)


def _check_pictures(game: str, deck_dir: Path, folder: Path, spec, rec, report: GameReport, rel) -> None:
    """Each page or image of the upload draws the card its place names (check/pictures.py):
    one replaced by a copy of another card's is caught, as on the card PDF."""
    from . import pictures

    slugs = list(rec.deck.faces) + list(rec.deck.backs)
    names = spec.upload_files(game, len(rec.deck.faces), len(rec.deck.backs))
    identities = pictures.card_identities(deck_dir, slugs)
    if spec.upload == "pdf-pages":
        path = folder / names[0]
        digests = pictures.pdf_page_digests(path) if path.is_file() else None
        if digests is not None and len(digests) == len(slugs) and not pictures.same_pictures(
                [f"page {i}" for i in range(1, len(slugs) + 1)], digests, slugs, identities, report, lambda i: rel(path)):
            pictures.pages_say(path, slugs, pictures.card_words(deck_dir, slugs), report, rel(path))
        return
    if len(names) != len(slugs):
        return  # reported with the folder
    paths = [folder / name for name in names]
    if not pictures.same_pictures(names, [pictures.file_digest(p) if p.is_file() else None for p in paths], slugs,
                                  identities, report, lambda i: rel(paths[i])):
        pictures.check_sources(paths, slugs, deck_dir, report, rel)


def _json_plain(value):
    return json.loads(json.dumps(value))


def _ink_disagrees(ink: dict, scan) -> "str | None":
    """Why the report's total ink is not the file's, or None. The content scan (exact for
    a file without transparency) is run again; the report judges the higher of it and
    Ghostscript's separations, which can only read lower (a pixel averages what it
    covers), so its figure must be the scan's, give or take 8-bit rounding (0.5 %)."""
    import re

    said, exact = ink["max_pct"], scan.max_percent
    found = f"the file measures {exact:g} % (content scan, page {scan.page}, {scan.where})"
    if abs(said - exact) > 0.5:
        return f"the report's total ink is {said:g} %, but {found}"
    note = str(ink.get("note", ""))
    scanned = re.search(r"content scan ([0-9]+(?:\.[0-9]+)?) %", note)
    if scanned is None or abs(float(scanned.group(1)) - exact) > 0.5:
        return f"the report's ink note gives the content scan as {scanned.group(1) if scanned else 'nothing'} %, but {found}"
    separations = re.search(r"separations ([0-9]+(?:\.[0-9]+)?) %", note)
    if str(ink.get("method", "")).startswith("gs") and (separations is None or float(separations.group(1)) > exact + 0.5):
        return (f"the report's ink note gives separations of {separations.group(1) if separations else 'nothing'} %, "
                f"more than any paint of the file: {found}")
    return None


def check_shop_folder(game: str, folder: Path, spec, card_size: str, faces: int, backs: int, report: GameReport,
                      rel) -> None:
    """One shop's folder against its template and its own preflight report."""
    path = folder / REPORT
    try:
        data = json.loads(guard(path, MAX_REPORT_BYTES).read_text(encoding="utf-8"))
    except RecursionError:  # [[[[… nested deeper than Python's parser goes: not a report of ours
        report.fail(rel(path), "-", "no readable preflight report (nested too deep to be one cardgen wrote)")
        return
    except (Refused, ValueError, OSError) as exc:
        report.fail(rel(path), "-", f"no readable preflight report ({exc})")
        return
    try:
        entry = spec.entry(card_size)
    except CardgenError as exc:
        report.fail(rel(path), "-", str(exc))
        return
    if not isinstance(data, dict) or data.get("shop") != spec.slug or _json_plain(data.get("spec")) != _json_plain(entry):
        report.fail(rel(path), "-", f"the report is not {spec.name}'s preflight for {card_size} cards "
                                    "(its shop or template differs from templates/shops/shops.toml)")
        return
    names = spec.upload_files(game, faces, backs)
    files = data.get("files")
    listed = [f.get("file") for f in files] if isinstance(files, list) and all(isinstance(f, dict) for f in files) else None
    if listed != names:
        report.fail(rel(path), "-", f"the report lists {len(listed or [])} files; {spec.name}'s template names "
                                    f"{len(names)} ({names[0]} …)")
        return
    present = sorted(p.name for p in folder.iterdir())
    extra = sorted(set(present) - set(names) - {REPORT, REPORT_TEXT, NOTES})
    if extra:
        report.fail(rel(folder / extra[0]), "-", f"not a file of {spec.name}'s upload ({len(extra)} such): "
                                                 "proofs and other files stay outside shop/<shop>/")
    color = data.get("color_step")
    applied = color.get("applied") if isinstance(color, dict) else None
    if not isinstance(applied, bool):
        report.fail(rel(path), "-", "the report does not say whether the color step ran")
        return
    judged, wrong, scanned = [], 0, None
    for name, claimed in zip(names, files):
        file = folder / name
        try:
            measured = _json_plain(shopfiles.measure_file(guard(file)))
        except (Refused, Unreadable) as exc:  # said in full: what was refused and why
            report.fail(rel(file), "-", str(exc))
            wrong += 1
            continue
        except Exception as exc:  # noqa: BLE001 - pikepdf and Pillow raise many types on damaged files
            report.fail(rel(file), "-", f"not readable ({exc.__class__.__name__}: {str(exc)[:80]})")
            wrong += 1
            continue
        checks = (shopfiles.judge_pdf(measured, entry, faces + backs, applied) if name.endswith(".pdf")
                  else shopfiles.judge_png(measured, entry))
        judged.append({"file": name, "checks": checks})
        if claimed.get("measured") != measured:
            key = next((k for k in measured if (claimed.get("measured") or {}).get(k) != measured[k]), "?")
            report.fail(rel(file), "-", f"the preflight report disagrees with the file: its {key} says "
                                        f"{str((claimed.get('measured') or {}).get(key))[:60]}, the file "
                                        f"{str(measured[key])[:60]}")
            wrong += 1
        for c in checks:
            if c["status"] == shopfiles.FAIL:
                report.fail(rel(file), "-", f"{spec.name}: {c['check']}: expected {c['expected']}, found {c['found']}")
                wrong += 1
        if name.endswith(".pdf") and spec.pdfx and "error" not in measured:  # the file as the shop's preflight
            # reads it, the ink included (not a file already refused, e.g. for its 20 000 pages)
            if not applied:
                report.fail(rel(path), "-", f"the report says the color step did not run: {spec.name} takes "
                                            f"{spec.pdfx} only (rebuild with cardgen build --format shop)")
            problems, scanned = read_pdfx(file, spec.ink_limit or MAX_INK)
            for problem in problems:
                report.fail(rel(file), "-", f"{spec.name}: not {spec.pdfx}: {problem.split(': ', 1)[-1]}")
                wrong += 1
        if _json_plain(claimed.get("checks")) != _json_plain(checks):
            report.fail(rel(path), name, "the report's checks differ from what the file shows "
                                         "(a result it claims that the file does not bear out)")
            wrong += 1
    ink = data.get("ink")
    if not isinstance(ink, dict):
        report.fail(rel(path), "-", "the report has no ink entry")
        return
    measured_ink = ({"max_pct": ink["max_pct"], "method": ink.get("method"), "note": ink.get("note", "")}
                    if isinstance(ink.get("max_pct"), (int, float)) else None)
    if measured_ink is not None and not applied:
        report.fail(rel(path), "-", "the report gives an ink measurement though the color step did not run")
    if measured_ink is not None and scanned is not None:  # measured again: the report's figure is the file's
        disagreement = _ink_disagrees(ink, scanned)
        if disagreement:
            report.fail(rel(path), "-", disagreement)
            wrong += 1
    want_ink = shopfiles.ink_slot(entry, measured_ink)
    if ink.get("status") != want_ink["status"]:
        report.fail(rel(path), "-", f"the report's ink status is {str(ink.get('status'))[:20]!r}; its own "
                                    f"numbers make it {want_ink['status']!r}")
    if want_ink["status"] == shopfiles.FAIL:
        report.fail(rel(path), "-", f"{spec.name}: total ink {ink['max_pct']} % is over the shop's "
                                    f"{spec.ink_limit} %")
    result = shopfiles.result_of(judged, want_ink) if len(judged) == len(names) else shopfiles.FAIL
    try:
        head = guard(folder / REPORT_TEXT, MAX_REPORT_BYTES).read_text(encoding="utf-8").split("\n", 1)[0]
    except (Refused, OSError, UnicodeDecodeError):
        head = ""
    if head != f"Preflight for {spec.name}: {str(data.get('result')).upper()}":
        report.fail(rel(folder / REPORT_TEXT), "-", f"the readable report does not open with the result of "
                                                    f"{REPORT} ({str(data.get('result'))[:20]})")
    if data.get("result") != result:
        report.fail(rel(path), "-", f"the report's result is {str(data.get('result'))[:20]!r}; the files make "
                                    f"it {result!r}")
    elif result == shopfiles.FAIL and not wrong:
        report.fail(rel(path), "-", "the preflight report records a failure")
    if not wrong and result != shopfiles.FAIL:
        pending = sorted({c["check"] for f in judged for c in f["checks"] if c["status"] == shopfiles.PENDING})
        if want_ink["status"] == shopfiles.PENDING:
            pending.append("total ink")
        line = (f"shop/{spec.slug}: {len(names)} file{'s' if len(names) > 1 else ''} for {spec.name}, made to its "
                "template; preflight re-measured and agreeing")
        if pending:
            line += f"; PENDING (the color step has not run): {', '.join(pending)}"
        report.summary.append(line)
