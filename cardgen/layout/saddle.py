"""Saddle-stitch imposition: booklet pages two-up on sheets printed double-sided,
folded in the middle and stapled on the fold.

Pure page arithmetic. The page count is padded to a multiple of 4 with blanks
(None). Sheet side k holds (left, right) page numbers, 1-based: the first sheet's
front carries the last page on the left and page 1 on the right.
"""
from __future__ import annotations


def padded(pages: int) -> int:
    return max(4, -(-pages // 4) * 4)


def sides(pages: int) -> list[tuple]:
    """(left, right) page numbers for each printed side, front then back, sheet by sheet;
    None marks a blank padding page."""
    n = padded(pages)
    real = lambda p: p if p <= pages else None  # noqa: E731
    out = []
    for sheet in range(n // 4):
        out.append((real(n - 2 * sheet), real(1 + 2 * sheet)))  # front
        out.append((real(2 + 2 * sheet), real(n - 1 - 2 * sheet)))  # back
    return out
