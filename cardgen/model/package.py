"""What a game's box and rule-booklet cover say about it: players, ages, playing time.

Derived, never typed in: the players from the rules (each game's facts), the playing
time of Str8 Eight from the median of the trial hands the build already plays to judge
a variant (model/play/playability.py), timed at SECONDS_PER_TURN; the other games, which
the build does not play, from their rules' shape (FourScore's rounds) or a stated
estimate. Ages are our reading of what each game asks of a child. Plain data: the words
are in the box texts (templates/rules/<game>-box.md) and the drawings in design/.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import crazy_eights, eights

# One turn of Str8 Eight (draw, maybe play, discard, the others watching) takes about 20
# seconds: the reference rules' tournament round, one hand of four players, "typically
# lasts 30 minutes", and the trial's median hand of the 8 × 8 game is 86 turns.
SECONDS_PER_TURN = 20
# A FourScore round: every player picks a card, all reveal, the cards are placed one by
# one, lowest first: about 40 seconds at a table of four.
SECONDS_PER_ROUND = 40
# Games the build does not play: a game to the target score, as we have timed it at the table.
ESTIMATED_MINUTES = {"crazy-eights": 30, "eights": 20}
# Ages: Crazy Eights asks only for matching suits and ranks; Eights for spelling the
# number words; Str8 Eight and FourScore for knowing the table's multiples (the 6 × 6
# table is learnt a year before the larger ones).
AGES = {"crazy-eights": 6, "eights": 7}
YOUNG_TABLE = 6  # Str8 Eight tables up to this size: one year younger


@dataclass(frozen=True)
class Package:
    game: str
    players: tuple  # (fewest, most or None for "or more")
    ages: int  # and up
    minutes: "int | None"  # a game (Str8 Eight: a hand), rounded to 5; None when no trial finished
    timed_by: str  # trial | rounds | estimate: where the minutes come from
    per: str = "game"  # what the minutes time: a game, or (Str8 Eight, played to a score over many) a hand


def _round5(minutes: float) -> int:
    return max(5, 5 * round(minutes / 5))


def _table_ages(table_size: int) -> int:
    return 7 if table_size <= YOUNG_TABLE else 8


def str8eight_package(facts, trial) -> Package:
    """facts: Str8EightFacts; trial: the variant's Playability (its median hand, in turns)."""
    minutes = _round5(trial.median_turns * SECONDS_PER_TURN / 60) if trial.median_turns else None
    return Package("str8eight", tuple(facts.players), _table_ages(facts.table_size), minutes, "trial", "hand")


def fourscore_package(facts) -> Package:
    """facts: FourScoreFacts. A game is one deal: as many rounds as each player has cards
    (four players, or the most the deck deals when fewer)."""
    seats = min(4, facts.players[1]) if facts.players[1] else 0
    rounds = next((each for players, each, _ in facts.deal if players == seats), 0)
    minutes = _round5(rounds * SECONDS_PER_ROUND / 60) if rounds else None
    return Package("fourscore", tuple(facts.players), _table_ages(facts.table_size), minutes, "rounds")


def eights_package() -> Package:
    low = min(low for low, _, _ in eights.HAND_SIZES)
    high = max(high for _, high, _ in eights.HAND_SIZES)
    return Package("eights", (low, high), AGES["eights"], ESTIMATED_MINUTES["eights"], "estimate")


def crazy_eights_package(decks: int) -> Package:
    """One deck seats up to six; a second deck takes any number more."""
    sizes = crazy_eights.HAND_SIZES
    low = sizes[0][0]
    high = max(h for _, h, _, d in sizes if h is not None and d <= decks) if decks == 1 else None
    return Package("crazy-eights", (low, high), AGES["crazy-eights"], ESTIMATED_MINUTES["crazy-eights"], "estimate")


@dataclass(frozen=True)
class BoxFacts:
    """What a box's words (templates/rules/<game>-box.md, as `f`) are made from."""
    game: object  # the game's facts (model/facts.py)
    package: Package
    contents: dict  # face kind (number, pass, letter, reference, card) -> cards the deck prints
    parts: tuple = ()  # the other parts the kit prints: sheet, rules, pads, teacher (settings.PARTS)
    decks: int = 1
    also: "Package | None" = None  # FourScore, played with this deck, when the kit has its rules
    typeface: str = ""  # the type's name and licence, for the credits
    aids: int = 0  # the player aid cards the kit prints (the booklet's back cover lists them)

    @property
    def players_span(self) -> str:
        """"2–4", "2+": the players as a pictogram's value."""
        low, high = self.package.players
        return f"{low}+" if high is None else (str(low) if high == low else f"{low}–{high}")
