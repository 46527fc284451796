"""Check a game's printed rules: the booklet exists and has pages, the fold file holds
them two-up in saddle-stitch order (padded to a multiple of 4), the player aid is one
page, the score pads one page each; and each carries its game's name as real text."""
from __future__ import annotations

from pathlib import Path

from ..layout.saddle import padded
from .deckfiles import pdf_page_sizes
from .report import GameReport


def _text_of(path: Path) -> str:
    import pypdf

    return "\n".join(p.extract_text() or "" for p in pypdf.PdfReader(str(path)).pages)


def check_rules(game_dir: Path, params: dict, title: str, report: GameReport, rel) -> None:
    info = params.get("rules")
    if not info:
        return
    for name, meta in info.get("booklet", {}).items():
        path = game_dir / name
        if not path.exists():
            report.fail(rel(path), "booklet", "missing")
            continue
        sizes = pdf_page_sizes(path, report, rel)
        if sizes is None:
            continue
        if len(sizes) < 2:
            report.fail(rel(path), "booklet", f"{len(sizes)} page(s); a booklet has a title page and the rules")
        if title not in _text_of(path):
            report.fail(rel(path), "booklet", f"the text does not name {title}")
        report.summary.append(f"{name}: {len(sizes)} pages ({meta.get('page')})")
    for name, meta in info.get("fold", {}).items():
        path = game_dir / name
        sizes = pdf_page_sizes(path, report, rel) if path.exists() else None
        if sizes is None:
            report.fail(rel(path), "fold booklet", "missing or unreadable")
            continue
        want = padded(meta["booklet_pages"]) // 2
        if len(sizes) != want:
            report.fail(rel(path), "fold booklet", f"{len(sizes)} sides, expected {want} for "
                        f"{meta['booklet_pages']} pages padded to {padded(meta['booklet_pages'])}")
        elif any(w < h for w, h in sizes):
            report.fail(rel(path), "fold booklet", "sheets must be landscape")
    singles = [info["reference"]["file"]] if info.get("reference") else []
    singles += info.get("scorepad", []) + info.get("tournament", [])
    for name in singles:
        path = game_dir / name
        sizes = pdf_page_sizes(path, report, rel) if path.exists() else None
        if sizes is None:
            report.fail(rel(path), "-", "missing or unreadable")
        elif len(sizes) != 1:
            report.fail(rel(path), "-", f"{len(sizes)} pages, expected one")
