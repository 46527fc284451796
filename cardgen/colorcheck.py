"""Can two group colors be told apart by a color-blind player?

Each color is passed through a simulation of deuteranopia and protanopia (Machado,
Oliveira and Fernandes 2009, severity 1.0) and the pairs are compared with CIEDE2000
in CIELAB. Below 10, players with that vision will confuse the two groups.
"""
from __future__ import annotations

import math

# Machado et al. 2009, severity 1.0, applied to linear RGB
SIMULATIONS = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
}
MIN_DISTANCE = 10.0


def _linear(hex_color: str) -> tuple:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return tuple(lin(int(hex_color[i:i + 2], 16)) for i in (1, 3, 5))


def _lab(rgb: tuple) -> tuple:
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 1.0
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def simulate(hex_color: str, kind: str) -> tuple:
    """Linear RGB as a viewer with that color vision sees it."""
    rgb = _linear(hex_color)
    return tuple(sum(m * c for m, c in zip(row, rgb)) for row in SIMULATIONS[kind])


def ciede2000(lab1: tuple, lab2: tuple) -> float:
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dL, dC = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    Lm, Cm = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    sl = 1 + 0.015 * (Lm - 50) ** 2 / math.sqrt(20 + (Lm - 50) ** 2)
    sc, sh = 1 + 0.045 * Cm, 1 + 0.015 * Cm * t
    rt = (-2 * math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2)))))
    return math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))


def too_close(colors: list) -> list:
    """(i, j, kind, distance) for each pair of colors closer than MIN_DISTANCE under a simulation."""
    found = []
    for kind in SIMULATIONS:
        labs = [_lab(simulate(c, kind)) for c in colors]
        for i in range(len(colors)):
            for j in range(i + 1, len(colors)):
                d = ciede2000(labs[i], labs[j])
                if d < MIN_DISTANCE:
                    found.append((i, j, kind, d))
    return found


def min_distance(color: str, others: list) -> float:
    """The smallest CIEDE2000 distance from color to any of others, under normal and
    simulated color-blind vision."""
    best = math.inf
    for simulate_it in (lambda c: _linear(c), *(lambda c, k=k: simulate(c, k) for k in SIMULATIONS)):
        lab = _lab(simulate_it(color))
        for other in others:
            best = min(best, ciede2000(lab, _lab(simulate_it(other))))
    return best


def warnings_for(colors: list, chosen: int = 0) -> list[str]:
    """One line per pair of drawn colors that color-blind players would confuse; the first
    `chosen` colors are the user's own, the rest come from the built-in palette. Two
    built-in colors are not reported: past 8 groups no palette keeps every pair apart for
    every reader, which is why each group also has its own shape and ×d label on every
    arrow, and a warning the user can do nothing about (the mtc preset drew four) is noise."""
    seen, lines = set(), []
    for i, j, kind, d in too_close(colors):
        if (i, j) in seen or (i >= chosen and j >= chosen):
            continue
        seen.add((i, j))
        fix = "pick a more distinct color under [theme] group_colors"
        lines.append(f"group colors ×{i + 1} {colors[i]} and ×{j + 1} {colors[j]} are hard to tell apart with "
                     f"{kind} (CIEDE2000 {d:.1f} < {MIN_DISTANCE:g}): {fix}")
    return lines
