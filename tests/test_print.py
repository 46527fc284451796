"""Home-print sheets: geometry in millimetres on the plan and on rasterized pages."""
from pathlib import Path

import pypdf
import pytest

from cardgen.layout.imposition import SheetSpec, impose
from cardgen.layout.paper import PAPERS
from conftest import MM_PER_PT, run_cli

W, H = 63.5, 88.9
DPI = 300
PX = DPI / 25.4  # pixels per mm


def raster(pdf: Path, index: int, dpi: int = DPI):
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(pdf))[index]
    return page.render(scale=dpi / 72).to_pil().convert("L")


def dark_runs(values, threshold=140):
    """Centres (in pixels) of runs of dark pixels along a line."""
    runs, start = [], None
    for i, v in enumerate(list(values) + [255]):
        if v < threshold and start is None:
            start = i
        elif v >= threshold and start is not None:
            runs.append((start + i - 1) / 2)
            start = None
    return runs


def row(img, y_mm):
    y = round(y_mm * PX)
    return [img.getpixel((x, y)) for x in range(img.width)]


def col(img, x_mm):
    x = round(x_mm * PX)
    return [img.getpixel((x, y)) for y in range(img.height)]


# -- the plan ---------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_plan_geometry(paper):
    p = PAPERS[paper]
    pages = impose(SheetSpec(p, W, H, 3.0, title="Str8 Eight"), 70)
    assert len(pages) == 16 and [pg.side for pg in pages[:2]] == ["fronts", "backs"]
    front = pages[0]
    assert len(front.placements) == 9
    xs = sorted({round(pl.trim.x, 3) for pl in front.placements})
    ys = sorted({round(pl.trim.y, 3) for pl in front.placements})
    # butted: the pitch is the trim size, one cut serves both neighbours
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([W, W], abs=0.2)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([H, H], abs=0.2)
    for pl in front.placements:
        assert pl.trim.w == W and pl.trim.h == H
        c = pl.clip
        assert c.x >= 5 - 1e-9 and c.y >= 5 - 1e-9 and c.right <= p.width + 1e-9 - 5 and c.bottom <= p.height - 5 + 1e-9
    # crop marks: each a vertical line on a vertical trim line, or a horizontal one on a
    # horizontal trim line, running from 3 mm off the page edge to 0.3 mm short of the
    # printed bleed (so its length is fixed by the margin), one at each end of every cut
    trim_xs = sorted({round(v, 3) for pl in front.placements for v in (pl.trim.x, pl.trim.right)})
    trim_ys = sorted({round(v, 3) for pl in front.placements for v in (pl.trim.y, pl.trim.bottom)})
    left, right = min(pl.clip.x for pl in front.placements), max(pl.clip.right for pl in front.placements)
    top, bottom = min(pl.clip.y for pl in front.placements), max(pl.clip.bottom for pl in front.placements)
    vertical, horizontal = set(), set()
    for mark in front.marks:
        x1, x2 = sorted((mark.x1, mark.x2))
        y1, y2 = sorted((mark.y1, mark.y2))
        assert (x1 == x2) != (y1 == y2), mark  # a straight line along one axis, not a point
        if x1 == x2:
            assert round(x1, 3) in trim_xs, mark
            assert (y1, y2) in ((pytest.approx(3.0), pytest.approx(top - 0.3)),
                                (pytest.approx(bottom + 0.3), pytest.approx(p.height - 3.0))), mark
            vertical.add((round(x1, 3), y1 < top))
        else:
            assert round(y1, 3) in trim_ys, mark
            assert (x1, x2) in ((pytest.approx(3.0), pytest.approx(left - 0.3)),
                                (pytest.approx(right + 0.3), pytest.approx(p.width - 3.0))), mark
            horizontal.add((round(y1, 3), x1 < left))
        assert min(x2 - x1, y2 - y1) == 0 and max(x2 - x1, y2 - y1) >= 1.0, mark  # long enough to see
        for pl in front.placements:  # never on a card
            c = pl.clip
            assert x2 <= c.x + 1e-9 or x1 >= c.right - 1e-9 or y2 <= c.y + 1e-9 or y1 >= c.bottom - 1e-9
    assert vertical == {(x, end) for x in trim_xs for end in (True, False)}
    assert horizontal == {(y, end) for y in trim_ys for end in (True, False)}
    for label in front.labels + front.rulers:
        assert 5 <= label.x <= p.width - 5 and 5 <= label.y <= p.height - 5


def test_letter_is_tight_a4_keeps_full_bleed():
    letter = impose(SheetSpec(PAPERS["letter"], W, H, 3.0), 70)[0]
    top = min(pl.trim.y for pl in letter.placements)
    assert top == pytest.approx(6.35)
    assert min(pl.clip.y for pl in letter.placements) == pytest.approx(5.0)  # outer bleed clipped at 5 mm
    a4 = impose(SheetSpec(PAPERS["a4"], W, H, 3.0), 70)[0]
    for pl in a4.placements:
        if pl.trim.y == min(p.trim.y for p in a4.placements):
            assert pl.trim.y - pl.clip.y == pytest.approx(3.0)


@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_back_lands_behind_its_front(paper, layout):
    pages = impose(SheetSpec(PAPERS[paper], W, H, 3.0, layout=layout), 70)
    pairs = zip(pages[0::2], pages[1::2]) if layout == "duplex" else ((pg, pg) for pg in pages)
    total = 0
    for fronts, backs in pairs:
        front = [pl for pl in fronts.placements if not pl.back]
        back = [pl for pl in backs.placements if pl.back]
        assert len(front) == len(back)
        for f, b in zip(front, back):
            assert f.card == b.card
            # mirrored about the page's vertical centre line (long-edge flip, or the fold)
            assert b.trim.x == pytest.approx(fronts.width - f.trim.x - f.trim.w)
            assert b.trim.y == pytest.approx(f.trim.y)
        total += len(front)
    assert total == 70


def test_back_offset_moves_backs_only():
    plain = impose(SheetSpec(PAPERS["a4"], W, H, 3.0), 70)
    moved = impose(SheetSpec(PAPERS["a4"], W, H, 3.0, back_offset=(1.5, -0.5)), 70)
    for a, b in zip(plain[1].placements, moved[1].placements):
        assert (b.trim.x - a.trim.x, b.trim.y - a.trim.y) == pytest.approx((1.5, -0.5))
    assert [p.trim for p in plain[0].placements] == [p.trim for p in moved[0].placements]


def test_gutter_when_the_paper_has_room():
    page = impose(SheetSpec(PAPERS["letter"], 56.0, 88.9, 3.0), 70)[0]  # bridge cards
    xs = sorted({round(pl.trim.x, 3) for pl in page.placements})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([62.0, 62.0])  # 56 + both bleeds
    assert all(pl.clip.w == pytest.approx(62.0) for pl in page.placements if pl.trim.x == xs[1])


def test_zero_bleed_prints_trim_only():
    for pl in impose(SheetSpec(PAPERS["a4"], W, H, 0.0), 70)[0].placements:
        assert pl.clip == pl.trim


# -- the PDF ----------------------------------------------------------------

@pytest.mark.parametrize("paper, size_mm", [("letter", (215.9, 279.4)), ("a4", (210.0, 297.0))])
def test_print_pdf_pages(printed, paper, size_mm):
    reader = pypdf.PdfReader(str(printed / f"str8eight-print-{paper}.pdf"))
    assert len(reader.pages) == 16  # 8 front pages, each followed by its back page
    for page in reader.pages:
        assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(size_mm[0], abs=0.01)
        assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(size_mm[1], abs=0.01)
    text = reader.pages[0].extract_text()
    assert f"Str8 Eight · fronts 1/8 · {paper}" in text
    assert "Print at 100 % (actual size)" in text
    assert ("2 in" if paper == "letter" else "50 mm") in text
    assert "Str8 Eight · backs 8/8" in reader.pages[15].extract_text()


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_crop_marks_on_the_raster_sit_on_the_trim_lines(printed, paper):
    img = raster(printed / f"str8eight-print-{paper}.pdf", 0)
    plan = impose(SheetSpec(PAPERS[paper], W, H, 3.0), 70)[0]
    want_x = sorted({round(v, 3) for pl in plan.placements for v in (pl.trim.x, pl.trim.right)})
    want_y = sorted({round(v, 3) for pl in plan.placements for v in (pl.trim.y, pl.trim.bottom)})
    got_x = [px / PX for px in dark_runs(row(img, 4.0))]
    got_y = [px / PX for px in dark_runs(col(img, 4.0))]
    assert got_x == pytest.approx(want_x, abs=0.2)
    assert got_y == pytest.approx(want_y, abs=0.2)
    assert [b - a for a, b in zip(got_x, got_x[1:])] == pytest.approx([W] * 3, abs=0.2)
    assert [b - a for a, b in zip(got_y, got_y[1:])] == pytest.approx([H] * 3, abs=0.2)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_margins_hold_nothing_but_crop_marks(printed, paper):
    img = raster(printed / f"str8eight-print-{paper}.pdf", 0, dpi=150)
    px = 150 / 25.4
    w, h = img.size
    b3, b5 = int(2.8 * px), round(5 * px) - 1  # a pixel of anti-aliasing at the mark ends
    pixels = img.load()
    # the outer 3 mm: blank
    for x in range(w):
        for y in list(range(b3)) + list(range(h - b3, h)):
            assert pixels[x, y] > 245, (x / px, y / px)
    # 3–5 mm: only thin marks — in the top band, dark columns are isolated lines
    plan = impose(SheetSpec(PAPERS[paper], W, H, 3.0), 70)[0]
    xs = {round(v, 3) for pl in plan.placements for v in (pl.trim.x, pl.trim.right)}
    dark = [x / px for x in range(w) if any(pixels[x, y] < 200 for y in range(b3, b5))]
    for x in dark:
        assert min(abs(x - m) for m in xs) < 0.3, x
    # and the marks the plan puts in that band are there to see
    top_marks = {m.x1 for m in plan.marks if m.x1 == m.x2 and min(m.y1, m.y2) == pytest.approx(3.0)}
    assert top_marks and all(min(abs(x - m) for x in dark) < 0.3 for m in top_marks), (top_marks, dark)


def test_backs_mirror_fronts_on_the_last_sheet(printed):
    pdf = printed / "str8eight-print-letter.pdf"
    front, back = raster(pdf, 14, 100), raster(pdf, 15, 100)
    plan = impose(SheetSpec(PAPERS["letter"], W, H, 3.0), 70)[0]
    cells = [(pl.trim.x + 1.5, pl.trim.y + 1.5) for pl in plan.placements]  # card body, off the artwork
    px = 100 / 25.4

    def filled(img, x, y):
        return img.getpixel((round(x * px), round(y * px))) < 254  # the paper is pure white

    front_filled = [filled(front, x, y) for x, y in cells]
    back_filled = [filled(back, 215.9 - x, y) for x, y in cells]
    assert sum(front_filled) == 7  # 70 = 7 × 9 + 7
    assert front_filled == back_filled


def test_back_offset_on_the_raster(tmp_path, printed):
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--paper", "a4", "--back-offset", "2,1", "--out", out, "-q").exit_code == 0
    shifted = raster(out / "str8eight" / "str8eight-print-a4.pdf", 1, 200)
    plain = raster(printed / "str8eight-print-a4.pdf", 1, 200)  # the same sheet with no offset
    px = 200 / 25.4

    def first_dark(values):
        return next(i for i, v in enumerate(values) if v < 200) / px

    y_mid = 15.15 + H / 2
    rows = [[img.getpixel((x, round(y_mid * px))) for x in range(img.width)] for img in (plain, shifted)]
    assert first_dark(rows[1]) - first_dark(rows[0]) == pytest.approx(2.0, abs=0.2)
    x_mid = 105.0
    cols = [[img.getpixel((round(x_mid * px), y)) for y in range(img.height)] for img in (plain, shifted)]
    assert first_dark(cols[1]) - first_dark(cols[0]) == pytest.approx(1.0, abs=0.2)


def test_calibration_bar_measures_50_mm_on_a4(printed):
    img = raster(printed / "str8eight-print-a4.pdf", 0)
    plan = impose(SheetSpec(PAPERS["a4"], W, H, 3.0), 70)[0]
    ruler = plan.rulers[0]
    line = row(img, ruler.y)
    start = round((ruler.x - 2) * PX)  # from just left of the bar, along its line
    while line[start] >= 140:
        start += 1
    end = start
    while line[end + 1] < 140:
        end += 1
    assert (end - start + 1) / PX == pytest.approx(50.0, abs=0.3)


def test_gutterfold(tmp_path):
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--layout", "gutterfold", "--out", out, "-q").exit_code == 0
    pdf = out / "str8eight" / "str8eight-print-letter.pdf"
    reader = pypdf.PdfReader(str(pdf))
    assert len(reader.pages) == 18  # 4 fronts and their 4 backs on each landscape sheet
    assert float(reader.pages[0].mediabox.width) * MM_PER_PT == pytest.approx(279.4, abs=0.01)
    img = raster(pdf, 0)
    fold = col(img, 279.4 / 2)
    runs = dark_runs(fold[round(10 * PX):round(200 * PX)], threshold=200)
    assert len(runs) > 20  # a dashed line, not a solid one
    assert run_cli("check", out).exit_code == 0


def test_low_ink_uses_much_less_ink(tmp_path, printed):
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--low-ink", "--out", out, "-q").exit_code == 0

    def ink(pdf, index):
        from PIL import ImageStat

        return 255 - ImageStat.Stat(raster(pdf, index, 50)).mean[0]

    normal, low = printed / "str8eight-print-letter.pdf", out / "str8eight" / "str8eight-print-letter.pdf"
    assert ink(low, 1) < 0.35 * ink(normal, 1)  # backs
    assert ink(low, 14) < 0.5 * ink(normal, 14)  # the sheet with the pass cards
    assert run_cli("check", out).exit_code == 0


def test_card_sizes(tmp_path):
    out = tmp_path / "bridge"
    assert run_cli("build", "--game", "str8eight", "--card-size", "bridge", "--out", out, "-q").exit_code == 0
    assert run_cli("check", out).exit_code == 0
    result = run_cli("build", "--game", "str8eight", "--card-size", "mini", "--out", tmp_path / "mini")
    assert result.exit_code == 2 and "at least 56 mm wide" in result.output


def test_bleed_zero_builds_and_checks(tmp_path):
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--bleed", "0", "--paper", "a4", "--out", out, "-q").exit_code == 0
    assert run_cli("check", out).exit_code == 0
    page = pypdf.PdfReader(str(out / "str8eight" / "str8eight-cards.pdf")).pages[0]
    assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(W, abs=0.05)


def test_checker_catches_a_missing_print_page(printed, tmp_path):
    import shutil

    from conftest import drop_last_pdf_page, refresh_manifest

    out = tmp_path / "out"
    shutil.copytree(printed.parent, out)
    drop_last_pdf_page(out / "str8eight" / "str8eight-print-a4.pdf")
    refresh_manifest(out)
    result = run_cli("check", out)
    assert result.exit_code == 1
    assert "str8eight-print-a4.pdf: -: 15 pages, expected 16" in result.output


def test_bad_print_options(tmp_path):
    for args, message in ((["--paper", "a3"], "unknown paper 'a3'"),
                          (["--layout", "booklet"], "unknown layout 'booklet'"),
                          (["--back-offset", "2"], "is not X,Y in millimetres"),
                          (["--back-offset", "30,0"], "back offset 30.0 mm is out of range")):
        result = run_cli("build", "--game", "str8eight", "--out", tmp_path / "o", *args)
        assert result.exit_code == 2 and message in result.output, (args, result.output)


def test_sheets_place_the_card_pdf_pages_once_each(printed):
    """The sheets reuse the card PDF's pages as forms: 70 distinct faces and one back,
    each stored once however often it is placed, text still text."""
    reader = pypdf.PdfReader(str(printed / "str8eight-print-a4.pdf"))
    faces, backs, placed = set(), set(), 0
    for page in reader.pages:
        for name, ref in page["/Resources"]["/XObject"].items():
            form = ref.get_object()
            assert form["/Subtype"] == "/Form"
            (backs if name.startswith("/Back") else faces).add(ref.idnum)
        placed += sum(1 for operands, op in page.get_contents().operations if op == b"Do")
    assert len(faces) == 70 and len(backs) == 1
    assert placed == 2 * 70  # every card's face and its back
    # the form is the whole card with its bleed, not just the trim box
    form = reader.pages[0]["/Resources"]["/XObject"]["/Card0"].get_object()
    w, h = (float(v) * MM_PER_PT for v in form["/BBox"][2:])
    assert abs(w - (W + 6)) < 0.05 and abs(h - (H + 6)) < 0.05
    text = reader.pages[0].extract_text()
    assert "1 × 1" in text or "1×1" in text.replace(" ", ""), text[:200]
