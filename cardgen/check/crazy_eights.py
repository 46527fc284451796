"""Check a built Crazy Eights deck: 52 distinct cards per deck, penalties per the
chosen options, one back per deck and the backs told apart."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..words import plural
from . import readings, svgread
from .deckfiles import check_deck_files
from .report import GameReport
from .sets import deck_dirs
from .booklets import check_rules
from . import wording
from .wording import Claim

GAME = "crazy-eights"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("clubs", "diamonds", "hearts", "spades")
TARGET, WINNER_BONUS = 250, 100  # the reference rules' game score and the usual extra


def expected_penalty(rank: str, ace_value: int) -> int:
    """The reference rules: 8 = 50; J, Q, K = 10; ace 10 (or 1); others face value."""
    return {"8": 50, "J": 10, "Q": 10, "K": 10, "A": ace_value}.get(rank) or int(rank)


def printed_penalty(root) -> "int | None":
    """The points a face prints (its data-mark="penalty" words, "7 points" or a medallion's
    "50" over "points"), as a player reads them; None when it prints none or several."""
    import re

    words = [" ".join("".join(el.itertext()).split()) for el in svgread.with_attr(root, "data-mark")
             if el.get("data-mark") == "penalty"]
    found = [re.fullmatch(r"(\d+) ?points?", " ".join(w.split())) for w in words]
    return int(found[0].group(1)) if len(found) == 1 and found[0] else None


def check(game_dir: Path, rec, out: Path) -> GameReport:
    report = GameReport(GAME)
    rel = lambda p: p.relative_to(out).as_posix()  # noqa: E731
    decks, ace = rec.decks, rec.ace_value
    cards: dict = {d: Counter() for d in range(1, decks + 1)}
    backs: dict = {}
    penalties: dict = {}  # rank -> the penalties its cards print
    for file, root in svgread.card_roots(GAME, deck_dirs(game_dir, rec)[0], report, rel):
        kind = root.get("data-kind")
        deck = svgread.as_int(root.get("data-deck"))
        if deck not in cards:
            report.fail(file, "-", f"data-deck {root.get('data-deck')!r}: this build has {plural(decks, 'deck')}")
            continue
        if kind == "card":
            rank, suit = root.get("data-rank"), root.get("data-suit")
            label = f"{rank} of {suit} (deck {deck})"
            if rank not in RANKS or suit not in SUITS:
                report.fail(file, label, "not a card of a standard deck")
                continue
            cards[deck][(rank, suit)] += 1
            penalties.setdefault(rank, set()).add(svgread.as_int(root.get("data-penalty")))
            want = expected_penalty(rank, ace)
            if svgread.as_int(root.get("data-penalty")) != want:
                report.fail(file, label, f"penalty {root.get('data-penalty')}, expected {want} (ace = {ace})")
            shown = printed_penalty(root)
            if shown != want:
                report.fail(file, label, f"prints {shown if shown is not None else 'no'} points, its penalty is "
                            f"{want} (ace = {ace})")
            readings.check_underlines(root, 2 * readings.ambiguous(rank), file, label, "both corner indices", report)
        elif kind == "back":
            # what the eye tells apart: the set of colors a back is drawn in
            colors = frozenset(v.lower() for el in root.iter() for k, v in el.attrib.items()
                               if k in ("fill", "stroke") and v.startswith("#"))
            backs.setdefault(deck, []).append(colors)
        else:
            report.fail(file, "-", f"data-kind is {kind!r}, expected card or back")
    for deck, got in cards.items():
        for rank in RANKS:
            for suit in SUITS:
                if got[(rank, suit)] != 1:
                    report.fail(f"{GAME}/svg", f"{rank} of {suit} (deck {deck})",
                                f"appears {got[(rank, suit)]} times, expected once")
        if deck not in backs or len(backs[deck]) != 1:
            report.fail(f"{GAME}/svg", f"deck {deck}", f"{len(backs.get(deck, []))} backs, expected 1")
    looks = [b[0] for b in backs.values() if b]
    if len(set(looks)) != len(looks):
        report.fail(f"{GAME}/svg", "-", "the decks' backs are drawn in the same colors; a second deck needs its own")
    check_deck_files(GAME, game_dir, rec, 52 * decks, decks, report, rel)
    check_rules(game_dir, rec, "Crazy Eights", report, rel, "crazy-eights")
    _check_words(game_dir, rec, decks, penalties, report, rel)
    report.summary[:0] = [
        f"{plural(decks, 'deck')} of 52 distinct cards, {plural(sum(len(b) for b in backs.values()), 'back')}",
        f"penalties: 8 = 50, J/Q/K = 10, A = {ace}, others face value",
    ]
    return report


def _check_words(game_dir: Path, rec, decks: int, penalties: dict, report: GameReport, rel) -> None:
    """The penalty tables and the pad state what the cards in this folder print (the ace
    above all: 10 or 1), the decks the kit has, and the reference targets."""
    def printed(rank: str, fallback: int) -> int:
        values = penalties.get(rank, set())
        return next(iter(values)) if len(values) == 1 and None not in values else fallback
    ace, eight, king = printed("A", rec.ace_value), printed("8", 50), printed("K", 10)
    booklet = [Claim("the ace's points", r"\bAce (\d+)\b", (ace,)),
               Claim("an 8's points", r"Each 8 (\d+)", (eight,)),
               Claim("a court card's points", r"King, queen, jack (\d+)", (king,)),
               Claim("the target", r"reach (\d+) points wins the game", (TARGET,)),
               Claim("the winner's extra", r"an extra (\d+) points", (WINNER_BONUS,)),
               Claim("two decks", r"Two standard (\d+)-card decks", (52,) if decks == 2 else None)]
    aid = [Claim("the ace's points", r"\bAce (\d+)\b", (ace,)),
           Claim("an 8's points", r"Points 8 (\d+)", (eight,)),
           Claim("the target", r"first to (\d+) points wins", (TARGET,))]
    pad = [Claim("the ace's points", r"ace = (\d+)", (ace,)), Claim("an 8's points", r"8 = (\d+)", (eight,)),
           Claim("the target", r"First to (\d+) points wins", (TARGET,))]
    wording.check_all(game_dir, rec, report, rel, booklet, aid, pad,
                      ("What you need", "The goal", "Going out and scoring", "Winning the game"))
