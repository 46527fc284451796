"""The user's own card-back art, made safe before it goes near a card.

Back art may be an SVG or a PNG. Whatever it is, it ends up as a PNG embedded in
the back (a data: URI), so the cards themselves never reference anything outside.
Before that:
- Every file is looked at before it is read (inputs.py): a FIFO, a device or a
  folder is refused without blocking, a file over its size limit without reading it.
- PNG: at most 20 MB and 40 megapixels, and the image must decode.
- SVG: at most 8 MB and 100,000 elements, counted while it is parsed with
  defusedxml (no DTDs or entities); every reference must be a fragment (#id), a
  data: URI or a file inside the art's own folder — no file://, no http(s)://, no
  ../ escapes. The files it uses there are read too (each under the same limits, an
  SVG among them checked the same way) and are part of the build's cache key. Then
  it is rendered by CairoSVG in a separate process with a time limit, from those
  bytes alone: its URL fetcher serves only the files read and checked, so a
  pathological SVG (deeply nested <use>) is stopped within seconds, and the render
  process ends with the build whatever happens to it.
"""
from __future__ import annotations

import base64
import hashlib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from .errors import CardgenError
from .inputs import MB, read_file

MAX_BYTES = 20 * MB  # a PNG, or a file an SVG uses
MAX_SVG_BYTES = 8 * MB
MAX_ELEMENTS = 100_000  # in the art and every SVG it uses, together
MAX_FILES = 100  # files an SVG uses, besides itself
MAX_TOTAL_BYTES = 40 * MB  # the art and every file it uses, together
MAX_PIXELS = 40_000_000
RENDER_SECONDS = 5.0
MAX_USE = 2000
REF_ATTRS = ("href", "{http://www.w3.org/1999/xlink}href")
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


@dataclass
class Art:
    """Back art as read and checked: its own bytes and those of every file it uses,
    by resolved path (None: named but absent, so it draws nothing)."""
    path: Path
    data: bytes
    files: dict = field(default_factory=dict)  # str(resolved path) -> bytes | None

    def digest(self) -> str:
        h = hashlib.sha256(self.path.suffix.lower().encode() + b"\0" + self.data)
        for name in sorted(self.files):
            rel = Path(name).relative_to(self.path.resolve().parent).as_posix()
            data = self.files[name]
            h.update(b"\0" + rel.encode() + b"\0" + (hashlib.sha256(data).digest() if data is not None else b"-"))
        return h.hexdigest()


def load(path: Path) -> Art:
    """Read and check back art and every file it uses; a CardgenError for anything refused."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".png", ".svg"):
        raise CardgenError(f"back art {path} is neither .svg nor .png: convert it to one of those")
    limit = MAX_SVG_BYTES if suffix == ".svg" else MAX_BYTES
    data = read_file(path, f"back art {path}", limit, missing="fix theme.back_art in cardgen.toml",
                     too_big="export it smaller" + (" (or as a PNG)" if suffix == ".svg" else ""))
    art = Art(path, data)
    if suffix == ".svg":
        _check_svg(art, path, data, [0])
    return art


def digest(path: Path) -> str:
    """The cache key's part for back art: the art and every file it uses."""
    return load(path).digest()


def back_art_uri(path: Path, width_px: int, height_px: int) -> str:
    """A data: URI of the art as a PNG covering width × height pixels."""
    art = load(path)
    if art.path.suffix.lower() == ".png":
        png = _png_art(art, width_px, height_px)
    else:
        png = _svg_art(art, width_px, height_px)
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _png_art(art: Art, width_px: int, height_px: int) -> bytes:
    from PIL import Image, ImageOps

    path = art.path
    try:
        with Image.open(io.BytesIO(art.data)) as probe:
            w, h = probe.size
            if w * h > MAX_PIXELS:
                raise CardgenError(f"back art {path} is {w} × {h} px, over {MAX_PIXELS // 1_000_000} megapixels: "
                                   "scale it down")
            probe.verify()
        with Image.open(io.BytesIO(art.data)) as im:
            im.load()
            fitted = ImageOps.fit(im.convert("RGB"), (width_px, height_px))
    except CardgenError:
        raise
    except Exception as exc:  # Pillow raises many types on damaged files
        raise CardgenError(f"back art {path} is not a readable PNG ({exc.__class__.__name__}): "
                           "re-export it") from None
    buf = io.BytesIO()
    fitted.save(buf, format="PNG")
    return buf.getvalue()


class _Counted:
    """A tree builder that stops the parse once the element limit is passed."""

    def __init__(self, counter: list, art: Art, path: Path):
        from xml.etree.ElementTree import TreeBuilder

        self.builder, self.counter, self.art, self.path = TreeBuilder(), counter, art, path

    def start(self, tag, attrs):
        self.counter[0] += 1
        if self.counter[0] > MAX_ELEMENTS:
            where = "" if self.path == self.art.path else f" (with {self.path.name}, which it uses)"
            raise CardgenError(f"back art {self.art.path} has over {MAX_ELEMENTS:,} elements{where}: "
                               "simplify it, or export it as a PNG")
        return self.builder.start(tag, attrs)

    def __getattr__(self, name):
        return getattr(self.builder, name)


def _parse(art: Art, path: Path, data: bytes, counter: list):
    from defusedxml.common import DefusedXmlException
    from defusedxml.ElementTree import DefusedXMLParser, ParseError

    what = f"back art {art.path}" if path == art.path else f"{path.name}, which back art {art.path} uses,"
    if data[:2] == b"\x1f\x8b":
        raise CardgenError(f"{what} is compressed (.svgz), which is refused: save it as plain SVG")
    parser = DefusedXMLParser(target=_Counted(counter, art, path), forbid_dtd=True)
    try:
        for start in range(0, len(data), 1 << 20):
            parser.feed(data[start:start + (1 << 20)])
        return parser.close()
    except DefusedXmlException as exc:
        raise CardgenError(f"{what} uses XML entities or a DTD ({exc.__class__.__name__}), which are refused: "
                           "remove the <!DOCTYPE>/<!ENTITY> lines") from None
    except ParseError as exc:
        raise CardgenError(f"{what} is not well-formed SVG ({exc}): re-export it") from None


def _check_svg(art: Art, path: Path, data: bytes, counter: list) -> None:
    """Parse one SVG (the art or one it uses) and read, once each, the files it refers to."""
    root = _parse(art, path, data, counter)
    folder = art.path.resolve().parent  # the art's folder bounds every reference
    here = path.resolve().parent
    uses = 0
    for el in root.iter():
        if el.tag.endswith("}use") or el.tag == "use":
            uses += 1
        refs = [el.get(a) for a in REF_ATTRS if el.get(a)]
        refs += CSS_URL.findall(el.get("style", "")) + CSS_URL.findall(el.text or "" if el.tag.endswith("style") else "")
        refs += [m for v in el.attrib.values() for m in CSS_URL.findall(v)]
        for ref in refs:
            target = _check_ref(ref.strip(), folder, here, art.path)
            if target is not None:
                _read_used(art, target, ref.strip(), counter)
    if uses > MAX_USE:
        raise CardgenError(f"back art {art.path} has {uses} <use> elements (limit {MAX_USE}): simplify it")


def _check_ref(ref: str, folder: Path, here: Path, path: Path) -> "Path | None":
    """The file a reference names (None for a fragment or a data: URI); refuses the rest."""
    if ref.startswith("#") or ref.startswith("data:"):
        return None
    scheme = urlparse(ref).scheme
    if scheme:
        raise CardgenError(f"back art {path} refers to {ref!r}: {scheme}: links are refused; "
                           "embed the image or keep it in the art's folder")
    name = unquote(ref.split("#", 1)[0].split("?", 1)[0])
    target = (here / name).resolve()
    if folder not in target.parents and target != folder:
        raise CardgenError(f"back art {path} refers to {ref!r}, outside its folder: move that file beside the art")
    return None if target == folder or not name else target


def _read_used(art: Art, target: Path, ref: str, counter: list) -> None:
    """Read a file the art uses (once), under the same limits; an SVG is checked in turn."""
    import os
    import stat

    key = str(target)
    if key in art.files:
        return
    if len(art.files) >= MAX_FILES:
        raise CardgenError(f"back art {art.path} uses over {MAX_FILES} files: embed or merge some")
    try:
        is_dir = stat.S_ISDIR(os.stat(target).st_mode)
    except FileNotFoundError:
        is_dir = None
    except OSError:
        is_dir = False  # read_file says why
    if is_dir is not False:  # absent or a folder: draws nothing (creating it later changes the key)
        art.files[key] = None
        return
    data = read_file(target, f"{ref!r}, used by back art {art.path},", MAX_BYTES,
                     missing="put it beside the art", too_big="export it smaller")
    art.files[key] = data
    if len(art.data) + sum(len(d) for d in art.files.values() if d) > MAX_TOTAL_BYTES:
        raise CardgenError(f"back art {art.path} and the files it uses come to over {MAX_TOTAL_BYTES // MB} MB: "
                           "export them smaller")
    if data.lstrip()[:1] == b"<" or data[:2] == b"\x1f\x8b":
        _check_svg(art, target, data, counter)  # an SVG it uses: the same checks, its references too
    else:
        _check_raster(art, target, ref, data)


def _check_raster(art: Art, target: Path, ref: str, data: bytes) -> None:
    """An image the SVG uses: the pixel limit, read from its header (decoded later, if at all)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as probe:
            w, h = probe.size
    except Exception:  # noqa: BLE001 - not an image Pillow knows: CairoSVG draws nothing for it
        return
    if w * h > MAX_PIXELS:
        raise CardgenError(f"{ref!r}, used by back art {art.path}, is {w} × {h} px, over "
                           f"{MAX_PIXELS // 1_000_000} megapixels: scale it down")


def _end_with_parent(seconds: float) -> None:
    """In the render process: die with the process that started it (a build stopped by
    SIGTERM or SIGKILL runs no cleanup), and in any case soon after its time is up."""
    import math
    import signal

    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG (Linux)
    except (OSError, AttributeError):
        pass
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    signal.alarm(math.ceil(seconds) + 2)  # the parent kills it at `seconds`; this is the backstop


def _render_worker(args, conn) -> None:
    svg_path, data, files, width_px, height_px, parent_pid = args
    try:
        import os

        _end_with_parent(RENDER_SECONDS)
        if os.getppid() != parent_pid:  # the parent died before the line above
            os._exit(1)
        from cairosvg.parser import Tree
        from cairosvg.surface import PNGSurface
        from cairosvg.url import fetch as fetch_any

        def fetch(url: str, resource_type: str) -> bytes:
            """Serve data: URIs and the files read and checked beforehand; nothing else."""
            if url.startswith("data:"):
                return fetch_any(url, resource_type)
            parsed = urlparse(url)
            key = str(Path(unquote(parsed.path)).resolve())
            if parsed.scheme == "file" and key in files and files[key] is None:
                raise FileNotFoundError(f"{Path(key).name} is not there")  # absent, or a folder
            if parsed.scheme != "file" or files.get(key) is None:
                raise ValueError(f"refused {url}")
            return files[key]

        tree = Tree(bytestring=data, url=str(svg_path), url_fetcher=fetch)
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


def _svg_art(art: Art, width_px: int, height_px: int) -> bytes:
    import multiprocessing
    import os

    path = art.path
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_render_worker, daemon=True,
                       args=((str(path.resolve()), art.data, art.files, width_px, height_px, os.getpid()), child))
    proc.start()
    child.close()
    try:
        ready = parent.poll(RENDER_SECONDS)
        if not ready:
            raise CardgenError(f"back art {path} took over {RENDER_SECONDS:g} s to render and was stopped: "
                               "simplify it (deeply nested <use> elements?)")
        try:
            status, payload = parent.recv()
        except EOFError:
            status, payload = "error", "the renderer stopped without an answer"
    finally:  # whatever happened, the render process ends here
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()
    if status != "ok":
        raise CardgenError(f"back art {path} could not be rendered ({payload}): fix or re-export it")
    return payload
