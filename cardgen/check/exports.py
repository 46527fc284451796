"""The screen and print-on-demand files of a deck, read from the files alone.

Tabletop Simulator (<deck>/tts/, its files named <game>-set-<letter>… in a class set's):
the saved object's deck is named as the record's deck, holds one card per face in deck
order (DeckIDs = the cards' ids), each id on a sheet it names and in a slot of that
sheet's grid other than the last (the hidden-card image);
each sheet's grid is at most 10 × 7, its image exactly that grid of card-sized cells (the
card's proportions, the same cell on every sheet, the back image one cell), its face and
back URLs lead to those files (file names read from the JSON's own folder, so the kit
works wherever it is moved, or a base URL and the file name; never an absolute path),
and every card's sheet wears that card's own back.

Print on demand (<deck>/pod/): one PNG per face, named in deck order (001.png …), and
one per back, each of the card's trim plus 1/8 in bleed at 300 DPI (the checker's own
statement of what The Game Crafter asks for), and a zip holding exactly those PNGs,
byte for byte (its members' CRC-32 against the files; nothing is inflated).
"""
from __future__ import annotations

import json
import re
import zipfile
import zlib
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .pictures import png_header
from .report import GameReport
from .safefile import Refused, guard
from ..words import plural

MAX_COLS, MAX_ROWS = 10, 7  # what Tabletop Simulator takes on one sheet
MAX_JSON_BYTES = 16 << 20
POD_DPI = 300
POD_BLEED_MM = 25.4 / 8
MAX_ZIP_MEMBERS = 2000


def _load_json(path: Path):
    return json.loads(guard(path, MAX_JSON_BYTES).read_text(encoding="utf-8"))


def check_exports(game: str, deck_dir: Path, rec, report: GameReport, rel, set_letter: str = "") -> None:
    """The deck's tts/ and pod/ folders, where the build wrote them."""
    if (deck_dir / "tts").is_dir():
        _check_tts(game, deck_dir, rec, report, rel, set_letter)
    if (deck_dir / "pod").is_dir():
        _check_pod(game, deck_dir, rec, report, rel)


def _check_tts(game: str, deck_dir: Path, rec, report: GameReport, rel, set_letter: str) -> None:
    folder = deck_dir / "tts"
    stem = f"{game}-set-{set_letter.lower()}" if set_letter else game  # a class set's files are named for it
    path = folder / f"{stem}.json"
    file = rel(path)
    try:
        data = _load_json(path)
        deck = data["ObjectStates"][0]
        cards, sheets, ids = deck["ContainedObjects"], deck["CustomDeck"], deck["DeckIDs"]
        if not isinstance(cards, list) or not isinstance(sheets, dict) or not isinstance(ids, list):
            raise TypeError("not a deck")
    except (Refused, OSError, ValueError, KeyError, IndexError, TypeError, RecursionError) as exc:
        report.fail(file, "-", f"no Tabletop Simulator deck cardgen wrote ({str(exc)[:60]})")
        return
    title = rec.deck.title + (f" · set {set_letter}" if set_letter else "")
    faces, backs, back_of = rec.deck.faces, rec.deck.backs, rec.deck.back_of
    if deck.get("Name") != "Deck" or deck.get("Nickname") != title:
        report.fail(file, "-", f"the deck is named {str(deck.get('Nickname'))[:60]!r}, not this build's {title!r}")
    if len(cards) != len(faces):
        report.fail(file, "-", f"the deck holds {plural(len(cards), 'card')}; the build record has "
                    f"{plural(len(faces), 'face')}")
    card_ids = [c.get("CardID") if isinstance(c, dict) else None for c in cards]
    if ids != card_ids:
        report.fail(file, "-", "DeckIDs are not the cards' CardIDs in deck order")
    if any(not isinstance(c, dict) or c.get("Name") != "Card" or not str(c.get("Nickname", "")).strip()
           for c in cards):
        report.fail(file, "-", "a card without its name (every contained object is a named Card)")
    cell, backs_of_sheets, images = None, {}, {}
    for key, sheet in sorted(sheets.items(), key=lambda kv: kv[0]):
        where = f"sheet {key}"
        try:
            cols, rows, face_url, back_url = (sheet["NumWidth"], sheet["NumHeight"], sheet["FaceURL"],
                                              sheet["BackURL"])
        except (KeyError, TypeError):
            report.fail(file, where, "lacks its grid or URLs")
            continue
        if not (isinstance(cols, int) and isinstance(rows, int) and 1 <= cols <= MAX_COLS and 1 <= rows <= MAX_ROWS):
            report.fail(file, where, f"a {cols} × {rows} grid; Tabletop Simulator takes at most {MAX_COLS} × {MAX_ROWS}")
            continue
        image = _url_file(face_url, folder, deck_dir, report, file, where)
        back = _url_file(back_url, folder, deck_dir, report, file, where)
        images[key] = (image, cols, rows)
        backs_of_sheets[key] = back.name if back else None
        if image is not None:
            try:
                width, height, _, _ = png_header(image)
            except (Refused, OSError, ValueError) as exc:
                report.fail(rel(image), where, f"not a readable PNG ({exc})")
                continue
            if width % cols or height % rows:
                report.fail(rel(image), where, f"{width} × {height} px is no whole {cols} × {rows} grid of cards")
                continue
            here = (width // cols, height // rows)
            want = rec.card.trim_mm[0] / rec.card.trim_mm[1]
            if abs(here[0] / here[1] - want) > 0.02:
                report.fail(rel(image), where, f"cells of {here[0]} × {here[1]} px are not the card's proportions")
            if cell is not None and here != cell:
                report.fail(rel(image), where, f"cells of {here[0]} × {here[1]} px; sheet 1's are {cell[0]} × {cell[1]}")
            cell = cell or here
        slots = [i % 100 for i in card_ids if isinstance(i, int) and str(i // 100) == key]
        if any(s >= cols * rows - 1 for s in slots) or len(set(slots)) != len(slots):
            report.fail(file, where, "a card in the hidden-card slot, or two cards in one slot")
    if any(not isinstance(i, int) or str(i // 100) not in sheets for i in card_ids):
        report.fail(file, "-", "a card on a sheet the deck does not name")
    _check_tts_cards(deck_dir, rec, cards, card_ids, sheets, images, report, file, rel, stem)
    back_files = [f"{stem}-back.png"] if len(backs) == 1 else [f"{stem}-back-{b + 1}.png" for b in range(len(backs))]
    for i, card_id in enumerate(card_ids[:len(faces)]):
        if isinstance(card_id, int) and str(card_id // 100) in backs_of_sheets and i < len(back_of) \
                and back_of[i] < len(back_files) and backs_of_sheets[str(card_id // 100)] != back_files[back_of[i]]:
            report.fail(file, faces[i], f"its sheet wears {backs_of_sheets[str(card_id // 100)]}, not its own back "
                        f"{back_files[back_of[i]]}")
            break
    for name in back_files:
        if cell is not None and (folder / name).is_file():
            try:
                size = png_header(folder / name)[:2]
            except (Refused, OSError, ValueError):
                size = None
            if size != cell:
                report.fail(rel(folder / name), "-", f"the back image is {size}, not one cell ({cell[0]} × {cell[1]})")
    if not any(v.file.startswith(rel(folder)) for v in report.violations):
        report.summary.append(f"{rel(folder)}: {plural(len(cards), 'card')} on {plural(len(sheets), 'sheet')}, "
                              "every id in its grid, every URL leading to its image")


RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}  # what a person calls them
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # the last slot shows the hidden-card image


def nickname(root, decks: int) -> "str | None":
    """What a card is called in Tabletop Simulator, from what its SVG draws (None: a kind
    the deck checks report)."""
    a = {k: root.get(f"data-{k}") or "" for k in ("kind", "value", "cell", "direction", "letter", "suit", "rank",
                                                  "deck")}
    if a["kind"] == "number":
        return f"{a['value']} ({a['cell'].replace('x', '×')})"
    if a["kind"] == "pass":
        return f"Pass {a['direction']}"
    if a["kind"] == "letter":
        return f"{a['letter'].upper()} (suit {a['suit']})"
    if a["kind"] == "reference":
        return "Words and points"
    if a["kind"] == "card":
        return f"{RANK_WORDS.get(a['rank'], a['rank'])} of {a['suit']}".capitalize() + \
            (f" (deck {a['deck']})" if decks > 1 else "")
    return None


def _check_tts_cards(deck_dir: Path, rec, cards: list, card_ids: list, sheets: dict, images: dict,
                     report: GameReport, file: str, rel, stem: str) -> None:
    """Each card of the saved deck is the card its place in the deck says: cards sharing a
    back fill sheets of 69 in deck order, so the k-th card is a known face, with a known id
    (sheet × 100 + slot) and a name from what its SVG draws; and each sheet's cells are
    the pictures of those cards (a cell drawn like another holds the same card)."""
    from . import pictures, svgread

    faces, back_of = rec.deck.faces, rec.deck.back_of
    order, want_ids = [], []
    sheet = 0
    for b in range(len(rec.deck.backs)):
        members = [i for i in range(len(faces)) if i < len(back_of) and back_of[i] == b]
        for start in range(0, len(members), PER_SHEET):
            sheet += 1
            for slot, i in enumerate(members[start:start + PER_SHEET]):
                order.append(i)
                want_ids.append(sheet * 100 + slot)
    if len(cards) != len(order):
        return  # the count is reported
    for k, (i, card, card_id, want) in enumerate(zip(order, cards, card_ids, want_ids)):
        if card_id != want:
            report.fail(file, faces[i], f"card {k + 1} has CardID {str(card_id)[:12]}; its place in the deck puts "
                        f"{faces[i]} at {want} (sheet {want // 100}, slot {want % 100})")
            break
    for i, card in zip(order, cards):
        try:
            name = nickname(svgread.parse(deck_dir / "svg" / f"{faces[i]}.svg"), len(rec.deck.backs))
        except svgread.Unreadable:
            continue
        said = card.get("Nickname") if isinstance(card, dict) else None
        if name is not None and said != name:
            report.fail(file, faces[i], f"named {str(said)[:40]!r}; the card there is {name!r}")
            break
    identities = dict(zip(faces, pictures.card_identities(deck_dir, faces)))
    svgs = {slug: pictures.file_digest(deck_dir / "svg" / f"{slug}.svg") for slug in faces + rec.deck.backs}
    for key, (image, cols, rows) in sorted(images.items()):
        if image is None or not key.isdigit():
            continue
        cells = pictures.sheet_cell_digests(image, cols, rows)
        if cells is None:
            continue
        on_sheet = [(want % 100, i) for i, want in zip(order, want_ids) if str(want // 100) == key]
        on_sheet = [(slot, faces[i], i) for slot, i in on_sheet if slot < len(cells)]
        if pictures.same_pictures([f"sheet {key}'s slot {slot}" for slot, _, _ in on_sheet],
                                  [cells[slot] for slot, _, _ in on_sheet], [slug for _, slug, _ in on_sheet],
                                  [identities.get(slug) for _, slug, _ in on_sheet], report, lambda n: rel(image)):
            continue
        try:  # each slot names the card SVG it shows: the one the deck puts there
            notes = png_header(image)[3].get(pictures.SOURCES_KEY, "").split(",")
        except (Refused, OSError, ValueError):
            continue
        for slot, slug, i in on_sheet:
            said = notes[slot] if slot < len(notes) else ""
            if svgs.get(slug) is not None and said != f"sha256:{svgs[slug]}":
                report.fail(rel(image), slug, f"sheet {key}'s slot {slot} is not a picture of {slug} ("
                            + ("it names another card SVG" if said else "it names no card SVG") + ")")
                break
    for b, name in enumerate(rec.deck.backs):
        path = deck_dir / "tts" / (f"{stem}-back.png" if len(rec.deck.backs) == 1 else f"{stem}-back-{b + 1}.png")
        if path.is_file():
            pictures.drawn_from(path, deck_dir / "svg" / f"{name}.svg", report, rel, name)


def _url_file(url, folder: Path, deck_dir: Path, report: GameReport, file: str, where: str) -> "Path | None":
    """The file of the tts folder a URL leads to, or None with the reason reported. A URL
    is a file name, read from the JSON's own folder (so the kit works wherever it is moved
    or copied), or a base URL (http or https) joined to that name; an absolute file:///
    path leads to where the kit once was, and nowhere once it is moved."""
    if not isinstance(url, str):
        report.fail(file, where, "a URL that is no text")
        return None
    parts = urlsplit(url)
    name = unquote(parts.path.rsplit("/", 1)[-1])
    if parts.scheme == "file" or (not parts.scheme and (parts.netloc or url.startswith("/"))):
        report.fail(file, where, f"{url[:80]} is an absolute path, which leads nowhere once the kit is moved or "
                    "copied: rebuild (cardgen build --format tts) for file names read beside the JSON")
        return None
    if parts.scheme in ("http", "https") and parts.netloc:
        pass
    elif parts.scheme or parts.query or parts.fragment or unquote(parts.path) != name:
        report.fail(file, where, f"{url[:80]} is neither a file name beside {Path(file).name} nor an http(s) URL")
        return None
    if not re.fullmatch(r"[a-z0-9-]+\.png", name) or not (folder / name).is_file():
        report.fail(file, where, f"{url[:80]} names {name[:40]!r}, which is not in {folder.name}/ beside "
                    f"{Path(file).name}")
        return None
    return folder / name


def _check_pod(game: str, deck_dir: Path, rec, report: GameReport, rel) -> None:
    folder = deck_dir / "pod"
    faces, backs = len(rec.deck.faces), len(rec.deck.backs)
    digits = max(3, len(str(faces)))
    names = [f"{i:0{digits}d}.png" for i in range(1, faces + 1)]
    names += ["back.png"] if backs == 1 else [f"back-{b}.png" for b in range(1, backs + 1)]
    want = tuple(round((v + 2 * POD_BLEED_MM) / 25.4 * POD_DPI) for v in rec.card.trim_mm)
    found = sorted(p.name for p in folder.glob("*.png"))
    if found != sorted(names):
        missing, extra = sorted(set(names) - set(found)), sorted(set(found) - set(names))
        report.fail(rel(folder), "-", f"{plural(len(found), 'card image')}, the deck has "
                    f"{plural(len(names), 'side')}" + (f"; missing {', '.join(missing[:3])}" if missing else "")
                    + (f"; not of this deck {', '.join(extra[:3])}" if extra else ""))
    crcs = {}
    for name in sorted(set(names) & set(found)):
        path = folder / name
        try:
            width, height, dpi, _ = png_header(path)
            crcs[name] = zlib.crc32(guard(path).read_bytes())
        except (Refused, OSError, ValueError) as exc:
            report.fail(rel(path), "-", f"not a readable PNG ({exc})")
            continue
        if (width, height) != want or dpi is None or round(dpi) != POD_DPI:
            report.fail(rel(path), "-", f"{width} × {height} px at {round(dpi or 0)} DPI, expected {want[0]} × "
                        f"{want[1]} at {POD_DPI} (the trim plus 1/8 in bleed)")
    archive = folder / f"{game}-pod.zip"
    try:
        with zipfile.ZipFile(guard(archive)) as zf:
            members = zf.infolist()
            if len(members) > MAX_ZIP_MEMBERS:
                raise ValueError(f"{len(members)} members")
            inside = {m.filename: m for m in members}
    except (Refused, OSError, ValueError, zipfile.BadZipFile) as exc:
        report.fail(rel(archive), "-", f"no readable zip of the card images ({str(exc)[:60]})")
        return
    if sorted(inside) != sorted(names):
        report.fail(rel(archive), "-", f"holds {plural(len(inside), 'file')}, not the deck's "
                    f"{plural(len(names), 'card image')} by name")
    for name, crc in sorted(crcs.items()):
        member = inside.get(name)
        if member is not None and member.CRC != crc:
            report.fail(rel(archive), name, "differs from the card image beside it")
    from . import pictures

    slugs = list(rec.deck.faces) + list(rec.deck.backs)
    paths = [folder / name for name in names]
    if not pictures.same_pictures(names, [pictures.file_digest(p) if p.is_file() else None for p in paths], slugs,
                                  pictures.card_identities(deck_dir, slugs), report, lambda i: rel(paths[i])):
        pictures.check_sources(paths, slugs, deck_dir, report, rel)
    if not any(v.file.startswith(rel(folder)) for v in report.violations):
        report.summary.append(f"{rel(folder)}: {plural(faces, 'face')} and {plural(backs, 'back')} at "
                              f"{want[0]} × {want[1]} px, {POD_DPI} DPI, zipped byte for byte")
