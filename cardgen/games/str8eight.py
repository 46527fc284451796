"""Build the Str8 Eight deck's files: SVG per card (always: the checker reads them),
plus the card PDF and 300-DPI PNGs when asked."""
from __future__ import annotations

from pathlib import Path

from ..model.sizes import card_size
from ..model.str8eight import GAME, TITLE, build_deck
from ..options import BuildOptions
from ..render.str8eight_cards import deck_svgs

CARDS_PDF = f"{GAME}-cards.pdf"
BACK_PDF = f"{GAME}-back.pdf"


SHEET_PNG_DPI = 200


def print_pdf_name(paper: str) -> str:
    return f"{GAME}-print-{paper}.pdf"


def sheet_name(paper: str, ext: str) -> str:
    return f"sequence-sheet-{paper}.{ext}"


def build(options: BuildOptions, game_dir: Path) -> "tuple[dict, list[tuple[Path, str, str]]]":
    deck = build_deck(options.table_size)
    size = card_size(options.card_size)
    cards = deck_svgs(deck, size, options.bleed, options.low_ink)
    params = {
        "table_size": deck.table_size,
        "pass_cards": len(deck.pass_cards),
        "card_size": size.name,
        "trim_mm": [size.width, size.height],
        "bleed_mm": options.bleed,
        "low_ink": options.low_ink,
    }
    written: list[tuple[Path, str, str]] = []

    svg_dir = game_dir / "svg"
    svg_dir.mkdir(parents=True)
    for card in cards:
        path = svg_dir / f"{card.slug}.svg"
        path.write_text(card.svg, encoding="utf-8")
        written.append((path, card.kind, "svg"))

    from ..layout.paper import papers
    from ..model.str8eight import sequence_map
    from ..render.sequence_sheet import sheet_svg

    seq = sequence_map(deck.table_size)
    sheets = {paper: sheet_svg(seq, paper) for paper in papers(options.paper)}
    params["sequence_sheet"] = {"papers": [p.name for p in sheets]}
    for paper, svg in sheets.items():
        path = game_dir / sheet_name(paper.name, "svg")
        path.write_text(svg, encoding="utf-8")
        written.append((path, "sequence-sheet", "svg"))

    if "pdf" in options.formats:
        from ..layout.imposition import SheetSpec, impose
        from ..render.pdf import record_svg, write_pages
        from ..render.sheets import write_sheets

        recordings = [record_svg(c.svg) for c in cards]
        faces, back = recordings[:-1], recordings[-1]
        page_mm = (size.width + 2 * options.bleed, size.height + 2 * options.bleed)
        write_pages(faces, game_dir / CARDS_PDF, f"{TITLE} – {len(faces)} card faces", page_mm, options.bleed)
        written.append((game_dir / CARDS_PDF, "faces", "pdf"))
        write_pages([back], game_dir / BACK_PDF, f"{TITLE} – card back", page_mm, options.bleed)
        written.append((game_dir / BACK_PDF, "back", "pdf"))
        params["print"] = {"papers": [], "layout": options.layout, "back_offset_mm": list(options.back_offset)}
        for paper in papers(options.paper):
            spec = SheetSpec(paper, size.width, size.height, options.bleed, options.layout,
                             options.back_offset, TITLE)
            path = game_dir / print_pdf_name(paper.name)
            write_sheets(impose(spec, len(faces)), faces, back, options.bleed, path,
                         f"{TITLE} – print and play, {paper.name}, {options.layout}")
            written.append((path, "print", "pdf"))
            params["print"]["papers"].append(paper.name)
        for paper, svg in sheets.items():
            path = game_dir / sheet_name(paper.name, "pdf")
            land = paper.landscape()
            write_pages([record_svg(svg)], path, f"{TITLE} – sequence sheet ({paper.name})", (land.width, land.height))
            written.append((path, "sequence-sheet", "pdf"))

    if "png" in options.formats:
        from ..render.png import PNG_DPI, write_pngs

        png_dir = game_dir / "png"
        png_dir.mkdir()
        jobs = [(c.svg, str(png_dir / f"{c.slug}.png"), PNG_DPI) for c in cards]
        jobs += [(svg, str(game_dir / sheet_name(paper.name, "png")), SHEET_PNG_DPI) for paper, svg in sheets.items()]
        write_pngs(jobs, options.jobs)
        written += [(png_dir / f"{c.slug}.png", c.kind, "png") for c in cards]
        written += [(game_dir / sheet_name(p.name, "png"), "sequence-sheet", "png") for p in sheets]

    return params, written
