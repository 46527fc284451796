"""Print-shop files (--format shop): each shop's template, the preflight report and what
`cardgen check` makes of it, the designer's proof kept out of the shop's folder.

Cheap on purpose: one real build (Eights for DriveThruCards: one PDF, no images) for the
path through the CLI, the manifest and the checker; the image shops are tested on a
three-card deck written straight through export/shop.py."""
from __future__ import annotations

import json
import shutil
import zlib
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from cardgen.check.report import GameReport
from cardgen.check.shop import check_shop_folder
from cardgen.errors import CardgenError
from cardgen.shops import check_card_sizes, shop, shops

from conftest import MM_PER_PT, assert_check_catches, assert_metadata, run_cli, xmp_of, shared_build

DTC_ARGS = ("build", "--game", "eights", "--format", "shop,pdf", "--only", "cards", "--shop", "drivethrucards", "--proof",
            "--bleed", "1.5", "-j", "1", "-q")


@pytest.fixture(scope="module")
def dtc(tmp_path_factory) -> Path:
    return shared_build(tmp_path_factory, "dtc", *DTC_ARGS[1:])


@pytest.fixture(scope="module")
def tiny_deck():
    """at_bleed for Eights cut to two faces and the back: what the image shops are tested on."""
    from cardgen.design.cards import DeckArt, Look
    from cardgen.design.eights import render_deck
    from cardgen.model.eights import build_deck
    from cardgen.model.sizes import card_size
    from cardgen.options import BuildOptions
    from cardgen.theme import theme_for

    theme = theme_for(BuildOptions())
    model = build_deck()[:2]

    def at_bleed(bleed):
        at_bleed.asked.append(bleed)
        art = render_deck(model, Look(card_size("poker"), bleed, False, theme))
        return DeckArt((art.faces[0], art.faces[1]), art.backs, (0, 0))
    at_bleed.asked = []
    return at_bleed, theme.fonts


def _write(root: Path, slug: str, tiny_deck, proof=False) -> list:
    from cardgen.export.shop import write_shop

    at_bleed, fonts = tiny_deck
    from cardgen.draw.pdfmeta import meta_for

    return write_shop(root, "eights", "Eights", at_bleed, "poker", slug, 1, fonts, proof,
                      meta_of=lambda kind, detail: meta_for(kind, "Eights", "64 letter cards", detail))


def _check(folder: Path, slug: str) -> GameReport:
    report = GameReport("eights")
    check_shop_folder("eights", folder, shop(slug), "poker", 2, 1, report, lambda p: p.name)
    return report


def test_the_shop_table_holds_the_shops_numbers():
    from cardgen.model.sizes import CARD_SIZES
    from cardgen.shops import _shop

    table = shops()
    assert list(table) == ["drivethrucards", "thegamecrafter", "makeplayingcards", "printerstudio"]
    check_card_sizes(CARD_SIZES)  # every size a shop lists is ours, at our trim
    assert table["drivethrucards"].sizes["poker"].bleed_mm == pytest.approx(25.4 / 8)
    assert table["drivethrucards"].ink_limit == 240 and table["drivethrucards"].pdfx == "PDF/X-1a:2003"
    assert table["thegamecrafter"].sizes["poker"].pixels == (825, 1125)
    assert table["makeplayingcards"].sizes["poker"].pixels == (822, 1122)
    assert all(s.source for s in table.values())
    row = {k: v for k, v in vars(table["thegamecrafter"]).items() if k not in ("slug", "sizes")}
    row["sizes"] = {"poker": {"trim_mm": [63.5, 88.9], "bleed_mm": 3.175, "safe_mm": 3.175, "pixels": [824, 1125]}}
    with pytest.raises(CardgenError, match=r"is \(825, 1125\) px at 300 dpi"):
        _shop("broken", row)


def test_drivethrucards_pdf_has_the_shops_boxes_not_the_builds_bleed(dtc):
    folder = dtc / "eights" / "shop" / "drivethrucards"
    assert sorted(p.name for p in folder.iterdir()) == ["eights-drivethrucards.pdf", "preflight.json",
                                                         "preflight.txt", "upload-notes.txt"]
    with pikepdf.open(folder / "eights-drivethrucards.pdf") as pdf:
        assert len(pdf.pages) == 66  # 65 faces, then the back
        for page in pdf.pages:
            media = [float(v) * MM_PER_PT for v in page.mediabox]
            trim = [float(v) * MM_PER_PT for v in page.obj.TrimBox]
            bleed = [float(v) * MM_PER_PT for v in page.obj.BleedBox]
            assert media == pytest.approx([0, 0, 69.85, 95.25], abs=0.01)  # 3.175 mm, not --bleed 1.5
            assert bleed == pytest.approx(media, abs=0.001)
            assert trim == pytest.approx([3.175, 3.175, 66.675, 92.075], abs=0.01)
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1:2003" and pdf.pdf_version == "1.4"
        assert str(pdf.docinfo["/GTS_PDFXConformance"]) == "PDF/X-1a:2003"
        assert "<pdfxid:GTS_PDFXVersion>PDF/X-1:2003<" in xmp_of(pdf)  # the packet says the same
        assert len(pdf.Root.OutputIntents) == 1
    assert "DriveThruCards, 65 faces and 1 back" in assert_metadata(folder / "eights-drivethrucards.pdf",
                                                                     "64 letter cards")["Title"]
    for proof in ("eights-cards-proof.pdf", "shop/drivethrucards-proof.pdf"):  # never PDF/X, titled as a proof
        info = assert_metadata(dtc / "eights" / proof, "64 letter cards")
        assert "designer's proof" in info["Title"] and "GTS_PDFXVersion" not in info
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(folder / "eights-drivethrucards.pdf"))
    page = doc[0].render(scale=200 / 72).to_pil().convert("RGB")  # the art fills the shop's bleed: no paper
    assert all(page.getpixel(xy) not in ((255, 255, 255),) for xy in ((page.width - 1, page.height - 1), (0, 0)))
    doc.close()
    data = json.loads((dtc / "manifest.json").read_text())
    assert data["games"]["eights"]["shops"] == ["drivethrucards"]
    report = json.loads((folder / "preflight.json").read_text())
    assert report["result"] == "pass" and report["color_step"]["applied"] is True
    ink = report["ink"]
    # the limit is the shop table's; the rich black fills (C55 M40 Y40 K100) stay 5 points under it
    assert ink["status"] == "pass" and ink["limit_pct"] == 240 and 200 < ink["max_pct"] <= 235
    assert ink["method"] == "gs CMYK raster at 100 dpi" and "content scan 235 %" in ink["note"]
    assert report["files"][0]["measured"]["color_spaces"] == ["DeviceCMYK"]
    assert all(c["status"] == "pass" for c in report["files"][0]["checks"])
    assert (folder / "preflight.txt").read_text().startswith("Preflight for DriveThruCards: PASS")
    notes = (folder / "upload-notes.txt").read_text()
    assert "eights-drivethrucards.pdf" in notes and "66 pages" in notes and "page 66" in notes
    result = run_cli("check", dtc)
    assert result.exit_code == 0, result.output
    assert "PENDING" not in result.output
    assert "shop/drivethrucards: 1 file for DriveThruCards, made to its template" in result.output


def test_the_proof_shows_the_lines_and_never_reaches_the_shop(dtc, tiny_deck, tmp_path):
    from cardgen.documents.proof import write_proof

    shop_dir = dtc / "eights" / "shop"
    proof, upload = shop_dir / "drivethrucards-proof.pdf", shop_dir / "drivethrucards" / "eights-drivethrucards.pdf"
    with pikepdf.open(proof) as pdf:
        assert len(pdf.pages) == 66
        marked = [x for x in pdf.pages[0].resources.XObject.values() if "/CardgenProof" in x]
        assert len(marked) == 1
        text = pdf.pages[0].obj.Contents.read_bytes() if not isinstance(pdf.pages[0].obj.Contents, pikepdf.Array) else b""
    import pypdf

    proof_text = pypdf.PdfReader(str(proof)).pages[0].extract_text()
    assert "TRIM 63.5 x 88.9 mm" in proof_text and "SAFE 3.175 mm" in proof_text and "BLEED 3.175 mm" in proof_text
    assert "PROOF" not in pypdf.PdfReader(str(upload)).pages[0].extract_text()
    # the card PDF's own proof follows its own boxes: --bleed 1.5, our 3 mm safe zone
    cards_text = pypdf.PdfReader(str(dtc / "eights" / "eights-cards-proof.pdf")).pages[0].extract_text()
    assert "BLEED 1.5 mm" in cards_text and "SAFE 3 mm" in cards_text and "TRIM 63.5 x 88.9 mm" in cards_text
    with pytest.raises(CardgenError, match="upload folder"):
        write_proof(upload, shop_dir / "drivethrucards" / "proof.pdf", 3, tiny_deck[1], None)
    with pytest.raises(CardgenError, match="never written over"):
        write_proof(upload, upload, 3, tiny_deck[1], None)
    assert text is not None


def test_check_catches_a_wrong_trimbox_and_a_proof_in_the_upload(dtc, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(dtc, out)
    pdf_path = out / "eights" / "shop" / "drivethrucards" / "eights-drivethrucards.pdf"
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        pdf.pages[4].trimbox = pikepdf.Array([0, 0, 180, 252])
        pdf.save(pdf_path)
    shutil.copy(out / "eights" / "shop" / "drivethrucards-proof.pdf", pdf_path.parent / "proof.pdf")
    text = pdf_path.parent / "preflight.txt"
    text.write_text(text.read_text().replace("DriveThruCards: PASS", "DriveThruCards: PENDING", 1))
    assert_check_catches(out, ["preflight.txt: -: the readable report does not open with the result of preflight.json","the preflight report disagrees with the file: its pages",
                               "TrimBox in mm (the bleed inside the page): expected [3.175, 3.175, 66.675, 92.075], "
                               "found [0.0, 0.0, 63.5, 88.9]",
                               "proof.pdf: -: not a file of DriveThruCards's upload"])


def test_check_catches_a_report_that_claims_pass_on_a_failing_file(dtc, tmp_path):
    """A forger who measures the damaged file again and writes it into the report, but
    keeps the report's verdicts: the checker judges the file itself."""
    from cardgen.check.shopfiles import measure_pdf

    out = tmp_path / "out"
    shutil.copytree(dtc, out)
    folder = out / "eights" / "shop" / "drivethrucards"
    pdf_path = folder / "eights-drivethrucards.pdf"
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        for page in pdf.pages:
            page.trimbox = pikepdf.Array([0, 0, 180, 252])
        pdf.save(pdf_path)
    report = json.loads((folder / "preflight.json").read_text())
    report["files"][0]["measured"] = json.loads(json.dumps(measure_pdf(pdf_path)))
    (folder / "preflight.json").write_text(json.dumps(report))
    output = assert_check_catches(out, ["the report's checks differ from what the file shows",
                                        "DriveThruCards: TrimBox in mm"])
    assert "disagrees with the file" not in output  # the measurements were forged to agree


def test_check_reads_the_shop_pdf_as_pdfx_with_its_ink(dtc, tmp_path):
    """An RGB operator, a translucent graphics state and a four-plate solid put into the
    DriveThruCards file: the PDF/X reading (check/pdfx.py) names each, the ink one included,
    which no re-measurement of the preflight's own would see."""
    out = tmp_path / "out"
    shutil.copytree(dtc, out)
    pdf_path = out / "eights" / "shop" / "drivethrucards" / "eights-drivethrucards.pdf"
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        page = pdf.pages[1]
        page.resources.ExtGState = pikepdf.Dictionary(GX=pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5))
        page.contents_add(pdf.make_stream(b"q /GX gs 1 0 0 rg 0 0 9 9 re f Q q 1 1 1 1 k 20 20 9 9 re f Q"))
        pdf.save(pdf_path)
    assert_check_catches(out, ["DriveThruCards: not PDF/X-1a:2003: page 2: rg in /DeviceRGB",
                               "DriveThruCards: not PDF/X-1a:2003: a graphics state sets /ca 0.5: transparency",
                               "DriveThruCards: not PDF/X-1a:2003: total ink reaches 400 % on page 2",
                               "the report's result is 'pass'; the files make it 'fail'"])


@pytest.mark.parametrize("forged, message", [
    ({"max_pct": 100.0}, "the report's total ink is 100 %, but the file measures 235 % (content scan, page 1"),
    ({"note": "separations 235 % (page 1); content scan 100 % (page 1)"},
     "the report's ink note gives the content scan as 100 %, but the file measures 235 %"),
])
def test_check_measures_the_ink_again_and_holds_the_report_to_it(dtc, tmp_path, forged, message):
    """preflight.json's measured ink lowered from 240 to 100 (the manifest resealed) passed:
    its figure was only held to the shop's limit. The checker runs the content scan again
    (exact without transparency; Ghostscript's separations can only read lower), and the
    report's figure and note must be the file's (issue 25)."""
    out = tmp_path / "out"
    shutil.copytree(dtc, out)
    path = out / "eights" / "shop" / "drivethrucards" / "preflight.json"
    report = json.loads(path.read_text())
    assert report["ink"]["max_pct"] == 235
    report["ink"].update(forged)
    path.write_text(json.dumps(report, indent=1))
    assert_check_catches(out, [message, "\n1 violation:\n"])


def test_image_shops_write_exact_pixels_and_check_reads_them_back(tiny_deck, tmp_path):
    tiny_deck[0].asked.clear()
    rows = _write(tmp_path / "shop", "thegamecrafter", tiny_deck) + _write(tmp_path / "shop", "makeplayingcards", tiny_deck)
    assert tiny_deck[0].asked == [3.175, 3.048]  # drawn with each shop's bleed, then fitted to its pixels
    tgc, mpc = tmp_path / "shop" / "thegamecrafter", tmp_path / "shop" / "makeplayingcards"
    assert sorted(p.name for p in tgc.glob("*.png")) == ["back.png", "face-001.png", "face-002.png"]
    assert sorted(p.name for p in mpc.glob("*.png")) == ["back.png", "front-001.png", "front-002.png"]
    for folder, size in ((tgc, (825, 1125)), (mpc, (822, 1122))):
        for png in folder.glob("*.png"):
            with Image.open(png) as im:
                assert im.size == size and im.mode == "RGB" and round(im.info["dpi"][0]) == 300
                # full bleed: the corner pixel is the card's ground, not white paper
                assert im.getpixel((1, 1)) != (255, 255, 255)
        assert json.loads((folder / "preflight.json").read_text())["result"] == "pass"
        assert _check(folder, folder.name).ok, _check(folder, folder.name).violations
    assert len(rows) == 2 * (3 + 3)
    notes = (tgc / "upload-notes.txt").read_text()
    assert "825 x 1125 pixels" in notes and "face-001.png to face-002.png" in notes and "back.png" in notes
    with Image.open(tgc / "face-002.png") as im:  # damage: one pixel narrower
        im.crop((0, 0, 824, 1125)).save(tgc / "face-002.png", dpi=(300, 300))
    problems = [str(v) for v in _check(tgc, "thegamecrafter").violations]
    assert any("pixel size: expected [825, 1125], found [824, 1125]" in p for p in problems), problems
    assert any("disagrees with the file: its pixels" in p for p in problems), problems


def test_shop_files_are_byte_identical_when_built_again(tiny_deck, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE", "off")  # both drawn, neither taken from the store
    for run in ("a", "b"):
        for slug in ("drivethrucards", "thegamecrafter"):
            _write(tmp_path / run / "shop", slug, tiny_deck, proof=slug == "drivethrucards")
    a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert a == b and len(a) == 1 + 4 + 3 + 3  # the proof, the PDF shop's 4 files, 3 PNGs and their 3 others
    assert all((tmp_path / "a" / p).read_bytes() == (tmp_path / "b" / p).read_bytes() for p in a)


def test_bad_shop_input_is_one_line(tmp_path):
    result = run_cli("build", "--format", "shop", "--shop", "kinkos", "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert "--shop: unknown shop 'kinkos'; use drivethrucards, thegamecrafter, makeplayingcards, printerstudio" \
        in result.output
    result = run_cli("build", "--game", "eights", "--format", "shop", "--shop", "thegamecrafter", "--card-size",
                     "mini", "--out", tmp_path / "o")
    assert result.exit_code == 2
    lines = [l for l in result.output.splitlines() if l.strip()]
    assert len(lines) == 1 and "The Game Crafter prints no mini cards" in lines[0] and "--card-size poker" in lines[0]
    from cardgen.options import BuildOptions
    from cardgen.settings import shops_of

    # unnamed, the shops are those that print the size: --format all still builds mini cards
    assert shops_of(BuildOptions(formats="all", card_size="mini")) == ()
    assert shops_of(BuildOptions(formats="all")) == tuple(shops())
    # named, --format shop for a size no shop prints wrote nothing and said nothing: now one line
    for size in ("bridge", "mini"):
        result = run_cli("build", "--game", "eights", "--format", "shop,svg", "--card-size", size, "--out", tmp_path / "o")
        assert result.exit_code == 2, result.output
        assert result.output.strip() == (f"cardgen: error: --format: no print shop in cardgen's table prints {size} "
                                         "cards (they print poker); use --card-size poker, or leave shop out of --format")
    assert not (tmp_path / "o").exists()


def _one_page_pdf(path: Path, content: bytes, alpha: bool = False, pdfx: bool = False, image: bool = False) -> Path:
    pt = 72 / 25.4
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(69.85 * pt, 95.25 * pt))
    page = pdf.pages[0]
    page.obj.Contents = pdf.make_stream(content)
    page.bleedbox = page.mediabox
    page.trimbox = pikepdf.Array([3.175 * pt, 3.175 * pt, 66.675 * pt, 92.075 * pt])
    if alpha:
        page.obj.Resources = pikepdf.Dictionary(ExtGState=pikepdf.Dictionary(G0=pikepdf.Dictionary(ca=0.5)))
    if image:  # 150 x 150 gray pixels, placed inside a form
        im = pdf.make_stream(bytes(150 * 150), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=150,
                             Height=150, ColorSpace=pikepdf.Name.DeviceGray, BitsPerComponent=8)
        form = pdf.make_stream(b"q 2 0 0 2 0 0 cm /Im0 Do Q", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                               BBox=[0, 0, 200, 200], Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=im)))
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(F0=form))
    if pdfx:
        pdf.docinfo["/GTS_PDFXVersion"] = "PDF/X-1:2003"
        pdf.docinfo["/GTS_PDFXConformance"] = "PDF/X-1a:2003"
        pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(S=pikepdf.Name.GTS_PDFX)])
    pdf.save(path)
    return path


def test_once_the_color_step_runs_the_cmyk_checks_are_strict(tmp_path):
    """What the preflight demands of DriveThruCards's PDF once the color step has run (as
    draw_shop_pdf reports): CMYK only, no transparency, a PDF/X version with an output intent."""
    from cardgen.check.shopfiles import judge_pdf, measure_pdf

    entry = shop("drivethrucards").entry("poker")

    def statuses(path, applied=True):
        return {c["check"]: c["status"] for c in judge_pdf(measure_pdf(path), entry, 1, applied)}

    rgb = statuses(_one_page_pdf(tmp_path / "rgb.pdf", b"/G0 gs 1 0 0 rg 0 0 10 10 re f", alpha=True))
    assert rgb["CMYK color only"] == rgb["no transparency"] == rgb["PDF/X version and output intent"] == "fail"
    assert rgb["TrimBox in mm (the bleed inside the page)"] == "pass"
    assert set(statuses(tmp_path / "rgb.pdf", applied=False).values()) == {"pass", "pending"}
    cmyk = statuses(_one_page_pdf(tmp_path / "cmyk.pdf", b"0 0 0 1 k 0 0 10 10 re f", pdfx=True))
    assert set(cmyk.values()) == {"pass"}, cmyk
    # an image of 150 px drawn 0.5 in wide (18 pt, doubled by its form) is 300 dpi; 1 in wide, 150
    sharp = measure_pdf(_one_page_pdf(tmp_path / "sharp.pdf", b"q 18 0 0 18 0 0 cm /F0 Do Q", image=True))
    soft = measure_pdf(_one_page_pdf(tmp_path / "soft.pdf", b"q 36 0 0 36 0 0 cm /F0 Do Q", image=True))
    assert (sharp["image_dpi_min"], soft["image_dpi_min"], soft["images_px"]) == (300.0, 150.0, [[150, 150]])
    check = "images at their printed size (dpi, the lowest)"
    assert {c["check"]: c["status"] for c in judge_pdf(soft, entry, 1, True)}[check] == "fail"
    assert {c["check"]: c["status"] for c in judge_pdf(sharp, entry, 1, True)}[check] == "pass"


@pytest.mark.parametrize("case, message", [
    ("nested", "nested too deep to be one cardgen wrote"),
    ("huge", "more than cardgen writes: refused, not read"),
    ("link to zero", "a link, which cardgen never writes"),
    ("not an object", "is not The Game Crafter's preflight"),
])
def test_a_hostile_preflight_report_is_a_violation(tiny_deck, tmp_path, case, message):
    """preflight.json is read before the files it describes: whatever stands there (nested
    past Python's parser, 300 MB, a link to /dev/zero) is one violation, never a traceback."""
    _write(tmp_path / "shop", "thegamecrafter", tiny_deck)
    report_path = tmp_path / "shop" / "thegamecrafter" / "preflight.json"
    report_path.unlink()
    if case == "nested":
        report_path.write_text("[" * 100_000 + "]" * 100_000)
    elif case == "huge":
        with open(report_path, "wb") as fh:
            fh.truncate(300 << 20)  # sparse: no disk used
    elif case == "link to zero":
        report_path.symlink_to("/dev/zero")
    else:
        report_path.write_text("[1, 2]")
    text = "\n".join(v.problem for v in _check(tmp_path / "shop" / "thegamecrafter", "thegamecrafter").violations)
    assert message in text, text


def test_a_compression_bomb_in_the_shop_pdf_is_refused_before_it_is_decoded(dtc, tmp_path, monkeypatch):
    """A PDF of a few kB whose page inflates to far more than cardgen writes: the checker
    counts the decoded bytes in pieces and refuses the file, instead of decoding it whole
    in every reader (a gigabyte bomb took 28 s and 1 GB before). The limit is lowered so the
    test stays small; the mechanism is the one a 128 MB limit uses."""
    from cardgen.check import pdfread

    monkeypatch.setattr(pdfread, "MAX_DECODED_BYTES", 4 << 20)
    out = tmp_path / "out"
    shutil.copytree(dtc, out)
    pdf_path = out / "eights" / "shop" / "drivethrucards" / "eights-drivethrucards.pdf"
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        bomb = pikepdf.Stream(pdf, zlib.compress(b" " * (8 << 20), 9))
        bomb.Filter = pikepdf.Name.FlateDecode
        pdf.pages[0].Contents = bomb
        pdf.save(pdf_path)
    assert pdf_path.stat().st_size < 1 << 20
    output = assert_check_catches(out, ["eights-drivethrucards.pdf: -: its streams decode to more than 4 MB"])
    assert "Traceback" not in output
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:  # a filter cardgen never writes
        odd = pikepdf.Stream(pdf, b"x")
        odd.Filter = pikepdf.Name.RunLengthDecode
        pdf.pages[0].Contents = odd
        pdf.save(pdf_path, stream_decode_level=pikepdf.StreamDecodeLevel.none)  # kept as written
    assert_check_catches(out, ["a stream packed with /RunLengthDecode, which cardgen never writes"])


@pytest.mark.parametrize("gs, said", [
    (None, "Ghostscript (gs) is not installed, so no separations were rasterized"),
    ("echo 'gs: broken' >&2; exit 1", "Ghostscript (gs) failed (exit status 1: gs: broken)"),
    ("exec sleep 30", "Ghostscript (gs) failed (stopped after 0.3 s)"),
    ("exit 0", "Ghostscript (gs) failed (NoSeparations: gs wrote no separations)"),
    # a raster header claiming a page of 40 GB is refused before anything is read or allocated
    ("printf 'P7\\nWIDTH 100000\\nHEIGHT 100000\\nDEPTH 4\\nMAXVAL 255\\nTUPLTYPE CMYK\\nENDHDR\\n'",
     "Ghostscript (gs) failed (NoSeparations: gs wrote a 100000 x 100000 x 4 page, not a CMYK card page)"),
])
def test_a_missing_failing_or_hanging_ghostscript_falls_back_to_the_content_scan(tiny_deck, tmp_path, monkeypatch,
                                                                                 gs, said):
    """The separations need gs; without it, or when it fails or hangs, the DriveThruCards
    file is still written and judged on the exact content scan, and the report says why
    (a failing gs was an internal error, exit 70). No temporary file is left behind."""
    import tempfile

    from cardgen.check import ink

    fake = None
    if gs is not None:
        fake = tmp_path / "bin" / "gs"
        fake.parent.mkdir()
        fake.write_text(f"#!/bin/sh\n{gs}\n")
        fake.chmod(0o755)
    monkeypatch.setattr(ink, "gs_program", lambda: None if fake is None else str(fake))
    monkeypatch.setattr(ink, "GS_SECONDS", 0.3)
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    _write(tmp_path / "shop", "drivethrucards", tiny_deck)
    data = json.loads((tmp_path / "shop" / "drivethrucards" / "preflight.json").read_text())
    assert data["ink"]["method"] == "content scan" and said in data["ink"]["note"], data["ink"]
    assert data["ink"]["status"] == "pass"
    assert [p.name for p in private.iterdir() if p.name.startswith("cardgen-ink-")] == []


@pytest.mark.skipif(shutil.which("gs") is None, reason="needs Ghostscript")
def test_a_percent_sign_in_the_temp_folder_does_not_blind_the_separations(tiny_deck, tmp_path, monkeypatch):
    """gs reads % in its output name as a page format: with TMPDIR=…/t%d the separations went
    elsewhere, none was found, and the preflight said 'separations -1 %', status pass."""
    import tempfile

    private = tmp_path / "t%d"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    _write(tmp_path / "shop", "drivethrucards", tiny_deck)
    ink = json.loads((tmp_path / "shop" / "drivethrucards" / "preflight.json").read_text())["ink"]
    assert ink["method"] == "gs CMYK raster at 100 dpi" and 200 < ink["max_pct"] <= 240.5, ink
    assert [p.name for p in private.iterdir() if p.name.startswith("cardgen-ink-")] == []


def test_a_shop_pdf_refused_for_its_page_count_is_not_read_again(dtc, tmp_path, monkeypatch):
    """A DriveThruCards file of 20 000 pages (6 MB) took the checker 15 s: measure_pdf
    refused it for its page count, then the PDF/X reading walked every page anyway."""
    from cardgen.check import shop as shop_check
    from cardgen.check import shopfiles

    monkeypatch.setattr(shopfiles, "MAX_PAGES", 3)
    read = []
    monkeypatch.setattr(shop_check, "read_pdfx", lambda *a: read.append(a) or ([], None))
    out = tmp_path / "out"
    shutil.copytree(dtc, out)
    assert_check_catches(out, ["DriveThruCards: readable: expected a PDF of card pages, found 66 pages, more than "
                               "any shop file"])
    assert read == []


def test_a_pdf_of_more_pages_than_cardgen_writes_is_refused_unread(dtc, tmp_path, monkeypatch):
    """A print sheet, score pad or reference card copied to 20 000 pages (a few MB) kept the
    checker busy for more than two minutes each; past MAX_PAGES a PDF is refused on opening.
    The limit is lowered so the 65-page card PDF stands in for the long file."""
    from cardgen.check import pdfread

    monkeypatch.setattr(pdfread, "MAX_PAGES", 10)
    out = tmp_path / "out"
    shutil.copytree(dtc, out)
    result = run_cli("check", out)
    assert result.exit_code == 1
    assert "eights/eights-cards.pdf: -: not a readable PDF (65 pages, more than cardgen writes: refused, not read)" \
        in result.output, result.output


def test_shop_pngs_carry_the_srgb_profile_the_tts_sheets_do(tiny_deck, tmp_path):
    """Every image shop's PNG is tagged sRGB (an iCCP chunk before the pixels), with the very
    profile the Tabletop Simulator sheets carry, once (still byte-identical when built again:
    test_shop_files_are_byte_identical_when_built_again)."""
    import io

    from PIL import ImageCms

    from cardgen.draw.png import srgb_profile, with_icc

    icc = srgb_profile()
    if icc is None:
        pytest.skip("Pillow without LittleCMS: no profile to embed")
    for slug in ("thegamecrafter", "makeplayingcards"):
        _write(tmp_path / "shop", slug, tiny_deck)
        pngs = sorted((tmp_path / "shop" / slug).glob("*.png"))
        assert len(pngs) == 3
        for png in pngs:
            data = png.read_bytes()
            assert data.count(b"iCCP") == 1 and data.index(b"iCCP") < data.index(b"IDAT")
            with Image.open(png) as im:
                assert im.info.get("icc_profile") == icc and round(im.info["dpi"][0]) == 300
                profile = ImageCms.ImageCmsProfile(io.BytesIO(im.info["icc_profile"]))
                assert "sRGB" in ImageCms.getProfileDescription(profile)
            assert with_icc(data, icc) == data  # tagged once
