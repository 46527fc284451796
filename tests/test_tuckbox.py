"""Tuck boxes: sized from the card and the deck's thickness, cut and fold lines, labels."""
import pypdf
import pytest
from defusedxml import ElementTree

from cardgen.layout.paper import PAPERS
from cardgen.layout.tuckbox import net, place
from conftest import MM_PER_PT, refresh_manifest, run_cli

NS = "{http://www.w3.org/2000/svg}"


def root_of(path):
    return ElementTree.parse(str(path)).getroot()


@pytest.mark.parametrize("game, depth", [("str8eight", 23.0), ("eights", 21.5), ("crazy-eights", 17.6)])
def test_box_is_sized_for_the_deck(built, game, depth):
    root = root_of(built / game / f"{game}-tuckbox-letter.svg")
    assert root.get("data-kind") == "tuckbox"
    assert root.get("data-inner-mm") == f"65.5,90.9,{depth:g}"
    panels = {el.get("data-panel"): el for el in root.iter() if el.get("data-panel")}
    assert float(panels["front"].get("width")) == 65.5 and float(panels["front"].get("height")) == 90.9
    assert float(panels["spine"].get("width")) == pytest.approx(depth)


def test_cut_fold_glue_and_names(built):
    root = root_of(built / "str8eight" / "str8eight-tuckbox-letter.svg")
    lines = [el for el in root.iter() if el.get("data-line")]
    cuts = [el for el in lines if el.get("data-line") == "cut"]
    folds = [el for el in lines if el.get("data-line") == "fold"]
    assert len(cuts) == 1 and not cuts[0].get("stroke-dasharray")
    assert len(folds) >= 10 and all(el.get("stroke-dasharray") for el in folds)
    texts = ["".join(el.itertext()) for el in root.iter(f"{NS}text")]
    assert texts.count("GLUE") == 2
    faces = {el.get("data-face"): " ".join(" ".join(el.itertext()).split()) for el in root.iter()
             if el.get("data-face")}
    assert root.find(".//*[@data-face='front']").get("data-text") == "Str8 Eight"
    spines = [root.find(f".//*[@data-face='{face}']").get("data-text") for face in ("spine", "side")]
    assert spines == ["Str8 Eight", "Str8 Eight"]  # both spines labelled, with the front's wordmark
    assert faces["count"] == "70 cards" and faces["tagline"] == "The multiplication card game"
    assert faces["contents"].startswith("64 number cards, 6 pass cards, a sequence sheet, rule booklet")
    assert "FourScore, for 2–6 players" in faces["about"] and "8 × 8 multiplication table" in faces["about"]
    assert (faces["players"], faces["ages"], faces["time"]) == ("2–4 players", "8+ ages", "30 min a hand")
    assert "Peter McClain" in faces["credits"] and "Str8 Eight deck" in faces["credits"] and "MIT licence" in faces["credits"] and "Lato" in faces["credits"]
    pdf = pypdf.PdfReader(str(built / "str8eight" / "str8eight-tuckbox-letter.pdf"))
    assert len(pdf.pages) == 1
    assert float(pdf.pages[0].mediabox.width) * MM_PER_PT == pytest.approx(215.9, abs=0.01)
    # FourScore's tie rule is in its own booklet now, not on the box
    words = " ".join(pdf.pages[0].extract_text().split())
    assert "settles ties" not in words and "Str8 Eight" in words
    fourscore = " ".join(pypdf.PdfReader(str(built / "fourscore" / "fourscore-rules.pdf")).pages[2].extract_text().split())
    assert "Put the tuck box in front of the player on the dealer’s left: it settles ties" in fourscore


def test_every_part_of_the_net_stays_on_the_page():
    for cards in (52, 70, 104):
        n = net(63.5, 88.9, cards, 0.3)
        for paper in PAPERS.values():
            at = place(n, paper)
            w, h = (n.height, n.width) if at.rotated else (n.width, n.height)
            x0 = at.x - (n.height if at.rotated else 0)
            assert x0 >= 5 - 1e-9 and x0 + w <= paper.width - 5 + 1e-9
            assert at.y >= 5 and at.y + h <= paper.height - 5 + 1e-9


def test_a_deck_too_thick_for_one_box_gets_equal_boxes(tmp_path):
    from cardgen.layout.boxfit import BOX_FITS
    from cardgen.layout.tuckbox import boxes_for

    a4, letter = PAPERS["a4"], PAPERS["letter"]
    assert boxes_for(63.5, 88.9, 70, 0.3, [a4, letter]) == 1
    # a 12 × 12 Str8 Eight, 150 cards: its net is 199.9 mm across, A4 leaves 200 (the tuck flap is 15 mm)
    assert boxes_for(63.5, 88.9, 150, 0.3, [a4, letter]) == 1
    assert boxes_for(63.5, 88.9, 152, 0.3, [letter]) == 1 and boxes_for(63.5, 88.9, 152, 0.3, [a4]) == 2
    assert boxes_for(63.5, 88.9, 150, 0.3, [a4, letter], BOX_FITS["sleeves"]) == 2  # sleeved: two boxes of 75
    assert boxes_for(63.5, 88.9, 70, 1.0, [a4]) == 2
    assert boxes_for(63.5, 88.9, 104, 1.0, [letter]) == 3  # two decks of 1 mm cards (once refused)
    out = tmp_path / "out"  # built and checked: two boxes, each for half the deck
    assert run_cli("build", "--game", "str8eight", "--table-size", "12", "--box-fit", "sleeves", "--paper", "a4",
                   "--only", "box", "--format", "svg", "--out", out, "-q").exit_code == 0
    assert sorted(p.name for p in (out / "str8eight").glob("*.svg")) == [
        "str8eight-tuckbox-box1-a4.svg", "str8eight-tuckbox-box2-a4.svg"]
    assert root_of(out / "str8eight" / "str8eight-tuckbox-box2-a4.svg").get("data-cards") == "75"
    check = run_cli("check", out)
    assert check.exit_code == 0 and "str8eight-tuckbox-box2-a4.svg: inside 68 × 93 × 34.5 mm (sleeves, 75 cards)" \
        in check.output, check.output
    for cards, papers in ((152, [a4]), (164, [letter]), (70, [a4])):
        k = boxes_for(63.5, 88.9, cards, 1.0 if cards == 70 else 0.3, papers)
        for paper in papers:  # each box's net is placed on the page without an error
            place(net(63.5, 88.9, -(-cards // k), 1.0 if cards == 70 else 0.3), paper)


def test_thicker_cards_and_two_decks(tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "--game", "crazy-eights", "--decks", "2", "--card-thickness", "0.35",
                     "--format", "svg", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    root = root_of(out / "crazy-eights" / "crazy-eights-tuckbox-letter.svg")
    assert root.get("data-inner-mm") == "65.5,90.9,38.4"  # 104 × 0.35 + 2
    assert run_cli("check", out).exit_code == 0
    bad = run_cli("build", "--card-thickness", "3", "--out", tmp_path / "o")
    assert bad.exit_code == 2 and "--card-thickness: 3.0 mm is out of range; use 0.1 to 1 mm" in bad.output


def test_checker_catches_a_wrong_box(copy_of_games):
    copy_of_build = copy_of_games("eights")
    path = copy_of_build / "eights" / "eights-tuckbox-letter.svg"
    path.write_text(path.read_text().replace('data-inner-mm="65.5,90.9,21.5"', 'data-inner-mm="65.5,90.9,12"'))
    refresh_manifest(copy_of_build)
    result = run_cli("check", copy_of_build)
    assert result.exit_code == 1 and "inside 65.5 × 90.9 × 12 mm, expected 65.5 × 90.9 × 21.5" in result.output


@pytest.mark.parametrize("fit, inner", [
    ("plain", (65.5, 90.9, 23.0)),  # 70 × 0.3 + 2
    ("heavy", (65.5, 90.9, 30.0)),  # 70 × 0.4 + 2
    ("penny-sleeves", (68.0, 93.0, 29.6)),  # a 66 × 91 mm sleeve + 2; 70 × 0.38 + 3
    ("sleeves", (68.0, 93.0, 32.4)),
    ("premium-sleeves", (68.0, 93.0, 38.0)),
    ("double-sleeves", (69.0, 94.5, 45.0)),
])
def test_box_fits_by_stock_and_sleeve(fit, inner):
    from cardgen.layout.boxfit import BOX_FITS

    n = net(63.5, 88.9, 70, BOX_FITS[fit].card_mm, BOX_FITS[fit])
    assert n.inner == pytest.approx(inner)
    for paper in PAPERS.values():
        place(n, paper)  # Str8 Eight's 70 cards fit a sheet in every fit


def test_bleed_runs_past_cut_lines_but_not_past_folds():
    n = net(63.5, 88.9, 70, 0.3)
    grown = {(p.name, p.rect.x, p.rect.y): p for p in n.bleeds(3.0)}
    for p in n.panels:
        g = grown.get((p.name, p.rect.x - 3.0, p.rect.y)) or grown.get((p.name, p.rect.x, p.rect.y - 3.0)) \
            or grown.get((p.name, p.rect.x - 3.0, p.rect.y - 3.0)) or grown[(p.name, p.rect.x, p.rect.y)]
        assert g.rect.w >= p.rect.w and g.rect.h >= p.rect.h
    front = next(p for p in n.bleeds(3.0) if p.name == "front")
    plain = next(p for p in n.panels if p.name == "front")
    # the front's top is cut (grows), its sides are folds to the glue flap and the spine (stay)
    assert (front.rect.y, front.rect.x, front.rect.w) == pytest.approx((plain.rect.y - 3, plain.rect.x, plain.rect.w))


def test_a_sleeved_box_alone_with_bleed_on_the_raster(tmp_path):
    """--only box: the box and nothing else; the check says what it left out. The front's
    color reaches 2 mm past the cut line above it, and the sheet says to print on card stock."""
    from cardgen.draw import fastsvg

    out = tmp_path / "out"
    result = run_cli("build", "--game", "str8eight", "--only", "box", "--box-fit", "sleeves", "--format", "svg",
                     "--out", out, "-q")
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in (out / "str8eight").iterdir() if p.is_file())
    assert files == ["str8eight-tuckbox-letter.svg"]
    check = run_cli("check", out)
    assert check.exit_code == 0 and "left out and not checked: cards, print, sheet, rules, pads" in check.output
    assert "inside 68 × 93 × 32.4 mm (sleeves, 70 cards)" in check.output
    svg = (out / "str8eight" / "str8eight-tuckbox-letter.svg").read_text()
    root = root_of(out / "str8eight" / "str8eight-tuckbox-letter.svg")
    assert "Print on card stock" in "".join(root.itertext()) and "sleeved cards" in "".join(root.itertext())
    # where the front lands on the page: the net's origin, then the front panel's top-left corner
    from cardgen.layout.boxfit import BOX_FITS

    n = net(63.5, 88.9, 70, 0.3, BOX_FITS["sleeves"])
    at = place(n, PAPERS["letter"])
    front = next(p for p in n.panels if p.name == "front").rect

    def on_page(x, y):  # the net is turned a quarter turn when only that way it fits
        return (at.x - y, at.y + x) if at.rotated else (at.x + x, at.y + y)
    dpi = 100

    img = fastsvg.image(svg, dpi)
    px = dpi / 25.4

    def color(x, y):
        u, v = on_page(x, y)
        return img.getpixel((round(u * px), round(v * px)))
    x = front.x + 6  # clear of the thumb notch
    inside, beyond = color(x, front.y + 3.0), color(x, front.y - 2.0)
    assert inside == beyond and sum(inside) < 200, (inside, beyond)  # the dark ground, on both sides of the cut
    assert color(x, front.y - 5.0) == (255, 255, 255)  # and no further than the bleed


def test_the_printer_scale_reaches_the_box(tmp_path):
    """[printer] scale: a printer that prints 100 mm as 98 gets the box drawn 100/98 as large
    about the page centre, so the box it prints is the size the net says."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    from cardgen.draw import fastsvg

    out = tmp_path / "out"
    result = run_cli("build", "--game", "eights", "--only", "box", "--print-scale", "98,98", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    dpi = 30
    pdf = pdfium.PdfDocument(str(out / "eights" / "eights-tuckbox-letter.pdf"))[0].render(scale=dpi / 72).to_pil()
    svg = fastsvg.image((out / "eights" / "eights-tuckbox-letter.svg").read_text(), dpi)

    def ink(img):  # the printed area, in mm from the page centre
        box = ImageChops.invert(img.convert("L")).point(lambda v: 255 if v > 40 else 0).getbbox()
        w, h = img.size
        return [(v - c) * 25.4 / dpi for v, c in zip(box, (w / 2, h / 2, w / 2, h / 2))]
    assert ink(pdf) == pytest.approx([v * 100 / 98 for v in ink(svg)], abs=1.0)
    assert run_cli("check", out).exit_code == 0


def test_checker_reads_what_the_box_says(copy_of_games):
    """The box's contents line and front count, read against the deck in the record."""
    from conftest import assert_check_catches, edit

    out = copy_of_games("crazy-eights")
    box = out / "crazy-eights" / "crazy-eights-tuckbox-letter.svg"
    edit(box, ">52 playing cards,", ">50 playing cards,")
    edit(box, ">52 cards<", ">50 cards<")
    assert_check_catches(out, ["crazy-eights-tuckbox-letter.svg: tuck box: the contents say 50 playing cards, the deck "
                               "has 52", "crazy-eights-tuckbox-letter.svg: tuck box: the front says '50 cards', the box "
                               "holds 52"])


def _texts_at_size(root):
    """(text, size in pt at actual size, fill) of every text, through the scales it is drawn at."""
    import math

    from cardgen.design.fan import affine

    out = []

    def walk(el, m, style):
        style = {**style, **{k: el.get(k) for k in ("fill", "font-size") if el.get(k)}}
        t = affine(el.get("transform"))
        m = (m[0] * t[0] + m[2] * t[1], m[1] * t[0] + m[3] * t[1], m[0] * t[2] + m[2] * t[3], m[1] * t[2] + m[3] * t[3])
        if el.tag == f"{NS}text":
            out.append(("".join(el.itertext()), float(style["font-size"]) * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
                        * 72 / 25.4, style.get("fill")))
        for child in el:
            walk(child, m, style)
    walk(root, (1, 0, 0, 1), {})
    return out


@pytest.mark.parametrize("low_ink", [False, True])
def test_box_words_are_legible_on_any_card_size(low_ink):
    """A mini card's box, the smallest there is: every word (the fanned cards' too) at 6 pt
    or more at actual size, the words of the front and back panels 4.5:1 on the box's color;
    small print on the fanned cards is greeked, not shrunk."""
    from cardgen.design import crazy_eights
    from cardgen.design.cards import Look
    from cardgen.design.palette import relative_luminance as lum
    from cardgen.design.tuckbox import tuckbox_svg
    from cardgen.documents.boxtext import BoxText
    from cardgen.layout.boxfit import BOX_FITS
    from cardgen.model.crazy_eights import PlayingCard
    from cardgen.model.sizes import card_size
    from cardgen.theme import DEFAULT_THEME

    look = Look(card_size("mini"), 3.0, low_ink, DEFAULT_THEME)
    fan = [crazy_eights.card_svg(PlayingCard(r, "hearts", 10, 1), look) for r in ("A", "K", "Q", "J", "8")]
    text = BoxText("The classic shedding game", (("players", "2–6", "players"), ("ages", "6+", "ages"),
                                                  ("time", "30 min", "a game")),
                   "Race to empty your hand: match the top card by suit or by rank, or play an eight, which is "
                   "wild, and name the next suit. Whoever goes out first scores the cards left in everyone else's "
                   "hand. First to 250 points wins.", "52 playing cards, rule booklet and player aid, score pad.",
                   "Crazy Eights is a traditional card game, free for anyone to play. Card art, box and texts of "
                   "this print-and-play edition: MIT licence. Type: Lato (SIL Open Font License).")
    ground = "#7a1f2b"
    svg = tuckbox_svg("crazy-eights", "Crazy Eights", 52, 45, 68, BOX_FITS["plain"], 0.3, PAPERS["a4"], ground,
                      low_ink, DEFAULT_THEME, text, fan)
    root = ElementTree.fromstring(svg.encode())
    words = _texts_at_size(root)
    assert min(size for _, size, _ in words) >= 6.0 - 1e-6, min(words, key=lambda w: w[1])
    assert 'data-art="fan"' in svg and 'rx="' in svg  # the fan is there, its small print as bars
    panel = "#ffffff" if low_ink else ground
    for art in ("front", "back"):
        group = root.find(f".//*[@data-art='{art}']")
        for el in group.iter(f"{NS}text"):
            if any(el in fan_group.iter() for fan_group in group.iter() if fan_group.get("data-art") == "fan"):
                continue
            fill = el.get("fill") or next(a.get("fill") for a in group.iter() if el in a.iter() and a.get("fill"))
            a, b = sorted((lum(fill), lum(panel)))
            assert (b + 0.05) / (a + 0.05) >= 4.5, (art, "".join(el.itertext()), fill)
    # the back fits its panel: the credits end above the panel's foot
    back = root.find(".//*[@data-panel='back']")
    credits = [float(t.get("y")) for t in root.find(".//*[@data-face='credits']").iter(f"{NS}text")]
    assert max(credits) <= float(back.get("height"))


@pytest.mark.parametrize("table, passes", [(2, 4), (3, 0)])
def test_a_thin_decks_box_keeps_every_text_at_6_pt(tmp_path, table, passes):
    """`build --strict --table-size 2 --pass-cards 4` (and 3 with none) wrote a box whose
    spine and lid titles were 5.2-5.6 pt, which its own check then rejected: on a spine or lid
    too thin for the title at 6 pt, the title is set at the floor when it fits, else left to
    the front, back and lid."""
    out = tmp_path / "out"
    result = run_cli("build", "--game", "str8eight", "--table-size", table, "--pass-cards", passes, "--format", "svg",
                     "--strict", "-j", "1", "-q", "--out", out)
    assert result.exit_code == 0, result.output
    check = run_cli("check", out)
    assert check.exit_code == 0, check.output
    sizes = [float(el.get("font-size")) / MM_PER_PT for el in root_of(out / "str8eight" / "str8eight-tuckbox-letter.svg")
             .iter() if el.get("font-size")]
    assert min(sizes) >= 6.0, sorted(sizes)[:3]


def test_strict_never_writes_a_kit_its_check_rejects(tmp_path, monkeypatch):
    """--strict runs the check's legibility rule on what the build wrote, before the switch:
    a box drawn with a title under 6 pt (the old spine sizing, put back here) is an error and
    nothing is written; without --strict the kit is written and check names the text."""
    from cardgen.design import boxart

    monkeypatch.setattr(boxart, "MIN_TEXT_MM", 0.0)
    args = ("build", "--game", "str8eight", "--table-size", "2", "--pass-cards", "4", "--format", "svg", "-j", "1",
            "-q", "--out", tmp_path / "out")
    result = run_cli(*args, "--strict")
    assert result.exit_code == 2, result.output
    # the spine's title is the front's wordmark: its first run, "Str", is named
    assert result.output.startswith("cardgen: error: str8eight/str8eight-tuckbox-letter.svg: text 'Str' is "), \
        result.output
    assert "under 6 pt" in result.output and result.output.rstrip().endswith(
        "`cardgen check` would reject the kit (--strict); the previous output was left as it was"), result.output
    assert not (tmp_path / "out").exists()
    assert run_cli(*args).exit_code == 0
    assert "under 6 pt" in run_cli("check", tmp_path / "out").output


@pytest.mark.parametrize("game", ["str8eight", "eights", "crazy-eights"])
def test_the_closed_box_is_one_color_across_its_folds(built, game):
    """Issue 41: the front, back, spines, lid and bottom (and their bleeds) are the front's
    ground, where the spines and lid were cream; the spines and lid carry the front's wordmark
    in the box's colors (Str8 Eight's 8 and Crazy Eights' Eights in gold), and the fold lines
    show on the dark ground."""
    root = root_of(built / game / f"{game}-tuckbox-letter.svg")
    front = next(el for el in root.iter() if el.get("data-panel") == "front").get("fill")
    outside = ("front", "back", "spine", "side", "lid", "bottom")
    fills = {(el.get("data-panel") or el.get("data-bleed"), el.get("fill")) for el in root.iter()
             if (el.get("data-panel") or el.get("data-bleed")) in outside}
    assert {fill for _, fill in fills} == {front} and len({name for name, _ in fills}) == 6
    assert front not in ("#ffffff", "#f3efe6")
    for face in ("spine", "side", "lid"):
        mark = root.find(f".//*[@data-face='{face}']")
        runs = {"".join(t.itertext()): t.get("fill") or mark.get("fill") for t in mark.iter(f"{NS}text")}
        assert mark.get("fill") == "#ffffff", face
        if game != "eights":
            assert "#f3c64f" in runs.values(), (face, runs)  # the accent, as on the front
    folds = {el.get("stroke") for el in root.iter() if el.get("data-line") == "fold"}
    assert folds and front not in folds


def test_a_low_ink_box_stays_white_with_ink_folds(tmp_path):
    out = tmp_path / "out"
    assert run_cli("build", "--game", "eights", "--low-ink", "--only", "box", "--format", "svg", "--out", out,
                   "-q").exit_code == 0
    root = root_of(out / "eights" / "eights-tuckbox-letter.svg")
    fills = {el.get("fill") for el in root.iter() if el.get("data-panel") in ("front", "back", "spine", "side", "lid")}
    assert fills == {"#ffffff"}
    assert {el.get("stroke") for el in root.iter() if el.get("data-line") == "fold"} == {"#1d2330"}


def test_checker_catches_a_box_broken_at_its_folds_or_its_lines(copy_of_games):
    """A spine painted cream again, and a blurb whose line ends on "8 ×" with its "8" below."""
    from conftest import assert_check_catches, edit

    out = copy_of_games("str8eight")
    box = out / "str8eight" / "str8eight-tuckbox-letter.svg"
    edit(box, 'data-panel="spine" x="77.5" y="38" width="23" height="90.9" fill="#1c2740"',
         'data-panel="spine" x="77.5" y="38" width="23" height="90.9" fill="#f3efe6"')
    edit(box, ">Build a line of eight cards that climbs the</text>", ">Build a line of eight cards that climbs the 8 ×</text>")
    edit(box, ">8 × 8 multiplication table, one multiple at a</text>", ">8 multiplication table, one multiple at a</text>")
    assert_check_catches(out, [
        "str8eight-tuckbox-letter.svg: tuck box: its spine is #f3efe6, the front #1c2740: the box's color breaks at the folds",
        "str8eight-tuckbox-letter.svg: tuck box: its about breaks a line between '×' and '8'"])
