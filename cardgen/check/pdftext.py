"""A PDF's text as a reader would copy it, page by page, read with pdfium (pypdfium2,
Chrome's PDF engine): 26 times faster than pypdf's extraction, which took 6 of the
7.4 s of a first `cardgen check` of the default kit.

The caller bounds the file first (pdfread.bounded) and hands over the bytes it guarded;
this reads those bytes, never the path again. pdfium's text is normalised to one form
(normalise) so the checks' patterns do not depend on which engine read it."""
from __future__ import annotations

import re
import threading

_LOCK = threading.Lock()  # pdfium is not thread-safe: one document at a time in a process

# a hyphen ending a line ("the three-" / "and four-player target") pdfium gives as U+FFFE
# (older builds U+0002) and joins the two lines: read as the hyphen and the line break they
# stand for, as pypdf read them; a soft hyphen (U+00AD, which cardgen never writes) as "-"
_HYPHEN_MARKS = str.maketrans({"\u0002": "-\n", "\ufffe": "-\n", "\u00ad": "-"})
_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl"})
_SPACES = re.compile(r"[ \t\u00a0]+")


def normalise(text: str) -> str:
    """pdfium's page text as the checks read it: lines ended by "\\n" (not "\\r\\n"),
    hyphen marks and ligatures spelt out, runs of spaces as one, no space at a line's ends."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_HYPHEN_MARKS).translate(_LIGATURES)
    return "\n".join(_SPACES.sub(" ", line).strip() for line in text.split("\n"))


def _turned(textpage, raw: str) -> bool:
    """Whether the page holds a turned paragraph: three or more lines of running words (six
    or more, twenty letters), each set at an angle from its first letter to its last, as
    on a tuck box's back panel. pdfium orders such lines by where they stand, which for a
    panel turned a quarter can read them last line first; a card's label or a sheet's note
    turned on a print sheet is short or alone."""
    import pypdfium2.raw as pdfium_c

    def angle(at: int) -> float:
        char = pdfium_c.FPDFText_GetCharIndexFromTextIndex(textpage, at)
        return pdfium_c.FPDFText_GetCharAngle(textpage, char) if char >= 0 else 0.0  # radians; -1 on error

    at = found = 0
    for line in raw.split("\r\n"):
        if len(line.split()) >= 6 and sum(ch.isalpha() for ch in line) >= 20:
            first, last = len(line) - len(line.lstrip()), len(line.rstrip()) - 1
            found += all(0.1 < angle(at + k) < 6.18 for k in (first, last))
            if found >= 3:
                return True
        at += len(line) + 2
    return False


def read(data: bytes, pages=None, known=lambda i: False) -> "tuple[list, dict]":
    """(the pages asked for: pages, or every page when None; {index: normalised text} of
    each of those not known(index)), from a PDF's bytes. A page with a turned paragraph
    (_turned) is read with pypdf instead, in the order it is drawn, as before pdfium.
    Raises pypdfium2's PdfiumError, pypdf's errors or IndexError (a page the file lacks)
    on a damaged file."""
    import pypdfium2 as pdfium

    out, turned = {}, []
    with _LOCK:
        doc = pdfium.PdfDocument(data)
        try:
            pages = list(range(len(doc)) if pages is None else pages)
            for i in pages:
                if not 0 <= i < len(doc):
                    raise IndexError(f"page {i + 1} of {len(doc)}")
                if i in out or i in turned or known(i):
                    continue
                page = doc[i]
                try:
                    textpage = page.get_textpage()
                    try:
                        raw = textpage.get_text_range()
                        if _turned(textpage, raw):
                            turned.append(i)
                        else:
                            out[i] = normalise(raw)
                    finally:
                        textpage.close()
                finally:
                    page.close()
        finally:
            doc.close()
    if turned:
        import io

        import pypdf

        reader = pypdf.PdfReader(io.BytesIO(data))
        for i in turned:
            out[i] = normalise(reader.pages[i].extract_text())
    return pages, out
