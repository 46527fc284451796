"""How much ink a print file lays down at its darkest point: the preflight's ink line.

Two independent measures of the largest total ink (C+M+Y+K, percent):
- "gs CMYK raster": Ghostscript rasterizes each page into its four process plates
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
MAX_PAGE_BYTES = 64 * 2 ** 20  # a page's CMYK raster: a card page at 100 dpi is about 1 MB, a 12 x 17 in sheet 8 MB


class NoSeparations(subprocess.SubprocessError):
    """Ghostscript ended without an error but wrote no separation to measure."""


@dataclass(frozen=True)
class InkMeasure:
    """The largest total ink in a file: percent, page (1-based), what reaches it (a color
    C/M/Y/K in percent, or a pixel position at the dpi), and the method."""
    max_percent: float
    page: int
    where: str
    method: str  # "gs CMYK raster" or "content scan"

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
    """The maximum over the pixels of Ghostscript's CMYK rendering of the pages at dpi.

    gs rasterizes each page to its four process plates (pamcmyk32: one byte a plate a
    pixel, 0 where the plate prints nothing, 255 where it prints solid), streamed through
    a pipe a page at a time: nothing lands on disk and memory holds one page. For the
    DeviceCMYK, transparency-free files cardgen writes this is the same raster as the
    tiffsep separations a RIP makes (measured on all three shop decks: the same maximum,
    at the same pixel), in half the time."""
    import threading

    import numpy as np

    gs = gs_program()
    if gs is None:
        raise FileNotFoundError("gs")
    from ..private import temporary

    cmd = [gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pamcmyk32", f"-r{dpi}", "-sOutputFile=-",
           str(Path(path).resolve())]
    with temporary("ink") as tmp, open(Path(tmp) / "gs-said.txt", "w+b") as said:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=said)
        stopped = threading.Event()

        def stop() -> None:  # a hanging gs is stopped, and said so
            stopped.set()
            proc.kill()
        timer = threading.Timer(GS_SECONDS, stop)
        timer.start()
        best, page = (-1.0, 0, ""), 0
        try:
            while (shape := _pam_header(proc.stdout)) is not None:
                height, width, depth = shape
                if depth != 4 or width * height * depth > MAX_PAGE_BYTES:  # not what gs makes of our pages
                    raise NoSeparations(f"gs wrote a {width} x {height} x {depth} page, not a CMYK card page")
                data = proc.stdout.read(width * height * depth)
                if len(data) != width * height * depth:
                    break
                page += 1
                total = np.frombuffer(data, np.uint8).reshape(height, width, depth).sum(axis=2, dtype=np.uint16)
                y, x = np.unravel_index(int(np.argmax(total)), total.shape)
                percent = round(int(total[y, x]) * 100 / 255, 2)
                if percent > best[0]:
                    best = (percent, page, f"pixel ({x}, {y}) at {dpi} dpi")
            proc.stdout.close()
            code = proc.wait()
        finally:
            timer.cancel()
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        if stopped.is_set():
            raise subprocess.TimeoutExpired(cmd, GS_SECONDS)
        if code:
            said.seek(0)
            raise subprocess.CalledProcessError(code, cmd, stderr=said.read(4096))
    if best[1] == 0:  # gs ran and wrote no page: no figure, rather than a -1 % that passes any limit
        raise NoSeparations("gs wrote no separations")
    return InkMeasure(best[0], best[1], best[2], METHOD)


METHOD = "gs CMYK raster"


def _pam_header(stream) -> "tuple[int, int, int] | None":
    """(height, width, depth) of the next PAM image on the stream; None at its end or on
    anything that is not a PAM header (the page count then says what was read)."""
    if stream.readline(8) != b"P7\n":
        return None
    fields = {}
    for _ in range(16):
        line = stream.readline(128)
        if line == b"ENDHDR\n":
            try:
                return int(fields[b"HEIGHT"]), int(fields[b"WIDTH"]), int(fields[b"DEPTH"])
            except (KeyError, ValueError):
                return None
        key, _, value = line.strip().partition(b" ")
        fields[key] = value
    return None


def measure_ink(path: Path, dpi: int = 150, use_gs: "bool | None" = None) -> InkMeasure:
    """The file's largest total ink: by Ghostscript's separations when gs is installed
    (use_gs=None) or asked for, else by the exact content scan."""
    if use_gs is None:
        use_gs = gs_program() is not None
    return ink_by_separations(path, dpi) if use_gs else ink_by_scan(path)
