"""A build leaves a coherent folder, and `cardgen check` reads all of it: the HTML preview
(check/preview.py), the Tabletop Simulator deck and the print-on-demand images
(check/exports.py), the playtest reports (check/playtest.py, in test_playtest.py). Each
forged or stale file is a violation."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import assert_check_catches, run_cli, private_copy

SMALL = ("--game", "str8eight", "--only", "cards", "-j", "1", "-q")


def test_a_rebuild_takes_out_the_preview_it_no_longer_fits(tmp_path):
    """The issue's case: a preview of the 6 × 6 deck, then a build of the 7 × 7 one without
    html: its page and thumbnails would show a deck the folder no longer holds. (A playtest
    report of another variant is taken out the same way: test_playtest.py.)"""
    out = tmp_path / "out"
    assert run_cli("build", *SMALL, "--table-size", "6", "--format", "html,svg", "--out", out).exit_code == 0
    again = run_cli("build", *SMALL[:-1], "--table-size", "7", "--format", "svg", "--out", out)
    assert again.exit_code == 0, again.output
    assert "the HTML preview (index.html, site/) showed another build: taken out" in again.output
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "manifest.json", "str8eight"]
    assert run_cli("check", out).exit_code == 0
    assert run_cli("build", *SMALL, "--table-size", "7", "--format", "html,svg", "--out", out).exit_code == 0
    index = (out / "index.html").read_text()
    assert '<span class="count">55 cards</span>' in index and "playtest" not in index  # 49 + 6 pass cards
    same = run_cli("build", *SMALL[:-1], "--table-size", "7", "--format", "svg", "--out", out)  # the same cards
    assert "taken out" not in same.output and (out / "index.html").read_text() == index
    result = run_cli("check", out)
    assert result.exit_code == 0 and "preview: OK" in result.output, result.output
    # a report of another variant than the deck here is said at once (refused under --strict, before any hand)
    other = run_cli("playtest", "--game", "str8eight", "--table-size", "6", "--players", "2", "--hands", "8",
                    "--out", out, "--strict")
    assert other.exit_code == 2 and "the Str8 Eight deck in" in other.output and "(--strict)" in other.output


@pytest.fixture
def copy_of_exports(exported, tmp_path) -> Path:
    return private_copy(exported, tmp_path / "out")


def _refresh_site(out: Path) -> None:
    """The manifest hashes of the preview's files made to match them again, as a careful forger would."""
    from cardgen.manifest import sha256_file

    path = out / "manifest.json"
    data = json.loads(path.read_text())
    for entry in data["files"]:
        if (out / entry["path"]).is_file():
            entry["sha256"] = sha256_file(out / entry["path"])
    path.write_text(json.dumps(data, indent=2))


def test_the_checker_holds_the_preview_to_the_folder(copy_of_exports):
    out = copy_of_exports
    site = out / "site" / "str8eight"
    one, two = site / "001-1x1.png", site / "002-1x2.png"
    swapped = one.read_bytes()
    one.write_bytes(two.read_bytes())  # a thumbnail of another card under this card's name
    two.write_bytes(swapped)
    index = out / "index.html"
    text = index.read_text()
    text = text.replace('<span class="count">70 cards</span>', '<span class="count">64 cards</span>', 1)
    text = text.replace('href="str8eight/str8eight-print-letter.pdf"', 'href="str8eight/str8eight-print-a4.pdf"', 1)
    tts = re.search(r'<a href="str8eight/tts/str8eight.json">([^<]*)</a>', text).group(1)
    text = text.replace(">Card backs</a>", f">{tts}</a>", 1)  # two downloads, one label
    text = re.sub(r'<section id="print-first".*?</section>', "", text, flags=re.S)
    index.write_text(text)
    _refresh_site(out)
    assert_check_catches(out, [
        "site/str8eight/001-1x1.png: 001-1x1: not a picture of this build's card (drawn from another card SVG)",
        "index.html: deck-str8eight: says '64 cards'; the deck has 70 cards",
        "index.html: -: links str8eight/str8eight-print-a4.pdf, which the manifest does not list",
        "index.html: downloads: does not offer str8eight/str8eight-print-letter.pdf, which this folder holds",
        "index.html: downloads: two str8eight downloads are both labelled 'Tabletop Simulator deck'",
        "index.html: -: says nothing of what to print first",
    ])


def test_the_checker_finds_a_preview_of_another_build(copy_of_exports, tmp_path):
    """The stale preview the issue found: a 5 × 5 build's page and thumbnails left beside an 8 × 8 deck."""
    other = tmp_path / "other"
    assert run_cli("build", *SMALL, "--table-size", "5", "--format", "html,svg", "--out", other).exit_code == 0
    out = copy_of_exports
    shutil.rmtree(out / "site")
    shutil.copytree(other / "site", out / "site", copy_function=shutil.copyfile)
    shutil.copyfile(other / "index.html", out / "index.html")
    data = json.loads((out / "manifest.json").read_text())
    data["files"] = [e for e in data["files"] if e["game"] != "site"] + \
        [e for e in json.loads((other / "manifest.json").read_text())["files"] if e["game"] == "site"]
    (out / "manifest.json").write_text(json.dumps(data))
    assert_check_catches(out, [
        "index.html: deck-str8eight: says '31 cards'; the deck has 70 cards",
        "index.html: deck-str8eight: shows 31 cards as its faces, not the record's 70 in deck order",
        "site/str8eight/001-1x1.png: 001-1x1: not a picture of this build's card",
        "index.html: -: shows no sequence sheet, which this folder holds",
        "index.html: downloads: does not offer str8eight/str8eight-cards.pdf, which this folder holds",
    ])


def test_the_checker_reads_the_tabletop_and_print_on_demand_files(copy_of_exports):
    out = copy_of_exports
    path = out / "str8eight" / "tts" / "str8eight.json"
    data = json.loads(path.read_text())
    deck = data["ObjectStates"][0]
    deck["ContainedObjects"].pop()
    deck["DeckIDs"].pop()
    deck["CustomDeck"]["2"]["FaceURL"] = deck["CustomDeck"]["2"]["FaceURL"].replace("faces-2", "faces-3")
    deck["CustomDeck"]["1"]["NumWidth"] = 9
    path.write_text(json.dumps(data))
    pod = out / "str8eight" / "pod"
    (pod / "037.png").write_bytes((pod / "038.png").read_bytes())  # a stale image: the zip holds the true one
    (pod / "back.png").unlink()
    assert_check_catches(out, [
        "str8eight/tts/str8eight.json: -: the deck holds 69 cards; the build record has 70 faces",
        "str8eight/tts/str8eight.json: sheet 2: ",
        "names 'str8eight-faces-3.png', which is not in tts/",
        "str8eight/tts/str8eight-faces-1.png: sheet 1: 4000 × 3920 px is no whole 9 × 7 grid of cards",
        "str8eight/pod: -: 70 card images, the deck has 71 sides; missing back.png",
        "str8eight/pod/str8eight-pod.zip: 037.png: differs from the card image beside it",
    ])
