"""The print shops' templates, read from templates/shops/shops.toml and checked once.

The numbers are data, not code: a shop that changes its template is one edited row.
Both sides read this table: the build writes each shop's files to it, and the checker
(which imports no builder) holds the files against it. Standard library only.
"""
from __future__ import annotations

import functools
import math
import tomllib
from dataclasses import dataclass

from .errors import CardgenError

MM_PER_INCH = 25.4
UPLOADS = ("pdf-pages", "images")
COLORS = ("cmyk", "rgb")
PROOF_SUFFIX = "-proof.pdf"  # a shop's proof sits beside its upload folder, never in it


@dataclass(frozen=True)
class ShopSize:
    """One card size a shop prints."""
    trim_mm: tuple  # width, height
    bleed_mm: float
    safe_mm: float
    pixels: "tuple | None"  # width, height with bleed (image shops)

    @property
    def page_mm(self) -> tuple:
        return tuple(v + 2 * self.bleed_mm for v in self.trim_mm)


@dataclass(frozen=True)
class Shop:
    slug: str
    name: str
    source: str
    upload: str  # pdf-pages | images
    color: str  # cmyk | rgb
    pdfx: str
    ink_limit: int  # percent; 0: no stated limit
    transparency: bool  # whether the shop's files may carry transparency
    sizes: dict  # card size name -> ShopSize
    image: str = ""
    dpi: int = 0
    face_name: str = ""
    back_name: str = ""
    back_names: str = ""
    pdf_name: str = ""

    def size(self, card_size: str) -> ShopSize:
        """The shop's template for a card size, or one line saying which sizes it prints."""
        try:
            return self.sizes[card_size]
        except KeyError:
            raise CardgenError(f"--shop: {self.name} prints no {card_size} cards in cardgen's table; use --card-size "
                               f"{' or '.join(self.sizes)}, or leave {self.slug} out of --shop") from None

    def entry(self, card_size: str) -> dict:
        """The template for a card size as the preflight report states it (and the checker
        holds the report to)."""
        size = self.size(card_size)
        entry = {"card_size": card_size, "trim_mm": list(size.trim_mm), "bleed_mm": size.bleed_mm,
                 "safe_mm": size.safe_mm, "upload": self.upload, "color": self.color, "pdfx": self.pdfx,
                 "ink_limit": self.ink_limit, "transparency": self.transparency}
        if self.upload == "images":
            entry.update(pixels=list(size.pixels), dpi=self.dpi)
        return entry

    def upload_files(self, game: str, faces: int, backs: int) -> list:
        """The names of the files to upload, in upload order."""
        if self.upload == "pdf-pages":
            return [self.pdf_file(game)]
        return [self.face_file(i) for i in range(1, faces + 1)] + [self.back_file(i, backs) for i in range(1, backs + 1)]

    def face_file(self, n: int) -> str:
        return self.face_name.format(n=n)

    def back_file(self, n: int, backs: int) -> str:
        return self.back_name if backs == 1 else self.back_names.format(n=n)

    def pdf_file(self, game: str) -> str:
        return self.pdf_name.format(game=game)


_TEXT = ("name", "source", "upload", "color", "pdfx")
_IMAGE_TEXT = ("image", "face_name", "back_name", "back_names")


def _fail(slug: str, what: str) -> CardgenError:
    return CardgenError(f"templates/shops/shops.toml [{slug}]: {what}")


def _pair(slug: str, key: str, value, kind) -> tuple:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, kind) and not isinstance(v, bool)
                                                                 and v > 0 for v in value)):
        raise _fail(slug, f"{key} must be two positive numbers")
    return tuple(float(v) if kind is not int else v for v in value)


def _size(slug: str, name: str, row: dict, images: bool, dpi: int) -> ShopSize:
    known = {"trim_mm", "bleed_mm", "safe_mm", "pixels"}
    if set(row) - known or not {"trim_mm", "bleed_mm", "safe_mm"} <= set(row):
        raise _fail(slug, f"sizes.{name} takes trim_mm, bleed_mm, safe_mm (and pixels for an image shop)")
    trim = _pair(slug, f"sizes.{name}.trim_mm", row["trim_mm"], (int, float))
    numbers = [row["bleed_mm"], row["safe_mm"]]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 10 for v in numbers):
        raise _fail(slug, f"sizes.{name}: bleed_mm and safe_mm must be 0 to 10 mm")
    pixels = None
    if images:
        if "pixels" not in row:
            raise _fail(slug, f"sizes.{name}: an image shop gives the pixel size")
        pixels = _pair(slug, f"sizes.{name}.pixels", row["pixels"], int)
        want = tuple(round((v + 2 * row["bleed_mm"]) / MM_PER_INCH * dpi) for v in trim)
        if want != pixels:
            raise _fail(slug, f"sizes.{name}: {trim} mm with {row['bleed_mm']} mm bleed is {want} px at {dpi} dpi, "
                              f"not {pixels}")
    return ShopSize(trim, float(row["bleed_mm"]), float(row["safe_mm"]), pixels)


def _shop(slug: str, row: dict) -> Shop:
    if not isinstance(row, dict):
        raise _fail(slug, "must be a table")
    fields = set(Shop.__dataclass_fields__) - {"slug"}
    unknown = set(row) - fields
    if unknown:
        raise _fail(slug, f"unknown key {sorted(unknown)[0]!r}")
    for key in _TEXT:
        if not isinstance(row.get(key), str):
            raise _fail(slug, f"{key} must be a text")
    if row["upload"] not in UPLOADS or row["color"] not in COLORS:
        raise _fail(slug, f"upload must be one of {UPLOADS}, color one of {COLORS}")
    if not isinstance(row.get("ink_limit"), int) or not 0 <= row["ink_limit"] <= 400:
        raise _fail(slug, "ink_limit must be a whole percent from 0 to 400")
    if not isinstance(row.get("transparency"), bool):
        raise _fail(slug, "transparency must be true or false")
    images = row["upload"] == "images"
    if images:
        for key in _IMAGE_TEXT:
            if not isinstance(row.get(key), str) or not row[key]:
                raise _fail(slug, f"an image shop names its {key}")
        if row["image"] != "png" or not isinstance(row.get("dpi"), int) or not 72 <= row["dpi"] <= 1200:
            raise _fail(slug, "an image shop takes image = \"png\" and a dpi from 72 to 1200")
        names = {row["face_name"].format(n=1), row["face_name"].format(n=2), row["back_name"],
                 row["back_names"].format(n=1), row["back_names"].format(n=2)}
        if len(names) != 5 or any("/" in n or not n.endswith(".png") for n in names):
            raise _fail(slug, "face_name, back_name and back_names must give distinct .png names, no folders")
    elif not isinstance(row.get("pdf_name"), str) or not row["pdf_name"].endswith(".pdf") or "/" in row["pdf_name"]:
        raise _fail(slug, "a PDF shop names its pdf_name (a .pdf name, no folder)")
    sizes = row.get("sizes")
    if not isinstance(sizes, dict) or not sizes:
        raise _fail(slug, "lists no card sizes")
    sized = {name: _size(slug, name, size, images, row.get("dpi", 0)) for name, size in sizes.items()}
    return Shop(slug=slug, **{**{k: v for k, v in row.items() if k != "sizes"}, "sizes": sized})


@functools.lru_cache(maxsize=None)
def shops() -> dict:
    """slug -> Shop, in the file's order; a CardgenError names the first thing wrong."""
    from .paths import folder

    path = folder("cardgen.templates") / "shops" / "shops.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CardgenError(f"cannot read {path}: {exc}") from None
    return {slug: _shop(slug, row) for slug, row in data.items()}


def shop(slug: str) -> Shop:
    return shops()[slug]


def check_card_sizes(card_sizes: dict) -> None:
    """Every size a shop lists is one of ours, at our trim: a shop's "bridge" (57.15 mm) is
    not our bridge (56 mm). card_sizes: model.sizes.CARD_SIZES, passed in so that this
    module imports no model code."""
    for s in shops().values():
        for name, size in s.sizes.items():
            ours = card_sizes.get(name)
            if ours is None or not all(math.isclose(a, b, abs_tol=0.01)
                                       for a, b in zip(size.trim_mm, (ours.width, ours.height))):
                raise _fail(s.slug, f"sizes.{name} is not cardgen's {name} card")
