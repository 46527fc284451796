"""Is a file PDF/X-1a:2003 as a print shop's preflight sees it? Read from its bytes alone.

What is checked, each failure one line:
- header PDF 1.3 or 1.4; a trailer /ID;
- document info: /GTS_PDFXVersion "PDF/X-1:2003" and /GTS_PDFXConformance "PDF/X-1a:2003"
  (ISO 15930-4: the standard in the one key, the conformance level in the other), /Trapped
  /True or /False, /Title, /CreationDate and /ModDate;
- one /OutputIntents entry /S /GTS_PDFX with an OutputConditionIdentifier and an
  embedded CMYK output ICC profile (/DestOutputProfile, /N 4, "CMYK" and "prtr" in its header);
- every page: TrimBox and BleedBox, TrimBox inside BleedBox inside MediaBox;
- colors: DeviceCMYK (or DeviceGray) only, in operators, images and shadings: no
  DeviceRGB, no ICC-based RGB or Lab, anywhere (check/pdfcolors.py);
- no transparency: no ExtGState with /ca or /CA below 1, a soft mask or a blend mode
  other than Normal; no /SMask on images; no transparency group on pages or forms;
- every font embedded (FontFile, FontFile2 or FontFile3; Type 3 glyphs are drawings);
- the largest total ink, by the content scan, within the limit.
"""
from __future__ import annotations

from pathlib import Path

ALLOWED_SPACES = ("/DeviceCMYK", "/DeviceGray")
# the PDF/X keys by conformance level, as ISO 15930-4 writes them (stated here, not imported)
PDFX_KEYS = {"PDF/X-1a:2003": "PDF/X-1:2003", "PDF/X-1a:2001": "PDF/X-1:2001"}


def _objects(pdf):
    """Every dictionary or stream reachable from the trailer, once, direct ones included
    (reportlab writes a page's graphics states inside its resources)."""
    import pikepdf

    stack, seen = [pdf.trailer], set()
    while stack:
        obj = stack.pop()
        if obj.is_indirect:
            if obj.objgen in seen:
                continue
            seen.add(obj.objgen)
        if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            yield obj
            stack.extend(v for k, v in obj.items() if k != "/Parent" and isinstance(v, (pikepdf.Dictionary, pikepdf.Stream, pikepdf.Array)))
        elif isinstance(obj, pikepdf.Array):
            stack.extend(v for v in obj if isinstance(v, (pikepdf.Dictionary, pikepdf.Stream, pikepdf.Array)))


def _info_problems(pdf, header: bytes) -> list:
    import pikepdf

    problems = []
    version = header[5:8].decode("latin-1", "replace")
    if version not in ("1.3", "1.4"):
        problems.append(f"PDF header says {version}: PDF/X-1a:2003 needs 1.3 or 1.4")
    if "/ID" not in pdf.trailer:
        problems.append("the trailer has no /ID")
    info = pdf.trailer.get("/Info")
    if not isinstance(info, pikepdf.Dictionary):
        return problems + ["no document info dictionary (/GTS_PDFXVersion, /Trapped, /Title live there)"]
    version, level = (str(info.get(key, "")) for key in ("/GTS_PDFXVersion", "/GTS_PDFXConformance"))
    if (version, level) != (PDFX_KEYS["PDF/X-1a:2003"], "PDF/X-1a:2003"):
        problems.append(f"/GTS_PDFXVersion {version or 'missing'!r} and /GTS_PDFXConformance {level or 'missing'!r}: "
                        f"PDF/X-1a:2003 is written as {PDFX_KEYS['PDF/X-1a:2003']!r} and 'PDF/X-1a:2003'")
    if str(info.get("/Trapped", "")) not in ("/True", "/False"):
        problems.append("/Trapped is missing or not /True or /False")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")):
            problems.append(f"document info has no {key}")
    return problems


def _intent_problems(pdf) -> list:
    import pikepdf

    intents = pdf.Root.get("/OutputIntents")
    pdfx = [i for i in (intents or []) if isinstance(i, pikepdf.Dictionary) and str(i.get("/S")) == "/GTS_PDFX"]
    if len(pdfx) != 1:
        return [f"{len(pdfx)} output intents /S /GTS_PDFX: PDF/X needs exactly one"]
    intent, problems = pdfx[0], []
    if not str(intent.get("/OutputConditionIdentifier", "")):
        problems.append("the output intent has no OutputConditionIdentifier")
    profile = intent.get("/DestOutputProfile")
    if not isinstance(profile, pikepdf.Stream):
        return problems + ["the output intent embeds no ICC profile (/DestOutputProfile)"]
    data = profile.read_bytes()
    if int(profile.get("/N", 0)) != 4 or data[16:20] != b"CMYK" or data[36:40] != b"acsp":
        problems.append("the output intent's profile is not a CMYK ICC profile")
    elif data[12:16] != b"prtr":
        problems.append("the output intent's profile is not an output (printer) profile")
    return problems


def _box_problems(pdf) -> list:
    from .pdfread import box_mm

    problems = []
    for number, page in enumerate(pdf.pages, start=1):
        obj = page.obj
        if "/TrimBox" not in obj or "/BleedBox" not in obj:
            problems.append(f"page {number} lacks a TrimBox or a BleedBox")
            continue
        media, bleed, trim = box_mm(page.mediabox), box_mm(obj.BleedBox), box_mm(obj.TrimBox)

        def inside(a, b):
            return a[0] >= b[0] - 1e-3 and a[1] >= b[1] - 1e-3 and a[2] <= b[2] + 1e-3 and a[3] <= b[3] + 1e-3
        if not (inside(trim, bleed) and inside(bleed, media)):
            problems.append(f"page {number}: TrimBox, BleedBox and MediaBox are not nested")
    return problems


def _transparency_problems(pdf) -> list:
    import pikepdf

    problems = set()
    for obj in _objects(pdf):
        is_image = isinstance(obj, pikepdf.Stream) and str(obj.get("/Subtype", "")) == "/Image"
        if not is_image and (str(obj.get("/Type", "")) == "/ExtGState" or any(k in obj for k in ("/ca", "/CA", "/SMask", "/BM"))):
            for key in ("/ca", "/CA"):
                if key in obj and float(obj[key]) < 1:
                    problems.add(f"a graphics state sets {key} {float(obj[key]):g}: transparency")
            if "/SMask" in obj and str(obj.SMask) != "/None":
                problems.add("a graphics state sets a soft mask: transparency")
            if "/BM" in obj and str(obj.BM) not in ("/Normal", "/Compatible"):
                problems.add(f"a graphics state uses blend mode {obj.BM}: transparency")
        if is_image:
            if "/SMask" in obj or int(obj.get("/SMaskInData", 0)):
                problems.add("an image carries a soft mask: transparency")
        group = obj.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and str(group.get("/S", "")) == "/Transparency":
            problems.add("a transparency group (/Group /S /Transparency)")
    return sorted(problems)


def _font_problems(pdf) -> list:
    import pikepdf

    missing = set()
    for obj in _objects(pdf):
        if str(obj.get("/Type", "")) != "/Font" or str(obj.get("/Subtype", "")) in ("/Type0", "/Type3"):
            continue  # a Type0 font's glyphs are in its descendant, checked as its own object
        descriptor = obj.get("/FontDescriptor")
        if not isinstance(descriptor, pikepdf.Dictionary) or not any(
                k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            missing.add(str(obj.get("/BaseFont", "?")))
    return [f"font {name} is not embedded" for name in sorted(missing)]


def _color_problems(found: list) -> list:
    bad = {}
    for paint in found:
        if paint.space not in ALLOWED_SPACES and paint.space != "/ImageMask":
            bad.setdefault((paint.space, paint.where.split()[0]), paint.page)
    return [f"page {page}: {where} in {space}: PDF/X-1a allows CMYK (and gray) only"
            for (space, where), page in sorted(bad.items())]


def check_pdfx(path: Path, ink_limit: float) -> list:
    """Every way the file falls short of PDF/X-1a:2003 or the ink limit (percent); [] when none."""
    return read_pdfx(path, ink_limit)[0]


def read_pdfx(path: Path, ink_limit: float) -> tuple:
    """(check_pdfx's problems, the total ink the content scan measures: ink.InkMeasure, or
    None for a file that cannot be read), from one reading of the file."""
    from .ink import ink_of
    from .pdfcolors import paints
    from .pdfread import Unreadable, open_pdf

    path = Path(path)
    try:
        pdf = open_pdf(path)
    except Unreadable as exc:
        return [f"{path.name}: not a readable PDF ({exc})"], None
    with pdf:
        with open(path, "rb") as fh:
            header = fh.read(16)
        found = paints(pdf)
        problems = (_info_problems(pdf, header) + _intent_problems(pdf) + _box_problems(pdf)
                    + _color_problems(found) + _transparency_problems(pdf) + _font_problems(pdf))
    ink = ink_of(found)
    if not ink.within(ink_limit):
        problems.append(f"total ink reaches {ink.max_percent:g} % on page {ink.page} ({ink.where}), "
                        f"over the {ink_limit:g} % limit")
    return [f"{path.name}: {p}" for p in problems], ink
