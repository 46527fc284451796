"""The PDF and PNG outputs: page count and size, fonts, text, pixels, reproducibility."""
import pypdf
import pytest
from PIL import Image

from cardgen.model.str8eight import build_deck
from conftest import MM_PER_PT, pdf_fonts, run_cli
from waiting import HANG

W, H, BLEED = 63.5, 88.9, 3.0
DPI = 300


def hex_rgb(color: str):
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


def close(a, b, tol=12):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def deck_index(value: int, cell: str) -> int:
    cards = build_deck().number_cards
    return next(i for i, c in enumerate(cards) if c.value == value and c.cell == cell)


def test_card_pdf_has_one_page_per_face_at_trim_plus_bleed(built):
    reader = pypdf.PdfReader(str(built / "str8eight" / "str8eight-cards.pdf"))
    assert len(reader.pages) == 70
    for page in reader.pages:
        assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(W + 2 * BLEED, abs=0.05)
        assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(H + 2 * BLEED, abs=0.05)
    assert len(pypdf.PdfReader(str(built / "str8eight" / "str8eight-back.pdf")).pages) == 1


def test_pdf_embeds_the_project_fonts_only(built):
    fonts = pdf_fonts(built / "str8eight" / "str8eight-cards.pdf")
    assert fonts == {"Lato-Black": True, "Lato-Bold": True}


def test_card_pdf_has_trim_and_bleed_boxes(built):
    page = pypdf.PdfReader(str(built / "str8eight" / "str8eight-cards.pdf")).pages[0]
    inset = BLEED / MM_PER_PT
    assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])
    trim = [float(v) for v in page.trimbox]
    assert trim == pytest.approx([inset, inset, float(page.mediabox.width) - inset, float(page.mediabox.height) - inset], abs=0.01)
    assert (trim[2] - trim[0]) * MM_PER_PT == pytest.approx(W, abs=0.05)


def test_pdf_text_is_real_text(built):
    reader = pypdf.PdfReader(str(built / "str8eight" / "str8eight-cards.pdf"))
    text = reader.pages[deck_index(24, "4x6")].extract_text()
    for token in ("24", "4 × 6", "28", "32", "×8"):
        assert token in text
    assert "PASS" in reader.pages[64].extract_text() and "LEFT" in reader.pages[64].extract_text()
    assert "RIGHT" in reader.pages[69].extract_text()


def px(mm_x: float, mm_y: float, dpi: int = DPI):
    """Pixel of a trim coordinate on a bleed-included image."""
    return round((mm_x + BLEED) / 25.4 * dpi), round((mm_y + BLEED) / 25.4 * dpi)


PITCH = 6.8  # a stacked tag's height and the gap to the next


def tag_y(groups: list, group: int) -> float:
    """The centre of group's tag in an edge's stack of groups, balanced on the card's middle."""
    return H / 2 + (groups.index(group) - (len(groups) - 1) / 2) * PITCH


def test_pdf_page_pixels_show_group_colors_where_the_tags_are(built):
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(built / "str8eight" / "str8eight-cards.pdf"))
    image = pdf[deck_index(24, "4x6")].render(scale=150 / 72).to_pil().convert("RGB")
    # in the pointed end (no text there) of the left group-4 tag (24's left edge: ×3 ×4 ×6 ×8)
    # and of the right group-8 tag (right edge: ×4 ×6 ×8)
    assert close(image.getpixel(px(4.2, tag_y([3, 4, 6, 8], 4), 150)), hex_rgb("#117733"))
    assert close(image.getpixel(px(W - 4.2, tag_y([4, 6, 8], 8), 150)), hex_rgb("#882255"))
    # below the right stack, where a fourth tag would stand, the card's field shows
    assert not close(image.getpixel(px(W - 4.2, tag_y([4, 6, 8, 9], 9), 150)), hex_rgb("#882255"), 60)


def test_png_size_dpi_and_pixels(built):
    png = built / "str8eight" / "png"
    assert len(list(png.glob("*.png"))) == 71
    with Image.open(png / "024-4x6.png") as im:
        assert im.size == (821, 1121)
        assert round(im.info["dpi"][0]) == 300
        rgb = im.convert("RGB")
        assert close(rgb.getpixel(px(4.2, tag_y([3, 4, 6, 8], 6))), hex_rgb("#ddcc77"))
    with Image.open(png / "001-1x1.png") as im:
        # the bull's-eye's red centre, hung on the head's color strip (11.2 mm head, 1.2 mm strip)
        assert close(im.convert("RGB").getpixel(px(W / 2, 11.8)), hex_rgb("#cc3311"))
    with Image.open(png / "009-3x3.png") as im:
        assert close(im.convert("RGB").getpixel(px(W / 2, 8.2)), hex_rgb("#1c2740"))  # the navy head


def test_two_builds_are_byte_identical(tmp_path, built, pdf_build_in_a_fresh_process):
    """The same build in this process (games side by side on the cores) and in a fresh
    one (another hash seed, -j 1, inline) writes the same bytes: every file of the fresh
    PDF build is listed, with the same hash, in the session's build (made here, with SVG
    and PNG too). And this process computes the same cache keys as the fresh one: a PDF
    build here over a copy of the fresh output keeps every game and writes the same
    manifest, byte for byte (a key that moved would rebuild and record itself)."""
    import json
    import shutil

    fresh, _ = pdf_build_in_a_fresh_process
    here = {e["path"]: e for e in json.loads((built / "manifest.json").read_text())["files"]}
    fresh_files = json.loads((fresh / "manifest.json").read_text())["files"]
    assert {e["format"] for e in fresh_files} >= {"pdf"} and len(fresh_files) > 100
    assert [e["path"] for e in fresh_files if here.get(e["path"]) != e] == []
    assert (built / "str8eight" / "str8eight-cards.pdf").read_bytes() == (fresh / "str8eight" / "str8eight-cards.pdf").read_bytes()
    again = tmp_path / "again"
    shutil.copytree(fresh, again)
    result = run_cli("build", "--format", "pdf", "--out", again)
    assert result.exit_code == 0, result.output
    assert "unchanged, kept as they were: str8eight, fourscore, eights, crazy-eights" in result.output, result.output
    assert (again / "manifest.json").read_bytes() == (fresh / "manifest.json").read_bytes()


def test_manifest_lists_every_file_with_hash(built):
    import json

    data = json.loads((built / "manifest.json").read_text())
    files = {e["path"]: e for e in data["files"]}
    on_disk = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()} - {"manifest.json"}
    assert set(files) == on_disk
    assert files["str8eight/str8eight-cards.pdf"]["format"] == "pdf"
    assert files["str8eight/png/back.png"]["kind"] == "back"
    assert files["str8eight/svg/pass-left-1.svg"]["kind"] == "pass"
    readme = files.pop("README.md")  # what the folder is: written, and listed, by every build
    assert (readme["game"], readme["kind"]) == ("output", "readme")
    first = files.pop("how-to-print-letter.pdf")  # the kit's own first page
    assert (first["game"], first["kind"], first["format"]) == ("kit", "how-to-print", "pdf")
    everything = files.pop("print-everything-letter.pdf")  # every file printed on Letter, in one
    assert (everything["game"], everything["kind"], everything["format"]) == ("kit", "print-everything", "pdf")
    assert all(len(e["sha256"]) == 64 and e["game"] == e["path"].split("/")[0] for e in files.values())
    assert {e["game"] for e in files.values()} == {"str8eight", "fourscore", "eights", "crazy-eights"}
    assert data["games"]["str8eight"]["table_size"] == 8


@pytest.fixture(scope="module")
def pdf_build_in_a_fresh_process(tmp_path_factory):
    """A PDF build of every game, inline (-j 1) in a fresh interpreter; its output folder
    and which of cairo's modules that process had loaded by the end."""
    import os
    import subprocess
    import sys

    from conftest import shared

    def make(folder):
        code = ("import sys; from cardgen.cli import main\n"
                "try:\n"
                f"    main(['build', '--format', 'pdf', '--out', {str(folder / 'out')!r}, '-q', '-j', '1'])\n"
                "except SystemExit as exc:\n"
                "    assert not exc.code, exc.code\n"
                "print('cairocffi' in sys.modules, 'cairosvg' in sys.modules)\n")
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG,
                              env={**os.environ, "CARDGEN_CACHE": "off"})  # every drawing made afresh
        assert proc.returncode == 0, proc.stderr
        (folder / "loaded.txt").write_text(proc.stdout)

    folder = shared(tmp_path_factory, "pdf-build-in-a-fresh-process", make)  # once a run, whichever worker asks first
    return folder / "out", (folder / "loaded.txt").read_text().split()


def test_a_pdf_build_never_loads_cairo(pdf_build_in_a_fresh_process):
    """cairocffi costs a quarter second to import: the PDF route draws with reportlab,
    so a PDF build (every game, inline with -j 1) must not load it."""
    out, loaded = pdf_build_in_a_fresh_process
    assert loaded == ["False", "False"]
    assert len(list(out.rglob("*.pdf"))) > 20


def test_png_encoder_writes_the_same_bytes_whatever_memory_held_before():
    """The deflater must depend on the rows alone (CI once caught ISA-L writing other bytes
    for one card in a second build): the same drawing, encoded in fresh copies after the heap
    was filled with different garbage, and in another process, gives one file."""
    import hashlib
    import os
    import subprocess
    import sys

    import numpy as np

    from cardgen.draw.png import blank_rows, encode_rows

    rows, pixels = blank_rows(750, 1050)
    rng = np.random.default_rng(7)
    pixels[:] = 250
    for _ in range(60):  # flat rectangles of a few colors: a card's kind of picture
        y, x = rng.integers(0, 1000), rng.integers(0, 700)
        pixels[y:y + rng.integers(5, 60), x:x + rng.integers(5, 60)] = rng.integers(0, 255, 3)
    seen = set()
    for trial in range(6):
        junk = [os.urandom(1 << (14 + trial)) for _ in range(4)]  # noqa: F841 (keeps the heap dirty)
        seen.add(hashlib.sha256(encode_rows(rows.copy(), 300)).hexdigest())
    assert len(seen) == 1
    code = ("import sys, hashlib, numpy as np; from cardgen.draw.png import encode_rows; "
            "rows = np.frombuffer(sys.stdin.buffer.read(), np.uint8).reshape(1050, -1); "
            "print(hashlib.sha256(encode_rows(rows, 300)).hexdigest())")
    other = subprocess.run([sys.executable, "-c", code], input=rows.tobytes(), capture_output=True, check=True)
    assert other.stdout.decode().strip() in seen
