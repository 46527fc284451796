"""The kit's web files read for everything that can lead outside the folder or run code.

cardgen writes HTML (index.html, the playtest and tune pages), one style sheet
(site/site.css) and one script (site/site.js). A forger who reseals the manifest can add
to any of them, or list a page of their own; so every page the manifest lists is parsed
as a browser parses it (Lexbor, through selectolax; nothing is run) and every style sheet
with tinycss2, and:

- every URL-bearing attribute (href, src, srcset, action, formaction, data, poster,
  background, cite, xlink:href, ping, …) and every CSS url(), image-set() and @import, in
  a page's <style> elements and style attributes, in SVG presentation attributes
  (clip-path="url(#p)") and in the style sheets, must lead to a file the manifest lists or
  an anchor of the page: a scheme (https:, javascript:, data:), an absolute path or a
  climb above the folder leads outside it (a PNG or JPEG held in the page as data, as the
  plots' heat maps are, is pixels: it loads and runs nothing);
- what cardgen never writes is refused outright: inline script, event-handler attributes
  (onload=…), <meta http-equiv> (a refresh to another site), <base>, frames, <object>,
  <embed>, <applet>, forms, srcdoc, @import;
- a script is site/site.js only, and it is byte for byte the script cardgen ships
  (templates/site/site.js.j2, read here as data, as the readings and the shops' table are).
"""
from __future__ import annotations

from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from .report import GameReport
from .safefile import Refused, guard

MAX_BYTES = 32 << 20
SCRIPT = "site/site.js"  # the one script cardgen writes
URL_ATTRS = {"href", "src", "action", "formaction", "data", "poster", "background", "cite", "longdesc", "lowsrc",
             "dynsrc", "codebase", "classid", "archive", "manifest", "profile", "usemap", "icon", "itemtype", "code",
             "xlink:href", "xml:base", "ping", "to", "from", "values"}
SRCSETS = {"srcset", "imagesrcset"}
REFUSED_TAGS = {"iframe": "a frame", "frame": "a frame", "frameset": "a frame set", "object": "an embedded object",
                "embed": "an embedded object", "applet": "an applet", "form": "a form", "base": "a base URL",
                "portal": "a portal", "isindex": "a form"}
REFUSED_ATTRS = {"srcdoc": "a page written into a frame", "http-equiv": "an instruction to the browser"}
RASTER_DATA = ("data:image/png;base64,", "data:image/jpeg;base64,")
READ_BY_PREVIEW = {("a", "href"), ("link", "href"), ("script", "src")}  # check/preview.py reads them too
MAX_FINDINGS = 12  # violation lines a file at most


class _Page:
    """What a page could load or run, read as a browser reads it: its URLs (with where each
    is), its CSS, its ids and what is refused. The page is parsed by Lexbor (selectolax),
    which follows the HTML standard's parsing rules, so what a browser would build from
    forged markup (a script after "<!-->", an <img> that breaks out of an SVG <style>) is
    what is read here, and in time linear in the page (Python's own parser took the square
    of the length of "</</</…" to read it)."""

    def __init__(self, text: str):
        from selectolax.lexbor import LexborHTMLParser

        self.urls: list = []  # (where, url)
        self.css: list = []  # (where, text, "sheet" or "declarations" or "value")
        self.refused: list = []
        self.ids: set = set()
        tree = LexborHTMLParser(text)
        for node in (tree.root.traverse(include_text=False) if tree.root is not None else ()):
            if not node.tag.startswith(("-", "#")):  # comments and the doctype: inert
                self._element(node)

    def _element(self, node) -> None:
        tag = node.tag.lower()
        where = f"<{tag}>"
        attrs = [(str(k).lower(), v or "") for k, v in node.attributes.items()]
        if tag in REFUSED_TAGS:
            self.refused.append(f"{where}: {REFUSED_TAGS[tag]}, which cardgen never writes")
        if tag == "script":
            if not dict(attrs).get("src"):
                self.refused.append("<script>: an inline script, which cardgen never writes")
            elif (node.text(deep=True) or "").strip():
                self.refused.append("<script>: code inside the element, which cardgen never writes")
        if tag == "style":
            self.css.append(("<style>", node.text(deep=True) or "", "sheet"))
        for name, value in attrs:
            if name.startswith("on"):
                self.refused.append(f"{where}: the event handler {name}=, code cardgen never writes")
            elif name in REFUSED_ATTRS:
                self.refused.append(f"{where}: {name}= ({REFUSED_ATTRS[name]}), which cardgen never writes")
            elif name == "id":
                self.ids.add(value)
            elif name in URL_ATTRS:
                if name in ("to", "from", "values") and tag not in ("set", "animate"):
                    continue
                for url in (value.split(";") if name == "values" else [value]):
                    self.urls.append((f"{where} {name}=", url.strip()))
            elif name in SRCSETS:
                for candidate in value.split(","):
                    if candidate.strip():
                        self.urls.append((f"{where} {name}=", candidate.split()[0]))
            elif name == "style":
                self.css.append((f"{where} style=", value, "declarations"))
            elif "url(" in value.lower() or "image-set(" in value.lower():
                self.css.append((f"{where} {name}=", value, "value"))
            if name == "attributename" and (value.lower() in URL_ATTRS or value.lower().startswith("on")):
                self.refused.append(f"{where}: an animation of {value}=, which cardgen never writes")


def _css_urls(text: str, how: str) -> "tuple[list, list]":
    """(urls, refused) of a style sheet, a declaration list or a value, tokenized by tinycss2."""
    import tinycss2

    if how == "sheet":
        nodes = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
    elif how == "declarations":
        nodes = tinycss2.parse_blocks_contents(text, skip_comments=True, skip_whitespace=True)
    else:
        nodes = tinycss2.parse_component_value_list(text, skip_comments=True)
    urls, refused = [], []

    def walk(items, inside=""):
        for node in items or ():
            kind = getattr(node, "type", "")
            if kind == "url":
                urls.append(node.value)
            elif kind == "function":
                name = node.lower_name
                if name == "url" or name == "src":
                    urls.extend(a.value for a in node.arguments if getattr(a, "type", "") == "string")
                    walk([a for a in node.arguments if getattr(a, "type", "") != "string"], name)
                elif name.endswith("image-set"):
                    urls.extend(a.value for a in node.arguments if getattr(a, "type", "") == "string")
                    walk(node.arguments, name)
                elif name == "expression":
                    refused.append("a CSS expression(), code cardgen never writes")
                else:
                    walk(node.arguments, name)
            elif kind == "at-rule":
                if node.lower_at_keyword in ("import", "namespace"):
                    refused.append(f"@{node.lower_at_keyword}, which loads what cardgen never writes")
                walk(node.prelude, inside)
                walk(node.content, inside)
            elif kind in ("qualified-rule",):
                walk(node.prelude, inside)
                walk(node.content, inside)
            elif kind == "declaration":
                walk(node.value, inside)
            elif kind in ("() block", "[] block", "{} block"):
                walk(node.content, inside)
            elif kind == "error":
                refused.append(f"CSS that does not parse ({node.message[:60]})")
    walk(nodes)
    return urls, refused


def resolve(page_rel: str, href: str) -> "str | None":
    """A relative link as a path of the folder ("" for an anchor of the page), or None when
    it leads outside the folder (a scheme, an absolute path, a climb above the top)."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("/"):
        return None
    if not parts.path:
        return ""
    joined = []
    for piece in (list(PurePosixPath(page_rel).parent.parts) + unquote(parts.path).split("/")):
        if piece in ("", "."):
            continue
        if piece == "..":
            if not joined:
                return None
            joined.pop()
        else:
            joined.append(piece)
    return "/".join(joined)


def _check_url(rel: str, where: str, url: str, listed: set, ids: "set | None", report: GameReport, found: list) -> None:
    if where.startswith(("<image> ", "<img> ")) and "".join(url.split()).lower().startswith(RASTER_DATA):
        return  # a picture held in the page (matplotlib's heat maps): pixels, which run nothing and load nothing
    target = resolve(rel, url)
    if target is None:
        found.append(f"{where} leads to {url[:80]!r}, outside the folder (the kit is offline: nothing may load "
                     "or open from elsewhere)")
    elif target == "":
        anchor = urlsplit(url).fragment
        if ids is not None and anchor and anchor not in ids:
            found.append(f"{where} leads to #{anchor[:40]}, which the page does not hold")
    elif target not in listed:
        found.append(f"{where} leads to {target[:100]}, which the manifest does not list")
    elif where.startswith("<script>") and target != SCRIPT:
        found.append(f"{where} loads {target[:100]}: cardgen's only script is {SCRIPT}")


def _report(rel: str, found: list, report: GameReport) -> None:
    for line in found[:MAX_FINDINGS]:
        report.fail(rel, "-", line)
    if len(found) > MAX_FINDINGS:
        report.fail(rel, "-", f"and {len(found) - MAX_FINDINGS} more such")


def check_page(out: Path, rel: str, listed: set, report: GameReport, reported: "set | None" = None) -> None:
    """One HTML page: every URL it holds and every CSS it carries; nothing refused.
    reported: the links (<a href>, <link href>, <script src>) check/preview.py has judged
    already, not said twice; one it did not see (its parser reads a page otherwise than a
    browser) is judged here."""
    try:
        text = guard(out / rel, MAX_BYTES).read_text(encoding="utf-8")
    except (Refused, OSError, UnicodeDecodeError):
        return  # the preview's own checks report a page they cannot read
    page = _Page(text)
    found = list(page.refused)
    for where, url in page.urls:
        tag, name = where[1:].split("> ")[0], where.split("> ")[-1].rstrip("=")
        if (tag, name) in READ_BY_PREVIEW and url in (reported or ()) and not where.startswith("<script>"):
            continue
        _check_url(rel, where, url, listed, page.ids, report, found)
    for where, css, how in page.css:
        urls, refused = _css_urls(css, how)
        found += [f"{where}: {r}" for r in refused]
        for url in urls:
            _check_url(rel, f"{where} url()", url, listed, page.ids, report, found)
    _report(rel, found, report)


def check_style_sheet(out: Path, rel: str, listed: set, report: GameReport) -> None:
    try:
        text = guard(out / rel, MAX_BYTES).read_text(encoding="utf-8")
    except (Refused, OSError, UnicodeDecodeError) as exc:
        report.fail(rel, "-", f"the style sheet cannot be read ({exc})")
        return
    urls, found = _css_urls(text, "sheet")
    for url in urls:
        _check_url(rel, "url()", url, listed, None, report, found)
    _report(rel, found, report)


def shipped_script() -> bytes:
    """The script cardgen ships (site.js.j2 holds no template code: it is written as it is)."""
    from .. import paths

    return (paths.folder("cardgen.templates") / "site" / "site.js.j2").read_bytes()


def check_script(out: Path, rel: str, report: GameReport) -> None:
    if rel != SCRIPT:
        report.fail(rel, "-", f"a script cardgen never writes (its only script is {SCRIPT})")
        return
    try:
        data = guard(out / rel, MAX_BYTES).read_bytes()
    except (Refused, OSError) as exc:
        report.fail(rel, "-", f"the script cannot be read ({exc})")
        return
    if data != shipped_script():
        report.fail(rel, "-", "not the script cardgen ships (templates/site/site.js.j2): changed, and run by the "
                    "preview's page")


def check_web_files(out: Path, entries: list, listed: set, report: GameReport, reported: "dict | None" = None) -> None:
    """Every HTML page, style sheet and script the manifest lists. reported: page -> the
    links check/preview.py judged on it."""
    for rel in sorted(e["path"] for e in entries):
        if rel.endswith((".html", ".htm", ".xhtml")):
            check_page(out, rel, listed, report, (reported or {}).get(rel))
        elif rel.endswith(".css"):
            check_style_sheet(out, rel, listed, report)
        elif rel.endswith((".js", ".mjs")):
            check_script(out, rel, report)
