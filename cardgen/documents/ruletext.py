"""Parse a rule text into blocks the typesetter understands.

The texts are Markdown (a subset: headings, paragraphs, one-level lists, pipe
tables, callouts, and figure directives such as [[cards: 3 6 12]]), parsed with
markdown-it-py. Inline markup becomes reportlab's mini-HTML (<b>, <i>), with the
text escaped first, so a rule text can never inject markup.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

from ..errors import CardgenError
from .. import paths

RULES_DIR = paths.folder("cardgen.templates") / "rules"
FIGURE = re.compile(r"^\[\[(cards|facing):\s*([^\]]+)\]\]$")
CALLOUT = re.compile(r"^<b>(Tip|Example|Note|Option):</b>\s*")


@dataclass
class Block:
    kind: str  # title | subtitle | h2 | h3 | para | list | table | callout | figure
    text: str = ""  # inline markup (reportlab mini-HTML)
    items: list = field(default_factory=list)  # list items, table rows, figure cards
    ordered: bool = False
    label: str = ""  # callout kind, figure kind
    caption: str = ""


def _inline(token) -> str:
    out = []
    for child in token.children or []:
        if child.type == "text":
            out.append(escape(child.content, quote=False))
        elif child.type in ("softbreak", "hardbreak"):
            out.append(" " if child.type == "softbreak" else "<br/>")
        elif child.type == "strong_open":
            out.append("<b>")
        elif child.type == "strong_close":
            out.append("</b>")
        elif child.type == "em_open":
            out.append("<i>")
        elif child.type == "em_close":
            out.append("</i>")
        elif child.type == "code_inline":
            out.append(escape(child.content, quote=False))
    return "".join(out)


@lru_cache(maxsize=None)
def _markdown():
    """One CommonMark parser with tables, built once (building it compiles its rules)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


def parse(text: str, source: str = "rules") -> list[Block]:
    tokens = _markdown().parse(text)
    blocks: list[Block] = []
    i = 0
    stack: list[str] = []
    current_list: "Block | None" = None
    table: "Block | None" = None
    row: list = []
    while i < len(tokens):
        t = tokens[i]
        if t.type == "heading_open":
            level = int(t.tag[1])
            inline = _inline(tokens[i + 1])
            kind = {1: "title", 2: "h2"}.get(level, "h3")
            blocks.append(Block(kind, inline))
            i += 3
            continue
        if t.type in ("bullet_list_open", "ordered_list_open"):
            current_list = Block("list", ordered=t.type == "ordered_list_open")
            blocks.append(current_list)
        elif t.type in ("bullet_list_close", "ordered_list_close"):
            current_list = None
        elif t.type == "blockquote_open":
            stack.append("quote")
        elif t.type == "blockquote_close":
            stack.pop()
        elif t.type == "table_open":
            table = Block("table")
            blocks.append(table)
        elif t.type == "table_close":
            table = None
        elif t.type == "tr_open":
            row = []
        elif t.type == "tr_close" and table is not None:
            table.items.append(row)
        elif t.type == "inline" and table is not None:
            row.append(_inline(t))
        elif t.type == "inline":
            raw = t.content.strip()
            if current_list is not None:
                current_list.items.append(_inline(t))
            elif stack:
                html = _inline(t)
                m = CALLOUT.match(html)
                if not m:
                    raise CardgenError(f"{source}: a quote must start with **Tip:**, **Example:**, **Note:** "
                                       f"or **Option:** — found {raw[:40]!r}")
                blocks.append(Block("callout", html[m.end():], label=m.group(1)))
            else:
                first, _, rest = raw.partition("\n")
                m = FIGURE.match(first.strip())
                if m:
                    caption = rest.strip()
                    caption = caption[len("Figure:"):].strip() if caption.startswith("Figure:") else caption
                    blocks.append(Block("figure", label=m.group(1), items=m.group(2).split(),
                                        caption=escape(caption, quote=False)))
                elif raw.startswith("Figure:") and blocks and blocks[-1].kind == "figure":
                    blocks[-1].caption = escape(raw[len("Figure:"):].strip(), quote=False)
                elif len(blocks) == 1 and blocks[0].kind == "title" and raw.startswith("*") and raw.endswith("*"):
                    blocks.append(Block("subtitle", _inline(t).replace("<i>", "").replace("</i>", "")))
                else:
                    blocks.append(Block("para", _inline(t)))
        i += 1
    return blocks


@lru_cache(maxsize=None)
def _jinja():
    """Rule texts that state a variant's numbers are Jinja templates of Markdown: not
    escaped here (parse() escapes the text it hands the typesetter), and a name the
    facts lack is an error, never an empty space."""
    import jinja2

    return jinja2.Environment(autoescape=False, undefined=jinja2.StrictUndefined, trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True)


def load(name: str, facts=None) -> list[Block]:
    """The blocks of rule text name; with facts, the text is first rendered as a Jinja
    template that reads them as `f`."""
    path = RULES_DIR / f"{name}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardgenError(f"rule text {path} is missing: restore it from git") from None
    if facts is not None:
        text = _jinja().from_string(text).render(f=facts)
    return parse(text, str(path))


def plain_text(blocks: list[Block]) -> str:
    """All the words of a document, for tests and search."""
    strip = lambda s: re.sub(r"<[^>]+>", "", s)  # noqa: E731
    parts = []
    for b in blocks:
        parts.append(strip(b.text))
        for item in b.items:
            parts.append(" ".join(strip(c) for c in item) if isinstance(item, list) else strip(item))
        parts.append(strip(b.caption))
    return "\n".join(p for p in parts if p)
