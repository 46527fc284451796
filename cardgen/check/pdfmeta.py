"""Every PDF of the output says what it is, for which variant, who made it and when.

Read from each file's document information and its XMP packet alone (nothing is drawn
or decoded but the packet): a Title naming the game (or what the file is) and ending in
the variant the build record holds, Author and Creator "cardgen <version>" as the
manifest's generator, a Producer of ours, a Subject and Keywords of its own (not a
library's "unspecified"), CreationDate equal to ModDate, one date for every PDF of the
folder, and an XMP packet that says the same title, producer, tool and dates. A print
shop's PDF/X file repeats its PDF/X keys in the packet.
"""
from __future__ import annotations

import re
import zlib
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .report import GameReport

# the games as their files name them (stated here, not imported from the builders)
GAME_NAMES = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "eights": "Eights", "crazy-eights": "Crazy Eights"}
MAX_XMP_BYTES = 1 << 20  # our packet is under 2 KB
_NS = {"x": "adobe:ns:meta/", "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
       "dc": "http://purl.org/dc/elements/1.1/", "xmp": "http://ns.adobe.com/xap/1.0/",
       "pdf": "http://ns.adobe.com/pdf/1.3/", "pdfxid": "http://www.npes.org/pdfx/ns/id/"}
LIBRARY_WORDS = ("unspecified", "(unspecified)", "untitled", "anonymous")
_PDF_DATE = re.compile(r"^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'\d{2}'?)?$")


class Unreadable(Exception):
    pass


def pdf_date(text: str) -> "datetime | None":
    """A PDF date (ISO 32000-1 7.9.4) as an aware datetime; None when it is none."""
    m = _PDF_DATE.match(text or "")
    if not m:
        return None
    zone = m.group(7) or "Z"
    offset = timedelta(0) if zone == "Z" else (1 if zone[0] == "+" else -1) * timedelta(
        hours=int(zone[1:3]), minutes=int(zone[4:6]))
    try:
        return datetime(*map(int, m.groups()[:6]), tzinfo=timezone(offset))
    except ValueError:
        return None


def xmp_date(text: str) -> "datetime | None":
    try:
        return datetime.fromisoformat((text or "").replace("Z", "+00:00"))
    except ValueError:
        return None


def read_meta(path: Path) -> dict:
    """{"info": {key: text}, "xmp": {key: text} or None}: the document information and
    what the XMP packet says, read without decoding any other stream."""
    import pikepdf

    from .safefile import Refused, guard

    try:
        with pikepdf.open(guard(path)) as pdf:
            raw = pdf.trailer.get("/Info")
            info = {str(k)[1:]: str(v) for k, v in raw.items()} if isinstance(raw, pikepdf.Dictionary) else {}
            stream = pdf.Root.get("/Metadata")
            packet = _packet(stream) if isinstance(stream, pikepdf.Stream) else None
    except Refused as exc:
        raise Unreadable(str(exc)) from None
    except Unreadable:
        raise
    except Exception as exc:  # noqa: BLE001 - pikepdf's many errors on a damaged file
        raise Unreadable(f"{exc.__class__.__name__}: {str(exc)[:80]}") from None
    return {"info": info, "xmp": None if packet is None else _xmp_fields(packet)}


def _packet(stream) -> bytes:
    """The packet's bytes, its size bounded before and after any Flate decoding."""
    raw = stream.read_raw_bytes()
    if len(raw) > MAX_XMP_BYTES:
        raise Unreadable(f"an XMP packet of {len(raw)} bytes, more than cardgen writes")
    import pikepdf

    filters = stream.stream_dict.get("/Filter")
    names = [str(f) for f in filters] if isinstance(filters, pikepdf.Array) else [] if filters is None else [str(filters)]
    if not names:
        return raw
    if names != ["/FlateDecode"]:
        raise Unreadable(f"the XMP packet is packed with {', '.join(names)}, which cardgen never uses")
    inflate = zlib.decompressobj()
    data = inflate.decompress(raw, MAX_XMP_BYTES)
    if inflate.unconsumed_tail:
        raise Unreadable("the XMP packet inflates to more than cardgen writes")
    return data


def _xmp_fields(packet: bytes) -> dict:
    """The fields of our packet that repeat the document information."""
    from defusedxml import ElementTree

    try:
        root = ElementTree.fromstring(re.sub(rb"<\?xpacket[^>]*\?>", b"", packet).strip())
    except Exception as exc:  # noqa: BLE001 - defusedxml's and expat's errors
        raise Unreadable(f"the XMP packet is not XML ({exc.__class__.__name__})") from None

    def text(path: str) -> str:
        el = root.find(f".//{path}", _NS)
        return (el.text or "").strip() if el is not None else ""
    return {"title": text("dc:title/rdf:Alt/rdf:li"), "producer": text("pdf:Producer"),
            "tool": text("xmp:CreatorTool"), "created": text("xmp:CreateDate"), "modified": text("xmp:ModifyDate"),
            "pdfx": text("pdfxid:GTS_PDFXVersion")}


def check_file(path: Path, file: str, generator: str, report: GameReport, name: str = "", variant: str = "",
               kind: str = "-") -> "datetime | None":
    """One PDF's metadata; name: the title's start (the game), variant: its end in brackets.
    Returns the file's date (None when it has none or cannot be read)."""
    try:
        meta = read_meta(path)
    except Unreadable as exc:
        report.fail(file, kind, f"metadata unreadable: {exc}")
        return None
    info, xmp = meta["info"], meta["xmp"]
    title = info.get("Title", "")
    if not title.strip() or title.strip().lower() in LIBRARY_WORDS:
        report.fail(file, kind, f"the PDF has no title of its own ({title!r}): rebuild with 'cardgen build'")
    else:
        if name and not title.startswith(name):
            report.fail(file, kind, f"the title {title[:80]!r} does not name {name}")
        if variant and not title.endswith(f"({variant})"):
            report.fail(file, kind, f"the title {title[:100]!r} does not name the variant built ({variant}): "
                        "a file of another build")
    for key in ("Author", "Creator"):
        if info.get(key) != generator:
            report.fail(file, kind, f"{key} is {info.get(key, 'missing')!r}, not {generator!r}")
    producer = info.get("Producer", "")
    if not producer.startswith(f"{generator} ("):
        report.fail(file, kind, f"Producer is {producer[:60]!r}, not {generator}'s own")
    for key in ("Subject", "Keywords"):
        value = info.get(key, "").strip()
        if not value or value.lower() in LIBRARY_WORDS:
            report.fail(file, kind, f"{key} is {value[:40]!r}: the file says nothing of what it is")
    created, modified = pdf_date(info.get("CreationDate", "")), pdf_date(info.get("ModDate", ""))
    if created is None or created != modified:
        report.fail(file, kind, f"CreationDate {info.get('CreationDate', 'missing')!r} and ModDate "
                    f"{info.get('ModDate', 'missing')!r}: one build date in both")
    if xmp is None:
        report.fail(file, kind, "no XMP metadata: readers that show only XMP see nothing")
        return created
    said = {"title": title, "producer": producer, "tool": info.get("Creator", "")}
    for key, value in said.items():
        if xmp[key] != value:
            report.fail(file, kind, f"the XMP {key} {xmp[key][:60]!r} differs from the document information's "
                        f"{value[:60]!r}")
    for key in ("created", "modified"):
        if created is not None and xmp_date(xmp[key]) != created:
            report.fail(file, kind, f"the XMP date {xmp[key]!r} differs from the document information's "
                        f"{created.isoformat()}")
    if "GTS_PDFXVersion" in info and xmp["pdfx"] != info["GTS_PDFXVersion"]:
        report.fail(file, kind, f"the XMP PDF/X version {xmp['pdfx']!r} differs from GTS_PDFXVersion "
                    f"{info['GTS_PDFXVersion']!r}")
    return created


def check_dates(dates: dict, report: GameReport) -> None:
    """One build date for every PDF of the folder: files dated otherwise came from another build."""
    found = {d for d in dates.values() if d is not None}
    if len(found) <= 1:
        return
    common = max(found, key=lambda d: sum(1 for v in dates.values() if v == d))
    for file, date in sorted(dates.items()):
        if date is not None and date != common:
            report.fail(file, "-", f"dated {date.isoformat()}, the other PDFs {common.isoformat()}: one build "
                        "dates every file alike")
