"""Players by the names --bots and the skill ladder give them: the one place that knows
every kind of player, so the players themselves (bots.py, lookahead.py) need not know each other."""
from __future__ import annotations

from . import DEFAULT_ITERATIONS
from .bots import Greedy, RandomLegal
from .fourscore import FOURSCORE_BOTS
from .lookahead import FourScoreLookahead, Str8EightLookahead


BOTS = ("greedy", "random", "lookahead")  # what --bots names; the ladder also seats "lookahead-no-pass"


def make_bot(name: str, iterations: "int | None" = None):
    """A Str8 Eight player by name; iterations: the lookahead player's budget (its default if None)."""
    if name == "greedy":
        return Greedy()
    if name == "random":
        return RandomLegal()
    if name in ("lookahead", "lookahead-no-pass"):
        return Str8EightLookahead(iterations or DEFAULT_ITERATIONS, passes=name == "lookahead")
    raise KeyError(name)


def fourscore_bot(name: str, iterations: "int | None" = None):
    """A FourScore player by name."""
    if name == "lookahead":
        return FourScoreLookahead(iterations or DEFAULT_ITERATIONS)
    return FOURSCORE_BOTS[name]()


def crazy_eights_bot(name: str, iterations: "int | None" = None):
    """A Crazy Eights player by name (the engine is imported only when played)."""
    if name == "lookahead":
        from .lookahead_crazy_eights import CrazyEightsLookahead

        return CrazyEightsLookahead(iterations or DEFAULT_ITERATIONS)
    from .crazy_eights import CRAZY_BOTS

    return CRAZY_BOTS[name]()


def eights_bot(name: str, iterations: "int | None" = None):
    """An Eights player by name (the engine is imported only when played)."""
    if name == "lookahead":
        from .lookahead_eights import EightsLookahead

        return EightsLookahead(iterations or DEFAULT_ITERATIONS)
    from .eights import EIGHTS_BOTS

    return EIGHTS_BOTS[name]()


# each game's players by name: what --bots, the skill ladder and a table (play/table.py) seat
FACTORIES = {"str8eight": make_bot, "fourscore": fourscore_bot, "crazy-eights": crazy_eights_bot,
             "eights": eights_bot}
