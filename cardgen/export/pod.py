"""Print-on-demand files: one PNG per card at 300 DPI with 1/8 in bleed, RGB, named in
deck order (001.png …), the back(s), and a zip of the lot per deck.

Poker cards come out at 825 × 1125 px, what The Game Crafter asks for; the zip is
reproducible (fixed dates, sorted names)."""
from __future__ import annotations

import zipfile
from pathlib import Path

from ..errors import writing

POD_BLEED_MM = 25.4 / 8
POD_DPI = 300
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


def pixel_size(width_mm: float, height_mm: float) -> tuple:
    return (round((width_mm + 2 * POD_BLEED_MM) / 25.4 * POD_DPI),
            round((height_mm + 2 * POD_BLEED_MM) / 25.4 * POD_DPI))


def write_pod(folder: Path, game: str, art, trim_mm: tuple, workers: int, fonts,
              renders: "dict | None" = None, sources: "list | None" = None) -> list[Path]:
    """art: the deck's DeckArt drawn with a 1/8 in bleed. renders: PNG bytes (no resolution
    set) by (pixel size, bleed), shared with the print shops of the same template (The Game
    Crafter's poker cards are these very images). sources: for each face then back, the
    "sha256:…" of its card SVG in svg/, noted in its image (what `cardgen check` holds it to)."""
    from ..draw.png import SOURCE_KEY, with_dpi, with_text
    from ..draw.png import rgb_pngs

    faces, backs = art.faces, art.backs

    folder.mkdir(parents=True, exist_ok=True)
    size = pixel_size(*trim_mm)
    digits = max(3, len(str(len(faces))))
    named = [(f"{i:0{digits}d}.png", c) for i, c in enumerate(faces, 1)]
    named += [("back.png" if len(backs) == 1 else f"back-{i}.png", b) for i, b in enumerate(backs, 1)]
    written, data = [], {}
    key = (tuple(size), POD_BLEED_MM)  # the shops' key: faces, then backs, in deck order
    pngs = (renders or {}).get(key)
    if pngs is None:
        pngs = rgb_pngs([c.svg for _, c in named], *size, workers, fonts)
        if renders is not None:
            renders[key] = pngs
    for i, ((name, _), png) in enumerate(zip(named, pngs)):
        path = folder / name
        data[path] = with_dpi(png, POD_DPI)
        if sources:
            data[path] = with_text(data[path], SOURCE_KEY, sources[i])
        with writing(path):
            path.write_bytes(data[path])
        written.append(path)
    archive = folder / f"{game}-pod.zip"
    with writing(archive), zipfile.ZipFile(archive, "w") as zf:
        for path in sorted(written):
            info = zipfile.ZipInfo(path.name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED  # PNGs are compressed already
            info.external_attr = 0o644 << 16
            zf.writestr(info, data[path])
    written.append(archive)
    return written
