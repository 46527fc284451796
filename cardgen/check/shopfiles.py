"""Measure a print shop's files and judge them against the shop's template.

The build writes its preflight report from these measurements (export/shop.py), and
`cardgen check` measures the same files again and holds the report to them, so a report
that says more than the files show is caught. Reads files only: pikepdf for the PDF
(boxes, fonts, transparency, color spaces), Pillow for images.

A check is "pass", "fail" or "pending": pending only for what the color step owns
(CMYK color, no transparency, PDF/X, total ink) on a CMYK shop's PDF while that step
has not run on it (the report's color_step says so), never for boxes, pixels or fonts.
"""
from __future__ import annotations

from pathlib import Path

from .pdfread import IDENTITY, _times, drawn_with

MM_PER_PT = 25.4 / 72
MM_PER_INCH = 25.4
BOX_TOLERANCE_MM = 0.05
PROOF_KEY = "/CardgenProof"  # marks the proof overlay's form XObject (documents/proof.py)
PASS, FAIL, PENDING = "pass", "fail", "pending"
CMYK_SPACES = {"DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Pattern"}
MAX_PAGES = 2000
MAX_WALK = 20000  # resources visited in one PDF: a hostile file cannot make the walk endless


def _mm(box) -> list:
    x0, y0, x1, y1 = (float(v) * MM_PER_PT for v in box)
    return [round(min(x0, x1), 3), round(min(y0, y1), 3), round(max(x0, x1), 3), round(max(y0, y1), 3)]


def _space_name(cs) -> str:
    import pikepdf

    if isinstance(cs, pikepdf.Array) and len(cs):
        if cs[0] == pikepdf.Name("/Indexed") and len(cs) > 1:  # a palette: what matters is its base
            return _space_name(cs[1])
        cs = cs[0]
    return str(cs).lstrip("/") if isinstance(cs, pikepdf.Name) else type(cs).__name__


class _Walk:
    """What a PDF's pages use, found by walking their resources and content."""

    def __init__(self):
        self.fonts: dict = {}  # name without subset tag -> embedded
        self.transparency: set = set()
        self.spaces: set = set()
        self.proof = False
        self.images: set = set()  # (width, height) in pixels of every image drawn
        self.seen: set = set()

    def resources(self, res) -> None:
        import pikepdf

        if res is None or not isinstance(res, pikepdf.Dictionary):
            return
        if len(self.seen) > MAX_WALK:
            return
        if res.is_indirect:  # a direct dictionary cannot be reached twice (nor hold a loop)
            if res.objgen in self.seen:
                return
            self.seen.add(res.objgen)
        for font in (res.get("/Font") or {}).values():
            self._font(font)
        for gs in (res.get("/ExtGState") or {}).values():
            for k in ("/ca", "/CA"):
                if k in gs and float(gs[k]) < 1:
                    self.transparency.add(f"{k[1:]} < 1")
            smask = gs.get("/SMask")
            if smask is not None and smask != pikepdf.Name("/None"):
                self.transparency.add("soft mask")
        for cs in (res.get("/ColorSpace") or {}).values():
            self.spaces.add(_space_name(cs))
        for sh in (res.get("/Shading") or {}).values():
            self.spaces.add(_space_name(sh.get("/ColorSpace")))
        for xobj in (res.get("/XObject") or {}).values():
            if not isinstance(xobj, pikepdf.Stream):
                continue
            xkey = xobj.objgen
            if xkey in self.seen:
                continue
            self.seen.add(xkey)
            if PROOF_KEY in xobj:
                self.proof = True
            group = xobj.get("/Group")
            if group is not None and group.get("/S") == pikepdf.Name("/Transparency"):
                self.transparency.add("transparency group")
            if xobj.get("/Subtype") == pikepdf.Name("/Image"):
                self.images.add((int(xobj.get("/Width", 0)), int(xobj.get("/Height", 0))))
                if "/SMask" in xobj:
                    self.transparency.add("image soft mask")
                if not xobj.get("/ImageMask", False):
                    self.spaces.add(_space_name(xobj.get("/ColorSpace")))
            else:
                self._operators(xobj)
                self.resources(xobj.get("/Resources"))

    def _font(self, font) -> None:
        import pikepdf

        name = str(font.get("/BaseFont", "/(unnamed)")).lstrip("/").split("+")[-1]
        if font.get("/Subtype") == pikepdf.Name("/Type3"):
            self.fonts[name] = True  # glyphs drawn in the file
            return
        desc = font["/DescendantFonts"][0] if "/DescendantFonts" in font else font
        descriptor = desc.get("/FontDescriptor") or {}
        self.fonts[name] = self.fonts.get(name, True) and any(k in descriptor for k in
                                                               ("/FontFile", "/FontFile2", "/FontFile3"))

    def _operators(self, stream) -> None:
        import pikepdf

        for operands, op in pikepdf.parse_content_stream(stream, "rg RG k K g G sc scn SC SCN cs CS"):
            name = str(op)
            if name in ("rg", "RG"):
                self.spaces.add("DeviceRGB")
            elif name in ("k", "K"):
                self.spaces.add("DeviceCMYK")
            elif name in ("g", "G"):
                self.spaces.add("DeviceGray")
            elif name in ("cs", "CS") and operands:
                space = str(operands[0]).lstrip("/")
                if space.startswith("Device") or space == "Pattern":
                    self.spaces.add(space)  # named ones are listed from the resources


MIN_IMAGE_DPI = 300  # what every shop in the table asks of pictures at their printed size
def _image_dpis(stream, resources, ctm: tuple, found: list, depth: int = 0) -> None:
    """The effective resolution of every image drawn by a content stream (and the forms it
    draws): its pixels over the size the current matrix gives it on the page."""
    import math

    import pikepdf

    xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
    for name, ctm in drawn_with(stream, ctm):
        if xobjects is not None and name in xobjects:
            xobj = xobjects[name]
            if xobj.get("/Subtype") == pikepdf.Name("/Image"):
                w_in, h_in = math.hypot(ctm[0], ctm[1]) / 72, math.hypot(ctm[2], ctm[3]) / 72
                if w_in > 0 and h_in > 0:
                    found.append(min(int(xobj.get("/Width", 0)) / w_in, int(xobj.get("/Height", 0)) / h_in))
            elif depth < 8 and len(found) < MAX_WALK:
                matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
                _image_dpis(xobj, xobj.get("/Resources", resources), _times(matrix, ctm), found, depth + 1)


def measure_pdf(path: Path) -> dict:
    """Boxes of every page (mm), fonts and whether each is embedded, transparency found,
    color spaces used, PDF/X keys, proof marks."""
    import pikepdf

    from .pdfread import open_pdf

    walk = _Walk()
    pages, dpis = [], []
    with open_pdf(path) as pdf:  # its size and its streams' decoded size bounded first
        if len(pdf.pages) > MAX_PAGES:
            return {"error": f"{len(pdf.pages)} pages, more than any shop file"}
        for page in pdf.pages:
            media = _mm(page.mediabox)
            obj = page.obj
            pages.append({"media": media, "trim": _mm(obj["/TrimBox"]) if "/TrimBox" in obj else None,
                          "bleed": _mm(obj["/BleedBox"]) if "/BleedBox" in obj else None})
            walk._operators(page.obj)
            walk.resources(obj.get("/Resources"))
            _image_dpis(page.obj, obj.get("/Resources"), IDENTITY, dpis)
            if "/Group" in obj and obj.Group.get("/S") == pikepdf.Name("/Transparency"):
                walk.transparency.add("transparency group")
        info = pdf.trailer.get("/Info") or {}
        pdfx = str(info.get("/GTS_PDFXConformance", "")) if info else ""  # "PDF/X-1a:2003"
        pdfx_version = str(info.get("/GTS_PDFXVersion", "")) if info else ""  # "PDF/X-1:2003"
        intents = len(pdf.Root.get("/OutputIntents") or [])
    return {"pages": pages, "fonts": dict(sorted(walk.fonts.items())), "transparency": sorted(walk.transparency),
            "color_spaces": sorted(walk.spaces), "pdfx": pdfx, "pdfx_version": pdfx_version,
            "output_intents": intents, "proof_marks": walk.proof,
            "images_px": [list(i) for i in sorted(walk.images)],
            "image_dpi_min": round(min(dpis), 1) if dpis else None}


def measure_png(path: Path) -> dict:
    """Pixel size, resolution in the file, mode and whether it carries alpha."""
    from PIL import Image

    from .safefile import guard

    with Image.open(guard(path)) as im:
        dpi = im.info.get("dpi", (0, 0))
        alpha = im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info)
        return {"format": im.format, "pixels": list(im.size), "dpi": [round(float(d), 1) for d in dpi],
                "mode": im.mode, "alpha": alpha}


def _close(a, b) -> bool:
    return a is not None and b is not None and all(abs(x - y) <= BOX_TOLERANCE_MM for x, y in zip(a, b))


def _check(name: str, expected, found, ok: bool, pending: bool = False) -> dict:
    return {"check": name, "expected": expected, "found": found,
            "status": PASS if ok else (PENDING if pending else FAIL)}


def judge_pdf(m: dict, spec: dict, pages: int, color_applied: bool) -> list:
    """The checks of one shop PDF, from its measurements and the shop's template (the
    report's "spec"); pages: the cards it must hold."""
    if "error" in m:
        return [_check("readable", "a PDF of card pages", m["error"], False)]
    w, h = (v + 2 * spec["bleed_mm"] for v in spec["trim_mm"])
    b = spec["bleed_mm"]
    media_want, trim_want = [0, 0, round(w, 3), round(h, 3)], [round(b, 3), round(b, 3), round(w - b, 3), round(h - b, 3)]
    checks = [_check("pages", pages, len(m["pages"]), len(m["pages"]) == pages)]
    bad_media = [i for i, p in enumerate(m["pages"], 1) if not _close(p["media"], media_want)]
    bad_bleed = [i for i, p in enumerate(m["pages"], 1) if not _close(p["bleed"], p["media"])]
    bad_trim = [i for i, p in enumerate(m["pages"], 1) if not _close(p["trim"], trim_want)]
    first = m["pages"][0] if m["pages"] else {}
    checks.append(_check("page size (MediaBox) in mm", media_want,
                         m["pages"][bad_media[0] - 1]["media"] if bad_media else first.get("media"), not bad_media))
    checks.append(_check("BleedBox = MediaBox on every page", "all pages",
                         f"pages {bad_bleed[:5]} differ" if bad_bleed else "all pages", not bad_bleed))
    checks.append(_check("TrimBox in mm (the bleed inside the page)", trim_want,
                         m["pages"][bad_trim[0] - 1]["trim"] if bad_trim else first.get("trim"), not bad_trim))
    missing = [f for f, embedded in m["fonts"].items() if not embedded]
    checks.append(_check("fonts embedded", "every font", f"not embedded: {', '.join(missing)}" if missing
                         else f"{len(m['fonts'])} fonts, all embedded", not missing))
    if m["image_dpi_min"] is not None:
        checks.append(_check("images at their printed size (dpi, the lowest)", f">= {MIN_IMAGE_DPI}",
                             m["image_dpi_min"], m["image_dpi_min"] >= MIN_IMAGE_DPI - 0.5))
    checks.append(_check("no proof marks", "none", "proof overlay found" if m["proof_marks"] else "none",
                         not m["proof_marks"]))
    pending = spec["color"] == "cmyk" and not color_applied
    if not spec["transparency"]:
        checks.append(_check("no transparency", "none", m["transparency"] or "none", not m["transparency"], pending))
    if spec["color"] == "cmyk":
        other = sorted(set(m["color_spaces"]) - CMYK_SPACES)
        checks.append(_check("CMYK color only", "DeviceCMYK (and gray)", m["color_spaces"], not other, pending))
    if spec["pdfx"]:
        from .pdfx import PDFX_KEYS

        # GTS_PDFXConformance the shop's level ("PDF/X-1a:2003"), GTS_PDFXVersion its standard ("PDF/X-1:2003")
        ok = m["pdfx"] == spec["pdfx"] and m.get("pdfx_version") == PDFX_KEYS.get(spec["pdfx"])
        checks.append(_check("PDF/X version and output intent", f"{spec['pdfx']} ({PDFX_KEYS.get(spec['pdfx'])})",
                             f"{m['pdfx'] or 'none'} ({m.get('pdfx_version') or 'none'}), "
                             f"{m['output_intents']} output intents",
                             ok and m["output_intents"] > 0, pending))
    return checks


def judge_png(m: dict, spec: dict) -> list:
    """The checks of one card image: exact pixels, the resolution, RGB without alpha."""
    want = spec["pixels"]
    page_in = [(v + 2 * spec["bleed_mm"]) / MM_PER_INCH for v in spec["trim_mm"]]
    effective = [round(px / inch, 1) for px, inch in zip(m["pixels"], page_in)]
    return [
        _check("pixel size", want, m["pixels"], m["pixels"] == want),
        _check("effective resolution at the card's size (dpi)", spec["dpi"], effective,
               all(abs(e - spec["dpi"]) < 1 for e in effective)),
        _check("resolution in the file (dpi)", spec["dpi"], m["dpi"], all(abs(d - spec["dpi"]) < 0.5 for d in m["dpi"])),
        _check("RGB without transparency", "RGB", m["mode"] + (" with alpha" if m["alpha"] else ""),
               m["mode"] == "RGB" and not m["alpha"]),
    ]


def ink_slot(spec: dict, measured: "dict | None" = None) -> dict:
    """The report's "ink" entry. The color step (18-color's measurement on rasterized
    separations) fills measured = {"max_pct": …, "method": …}; until then a shop with an
    ink limit shows "pending", one without "not applicable"."""
    limit = spec["ink_limit"]
    if not limit:
        return {"status": "not applicable", "limit_pct": None, "max_pct": None, "method": None,
                "note": "the shop states no total-ink limit and takes RGB"}
    if not measured:
        return {"status": PENDING, "limit_pct": limit, "max_pct": None, "method": None,
                "note": "to be measured by the color step on the rasterized CMYK separations"}
    return {"status": PASS if measured["max_pct"] <= limit else FAIL, "limit_pct": limit,
            "max_pct": measured["max_pct"], "method": measured.get("method"), "note": measured.get("note", "")}


def result_of(files: list, ink: dict) -> str:
    statuses = [c["status"] for f in files for c in f["checks"]] + [ink.get("status")]
    return FAIL if FAIL in statuses else PENDING if PENDING in statuses else PASS


def measure_file(path: Path) -> dict:
    return measure_pdf(path) if path.suffix == ".pdf" else measure_png(path)
