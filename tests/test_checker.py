"""`cardgen check`: passes a good build and catches every kind of damage,
even when manifest.json has been updated to match the damaged files."""
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from conftest import assert_check_catches, drop_last_pdf_page, edit, run_cli

SVG = Path("str8eight") / "svg"


def svg(out: Path, name: str) -> Path:
    return out / SVG / name


def arrow_tag(out: Path, name: str, group: int, side: str) -> str:
    text = svg(out, name).read_text()
    return re.search(rf'<g data-group="{group}" data-side="{side}"[^>]*>', text).group(0)


def test_good_build_passes_with_a_report(built):
    result = run_cli("check", built)
    assert result.exit_code == 0, result.output
    assert "64 number cards, 6 pass cards (3 left, 3 right), 1 back" in result.output
    assert re.search(r"value\s+1\s+2\s+3\s+4\s+5\s+6", result.output)
    assert "280 arrows checked" in result.output
    assert "str8eight-cards.pdf: 70 pages" in result.output


# each corruption: (what it does to the output, text the violation list must contain)
def delete_card(out):
    svg(out, "012-3x4.svg").unlink()


def duplicate_card(out):
    shutil.copy(svg(out, "012-3x4.svg"), svg(out, "012-3x4-copy.svg"))


def wrong_value(out):
    edit(svg(out, "012-3x4.svg"), 'data-value="12"', 'data-value="13"')


def wrong_target(out):
    tag = arrow_tag(out, "024-4x6.svg", 4, "right")
    edit(svg(out, "024-4x6.svg"), tag, tag.replace('data-target="28"', 'data-target="29"'))


def missing_arrow(out):
    path = svg(out, "024-4x6.svg")
    text = path.read_text()
    path.write_text(re.sub(r'<g data-group="4" data-side="right".*?</g>\s*</g>', "", text, flags=re.S))


def arrow_recolored(out):
    path = svg(out, "024-4x6.svg")
    edit(path, 'data-color="#117733"', 'data-color="#ff0000"')
    edit(path, 'fill="#117733"', 'fill="#ff0000"')


def color_label_lies(out):
    edit(svg(out, "024-4x6.svg"), 'data-color="#117733"', 'data-color="#44aa99"')


def two_groups_share_a_color(out):
    for path in (out / SVG).glob("0*.svg"):
        text = path.read_text()
        path.write_text(text.replace("#44aa99", "#117733"))


def _shift(tag: str, dy: float) -> str:
    return re.sub(r"translate\(([\d.]+) ([\d.]+)\)", lambda m: f"translate({m.group(1)} {float(m.group(2)) + dy})", tag)


def tag_moved(out):
    tag = arrow_tag(out, "024-4x6.svg", 6, "left")
    edit(svg(out, "024-4x6.svg"), tag, _shift(tag, 2))


def stack_off_the_line(out):
    for group in (4, 6, 8):  # 24's right edge: ×4, ×6, ×8, all 3 mm lower
        tag = arrow_tag(out, "024-4x6.svg", group, "right")
        edit(svg(out, "024-4x6.svg"), tag, _shift(tag, 3))


def stack_out_of_order(out):
    top, bottom = arrow_tag(out, "024-4x6.svg", 3, "left"), arrow_tag(out, "024-4x6.svg", 8, "left")
    y = lambda tag: float(re.search(r"translate\([\d.]+ ([\d.]+)\)", tag).group(1))  # noqa: E731
    text = svg(out, "024-4x6.svg").read_text()
    text = text.replace(top, "@TOP@").replace(bottom, _shift(bottom, y(top) - y(bottom)))
    svg(out, "024-4x6.svg").write_text(text.replace("@TOP@", _shift(top, y(bottom) - y(top))))


def bullseye_removed(out):
    edit(svg(out, "001-1x1.svg"), 'data-mark="bullseye"', 'data-mark="none"')


def bullseye_added(out):
    path = svg(out, "009-3x3.svg")
    mark = re.search(r'<g data-mark="bullseye".*?</g>', svg(out, "001-1x1.svg").read_text(), re.S).group(0)
    edit(path, "</svg>", mark + "\n</svg>")


def pass_direction_flipped(out):
    edit(svg(out, "pass-left-1.svg"), 'data-direction="left"', 'data-direction="right"')


def pass_points_changed(out):
    edit(svg(out, "pass-right-3.svg"), 'data-points="50"', 'data-points="5"')


def underline_moved_and_index_lies(out):
    """A 6 that lost its underline, an 8 that gained one, a pass-left card whose corner says R."""
    six, eight = svg(out, "006-1x6.svg"), svg(out, "008-1x8.svg")
    bars = re.findall(r'<rect data-mark="underline"[^>]*/>', six.read_text())
    six.write_text(re.sub(r'<rect data-mark="underline"[^>]*/>', "", six.read_text()))
    edit(eight, "</svg>", bars[0] + "\n</svg>")
    edit(svg(out, "pass-left-2.svg"), ">L</text>", ">R</text>")


def back_deleted(out):
    svg(out, "back.svg").unlink()


def unreadable_svg(out):
    path = svg(out, "036-6x6.svg")
    path.write_text(path.read_text()[:200])


def pdf_page_dropped(out):
    drop_last_pdf_page(out / "str8eight" / "str8eight-cards.pdf")


def png_wrong_size(out):
    path = out / "str8eight" / "png" / "012-3x4.png"
    with Image.open(path) as im:
        im.resize((800, 1100)).save(path, dpi=(300, 300))


def wrong_game(out):
    edit(svg(out, "012-3x4.svg"), 'data-game="str8eight"', 'data-game="fourscore"')


CORRUPTIONS = [
    (delete_card, ["no card for this cell", "3 cards of value 12, the table has 4", "63 number cards"]),
    (duplicate_card, ["cell 3x4 appears 2 times", "5 cards of value 12"]),
    (wrong_value, ["value 13 but cell 3×4 is 12"]),
    (wrong_target, ["unexpected right arrow of group 4 to 29", "missing right arrow of group 4 to 28",
                    "points to 29, but no card has that value"]),
    (missing_arrow, ["missing right arrow of group 4 to 28", "is not returned"]),
    (arrow_recolored, ["group 4 is drawn in 2 colors"]),
    (color_label_lies, ["drawn in #117733, but data-color says #44aa99"]),
    (two_groups_share_a_color, ["groups 3, 4 share the color #117733"]),
    (tag_moved, ["left arrows are spaced 6.8, 8.8, 4.8 mm apart"]),
    (stack_off_the_line, ["the right arrows' stack is centred +3.0 mm off the value's line"]),
    (stack_out_of_order, ["left arrows stand in the order ×8, ×4, ×6, ×3 from the top"]),
    (bullseye_removed, ["001-1x1.svg: 1 (1x1): 0 bull's-eyes; expected one"]),
    (bullseye_added, ["009-3x3.svg: 9 (3x3): 1 bull's-eyes; expected none"]),
    (pass_direction_flipped, ["2 pass-left cards, expected 3", "4 pass-right cards, expected 3"]),
    (pass_points_changed, ["a pass card is worth 50"]),
    (underline_moved_and_index_lies, [
        "006-1x6.svg: 6 (1x6): 0 underline(s), expected 3: 6 reads as another value upside down",
        "008-1x8.svg: 8 (1x8): 1 underline(s), expected 0",
        "pass-left-2.svg: pass card: corner indices show left 'R', left 'L'; expected two showing left 'L'"]),
    (back_deleted, ["0 card backs"]),
    (unreadable_svg, ["036-6x6.svg: -: not a readable SVG"]),
    (pdf_page_dropped, ["str8eight-cards.pdf: -: 69 pages, expected 70"]),
    (png_wrong_size, ["012-3x4.png: -: 800 × 1100 px, expected 821 × 1121"]),
    (wrong_game, ["data-game is 'fourscore'"]),
]


@pytest.mark.parametrize("corrupt, expected", CORRUPTIONS, ids=[c.__name__ for c, _ in CORRUPTIONS])
def test_checker_catches_corruption_even_with_a_matching_manifest(copy_of_deck, corrupt, expected):
    out = copy_of_deck  # Str8 Eight's cards and sequence sheet (conftest.deck_and_sheet), checked clean
    corrupt(out)
    output = assert_check_catches(out, expected)
    assert "manifest: OK" in output  # the hashes agree: only the content check can catch it


def test_files_changed_behind_the_manifest_are_reported(copy_of_deck):
    out = copy_of_deck
    wrong_value(out)
    result = run_cli("check", out)
    assert result.exit_code == 1
    assert "012-3x4.svg: -: changed since the build" in result.output
    assert "\nby kind: Files and manifest 1, Card SVGs 1, Str8 Eight deck, sequence sheet and atlas " in result.output


def test_check_of_a_folder_without_a_build_is_a_usage_error(tmp_path):
    result = run_cli("check", tmp_path)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "run 'cardgen build" in result.output
