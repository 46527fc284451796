"""Check a built Eights deck: the letters of each suit, the totals, that every word
ONE … EIGHT can be spelled from the deck, the reference card and the back."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from . import readings, svgread
from .deckfiles import check_deck_files
from .report import GameReport
from .sets import deck_dirs
from .booklets import check_rules
from . import wording
from .wording import Claim

GAME = "eights"
# Eric Pederson's published deck: the letters of each suit 1–8, in card order
SUIT_LETTERS = {
    1: "eeiotnrv",
    2: "eeiofnvg",
    3: "eeitfnsg",
    4: "eeithnvw",
    5: "eeotfrsx",
    6: "eeothsvu",
    7: "eiothsru",
    8: "eiofhrwx",
}
WORDS = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7, "EIGHT": 8}
# the published totals, kept apart from the per-suit lists they must add up to
TARGETS = {"2 or 3 players": 50, "4 or more players": 30}  # the suggested game scores
TOTALS = {"e": 14, "i": 6, "o": 6, "t": 6, "f": 4, "h": 4, "n": 4, "r": 4, "s": 4, "v": 4,
          "g": 2, "u": 2, "w": 2, "x": 2}


def check(game_dir: Path, rec, out: Path) -> GameReport:
    report = GameReport(GAME)
    rel = lambda p: p.relative_to(out).as_posix()  # noqa: E731
    per_suit: dict = {s: Counter() for s in SUIT_LETTERS}
    letters, backs, words = 0, 0, {}
    for file, root in svgread.card_roots(GAME, deck_dirs(game_dir, rec)[0], report, rel):
        kind = root.get("data-kind")
        if kind == "letter":
            suit, letter = svgread.as_int(root.get("data-suit")), root.get("data-letter") or ""
            label = f"{letter} of suit {suit}"
            if suit not in SUIT_LETTERS:
                report.fail(file, label, f"data-suit {root.get('data-suit')!r} is not 1–8")
                continue
            if len(letter) != 1 or not letter.isupper():
                report.fail(file, label, f"data-letter {letter!r} is not one capital letter")
                continue
            per_suit[suit][letter.lower()] += 1
            letters += 1
            # the letter big and in both bands, the suit number in both bands
            places = ([f"{letter} big and in both bands"] if readings.ambiguous(letter) else []) + (
                [f"suit {suit} in both bands"] if readings.ambiguous(suit) else [])
            want = 3 * readings.ambiguous(letter) + 2 * readings.ambiguous(suit)
            readings.check_underlines(root, want, file, label, "; ".join(places), report)
        elif kind == "reference":
            for el in svgread.with_attr(root, "data-word"):
                words[el.get("data-word")] = svgread.as_int(el.get("data-points"))
            targets = [svgread.as_int(el.get("data-target")) for el in svgread.with_attr(root, "data-target")]
            if targets != list(TARGETS.values()):
                report.fail(file, "reference card", f"game targets {targets}, the rules suggest "
                            f"{list(TARGETS.values())}")
        elif kind == "back":
            backs += 1
        else:
            report.fail(file, "-", f"data-kind is {kind!r}, expected letter, reference or back")
    if letters != 64:
        report.fail(f"{GAME}/svg", "-", f"{letters} letter cards, expected 64")
    for suit, want in SUIT_LETTERS.items():
        got = per_suit[suit]
        if got != Counter(want):
            missing, extra = Counter(want) - got, got - Counter(want)
            report.fail(f"{GAME}/svg", f"suit {suit}", f"letters differ: missing {''.join(sorted(missing.elements())) or '–'}, "
                        f"extra {''.join(sorted(extra.elements())) or '–'}")
    total = sum(per_suit.values(), Counter())
    for letter in sorted(set(TOTALS) | set(total)):
        want = TOTALS.get(letter, 0)
        if total[letter] != want:
            report.fail(f"{GAME}/svg", letter.upper(), f"{total[letter]} cards of {letter.upper()}, the deck has {want}")
    for word in WORDS:
        if Counter(word.lower()) - total:
            report.fail(f"{GAME}/svg", word, "cannot be spelled from the deck")
    if words != WORDS:
        report.fail(f"{GAME}/svg/reference.svg", "reference card", f"lists {words}, expected {WORDS}")
    if backs != 1:
        report.fail(f"{GAME}/svg", "-", f"{backs} card backs, expected 1")
    check_deck_files(GAME, game_dir, rec, 65, 1, report, rel)
    check_rules(game_dir, rec, "Eights", report, rel, "eights")
    _check_words(game_dir, rec, letters, per_suit, report, rel)
    report.summary[:0] = [
        f"{letters} letter cards in 8 suits, 1 reference card, {backs} back",
        "letters: " + " ".join(f"{k.upper()}×{v}" for k, v in sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))),
        "ONE … EIGHT can all be spelled; the reference card lists their points",
    ]
    return report


def _check_words(game_dir: Path, rec, letters: int, per_suit: dict, report: GameReport, rel) -> None:
    """The booklet states the letter cards and each suit's letters as the cards in this
    folder have them, and every document the published targets."""
    booklet = [Claim("the letter cards", r"The deck has (\d+) letter cards", (letters,)),
               Claim("the cards printed", r"so (\d+) cards are printed", (letters + 1,))]
    booklet += [Claim(f"the target for {who}", rf"{who}: (\d+) points", (points,)) for who, points in TARGETS.items()]
    others = [Claim(f"the target for {who}", rf"(\d+) points with {who}", (points,)) for who, points in TARGETS.items()]
    words = [Claim(f"the points of {w}", rf"\b{w} (\d+)\b", (p,)) for w, p in WORDS.items()]

    def suits(text: str, path: Path) -> None:
        table = text[text.find("Suit Letters"):]
        stated = {int(s): sorted(x.lower() for x in letters.split())
                  for s, letters in __import__("re").findall(r"\b([1-8]) ((?:[A-Z] ){7}[A-Z])\b", table)}
        want = {s: sorted(c.elements()) for s, c in per_suit.items()}
        if stated != want:
            wrong = sorted(s for s in want if stated.get(s) != want[s])
            report.fail(rel(path), "booklet", f"suit table differs from the cards for suit(s) {', '.join(map(str, wrong))}")
    wording.check_all(game_dir, rec, report, rel, booklet, words + others, words + others,
                      ("The cards", "Winning the game"), suits)
