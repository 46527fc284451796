"""Font subsets in our PDFs: tagged by what they hold, and one per font in a file.

A subset's name is a six-letter tag, '+', and the font's name. reportlab tags the
first subset of every font AAAAAA in every document, so two documents merged into
one (the print sheets hold pages of the card and back PDFs and their own labels)
carried several different subsets all called AAAAAA+Lato-Regular, each with other
glyphs behind the same codes, and identical ones stored twice; a printer or viewer
that caches fonts by name draws the wrong letters.

Two cures. TaggedTTFont (taggedfont.py) writes every subset under a tag derived from the font file
and the characters it holds, so the same subset has the same name in every file
(rebuilds stay byte-identical) and different subsets have different names. And
unify() rewrites a merged PDF so each font is stored once: the subsets of a font
are merged into one (built by reportlab from the same font file, from the union of
their characters) and the text that used the others is re-encoded to its codes.
"""
from __future__ import annotations

import re

from reportlab.pdfbase.ttfonts import makeToUnicodeCMap

from .taggedfont import face_digest, subset_tag

_TAGGED = re.compile(r"^/?([A-Z]{6})\+(.+)$")
_BFCHAR = re.compile(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4})>")
_TEXT_OPS = {"Tj", "TJ", "'", '"'}
MAX_CODES = 256  # a simple TrueType font: one byte a character


# -- merged PDFs ---------------------------------------------------------------

def _holders(pdf):
    """Every page and form XObject (reached through resources, each once), in file order."""
    import pikepdf

    seen, order = set(), []

    def visit(obj):
        key = obj.objgen
        if key != (0, 0):
            if key in seen:
                return
            seen.add(key)
        order.append(obj)
        resources = obj.get("/Resources")
        if not isinstance(resources, pikepdf.Dictionary):
            return
        for xobj in resources.get("/XObject", {}).values():
            if isinstance(xobj, pikepdf.Stream) and xobj.get("/Subtype") == "/Form":
                visit(xobj)
    for page in pdf.pages:
        visit(page.obj)
    return order


def _our_subset(font) -> "tuple[str, dict] | None":
    """(font name, code → character of each code used) for a simple TrueType subset with a
    one-byte ToUnicode map of every code, as reportlab writes them; None for any other
    font (left alone)."""
    import pikepdf

    if not isinstance(font, pikepdf.Dictionary) or font.get("/Subtype") != "/TrueType":
        return None
    match = _TAGGED.match(str(font.get("/BaseFont", "")))
    descriptor = font.get("/FontDescriptor")
    to_unicode = font.get("/ToUnicode")
    if not match or descriptor is None or "/FontFile2" not in descriptor or to_unicode is None:
        return None
    codes = {int(c, 16): int(u, 16) for c, u in _BFCHAR.findall(to_unicode.read_bytes())}
    if not codes or len(codes) != int(font.get("/LastChar", -1)) + 1 - int(font.get("/FirstChar", 0)):
        return None  # not a map of every code, one character each: not ours
    return match.group(2), {code: char for code, char in codes.items() if char}


def _faces(fonts) -> dict:
    """Font name (as PDFs spell it) -> the reportlab face of that cut in the theme's fonts."""
    from reportlab.pdfbase import pdfmetrics

    from .fonts import register_reportlab_fonts

    faces = {}
    for name in register_reportlab_fonts(fonts).values():
        face = pdfmetrics.getFont(name).face
        faces[(face.name + face.subfontNameX).decode("latin-1")] = face
    return faces


def _merge_codes(maps: list) -> "tuple[list, list] | None":
    """One code table for several subsets (each a map code -> character of the codes it
    uses): the first map's codes kept; the others' characters given the code the table
    already has for them, else their own code when it is free, else the lowest free one.
    Returns (the character behind each code, 0 for none; old -> new code for each map),
    or None when the characters need more than one subset."""
    table = dict(maps[0])
    by_char = {}
    for code, char in sorted(table.items()):
        by_char.setdefault(char, code)
    recodes = [{}]
    for codes in maps[1:]:
        recode = {}
        for code, char in sorted(codes.items()):
            if char not in by_char:
                new = code if code not in table else next((c for c in range(1, MAX_CODES) if c not in table), None)
                if new is None:
                    return None
                table[new], by_char[char] = char, new
            if by_char[char] != code:
                recode[code] = by_char[char]
        recodes.append(recode)
    return [table.get(c, 0) for c in range(max(table) + 1)], recodes


def _unified_font(pdf, template, face, subset: list):
    """A font object like template (one of the subsets merged), holding the subset's characters."""
    import pikepdf

    name = f"{subset_tag(face_digest(face), subset)}+{(face.name + face.subfontNameX).decode('latin-1')}"
    data = face.makeSubset(subset)
    font_file = pikepdf.Stream(pdf, data)
    font_file.Length1 = len(data)
    descriptor = pikepdf.Dictionary({k: v for k, v in template.FontDescriptor.items()})
    descriptor.FontName = pikepdf.Name("/" + name)
    descriptor.FontFile2 = pdf.make_indirect(font_file)
    font = pikepdf.Dictionary({k: v for k, v in template.items()})
    font.BaseFont = pikepdf.Name("/" + name)
    font.FirstChar, font.LastChar = 0, len(subset) - 1
    font.Widths = pikepdf.Array([face.getCharWidth(c) for c in subset])
    font.ToUnicode = pdf.make_indirect(pikepdf.Stream(pdf, makeToUnicodeCMap(name, subset).encode("latin-1")))
    font.FontDescriptor = pdf.make_indirect(descriptor)
    return pdf.make_indirect(font)


def _recode_text(pdf, holder, recodes: dict) -> None:
    """Re-encode the strings a content stream shows in the fonts whose codes moved.

    recodes: resource name -> {old code: new code}."""
    import zlib

    import pikepdf

    current, saved = None, []  # the font is graphics state: q saves it, Q restores it
    out = []

    def recode(s):
        table = recodes.get(current)
        if not table or not isinstance(s, pikepdf.String):
            return s
        return pikepdf.String(bytes(table.get(b, b) for b in bytes(s)))
    for item in pikepdf.parse_content_stream(holder):
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            out.append(item)
            continue
        operands, op = list(item.operands), str(item.operator)
        if op == "q":
            saved.append(current)
        elif op == "Q" and saved:
            current = saved.pop()
        elif op == "Tf" and operands:
            current = str(operands[0])
        elif op in _TEXT_OPS and operands:
            if op == "TJ":
                operands[-1] = pikepdf.Array([recode(v) for v in operands[-1]])
            else:
                operands[-1] = recode(operands[-1])
        out.append(pikepdf.ContentStreamInstruction(operands, item.operator))
    data = zlib.compress(pikepdf.unparse_content_stream(out), 6)
    if isinstance(holder, pikepdf.Stream):  # a form
        holder.write(data, filter=pikepdf.Name.FlateDecode)
    else:  # a page: its content streams become one
        stream = pikepdf.Stream(pdf, data)
        stream.Filter = pikepdf.Name.FlateDecode
        holder.Contents = pdf.make_indirect(stream)


def unify(pdf, fonts) -> None:
    """Store each of our fonts once in a merged PDF: its subsets merged into one (when the
    characters fit one subset), the text shown in the others re-encoded; fonts is the
    theme's FontSet, whose files the subsets were cut from."""
    holders = _holders(pdf)
    uses = []  # (holder, resource name, font)
    groups: dict = {}  # font name -> {objgen: (font, codes, holders using it)}
    read: dict = {}  # objgen -> what _our_subset found: each font read once
    for holder in holders:
        font_dict = holder.get("/Resources", {}).get("/Font", {})
        for res_name, font in font_dict.items():
            key = font.objgen
            if key == (0, 0):
                continue
            if key not in read:
                read[key] = _our_subset(font)
            found = read[key]
            if found is None:
                continue
            name, codes = found
            entry = groups.setdefault(name, {}).setdefault(font.objgen, [font, codes, 0])
            entry[2] += 1
            uses.append((holder, res_name, font))
    faces = None
    replace: dict = {}  # objgen -> (unified font, recode)
    for name, members in groups.items():
        if len(members) < 2:
            continue
        # the subset most holders use keeps its codes: the least text to re-encode
        ordered = sorted(members.values(), key=lambda m: -m[2])
        merged = _merge_codes([m[1] for m in ordered])
        if merged is None:
            continue
        subset, recodes = merged
        base = ordered[0]
        if all(m[1].items() <= base[1].items() for m in ordered):
            unified = base[0]  # one subset already holds the others: keep it
        else:
            faces = faces if faces is not None else _faces(fonts)
            face = faces.get(name)
            if face is None:
                continue  # not a cut of these fonts: left as it is
            unified = _unified_font(pdf, base[0], face, subset)
        for member, recode in zip(ordered, recodes):
            replace[member[0].objgen] = (unified, recode)
    if not replace:
        return
    by_holder: dict = {}
    for holder, res_name, font in uses:
        if font.objgen in replace:
            by_holder.setdefault(id(holder), (holder, {}))[1][res_name] = replace[font.objgen]
    for holder, names in by_holder.values():
        recodes = {res_name: recode for res_name, (_, recode) in names.items() if recode}
        if recodes:
            _recode_text(pdf, holder, recodes)
        font_dict = holder.Resources.Font
        for res_name, (unified, _) in names.items():
            font_dict[res_name] = unified
