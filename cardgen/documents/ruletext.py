"""Parse a rule text into blocks the typesetter understands.

The texts are Markdown (a subset: headings, paragraphs, one-level lists, pipe
tables, callouts, figure directives such as [[cards: 3 6 12]], [[strip: 1 2 4]] (a
sequence laid overlapping, as on the table), [[setup]] (the game's setup picture)
and [[newpage]]), parsed with markdown-it-py. Inline markup becomes reportlab's mini-HTML (<b>, <i>), with the
text escaped first, so a rule text can never inject markup.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

from ..errors import CardgenError
from .. import paths
from ..words import plural

RULES_DIR = paths.folder("cardgen.templates") / "rules"
FIGURE = re.compile(r"^\[\[(cards|facing|strip|setup)(?::\s*([^\]]*))?\]\]$")
NEWPAGE = "[[newpage]]"
SMALL = "[[small]]"  # the rest of the section in small print (back matter)
NBSP = "\u00a0"  # between the numbers of a run, so a line never breaks inside one
RUN_SPACE = re.compile(r"(\d) ([×·+=−]) (?=[\d–dN]\b|\d)")  # "8 × 8", "50 + 10 = 60": never broken at a line's end
DAGGER = "†"  # marks a rule this edition settled or added (listed in "About this edition")
CALLOUT = re.compile(r"^<b>(Tip|Example|Note|Option):</b>\s*")


@dataclass
class Block:
    kind: str  # title | subtitle | h2 | h3 | para | list | table | callout | figure | newpage | small
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
                if raw in (NEWPAGE, SMALL):
                    blocks.append(Block(raw[2:-2]))
                elif m:
                    caption = rest.strip()
                    caption = caption[len("Figure:"):].strip() if caption.startswith("Figure:") else caption
                    blocks.append(Block("figure", label=m.group(1), items=(m.group(2) or "").split(),
                                        caption=escape(caption, quote=False)))
                elif raw.startswith("Figure:") and blocks and blocks[-1].kind == "figure":
                    blocks[-1].caption = escape(raw[len("Figure:"):].strip(), quote=False)
                elif blocks and blocks[-1].kind in ("title", "subtitle") and len(blocks) <= 2 \
                        and raw.startswith("*") and raw.endswith("*"):  # italic lines under the title
                    blocks.append(Block("subtitle", _inline(t).replace("<i>", "").replace("</i>", "")))
                else:
                    blocks.append(Block("para", _inline(t)))
        i += 1
    return blocks


WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
         "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
            "eighteenth", "nineteenth", "twentieth")


RUN_MAX = 12  # the longest run of numbers printed whole: a longer one would not fit a line unbroken


def joined(values, sep: str) -> str:
    """A run of numbers, unbreakable; one longer than RUN_MAX as its first three, an
    ellipsis and its last ("1, 2, 3, …, 36"), which still fits a line."""
    values = [str(v) for v in values]
    if len(values) > RUN_MAX:
        values = values[:3] + ["…"] + values[-1:]
    return sep.join(values)


def number_word(n: int) -> str:
    """Small counts in words, as prose writes them ("eight cards"); larger ones in digits."""
    return WORDS[n] if 0 <= n < len(WORDS) else f"{n:,}"


def ordinal(n: int) -> str:
    return ORDINALS[n] if 0 <= n < len(ORDINALS) else f"{n}th"


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{number_word(n)} times")


def and_list(items) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def a_number(n: int) -> str:
    """"a 4", "an 8", "an 11", "an 18", "an 80": the article as the number is said."""
    said = number_word(n) if n < len(WORDS) else str(n)
    vowel = said[0] in "aeiou" or str(n).startswith("8") or (n // 1000 in (8, 11, 18) and n >= 1000)
    return f"{'an' if vowel else 'a'} {n}"


def or_list(items) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1] if items else ""


def players(low: int, high: "int | None", noun: str = "players") -> str:
    """(2, 3) -> "2 or 3 players", (2, 4) -> "2–4 players", (4, None) -> "4 or more players"."""
    if high is None:
        return f"{low} or more {noun}"
    if high == low:
        return f"{low} {noun[:-1] if low == 1 else noun}"
    return f"{low} or {high} {noun}" if high == low + 1 else f"{low}–{high} {noun}"


@lru_cache(maxsize=None)
def _environment():
    """Jinja for the rule texts: Markdown out, so nothing is escaped here (the parser
    escapes the text it hands the typesetter); an unknown fact is an error, not a blank."""
    import jinja2

    from ..design.templating import bytecode_cache

    env = jinja2.Environment(
        bytecode_cache=bytecode_cache(),  # compiled once, not every build (a tenth of a second a game)
        loader=jinja2.FileSystemLoader(str(RULES_DIR)), autoescape=False, undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters.update(num=lambda n: f"{n:,}", word=number_word, Word=lambda n: number_word(n).capitalize(),
                       ordinal=ordinal, times=times, plural=plural, and_list=and_list, or_list=or_list,
                       players=lambda lh, noun="players": players(lh[0], lh[1], noun),
                       dots=lambda values: joined(values, f"{NBSP}·{NBSP}"),
                       plus=lambda values: f"{NBSP}+{NBSP}".join(str(v) for v in values),
                       run=lambda values: joined(values, f",{NBSP}"),
                       sum_line=lambda values: (f"{NBSP}+{NBSP}".join(str(v) for v in values) + f"{NBSP}={NBSP}"
                                                if len(values) <= RUN_MAX else "") + f"{sum(values):,}",
                       step=lambda t: f"{t[0]}{NBSP}+{NBSP}{t[1]}{NBSP}={NBSP}{t[2]}",
                       card=lambda c: f"{c[0]}{c[1].lower()}", cards=lambda cs: " ".join(f"{s}{x.lower()}" for s, x in cs),
                       the_groups=lambda ds: and_list(f"the {d}s" for d in ds),
                       group_list=lambda ds: and_list(f"{d}s" for d in ds),
                       arrows=lambda pairs: and_list(f"{t} (×{d})" for t, d in pairs),
                       an=a_number, bold=lambda t: f"**{t}**", lower_first=lambda t: t[:1].lower() + t[1:],
                       signed=lambda n: f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0"))
    return env


def game_of(name: str) -> str:
    """The game a rule text belongs to: "str8eight-reference" -> "str8eight"."""
    for suffix in ("-reference", "-scorepad"):
        name = name.removesuffix(suffix)
    return name


@lru_cache(maxsize=256)
def _compiled(text: str):
    """A reading's text as a template of the rule texts' environment, compiled once."""
    return _environment().from_string(text)


class Edition:
    """A game's table of readings (model/readings.py) as its texts print them: each entry's
    topic, rule and why rendered over the facts, an entry whose rule renders empty (one
    that does not apply to the variant built) left out. Read on first use, so a text that
    never names its readings needs no table, and a game without a table file has none.

    Iterate for the "About this edition" list; edition.state("row-tie") states an entry's
    rule where the rules speak of it, marked with the dagger that sends the reader to
    that list (edition.mark(id): the mark alone); edition["row-tie"] for the entry
    itself; "row-tie" in edition asks whether the table has it for this variant."""

    def __init__(self, game: str, facts):
        self.game, self.facts = game, facts
        self._entries: "tuple | None" = None

    @property
    def entries(self) -> tuple:
        if self._entries is None:
            from dataclasses import replace

            from ..model.readings import has_table, readings

            out = []
            for r in readings(self.game) if has_table(self.game) else ():
                if r.kind == "reference":  # the reference's own rule: said(), never marked or listed
                    continue
                text = {k: " ".join(_compiled(getattr(r, k)).render(f=self.facts, w=words_for(self.facts)).split())
                        for k in ("topic", "rule", "why")}
                if text["rule"]:
                    out.append(replace(r, **text))
            self._entries = tuple(out)
        return self._entries

    def __iter__(self):
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: str) -> bool:
        return any(r.id == key for r in self.entries)

    def __getitem__(self, key: str):
        found = next((r for r in self.entries if r.id == key), None)
        if found is None:
            raise CardgenError(f"rule text of {self.game} names the reading {key!r}, which "
                               f"templates/readings/{self.game}.toml has not (or not for this variant)")
        return found

    def state(self, key: str) -> str:
        """The entry's rule as the rules state it, with its mark: "… as usual.†"."""
        return self[key].rule + DAGGER

    def said(self, key: str) -> str:
        """A rule the reference itself states (kind "reference", kept in the table for the
        engine): its words, with no mark, as any rule of the reference game."""
        from ..model.readings import readings

        found = next((r for r in readings(self.game) if r.id == key and r.kind == "reference"), None)
        if found is None:
            raise CardgenError(f"rule text of {self.game} says the reference rule {key!r}, which "
                               f"templates/readings/{self.game}.toml does not hold as kind \"reference\"")
        return " ".join(_compiled(found.rule).render(f=self.facts, w=words_for(self.facts)).split())

    def mark(self, key: str) -> str:
        """Only the mark, where the rules already state the entry's rule in their own
        layout (a list of targets): "†", or "" when the entry does not apply here."""
        return DAGGER if key in self else ""

    @property
    def ids(self) -> tuple:
        return tuple(r.id for r in self.entries)


def words_for(facts):
    """w("key"): the words featurewords.PHRASES gives the feature for this deck's level (the
    scaffold of Str8 Eight's cards, which FourScore plays with too)."""
    from ..featurewords import phrase

    scaffold = getattr(facts, "scaffold", "full")
    game = getattr(facts, "game", None)  # a box's facts hold the game's
    scaffold = getattr(game, "scaffold", scaffold) if game is not None else scaffold
    return lambda key, **values: phrase(key, scaffold, **values)


def render(name: str, facts=None) -> str:
    """The rule text name (templates/rules/<name>.md) as Markdown, its numbers filled in
    from facts (the reference game's when None), its readings from the game's table."""
    import jinja2

    if facts is None:
        from ..model.facts import facts_for

        facts = facts_for(game_of(name))
    try:
        text = _environment().get_template(f"{name}.md").render(f=facts, readings=Edition(game_of(name), facts),
                                                                 w=words_for(facts))
        return RUN_SPACE.sub(f"\\1{NBSP}\\2{NBSP}", text)
    except jinja2.TemplateNotFound:
        raise CardgenError(f"rule text {RULES_DIR / (name + '.md')} is missing: restore it from git") from None


def load(name: str, facts=None) -> list[Block]:
    return parse(render(name, facts), str(RULES_DIR / f"{name}.md"))


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
