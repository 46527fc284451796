"""Tabletop Simulator: face sheets, a back image and a saved-object JSON for a custom deck.

A face sheet holds at most 10 × 7 cards and at most 4096 px a side; its last slot is
the image TTS shows for hidden cards (we use the back), so a sheet carries up to 69
cards and larger decks use several sheets. Card ids are sheet × 100 + slot.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from ..errors import writing

CARD_W, CARD_H = 400, 560  # px per card on a sheet (the poker card's 5:7)
MAX_COLS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLS * MAX_ROWS - 1
SOURCES_KEY = "cardgen-sources"  # a sheet's tEXt: the card SVG of each slot in order, the hidden slot last
CHUNK = 16  # cards drawn (by the render pool, when there is one) before they are placed: 11 MB of pixels


def grid(count: int) -> tuple:
    """Columns and rows for count cards plus the hidden-card slot."""
    slots = count + 1
    cols = min(MAX_COLS, slots)
    return cols, math.ceil(slots / cols)


def write_tts(folder: Path, game: str, title: str, art, url_for, workers: int, fonts,
              card_w: int = CARD_W, card_h: int = CARD_H, sources: "list | None" = None) -> list[Path]:
    """art: the deck's DeckArt drawn without bleed. url_for(path) gives the URL TTS loads.
    sources: for each face then back, the "sha256:…" of its card SVG in svg/: the back image
    notes its own, each sheet those of its slots, in order (SOURCES_KEY, comma-separated).
    Returns the files written."""
    from ..draw.png import SOURCE_KEY, blank_rows, encode_array, encode_rows, rgb_pixel_arrays, srgb_profile, with_text

    faces, backs, back_of = art.faces, art.backs, art.back_of

    folder.mkdir(parents=True, exist_ok=True)
    icc = srgb_profile()

    def save(data: bytes, path: Path) -> None:
        with writing(path):
            path.write_bytes(data)
    written = []
    back_files = []
    # the cards' pixels go straight onto the sheets: never encoded to PNG and read back, and
    # drawn CHUNK cards at a time, so memory holds the sheet and a few cards, not the deck
    back_img = rgb_pixel_arrays([c.svg for c in backs], card_w, card_h, workers, fonts)
    for b in range(len(backs)):
        path = folder / (f"{game}-back.png" if len(backs) == 1 else f"{game}-back-{b + 1}.png")
        png = encode_array(back_img[b], icc=icc)
        save(with_text(png, SOURCE_KEY, sources[len(faces) + b]) if sources else png, path)
        back_files.append(path)
        written.append(path)
    # cards sharing a back go on the same sheets, in deck order
    sheets = []
    for b in range(len(backs)):
        members = [i for i in range(len(faces)) if back_of[i] == b]
        for start in range(0, len(members), PER_SHEET):
            sheets.append((b, members[start:start + PER_SHEET]))
    custom, ids, contained = {}, [], []
    for s, (b, members) in enumerate(sheets, 1):
        cols, rows = grid(len(members))
        scanlines, sheet = blank_rows(cols * card_w, rows * card_h)  # the sheet drawn straight into the PNG's rows
        sheet[...] = 255
        for start in range(0, len(members), CHUNK):
            chunk = [faces[i].svg for i in members[start:start + CHUNK]]
            for slot, pixels in enumerate(rgb_pixel_arrays(chunk, card_w, card_h, workers, fonts), start):
                _place(sheet, slot, cols, pixels)
        _place(sheet, cols * rows - 1, cols, back_img[b])  # the hidden-card slot
        path = folder / f"{game}-faces-{s}.png"
        png = encode_rows(scanlines, icc=icc)
        if sources:  # each slot's card, the hidden-card slot last (the back)
            png = with_text(png, SOURCES_KEY, ",".join([sources[i] for i in members]
                                                       + [sources[len(faces) + b]]))
        save(png, path)
        del scanlines, sheet
        written.append(path)
        custom[str(s)] = {"FaceURL": url_for(path), "BackURL": url_for(back_files[b]), "NumWidth": cols,
                          "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
        for slot, i in enumerate(members):
            card_id = s * 100 + slot
            ids.append(card_id)
            contained.append({"Name": "Card", "Nickname": faces[i].name or faces[i].slug, "CardID": card_id,
                              "Transform": _transform()})
    state = {"SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
             "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
             "ObjectStates": [{"Name": "Deck", "Nickname": title, "Description": f"{title}, made by cardgen",
                               "Transform": _transform(), "HideWhenFaceDown": True, "SidewaysCard": False,
                               "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained}],
             "TabStates": {}, "VersionNumber": ""}
    path = folder / f"{game}.json"
    with writing(path):
        path.write_text(json.dumps(state, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(path)
    return written


def _place(sheet, slot: int, cols: int, pixels) -> None:
    """A card's pixels into its slot of a sheet (slots row by row)."""
    h, w = pixels.shape[:2]
    x, y = (slot % cols) * w, (slot // cols) * h
    sheet[y:y + h, x:x + w] = pixels


def _transform() -> dict:
    return {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
            "scaleX": 1, "scaleY": 1, "scaleZ": 1}
