"""The player aid's type search tries each size as a draft (documents/booklet.py
_aid_layout: placed as reportlab places it, nothing drawn, wraps kept): each try must say
what laying the aid out with reportlab's own Frame, drawing it, says (whether it fits,
the height it needs), or the size chosen would not be the largest that fits."""
from __future__ import annotations

import contextlib

import pytest

from cardgen.documents import booklet
from cardgen.documents.ruletext import load
from cardgen.model.facts import facts_for


@pytest.mark.parametrize("game", ["str8eight", "fourscore", "eights", "crazy-eights"])
def test_a_draft_try_of_the_aid_measures_what_drawing_it_measures(game, monkeypatch):
    from reportlab.platypus import Frame

    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.theme import DEFAULT_FONTS

    fonts = register_reportlab_fonts(DEFAULT_FONTS)
    blocks = load(f"{game}-reference", facts_for(game))
    for paper in ("a4", "letter"):
        page = booklet.PAGE_SIZES[paper]
        size = booklet.aid_type_size(blocks, page, fonts, None)
        sizes = sorted({7.0, size, round(size + 0.1, 1), 14.0})
        drafts = [booklet._aid_layout(blocks, page, fonts, None, s) for s in sizes]
        with monkeypatch.context() as m:  # as it was laid out before: a Frame that draws, every wrap anew
            m.setattr(booklet, "_draft_frame", lambda: Frame)
            m.setattr(booklet, "_wraps_kept", contextlib.nullcontext)
            drawn = [booklet._aid_layout(blocks, page, fonts, None, s) for s in sizes]
        assert drafts == drawn, (game, paper, sizes)
        assert drafts[0][0] and not drafts[-1][0], (game, paper)  # the sizes tried straddle the page
