"""How often a Str8 Eight hand ends in the one-group bonus among good players: four
lookahead players (the skill ladder's strongest, its default budget) play HANDS hands of
each preset's variant, from fixed seeds. The figures go into cardgen/model/bonusrate.py
(MEASURED), which the booklets read: a variant missing there states no rate.

    python benchmarks/bonus_rate.py [HANDS]        (default 300 a variant; about 0.5 s a hand)
"""
import sys
import time

from cardgen.model.play.lookahead import Str8EightLookahead
from cardgen.model.play.str8eight import Variant, play_hand

VARIANTS = ((8, 6, 8), (6, 4, 5), (9, 6, 8), (12, 6, 8))  # default, intro, grade3, mtc
PLAYERS = 4
SEED = 38_000


def main(hands: int) -> None:
    for n, passes, length in VARIANTS:
        started = time.time()
        variant = Variant(n, passes, length, PLAYERS)
        bot = Str8EightLookahead()
        results = [play_hand(variant, [bot] * PLAYERS, SEED + i) for i in range(hands)]
        won = sum(1 for r in results if r.winner is not None)
        bonus = sum(1 for r in results if r.bonus)
        print(f"    ({n}, {passes}, {length}): ({hands}, {won}, {bonus}),  # {PLAYERS} lookahead players, "
              f"{time.time() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
