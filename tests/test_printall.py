"""Issue 41, item 6: one file to print, print-everything-<paper>.pdf: a components page,
then every file printed on that paper, page for page, card stock first; and the checker
catching a forged one (a page dropped, two swapped, a count changed) once the manifest is
resealed."""
import json
import re

import pytest

from conftest import assert_check_catches, run_cli, shared_build, private_copy

SMALL = ("--game", "str8eight", "--table-size", "3", "--format", "pdf", "-j", "1")
CARD_STOCK = ("print", "reprint", "aid-cards", "tuckbox")


def _lines(path, number=1) -> list:
    from cardgen.check import pdfread

    with pdfread.open_pdf(path) as pdf:
        return [line.strip() for line in pdfread.page_text(pdf, number).splitlines()]


def _page(pdf, number: int) -> tuple:
    from cardgen.check import pdfread

    page = pdf.pages[number - 1]
    boxes = tuple(tuple(float(v) for v in page.obj[k]) if k in page.obj else None
                  for k in ("/MediaBox", "/TrimBox", "/BleedBox"))
    return pdfread.page_content(page), boxes


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return shared_build(tmp_path_factory, "printall-small", *SMALL)


def test_the_kit_prints_from_one_file(built):
    """Every file printed on Letter, in the order to print (card stock, then plain paper; the
    card sheets first), page for page with their boxes, behind one components page whose
    ranges, sheets and counts are the files' own."""
    import pikepdf

    path = built / "print-everything-letter.pdf"
    data = json.loads((built / "manifest.json").read_text())
    assert {"path": path.name, "game": "kit", "kind": "print-everything"} in [
        {k: e[k] for k in ("path", "game", "kind")} for e in data["files"]]
    kinds = {e["path"]: e["kind"] for e in data["files"]}
    lines = _lines(path)
    named = [line for line in lines if line.endswith("-letter.pdf") and "/" in line]
    printed = sorted(p for p in kinds if p.endswith("-letter.pdf") and "/" in p)
    assert sorted(named) == printed
    stocks = [0 if kinds[p] in CARD_STOCK else 1 for p in named]
    assert stocks == sorted(stocks) and 0 in stocks and 1 in stocks
    assert kinds[named[0]] == "print"  # the card sheets come first
    with pikepdf.open(path) as pdf:
        assert str(pdf.Root.ViewerPreferences.PrintScaling) == "/None"
        assert "/Duplex" not in pdf.Root.ViewerPreferences  # a mixed file: the page says which ranges
        at, total = 2, 1
        for name in named:
            with pikepdf.open(built / name) as part:
                n = len(part.pages)
                total += n
                assert lines[lines.index(name) - 1] == (f"{at}–{at + n - 1}" if n > 1 else f"{at}")
                for k in range(n):
                    assert _page(pdf, at + k) == _page(part, k + 1), (name, k + 1)
            at += n
        assert len(pdf.pages) == total
    text = " ".join(" ".join(lines).split())
    for words in ("Print everything", "Letter paper · Str8 Eight, FourScore, Eights, Crazy Eights",
                  "Str8 Eight a deck of 70 cards", "how-to-print-letter.pdf",
                  "cards: 11 sheets of 8 cards, turned; 70 cards, then 12 player aid cards (Str8 Eight's and "
                  "FourScore's) from sheet 9; both sides, flip on the long edge; card stock",
                  "both sides, flip on the short edge; plain paper", "160–220 g/m²"):
        assert words in text, words
    card = re.search(r"Card stock (\d+) sheets pages 2–(\d+)", text)
    plain = re.search(r"Plain paper (\d+) sheets pages (\d+)–(\d+)", text)
    assert card and plain and int(plain.group(2)) == int(card.group(2)) + 1 and int(plain.group(3)) == total
    with pikepdf.open(built / "str8eight/str8eight-print-letter.pdf") as sheets:
        assert len(sheets.pages) == 22  # 11 sheets (70 cards and 12 aid cards), each with its back
    assert "print-everything-letter.pdf" in (built / "README.md").read_text()
    howto = " ".join(" ".join(_lines(built / "how-to-print-letter.pdf")).split())
    assert "Or print all of them from print-everything-letter.pdf" in howto


def test_the_file_rebuilds_byte_for_byte(small, tmp_path):
    result = run_cli("build", *SMALL, "--out", tmp_path / "again", "-q")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "again" / "print-everything-letter.pdf").read_bytes() == \
        (small / "print-everything-letter.pdf").read_bytes()


def _forge(out, change) -> None:
    import pikepdf

    path = out / "print-everything-letter.pdf"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        change(pdf)
        pdf.save(path, deterministic_id=True)


def _drop(pdf):
    del pdf.pages[3]


def _swap(pdf):
    one, two = pdf.pages[1].obj, pdf.pages[2].obj
    for key in ("/Contents", "/Resources"):
        one[key], two[key] = two[key], one[key]


def _trim(pdf):
    import pikepdf

    page = pdf.pages[1]
    page.obj.TrimBox = pikepdf.Array([10, 10, 500, 700])


def _last_two(pdf):
    """The plain paper's last part put before the card stock: the pages moved, the page's order kept."""
    pdf.pages.append(pdf.pages[1])
    del pdf.pages[1]


@pytest.mark.parametrize("change, expected", [
    (_drop, ["print-everything-letter.pdf: page 4: is not str8eight/str8eight-print-letter.pdf page 3",
             "17 pages, where the first page and its parts make 18"]),
    (_swap, ["print-everything-letter.pdf: page 2: is not str8eight/str8eight-print-letter.pdf page 1",
             "print-everything-letter.pdf: page 3: is not str8eight/str8eight-print-letter.pdf page 2"]),
    (_trim, ["page 2: is not str8eight/str8eight-print-letter.pdf page 1: another drawing or boxes"]),
    (_last_two, ["page 2: is not str8eight/str8eight-print-letter.pdf page 1"]),
], ids=["page dropped", "pages swapped", "trim box changed", "page moved to the end"])
def test_check_catches_a_forged_file(small, tmp_path, change, expected):
    out = private_copy(small, tmp_path / "kit")
    _forge(out, change)
    assert_check_catches(out, expected)


def test_check_catches_a_components_page_that_miscounts(small, tmp_path, monkeypatch):
    """The first page rewritten by the builder's own code with a card more and a sheet of card
    stock fewer; a kit without the file fails too."""
    from cardgen.documents import printall
    from cardgen.manifest import Entry
    from cardgen.record import from_json
    from cardgen.theme import DEFAULT_THEME

    out = private_copy(small, tmp_path / "kit")
    data = json.loads((out / "manifest.json").read_text())
    records = {"str8eight": from_json("str8eight", data["games"]["str8eight"])}
    entries = [Entry(**e) for e in data["files"]]
    contents, stocks = printall.contents, printall.stocks
    monkeypatch.setattr(printall, "contents", lambda *a: [(t, w.replace("15 cards", "16 cards")) for t, w in
                                                           contents(*a)])
    monkeypatch.setattr(printall, "stocks", lambda found: [dict(s, sheets=s["sheets"] - (s["stock"] == "card stock"))
                                                           for s in stocks(found)])
    printall.write_printall(out, records, entries, ["letter"], DEFAULT_THEME, {"str8eight": "Str8 Eight"})
    assert_check_catches(out, ["does not say Str8 Eight holds a deck of 15 cards, as its build record deals",
                               "does not say 'Card stock 4 sheets pages 2–8': its parts on card stock make 4 sheets"])
    (out / "print-everything-letter.pdf").unlink()
    data["files"] = [e for e in data["files"] if e["kind"] != "print-everything"]
    (out / "manifest.json").write_text(json.dumps(data))
    assert_check_catches(out, ["print-everything-letter.pdf: -: missing: the kit prints on letter"])


def test_what_the_parts_hold_alike_is_stored_once(built):
    """Issue 41 (B): the parts' identical font programs, profiles and card forms are stored
    once (draw/dedupe.py): no two streams of the file alike, and the file is much smaller
    than its parts together (1.60 MB before for the default kit, 0.98 MB after); the
    checker still finds every page the page of its part (test_the_kit_prints_from_one_file)."""
    import hashlib

    import pikepdf

    path = built / "print-everything-letter.pdf"
    seen = {}
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream):
                key = hashlib.sha256(obj.read_raw_bytes() + repr(sorted(
                    (k, repr(v)) for k, v in obj.items() if k != "/Length")).encode()).hexdigest()
                assert key not in seen, (obj.objgen, seen.get(key))
                seen[key] = obj.objgen
        parts = {e["path"] for e in json.loads((built / "manifest.json").read_text())["files"]
                 if e["path"].endswith("-letter.pdf") and "/" in e["path"]}
    together = sum((built / p).stat().st_size for p in parts)
    assert path.stat().st_size < 0.75 * together, (path.stat().st_size, together)
