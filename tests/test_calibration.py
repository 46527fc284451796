"""The calibration sheet, printed to pixels and read back the way a person reads it.

A simulated home printer scales both sides a little and puts the back shifted and turned;
the sheet is held to the light (the back seen mirrored and faint through the paper), and
code finds, in each ladder, the dash that the back's line runs through, and measures the
rulers end to end. The values read must be the printer's error, undone, within 0.25 mm;
printed again with those values (`calibrate --check`) on the same printer, every ladder
must read 0 and every ruler 100 mm.
"""
import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from cardgen.layout.calibration import ROTATION_BASE_MM, SPAN_MM, plan, readings_to_profile
from cardgen.layout.paper import PAPERS
from conftest import run_cli

DPI = 254  # 10 pixels a mm: every 0.2 mm dash covers one pixel whole
PX = DPI / 25.4
FRONT_INK, BACK_INK = 90, 235  # darker than FRONT_INK: the front's ink; up to BACK_INK: the back, seen through
SHOW_THROUGH = 0.45  # how dark the back's ink looks through the paper


def render(pdf) -> list:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    return [doc[i].render(scale=DPI / 72).to_pil().convert("L") for i in range(len(doc))]


class Printer:
    """Prints both sides scaled by k about the page centre and the back side's drawing, in
    its own coordinates (x right as the back is seen), moved by shift and turned by turn
    degrees clockwise about the centre."""

    def __init__(self, paper, k=(1.0, 1.0), shift=(0.0, 0.0), turn=0.0):
        self.w, self.h = paper.width, paper.height
        self.k, self.shift, self.turn = k, shift, math.radians(turn)

    def _unprint_front(self, u, v):
        cx, cy = self.w / 2, self.h / 2
        return cx + (u - cx) / self.k[0], cy + (v - cy) / self.k[1]

    def _unprint_back(self, u, v):
        """Where on the back page the drawing seen at (u, v) from the front comes from."""
        cx, cy = self.w / 2, self.h / 2
        x, y = self.w - u - self.shift[0] - cx, v - self.shift[1] - cy  # seen through: mirrored
        c, s = math.cos(-self.turn), math.sin(-self.turn)
        x, y = c * x - s * y, s * x + c * y
        return cx + x / self.k[0], cy + y / self.k[1]

    def seen(self, front: Image.Image, back: Image.Image, box: tuple) -> Image.Image:
        """The region box (x0, y0, x1, y1 mm, front coordinates) of the printed sheet held
        to the light: the front's ink over the back's, faint."""
        x0, y0, x1, y1 = box
        size = (round((x1 - x0) * PX), round((y1 - y0) * PX))

        def coefficients(unprint):
            def at(i, j):
                return tuple(v * PX for v in unprint(x0 + i / PX, y0 + j / PX))
            (c, f), (a1, d1), (b1, e1) = at(0, 0), at(1, 0), at(0, 1)
            return (a1 - c, b1 - c, c, d1 - f, e1 - f, f)
        face = front.transform(size, Image.AFFINE, coefficients(self._unprint_front), Image.BILINEAR, fillcolor=255)
        rear = back.transform(size, Image.AFFINE, coefficients(self._unprint_back), Image.BILINEAR, fillcolor=255)
        rear = rear.point(lambda p: round(255 - SHOW_THROUGH * (255 - p)))
        return ImageChops.darker(face, rear)


def _runs(flags: list) -> list:
    """(start, end) of each run of True."""
    runs, start = [], None
    for i, f in enumerate(flags + [False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            runs.append((start, i))
            start = None
    return runs


def _centroid(values: list, lo: int, hi: int) -> "float | None":
    """Ink-weighted centre of the pixels darker than hi and not darker than lo."""
    weights = [(i, 255 - v) for i, v in enumerate(values) if lo <= v < hi]
    total = sum(w for _, w in weights)
    return sum((i + 0.5) * w for i, w in weights) / total if total else None


def read_ladder(printer: Printer, front, back, ladder) -> float:
    """The number of the dash the back's line runs through: the dashes (front ink) are
    found in the pixels, the line (the back's ink) beside each one, in the gaps."""
    across = ladder.axis == "x"
    reach = len(ladder.rungs) * 0.9 + 1.5  # the dashes and the gaps beyond, not the caption
    if across:
        box = (ladder.x - SPAN_MM - 0.8, ladder.y - reach, ladder.x + SPAN_MM + 0.8, ladder.y + reach)
    else:
        box = (ladder.x - reach, ladder.y - SPAN_MM - 0.8, ladder.x + reach, ladder.y + SPAN_MM + 0.8)
    img = printer.seen(front, back, box)
    if not across:
        img = img.transpose(Image.Transpose.TRANSPOSE)  # dashes along x, stacked down, as in an across ladder
    px = img.load()
    rows = [[px[x, y] for x in range(img.width)] for y in range(img.height)]
    dashes = _runs([min(r) < FRONT_INK for r in rows])
    assert len(dashes) == len(ladder.rungs), (ladder.name, len(dashes))
    best = None
    for k, (top, bottom) in enumerate(dashes):
        mid = [v for y in range(top + (bottom - top) // 4, bottom - (bottom - top) // 4) for v in rows[y]]
        width = img.width
        dash = _centroid([min(mid[i::width]) for i in range(width)], 0, FRONT_INK)
        gaps = [y for y in (top - 2, bottom + 1) if 0 <= y < len(rows) and min(rows[y]) >= FRONT_INK]
        lines = [_centroid(rows[y], FRONT_INK, BACK_INK) for y in gaps]
        lines = [x for x in lines if x is not None]
        off = abs(dash - sum(lines) / len(lines))
        value = ladder.rungs[k].value
        if best is None or off < best[0]:
            best = (off, value)
    return best[1]


def read_ruler(printer: Printer, front, back, ruler) -> float:
    """The ruler's length as printed, end tick to end tick, read along a line just beside the bar."""
    pad = 3
    if ruler.axis == "x":
        box = (ruler.x - pad, ruler.y - 0.9, ruler.x + ruler.length + pad, ruler.y - 0.7)
    else:
        box = (ruler.x + 0.7, ruler.y - pad, ruler.x + 0.9, ruler.y + ruler.length + pad)
    img = printer.seen(front, back, box)
    if ruler.axis == "y":
        img = img.transpose(Image.Transpose.TRANSPOSE)
    line = [min(img.getpixel((x, y)) for y in range(img.height)) for x in range(img.width)]
    ticks = _runs([v < 160 for v in line])  # the end ticks, and the 5 and 10 mm ones between
    assert len(ticks) >= 21, len(ticks)
    first, last = (_centroid(line[a:b], 0, 160) + a for a, b in (ticks[0], ticks[-1]))
    return (last - first) / PX


def read_sheet(pdf, paper, printer: Printer) -> dict:
    front, back = render(pdf)
    p = plan(paper)
    got = {l.name: read_ladder(printer, front, back, l) for l in p.ladders}
    got.update({f"ruler-{r.axis}": read_ruler(printer, front, back, r) for r in p.rulers})
    return got


def test_the_sheet_reads_a_printers_error_and_the_check_print_reads_zero(tmp_path):
    paper = PAPERS["letter"]
    # 1.37 mm left and 2.11 mm up as the back is seen, turned 0.29° anticlockwise; 100 mm prints
    # as 99.25 across and 100.6 down
    printer = Printer(paper, k=(0.9925, 1.006), shift=(-1.37, -2.11), turn=-0.29)
    assert run_cli("calibrate", "--out", tmp_path).exit_code == 0
    got = read_sheet(tmp_path / "calibration-letter.pdf", paper, printer)
    offset, rotation = readings_to_profile(got["A"], got["B"], got["X"], got["Y"])
    scale = (got["ruler-x"], got["ruler-y"])
    # what undoes the printer: the back moved back, turned back; the scale as measured
    assert offset[0] == pytest.approx(1.37, abs=0.25) and offset[1] == pytest.approx(2.11, abs=0.25), got
    radius = ROTATION_BASE_MM / 2  # where A and B read it: the error there, in mm
    assert abs(math.radians(rotation - 0.29)) * radius <= 0.25, got
    assert scale == (pytest.approx(99.25, abs=0.25), pytest.approx(100.6, abs=0.25)), got

    result = run_cli("calibrate", "--check", "--out", tmp_path, "--back-offset", f"{offset[0]},{offset[1]}",
                     "--back-rotation", rotation, "--print-scale", f"{scale[0]:.2f},{scale[1]:.2f}")
    assert result.exit_code == 0, result.output
    again = read_sheet(tmp_path / "calibration-check-letter.pdf", paper, printer)
    assert all(abs(again[k]) <= 0.25 for k in "AXYB"), again  # 0, or the one step next to it
    assert (again["ruler-x"], again["ruler-y"]) == (pytest.approx(100, abs=0.25), pytest.approx(100, abs=0.25))


def test_a4_sheet_and_a_perfect_printer_read_zero(tmp_path):
    assert run_cli("calibrate", "--paper", "a4", "--out", tmp_path).exit_code == 0
    got = read_sheet(tmp_path / "calibration-a4.pdf", PAPERS["a4"], Printer(PAPERS["a4"]))
    assert [got[k] for k in "AXYB"] == [0, 0, 0, 0] and got["ruler-x"] == pytest.approx(100, abs=0.1)


def test_calibrate_replaces_only_its_own_sheet(tmp_path):
    mine = tmp_path / "calibration-letter.pdf"
    mine.write_text("my notes")
    result = run_cli("calibrate", "--out", tmp_path)
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "is not a calibration sheet" in result.output
    assert mine.read_text() == "my notes"
    mine.unlink()
    assert run_cli("calibrate", "--out", tmp_path).exit_code == 0
    assert run_cli("calibrate", "--out", tmp_path).exit_code == 0  # its own sheet: replaced
    with __import__("pikepdf").open(mine) as pdf:
        prefs = pdf.Root.ViewerPreferences
        assert (prefs.PrintScaling, prefs.Duplex) == ("/None", "/DuplexFlipLongEdge") and len(pdf.pages) == 2


def test_the_sheet_sets_the_printer_up_like_every_pdf(tmp_path):
    """The calibration sheet goes through draw/pdf.py's print setup and tagged fonts like the
    card PDFs: a distinct tag per subset, and the checker's print-setup rules know it (and
    a reprint sheet) should one sit in a game's folder."""
    import re

    import pikepdf

    from cardgen.check import printsetup

    assert run_cli("calibrate", "--out", tmp_path).exit_code == 0
    with pikepdf.open(tmp_path / "calibration-letter.pdf") as pdf:
        fonts = [str(o.BaseFont) for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"]
    tags = [re.fullmatch(r"/([A-Z]{6})\+.+", name).group(1) for name in fonts]
    assert len(fonts) >= 2 and len(set(fonts)) == len(fonts) and len(set(tags)) == len(tags) and "AAAAAA" not in tags
    assert printsetup._wants("eights", "calibration-letter.pdf", None) == (printsetup.LONG_EDGE,
                                                                         printsetup.CALIBRATION_WORDS)
    assert printsetup._wants("eights", "calibration-check-a4.pdf", None)[0] == printsetup.LONG_EDGE
    text = __import__("subprocess").run(["pdftotext", "-l", "1", tmp_path / "calibration-letter.pdf", "-"],
                                        capture_output=True, text=True, check=True).stdout.lower()
    assert all(w in " ".join(text.split()) for w in printsetup.CALIBRATION_WORDS)


def test_check_sheet_without_a_profile_is_refused_in_one_line(tmp_path, monkeypatch):
    """--check prints the sheet through the saved profile: with none, say what to do."""
    from conftest import run_cli

    monkeypatch.chdir(tmp_path)
    result = run_cli("calibrate", "--check", "--out", tmp_path)
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "[printer]" in result.output and not list(tmp_path.glob("*.pdf"))


def test_calibrate_writes_through_private_names_only(tmp_path):
    """What the old sheet writer used as its temporary file, planted beforehand: a link to a
    file of the user's, a FIFO, a folder. The sheet is written all the same, through a name
    of its own, and none of them is followed, opened or touched."""
    import os
    import signal

    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    linked, piped, boxed = tmp_path / "linked", tmp_path / "piped", tmp_path / "boxed"
    for folder in (linked, piped, boxed):
        folder.mkdir()
    (linked / ".calibration-letter.pdf.part").symlink_to(victim)
    os.mkfifo(piped / ".calibration-a4.pdf.part")
    (boxed / ".calibration-check-letter.pdf.part").mkdir()
    signal.alarm(60)  # a FIFO opened for writing would wait for a reader for ever
    try:
        assert run_cli("calibrate", "--out", linked).exit_code == 0
        assert run_cli("calibrate", "--paper", "a4", "--out", piped).exit_code == 0
        result = run_cli("calibrate", "--check", "--back-offset", "1,0", "--out", boxed)
    finally:
        signal.alarm(0)
    assert result.exit_code == 0, result.output
    assert victim.read_text() == "mine" and os.readlink(linked / ".calibration-letter.pdf.part") == str(victim)
    assert (boxed / ".calibration-check-letter.pdf.part").is_dir()
    for folder, name in ((linked, "calibration-letter.pdf"), (piped, "calibration-a4.pdf"),
                         (boxed, "calibration-check-letter.pdf")):
        assert sorted(p.name for p in folder.iterdir()) == sorted([name, f".{name}.part"])  # nothing else left
        assert (folder / name).read_bytes().startswith(b"%PDF")


def test_calibrate_out_makes_its_folder_and_refuses_one_it_cannot_write(tmp_path, monkeypatch):
    """--out makes a folder that does not exist yet, as build does; --dir is its old name,
    still taken with a note; a read-only folder, a file named as the folder, or a folder
    that refuses the file gets one line and exit 2."""
    import errno
    import os
    import tempfile

    result = run_cli("calibrate", "--out", tmp_path / "new" / "cal")
    assert result.exit_code == 0 and (tmp_path / "new" / "cal" / "calibration-letter.pdf").is_file()
    result = run_cli("calibrate", "--dir", tmp_path / "old")
    assert result.exit_code == 0 and (tmp_path / "old" / "calibration-letter.pdf").is_file()
    assert "--dir is now --out" in result.output
    (tmp_path / "file").write_text("x")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    real = os.access  # as root, chmod stops nothing: what the folder answers is asked with os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p) == locked and mode & os.W_OK
                        else real(p, mode, **kw))
    for folder, says in ((locked, "Permission denied"), (tmp_path / "file", "is not a folder")):
        result = run_cli("calibrate", "--out", folder)
        assert result.exit_code == 2 and result.output.count("\n") == 1 and says in result.output, result.output
    assert list(locked.iterdir()) == []

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
    monkeypatch.setattr(tempfile, "mkstemp", refuse)  # the folder lets us in, but not a new file
    result = run_cli("calibrate", "--out", tmp_path / "old")
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "cannot write" in result.output and "Permission denied" in result.output
