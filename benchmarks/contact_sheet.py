"""A contact sheet of built cards, to look at a design as a buyer would.

    python benchmarks/contact_sheet.py OUT.png DIR[:LABEL] [DIR[:LABEL] …] [--cards 001,006,…] [--dpi 100]

Each DIR is a folder of card SVGs (output/str8eight/svg, or a class set's svg folder);
one row per DIR, one column per card. A card is named by the start of its file name
("001", "036", "pass-left", "back"); the first file that matches is drawn, trimmed of its
bleed. Cards are rendered the way the PNG export renders them (cardgen.draw.png).
Not a test: a tool for before/after comparisons of the card art.
"""
from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

DEFAULT_CARDS = "001,006,012,024,032,036,042,064,pass-left,pass-right,back"


def trimmed(svg: str) -> str:
    """The card cut at its trim line: the viewBox narrowed to the data-trim-mm box."""
    trim = re.search(r'data-trim-mm="([\d.]+),([\d.]+)"', svg)
    if not trim:
        return svg
    w, h = trim.groups()
    svg = re.sub(r'viewBox="[^"]*"', f'viewBox="0 0 {w} {h}"', svg, count=1)
    svg = re.sub(r'width="[\d.]+mm"', f'width="{w}mm"', svg, count=1)
    return re.sub(r'height="[\d.]+mm"', f'height="{h}mm"', svg, count=1)


def card_png(path: Path, dpi: int):
    from PIL import Image

    from cardgen.draw.png import svg_to_png

    return Image.open(io.BytesIO(svg_to_png(trimmed(path.read_text()), dpi))).convert("RGB")


def main() -> None:
    from PIL import Image, ImageDraw

    from cardgen.draw.fonts import ensure_fonts
    from cardgen.theme import DEFAULT_FONTS, HYPERLEGIBLE_FONTS

    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--cards", default=DEFAULT_CARDS)
    ap.add_argument("--dpi", type=int, default=100)
    args = ap.parse_args()
    first = next(Path(args.dirs[0].partition(":")[0]).glob("*.svg")).read_text()
    ensure_fonts(HYPERLEGIBLE_FONTS if "Atkinson" in first else DEFAULT_FONTS)  # one font set a sheet
    rows = []
    for spec in args.dirs:
        folder, _, label = spec.partition(":")
        files = sorted(Path(folder).glob("*.svg"))
        row = []
        for name in args.cards.split(","):
            hit = next((f for f in files if f.name.startswith(name)), None)
            if hit is not None:
                row.append((hit.stem, card_png(hit, args.dpi)))
        rows.append((label or folder, row))
    pad, head = 12, 18
    cw = max(im.width for _, row in rows for _, im in row)
    ch = max(im.height for _, row in rows for _, im in row)
    cols = max(len(row) for _, row in rows)
    sheet = Image.new("RGB", (pad + cols * (cw + pad), sum(head * 2 + ch + pad for _ in rows) + pad), "#8c8c8c")
    draw = ImageDraw.Draw(sheet)
    y = pad
    for label, row in rows:
        draw.text((pad, y), label, fill="#000000")
        for i, (stem, im) in enumerate(row):
            x = pad + i * (cw + pad)
            draw.text((x, y + head), stem, fill="#000000")
            sheet.paste(im, (x, y + head * 2))
        y += head * 2 + ch + pad
    sheet.save(args.out)
    print(args.out, sheet.size)


if __name__ == "__main__":
    main()
