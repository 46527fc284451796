"""The user's own card-back art, made safe before it goes near a card.

Back art may be an SVG or a PNG. Whatever it is, it ends up as a PNG embedded in
the back (a data: URI), so the cards themselves never reference anything outside.
Before that:
- PNG: the file size and pixel count are capped and the image must decode.
- SVG: parsed with defusedxml (no DTDs or entities); every reference must be a
  fragment (#id), a data: URI or a file inside the art's own folder — no file://,
  no http(s)://, no ../ escapes; then it is rendered by CairoSVG in a separate
  process with a time limit, with a URL fetcher that serves only those files, so a
  pathological SVG (deeply nested <use>) is stopped within seconds.
"""
from __future__ import annotations

import base64
import io
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

from .errors import CardgenError

MAX_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 40_000_000
RENDER_SECONDS = 5.0
MAX_USE = 2000
REF_ATTRS = ("href", "{http://www.w3.org/1999/xlink}href")
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


def back_art_uri(path: Path, width_px: int, height_px: int) -> str:
    """A data: URI of the art as a PNG covering width × height pixels."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise CardgenError(f"back art {path} not found: fix theme.back_art in cardgen.toml") from None
    if size > MAX_BYTES:
        raise CardgenError(f"back art {path} is {size / 1e6:.1f} MB, over the {MAX_BYTES // 2**20} MB limit: "
                           "export it smaller")
    suffix = path.suffix.lower()
    if suffix == ".png":
        png = _png_art(path, width_px, height_px)
    elif suffix == ".svg":
        png = _svg_art(path, width_px, height_px)
    else:
        raise CardgenError(f"back art {path} is neither .svg nor .png: convert it to one of those")
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _png_art(path: Path, width_px: int, height_px: int) -> bytes:
    from PIL import Image, ImageOps

    try:
        with Image.open(path) as probe:
            w, h = probe.size
            if w * h > MAX_PIXELS:
                raise CardgenError(f"back art {path} is {w} × {h} px, over {MAX_PIXELS // 1_000_000} megapixels: "
                                   "scale it down")
            probe.verify()
        with Image.open(path) as im:
            im.load()
            art = ImageOps.fit(im.convert("RGB"), (width_px, height_px))
    except CardgenError:
        raise
    except Exception as exc:  # Pillow raises many types on damaged files
        raise CardgenError(f"back art {path} is not a readable PNG ({exc.__class__.__name__}): "
                           "re-export it") from None
    buf = io.BytesIO()
    art.save(buf, format="PNG")
    return buf.getvalue()


def check_svg_references(path: Path) -> None:
    """Refuse anything that would reach outside the art's folder."""
    from defusedxml import ElementTree
    from defusedxml.common import DefusedXmlException

    try:
        root = ElementTree.parse(str(path), forbid_dtd=True).getroot()
    except DefusedXmlException as exc:
        raise CardgenError(f"back art {path} uses XML entities or a DTD ({exc.__class__.__name__}), which are refused: "
                           "remove the <!DOCTYPE>/<!ENTITY> lines") from None
    except ElementTree.ParseError as exc:
        raise CardgenError(f"back art {path} is not well-formed SVG ({exc}): re-export it") from None
    folder = path.resolve().parent
    uses = 0
    for el in root.iter():
        if el.tag.endswith("}use") or el.tag == "use":
            uses += 1
        refs = [el.get(a) for a in REF_ATTRS if el.get(a)]
        refs += CSS_URL.findall(el.get("style", "")) + CSS_URL.findall(el.text or "" if el.tag.endswith("style") else "")
        refs += [m for v in el.attrib.values() for m in CSS_URL.findall(v)]
        for ref in refs:
            _check_ref(ref.strip(), folder, path)
    if uses > MAX_USE:
        raise CardgenError(f"back art {path} has {uses} <use> elements (limit {MAX_USE}): simplify it")


def _check_ref(ref: str, folder: Path, path: Path) -> None:
    if ref.startswith("#") or ref.startswith("data:"):
        return
    scheme = urlparse(ref).scheme
    if scheme:
        raise CardgenError(f"back art {path} refers to {ref!r}: {scheme}: links are refused; "
                           "embed the image or keep it in the art's folder")
    target = (folder / unquote(ref.split("#", 1)[0])).resolve()
    if folder not in target.parents and target != folder:
        raise CardgenError(f"back art {path} refers to {ref!r}, outside its folder: move that file beside the art")


def _render_worker(args, conn) -> None:
    svg_path, width_px, height_px = args
    try:
        from cairosvg.parser import Tree
        from cairosvg.surface import PNGSurface
        from cairosvg.url import fetch as fetch_any

        folder = Path(svg_path).resolve().parent

        def fetch(url: str, resource_type: str) -> bytes:
            """Serve data: URIs and files inside the art's folder; nothing else."""
            if url.startswith("data:"):
                return fetch_any(url, resource_type)
            parsed = urlparse(url)
            target = Path(unquote(parsed.path)).resolve()
            if parsed.scheme != "file" or folder not in target.parents:
                raise ValueError(f"refused {url}")
            return target.read_bytes()

        tree = Tree(url=str(svg_path), url_fetcher=fetch)
        if "preserveAspectRatio" not in tree:
            # cover the frame, as a PNG's art does (ImageOps.fit), instead of SVG's default
            # "meet", which would leave white bands where the aspect ratios differ
            tree["preserveAspectRatio"] = "xMidYMid slice"
        out = io.BytesIO()
        PNGSurface(tree, out, 96, output_width=width_px, output_height=height_px,
                   background_color="#ffffff").finish()
        conn.send(("ok", out.getvalue()))
    except Exception as exc:  # reported to the parent as one line
        conn.send(("error", f"{exc.__class__.__name__}: {exc}"))
    finally:
        conn.close()


def _svg_art(path: Path, width_px: int, height_px: int) -> bytes:
    import multiprocessing

    check_svg_references(path)
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_render_worker, args=((str(path), width_px, height_px), child), daemon=True)
    proc.start()
    child.close()
    ready = parent.poll(RENDER_SECONDS)
    if not ready:
        proc.kill()
        proc.join()
        raise CardgenError(f"back art {path} took over {RENDER_SECONDS:g} s to render and was stopped: "
                           "simplify it (deeply nested <use> elements?)")
    try:
        status, payload = parent.recv()
    except EOFError:
        status, payload = "error", "the renderer stopped without an answer"
    proc.join()
    if status != "ok":
        raise CardgenError(f"back art {path} could not be rendered ({payload}): fix or re-export it")
    return payload
