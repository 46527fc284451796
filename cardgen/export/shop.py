"""Print-shop files: each shop's template (templates/shops/shops.toml) filled with a deck.

For every shop asked for, <game>/shop/<slug>/ holds what is uploaded (one PDF of card
pages, or one PNG a card side at the shop's exact pixel size), upload-notes.txt saying
which file goes where, and the preflight report (preflight.json and .txt) of what was
measured on those files. The deck is drawn again with the shop's own bleed, whatever
--bleed says for the home-print files. A designer's proof, with --proof, goes beside the
folder (shop/<slug>-proof.pdf), never into it.
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Callable

from ..check import shopfiles
from ..errors import writing
from ..words import plural
from ..shops import PROOF_SUFFIX, Shop, ShopSize, shop

NOTES = "upload-notes.txt"
REPORT, REPORT_TEXT = "preflight.json", "preflight.txt"
REPORT_VERSION = 1


INK_DPI = 100  # the separations' resolution: flat paint reads the same as at 150 (measured: 240 % both) in 60 % of
# the time, and the exact content scan, judged beside it, covers details finer than a pixel


def _gs_failure(exc: Exception) -> str:
    """One short line for why gs gave no separations: its exit status and the last line it
    wrote, a timeout, or the OS error of starting it."""
    if isinstance(exc, subprocess.CalledProcessError):
        said = (exc.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        return f"exit status {exc.returncode}" + (f": {said[-1][:80]}" if said else "")
    if isinstance(exc, subprocess.TimeoutExpired):
        return f"stopped after {exc.timeout:g} s"
    return f"{exc.__class__.__name__}: {str(exc)[:80]}"


def draw_shop_pdf(svgs: list, path: Path, meta, spec: Shop, size: ShopSize, fonts) -> dict:
    """The shop's PDF of card pages, and what its color step did (for the preflight report).

    A CMYK shop (DriveThruCards) gets the cards drawn straight in CMYK by draw/pdfx.to_pdfx:
    the palette through littleCMS under the shop's ink limit, no transparency, PDF/X-1a:2003
    with the profile as output intent, TrimBox = the page inset by the shop's bleed. Its total
    ink is then measured on the written file, by Ghostscript's separations when gs is
    installed and always by the exact content scan; the report carries both. An RGB shop's
    PDF is drawn as the cards are, with the shop's boxes.
    Returns {"applied": bool, "what": text, "ink": None or {"max_pct", "method", "note"}}."""
    if spec.color == "cmyk":
        from ..check.ink import METHOD, gs_program, ink_by_scan, ink_by_separations
        from ..draw.cmyk import HEADROOM, PROFILE_NAME, Inks
        from ..draw.pdfx import PDFX_CONFORMANCE, to_pdfx

        if spec.pdfx != PDFX_CONFORMANCE:
            raise ValueError(f"{spec.name} asks for {spec.pdfx!r}; cardgen writes {PDFX_CONFORMANCE} only")
        to_pdfx(svgs, path, meta=meta, fonts=fonts, ink_limit=float(spec.ink_limit or 400), bleed_mm=size.bleed_mm,
                trim_mm=size.trim_mm)
        scan = ink_by_scan(path)
        said = f"content scan {scan.max_percent:g} % (page {scan.page}, {scan.where})"
        seps, why = None, "Ghostscript (gs) is not installed"
        if gs_program() is not None:
            try:
                seps = ink_by_separations(path, INK_DPI)
            except (OSError, subprocess.SubprocessError) as exc:  # a gs that fails or hangs: the scan still tells
                why = f"Ghostscript (gs) failed ({_gs_failure(exc)})"
        if seps is not None:
            # the higher of the two is judged: a rich-black detail thinner than a pixel at
            # INK_DPI rasterizes lighter than it prints, and the scan sees every paint whole
            ink = {"max_pct": max(seps.max_percent, scan.max_percent), "method": f"{METHOD} at {INK_DPI} dpi",
                   "note": f"separations {seps.max_percent:g} % (page {seps.page}, {seps.where}); {said}"}
        else:
            ink = {"max_pct": scan.max_percent, "method": "content scan",
                   "note": f"{said}; {why}, so no separations were rasterized"}
        return {"applied": True, "ink": ink,
                "what": f"drawn in CMYK through {PROFILE_NAME} (littleCMS) with at most "
                        f"{Inks(float(spec.ink_limit or 400)).cap:g} % total ink ({spec.ink_limit} % less "
                        f"{HEADROOM:g} points of headroom), K-only black text and lines, rich black fills, no "
                        f"transparency; written as {PDFX_CONFORMANCE} with the profile as output intent"}
    import pikepdf

    from ..draw.pdf import PT_PER_MM, save_pdf, write_pages

    write_pages(svgs, path, meta, size.page_mm, fonts, size.bleed_mm, duplex=None)
    w, h = (v * PT_PER_MM for v in size.page_mm)
    inset = size.bleed_mm * PT_PER_MM
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            page.mediabox = pikepdf.Array([0, 0, w, h])
            page.bleedbox = pikepdf.Array([0, 0, w, h])
            page.trimbox = pikepdf.Array([inset, inset, w - inset, h - inset])
        tmp = path.with_name(path.name + ".boxes")
        save_pdf(pdf, tmp)
    tmp.replace(path)
    return {"applied": True, "ink": None, "what": "none needed: the shop takes RGB"}


def write_shop(root: Path, game: str, title: str, at_bleed: Callable, card_size: str, slug: str, jobs: int,
               fonts, proof: bool, renders: "dict | None" = None, *, meta_of: Callable,
               sources: "list | None" = None) -> list:
    """One shop's folder for one deck; returns (path, kind, format) rows for the manifest.

    root: the game's shop/ folder. at_bleed(mm) -> DeckArt: the deck drawn with that bleed.
    renders: PNG bytes (no resolution set) already drawn for another shop or the print-on-demand
    images, by (pixel size, bleed), shared.
    meta_of(kind, detail): a PDF's metadata (deckfiles.Output.meta)."""
    spec = shop(slug)
    size = spec.size(card_size)
    art = at_bleed(size.bleed_mm)
    folder = root / slug
    folder.mkdir(parents=True, exist_ok=True)
    cards = list(art.faces) + list(art.backs)
    rows, uploads = [], []
    if spec.upload == "pdf-pages":
        path = folder / spec.pdf_file(game)
        color = draw_shop_pdf([c.svg for c in cards], path, meta_of("shop", f"{spec.name}, {plural(len(art.faces), 'face')} "
                              f"and {plural(len(art.backs), 'back')}"), spec, size, fonts)
        uploads.append(path)
        rows.append((path, "shop", "pdf"))
    else:
        from ..draw.png import SOURCE_KEY, rgb_pngs, srgb_profile, with_dpi, with_icc, with_text

        key = (tuple(size.pixels), size.bleed_mm)
        pngs = (renders or {}).get(key)
        if pngs is None:
            pngs = rgb_pngs([c.svg for c in cards], *size.pixels, jobs, fonts)
            if renders is not None:
                renders[key] = pngs
        names = spec.upload_files(game, len(art.faces), len(art.backs))
        icc = srgb_profile()  # tagged sRGB, as the Tabletop Simulator sheets are: the shop's RIP reads the colors right
        for i, (name, png) in enumerate(zip(names, pngs)):
            path = folder / name
            png = with_dpi(png, spec.dpi)
            if sources:  # the card SVG in svg/ it shows, noted as every card picture of ours notes it
                png = with_text(png, SOURCE_KEY, sources[i])
            with writing(path):
                path.write_bytes(with_icc(png, icc))
            uploads.append(path)
            rows.append((path, "shop", "png"))
        color = {"applied": True, "ink": None, "what": "none needed: the shop takes RGB"}
    notes = folder / NOTES
    with writing(notes):
        notes.write_text(upload_notes(spec, size, game, title, art, [p.name for p in uploads]), encoding="utf-8")
    rows.append((notes, "shop-notes", "txt"))
    report = preflight(spec, size, card_size, uploads, len(cards), color)
    for name, text in ((REPORT, json.dumps(report, indent=1, sort_keys=True) + "\n"),
                       (REPORT_TEXT, preflight_text(report))):
        with writing(folder / name):
            (folder / name).write_text(text, encoding="utf-8")
        rows.append((folder / name, "preflight", name.rsplit(".", 1)[1]))
    if proof:
        from ..documents.proof import write_proof

        target = root / f"{slug}{PROOF_SUFFIX}"
        if spec.upload == "pdf-pages":
            write_proof(uploads[0], target, size.safe_mm, fonts, meta_of("proof", spec.name))
        else:  # the shop takes images: the proof is drawn as a PDF with the shop's bleed
            from ..draw.pdf import write_pages

            tmp = root / f".{slug}-cards.pdf"
            write_pages([c.svg for c in cards], tmp, meta_of("shop", spec.name), size.page_mm, fonts, size.bleed_mm)
            try:
                write_proof(tmp, target, size.safe_mm, fonts, meta_of("proof", spec.name))
            finally:
                tmp.unlink()
        rows.append((target, "proof", "pdf"))
    return rows


def preflight(spec: Shop, size: ShopSize, card_size: str, uploads: list, cards: int, color: dict) -> dict:
    """What was measured on each file to upload, each check and its result."""
    entry = spec.entry(card_size)
    files = []
    for path in uploads:
        m = shopfiles.measure_file(path)
        checks = (shopfiles.judge_pdf(m, entry, cards, color["applied"]) if path.suffix == ".pdf"
                  else shopfiles.judge_png(m, entry))
        files.append({"file": path.name, "measured": m, "checks": checks})
    ink = shopfiles.ink_slot(entry, color["ink"])
    return {"report_version": REPORT_VERSION, "shop": spec.slug, "name": spec.name, "source": spec.source,
            "spec": entry, "cards": cards, "files": files, "ink": ink,
            "color_step": {"applied": color["applied"], "what": color["what"]},
            "result": shopfiles.result_of(files, ink)}


def preflight_text(report: dict) -> str:
    """The report for a person: one line a check, failures and pending ones first."""
    lines = [f"Preflight for {report['name']}: {report['result'].upper()}", "",
             f"Template: {report['spec']['card_size']} {' x '.join(f'{v:g}' for v in report['spec']['trim_mm'])} mm, "
             f"bleed {report['spec']['bleed_mm']:g} mm, safe zone {report['spec']['safe_mm']:g} mm, "
             f"{report['spec']['color'].upper()}"
             + (f", {report['spec']['pixels'][0]} x {report['spec']['pixels'][1]} px at {report['spec']['dpi']} dpi"
                if "pixels" in report["spec"] else ""),
             f"Color step: {report['color_step']['what']}",
             f"Total ink: {report['ink']['status']}"
             + (f" (limit {report['ink']['limit_pct']} %, " + (f"measured {report['ink']['max_pct']} %)"
                if report["ink"]["max_pct"] is not None else "not measured yet)") if report["ink"]["limit_pct"] else ""),
             ""]
    order = {shopfiles.FAIL: 0, shopfiles.PENDING: 1, shopfiles.PASS: 2}
    clean = [f for f in report["files"] if all(c["status"] == shopfiles.PASS for c in f["checks"])]
    if clean:
        lines.append(f"{len(clean)} of {len(report['files'])} files pass every check ("
                     + "; ".join(sorted({c["check"] for f in clean for c in f["checks"]})) + ")")
    for f in report["files"]:
        if f in clean:
            continue
        worst = sorted(f["checks"], key=lambda c: order[c["status"]])
        lines.append(f"{f['file']}:")
        for c in worst:
            lines.append(f"  {c['status']:7} {c['check']}: expected {c['expected']}, found {c['found']}")
    return "\n".join(lines) + "\n"


def upload_notes(spec: Shop, size: ShopSize, game: str, title: str, art, files: list) -> str:
    from ..design.templating import environment

    faces, backs = len(art.faces), len(art.backs)
    groups = []
    for b in range(backs):
        wearing = [i + 1 for i, back in enumerate(art.back_of) if back == b]
        groups.append((spec.back_file(b + 1, backs) if spec.upload == "images" else f"page {faces + b + 1}",
                       _ranges(wearing)))
    return environment().get_template("shops/upload-notes.txt.j2").render(
        shop=spec, size=size, game=game, title=title, faces=faces, backs=backs, files=files, groups=groups,
        first=files[0], last_face=files[faces - 1] if spec.upload == "images" else "", proof=PROOF_SUFFIX,
        page_mm=" x ".join(f"{v:.2f}" for v in size.page_mm), trim_mm=" x ".join(f"{v:g}" for v in size.trim_mm))


def _ranges(numbers: list) -> str:
    """[1, 2, 3, 7] -> "1-3, 7"."""
    parts, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            parts.append(f"{start}" if start == n else f"{start}-{n}")
            start = None
    return ", ".join(parts)
