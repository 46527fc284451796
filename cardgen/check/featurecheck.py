"""Words follow features: no text of a kit speaks of a feature its cards lack.

What the Str8 Eight deck has is read from its card SVGs alone (arrows and their colors
drawn with data-side, their numbers unless the level says otherwise, bull's-eyes, pass cards)
and from the build record (a one-group run of the winning length exists when the winning
length is at most the table's size). Every buyer text of Str8 Eight, FourScore (which
plays with the same deck) and the preview is then read for the phrases
cardgen/featurewords.py ties to each feature; a phrase of a feature the cards lack is a
violation. The booklet's finish tip is held to the kit's own table: the finish it plans
ends among the table's biggest values."""
from __future__ import annotations

import re
from pathlib import Path

from ..featurewords import FEATURES, claims
from .buyerwords import buyer_files, text_of
from .report import GameReport

DECK_GAME = "str8eight"
FINISH = re.compile(r"Plan your finish among the big numbers\. (\d+) to (\d+) to (\d+)")
CARD_SVG_MAX = 1 << 20  # a card's SVG is tens of kilobytes: a larger one is not read here
TOP_SHARE = 0.25  # the finish tip's last value is among this share of the table's biggest values


def deck_features(out: Path, entries: list, rec) -> "tuple[frozenset, list] | None":
    """(the features the Str8 Eight cards have, their values) from the card SVGs listed,
    or None when no number card was built."""
    from .safefile import Refused, guard

    numbers = [e["path"] for e in entries if e.get("game") == DECK_GAME and e.get("kind") == "number"]
    if not numbers:
        return None
    have, values = set(), []
    for rel in numbers:
        try:
            if (out / rel).stat().st_size > CARD_SVG_MAX:  # no card cardgen draws; the SVG checks say why
                continue
            text = guard(out / rel).read_text(encoding="utf-8", errors="replace")
        except (Refused, OSError):
            continue
        if re.search(r'data-side="(?:left|right)"', text):  # an arrow, on either side, in its group's color
            have |= {"arrows", "colors"}
            if not re.search(r'data-scaffold="(?:colors|bare)"', text):  # the full level prints their numbers
                have.add("arrow-numbers")
        if 'data-mark="bullseye"' in text:
            have.add("bullseyes")
        m = re.search(r'data-value="(\d+)"', text)
        if m:
            values.append(int(m.group(1)))
    if any(e.get("game") == DECK_GAME and e.get("kind") == "pass" for e in entries):
        have.add("pass-cards")
    if rec is not None and getattr(rec, "sequence_length", 99) <= getattr(rec, "table_size", 0):
        have.add("bonus")
    return frozenset(have), sorted(set(values))


def check_features(out: Path, entries: list, records: dict, report: GameReport) -> int:
    """Each Str8 Eight, FourScore and preview text against the deck's features; returns
    how many files were read."""
    deck = deck_features(out, entries, records.get(DECK_GAME))
    if deck is None:
        return 0
    have, values = deck
    lacking = set(FEATURES) - have
    read = 0
    for path, game, kind in buyer_files(entries):
        if game == DECK_GAME:
            lacks = lacking
        elif game == "fourscore":  # its own bonus is always there; its pass cards are the deck's
            fs = records.get("fourscore")
            lacks = lacking - {"bonus", "pass-cards"} | ({"pass-cards"} if fs is not None and not fs.pass_cards else set())
        elif game == "site":  # the preview shows every game: only what the cards draw
            lacks = lacking & {"arrows", "colors", "arrow-numbers"}
        else:
            continue
        if not lacks:
            continue
        text = text_of(out / path)
        if text is None:
            continue
        read += 1
        said = set()
        for feature, words in claims(text, lacks):
            if feature in said:
                continue
            said.add(feature)
            report.fail(path, "-", f"speaks of {FEATURES[feature]}, which the cards of this kit lack: “{words}”")
        if game == DECK_GAME and kind == "rules":
            _check_finish(text, values, path, report)
    return read


def _check_finish(text: str, values: list, path: str, report: GameReport) -> None:
    """The finish tip plans among the biggest values of this table, on values it holds."""
    if not values:
        return
    top = values[int(len(values) * (1 - TOP_SHARE)):]
    for m in FINISH.finditer(text):
        a, c, e = (int(g) for g in m.groups())
        if any(v not in values for v in (a, c, e)) or e < top[0]:
            report.fail(path, "-", f"its finish tip plans {a} to {c} to {e}, not among the big numbers of this "
                        f"table (its biggest values run from {top[0]} to {top[-1]})")
