"""Can a Str8 Eight hand reach the rules engine's 2,000-turn end? Plays many hands of each
variant with greedy and random players and counts the hands that ended without a winner,
those that reached the limit, and the longest hand.

    python benchmarks/turn_cap.py [HANDS]      (default 5000 a row)
"""
import sys
import time

from cardgen.model.play.bots import Greedy, RandomLegal
from cardgen.model.play.str8eight import Variant, play_hand

VARIANTS = ((8, 6, 8), (6, 4, 5), (9, 6, 8), (12, 6, 8), (8, 0, 8), (8, 6, 12), (4, 0, 4), (3, 0, 3), (12, 20, 12))


def main(hands: int) -> None:
    for n, passes, length in VARIANTS:
        for name, bot in (("greedy", Greedy()), ("random", RandomLegal())):
            for players in (2, 4):
                started = time.time()
                try:
                    variant = Variant(n, passes, length, players)
                    results = [play_hand(variant, [bot] * players, 7_000_000 + i) for i in range(hands)]
                except Exception as exc:  # a variant the engine refuses (too few cards for the seats)
                    print(f"{n}x{n} pass {passes} L {length} {name} x{players}: refused ({exc})")
                    continue
                capped = sum(1 for r in results if r.winner is None and r.turns >= variant.turn_limit)
                unwon = sum(1 for r in results if r.winner is None)
                print(f"{n}x{n} pass {passes} L {length} {name} x{players}: {hands} hands, {unwon} without a winner, "
                      f"{capped} at the {variant.turn_limit}-turn end, longest {max(r.turns for r in results)} turns "
                      f"({time.time() - started:.1f} s)", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
