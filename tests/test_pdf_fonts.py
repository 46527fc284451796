"""Font subsets in every PDF: one per font, a distinct tag for each distinct subset, tags
made from the contents (so the same subset has the same name in every file)."""
import hashlib
import re

import subprocess

import pikepdf


def fonts_of(path):
    """[(tag, font name, digest of the embedded font program and its widths)] of a PDF."""
    found = []
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                tag, name = re.fullmatch(r"/([A-Z]{6})\+(.+)", str(obj.BaseFont)).groups()
                program = obj.FontDescriptor.FontFile2.read_bytes()
                widths = repr([float(w) for w in obj.Widths]).encode()
                found.append((tag, name, hashlib.sha256(program + widths).hexdigest()))
    return found


def test_every_pdf_has_one_subset_per_font_and_tags_from_contents(built):
    pdfs = sorted(built.rglob("*.pdf"))
    assert len(pdfs) > 20
    named: dict = {}  # tag + name -> digest, across every file of the build
    for path in pdfs:
        fonts = fonts_of(path)
        names = [name for _, name, _ in fonts]
        # one subset per font; the print-everything file holds its files' pages byte for byte, each
        # part's subsets under their own tags (the check below: one name, one subset, everywhere)
        # (and a deck's card sheets keep its player aid cards' subsets apart from the cards': each aid
        # card drawn as <game>-player-aids.pdf draws it, which is how the checker knows it; issue 41)
        if not path.name.startswith("print-everything-") and "-print-" not in path.name:
            assert len(names) == len(set(names)), (path.name, sorted(names))
        elif "-print-" in path.name:
            source = path.parent / f"{path.name.split('-print-')[0]}-player-aids.pdf"
            aids = len(fonts_of(source)) if source.exists() else 0
            assert len(names) - len(set(names)) <= aids, (path.name, sorted(names))
        for tag, name, digest in fonts:
            # the same name is the same subset everywhere; a different subset, a different name
            assert named.setdefault(f"{tag}+{name}", digest) == digest, (path.name, tag, name)
    digests = list(named.values())
    assert len(set(digests)) == len(digests)
    assert any(tag != "AAAAAA" for tag in {k[:6] for k in named})


def test_merged_sheets_show_the_cards_and_labels_characters(built):
    """The Eights sheets merge the labels' Lato-Regular (which sets '·') with the cards'
    (which sets '–'): one subset holds both, and both still read as themselves."""
    text = subprocess.run(["pdftotext", built / "eights" / "eights-print-letter.pdf", "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Eights · fronts 1/" in text and "2–3 players" in text


def test_every_pdf_sets_the_printer_up(built):
    """Actual size everywhere; duplex sheets flip on the long edge, fold booklets on the short
    edge, everything else one-sided (the reading copy of the rules leaves that to the reader)."""
    for path in sorted(built.rglob("*.pdf")):
        with pikepdf.open(path) as pdf:
            prefs = pdf.Root.ViewerPreferences
            assert prefs.PrintScaling == "/None", path.name
            sheets = "-print-" in path.name and path.parent != built  # (how-to-print-letter.pdf is one page)
            want = ("/DuplexFlipLongEdge" if sheets else "/DuplexFlipShortEdge"
                    if "-rules-fold-" in path.name else None if re.search(r"-rules(-a5)?\.pdf$", path.name)
                    else "/Simplex")
            if path.name.startswith("print-everything-"):
                want = None  # sheets of both kinds: its first page says which ranges go on both sides
            assert prefs.get("/Duplex") == want, path.name
    # the fold sheets hold the booklet's pages only; the how-to-print page says how to print them (issue 41)
    words = subprocess.run(["pdftotext", "-l", "1", built / "str8eight" / "str8eight-rules-fold-letter.pdf", "-"],
                           capture_output=True, text=True, check=True).stdout
    assert "double-sided" not in words and "Str8 Eight" in words
    howto = " ".join(subprocess.run(["pdftotext", built / "how-to-print-letter.pdf", "-"], capture_output=True,
                                    text=True, check=True).stdout.split())
    assert "flip on the short edge" in howto and "fold in half, staple on the fold" in howto
