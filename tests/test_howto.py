"""The kit's first page, how-to-print-<paper>.pdf: what it says, as a parent reads it, and
the checker reading it back against the records."""
import json
import shutil

import pytest

from conftest import run_cli


def page_lines(path) -> list:
    from cardgen.check import pdfread

    with pdfread.open_pdf(path) as pdf:  # the list of files may run on over a continuation page
        assert 1 <= len(pdf.pages) <= 2
        return [line for n in range(1, len(pdf.pages) + 1) for line in pdfread.page_text(pdf, n).splitlines()]


def test_the_kit_opens_with_how_to_print(built):
    """One Letter page at the top of the kit, listed in the manifest: every file printed on
    Letter, each with its sheets, cards a sheet and which way up, sides and paper; the print
    dialog as Windows, macOS and Linux name it; the first sheet's checks; rows, then columns.
    Drawn inside 12 mm of every edge, so any printer prints all of it."""
    page = built / "how-to-print-letter.pdf"
    data = json.loads((built / "manifest.json").read_text())
    assert {"path": page.name, "game": "kit", "kind": "how-to-print"} in [
        {k: e[k] for k in ("path", "game", "kind")} for e in data["files"]]
    lines = page_lines(page)
    text = "\n".join(lines)
    printed = sorted(e["path"] for e in data["files"] if e["path"].endswith("-letter.pdf") and "/" in e["path"])
    assert printed and all(path in lines for path in printed), [p for p in printed if p not in lines]
    at = lines.index("str8eight/str8eight-print-letter.pdf")  # 70 cards and 12 aid cards, 8 a Letter sheet
    assert " ".join(lines[at + 1:at + 3]) == ("cards: 11 sheets of 8 cards, turned; 70 cards, then 12 player aid cards "
                                              "(Str8 Eight's and FourScore's) from sheet 9; both sides, flip on the "
                                              "long edge; card stock")
    at = lines.index("str8eight/str8eight-rules-fold-letter.pdf")
    assert "flip on the short edge; plain paper" in lines[at + 1]
    for game in ("eights", "crazy-eights"):  # issue 41: the player aid cards are on the card sheets
        at = lines.index(f"{game}/{game}-print-letter.pdf")
        assert "player aid cards" in " ".join(lines[at + 1:at + 3])
    for words in ("Letter paper", "Str8 Eight, FourScore, Eights, Crazy Eights", "160–220 g/m²",
                  "Actual size, not “Fit”", "Flip on long edge", "Long-Edge binding", "Long Edge (Standard)",
                  "Scale to Fit", "sides=two-sided-long-edge", "rows first, then columns", "2 in long"):
        assert words in text, words

    import pypdfium2 as pdfium

    img = pdfium.PdfDocument(str(page))[0].render(scale=50 / 72).to_pil().convert("RGB")
    px = 50 / 25.4
    band = round(12 * px)
    inner = img.crop((band, band, img.width - band, img.height - band))
    assert inner.convert("L").getextrema()[0] < 80  # words and pictures
    for box in ((0, 0, img.width, band), (0, img.height - band, img.width, img.height),
                (0, 0, band, img.height), (img.width - band, 0, img.width, img.height)):
        assert img.crop(box).convert("L").getextrema()[0] == 255, box
    red = [(x, y) for x in range(inner.width) for y in range(inner.height)
           if (lambda p: p[0] > 150 and p[1] < 110 and p[2] < 110)(inner.getpixel((x, y)))]
    assert len(red) > 40  # the cutting picture's numbered cuts


def test_the_checker_reads_the_page_back(copy_of_games, monkeypatch):
    """A page that says 9 upright where the record lays out 8 turned (and draws a 3 × 3
    cutting picture for its 2 × 4 turned sheets), names a file the kit does not hold and
    leaves out one it prints, fails; so does a kit whose page is gone."""
    from cardgen.builders import GAMES
    from cardgen.documents import howto
    from cardgen.layout import imposition
    from cardgen.manifest import Entry, sha256_file
    from cardgen.record import from_json
    from cardgen.theme import DEFAULT_THEME

    out = copy_of_games("str8eight")
    data = json.loads((out / "manifest.json").read_text())
    records = {"str8eight": from_json("str8eight", data["games"]["str8eight"])}
    shutil.copyfile(out / "str8eight" / "str8eight-tuckbox-letter.pdf", out / "str8eight" / "str8eight-extra-letter.pdf")
    entries = [Entry(**e) for e in data["files"] if not e["path"].endswith("tuckbox-letter.pdf")]
    entries.append(Entry("str8eight/str8eight-extra-letter.pdf", "str8eight", "tuckbox", "pdf", "-"))
    monkeypatch.setattr(imposition, "per_sheet", lambda spec: (9, False))
    monkeypatch.setattr(imposition, "sheet_grid", lambda spec: (3, 3, False))  # the old fixed picture
    howto.write_howto(out, records, entries, ["letter"], DEFAULT_THEME, {"str8eight": GAMES["str8eight"].title})
    (out / "str8eight" / "str8eight-extra-letter.pdf").unlink()  # named on the page, but not in the kit
    for e in data["files"]:
        if e["path"] == "how-to-print-letter.pdf":
            e["sha256"] = sha256_file(out / e["path"])
    (out / "manifest.json").write_text(json.dumps(data))
    result = run_cli("check", out)
    assert result.exit_code == 1, result.output
    page = "how-to-print-letter.pdf: page 1:"
    for says in (f"{page} says of str8eight/str8eight-print-letter.pdf \"cards: 11 sheets of 9 cards, upright; 70 cards, "
                 "then 12 player aid cards", "where the record has 11 sheets of 8 cards, turned",
                 f"{page} names str8eight/str8eight-extra-letter.pdf, which the kit does not hold",
                 f"{page} does not name str8eight/str8eight-tuckbox-letter.pdf, which the kit prints on letter",
                 f"{page} draws a cutting picture of 3 across, 3 down, upright, a grid no card sheet of letter is laid in",
                 f"{page} draws no cutting picture of the card sheets' grid, 2 across, 4 down, turned"):
        assert says in result.output, result.output

    (out / "how-to-print-letter.pdf").unlink()
    data["files"] = [e for e in data["files"] if e["game"] != "kit"]
    (out / "manifest.json").write_text(json.dumps(data))
    result = run_cli("check", out)
    assert result.exit_code == 1 and "how-to-print-letter.pdf: -: missing" in result.output, result.output


FOURSCORE = ("--game", "fourscore", "--format", "pdf")  # built once, shared with test_aid_cards


def test_a_kit_of_rules_only(tmp_path, tmp_path_factory):
    """FourScore alone (its rules, no cards): its page names the booklet, and an unchanged
    build keeps the page as it is. (A build without PDF makes no page, and the checker asks
    for none: the README's quick project, SVG only, is checked in test_readme_commands.)"""
    from conftest import shared_checked_build

    kit, code, output = shared_checked_build(tmp_path_factory, "fourscore-pdf-checked", *FOURSCORE)
    assert code == 0, output
    out = tmp_path / "out"
    shutil.copytree(kit, out)  # this test's own copy to build again over (times kept: copy2)
    lines = page_lines(out / "how-to-print-letter.pdf")
    at = lines.index("fourscore/fourscore-rules-fold-letter.pdf")
    assert lines[at + 1].startswith("rules booklet: ") and lines[-1]
    stamp = (out / "how-to-print-letter.pdf").stat().st_mtime_ns
    result = run_cli("build", *FOURSCORE, "--out", out)
    assert result.exit_code == 0 and "print first:" in result.output, result.output
    assert (out / "how-to-print-letter.pdf").stat().st_mtime_ns == stamp
    assert run_cli("check", out).exit_code == 0


@pytest.mark.parametrize("wanted, printed, want", [(("letter",), {}, ["letter"]), ((), {}, []),
                                                    (("letter", "a4"), {}, ["letter"]),
                                                    (("letter",), {"a4"}, ["letter", "a4"])])
def test_a_page_for_each_paper_of_the_kit(wanted, printed, want):
    """The papers this build prints on where it holds something to print (here a Letter score
    pad), and those of a game's sheets kept from an earlier build."""
    from types import SimpleNamespace

    from cardgen.documents.howto import papers
    from cardgen.manifest import Entry

    records = {"eights": SimpleNamespace(home_print=SimpleNamespace(papers=tuple(printed))) if printed else None}
    pad = Entry("eights/eights-scorepad-letter.pdf", "eights", "scorepad", "pdf", "-")
    cards = Entry("eights/eights-cards.pdf", "eights", "faces", "pdf", "-")  # printed on no paper of its own
    assert papers(records, wanted, [pad, cards]) == want


BRIDGE = ("--game", "str8eight", "--card-size", "bridge")  # shared with test_print's test_card_sizes
GUTTERFOLD_SETS = ("--game", "str8eight", "--layout", "gutterfold", "--sets", "2")  # and its test_gutterfold


def cutting_kit(kit, tmp_path_factory, request):
    """The kits the cutting picture is read from, each built and checked once for the run:
    Str8 Eight in PDF on both papers (`printed`: its Letter and its A4 page), bridge cards,
    a gutterfold class set of two (those two in PDF and PNG, shared with test_print).
    (its output folder, check's exit code, check's output)."""
    from conftest import shared_check, shared_checked_build

    if kit == "printed":
        out = request.getfixturevalue("printed").parent
        return out, *shared_check(tmp_path_factory, "printed-check", out)
    args = {"bridge": BRIDGE, "gutterfold-sets": GUTTERFOLD_SETS}[kit]
    return shared_checked_build(tmp_path_factory, f"{kit}-checked", *args)


@pytest.mark.parametrize("kit, paper", [("printed", "letter"), ("printed", "a4"), ("bridge", "letter"),
                                        ("gutterfold-sets", "letter")])
def test_the_cutting_picture_is_the_grid_built(tmp_path_factory, request, kit, paper):
    """Issue 41: the cutting picture is each card sheet's grid as the build laid it out (a
    Letter sheet of poker cards 2 across, 4 down, turned; A4 3 × 3 upright; bridge; a
    gutterfold class set), read from the page's text against the checker's own grid from the
    record; the SVG's cutting picture draws that many cells. The checker passes it."""
    import re

    from cardgen.check.homeprint import shape, sheet_margins
    from cardgen.check.paper import PAPERS as SIZES
    from cardgen.record import from_json

    out, code, output = cutting_kit(kit, tmp_path_factory, request)
    data = json.loads((out / "manifest.json").read_text())
    rec = from_json("str8eight", data["games"]["str8eight"])
    info = rec.home_print
    want = shape(info.layout, SIZES[paper], rec.card.trim_mm, rec.card.bleed_mm,
                 sheet_margins(info.layout, info.printer.margins_mm))
    text = "\n".join(page_lines(out / f"how-to-print-{paper}.pdf"))
    drawn = [(int(c), int(r), t == "turned") for c, r, t in re.findall(r"(\d+) across, (\d+) down, (turned|upright)", text)]
    assert drawn == [want], (drawn, want)
    if kit == "printed" and paper == "letter":  # the default card size and layout on Letter
        assert want == (2, 4, True)
    assert code == 0 and "cutting pictures as the records lay them out" in output, output


def test_the_svg_draws_the_grid_it_says():
    """The picture's cells are its grid (data-columns × data-rows of light cells), one picture
    per grid the listed card sheets use, in order."""
    import xml.etree.ElementTree as ET

    from cardgen.design.howto import page_svg
    from cardgen.layout.paper import PAPERS
    from cardgen.theme import DEFAULT_THEME

    games = [{"title": "A", "rows": [{"path": "a/a-print-letter.pdf", "what": "cards", "details": "x",
                                      "grid": (2, 4, True, "duplex", 88.9, 63.5)}]},
             {"title": "B", "rows": [{"path": "b/b-print-letter.pdf", "what": "cards", "details": "x",
                                      "grid": (3, 2, False, "gutterfold", 57.15, 88.9)}]}]
    root = ET.fromstring(page_svg(PAPERS["letter"], "Letter", games, None, DEFAULT_THEME).encode())
    ns = "{http://www.w3.org/2000/svg}"
    picture = next(g for g in root.iter(f"{ns}g") if g.get("data-picture") == "cutting")
    grids = [g for g in picture if g.get("data-columns")]
    assert [(g.get("data-columns"), g.get("data-rows"), g.get("data-turned")) for g in grids] == [
        ("2", "4", "1"), ("3", "2", "0")]
    for g, (cols, rows) in zip(grids, ((2, 4), (3, 2))):
        cells = [r for r in g.iter(f"{ns}rect") if r.get("fill") == "#eef1f6"]
        assert len(cells) == cols * rows + 1  # the sheet's cells and the strip
        xs = {r.get("x") for r in cells[:-1]}
        ys = {r.get("y") for r in cells[:-1]}
        assert (len(xs), len(ys)) == (cols, rows)


# --- issue 41: running text at 7 pt or more, the list paginated rather than shrunk --------------

def _kit_sizes(path) -> list:
    from cardgen.check.legibility import measure_file

    return measure_file(path)


def test_a_long_list_runs_on_instead_of_shrinking():
    """The how-to-print page of a 12-set class kit (four games, 91 files) set its list at 6.0
    pt; now the list stays at 8.5 pt and runs on over a second page, each game's files on one
    page, every file named once, and every text of both pages legible (7 pt running text)."""
    import xml.etree.ElementTree as ET

    from cardgen.check import legibility
    from cardgen.design.howto import pages_svg
    from cardgen.layout.paper import PAPERS
    from cardgen.theme import DEFAULT_THEME

    def rows(game, n_sets):
        out = [{"path": f"{game}/set-{{a..l}}/{game}-print-letter.pdf", "what": "cards",
                "details": f"11 sheets of 8 cards, turned; both sides, flip on the long edge; card stock; one in each "
                           f"of the {n_sets} set folders", "grid": (2, 4, True, "duplex", 88.9, 63.5)}]
        out += [{"path": f"{game}/{game}-{kind}-letter.pdf", "what": kind, "details": "1 sheet; one side; plain paper",
                 "grid": None} for kind in ("tuckbox", "aid-cards", "rules-fold", "scorepad", "atlas", "tournament")]
        return out

    names = (("Str8 Eight", "str8eight"), ("FourScore", "fourscore"), ("Eights", "eights"),
             ("Crazy Eights", "crazy-eights"))
    class_kit = [{"title": title, "rows": rows(slug, 12)} for title, slug in names]
    # the default kit's list (20 files), which was set at 6 pt on one Letter page
    default = [{"title": title, "rows": rows(slug, 1)[:n]} for (title, slug), n in zip(names, (8, 2, 5, 5))]
    for paper, games in (("letter", class_kit), ("a4", class_kit), ("letter", default)):
        pages = pages_svg(PAPERS[paper], paper.title(), games, None, DEFAULT_THEME, f"print-everything-{paper}.pdf")
        assert len(pages) == 2
        named = []
        for svg in pages:
            root = ET.fromstring(svg.encode())
            readings = legibility.read_svg(root).readings()
            assert not legibility.problems(readings), legibility.problems(readings)
            part = next(el for el in root.iter() if el.get("data-part") == "files")
            sizes = {round(float(t.get("font-size")) / (25.4 / 72), 1) for t in part.iter() if t.get("font-size")}
            assert min(sizes) >= 8.5, sizes
            named += [t.text for t in part.iter() if (t.text or "").endswith(".pdf")]
            bottom = max(float(t.get("y")) for t in root.iter() if t.get("y") and t.tag.endswith("text"))
            assert bottom <= PAPERS[paper].height - 16 + 1.0  # within the bottom margin
        assert named == [r["path"] for g in games for r in g["rows"]]
        assert "The list runs on over page 2 of this file." in pages[0]
        assert "page 2 of 2" in pages[1]
    # a list that fits stays one page at its largest type
    one = pages_svg(PAPERS["letter"], "Letter", class_kit[:1], None, DEFAULT_THEME, "print-everything-letter.pdf")
    assert len(one) == 1 and "runs on" not in one[0]


def test_checker_holds_the_kits_own_pages_to_the_legibility_rule(copy_of_build, monkeypatch):
    """Damage: the how-to-print page's list, and print-everything's components page, set at
    6 pt again (the old shrinking) are reported by the check's legibility step, which read
    only each game's files before."""
    import re as _re

    from conftest import assert_check_catches

    from cardgen.check.legibility import problems

    out = copy_of_build
    page = out / "how-to-print-letter.pdf"
    assert not problems(_kit_sizes(page))
    import pikepdf

    def shrink(path, first_only):
        with pikepdf.open(path, allow_overwriting_input=True) as pdf:
            for page_ in list(pdf.pages)[:1 if first_only else None]:
                data = page_.obj.Contents.read_bytes() if not isinstance(page_.obj.Contents, pikepdf.Array) else \
                    b"".join(c.read_bytes() for c in page_.obj.Contents)
                # every text at 8.5 or 8 pt (the list and the table; sizes in mm) drawn at 6 pt
                data = _re.sub(rb"(/[\w+]+) (2\.999|2\.822) Tf", rb"\1 2.117 Tf", data)
                page_.obj.Contents = pdf.make_stream(data)
            pdf.save(path)

    shrink(page, False)
    shrink(out / "print-everything-letter.pdf", True)
    assert_check_catches(out, ["how-to-print-letter.pdf: -: text 'str8eight/str8eight-print…' is 6.0 pt, under 7 pt "
                               "(running text)",
                               "print-everything-letter.pdf: -: text"])
