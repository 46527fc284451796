"""booklet_type's trial layouts (a draft: the flow with nothing drawn) must give the very
pages and fills the real layout gives, or the setting it picks would not make whole fold
sheets in the file written. Checked for every game, both papers and the presets that
change the rules text or its type (mtc, large print, a 12 table)."""
from __future__ import annotations

import io

import pytest

from conftest import run_cli


@pytest.mark.parametrize("extra", [(), ("--preset", "mtc"), ("--preset", "intro"), ("--table-size", "12")],
                         ids=["default", "mtc", "intro", "table-12"])
def test_a_trial_layout_gives_the_real_layouts_pages_and_fills(tmp_path, monkeypatch, extra):
    from cardgen.documents import booklet

    monkeypatch.setenv("CARDGEN_CACHE", "off")
    real_write = booklet._write
    compared = []
    trials: dict = {}  # the drafts booklet_type laid out for the booklet about to be written: setting -> result

    def write(blocks, path, page, title, fonts, card_picture, contents=True, one_page=False,
              base_size=booklet.DEFAULT_BODY, **kw):
        result = real_write(blocks, path, page, title, fonts, card_picture, contents, one_page, base_size, **kw)
        if kw.get("draft"):  # a trial of booklet_type: kept, with what it was laid out from
            setting = (base_size, kw.get("spacing", 1.0), kw.get("notes", 0))
            trials[setting] = (result, (blocks, page, title, fonts, card_picture, contents, one_page,
                                        {k: v for k, v in kw.items() if k != "draft"}))
        elif kw.get("cover") is not None and kw.get("back") is not None and not one_page:
            # the booklet as written (its chosen size, spacing and Notes pages), and the default setting
            same = (blocks, page, title, fonts, card_picture, contents, one_page)
            settings = dict.fromkeys([(base_size, kw.get("spacing", 1.0), kw.get("notes", 0)),
                                      (booklet.DEFAULT_BODY, 1.0, 0)])  # once when the booklet is set in the default
            for size, spacing, notes in settings:
                args = dict(kw, spacing=spacing, notes=notes)
                real = result if (size, spacing, notes) == (base_size, kw.get("spacing", 1.0), kw.get("notes", 0)) \
                    else real_write(blocks, io.BytesIO(), page, title, fonts, card_picture, contents, one_page, size,
                                    **dict(args, draft=False))
                # the trial booklet_type itself laid out at this setting (the very objects, same options),
                # else one laid out here
                kept, made_from = trials.get((size, spacing, notes), (None, None))
                options = {k: v for k, v in kw.items() if k not in ("spacing", "notes")}
                draft = kept if made_from is not None and all(a is b for a, b in zip(made_from[:7], same)) and \
                    made_from[7].keys() - {"spacing", "notes"} == options.keys() and \
                    all(made_from[7][k] is v for k, v in options.items()) else \
                    real_write(blocks, io.BytesIO(), page, title, fonts, card_picture, contents, one_page, size,
                               **dict(args, draft=True))
                assert draft == real, (title, page.name, size, spacing, notes)
                compared.append((title, page.name, size, spacing, notes, kept is draft))
            trials.clear()  # the next booklet's trials are its own
        return result

    monkeypatch.setattr(booklet, "_write", write)
    result = run_cli("build", "--only", "rules", "--format", "pdf", "--paper", "both", "-j", "1", "-q",
                     "--out", tmp_path / "out", *extra)
    assert result.exit_code == 0, result.output
    booklets = {(title, page) for title, page, *_ in compared}
    assert len(booklets) >= 6, compared  # each game with covers, on both booklet sizes
    assert {page for _, page in booklets} == {"half-letter", "a5"}


def test_a_booklet_no_setting_fits_is_made_whole_with_notes_pages(tmp_path, monkeypatch):
    """Large-print Crazy Eights on A4 (an A5 booklet): at the default type its last text page
    holds two lines, no body size or leading keeps it to 8 pages, and the roomiest leaves the
    12th page's last text page under a quarter. The booklet must still make whole fold sheets
    with no page under a quarter full but the back cover: a setting whose last text page is
    full enough, and ruled Notes pages to fill the sheet."""
    import pikepdf

    monkeypatch.setenv("CARDGEN_CACHE", "off")
    out = tmp_path / "out"
    result = run_cli("build", "--preset", "intro", "--game", "crazy-eights", "--paper", "a4", "--only", "rules",
                     "--format", "pdf", "-j", "1", "-q", "--out", out)
    assert result.exit_code == 0, result.output
    with pikepdf.open(out / "crazy-eights" / "crazy-eights-rules.pdf") as pdf:
        pages = len(pdf.pages)
    assert pages % 4 == 0, pages
    check = run_cli("check", out)
    assert check.exit_code == 0, check.output
