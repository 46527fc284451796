"""Every text legible (issue 26): at least 6 pt (7 pt running text) at actual size, and a
WCAG contrast of 4.5:1 (3:1 from 18 pt) against what lies under it, measured on the
built files by the checker, which fails a file that breaks either."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import assert_check_catches, edit

from cardgen.check.legibility import check_legibility, contrast, measure_file, read_svg
from cardgen.check.report import GameReport

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="40mm" viewBox="0 0 60 40">'
       '{body}</svg>')


def readings(body: str) -> list:
    from defusedxml import ElementTree

    return read_svg(ElementTree.fromstring(SVG.format(body=body))).readings()


def test_contrast_is_measured_against_what_is_painted_under_each_text():
    got = readings(
        '<rect width="60" height="40" fill="#1c2740"/>'  # a navy ground
        '<g transform="translate(30 20) rotate(180)"><circle r="8" fill="#fffcf4"/>'  # a cream disc, turned
        '<text y="1.5" font-size="4" text-anchor="middle" fill="#1d2330">8</text></g>'  # ink on the disc
        '<text x="2" y="6" font-size="4" fill="#1d2330">INK</text>'  # ink on the navy: unreadable
        '<g opacity="0.5"><rect x="40" y="30" width="20" height="10" fill="#ffffff"/></g>'
        '<text x="42" y="37" font-size="2.2" fill="#ffffff">half</text>')  # white on half-white navy
    (s1, c1, t1, *_), (s2, c2, t2, *_), (s3, c3, t3, *_) = got
    assert (t1, t2, t3) == ("8", "INK", "half")
    assert c1 == pytest.approx(contrast((0x1d / 255, 0x23 / 255, 0x30 / 255), (1, 0xfc / 255, 0xf4 / 255)), rel=1e-6)
    assert c2 < 1.2 and 2 < c3 < 4  # ink on navy; white over navy half covered by white
    assert s1 == pytest.approx(4 / (25.4 / 72)) and s3 == pytest.approx(2.2 / (25.4 / 72))


def test_an_image_under_a_text_leaves_it_unmeasured_and_a_figure_is_not_page_text():
    got = readings('<image x="0" y="0" width="60" height="40" href="data:,"/>'
                   '<text x="2" y="6" font-size="4" fill="#ffffff">on art</text>'
                   '<g data-figure="card"><text x="2" y="20" font-size="1" fill="#eeeeee">tiny</text></g>')
    assert [(t, c) for _, c, t, *_ in got] == [("on art", None)]


def test_a_typeset_pdf_is_measured_from_its_content_stream(tmp_path):
    """Sizes from the text and graphics matrices (a scaled page), colors from the operators,
    backgrounds from filled paths; a /Figure is not the page's text."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "doc.pdf"
    c = canvas.Canvas(str(path), pagesize=(300, 300), pageCompression=0)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    c.rect(0, 200, 300, 100, stroke=0, fill=1)  # a dark band at the top
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont("Helvetica", 10)
    c.drawString(20, 250, "grey on the dark band")
    c.saveState()
    c.scale(0.5, 0.5)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(40, 200, "at half scale")  # 5 pt, on white
    c.restoreState()
    c.setFont("Helvetica", 6.5)
    c.drawString(20, 60, "a long line of running text set at 6.5 pt")
    c.addLiteral("/Figure BMC")
    c.setFont("Helvetica", 3)
    c.drawString(20, 20, "inside a figure")
    c.addLiteral("EMC")
    c.save()
    got = {t: (s, r) for s, r, t, *_ in measure_file(path)}
    assert set(got) == {"grey on the dark band", "at half scale",
                        "a long line of running text set at 6.5 pt"}
    assert got["grey on the dark band"][1] < 1.5 and got["at half scale"][0] == pytest.approx(5)
    from cardgen.check.legibility import problems

    lines = problems(measure_file(path))
    assert any("grey on the dark band" in line and "contrast" in line for line in lines)
    assert any("is 5.0 pt, under 6 pt" in line for line in lines)
    assert any("is 6.5 pt, under 7 pt (running text)" in line for line in lines)


def _legibility(out: Path) -> dict:
    data = json.loads((out / "manifest.json").read_text())
    found = {}
    for game in data["games"]:
        report = GameReport(game)
        check_legibility(out, [(e["path"], e["kind"]) for e in data["files"] if e["game"] == game], report)
        found[game] = report
    return found


def test_every_text_of_a_default_build_is_legible(built):
    """Cards, backs, sheets, boxes, booklets, aids and pads of all four games: every text
    measured, none under 6 pt, none under 4.5:1 (the summary says the extremes)."""
    for game, report in _legibility(built).items():
        assert report.violations == [], game
        line = next(s for s in report.summary if s.startswith("legibility:"))
        count = int(line.split()[1])
        assert count > {"str8eight": 1500, "fourscore": 200, "eights": 500, "crazy-eights": 400}[game], line


@pytest.mark.parametrize("table, size, low_ink, scaffold, large_print, font", [
    (12, "bridge", False, "full", True, "hyperlegible"),  # the narrowest faces, the widest numbers
    (8, "poker", True, "colors", False, "standard"),  # low ink: white faces, "?" tags
    (12, "poker", True, "bare", True, "hyperlegible"),  # the mtc preset's faces
])
def test_every_variant_of_the_faces_is_legible(table, size, low_ink, scaffold, large_print, font):
    """Every face, pass card and back of each variant, marked with a class set's badge, read
    back as the checker reads a file: nothing under 6 pt, nothing under 4.5:1."""
    from defusedxml import ElementTree

    from cardgen.check.legibility import problems, read_svg
    from cardgen.design import setmark, str8eight
    from cardgen.design.cards import Look, SVGCard
    from cardgen.model.sizes import card_size
    from cardgen.model.str8eight import build_deck
    from cardgen.theme import DEFAULT_THEME, font_set

    theme = DEFAULT_THEME if font == "standard" else replace(DEFAULT_THEME, fonts=font_set(font))
    look = Look(card_size(size), 3.0, low_ink, theme, scaffold, large_print)
    deck = build_deck(table, 1)
    layout = str8eight.NumberLayout(look.size, table, large_print, scaffold, theme)
    wanted = {1, 6, 9, 12, 24, 36, 42, 60, 64, 66, 99, 110, 132, 144}  # widest values, most tags, every group
    cards = [str8eight.number_svg(c, layout, look) for c in deck.number_cards if c.value in wanted and c.row <= c.col]
    cards += [str8eight.pass_svg(p, table, look, layout) for p in deck.pass_cards] + [str8eight.back_svg(table, look)]
    marked = [setmark.mark_card(SVGCard(str(i), "back" if i == len(cards) - 1 else "number", svg), "str8eight", 1,
                                theme.fonts.role_map).svg for i, svg in enumerate(cards)]
    measured = [r for svg in marked for r in read_svg(ElementTree.fromstring(svg)).readings()]
    assert len(measured) > 3 * len(marked) and problems(measured) == []
    assert min(size for size, *_ in measured) >= 6 and min(c for _, c, *_ in measured if c) >= 4.5


def test_the_class_teacher_pages_are_legible(tmp_path):
    """The teacher pages of the mtc preset, with their light handwriting guides (the 12 × 12
    sequence sheet and atlas are checked, with the rest of that deck, by test_cards_svg's
    12 × 12 build and check)."""
    from conftest import run_cli

    out = tmp_path / "mtc"
    assert run_cli("build", "--game", "str8eight", "--preset", "mtc", "--only", "teacher", "--format", "pdf",
                   "--out", out, "-q").exit_code == 0
    report = _legibility(out)["str8eight"]
    assert report.violations == [] and any(s.startswith("legibility:") for s in report.summary)


@pytest.mark.parametrize("old, new, message", [
    ('font-size="19.869" font-family="Lato Black" text-anchor="middle">24<',
     'font-size="19.869" font-family="Lato Black" text-anchor="middle" fill="#d8d0c0">24<',
     "text '24' in #d8d0c0 on #f5efe2 has a contrast of 1.3"),  # the big value, faint on its band
    ('font-size="2.822" font-weight="700" text-anchor="middle" fill="#c3cadb">4 × 6<',
     'font-size="1.8" font-weight="700" text-anchor="middle" fill="#c3cadb">4 × 6<',
     "text '4 × 6' is 5.1 pt, under 6 pt"),  # the cell line, too small
])
def test_the_checker_fails_a_card_with_faint_or_tiny_text(copy_of_games, old, new, message):
    out = copy_of_games("str8eight")
    edit(out / "str8eight" / "svg" / "024-4x6.svg", old, new)
    assert_check_catches(out, [f"str8eight/svg/024-4x6.svg: -: {message}"])
