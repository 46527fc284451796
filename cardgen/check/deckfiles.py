"""Checks shared by every deck: the card and back PDFs, the home-print sheets and
the PNGs: page counts, page sizes, pixel sizes and resolution."""
from __future__ import annotations

from pathlib import Path

from .report import GameReport

PNG_DPI = 300
MM_PER_PT = 25.4 / 72


def check_deck_files(game: str, game_dir: Path, params: dict, faces: int, backs: int,
                     report: GameReport, rel) -> None:
    """The outputs every deck has: card and back PDFs, home-print sheets, PNGs."""
    _check_pdfs(game, game_dir, params, faces, backs, report, rel)
    _check_print_pdfs(game, game_dir, params, faces, report, rel)
    _check_pngs(game_dir, params, faces + backs, report, rel)
    _check_tuckboxes(game, game_dir, params, report, rel)


def _check_tuckboxes(game: str, game_dir: Path, params: dict, report: GameReport, rel) -> None:
    """The box's inside is the card plus clearance, and as deep as the deck; the net's
    panels have those sizes; the PDF is one page of the paper."""
    from ..layout.paper import PAPERS
    from ..layout.tuckbox import CLEARANCE_MM
    from . import svgread

    info = params.get("tuckbox")
    if not info:
        return
    w, h = params.get("trim_mm", (63.5, 88.9))
    want = (w + CLEARANCE_MM, h + CLEARANCE_MM, info["cards"] * info["card_thickness_mm"] + CLEARANCE_MM)
    for name in info.get("papers", []):
        path = game_dir / f"{game}-tuckbox-{name}.svg"
        if not path.exists():
            report.fail(rel(path), "tuck box", "missing")
            continue
        try:
            root = svgread.parse(path)
        except svgread.Unreadable as exc:
            report.fail(rel(path), "tuck box", f"not a readable SVG ({exc})")
            continue
        try:
            inner = tuple(float(v) for v in root.get("data-inner-mm", "").split(","))
        except ValueError:
            inner = ()
        if root.get("data-kind") != "tuckbox" or len(inner) != 3:
            report.fail(rel(path), "tuck box", "root lacks data-kind=\"tuckbox\" or data-inner-mm=\"W,H,D\"")
            continue
        if any(abs(a - b) > 0.05 for a, b in zip(inner, want)):
            report.fail(rel(path), "tuck box", "inside {} mm, expected {} for {} cards of {} mm".format(
                " × ".join(f"{v:g}" for v in inner), " × ".join(f"{v:g}" for v in want), info["cards"],
                info["card_thickness_mm"]))
        sizes = {el.get("data-panel"): (float(el.get("width")), float(el.get("height")))
                 for el in svgread.with_attr(root, "data-panel") if el.get("data-panel") in ("front", "spine", "lid")}
        expect = {"front": want[:2], "spine": (want[2], want[1]), "lid": (want[0], want[2])}
        for panel, (pw, ph) in expect.items():
            got = sizes.get(panel)
            if got is None or abs(got[0] - pw) > 0.05 or abs(got[1] - ph) > 0.05:
                report.fail(rel(path), "tuck box", f"{panel} panel is {got}, expected {pw:g} × {ph:g} mm")
        pdf = path.with_suffix(".pdf")
        if pdf.exists():
            paper = PAPERS.get(name)
            page = pdf_page_sizes(pdf, report, rel)
            if page is not None and (len(page) != 1 or paper is None or abs(page[0][0] - paper.width) > 0.1
                                     or abs(page[0][1] - paper.height) > 0.1):
                report.fail(rel(pdf), "tuck box", f"pages {page}, expected one {name} page")
        if not any(v.file == rel(path) for v in report.violations):
            report.summary.append(f"{path.name}: inside " + " × ".join(f"{v:g}" for v in inner) + " mm")


def _check_pdfs(game: str, game_dir: Path, params: dict, faces: int, backs: int, report: GameReport, rel) -> None:
    want_w, want_h = (v + 2 * params.get("bleed_mm", 3) for v in params.get("trim_mm", (63.5, 88.9)))
    cards_pdf = f"{game}-cards.pdf"
    for name, pages in ((cards_pdf, faces), (f"{game}-back.pdf", backs)):
        path = game_dir / name
        if not path.exists():
            continue
        sizes = pdf_page_sizes(path, report, rel)
        if sizes is None:
            continue
        if len(sizes) != pages:
            report.fail(rel(path), "-", f"{len(sizes)} pages, expected {pages}")
        for i, (w, h) in enumerate(sizes, 1):
            if abs(w - want_w) > 0.1 or abs(h - want_h) > 0.1:
                report.fail(rel(path), f"page {i}", f"{w:.1f} × {h:.1f} mm, expected {want_w:.1f} × {want_h:.1f}")
                break
        if name == cards_pdf and len(sizes) == pages:
            report.summary.append(f"{name}: {pages} pages of {want_w:.1f} × {want_h:.1f} mm")


def pdf_page_sizes(path: Path, report: GameReport, rel) -> "list | None":
    try:
        import pypdf

        return [(float(p.mediabox.width) * MM_PER_PT, float(p.mediabox.height) * MM_PER_PT)
                for p in pypdf.PdfReader(str(path)).pages]
    except Exception as exc:  # pypdf raises many types on damaged files
        report.fail(rel(path), "-", f"not a readable PDF ({exc.__class__.__name__}: {exc})")
        return None


def _check_print_pdfs(game: str, game_dir: Path, params: dict, faces: int, report: GameReport, rel) -> None:
    """Home-print sheets: one file per paper, the page count and page size the layout needs."""
    from ..layout.imposition import SheetSpec, impose
    from ..layout.paper import PAPERS

    info = params.get("print")
    if not info:
        return
    w, h = params.get("trim_mm", (63.5, 88.9))
    for name in info.get("papers", []):
        path = game_dir / f"{game}-print-{name}.pdf"
        if name not in PAPERS:
            report.fail(rel(path), "-", f"unknown paper {name!r} in manifest.json")
            continue
        if not path.exists():
            report.fail(rel(path), "-", "home-print PDF missing")
            continue
        spec = SheetSpec(PAPERS[name], w, h, params.get("bleed_mm", 3), info.get("layout", "duplex"),
                         tuple(info.get("back_offset_mm", (0, 0))), game)
        plan = impose(spec, faces)
        sizes = pdf_page_sizes(path, report, rel)
        if sizes is None:
            continue
        if len(sizes) != len(plan):
            report.fail(rel(path), "-", f"{len(sizes)} pages, expected {len(plan)} for {faces} cards")
        want = (plan[0].width, plan[0].height)
        bad = [i for i, (pw, ph) in enumerate(sizes, 1) if abs(pw - want[0]) > 0.1 or abs(ph - want[1]) > 0.1]
        if bad:
            pw, ph = sizes[bad[0] - 1]
            report.fail(rel(path), f"page {bad[0]}", f"{pw:.1f} × {ph:.1f} mm, expected {want[0]:.1f} × {want[1]:.1f} ({name})")
        if not bad and len(sizes) == len(plan):
            placed = sum(1 for page in plan for p in page.placements if not p.back)
            report.summary.append(f"{path.name}: {len(sizes)} pages of {name}, {placed} fronts placed "
                                  f"({info.get('layout', 'duplex')})")


def _check_pngs(game_dir: Path, params: dict, count: int, report: GameReport, rel) -> None:
    png_dir = game_dir / "png"
    if not png_dir.is_dir():
        return
    from PIL import Image

    w_mm, h_mm = (v + 2 * params.get("bleed_mm", 3) for v in params.get("trim_mm", (63.5, 88.9)))
    want = (round(w_mm / 25.4 * PNG_DPI), round(h_mm / 25.4 * PNG_DPI))
    files = sorted(png_dir.glob("*.png"))
    if len(files) != count:
        report.fail(rel(png_dir), "-", f"{len(files)} PNG files, expected {count}")
    for path in files:
        try:
            with Image.open(path) as im:
                size, dpi = im.size, im.info.get("dpi", (0, 0))
        except Exception as exc:  # Pillow raises many types on damaged files
            report.fail(rel(path), "-", f"not a readable PNG ({exc})")
            continue
        if size != want:
            report.fail(rel(path), "-", f"{size[0]} × {size[1]} px, expected {want[0]} × {want[1]}")
        if round(dpi[0]) != PNG_DPI:
            report.fail(rel(path), "-", f"resolution {dpi[0]:.0f} DPI, expected {PNG_DPI}")
    if len(files) == count:
        report.summary.append(f"png/: {count} images of {want[0]} × {want[1]} px at {PNG_DPI} DPI")
