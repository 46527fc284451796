"""How much ink a print file lays down at its darkest point: the preflight's ink line.

Two independent measures of the largest total ink (C+M+Y+K, percent):
- "gs tiffsep": Ghostscript rasterizes each page into its four process separations
  (what a RIP does), and the coverages are summed pixel by pixel. What a shop's
  preflight measures, but it needs the gs program.
- "content scan": every CMYK color operator and every CMYK image pixel in the file
  (check/pdfcolors.py). Exact for a file without transparency (PDF/X-1a), where
  nothing is blended, and needs nothing but pikepdf.
measure_ink uses Ghostscript when it is installed and says which method it used.
Reads files only.
"""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

GS_SECONDS = 120
PROCESS = ("Cyan", "Magenta", "Yellow", "Black")


class NoSeparations(subprocess.SubprocessError):
    """Ghostscript ended without an error but wrote no separation to measure."""


@dataclass(frozen=True)
class InkMeasure:
    """The largest total ink in a file: percent, page (1-based), what reaches it (a color
    C/M/Y/K in percent, or a pixel position at the dpi), and the method."""
    max_percent: float
    page: int
    where: str
    method: str  # "gs tiffsep" or "content scan"

    def within(self, limit: float) -> bool:
        return self.max_percent <= limit + 0.5  # half a percent: 8-bit rounding of either method


def ink_by_scan(path: Path) -> InkMeasure:
    """The exact maximum from the content streams (valid without transparency)."""
    from .pdfcolors import paints
    from .pdfread import open_pdf

    with open_pdf(Path(path)) as pdf:
        return ink_of(paints(pdf))


def ink_of(found: list) -> InkMeasure:
    """The content scan's figure from a file's paints (pdfcolors.paints)."""
    from .pdfcolors import max_ink

    top = max_ink(found)
    if top is None:
        return InkMeasure(0.0, 0, "no CMYK paint", "content scan")
    color = "C{:.0f} M{:.0f} Y{:.0f} K{:.0f}".format(*(v * 100 for v in top.cmyk))
    return InkMeasure(top.ink, top.page, f"{top.where}: {color}", "content scan")


def gs_program() -> "str | None":
    return shutil.which("gs")


def ink_by_separations(path: Path, dpi: int = 150) -> InkMeasure:
    """The maximum over the pixels of Ghostscript's tiffsep separations at dpi.

    tiffsep writes, per page, one 8-bit gray TIFF per separation, 0 where the plate
    prints solid and 255 where it prints nothing."""
    import numpy as np
    from PIL import Image

    gs = gs_program()
    if gs is None:
        raise FileNotFoundError("gs")
    from ..private import temporary

    with temporary("ink") as tmp:  # named with our pid: swept after a SIGKILL too
        out = Path(tmp)
        # gs reads % in the output name as a page-number format: a literal one (a TMPDIR named
        # "t%d") is doubled, or the pages land elsewhere and nothing is measured
        pattern = str(out).replace("%", "%%") + "/p%04d.tif"
        subprocess.run([gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep", f"-r{dpi}",
                        "-dMaxSpots=0", f"-sOutputFile={pattern}", str(Path(path).resolve())],
                       check=True, capture_output=True, timeout=GS_SECONDS)
        best = (-1.0, 0, "")
        for composite in sorted(out.glob("p[0-9][0-9][0-9][0-9].tif")):
            page = int(composite.stem[1:])
            total = None
            for sep in PROCESS:
                with Image.open(out / f"{composite.stem}({sep}).tif") as im:
                    cover = 255 - np.asarray(im.convert("L"), dtype=np.int32)
                total = cover if total is None else total + cover
            y, x = np.unravel_index(int(np.argmax(total)), total.shape)
            percent = round(int(total[y, x]) * 100 / 255, 2)
            if percent > best[0]:
                best = (percent, page, f"pixel ({x}, {y}) at {dpi} dpi")
    if best[1] == 0:  # gs ran and wrote no page: no figure, rather than a -1 % that passes any limit
        raise NoSeparations("gs wrote no separations")
    return InkMeasure(best[0], best[1], best[2], "gs tiffsep")


def measure_ink(path: Path, dpi: int = 150, use_gs: "bool | None" = None) -> InkMeasure:
    """The file's largest total ink: by Ghostscript's separations when gs is installed
    (use_gs=None) or asked for, else by the exact content scan."""
    if use_gs is None:
        use_gs = gs_program() is not None
    return ink_by_separations(path, dpi) if use_gs else ink_by_scan(path)
