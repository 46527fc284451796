"""Forged kits of issue 40 that `cardgen check` passed ("all checks passed", the manifest
resealed each time): web pages that lead outside the kit or run code, shop uploads and
other copies of the cards that print the wrong deck, and a Tabletop Simulator deck that
broke once the kit was moved. One small kit (the 3 × 3 deck in every format, two shops,
a playtest) is built for the module; each test damages a copy of it. The kit holds the cards
in every format, the home-print sheets and the sequence sheet (what the forgeries change), not
the booklets, boxes or pads no test here damages: each check of a copy then reads a third of
what it would read with them."""
import json
import shutil
from pathlib import Path

import pytest

from conftest import assert_check_catches, run_cli, shared, private_copy

KIT_ARGS = ("--game", "str8eight", "--table-size", "3", "--format", "all", "--shop", "drivethrucards,makeplayingcards",
            "--only", "cards,print,sheet", "-j", "1", "-q")


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    def make(folder: Path) -> None:
        out = folder / "out"
        assert run_cli("build", *KIT_ARGS, "--out", out).exit_code == 0
        played = run_cli("playtest", "--game", "str8eight", "--table-size", "3", "--players", "2", "--hands", "2",
                         "-j", "1", "-q", "--out", out)
        assert played.exit_code == 0, played.output
        for args in (("--game", "str8eight", "--table-size", "3", "--sweep", "players=2,3", "--hands", "4"),
                     ("--tune", "--table-size", "6", "--players", "2", "--pass-cards", "6", "--hands", "30",
                      "--target-turns", "1..1000", "--target-seats", "50", "--target-finished", "0", "--target-bonus",
                      "0")):
            played = run_cli("playtest", *args, "-j", "1", "-q", "--out", out)
            assert played.exit_code == 0, played.output
        check = run_cli("check", out)
        assert check.exit_code == 0, check.output
    return shared(tmp_path_factory, "forged-kit", make) / "out"


@pytest.fixture
def copy(kit, tmp_path) -> Path:
    return private_copy(kit, tmp_path / "kit")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (old, path)
    path.write_text(text.replace(old, new, 1))


# --- pages that lead outside the kit or run code ---------------------------------------------------

PAGE = "playtest/str8eight-playtest.html"
HEAD = "<meta charset=\"utf-8\">"
PAGE_FORGERIES = {
    "meta refresh": ("index.html", HEAD, HEAD + '<meta http-equiv="refresh" content="0; url=https://example.org/">',
                     "index.html: -: <meta>: http-equiv= (an instruction to the browser), which cardgen never writes"),
    "inline script": ("index.html", "</main>", "</main><script>location='https://example.org'</script>",
                      "index.html: -: <script>: an inline script, which cardgen never writes"),
    "iframe": ("index.html", "</main>", '</main><iframe src="https://example.org/"></iframe>',
               "index.html: -: <iframe>: a frame, which cardgen never writes"),
    "srcset": ("index.html", 'width="125"', 'srcset="https://example.org/a.png 2x" width="125"',
               "index.html: -: <img> srcset= leads to 'https://example.org/a.png', outside the folder"),
    "style url()": ("index.html", "</head>", "<style>body { background: url(https://example.org/t.png) }</style></head>",
                    "index.html: -: <style> url() leads to 'https://example.org/t.png', outside the folder"),
    "style attribute": ("index.html", "<main ", "<main style=\"background:url('//example.org/t.png')\" ",
                        "index.html: -: <main> style= url() leads to '//example.org/t.png', outside the folder"),
    "form action": ("index.html", "</main>", '</main><form action="https://example.org/"><button '
                    'formaction="https://example.org/b">Go</button></form>',
                    "<button> formaction= leads to 'https://example.org/b', outside the folder"),
    "object": ("index.html", "</main>", '</main><object data="https://example.org/x.swf"></object>',
               "index.html: -: <object> data= leads to 'https://example.org/x.swf', outside the folder"),
    "base href": ("index.html", "</head>", '<base href="https://example.org/"></head>',
                  "index.html: -: <base>: a base URL, which cardgen never writes"),
    "event handler": ("index.html", "<body>", '<body onload="fetch(\'https://example.org\')">',
                      "index.html: -: <body>: the event handler onload=, code cardgen never writes"),
    "a script after an empty comment": ("index.html", "</main>", "</main><!--><script>alert(1)</script>-->",
                                        "index.html: -: <script>: an inline script, which cardgen never writes"),
    "a link after an empty comment": ("index.html", "</main>", '</main><!--><a href="https://example.org/">x</a>-->',
                                      "index.html: -: links 'https://example.org/', outside the folder"),
    "a redirect in site.js": ("site/site.js", '"use strict";', '"use strict"; location.href = "https://example.org";',
                              "site/site.js: -: not the script cardgen ships (templates/site/site.js.j2)"),
    "@import in site.css": ("site/site.css", "@font-face", "@import url(https://example.org/x.css);\n@font-face",
                            "site/site.css: -: @import, which loads what cardgen never writes"),
    "url() in site.css": ("site/site.css", "@font-face", "body { background: url(\"../../x.png\") }\n@font-face",
                          "site/site.css: -: url() leads to '../../x.png', outside the folder"),
    "playtest page": (PAGE, "</main>", "</main><script>location='https://example.org'</script>",
                      f"{PAGE}: -: <script>: an inline script, which cardgen never writes"),
    "playtest page's style": (PAGE, "</style>", "@import 'https://example.org/x.css';</style>",
                              f"{PAGE}: -: <style>: @import, which loads what cardgen never writes"),
    "playtest plot": (PAGE, "<image ", '<image href="https://example.org/t.png" ',
                      f"{PAGE}: -: <image> href= leads to 'https://example.org/t.png', outside the folder"),
}


@pytest.mark.parametrize("case", PAGE_FORGERIES)
def test_check_refuses_pages_that_lead_outside_or_run_code(copy, case):
    rel, old, new, message = PAGE_FORGERIES[case]
    _edit(copy / rel, old, new)
    assert_check_catches(copy, [message])


def test_check_refuses_a_forged_page_listed_in_the_manifest(copy):
    (copy / "site" / "more.html").write_text('<!doctype html><html><head><meta http-equiv="refresh" content="0; '
                                             'url=https://example.org/"></head><body><script src="x.js"></script>'
                                             '<video poster="https://example.org/p.png"></video></body></html>')
    (copy / "site" / "x.js").write_text("location.href = 'https://example.org'\n")
    data = json.loads((copy / "manifest.json").read_text())
    data["files"] += [{"path": p, "game": "site", "kind": "site", "format": p.rsplit(".", 1)[1]}
                      for p in ("site/more.html", "site/x.js")]
    (copy / "manifest.json").write_text(json.dumps(data))
    assert_check_catches(copy, [
        "site/more.html: -: <meta>: http-equiv= (an instruction to the browser), which cardgen never writes",
        "site/more.html: -: <script> src= loads site/x.js: cardgen's only script is site/site.js",
        "site/more.html: -: <video> poster= leads to 'https://example.org/p.png', outside the folder",
        "site/x.js: -: a script cardgen never writes (its only script is site/site.js)"])


# --- copies of the cards that print the wrong deck -------------------------------------------------

DTC = "str8eight/shop/drivethrucards/str8eight-drivethrucards.pdf"
MPC = "str8eight/shop/makeplayingcards"


def _pdf_page_copied(path: Path, to: int, source: int) -> None:
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.pages[to - 1] = pdf.pages[source - 1]
        pdf.save(path)


def _pdf_pages_swapped(path: Path, a: int, b: int) -> None:
    """Two pages' drawings swapped, each page keeping its own place and boxes."""
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        one, two = pdf.pages[a - 1].obj, pdf.pages[b - 1].obj
        for key in ("/Contents", "/Resources"):
            one[key], two[key] = two[key], one[key]
        pdf.save(path)


def _pdf_words_changed(path: Path, page: int) -> None:
    """A page's drawing given a word it did not have (one shown text repeated)."""
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        obj = pdf.pages[page - 1].obj
        stream = obj.Contents if isinstance(obj.Contents, pikepdf.Stream) else obj.Contents[0]
        data = stream.read_bytes()
        start = data.index(b"BT")
        end = data.index(b"ET", start) + 2
        stream.write(data + b"\n" + data[start:end])
        pdf.save(path)


def _tts_sheet_cell_copied(path: Path) -> None:
    from PIL import Image

    with Image.open(path) as im:
        im.load()
        im.paste(im.crop((400 * 6, 0, 400 * 7, 560)), (400 * 5, 0))
        im.save(path)


def _swap(a: Path, b: Path) -> None:
    a.rename(a.with_name("swap"))
    b.rename(a)
    a.with_name("swap").rename(b)


def _tts_sheet_cells_swapped(path: Path) -> None:
    """Slots 5 and 6 of a sheet swapped, and the sheet's note of its slots' cards with them."""
    from PIL import Image, PngImagePlugin

    with Image.open(path) as im:
        im.load()
        notes = im.text["cardgen-sources"].split(",")
        five, six = im.crop((400 * 5, 0, 400 * 6, 560)), im.crop((400 * 6, 0, 400 * 7, 560))
        im.paste(six, (400 * 5, 0))
        im.paste(five, (400 * 6, 0))
        notes[5], notes[6] = notes[6], notes[5]
        info = PngImagePlugin.PngInfo()
        info.add_text("cardgen-sources", ",".join(notes))
        im.save(path, pnginfo=info)


def _tts_json(change):
    def apply(out: Path) -> None:
        path = out / "str8eight" / "tts" / "str8eight.json"
        data = json.loads(path.read_text())
        change(data["ObjectStates"][0])
        path.write_text(json.dumps(data))
    return apply


def _ids_swapped(deck: dict) -> None:
    cards = deck["ContainedObjects"]
    cards[1]["CardID"], cards[2]["CardID"] = cards[2]["CardID"], cards[1]["CardID"]
    deck["DeckIDs"] = [c["CardID"] for c in cards]


DECK_FORGERIES = {
    "DriveThruCards page 6 a copy of page 7": (
        lambda out: _pdf_page_copied(out / DTC, 6, 7),
        f"{DTC}: 006-2x3: page 6 and page 7 are the same picture, though they hold different cards (004-2x2, "
        "006-2x3): one is a copy of the other's"),
    "MakePlayingCards front-012 replaced by front-013": (
        lambda out: shutil.copyfile(out / MPC / "front-013.png", out / MPC / "front-012.png"),
        f"{MPC}/front-012.png: pass-left-3: front-012.png is the same picture as front-013.png, which shows "
        "pass-right-1: a copy of another card's picture, not pass-left-3"),
    "DriveThruCards pages 6 and 7 swapped": (
        lambda out: _pdf_pages_swapped(out / DTC, 6, 7),
        f"{DTC}: -: page 6 shows 006-2x3, where 004-2x2 goes: another card's page"),
    "card PDF pages 6 and 7 swapped": (
        lambda out: _pdf_pages_swapped(out / "str8eight" / "str8eight-cards.pdf", 6, 7),
        "str8eight/str8eight-cards.pdf: -: page 7 shows 004-2x2, where 006-2x3 goes: another card's page"),
    "a card PDF page's words changed": (
        lambda out: _pdf_words_changed(out / "str8eight" / "str8eight-cards.pdf", 6),
        "str8eight/str8eight-cards.pdf: -: page 6 does not say what 004-2x2 says"),
    "card PDF page 6 a copy of page 7": (
        lambda out: _pdf_page_copied(out / "str8eight" / "str8eight-cards.pdf", 6, 7),
        "str8eight/str8eight-cards.pdf: 006-2x3: page 6 and page 7 are the same picture"),
    "a card PNG copied over another": (
        lambda out: shutil.copyfile(out / "str8eight/png/006-2x3.png", out / "str8eight/png/004-2x2.png"),
        "str8eight/png/006-2x3.png: 006-2x3: 004-2x2.png and 006-2x3.png are the same picture"),
    "two card PNGs swapped": (
        lambda out: _swap(out / "str8eight/png/004-2x2.png", out / "str8eight/png/006-2x3.png"),
        "str8eight/png/004-2x2.png: 004-2x2: not a picture of 004-2x2 (str8eight/svg/004-2x2.svg) (it names another "
        "card SVG"),
    "the sequence sheet's PNG replaced by another sheet's": (
        lambda out: shutil.copyfile(out / "str8eight/str8eight-atlas-letter.png",
                                    out / "str8eight/sequence-sheet-letter.png"),
        "str8eight/sequence-sheet-letter.png: -: not a picture of sequence-sheet-letter.svg beside it"),
    "MakePlayingCards front-006 and front-007 swapped": (
        lambda out: _swap(out / MPC / "front-006.png", out / MPC / "front-007.png"),
        f"{MPC}/front-006.png: 004-2x2: not a picture of 004-2x2 (str8eight/svg/004-2x2.svg) (it names another card "
        "SVG"),
    "print-on-demand images 006 and 007 swapped": (
        lambda out: _swap(out / "str8eight/pod/006.png", out / "str8eight/pod/007.png"),
        "str8eight/pod/007.png: 006-2x3: not a picture of 006-2x3 (str8eight/svg/006-2x3.svg)"),
    "a TTS sheet's cells swapped": (
        lambda out: _tts_sheet_cells_swapped(out / "str8eight/tts/str8eight-faces-1.png"),
        "str8eight/tts/str8eight-faces-1.png: 004-2x2: sheet 1's slot 5 is not a picture of 004-2x2 (it names "
        "another card SVG)"),
    "a print-on-demand image copied over another": (
        lambda out: shutil.copyfile(out / "str8eight/pod/013.png", out / "str8eight/pod/012.png"),
        "str8eight/pod/012.png: pass-left-3: 012.png is the same picture as 013.png, which shows pass-right-1"),
    "a TTS sheet's cell copied over another": (
        lambda out: _tts_sheet_cell_copied(out / "str8eight/tts/str8eight-faces-1.png"),
        "str8eight/tts/str8eight-faces-1.png: 006-2x3: sheet 1's slot 5 and sheet 1's slot 6 are the same picture"),
    "TTS card IDs swapped": (
        _tts_json(_ids_swapped),
        "str8eight/tts/str8eight.json: 002-1x2: card 2 has CardID 102; its place in the deck puts 002-1x2 at 101"),
    "a TTS card misnamed": (
        _tts_json(lambda deck: deck["ContainedObjects"][5].update(Nickname="6 (2×3)")),
        "str8eight/tts/str8eight.json: 004-2x2: named '6 (2×3)'; the card there is '4 (2×2)'"),
}


def _page_cell(rel: str, row: int, column: int, value: str):
    """Forge one cell of a page's table (row 1: the first data row)."""
    def apply(out: Path) -> None:
        import re

        path = out / rel
        text = path.read_text()
        rows = [m for m in re.finditer(r"<tr><td.*?</tr>", text)]
        cells = list(re.finditer(r'<td class="n">(.*?)</td>', rows[row - 1].group(0)))
        cell = cells[column - 1]
        start = rows[row - 1].start() + cell.start(1)
        path.write_text(text[:start] + value + text[rows[row - 1].start() + cell.end(1):])
    return apply


def _tune_count(out: Path) -> None:
    _edit(out / "playtest/str8eight-tune.html", '<th scope="row">hands played</th><td class="n">',
          '<th scope="row">hands played</th><td class="n">1')


PLAYTEST_FORGERIES = {
    "a sweep's figure": (_page_cell("playtest/str8eight-sweep.html", 2, 7, "55.0%"),
                         "playtest/str8eight-sweep.html: row 2: the sweep's table: states '55.0%' where its JSON gives"),
    "a sweep's variant": (_page_cell("playtest/str8eight-sweep.html", 1, 4, "4"),
                          "playtest/str8eight-sweep.html: row 1: the sweep's table: states '4' where its JSON gives '2'"),
    "a tune's ranked row": (_page_cell("playtest/str8eight-tune.html", 1, 11, "meets"),
                            "playtest/str8eight-tune.html: row 1: the ranked variants: states 'meets' where its JSON "
                            "gives 'meets, sure'"),
    "a tune's count": (_tune_count, "playtest/str8eight-tune.html: hands played: states '1"),
}
DECK_FORGERIES.update(PLAYTEST_FORGERIES)


@pytest.mark.parametrize("case", DECK_FORGERIES)
def test_check_catches_copies_that_print_the_wrong_deck(copy, case):
    forge, message = DECK_FORGERIES[case]
    forge(copy)
    assert_check_catches(copy, [message])


# --- Tabletop Simulator: a kit that works wherever it is moved --------------------------------------

def test_the_tts_deck_works_once_the_kit_is_moved(kit, tmp_path):
    """Its JSON held absolute file:/// paths: a kit moved or copied to another computer left
    every URL pointing at nothing, and check passed it. The images are named beside the JSON."""
    moved = tmp_path / "elsewhere" / "kit"
    shutil.copytree(kit, moved)
    deck = json.loads((moved / "str8eight/tts/str8eight.json").read_text())["ObjectStates"][0]
    for sheet in deck["CustomDeck"].values():
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert "/" not in url and (moved / "str8eight/tts" / url).is_file(), url
    result = run_cli("check", moved)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("url, message", [
    ("file:///home/someone/kit/str8eight/tts/str8eight-faces-1.png",
     "is an absolute path, which leads nowhere once the kit is moved or copied"),
    ("/home/someone/kit/str8eight/tts/str8eight-faces-1.png", "is an absolute path"),
    ("../tts/str8eight-faces-1.png", "is neither a file name beside str8eight.json nor an http(s) URL"),
    ("str8eight-faces-9.png", "names 'str8eight-faces-9.png', which is not in tts/ beside str8eight.json"),
])
def test_check_fails_a_tts_url_that_does_not_resolve_from_its_folder(copy, url, message):
    _tts_json(lambda deck: deck["CustomDeck"]["1"].update(FaceURL=url))(copy)
    assert_check_catches(copy, [f"str8eight/tts/str8eight.json: sheet 1: {url[:80]} {message}"])


# --- where a browser and the check's parser could read a page differently ----------------------------

@pytest.mark.parametrize("body, message", [
    ("<svg><style><img src=x onerror=alert(1)></style></svg>", "<img>: the event handler onerror=, code cardgen never"),
    ("<!--><script>alert(1)</script>-->", "<script>: an inline script, which cardgen never writes"),
    ("<title><a></title><script>alert(1)</script>", "<script>: an inline script, which cardgen never writes"),
    ('<a href="#top" ping="https://example.org/p">up</a>', "<a> ping= leads to 'https://example.org/p', outside"),
    ('<svg><a><animate attributeName="href" values="javascript:alert(1)"/></a></svg>',
     "an animation of href=, which cardgen never writes"),
    ('<svg><image href="data:image/svg+xml;base64,PHN2Zz4=" /></svg>', "<image> href= leads to 'data:image/svg+xml"),
    ('<div style="background: image-set(\'https://example.org/a.png\' 1x)"></div>',
     "<div> style= url() leads to 'https://example.org/a.png', outside"),
    ('<p style="background: u\\72l(https://example.org/a.png)"></p>', "<p> style= url() leads to 'https://example.org/a"),
    ('<a href="java&#x09;script:alert(1)">x</a><img src=" https://example.org/i.png">',
     "<img> src= leads to 'https://example.org/i.png', outside"),
    ('<svg><script href="https://example.org/x.js"></script></svg>', "<script>: an inline script"),
    ('<svg><rect fill="url(https://example.org/p.svg#g)"/></svg>',
     "<rect> fill= url() leads to 'https://example.org/p.svg#g', outside"),
], ids=["img in an svg style", "<!--> comment", "script after a title", "ping", "animated href", "svg as data", "image-set",
        "escaped url()", "spaced src", "svg script", "paint server elsewhere"])
def test_what_a_browser_would_read_otherwise_is_refused(tmp_path, body, message):
    """Pages are read as a browser parses them (Lexbor): each shape Python's own parser read
    otherwise, where a forger could hide a load or a script, is caught (the page alone)."""
    from cardgen.check.report import GameReport
    from cardgen.check.webfiles import check_page

    (tmp_path / "page.html").write_text(f"<!doctype html><html><head><title>t</title></head><body id=top>{body}"
                                        "</body></html>")
    report = GameReport("preview")
    check_page(tmp_path, "page.html", {"page.html"}, report)
    said = [v.problem for v in report.violations]
    assert any(message in p for p in said), said


def test_what_cardgen_writes_in_a_page_passes(tmp_path):
    """Anchors, a listed stylesheet and script, a plot's clip paths and its PNG held as data."""
    from cardgen.check.report import GameReport
    from cardgen.check.webfiles import check_page

    (tmp_path / "page.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="site/site.css"><style>'
        'p { color: #000 }</style></head><body><a href="#x" id="x">x</a><svg xmlns:xlink="http://www.w3.org/1999/'
        'xlink"><!-- Created with matplotlib (https://matplotlib.org/) --><style type="text/css">*{stroke-linejoin: '
        'round}</style><defs><clipPath id="p1"><rect/></clipPath></defs><g clip-path="url(#p1)"><use xlink:href="#x"/>'
        '<image xlink:href="data:image/png;base64,\niVBORw0KGgo="/></g></svg><script src="site/site.js"></script>'
        '</body></html>')
    report = GameReport("preview")
    check_page(tmp_path, "page.html", {"page.html", "site/site.css", "site/site.js"}, report)
    assert report.violations == []


def test_each_class_sets_tts_files_are_named_for_it(tmp_path):
    """Copied into one Tabletop Simulator folder (the JSON beside Saves, the PNGs in
    Mods/Images, where a bare name is looked up), two sets' str8eight-faces-1.png would be one
    file: each set's files carry its letter, and check reads them so."""
    out = tmp_path / "out"
    assert run_cli("build", "--game", "str8eight", "--table-size", "3", "--sets", "2", "--format", "tts", "-j", "1",
                   "-q", "--out", out).exit_code == 0
    for letter in "ab":
        folder = out / "str8eight" / f"set-{letter}" / "tts"
        assert sorted(p.name for p in folder.iterdir()) == [f"str8eight-set-{letter}-back.png",
                                                             f"str8eight-set-{letter}-faces-1.png",
                                                             f"str8eight-set-{letter}.json"]
        deck = json.loads((folder / f"str8eight-set-{letter}.json").read_text())["ObjectStates"][0]
        assert deck["CustomDeck"]["1"]["FaceURL"] == f"str8eight-set-{letter}-faces-1.png"
    result = run_cli("check", out)
    assert result.exit_code == 0, result.output


def test_a_page_python_took_the_square_of_its_length_to_read_is_read_at_once(tmp_path):
    """html.parser read "</</</…" in time growing with the square of its length (40,000 pairs:
    1.8 s; a 32 MB page would never end). The page is read as a browser reads it: the whole
    of it, once, and what follows the junk is still seen."""
    from cardgen.check.report import GameReport
    from cardgen.check.webfiles import check_page

    (tmp_path / "page.html").write_text("<!doctype html><body>" + "</" * 200_000 + ">"  # a browser's one comment
                                        '<iframe src="https://example.org/"></iframe></body>')
    report = GameReport("preview")
    check_page(tmp_path, "page.html", {"page.html"}, report)
    assert any("<iframe>: a frame" in v.problem for v in report.violations), report.violations
