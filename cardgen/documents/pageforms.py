"""PDF pages reused as form XObjects (pikepdf), for the print sheets and the fold booklet.

A page's content stream is kept as it is, still compressed, and placed elsewhere with
one `Do`: nothing is parsed, re-drawn or re-encoded.
"""
from __future__ import annotations


def page_form(pdf, page):
    """A PDF page as a form XObject in the same file, bounded by its MediaBox: the whole
    card with its bleed (pikepdf's own as_form_xobject stops at the TrimBox). The
    content stream is reused as it is, still compressed."""
    import pikepdf

    contents = page.obj.Contents
    if isinstance(contents, pikepdf.Array):
        form = pikepdf.Stream(pdf, b"\n".join(s.read_bytes() for s in contents))
    else:
        form = pikepdf.Stream(pdf, contents.read_raw_bytes())
        for key in ("/Filter", "/DecodeParms"):
            if key in contents:
                form[key] = contents[key]
    form.Type = pikepdf.Name.XObject
    form.Subtype = pikepdf.Name.Form
    form.BBox = page.mediabox
    form.Resources = page.obj.get("/Resources", pikepdf.Dictionary())
    return form
