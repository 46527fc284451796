"""documents/fastpara.py answers reportlab's questions faster: each answer must be the one
reportlab gives (the fragments compared, sameFrag on every kind of attribute a fragment may
have or lack, widths and heights as the very floats)."""
from __future__ import annotations

import itertools

import pytest


@pytest.fixture(scope="module")
def fast():
    from reportlab.lib.rl_accel import sameFrag
    from reportlab.pdfbase import pdfmetrics
    from reportlab.platypus import paragraph
    from reportlab.platypus.paraparser import ParaParser

    from cardgen.documents import fastpara

    fastpara.install()
    return {"sameFrag": sameFrag, "stringWidth": pdfmetrics.stringWidth,
            "getAscentDescent": pdfmetrics.getAscentDescent, "ParaParser": ParaParser, "paragraph": paragraph}


def test_it_is_installed_where_paragraphs_look(fast):
    paragraph = fast["paragraph"]
    assert paragraph.sameFrag is not fast["sameFrag"]
    assert paragraph.stringWidth is not fast["stringWidth"]
    assert paragraph.ParaParser is not fast["ParaParser"] and issubclass(paragraph.ParaParser, fast["ParaParser"])


def test_same_frag_answers_as_reportlabs(fast):
    """Every attribute sameFrag compares, on each side missing, None, equal or not (the C
    function holds missing and None different), and the fragments it never merges."""
    from reportlab.platypus.paraparser import ParaFrag

    ours, theirs = fast["paragraph"].sameFrag, fast["sameFrag"]
    base = dict(fontName="F", fontSize=10, textColor="red", rise=0, us_lines=[], link=None)
    compared = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")
    checked = 0
    for name in compared:
        for a, b in itertools.product(["missing", None, 0, 10.0, "x"], repeat=2):
            f, g = ParaFrag(**base), ParaFrag(**base)
            for frag, value in ((f, a), (g, b)):
                if value == "missing":
                    frag.__dict__.pop(name, None)
                else:
                    setattr(frag, name, value)
            assert bool(ours(f, g)) == bool(theirs(f, g)), (name, a, b)
            checked += 1
    for name in ("cbDefn", "lineBreak"):
        f, g = ParaFrag(**base), ParaFrag(**base)
        setattr(g, name, None)
        assert bool(ours(f, g)) == bool(theirs(f, g)) == bool(ours(g, f)) == bool(theirs(g, f)) is False

    class Odd(ParaFrag):  # classes that answer an attribute themselves: reportlab's own answer
        nobr = 1

    class Image(ParaFrag):
        cbDefn = None
    for f, g in ((ParaFrag(**base), Odd(**base)), (Odd(**base), Odd(**base)), (ParaFrag(**base), Image(**base)),
                 (Image(**base), Image(**base))):
        assert bool(ours(f, g)) == bool(theirs(f, g))
    assert not theirs(Image(**base), Image(**base))
    assert checked == len(compared) * 25


def test_widths_and_heights_are_reportlabs(fast):
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.theme import Theme

    names = register_reportlab_fonts(Theme().fonts)
    ours = fast["paragraph"]
    for font in list(names.values()) + ["Helvetica"]:
        for size in (8.8, 9.6, 10, 11.4):
            for text in ("a", "Str8", "multiplication,", " ", "—", "†"):
                for _ in range(2):  # measured, then kept
                    assert ours.stringWidth(text, font, size) == fast["stringWidth"](text, font, size)
            assert ours.getAscentDescent(font, size) == fast["getAscentDescent"](font, size)
            assert ours.getAscentDescent(font, size) == fast["getAscentDescent"](font, size)


TEXTS = ["plain words only", "a <b>bold</b> and <i>italic</i> word",
         '<font color="#332288">coloured</font> then &amp; an entity, &#8224; a charref, &nbsp;',
         "a rule<super>\u2020</super> marked", "<bullet>3</bullet>the third step",
         "<para>a whole para</para>", "a <br/> break and an <unknown>unknown</unknown> tag",
         "x &lt; y &gt; z &unknownentity; <!-- a comment --> done", "a <b>dangling tag"]


@pytest.mark.parametrize("text", TEXTS)
def test_a_paragraph_parsed_again_has_reportlabs_fragments(fast, text):
    """The tokenizer's calls replayed (the second parse of a text) give the fragments a
    fresh parse by reportlab's parser gives, in every style tried."""
    from reportlab.lib.styles import ParagraphStyle

    def frags(parser_class, style):
        parser = parser_class()
        parser.caseSensitive = 1
        try:
            _, found, bullet = parser.parse(text, style)
        except ValueError as error:  # bad markup: the same complaint
            return str(error)
        return [sorted(vars(f).items(), key=str) for f in found or []], \
            [sorted(vars(f).items(), key=str) for f in bullet or []], parser.errors

    for size in (9.6, 11.4):
        style = ParagraphStyle("s", fontName="Helvetica", fontSize=size, leading=size * 1.4)
        want = frags(fast["ParaParser"], style)
        assert frags(fast["paragraph"].ParaParser, style) == want  # recorded
        assert frags(fast["paragraph"].ParaParser, style) == want  # replayed


def test_markup_colors_are_reportlabs(fast):
    """Every attribute table of the markup parser that reads a color reads the kept one,
    which equals reportlab's (and a bad color is refused as reportlab refuses it)."""
    from reportlab.lib.colors import toColor
    from reportlab.platypus import paraparser

    tables = [t for t in vars(paraparser).values() if isinstance(t, dict)]
    converters = {v[1] for t in tables for v in t.values() if isinstance(v, tuple) and len(v) > 1
                  and getattr(v[1], "__name__", "") in ("color", "toColor")}
    assert toColor not in converters and len(converters) == 1
    color = converters.pop()
    from reportlab.pdfgen import textobject

    assert textobject.toColor is color  # the canvas's colors by name
    for text in ("#332288", "#332288", "red", "rgb(10,20,30)", "#fff"):
        assert color(text) == toColor(text) and type(color(text)) is type(toColor(text))
    with pytest.raises(ValueError):
        color("not a color")
