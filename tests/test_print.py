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

def seen_inside(marks, axis: str, at: float, length: float, border: float = 5.0) -> float:
    """How much of the marks on one cut line a printer that skips the outer 5 mm prints."""
    spans = []
    for m in marks:
        if axis == "x" and m.x1 == m.x2 and abs(m.x1 - at) < 1e-6:
            spans.append(sorted((m.y1, m.y2)))
        elif axis == "y" and m.y1 == m.y2 and abs(m.y1 - at) < 1e-6:
            spans.append(sorted((m.x1, m.x2)))
    return sum(max(0.0, min(b, length - border) - max(a, border)) for a, b in spans)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("layout", ["duplex", "fronts", "gutterfold"])
@pytest.mark.parametrize("size", [(63.5, 88.9), (56.0, 88.9), (45.0, 68.0)], ids=["poker", "bridge", "mini"])
@pytest.mark.parametrize("bleed", [0.0, 3.0, 6.0])
def test_every_cut_keeps_3_mm_of_thin_mark_a_printer_reaches(paper, layout, size, bleed):
    """On every page (backs too), every cut line shows ≥ 3 mm of mark inside a 5 mm border;
    marks start ≥ 3 mm from the edge, lie on cut lines and never on a card or its bleed
    (a gutterfold sheet's back marks are on the backs' half, to move with them)."""
    pages = impose(SheetSpec(PAPERS[paper], *size, bleed, layout=layout), 70)
    for page in pages[:2] + pages[-2:]:
        assert page.marks, page.side
        assert bool(page.back_marks) == (layout == "gutterfold")
        assert all(min(m.x1, m.x2) >= page.width / 2 for m in page.back_marks)
        marks = page.marks + page.back_marks
        cards = page.placements
        xs = {round(v, 6) for pl in cards for v in (pl.trim.x, pl.trim.right)}
        ys = {round(v, 6) for pl in cards for v in (pl.trim.y, pl.trim.bottom)}
        for x in xs:
            assert seen_inside(marks, "x", x, page.height) >= 3.0, (page.side, "x", x)
        for y in ys:
            assert seen_inside(marks, "y", y, page.width) >= 3.0, (page.side, "y", y)
        for m in marks:
            assert min(m.x1, m.x2, m.y1, m.y2) >= 3.0 - 1e-9
            assert max(m.x1, m.x2) <= page.width - 3.0 + 1e-9 and max(m.y1, m.y2) <= page.height - 3.0 + 1e-9
            x1, x2, y1, y2 = min(m.x1, m.x2), max(m.x1, m.x2), min(m.y1, m.y2), max(m.y1, m.y2)
            assert (x1 == x2 and round(x1, 6) in {round(v, 6) for pl in cards for v in (pl.trim.x, pl.trim.right)}
                    or y1 == y2), m  # a cut line of a full sheet: the last sheet is cut the same way
            for pl in cards:  # never on a card, its bleed, or its trim where the margin cuts the print
                for r in (pl.clip, pl.trim):
                    assert x2 <= r.x + 1e-9 or x1 >= r.right - 1e-9 or y2 <= r.y + 1e-9 or y1 >= r.bottom - 1e-9, m
        for pl in cards:
            assert pl.clip.x >= 5 - 1e-9 and pl.clip.right <= page.width - 5 + 1e-9
            assert pl.clip.y >= 5 - 1e-9 and pl.clip.bottom <= page.height - 5 + 1e-9
        words = " · ".join(label.text for label in page.labels)
        assert len(page.rulers) == 1 and "Actual size" in words and "Card stock" in words and "ut on the marks" in words
        for label in page.labels + page.rulers:
            assert 5 <= label.x <= page.width - 5 and 5 <= label.y <= page.height - 5


@pytest.mark.parametrize("paper, turn, per_page, columns", [("letter", 1, 8, 2), ("a4", 0, 9, 3)])
def test_plan_grid(paper, turn, per_page, columns):
    """Three rows of poker cards leave Letter 6.35 mm margins, too little for a mark a 5 mm
    printer shows: Letter turns its cards (2 × 4); A4 keeps 3 × 3 upright."""
    pages = impose(SheetSpec(PAPERS[paper], W, H, 3.0, title="Str8 Eight"), 70)
    assert [pg.side for pg in pages[:2]] == ["fronts", "backs"] and len(pages) == 2 * -(-70 // per_page)
    front, back = pages[0], pages[1]
    assert len(front.placements) == per_page and {pl.turn for pl in front.placements} == {turn}
    assert {pl.turn for pl in back.placements} == {-turn}  # the flip puts each back the same way up as its face
    w, h = (H, W) if turn else (W, H)
    assert all(pl.trim.w == w and pl.trim.h == h for pl in front.placements)
    assert len({round(pl.trim.x, 3) for pl in front.placements}) == columns


def seen_within(marks, axis: str, at: float, page, border: tuple) -> float:
    """How much of the marks on one cut line print inside a printer's blank border (top, right,
    bottom, left)."""
    top, right, bottom, left = border
    lo, hi = (top, page.height - bottom) if axis == "x" else (left, page.width - right)
    spans = [sorted((m.y1, m.y2)) if axis == "x" else sorted((m.x1, m.x2)) for m in marks
             if (m.x1 == m.x2 == pytest.approx(at, abs=1e-6) if axis == "x" else m.y1 == m.y2 == pytest.approx(at, abs=1e-6))]
    return sum(max(0.0, min(b, hi) - max(a, lo)) for a, b in spans)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("size", [(63.5, 88.9), (56.0, 88.9), (45.0, 68.0)], ids=["poker", "bridge", "mini"])
@pytest.mark.parametrize("margins", [None, (3, 3, 5, 4), (5, 5, 12, 5), (3, 3, 3, 3)],
                         ids=["unknown", "3-3-5-4", "5-5-12-5", "3"])
def test_measured_margins_choose_the_grid(paper, size, margins):
    """With the printer's margins (or 5 mm each), a sheet holds the upright grid when every
    cut line keeps 3 mm of mark inside the printable area, else the turned one when it holds
    more: poker on Letter is 9 upright with 3/3/5/4 mm, 8 turned with 5 mm. Cards and their
    bleed stay inside the margins; the sheet's note says how many, which way and why."""
    pages = impose(SheetSpec(PAPERS[paper], *size, 3.0, "duplex", "T", margins), 70)
    border = margins or (5.0,) * 4
    for page in pages[:2]:
        cards = page.placements
        xs = {round(v, 6) for pl in cards for v in (pl.trim.x, pl.trim.right)}
        ys = {round(v, 6) for pl in cards for v in (pl.trim.y, pl.trim.bottom)}
        assert min(seen_within(page.marks, "x", x, page, border) for x in xs) >= 3.0
        assert min(seen_within(page.marks, "y", y, page, border) for y in ys) >= 3.0
        top, right, bottom, left = (max(m, 3.0) for m in border)
        side = max(left, right)  # a back page mirrors its front
        for pl in cards:
            assert pl.clip.x >= side - 1e-9 and pl.clip.right <= page.width - side + 1e-9
            assert pl.clip.y >= top - 1e-9 and pl.clip.bottom <= page.height - bottom + 1e-9
        # a grid one card longer on either axis would leave its cuts less than 3 mm of printable mark
        w, h = cards[0].trim.w, cards[0].trim.h
        columns, rows = len(xs) - 1, len(ys) - 1
        assert page.width - 2 * side - (columns + 1) * w < 3.0 + 1.0
        assert page.height - top - bottom - (rows + 1) * h < 3.0 + 1.0
    turned = pages[0].placements[0].turn != 0
    words = " ".join(label.text for label in pages[0].labels)
    assert f"{len(pages[0].placements)} {'turned' if turned else 'upright'}:" in words, words
    if margins:
        assert f"your {'/'.join(f'{m:g}' for m in margins)} mm margins" in words or "holds" in words, words
    if paper == "letter" and size[1] == 88.9:
        want = (9, False) if margins in ((3, 3, 5, 4), (3, 3, 3, 3)) else (8, True)
        assert (len(pages[0].placements), turned) == want


def test_outer_bleed_gives_way_to_the_marks():
    """A4's 9.75 mm side margins keep 1.25 mm of outer bleed (8.5 mm hold the marks); its
    15.15 mm top and bottom keep all 3 mm; Letter's turned grid keeps it all round."""
    a4 = impose(SheetSpec(PAPERS["a4"], W, H, 3.0), 70)[0]
    left = min(pl.trim.x for pl in a4.placements)
    assert left == pytest.approx(9.75)
    assert left - min(pl.clip.x for pl in a4.placements) == pytest.approx(1.25)
    top = min(pl.trim.y for pl in a4.placements)
    assert top - min(pl.clip.y for pl in a4.placements) == pytest.approx(3.0)
    letter = impose(SheetSpec(PAPERS["letter"], W, H, 3.0), 70)[0]
    for pl in letter.placements:
        assert (pl.trim.x - pl.clip.x, pl.trim.y - pl.clip.y) in ((3.0, 3.0), (3.0, 0.0), (0.0, 3.0), (0.0, 0.0))
    assert min(pl.trim.x - pl.clip.x for pl in letter.placements) == 3.0


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


def test_printer_profile_moves_and_turns_backs_and_scales_every_page():
    import math

    from cardgen.layout.printer import IDENTITY, Correction, apply, page_maps

    moved = Correction((1.5, -0.5), 0.0, (100.0, 100.0))
    assert apply(page_maps(moved, "backs", 210, 297)[0], 10, 20) == pytest.approx((11.5, 19.5))
    assert page_maps(moved, "fronts", 210, 297) == (IDENTITY, IDENTITY)
    # turned clockwise (as the back page is seen) about the page centre
    turned = page_maps(Correction((0.0, 0.0), 1.0, (100.0, 100.0)), "backs", 210, 297)[0]
    assert apply(turned, 105, 148.5) == pytest.approx((105, 148.5))
    assert apply(turned, 205, 148.5) == pytest.approx((105 + 100 * math.cos(math.radians(1)),
                                                       148.5 + 100 * math.sin(math.radians(1))))
    # 100 mm printed as 99 across and 101 down: drawn 100/99 and 100/101 as large, about the centre
    scaled = Correction((0.0, 0.0), 0.0, (99.0, 101.0))
    for side in ("fronts", "backs"):
        m = page_maps(scaled, side, 210, 297)[0]
        assert apply(m, 105 + 99, 148.5 + 101) == pytest.approx((205, 248.5))
    # a gutterfold sheet: the backs turn about their half's centre, the page is scaled
    page, backs = page_maps(Correction((2.0, 0.0), 0.5, (100.0, 100.0)), "sheet", 297, 210)
    assert page == IDENTITY and apply(backs, 297 * 3 / 4, 105) == pytest.approx((297 * 3 / 4 + 2, 105))


def test_gutter_when_the_paper_has_room():
    page = impose(SheetSpec(PAPERS["letter"], W, H, 3.0), 70)[0]  # turned: 2 columns of 88.9 mm
    xs = sorted({round(pl.trim.x, 3) for pl in page.placements})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([H + 6.0])  # both bleeds between
    assert all(pl.clip.w == pytest.approx(H + 6.0) for pl in page.placements)


def test_zero_bleed_prints_trim_only():
    for pl in impose(SheetSpec(PAPERS["a4"], W, H, 0.0), 70)[0].placements:
        assert pl.clip == pl.trim


# -- the PDF ----------------------------------------------------------------

# 70 cards and two sets of the 3 aid cards: 10 sheets of 8 on Letter, 9 of 9 on A4
@pytest.mark.parametrize("paper, size_mm, pages", [("letter", (215.9, 279.4), 20), ("a4", (210.0, 297.0), 18)])
def test_print_pdf_pages(printed, paper, size_mm, pages):
    reader = pypdf.PdfReader(str(printed / f"str8eight-print-{paper}.pdf"))
    assert len(reader.pages) == pages  # each front page followed by its back page
    for page in reader.pages:
        assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(size_mm[0], abs=0.01)
        assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(size_mm[1], abs=0.01)
    text = reader.pages[0].extract_text()
    assert f"Str8 Eight · fronts 1/{pages // 2} · {paper}" in text
    for words in ("double-sided", "flip on the long edge", "Actual size, 100 %", "Card stock, 160–220 g/m²",
                  "Cut on the marks"):
        assert words in text, words
    assert ("2 in" if paper == "letter" else "50 mm") in text
    assert f"Str8 Eight · backs {pages // 2}/{pages // 2}" in reader.pages[-1].extract_text()


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
    w, h = (H, W) if paper == "letter" else (W, H)  # Letter's cards are turned
    assert got_y[1] - got_y[0] == pytest.approx(h, abs=0.2) and got_x[1] - got_x[0] == pytest.approx(w, abs=0.2)


@pytest.mark.parametrize("paper, index", [("letter", 0), ("letter", 1), ("a4", 0), ("a4", 1)])
def test_marks_survive_a_printer_that_skips_5_mm(printed, paper, index):
    """The page as a laser that prints nothing within 5 mm of the edge would: every cut
    line still has ≥ 3 mm of mark to see, on the fronts and on the backs."""
    from PIL import ImageDraw

    dpi = 150
    px = dpi / 25.4
    img = raster(printed / f"str8eight-print-{paper}.pdf", index, dpi)
    border = round(5 * px)
    draw = ImageDraw.Draw(img)  # what that printer leaves blank
    for box in ((0, 0, img.width, border), (0, img.height - border, img.width, img.height),
                (0, 0, border, img.height), (img.width - border, 0, img.width, img.height)):
        draw.rectangle(box, fill=255)
    plan = impose(SheetSpec(PAPERS[paper], W, H, 3.0), 70)[index]
    for axis, at, seen in marks_seen(img, plan, px):
        assert seen >= 3.0, (paper, index, axis, at, seen)


def marks_seen(img, page, px: float, pad: float = 0.2) -> list:
    """(axis, at, mm of mark) for each cut line of the plan's page, found in the raster: the
    dark pixels along the line (three pixels wide) off every card and its bleed (with pad)."""
    pixels = img.load()
    clips = [pl.clip for pl in page.placements]
    cuts = [("x", v) for v in {round(v, 3) for pl in page.placements for v in (pl.trim.x, pl.trim.right)}]
    cuts += [("y", v) for v in {round(v, 3) for pl in page.placements for v in (pl.trim.y, pl.trim.bottom)}]
    found = []
    for axis, at in sorted(cuts):
        # the stretches of the line off every card: where its marks are
        crossing = [(c.y, c.bottom) if axis == "x" else (c.x, c.right) for c in clips
                    if (c.x <= at <= c.right if axis == "x" else c.y <= at <= c.bottom)]
        k = round(at * px)
        dark = 0
        for i in range(img.height if axis == "x" else img.width):
            if any(a - pad <= i / px <= b + pad for a, b in crossing):
                continue
            dark += min(pixels[j, i] if axis == "x" else pixels[i, j] for j in (k - 1, k, k + 1)) < 200
        found.append((axis, at, dark / px))
    return found


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
    front, back = raster(pdf, 18, 100), raster(pdf, 19, 100)
    plan = impose(SheetSpec(PAPERS["letter"], W, H, 3.0), 76)[0]
    cells = [(pl.trim.x + 1.5, pl.trim.y + 1.5) for pl in plan.placements]  # card body, off the artwork
    px = 100 / 25.4

    def filled(img, x, y):
        return img.getpixel((round(x * px), round(y * px))) < 254  # the paper is pure white

    front_filled = [filled(front, x, y) for x, y in cells]
    back_filled = [filled(back, 215.9 - x, y) for x, y in cells]
    assert sum(front_filled) == 4  # 70 cards and 6 aid cards = 9 × 8 + 4
    assert front_filled == back_filled


def test_back_offset_on_the_raster(tmp_path, printed):
    out = tmp_path / "out"
    # PDF alone, as `printed` (the sheets are all this test reads)
    assert run_cli("build", "--game", "str8eight", "--format", "pdf", "--paper", "a4", "--back-offset", "2,1", "--out", out,
                   "-q").exit_code == 0
    shifted = raster(out / "str8eight" / "str8eight-print-a4.pdf", 1, 200)
    plain = raster(printed / "str8eight-print-a4.pdf", 1, 200)  # the same sheet with no offset
    px = 200 / 25.4

    def first_dark(values):
        return next(i for i, v in enumerate(values) if v < 200) / px

    y_mid = 15.15 + H / 2
    rows = [[img.getpixel((x, round(y_mid * px))) for x in range(img.width)] for img in (plain, shifted)]
    assert first_dark(rows[1]) - first_dark(rows[0]) == pytest.approx(2.0, abs=0.2)
    x_left = 12.0  # inside the first column, clear of its marks and of the page title above it
    cols = [[img.getpixel((round(x_left * px), y)) for y in range(img.height)] for img in (plain, shifted)]
    assert first_dark(cols[1]) - first_dark(cols[0]) == pytest.approx(1.0, abs=0.2)


def test_calibration_bar_measures_50_mm_on_a4(printed):
    img = raster(printed / "str8eight-print-a4.pdf", 0)
    plan = impose(SheetSpec(PAPERS["a4"], W, H, 3.0), 70)[0]
    ruler = plan.rulers[0]
    line = row(img, ruler.y)
    start = round((ruler.x - 1) * PX)  # from just left of the bar (a cut mark is 1.75 mm left), along its line
    while line[start] >= 140:
        start += 1
    end = start
    while line[end + 1] < 140:
        end += 1
    assert (end - start + 1) / PX == pytest.approx(50.0, abs=0.3)


def test_gutterfold(tmp_path_factory):
    """A gutterfold class set of two (built and checked once, with test_howto's cutting picture)."""
    from conftest import shared_checked_build
    from test_howto import GUTTERFOLD_SETS

    out, code, output = shared_checked_build(tmp_path_factory, "gutterfold-sets-checked", *GUTTERFOLD_SETS)
    for letter in "ba":  # each set's own sheets
        pdf = out / "str8eight" / f"set-{letter}" / "str8eight-print-letter.pdf"
        reader = pypdf.PdfReader(str(pdf))
        assert len(reader.pages) == 19  # 4 fronts and their 4 backs on each landscape sheet: 70 cards, 6 aid cards
    assert float(reader.pages[0].mediabox.width) * MM_PER_PT == pytest.approx(279.4, abs=0.01)
    img = raster(pdf, 0)
    fold = col(img, 279.4 / 2)
    runs = dark_runs(fold[round(10 * PX):round(200 * PX)], threshold=200)
    assert len(runs) > 20  # a dashed line, not a solid one
    assert code == 0, output


def test_low_ink_uses_much_less_ink(tmp_path, printed):
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--low-ink", "--out", out, "-q").exit_code == 0

    def ink(pdf, index):
        from PIL import ImageStat

        return 255 - ImageStat.Stat(raster(pdf, index, 50)).mean[0]

    normal, low = printed / "str8eight-print-letter.pdf", out / "str8eight" / "str8eight-print-letter.pdf"
    assert ink(low, 1) < 0.35 * ink(normal, 1)  # backs
    assert ink(low, 16) < 0.5 * ink(normal, 16)  # the sheet with the pass cards
    assert run_cli("check", out).exit_code == 0


def test_card_sizes(tmp_path, tmp_path_factory):
    from conftest import shared_checked_build
    from test_howto import BRIDGE

    out, code, output = shared_checked_build(tmp_path_factory, "bridge-checked", *BRIDGE)  # built and checked once
    assert (out / "str8eight" / "str8eight-print-letter.pdf").exists() and code == 0, output
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
    assert "str8eight-print-a4.pdf: -: 17 pages, expected 18" in result.output


def test_bad_print_options(tmp_path):
    for args, message in ((["--paper", "a3"], "unknown paper 'a3'"),
                          (["--layout", "booklet"], "unknown layout 'booklet'"),
                          (["--back-offset", "2"], "is not X,Y in millimetres"),
                          (["--back-offset", "30,0"], "--back-offset: 30.0 mm is out of range; use -10 to 10 mm")):
        result = run_cli("build", "--game", "str8eight", "--out", tmp_path / "o", *args)
        assert result.exit_code == 2 and message in result.output, (args, result.output)


def test_sheets_place_the_card_pdf_pages_once_each(printed):
    """The sheets reuse the card PDF's pages as forms: 70 distinct faces and one back,
    each stored once however often it is placed, text still text."""
    reader = pypdf.PdfReader(str(printed / "str8eight-print-a4.pdf"))
    faces, backs, aids, placed = set(), set(), set(), 0
    for page in reader.pages:
        for name, ref in page["/Resources"]["/XObject"].items():
            form = ref.get_object()
            assert form["/Subtype"] == "/Form"
            (backs if name.startswith("/Back") else aids if name.startswith("/Aid") else faces).add(ref.idnum)
        placed += sum(1 for operands, op in page.get_contents().operations if op == b"Do")
    assert len(faces) == 70 and len(backs) == 1 and len(aids) == 3  # each aid card stored once
    assert placed == 2 * 76  # every card's face and its back, two sets of the aid's 3 cards too
    # the form is the whole card with its bleed, not just the trim box
    form = reader.pages[0]["/Resources"]["/XObject"]["/Card0"].get_object()
    w, h = (float(v) * MM_PER_PT for v in form["/BBox"][2:])
    assert abs(w - (W + 6)) < 0.05 and abs(h - (H + 6)) < 0.05
    text = reader.pages[0].extract_text()
    assert "1 × 1" in text or "1×1" in text.replace(" ", ""), text[:200]
