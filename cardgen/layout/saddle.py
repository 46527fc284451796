"""Saddle-stitch imposition: booklet pages two-up on sheets printed double-sided,
folded in the middle and stapled on the fold.

Pure page arithmetic. The page count is padded to a multiple of 4 with blanks
(None). Sheet side k holds (left, right) page numbers, 1-based: the first sheet's
front carries the last page on the left and page 1 on the right.
"""
from __future__ import annotations


def padded(pages: int) -> int:
    return max(4, -(-pages // 4) * 4)


def sides(pages: int, back_cover: bool = False) -> list[tuple]:
    """(left, right) page numbers for each printed side, front then back, sheet by sheet;
    None marks a blank padding page. back_cover: the last page is the back cover, so it
    stays the outside of the first sheet and the blanks go before it."""
    n = padded(pages)

    def real(p: int):
        if back_cover and pages >= 2 and p == n:
            return pages
        if back_cover and pages >= 2 and p >= pages:
            return None
        return p if p <= pages else None
    out = []
    for sheet in range(n // 4):
        out.append((real(n - 2 * sheet), real(1 + 2 * sheet)))  # front
        out.append((real(2 + 2 * sheet), real(n - 1 - 2 * sheet)))  # back
    return out
