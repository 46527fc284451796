"""Read PDFs the way the checker needs them: page sizes, what each page draws (a digest
of its content), and where a sheet places other pages as form XObjects.

All lengths in millimetres; rectangles are (x, y, w, h) from the page's top-left corner,
as the imposition rules are stated."""
from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from pathlib import Path

MM_PER_PT = 25.4 / 72
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class Unreadable(Exception):
    """Not a PDF we can read."""


MAX_DECODED_BYTES = 128 << 20  # all of a file's streams decoded; cardgen's largest PDFs hold a few MB
MAX_PAGES = 2000  # cardgen's longest PDF (a 12 × 12 deck's cards) has a few hundred; 20 000 took minutes
# what the pages draw between them, each page's content and the forms it can reach counted
# once a page: the readers below parse that much. cardgen's largest (a 12 × 12 deck's print
# sheets, 20 pass cards) draws 1 MB; 1,570 pages sharing one 5.7 MB stream drew 9 GB and
# kept the checker busy past 300 s, though the file was 690 kB and decoded to 6 MB
MAX_DRAWN_BYTES = 16 << 20
MAX_DRAWN_PARTS = 100_000  # pages × the forms each names: cardgen's sheets name 9 a page
_FLATE = "/FlateDecode"
BOUNDED = "pdf-bounded"  # check/memo.py's kind: these bytes open, within the bounds (a file's digest and scale)


def open_pdf(path: Path, scale: int = 1):
    """The PDF opened with pikepdf, once its streams are known to decode to a bounded size.

    A file's size is checked before a byte is read (safefile.guard), but a 1 MB PDF can
    hold a stream that inflates to gigabytes (a "zip bomb"), and every reader here decodes
    the streams in full. So each stream is first inflated here in 1 MB pieces that are
    counted and dropped, and the file is refused past MAX_DECODED_BYTES; a stream packed
    with a filter other than Flate (which is all cardgen writes, besides images' DCT) is
    refused unread.

    scale: how many of cardgen's files this one gathers (a print-everything file holds each
    file of its paper page for page), which the bound on what its pages draw grows with."""
    import pikepdf

    from . import memo
    from .safefile import Refused, guard

    try:
        pdf = pikepdf.open(guard(path))
    except Refused as exc:
        raise Unreadable(str(exc)) from None
    except Exception as exc:  # pikepdf raises several types on damaged files
        raise Unreadable(f"{exc.__class__.__name__}: {exc}") from None
    try:
        digest = file_digest(path)
        if len(pdf.pages) > MAX_PAGES:
            raise Unreadable(f"{len(pdf.pages)} pages, more than cardgen writes: refused, not read")
        if memo.get(BOUNDED, f"{digest}:{scale}") is None:  # these bytes not yet found within the bounds
            _bounded_drawing(pdf, _bounded_streams(pdf), scale)
            memo.put(BOUNDED, f"{digest}:{scale}", True)
        pdf._checked_digest = digest  # what the readings below are kept by (_kept)
    except Unreadable:
        pdf.close()
        raise
    except Exception as exc:  # noqa: BLE001 - a damaged stream: pikepdf's and zlib's errors
        pdf.close()
        raise Unreadable(f"{exc.__class__.__name__}: {exc}") from None
    return pdf


def file_digest(path: Path) -> str:
    """What a reading of a PDF is kept by (check/memo.py): the digest of its bytes and the
    bounds it was read within (a reading kept skips open_pdf's gate); refused as open_pdf
    refuses the file."""
    from . import memo
    from .safefile import Refused

    try:
        digest = memo.file_digest(path)
    except Refused as exc:
        raise Unreadable(str(exc)) from None
    return f"{digest}:{MAX_PAGES},{MAX_DECODED_BYTES},{MAX_DRAWN_BYTES},{MAX_DRAWN_PARTS}"


def bounded(path: Path) -> None:
    """Unreadable unless open_pdf's bounds hold: for a file read with another library
    (pdfium's text extraction, pypdf's outline), which parses every page's drawing as pikepdf's readers do."""
    from . import memo

    try:
        if memo.get(BOUNDED, f"{file_digest(path)}:1"):
            return  # these bytes opened and were found within the bounds before
    except OSError as exc:
        raise Unreadable(f"{exc.__class__.__name__}: {exc}") from None
    with open_pdf(path):
        pass


def _bounded_streams(pdf) -> dict:
    """Each stream's decoded size, by object; Unreadable past MAX_DECODED_BYTES in all."""
    import zlib

    import pikepdf

    total, sizes = 0, {}
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Stream):
            continue
        found = obj.get("/Filter")
        filters = [str(f) for f in found] if isinstance(found, pikepdf.Array) else [] if found is None else [str(found)]
        raw, before = obj.read_raw_bytes(), total
        if not filters or filters == ["/DCTDecode"]:
            total += len(raw)
        elif filters == [_FLATE]:
            inflate, rest = zlib.decompressobj(), raw
            while rest and total <= MAX_DECODED_BYTES:
                total += len(inflate.decompress(rest, 1 << 20))
                rest = inflate.unconsumed_tail
        else:
            raise Unreadable(f"a stream packed with {' '.join(filters)[:60]}, which cardgen never writes: refused, "
                             "not decoded")
        if total > MAX_DECODED_BYTES:
            raise Unreadable(f"its streams decode to more than {MAX_DECODED_BYTES >> 20} MB, far more than cardgen "
                             "writes (a compression bomb?): refused, not decoded")
        sizes[obj.objgen] = total - before
    return sizes


def _bounded_drawing(pdf, sizes: dict, scale: int = 1) -> None:
    """Unreadable when the pages draw more than MAX_DRAWN_BYTES between them: each page's
    content streams and every form it can reach (through its resources and theirs), once a
    page, as the readers parse them. Decoded sizes alone miss a stream shared by many pages."""
    import pikepdf

    drawn = parts = 0
    most_drawn, most_parts = MAX_DRAWN_BYTES * scale, MAX_DRAWN_PARTS * scale
    for page in pdf.pages:
        contents = page.obj.get("/Contents")
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [] if contents is None else [contents]
        drawn += sum(sizes.get(getattr(s, "objgen", None), 0) for s in streams)
        seen, stack = set(), [page.obj.get("/Resources")]
        while stack:
            resources = stack.pop()
            xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
            for xobj in (xobjects.values() if isinstance(xobjects, pikepdf.Dictionary) else ()):
                parts += 1
                if parts > most_parts:
                    raise Unreadable(f"its pages name more than {most_parts:,} forms between them, far more "
                                     "than cardgen writes: refused, not read")
                if not isinstance(xobj, pikepdf.Stream) or xobj.get("/Subtype") != "/Form" or xobj.objgen in seen:
                    continue
                seen.add(xobj.objgen)
                drawn += sizes.get(xobj.objgen, 0)
                stack.append(xobj.get("/Resources"))
        if drawn > most_drawn:
            raise Unreadable(f"its {len(pdf.pages)} pages draw more than {most_drawn >> 20} MB of content "
                             "between them (what pages share counted on each), far more than cardgen writes: "
                             "refused, not read")


def _kept(kind: str, pdf, key: str, make):
    """make()'s result, kept by the digest of the bytes pdf was opened from (open_pdf) and key
    (check/memo.py); made afresh for a PDF opened otherwise."""
    from . import memo

    digest = getattr(pdf, "_checked_digest", None)
    return make() if digest is None else memo.kept(kind, f"{digest}:{key}", make)


def box_mm(box) -> tuple:
    """A PDF rectangle [x0 y0 x1 y1] in points, as (x0, y0, x1, y1) in mm, normalized."""
    x0, y0, x1, y1 = (float(v) * MM_PER_PT for v in box)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def page_size(page) -> tuple:
    x0, y0, x1, y1 = box_mm(page.mediabox)
    return x1 - x0, y1 - y0


def content_digest(stream_bytes: bytes) -> str:
    return hashlib.sha256(stream_bytes).hexdigest()


def page_content(page) -> bytes:
    """A page's drawing, decoded: its content streams joined as the sheets' forms join them."""
    import pikepdf

    contents = page.obj.get("/Contents")
    if contents is None:
        return b""
    if isinstance(contents, pikepdf.Array):
        return b"\n".join(s.read_bytes() for s in contents)
    return contents.read_bytes()


@dataclass(frozen=True)
class Placed:
    """One form drawn on a sheet page."""
    page: int  # 1-based
    digest: str  # of the form's content: which page it shows ("" for a name the page lacks)
    matrix: tuple  # form space to page space (points), the form's /Matrix then the CTM

    def rect(self, box, page_h_pt: float, page_y0_pt: float = 0.0, page_x0_pt: float = 0.0) -> tuple:
        """Where box (x0, y0, x1, y1 in the form's points) lands: (x, y, w, h) mm from the top-left."""
        a, b, c, d, e, f = self.matrix
        x0, y0, x1, y1 = (float(v) for v in box)
        corners = [(x * a + y * c + e, x * b + y * d + f) for x in (x0, x1) for y in (y0, y1)]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        top = page_y0_pt + page_h_pt
        return ((min(xs) - page_x0_pt) * MM_PER_PT, (top - max(ys)) * MM_PER_PT,
                (max(xs) - min(xs)) * MM_PER_PT, (max(ys) - min(ys)) * MM_PER_PT)


def _times(m, n) -> tuple:
    """m then n: the matrix product m × n of PDF's row-vector convention."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: tuple, x: float, y: float) -> tuple:
    """The point x, y through the matrix m."""
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def drawn_with(stream, ctm: tuple = IDENTITY):
    """(name, matrix) for each XObject a content stream draws (Do), with the matrix in force
    there: q/Q and cm followed. One walker for the placements and the shops' image dpi."""
    import pikepdf

    stack = []
    for operands, op in pikepdf.parse_content_stream(stream, "q Q cm Do"):
        op = str(op)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop() if stack else ctm
        elif op == "cm" and len(operands) == 6:
            ctm = _times(tuple(float(v) for v in operands), ctm)
        elif op == "Do" and operands:
            yield str(operands[0]), ctm


def placements(pdf) -> list:
    """Every form XObject each page draws (not looking inside forms), with the matrix it is
    drawn through: q/Q and cm followed through the page's content streams."""
    return _kept("placements", pdf, "", lambda: _placements(pdf))


def _placements(pdf) -> list:
    found, digests = [], {}
    for number, page in enumerate(pdf.pages, 1):
        xobjects = page.obj.get("/Resources", {}).get("/XObject", {})
        for name, ctm in drawn_with(page):
            xobj = xobjects.get(name)
            if xobj is None:  # drawing a name the page lacks: shows nothing we can tell
                found.append(Placed(number, "", ctm))
                continue
            if xobj.get("/Subtype") != "/Form":
                continue
            key = xobj.objgen
            if key not in digests or key == (0, 0):
                digests[key] = content_digest(xobj.read_bytes())
            form_matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
            found.append(Placed(number, digests[key], _times(form_matrix, ctm)))
    return found


@dataclass(frozen=True)
class Stroke:
    """A straight stroked segment a page draws itself (not inside a form), in mm from the
    page's top-left corner, with its line width."""
    x1: float
    y1: float
    x2: float
    y2: float
    width: float


def strokes(pdf, number: int) -> list:
    """Every straight segment page number (1-based) strokes in its own content: m/l/re paths
    followed through q/Q, cm and w, kept when an S or s strokes them."""
    return _kept("strokes", pdf, str(number), lambda: _strokes(pdf, number))


def _strokes(pdf, number: int) -> list:
    import pikepdf

    page = pdf.pages[number - 1]
    x0, y0, _, y1 = box_mm(page.mediabox)
    top = y1 / MM_PER_PT
    ctm, width, stack = IDENTITY, 1.0, []
    path, start, point, found = [], None, None, []

    def to_page(x, y):
        a, b, c, d, e, f = ctm
        px, py = x * a + y * c + e, x * b + y * d + f
        return px * MM_PER_PT - x0, (top - py) * MM_PER_PT

    for operands, op in pikepdf.parse_content_stream(page, "q Q cm w m l re h S s n f F f* B B* b b* c v y W W*"):
        op = str(op)
        args = [float(v) for v in operands] if op in ("cm", "w", "m", "l", "re", "c", "v", "y") else []
        if op == "q":
            stack.append((ctm, width))
        elif op == "Q":
            ctm, width = stack.pop() if stack else (ctm, width)
        elif op == "cm" and len(args) == 6:
            ctm = _times(tuple(args), ctm)
        elif op == "w" and args:
            a, b, c, d, _, _ = ctm
            width = args[0] * math.sqrt(abs(a * d - b * c)) * MM_PER_PT
        elif op == "m" and len(args) == 2:
            start = point = to_page(*args)
        elif op == "l" and len(args) == 2 and point is not None:
            new = to_page(*args)
            path.append((point, new))
            point = new
        elif op == "re" and len(args) == 4:
            x, y, w, h = args
            corners = [to_page(x, y), to_page(x + w, y), to_page(x + w, y + h), to_page(x, y + h)]
            path += list(zip(corners, corners[1:] + corners[:1]))
            start = point = corners[0]
        elif op in ("h", "s") and point is not None and start is not None:
            path.append((point, start))
            point = start
        elif op in ("c", "v", "y") and len(args) >= 4 and point is not None:
            point = to_page(*args[-2:])  # a curve: not a segment, but the path goes on from its end
        if op in ("S", "s"):
            found += [Stroke(a[0], a[1], b[0], b[1], width) for a, b in path if a != b]
        if op in ("S", "s", "n", "f", "F", "f*", "B", "B*", "b", "b*"):
            path, start, point = [], None, None
    return found



def _to_unicode(font) -> dict:
    """A simple font's one-byte codes -> text, from its ToUnicode CMap (bfchar and bfrange)."""
    stream = font.get("/ToUnicode") if font is not None else None
    if stream is None:
        return {}
    data = stream.read_bytes()
    key = hashlib.sha256(data).digest()  # the same subset's map, read once a process (callers only read it)
    if key not in _TABLES:
        if len(_TABLES) > 4000:
            _TABLES.clear()
        _TABLES[key] = _read_cmap(data)
    return _TABLES[key]


_TABLES: dict = {}  # digest of a ToUnicode CMap -> its table


def _read_cmap(data: bytes) -> dict:
    import re

    table = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for code, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            table[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be", "replace")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, start in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            first = int(start, 16)
            for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                table[code] = chr(first + i)
    return table


def page_text(pdf, number: int) -> str:
    """The text page number (1-based) shows in its own content (not inside forms), decoded
    through each font's ToUnicode map: one line per text-showing operator."""
    return _kept("pdf-page-text", pdf, str(number), lambda: _page_text(pdf, number))


def _page_text(pdf, number: int) -> str:
    import pikepdf

    page = pdf.pages[number - 1]
    fonts = page.obj.get("/Resources", {}).get("/Font", {})
    tables: dict = {}
    table, lines = {}, []
    for operands, op in pikepdf.parse_content_stream(page, "Tf Tj TJ ' \""):
        op = str(op)
        if op == "Tf" and operands:
            name = str(operands[0])
            if name not in tables:
                tables[name] = _to_unicode(fonts.get(name))
            table = tables[name]
        elif operands:
            shown = operands[-1]
            parts = [v for v in shown if isinstance(v, pikepdf.String)] if op == "TJ" else [shown]
            lines.append("".join(table.get(b, "") for part in parts for b in bytes(part)))
    return "\n".join(lines)
