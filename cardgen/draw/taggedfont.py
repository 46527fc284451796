"""reportlab's TrueType fonts with each subset named by what it holds (subsets.py says why).

A subset's name is a six-letter tag, '+', and the font's name: here the tag comes from the
font file and the characters behind its codes, so the same subset has the same name in
every file (rebuilds stay byte-identical) and different subsets have different names."""
from __future__ import annotations

import hashlib
from functools import lru_cache

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap


def subset_tag(face_digest: bytes, subset) -> str:
    """Six capital letters from the font file's digest and the characters behind codes 0, 1, …"""
    h = int.from_bytes(hashlib.sha256(face_digest + repr(list(subset)).encode()).digest()[:8], "big")
    letters = []
    for _ in range(6):
        h, r = divmod(h, 26)
        letters.append(chr(ord("A") + r))
    return "".join(letters)


@lru_cache(maxsize=None)
def face_digest(face) -> bytes:
    return hashlib.sha256(face._ttf_data).digest()


class TaggedTTFont(TTFont):
    """reportlab's TTFont, writing each subset under a tag made from its contents.

    addObjects is reportlab's own (4.x–5.x), but for the name of each subset."""

    def addObjects(self, doc):
        try:
            state = self.state[doc]
        except KeyError:
            state = self.state[doc] = TTFont.State(self._asciiReadable)
        state.frozen = 1
        for n, subset in enumerate(state.subsets):
            internal_name = self.getSubsetInternalName(n, doc)[1:]
            base_name = f"{subset_tag(face_digest(self.face), subset)}+{self.face.name.decode('latin-1')}"
            base_name += self.face.subfontNameX.decode("latin-1")
            pdf_font = pdfdoc.PDFTrueTypeFont()
            pdf_font.__Comment__ = "Font %s subset %d" % (self.fontName, n)
            pdf_font.Name = internal_name
            pdf_font.BaseFont = base_name
            pdf_font.FirstChar = 0
            pdf_font.LastChar = len(subset) - 1
            pdf_font.Widths = pdfdoc.PDFArray([self.face.getCharWidth(c) for c in subset])
            cmap = pdfdoc.PDFStream()
            cmap.content = makeToUnicodeCMap(base_name, subset)
            if doc.compression:
                cmap.filters = [pdfdoc.PDFZCompress]
            pdf_font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base_name)
            pdf_font.FontDescriptor = self.face.addSubsetObjects(doc, base_name, subset)
            doc.Reference(pdf_font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = pdf_font
        del self.state[doc]
