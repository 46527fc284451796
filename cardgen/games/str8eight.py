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


def build(options: BuildOptions, game_dir: Path) -> "tuple[dict, list[tuple[Path, str, str]]]":
    deck = build_deck(options.table_size)
    size = card_size(options.card_size)
    cards = deck_svgs(deck, size, options.bleed)
    params = {
        "table_size": deck.table_size,
        "pass_cards": len(deck.pass_cards),
        "card_size": size.name,
        "trim_mm": [size.width, size.height],
        "bleed_mm": options.bleed,
    }
    written: list[tuple[Path, str, str]] = []

    svg_dir = game_dir / "svg"
    svg_dir.mkdir(parents=True)
    for card in cards:
        path = svg_dir / f"{card.slug}.svg"
        path.write_text(card.svg, encoding="utf-8")
        written.append((path, card.kind, "svg"))

    if "pdf" in options.formats:
        from ..render.pdf import write_pdf

        faces = [c.svg for c in cards if c.kind != "back"]
        write_pdf(faces, game_dir / CARDS_PDF, f"{TITLE} – {len(faces)} card faces")
        written.append((game_dir / CARDS_PDF, "faces", "pdf"))
        write_pdf([cards[-1].svg], game_dir / BACK_PDF, f"{TITLE} – card back")
        written.append((game_dir / BACK_PDF, "back", "pdf"))

    if "png" in options.formats:
        from ..render.png import write_pngs

        png_dir = game_dir / "png"
        png_dir.mkdir()
        jobs = [(c.svg, str(png_dir / f"{c.slug}.png")) for c in cards]
        write_pngs(jobs, options.jobs)
        written += [(png_dir / f"{c.slug}.png", c.kind, "png") for c in cards]

    return params, written
