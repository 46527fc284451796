"""Store identical objects once in a PDF gathered from others (the print-everything file).

Each part of the print-everything file was written on its own, so the font programs, the
ICC profile, the images and the card forms several parts share are copied in once a part.
dedupe() keeps the first of each set of identical indirect objects (a stream: its raw
bytes and its dictionary; a dictionary or an array: its entries) and points every
reference at it, round after round, since two font dictionaries become identical once their
font programs are one. Pages are never merged (each is its own page of the file), nor is
anything changed inside a stream: what prints is what printed. Deterministic: objects are
visited in file order, and the first of each set is kept.
"""
from __future__ import annotations

import hashlib

MAX_ROUNDS = 8  # font program -> descriptor -> font -> resources: four rounds settle cardgen's files


def _key(obj, names: dict) -> "bytes | None":
    """What makes obj identical to another: its kind and its contents, references named by
    the object they now point to; None for objects never merged (pages, the page tree)."""
    import pikepdf

    h = hashlib.sha256()

    def feed(value, top: bool) -> None:
        if isinstance(value, pikepdf.Object) and value.is_indirect and not top:
            h.update(b"R%d %d;" % _resolve(names, value.objgen))
            return
        if isinstance(value, pikepdf.Stream):
            h.update(b"S")
            feed_dict(value, ("/Length",))
            h.update(value.read_raw_bytes())
        elif isinstance(value, pikepdf.Dictionary):
            feed_dict(value, ())
        elif isinstance(value, pikepdf.Array):
            h.update(b"[")
            for item in value:
                feed(item, False)
            h.update(b"]")
        else:
            h.update(value.unparse() if isinstance(value, pikepdf.Object) else repr(value).encode())
            h.update(b";")

    def feed_dict(value, skip) -> None:
        h.update(b"<<")
        for k in sorted(value.keys()):
            if k not in skip:
                h.update(k.encode() + b"=")
                feed(value.get(k), False)
        h.update(b">>")

    if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") in ("/Page", "/Pages", "/Catalog"):
        return None
    if isinstance(obj, pikepdf.Dictionary) and "/Parent" in obj:
        return None
    if not isinstance(obj, (pikepdf.Stream, pikepdf.Dictionary, pikepdf.Array)):
        return None
    feed(obj, True)
    return h.digest()


def _resolve(names: dict, gen: tuple) -> tuple:
    """The object kept for gen, through every round's merges."""
    while gen in names:
        gen = names[gen]
    return gen


def _repoint(value, names: dict, objects: dict) -> None:
    """Every reference inside value (a dictionary, array or stream dictionary) to a merged
    object pointed at the object kept."""
    import pikepdf

    items = value.items() if isinstance(value, (pikepdf.Dictionary, pikepdf.Stream)) else enumerate(value)
    for k, v in list(items):
        if isinstance(v, pikepdf.Object) and v.is_indirect:
            if v.objgen in names:
                value[k] = objects[_resolve(names, v.objgen)]
        elif isinstance(v, (pikepdf.Dictionary, pikepdf.Array)):
            _repoint(v, names, objects)


def dedupe(pdf) -> int:
    """Merge identical objects of pdf (a pikepdf.Pdf) in place; the references to the
    objects merged away (left unreachable, so not written) now go to the one kept. The
    number merged."""
    import pikepdf

    merged_total = 0
    names: dict = {}  # objgen -> objgen kept
    for _ in range(MAX_ROUNDS):
        first: dict = {}
        objects: dict = {}
        merged = 0
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Object) or not obj.is_indirect or obj.objgen in names:
                continue
            key = _key(obj, names)
            if key is None:
                continue
            if key in first:
                names[obj.objgen] = first[key]
                merged += 1
            else:
                first[key] = obj.objgen
                objects[obj.objgen] = obj
        if not merged:
            break
        merged_total += merged
        keep = {gen: pdf.get_object(gen) for gen in {_resolve(names, g) for g in names}}
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Object) and obj.is_indirect and obj.objgen not in names \
                    and isinstance(obj, (pikepdf.Dictionary, pikepdf.Array, pikepdf.Stream)):
                _repoint(obj, names, keep)
        for page in pdf.pages:  # the pages' own dictionaries (never merged) point at the kept ones
            _repoint(page.obj, names, keep)
    return merged_total
