"""How often a Str8 Eight hand ends in the one-group bonus among good players, as measured:
four lookahead players (the skill ladder's strongest) played each variant below from fixed
seeds (benchmarks/bonus_rate.py prints these rows). The booklet states the rate only for a
variant measured here; any other build says nothing of it.

Plain data; the figures are the benchmark's, pasted in, never estimated."""
from __future__ import annotations

# (table size, pass cards, sequence length): (hands played, hands won, won with the bonus)
MEASURED: dict = {
    (8, 6, 8): (300, 300, 0),  # the default deck; 617 s (benchmarks/bonus_rate.py 300, seed 38,000)
    (6, 4, 5): (300, 300, 13),  # --preset intro; 191 s
    (9, 6, 8): (200, 200, 0),  # --preset grade3; 238 s
    (12, 6, 8): (200, 200, 0),  # --preset mtc (and any 12 × 12 deck with sequences of 8); 251 s
}
MIN_SEEN = 3  # fewer bonuses than this: only an upper bound is said (the rule of three)


def one_hand_in(table_size: int, pass_cards: int, sequence_length: int) -> "tuple | None":
    """("about", N): about one won hand in N ends in the bonus; ("fewer", N): fewer than one in
    N (too few seen for more, N from the rule of three); None: this variant was not measured."""
    row = MEASURED.get((table_size, pass_cards, sequence_length))
    if row is None:
        return None
    _, won, bonuses = row
    if not won:
        return None
    if bonuses < MIN_SEEN:
        return ("fewer", _round(won / MIN_SEEN, down=True))
    return ("about", _round(won / bonuses))


def _round(x: float, down: bool = False) -> int:
    """A number a player takes in at a glance: 7, 12, 40, 150 (two figures at most, and from
    20 up to the nearest 5 or 10)."""
    import math

    step = 1 if x < 20 else (5 if x < 100 else 10)
    return max(1, int(math.floor(x / step) * step) if down else int(round(x / step) * step))
