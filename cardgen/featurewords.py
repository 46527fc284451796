"""The words that name a feature of the Str8 Eight deck, tied to that feature in one place.

A kit speaks of a feature only when its cards have it: bare cards (the bare scaffold) have
no arrows and no group colours, a deck may have no pass cards, a table may hold no
one-group run of the winning length (no bonus). The writers (rule texts, player aids,
boxes, posters, the sequence sheet, the preview, the teacher pages, FourScore's texts) take
each feature-bound phrase from PHRASES through phrase(key, scaffold), so the level's own
words are chosen here and nowhere else; the checker (cardgen/check/featurecheck.py) reads
CLAIMS and fails a kit whose words speak of a feature its cards lack.

Standard library only: the checker imports this module, the builder does too.
"""
from __future__ import annotations

import re

# The features a Str8 Eight deck may have or lack, with what the cards show for each.
FEATURES = {
    "arrows": "arrows on the number cards (the full and colors levels)",
    "colors": "a color per group of multiples on the cards (drawn on the arrows)",
    "arrow-numbers": "each arrow printed with the number it leads to (the full level)",
    "pass-cards": "pass cards in the deck",
    "bonus": "a winning sequence of one group climbed step by step (a one-group run of the winning length)",
    "bullseyes": "a bull's-eye on the cards 1 to N",
}


def features_of(scaffold: str, pass_cards: int, bonus: bool, bullseyes: bool = True) -> frozenset:
    """The features of a deck built at scaffold level (full | colors | bare) with pass_cards
    pass cards, bonus when a run of the winning length exists."""
    have = set()
    if scaffold in ("full", "colors"):
        have |= {"arrows", "colors"}
    if scaffold == "full":
        have.add("arrow-numbers")
    if pass_cards:
        have.add("pass-cards")
    if bonus:
        have.add("bonus")
    if bullseyes:
        have.add("bullseyes")
    return frozenset(have)


# What a text says when it speaks of a feature as the kit's own: (feature, pattern). A
# negated mention ("no arrows", "without pass cards") is no claim (NEGATED, below).
CLAIMS = (
    ("arrows", r"\b(?:right|left) arrows?\b"),
    ("arrows", r"\bcolou?red arrows?\b"),
    ("arrows", r"\barrow[- ]colou?rs?\b"),
    ("arrows", r"\barrow-matching\b"),
    ("arrows", r"\btwo arrows\b"),
    ("arrows", r"\barrows? (?:face|faces|point|points|name)\b"),
    ("arrows", r"\b(?:follow|read) (?:its|the|their) arrows\b"),
    ("arrows", r"\bby (?:right )?arrows\b"),
    ("arrows", r"\bgroup[’']s arrow\b"),
    ("arrows", r"\bon arrows of\b"),
    ("colors", r"\bone per colou?r\b"),
    ("colors", r"\bin one colou?r\b"),
    ("colors", r"\bone[- ]colou?r\b"),
    ("colors", r"\bcolou?r groups?\b"),
    ("colors", r"\bshare a colou?r\b"),
    ("colors", r"\bsame colou?r\b"),
    ("colors", r"\barrows? of one colou?r\b"),
    ("arrow-numbers", r"\bevery arrow with its number\b"),
    ("arrow-numbers", r"\bevery arrow[’']s number\b"),
    ("pass-cards", r"\bpass cards?\b"),
    ("bonus", r"\bbonus(?:es)?\b"),
    ("bullseyes", r"\bbull[’']s-eyes?\b"),
)
NEGATED = re.compile(r"(?:\bno|\bwithout|\bnot|\bnor|\blacks?|\bleave out|\bleaves out)\s+(?:\w+\s+){0,2}$", re.I)
_CLAIMS = tuple((feature, re.compile(pattern, re.I)) for feature, pattern in CLAIMS)


def claims(text: str, lacking) -> list:
    """(feature, the words) for each place text speaks of a feature in lacking as the kit's
    own, in order; a mention the words just before deny ("no arrows") is left out."""
    found = []
    for feature, pattern in _CLAIMS:
        if feature not in lacking:
            continue
        for m in pattern.finditer(text):
            before = text[max(0, m.start() - 30):m.start()]
            if NEGATED.search(before):
                continue
            found.append((m.start(), feature, text[max(0, m.start() - 25):m.end() + 25]))
    return [(feature, " ".join(words.split())) for _, feature, words in sorted(found)]


# The phrases the writers print for a feature, by level: full, colors, bare (a level not
# given takes the one before it). Each is a whole phrase, so a text reads as written.
PHRASES = {
    # Str8 Eight: what may follow the last card, in the booklet ({top}: the largest multiplier but one)
    "follows": ("one of the numbers on the right arrows of your last card",
                "the number a right arrow of your last card stands for (that card plus the arrow’s d)",
                "the next multiple in one of its groups: the last card plus d, where the last card is d times a "
                "number from 1 to {top}"),
    # the booklet's tip on finding the next card ({a}, {d}, {b}: a step of the worked example)
    "tip-next": ("Read the right side of your last card, then look for one of those numbers, large, in your hand.",
                 "Work out the number a right arrow stands for before you look in your hand: its “×d” plus your "
                 "last card.",
                 "Before you play, name the group you move along and its next multiple aloud: “{a}, plus {d}, "
                 "makes {b}.”"),
    # the player aid's
    "next-card": ("a number on a **right arrow** of your last card",
                  "the number a **right arrow** of your last card stands for",
                  "the **next multiple** of your last card in one of its groups (your last card plus d)"),
    # the groups, as the booklet introduces them
    "groups-are": ("one per color", "one per color", "one row each on the sequence sheet"),
    # the FAQ on mixing groups
    "stay-in-one": ("Must my whole sequence stay in one color?", None, "Must my whole sequence stay in one group?"),
    "bonus-run": ("consecutive multiples of one color group", None, "consecutive multiples of one group"),
    # the box's pitch
    "box-guide": ("Colored arrows on every card show which numbers may come next",
                  "Colored arrows on every card point the way, and players work out the numbers",
                  "The sequence sheet shows which numbers may come next"),
    # the atlas poster
    "atlas-climb": ("climbs by right arrows", None, "climbs one multiple at a time"),
    "atlas-runs": ("One-color runs", None, "One-group runs"),
    "atlas-runs-lower": ("one-color runs", None, "one-group runs"),
    "atlas-runs-how": ("each card joined to the next by that group's arrow",
                       None, "each card the one before plus that group's number"),
    # the sequence sheet
    "sheet-follow": ("Follow its arrows to the next multiple: those are the cards that may come next.",
                     None, "Each chip leads to the next multiple in its row: those are the cards that may come next."),
    # the lesson plan's levels, as a kit of each level can say them
    "level-full": ("arrows with their numbers: for pupils meeting the tables, who follow the arrows and read the facts.",
                   None, "cards (built at that level) print each next multiple: for pupils meeting the tables, who "
                   "read the facts off the cards."),
    "level-colors": ("arrows and group labels but no numbers: for pupils who know most facts and can work out the "
                     "next multiple themselves.", None, "cards (built at that level) mark each card's tables but no "
                     "numbers: for pupils who know most facts and can work out the next multiple themselves."),
    # FourScore
    "share": ("an arrow color in common", None, "a group in common"),
    "share-with": ("an arrow color in common with that end", None, "a group in common with that end"),
    "fs-bonus": ("arrow-matching bonus", None, "one-step bonus"),
    "fs-bonuses": ("arrow-matching bonuses", None, "one-step bonuses"),
    "fs-match": ("your card and the end card it joins name each other on arrows of one color",
                 None, "your card and the end card it joins are one step apart in a group of both"),
    "fs-match-topic": ("When two arrows face each other", None, "When two cards are one step apart"),
    "fs-match-why": ("Two arrows of one color face each other exactly then; one step in one group settles "
                     "every case, including cards that share a color without naming each other.",
                     None, "One step in one group is what the arrows of other levels show; it settles every "
                     "case, including two cards of one group that are more than a step apart."),
}
LEVELS = ("full", "colors", "bare")


def phrase(key: str, scaffold: str, **values) -> str:
    """The words of PHRASES[key] for cards printed at scaffold level, any {name} in them
    filled from values."""
    forms = PHRASES[key]
    at = LEVELS.index(scaffold if scaffold in LEVELS else "full")
    words = next(f for f in reversed(forms[:at + 1]) if f is not None)
    return words.format(**values) if values else words
