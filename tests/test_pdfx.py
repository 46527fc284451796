"""Print-shop color: the palette through the CMYK profile under an ink limit, card pages as
PDF/X-1a:2003, and the checker that reads such a file back (and fails damaged copies)."""
import base64
import io
import shutil

import pikepdf
import pytest

from cardgen.check.ink import ink_by_scan, measure_ink
from cardgen.check.pdfcolors import paints
from cardgen.check.pdfx import check_pdfx
from cardgen.design import crazy_eights as ce_design, palette, str8eight as s8_design
from cardgen.design.cards import Look
from cardgen.draw.cmyk import Inks, RICH_BLACK, lab_of, profile_bytes, total
from cardgen.draw.pdfmeta import meta_for
from cardgen.draw.pdfx import to_pdfx
from cardgen.model import crazy_eights as ce_model, str8eight as s8_model
from cardgen.model.sizes import card_size
from cardgen.theme import DEFAULT_THEME

BLEED = 3.175
POKER = (63.5, 88.9)


def rgb01(hex_color):
    return tuple(int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))


@pytest.fixture(scope="module")
def cards():
    """A Str8 Eight number card, pass card and back, and a Crazy Eights face, at 1/8 in bleed."""
    look = Look(card_size("poker"), BLEED, False, DEFAULT_THEME)
    s8 = s8_design.render_deck(s8_model.build_deck(), look)
    ce = ce_design.render_deck(ce_model.build_deck(1), look)
    return [s8.faces[0].svg, s8.faces[-1].svg, s8.backs[0].svg, ce.faces[7].svg]


@pytest.fixture(scope="module")
def pdfx(cards, tmp_path_factory):
    path = tmp_path_factory.mktemp("pdfx") / "cards.pdf"
    to_pdfx(cards, path, meta=meta_for("shop", "Cards for print"), fonts=DEFAULT_THEME.fonts, ink_limit=240, bleed_mm=BLEED,
            trim_mm=POKER)
    return path


def test_palette_stays_five_points_under_the_limit_and_limited_colors_stay_close():
    """Every color of every design (the tokens' whole palette) at 235 % or less for a
    240 % shop: rich black and the darkest colors keep 5 points of headroom."""
    from cardgen.tokens import default_tokens

    tokens = default_tokens()
    colors = list(tokens.group_colors) + [v for n, v in tokens.items if n.startswith("color.")] + \
        [*(tokens.color(f"crazy_eights.{n}") for n in ("back_1", "back_2", "red")), "#000000"]
    for limit in (240, 300, 220):
        inks = Inks(limit)
        most = max(sum(inks.cmyk(rgb01(c), kind)) * 100 for c in colors for kind in ("fill", "line", "stroke", "text"))
        assert most <= limit - 5 + 0.2, limit
    assert sum(Inks(240).cmyk(rgb01("#000000"), "fill")) * 100 == pytest.approx(235)  # the rich black itself
    # the forest green back goes over 235 % plainly: less ink, nearly the same color
    green = Inks(240).conversion(ce_design.back_color(tokens, 2))
    assert green.plain_ink > 235 >= green.ink and 0 < green.delta_e < 2


def test_a_tighter_limit_trades_color_for_ink_as_gcr_does():
    navy = Inks(200).conversion(s8_design.BACK_NAVY)
    assert navy.plain_ink > 220 and navy.ink <= 200
    assert navy.cmyk[3] >= navy.plain[3] and sum(navy.cmyk[:3]) < sum(navy.plain[:3])  # K up, C+M+Y down
    assert navy.delta_e < 4
    # the ΔE is measured through the profile: the printed Labs differ by about that much
    (L1, a1, b1), (L2, a2, b2) = lab_of(profile_bytes(), [navy.plain, navy.cmyk])
    assert abs(((L1 - L2) ** 2 + (a1 - a2) ** 2 + (b1 - b2) ** 2) ** 0.5) < 2 * navy.delta_e + 1


def test_black_is_k_alone_in_text_and_rich_in_areas():
    inks = Inks(240)
    assert inks.cmyk(rgb01(palette.INK), "text") == (0.0, 0.0, 0.0, 1.0)
    assert inks.cmyk(rgb01(palette.INK), "stroke") == (0.0, 0.0, 0.0, 1.0)
    assert inks.cmyk(rgb01("#000000"), "fill") == tuple(v / 100 for v in RICH_BLACK)
    assert inks.cmyk(rgb01("#000000"), "line") == (0.0, 0.0, 0.0, 1.0)
    assert sum(Inks(220).cmyk(rgb01("#000000"), "fill")) == pytest.approx(2.15)
    assert inks.cmyk(rgb01(s8_design.BACK_NAVY), "text")[:3] != (0, 0, 0)  # navy is a color, not black


def test_card_pdfx_passes_the_checker_and_rebuilds_byte_identical(pdfx, cards, tmp_path):
    assert check_pdfx(pdfx, 240) == []
    again = tmp_path / "again.pdf"
    to_pdfx(cards, again, meta=meta_for("shop", "Cards for print"), fonts=DEFAULT_THEME.fonts, ink_limit=240, bleed_mm=BLEED)
    assert again.read_bytes() == pdfx.read_bytes()
    with pikepdf.open(pdfx) as pdf:
        assert len(pdf.pages) == 4
        for page in pdf.pages:
            trim = [float(v) for v in page.obj.TrimBox]
            assert (trim[2] - trim[0]) * 25.4 / 72 == pytest.approx(63.5, abs=0.01)
            assert trim[0] * 25.4 / 72 == pytest.approx(BLEED, abs=0.01)
        assert str(pdf.trailer.Info.GTS_PDFXVersion) == "PDF/X-1:2003"  # the standard; its level beside it
        assert str(pdf.trailer.Info.GTS_PDFXConformance) == "PDF/X-1a:2003"
        assert pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes() == profile_bytes()


def test_the_backs_ring_prints_its_group_colors_solid(pdfx):
    """Issue 41's Str8 Eight back: the ring of arrow tags in groups 1–4 and the lattice's
    lighter navy are solid paint (nothing translucent left to flatten), each color its own
    CMYK mix under the ink limit."""
    inks = Inks(240)
    with pikepdf.open(pdfx) as pdf:
        back = [tuple(round(v, 4) for v in p.cmyk) for p in paints(pdf) if p.page == 3 and p.where in ("k", "K")]
    for color in DEFAULT_THEME.group_colors[:4]:
        assert tuple(round(v, 4) for v in inks.cmyk(rgb01(color))) in back, color
    assert all(sum(c) <= 2.35 + 1e-3 for c in back)


def test_ink_scan_finds_the_rich_black_and_gs_agrees(pdfx):
    scan = ink_by_scan(pdfx)
    assert scan.max_percent == pytest.approx(235, abs=0.2) and "C55 M40 Y40 K100" in scan.where
    assert measure_ink(pdfx, use_gs=False) == scan and scan.method == "content scan" and scan.within(240)
    if shutil.which("gs") is None:
        pytest.skip("Ghostscript not installed: the separations method is not available")
    seps = measure_ink(pdfx, dpi=50)  # gs is installed: the preflight's default is the separations
    assert seps.method == "gs CMYK raster" and seps.max_percent == pytest.approx(scan.max_percent, abs=1.0)


def _damaged(pdfx, tmp_path, change):
    path = tmp_path / "damaged.pdf"
    with pikepdf.open(pdfx) as pdf:
        change(pdf)
        pdf.save(path)
    return check_pdfx(path, 240)


def _append(pdf, code: bytes):
    page = pdf.pages[0]
    page.contents_add(pikepdf.Stream(pdf, code), prepend=False)


def test_checker_fails_an_rgb_color(pdfx, tmp_path):
    problems = _damaged(pdfx, tmp_path, lambda pdf: _append(pdf, b"1 0 0 rg 0 0 5 5 re f"))
    assert any("rg in /DeviceRGB" in p for p in problems), problems


def test_checker_fails_transparency(pdfx, tmp_path):
    def translucent(pdf):
        res = pdf.pages[0].obj.Resources
        res.ExtGState = pikepdf.Dictionary(GS9=pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5))
        _append(pdf, b"/GS9 gs")
    problems = _damaged(pdfx, tmp_path, translucent)
    assert any("/ca 0.5" in p for p in problems), problems


def test_checker_fails_a_missing_output_intent(pdfx, tmp_path):
    def drop(pdf):
        del pdf.Root.OutputIntents
    problems = _damaged(pdfx, tmp_path, drop)
    assert any("output intents" in p for p in problems), problems


def test_checker_fails_too_much_ink(pdfx, tmp_path):
    problems = _damaged(pdfx, tmp_path, lambda pdf: _append(pdf, b"1 1 1 0 k 0 0 5 5 re f"))
    assert any("total ink reaches 300 %" in p for p in problems), problems


def test_an_embedded_png_becomes_a_cmyk_image_under_the_limit(tmp_path):
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGBA", (8, 8), (0, 0, 0, 255)).save(buf, format="PNG")  # black: 293 % plainly
    uri = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">'
           f'<rect x="0" y="0" width="20" height="20" fill="#ffffff"/><image x="5" y="5" width="10" height="10" href="{uri}"/></svg>')
    path = tmp_path / "image.pdf"
    to_pdfx([svg], path, meta=meta_for("shop", "image"), fonts=DEFAULT_THEME.fonts, ink_limit=240, bleed_mm=2)
    assert check_pdfx(path, 240) == []
    with pikepdf.open(path) as pdf:
        images = [p for p in paints(pdf) if p.where.startswith("image")]
    assert len(images) == 1 and images[0].space == "/DeviceCMYK" and 200 < images[0].ink <= 240
    assert total(tuple(round(v * 255) for v in images[0].cmyk)) <= 240.5


def test_translucent_paint_without_a_known_ground_is_refused_not_guessed(tmp_path):
    from cardgen.errors import CardgenError

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">'
           '<circle cx="10" cy="10" r="9" fill="#88ccee"/><rect x="2" y="2" width="8" height="8" fill="#332288" '
           'opacity="0.5"/></svg>')
    with pytest.raises(CardgenError, match="translucent shape lies on no known ground"):
        to_pdfx([svg], tmp_path / "x.pdf", meta=meta_for("shop", "x"), fonts=DEFAULT_THEME.fonts, bleed_mm=2)


def test_display_type_takes_the_fills_black_and_small_type_k_alone(tmp_path):
    """Eights' big letter I is a glyph with slab bars drawn as rectangles: at display size
    the glyph is printed in the bars' rich black, not in a second, K-only black."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="30mm" viewBox="0 0 20 30">'
           '<rect x="0" y="0" width="20" height="30" fill="#ffffff"/>'
           f'<rect x="2" y="2" width="6" height="2" fill="{palette.INK}"/>'
           f'<text x="10" y="20" font-family="Lato Black" font-size="12" fill="{palette.INK}">I</text>'
           f'<text x="2" y="28" font-family="Lato" font-size="3" fill="{palette.INK}">small</text></svg>')
    path = tmp_path / "type.pdf"
    to_pdfx([svg], path, meta=meta_for("shop", "type"), fonts=DEFAULT_THEME.fonts, bleed_mm=2)
    colors, fill, rich = {}, None, tuple(v / 100 for v in RICH_BLACK)
    with pikepdf.open(path) as pdf:
        for operands, op in pikepdf.parse_content_stream(pdf.pages[0]):
            if str(op) == "k":
                fill = tuple(round(float(v), 4) for v in operands)
            elif str(op) == "Tf":
                colors[round(float(operands[1]), 1)] = fill
            elif str(op) == "re" and fill is not None and fill != (0.0, 0.0, 0.0, 0.0):
                colors.setdefault("bar", fill)
    assert colors == {"bar": rich, 12.0: rich, 3.0: (0.0, 0.0, 0.0, 1.0)}, colors


@pytest.mark.parametrize("table, size, low_ink, large_print", [
    (8, "poker", True, False),  # the corner 6: K-only digits, and its underline
    (12, "poker", False, True),  # large print's corner index: 24 pt, just under display type
    (12, "bridge", True, False),  # a narrow card's big value: three digits under display size
])
def test_an_underline_prints_in_the_black_of_its_digits(tmp_path, table, size, low_ink, large_print):
    """The bar under a 6 or a 9 is drawn right after its digits: in the print file it takes
    the same black (K alone under small type, rich under display type), so no K-only
    element touches a rich-black one."""
    look = Look(card_size(size), BLEED, low_ink, DEFAULT_THEME, "full", large_print)
    layout = s8_design.NumberLayout(look.size, table, large_print, "full", DEFAULT_THEME)
    svgs = [s8_design.number_svg(c, layout, look) for c in s8_model.build_deck(table, 0).number_cards
            if c.value in (6, 9, 66, 69, 99) and c.row <= c.col]
    path = tmp_path / "u.pdf"
    to_pdfx(svgs, path, meta=meta_for("shop", "underlines"), fonts=DEFAULT_THEME.fonts, ink_limit=240, bleed_mm=BLEED)
    pairs = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            fill, text_fill, after_text = None, None, False
            for operands, op in pikepdf.parse_content_stream(page):
                op = str(op)
                if op == "k":
                    fill = tuple(round(float(v), 4) for v in operands)
                elif op == "ET":
                    text_fill, after_text = fill, True
                elif op == "re" and after_text:
                    pairs.append((text_fill, fill))
                    after_text = False
                elif op in ("m", "BT"):
                    after_text = False
    blacks = {(0.0, 0.0, 0.0, 1.0), tuple(round(v / 100, 4) for v in RICH_BLACK)}
    dark = [(t, u) for t, u in pairs if u in blacks or t in blacks]
    assert len(dark) >= len(svgs) and all(t == u for t, u in dark), dark
