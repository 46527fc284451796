"""Write the calibration sheet: one duplex sheet (front and back page) per paper.

Without a correction it shows the printer as it is, so the ladders and rulers read what
the [printer] table needs; `cardgen calibrate --check` draws it through the same page
maps as the card sheets (layout/printer.py), so a well-set profile reads 0 and 100 mm.
The PDF asks the viewer to print at actual size and to flip on the long edge.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import CardgenError, writing
from ..layout.calibration import plan
from ..layout.paper import Paper

TITLE = "cardgen – calibration sheet"
OLD_TITLE = "cardgen calibration sheet"  # what sheets of earlier versions are titled: still ours
MAX_SHEET_BYTES = 16 << 20  # a calibration sheet is a few hundred kilobytes: anything larger is not one


def file_name(paper: Paper, check: bool) -> str:
    return f"calibration-{'check-' if check else ''}{paper.name}.pdf"


def write_calibration(path: Path, paper: Paper, theme, correction=None) -> Path:
    """The two pages into path (replaced in one step); correction: a check print."""
    from ..design.calibration import sheet_svgs
    from ..draw.pdf import LONG_EDGE, write_pages
    from ..layout.printer import IDENTITY

    check = correction is not None
    front, back = sheet_svgs(plan(paper), theme, correction.describe() if check else None)
    maps = None
    if check:
        maps = [correction.page(paper.width, paper.height), correction.back_page(paper.width, paper.height)]
        maps = maps if any(m != IDENTITY for m in maps) else None
    from ..atomicfile import replace_with
    from ..private import temporary

    with temporary("calibrate") as private:  # ours alone (mode 0700), swept by the next run if this one is killed
        drawn = Path(private) / path.name
        write_pages([front, back], drawn, _meta(paper, correction), (paper.width, paper.height), theme.fonts,
                    page_map=maps, duplex=LONG_EDGE)
        data = drawn.read_bytes()
    with writing(path):
        replace_with(path, data)  # through a private name beside it: nothing planted there is touched
    return path


def _meta(paper: Paper, correction):
    """The sheet's metadata: its title starts with TITLE (refuse_unless_ours reads it)."""
    from ..draw.pdfmeta import meta_for

    check = f", check of {correction.describe()}" if correction is not None else ""
    return meta_for("calibration", "cardgen", f"{paper.name} paper{check}")


def refuse_unless_ours(path: Path) -> None:
    """An existing file of that name is replaced only when it is a calibration sheet of ours."""
    import os

    if not os.path.lexists(path):
        return
    try:
        import pikepdf

        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_SHEET_BYTES:
            raise ValueError
        with pikepdf.open(path) as pdf:
            if str(pdf.docinfo.get("/Title", "")).startswith((TITLE, OLD_TITLE)):
                return
    except Exception:  # not a PDF, not readable: not ours either way
        pass
    raise CardgenError(f"{path} exists and is not a calibration sheet cardgen wrote: move it, "
                       "or write the sheet elsewhere with --out")
