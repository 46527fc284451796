"""Words written for us that never reach a buyer's file: our source documents, our notes'
hedges, the computer players' kinds and the figures of their trial play, the software's
insides. One list: the writers keep to it, and the checker (cardgen/check/buyerwords.py)
fails a kit whose buyer files hold any of it.

A designer's notes file (DESIGNER_NOTES, in each game's folder) and the playtest report are
written for designers and may speak of computer play; every other file a build writes is
the buyer's. Standard library only: the checker imports this module.
"""
from __future__ import annotations

import re

# (what it is, pattern): matched case-insensitively, on whole words
INTERNAL = (
    ("a source document of ours", r"RESEARCH\.md"),
    ("a source document of ours", r"READINGS-SCHEMA"),
    ("a hedge from our notes", r"\bassumptions?\b"),
    ("a hedge from our notes", r"\bnot re-checked\b"),
    ("a kind of computer player", r"\bgreedy\b"),
    ("a kind of computer player", r"\blookahead\b"),
    ("a kind of computer player", r"\bbots?\b"),
    ("computer play's figures", r"\btrial hands?\b"),
    ("computer play's figures", r"\btrial games?\b"),
    ("computer play's figures", r"\bcomputer play(?:ers?)?\b"),
    ("computer play's figures", r"\bWhat computer play showed\b"),
    ("an internal name", r"\bplayability\b"),
    ("an internal name", r"\bfacts\.py\b"),
    ("an internal name", r"\bcardgen/"),
    ("an internal name", r"\btemplates/(?:rules|readings|shops)\b"),
    ("an internal name", r"\bmodel/play\b"),
)
_INTERNAL = tuple((what, re.compile(pattern, re.I)) for what, pattern in INTERNAL)

# A game's own texts (booklets, aids, pads, boxes, posters, teacher pages) speak like a publisher:
# never the software's name either (the README, the how-to-print page and the preview may).
IN_GAME_TEXTS = (("the software's name", r"\bcardgen\b"),)
GAME_TEXT_KINDS = frozenset({"rules", "rules-fold", "reference", "scorepad", "tuckbox", "tournament", "atlas",
                             "sequence-sheet", "teacher"})
_IN_GAME = tuple((what, re.compile(pattern, re.I)) for what, pattern in IN_GAME_TEXTS)

DESIGNER_NOTES = "designer-notes.md"  # <game>/designer-notes.md: computer play's figures, optional


def found(text: str, game_text: bool = False) -> list:
    """(what, the words) for each internal word in text, in order; game_text: a game's own
    text (GAME_TEXT_KINDS), held to IN_GAME_TEXTS too."""
    hits = []
    for what, pattern in _INTERNAL + (_IN_GAME if game_text else ()):
        for m in pattern.finditer(text):
            hits.append((m.start(), what, " ".join(text[max(0, m.start() - 25):m.end() + 25].split())))
    return [(what, words) for _, what, words in sorted(hits)]
