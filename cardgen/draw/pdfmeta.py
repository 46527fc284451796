"""The metadata of every PDF cardgen writes, decided here and nowhere else.

Each file says what it is and for which variant (its Title), who made it (Author and
Creator "cardgen <version>", and a Producer of ours naming the route that drew it), a
sentence on what it is for (Subject) and its keywords, and one build date (draw/
reproducible.py: SOURCE_DATE_EPOCH or the fixed default) as CreationDate and ModDate,
in the document information and in an XMP packet alike, so that a reader of either
sees the same. A print shop's PDF/X-1a file also carries the PDF/X keys as ISO 15930-4
has them: GTS_PDFXVersion "PDF/X-1:2003" and GTS_PDFXConformance "PDF/X-1a:2003".

The writers (reportlab canvases and documents, cairo files finished by pikepdf, pikepdf
documents, matplotlib figures) each call the one function for their route; `cardgen
check` reads the same keys back (check/pdfmeta.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .. import __version__

CARDGEN = f"cardgen {__version__}"
PDFX_VERSION = "PDF/X-1:2003"  # the standard (ISO 15930-4) whose part the file follows
PDFX_CONFORMANCE = "PDF/X-1a:2003"  # the conformance level within it
KEYWORDS = ("print and play", "card game")

# what each kind of file is (its title's words) and what it is for (its subject), by the
# kind the manifest lists it as
KINDS = {
    "faces": ("card faces", "Every card face of the deck, one a page at trim size plus bleed."),
    "back": ("card backs", "The deck's card backs, one page per distinct back, at trim size plus bleed."),
    "proof": ("designer's proof", "The card faces with the trim, bleed and safe lines drawn over them: "
                                  "for checking the art, never for printing."),
    "print": ("print and play sheets", "Cards laid out on sheets for printing at home at actual size, "
                                       "with crop marks, ready to cut."),
    "reprint": ("reprint sheet", "Only the cards named for a reprint, with their backs, laid out for "
                                 "printing at home at actual size."),
    "tuckbox": ("tuck box", "A box that holds the printed deck: print at actual size, cut, fold and glue."),
    "sequence-sheet": ("sequence sheet", "Every number of the table with the numbers that may follow it."),
    "atlas": ("sequence atlas", "How many winning sequences the deck holds, by length and group."),
    "inventory": ("inventory checklist", "A checklist of every card in the class set, to count the deck "
                                         "back in after a lesson."),
    "rules": ("rules", "The rule booklet, page by page, for reading on a screen or printing one-sided."),
    "rules-fold": ("rules, fold and staple", "The rule booklet two pages a side in saddle-stitch order: "
                                             "print double-sided, fold and staple."),
    "reference": ("player aid", "The rules at a glance on one page, one for each player."),
    "scorepad": ("score pad", "A score sheet for a session of hands."),
    "player-aids": ("player aid cards", "The player aid cards, one a page at trim size plus bleed, as the card "
                                        "sheets print them after the deck."),
    "aid-cards": ("player aid cards", "The player aid on cards of the deck's size, a set for each player: "
                                      "print one-sided on card stock and cut."),
    "tournament": ("tournament sheet", "Rounds, seats and scores for running a tournament."),
    "teacher": ("teacher pages", "A lesson plan, recording sheet, answer key and fact coverage for a class."),
    "shop": ("print-shop file", "The deck as a print shop takes it: card pages at the shop's size and bleed."),
    "playtest-report": ("playtest report", "How the variant plays, from simulated hands."),
    "playtest-sweep": ("playtest sweep", "How each variant of a sweep plays, one row per variant, from hands "
                                         "played by bots."),
    "playtest-tune": ("playtest tune", "The variants that meet a designer's targets, ranked, from hands played "
                                       "by bots."),
    "calibration": ("calibration sheet", "A duplex test page that reads a printer's scale and its shift "
                                         "between front and back."),
    "how-to-print": ("how to print", "How to print the kit at home: paper, scale, duplex and cutting."),
    "print-everything": ("print everything", "Every file of the kit printed on one paper, in one file and in "
                                             "the order to print and cut: a first page says which pages go on "
                                             "card stock and which on both sides."),
}


@dataclass(frozen=True)
class PdfMeta:
    """One file's metadata: title, subject and keywords; pdfx marks a PDF/X-1a file."""
    title: str
    subject: str
    keywords: tuple
    pdfx: bool = False

    def info(self, route: str) -> dict:
        """The document information dictionary's values (PDF strings, unescaped)."""
        date = pdf_date()
        info = {"Title": self.title, "Author": CARDGEN, "Creator": CARDGEN, "Producer": producer(route),
                "Subject": self.subject, "Keywords": ", ".join(self.keywords),
                "CreationDate": date, "ModDate": date}
        if self.pdfx:
            info.update(GTS_PDFXVersion=PDFX_VERSION, GTS_PDFXConformance=PDFX_CONFORMANCE)
        return info


def meta_for(kind: str, name: str, variant: str = "", detail: str = "", pdfx: bool = False) -> PdfMeta:
    """The metadata of a file of that kind (KINDS) for a game (name, as players say it) built as
    variant (record.variant_words); detail adds what tells it from its siblings ("letter",
    "DriveThruCards")."""
    what, subject = KINDS[kind]
    title = f"{name} – {what}" + (f", {detail}" if detail else "") + (f" ({variant})" if variant else "")
    words = (name, what, *(part.strip() for part in variant.split(",") if part.strip()), *KEYWORDS)
    return PdfMeta(title, subject, tuple(dict.fromkeys(words)), pdfx)


def producer(route: str) -> str:
    """Our Producer: cardgen and the libraries that drew the file."""
    return f"{CARDGEN} ({route})"


def pdf_date() -> str:
    """The build date as a PDF date (ISO 32000-1 7.9.4)."""
    from .reproducible import build_datetime

    return build_datetime().strftime("D:%Y%m%d%H%M%S+00'00'")


def xmp_date() -> str:
    from .reproducible import iso_date

    return iso_date()


def xmp(meta: PdfMeta, route: str) -> bytes:
    """The XMP packet (ISO 16684-1) saying what the document information says."""
    info = meta.info(route)
    date = xmp_date()
    e = lambda text: escape(text, quote=False)  # noqa: E731
    keywords = "".join(f"<rdf:li>{e(k)}</rdf:li>" for k in meta.keywords)
    pdfx = (f"\n   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>"
            f"\n   <pdfx:GTS_PDFXVersion>{PDFX_VERSION}</pdfx:GTS_PDFXVersion>"
            f"\n   <pdfx:GTS_PDFXConformance>{PDFX_CONFORMANCE}</pdfx:GTS_PDFXConformance>") if meta.pdfx else ""
    text = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{e(meta.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{e(CARDGEN)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">{e(meta.subject)}</rdf:li></rdf:Alt></dc:description>
   <dc:subject><rdf:Bag>{keywords}</rdf:Bag></dc:subject>
   <pdf:Keywords>{e(info['Keywords'])}</pdf:Keywords>
   <pdf:Producer>{e(info['Producer'])}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmp:CreatorTool>{e(CARDGEN)}</xmp:CreatorTool>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>{pdfx}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    return text.encode("utf-8")


# ---------------------------------------------------------------- the routes

def on_canvas(canvas, meta: PdfMeta, route: str = "reportlab") -> None:
    """A reportlab canvas (a platypus document's too, from its first page's hook)."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream

    info = meta.info(route)
    canvas.setTitle(info["Title"])
    canvas.setAuthor(info["Author"])
    canvas.setCreator(info["Creator"])
    canvas.setProducer(info["Producer"])
    canvas.setSubject(info["Subject"])
    canvas.setKeywords(info["Keywords"])
    canvas.setDateFormatter(lambda *_: info["CreationDate"])  # not reportlab's fixed 2000-01-01
    packet = PDFStream(PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}),
                       xmp(meta, route), filters=[])  # left uncompressed, as readers of XMP expect
    canvas._doc.Catalog.Metadata = packet


def on_pikepdf(pdf, meta: PdfMeta, route: str) -> None:
    """A pikepdf document about to be saved: its information dictionary replaced, its XMP set."""
    import pikepdf

    values = {f"/{k}": pikepdf.String(v) for k, v in meta.info(route).items()}
    values["/Trapped"] = pikepdf.Name("/False")
    pdf.trailer.Info = pdf.make_indirect(pikepdf.Dictionary(values))
    stream = pikepdf.Stream(pdf, xmp(meta, route))
    stream.Type, stream.Subtype = pikepdf.Name.Metadata, pikepdf.Name.XML
    pdf.Root.Metadata = pdf.make_indirect(stream)


def finish_bytes(data: bytes, meta: PdfMeta, route: str) -> bytes:
    """A PDF another library drew (matplotlib's), in memory, with our metadata set through pikepdf."""
    import io

    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        on_pikepdf(pdf, meta, route)
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()
