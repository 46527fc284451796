"""reportlab's paragraph machinery, the same results for less CPU (issue 42).

A booklet is typeset a dozen times over while booklet_type looks for the type size that
makes whole fold sheets (and the player aid five times over for its type size), and much
of the time goes to reportlab's helpers, each asked the same questions again and again
(profiled: benchmarks/booklet_cpu.py):

- sameFrag (reportlab's C accelerator): called for every word a line gets, it raises and
  clears an AttributeError for each style attribute a fragment lacks (most lack four):
  8 µs a call. Here the same comparison reads the fragments' dicts (as reportlab's own
  pure Python version does), 1 µs, giving the C function's answer where that version's
  would differ: an attribute missing on one side and None on the other is a difference;
  a fragment whose class answers one of the names itself goes to the C function.
- stringWidth and getAscentDescent: the same word in the same font and size is measured
  in every trial and on both page sizes; each answer is kept, by the font object itself
  (a font registered again under its name is a new key), so each is the very float
  reportlab computes.
- the markup parser (ParaParser, on html.parser): a paragraph's text is tokenized anew in
  every trial, though only the style it is set in changes. The tokenizer's calls for a
  text are recorded once and replayed into the parser: the fragments are built by the
  parser's own handlers, from the same calls in the same order. And the parser's three
  questions a parse whether it holds bullet fragments are asked of its dict (its
  __getattr__ raises a Python exception for each "no").
- the colors of the markup (<font color="#332288">) and of the styles, which the canvas
  reads for every paragraph drawn: reportlab's toColor tries a name, a regular
  expression, Python's literal parser and a safe eval before it reads a hex color, every
  time. Each string's Color is kept (Colors compare by value and nothing
  changes one once made).

install() puts them in place, once per process, where reportlab looks them up: the names
of reportlab.platypus.paragraph, the markup parser's attribute tables, the canvas text
object's toColor. What they answer is what reportlab answers (tests/test_fastpara.py
compares them, and every booklet is byte-identical with and without them).
"""
from __future__ import annotations

KEPT_MAX = 100_000  # answers kept per table (a 12-table build on both papers keeps 35,000 widths, about
# 7 MB); past that the table starts again, so a long-lived server stays bounded
_COMPARED = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")
_SPECIAL = ("cbDefn", "lineBreak")
_MISSING = object()
_installed = False


def _plain_type(kind) -> bool:
    """Whether instances of kind answer every attribute sameFrag reads from their own dict
    alone (no class attribute of those names, no __getattr__, no slots), so reading the
    dict is reading the attribute."""
    return (getattr(kind, "__getattribute__", None) is object.__getattribute__
            and not hasattr(kind, "__getattr__") and not hasattr(kind, "__slots__")
            and not any(hasattr(kind, name) for name in _COMPARED + _SPECIAL))


def _same_frag(c_same_frag):
    plain, odd = set(), set()  # classes seen, by _plain_type

    def same_frag(f, g):
        if type(f) not in plain or type(g) not in plain:
            for kind in (type(f), type(g)):
                if kind not in plain and kind not in odd:
                    (plain if _plain_type(kind) else odd).add(kind)
            if type(f) not in plain or type(g) not in plain:
                return c_same_frag(f, g)
        try:
            fd, gd = f.__dict__, g.__dict__
        except AttributeError:
            return c_same_frag(f, g)
        if "cbDefn" in fd or "lineBreak" in fd or "cbDefn" in gd or "lineBreak" in gd:
            return False
        for name in _COMPARED:
            a, b = fd.get(name, _MISSING), gd.get(name, _MISSING)
            if a is not b and (a is _MISSING or b is _MISSING or a != b):
                return False
        return True
    return same_frag


def _string_width(fonts: dict, string_width):
    kept: dict = {}

    def width(text, fontName, fontSize, encoding="utf8"):
        key = (text, fonts.get(fontName) or fontName, fontSize, encoding)
        try:
            return kept[key]
        except KeyError:
            if len(kept) >= KEPT_MAX:
                kept.clear()
            value = kept[key] = string_width(text, fontName, fontSize, encoding)
            return value
        except TypeError:  # an unhashable text: measured as reportlab measures it
            return string_width(text, fontName, fontSize, encoding)
    return width


def _ascent_descent(fonts: dict, ascent_descent):
    kept: dict = {}

    def ascent_and_descent(fontName, fontSize=None):
        key = (fonts.get(fontName) or fontName, fontSize)
        try:
            return kept[key]
        except KeyError:
            if len(kept) >= KEPT_MAX:
                kept.clear()
            value = kept[key] = ascent_descent(fontName, fontSize)
            return value
    return ascent_and_descent


def _to_color(to_color):
    kept: dict = {}

    def color(arg, default=None):
        if default is not None or type(arg) is not str:
            return to_color(arg, default)
        found = kept.get(arg)
        if found is None:
            if len(kept) >= KEPT_MAX:
                kept.clear()
            found = kept[arg] = to_color(arg)
        return found
    return color


_CALLS = ("handle_starttag", "handle_endtag", "handle_data", "handle_charref", "handle_entityref",
          "handle_comment", "handle_decl", "handle_pi", "unknown_decl")


def _replaying_parser(parser_class):
    """A ParaParser whose feed replays the tokenizer's calls recorded for the same text."""
    calls: dict = {}

    def recorder(name):
        handler = getattr(parser_class, name)

        def record(self, *args):
            out = self._calls
            if out is None:  # replaying, or a call made by a handler (entityref -> data): not the tokenizer's
                return handler(self, *args)
            out.append((handler, args))
            self._calls = None
            try:
                return handler(self, *args)
            finally:
                self._calls = out
        record.__name__ = name
        return record

    class ReplayingParaParser(parser_class):
        _calls = None

        # reportlab asks hasattr(self, "bFragList") three times a parse, and the parser's
        # __getattr__ answers a missing one by raising in Python: asked of the dict instead
        def _iReset(self):
            self.fragList = []
            self.__dict__.pop("bFragList", None)

        def _complete_parse(self):
            if "bFragList" not in self.__dict__:
                self.bFragList = []  # read as `hasattr(...) and self.bFragList or None`: None, as when missing
            return parser_class._complete_parse(self)  # whose _iReset (this class's) removes it again

        def feed(self, data):
            fresh = not self.rawdata and self.cdata_elem is None  # a parser just reset
            known = calls.get(data) if fresh else None
            if known is not None:
                for handler, args in known:
                    handler(self, *args)
                return
            self._calls = []
            try:
                parser_class.feed(self, data)
                if fresh and not self.rawdata and self.cdata_elem is None:  # all of it read, nothing pending
                    if len(calls) >= KEPT_MAX:
                        calls.clear()
                    calls[data] = tuple(self._calls)
            finally:
                self._calls = None

    for name in _CALLS:
        setattr(ReplayingParaParser, name, recorder(name))
    ReplayingParaParser.__name__ = ReplayingParaParser.__qualname__ = parser_class.__name__
    return ReplayingParaParser


def install() -> None:
    """Put the faster helpers in place in reportlab's paragraph module (once per process)."""
    global _installed
    if _installed:
        return
    from reportlab.lib import colors
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen import textobject
    from reportlab.platypus import paragraph, paraparser

    fonts = pdfmetrics._fonts  # name -> font object: the key of a measurement
    paragraph.sameFrag = _same_frag(paragraph.sameFrag)
    paragraph.stringWidth = _string_width(fonts, pdfmetrics.stringWidth)
    paragraph.getAscentDescent = _ascent_descent(fonts, pdfmetrics.getAscentDescent)
    paragraph.ParaParser = _replaying_parser(paragraph.ParaParser)
    color = _to_color(colors.toColor)
    textobject.toColor = color  # a canvas given a color by name or hex (the styles' colors are the tokens' hex)
    for table in vars(paraparser).values():  # the attribute tables: name -> (attribute, converter, ...)
        if isinstance(table, dict):
            for key, value in list(table.items()):
                if isinstance(value, tuple) and len(value) > 1 and value[1] is colors.toColor:
                    table[key] = (value[0], color, *value[2:])
    _installed = True
