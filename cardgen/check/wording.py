"""Check the words against the deck: what the booklets, player aids and score pads
state (the card count, the copies table, the pass cards, the ace value, the score
targets) must be what the cards in the folder and the reference rules say.

The text is extracted from the PDFs (pdfium, through pdftext), as a reader would copy it. A booklet is
read only in the sections that state the counts (found through its outline, which
the booklet writer makes from its headings), and each file's text is kept by the
digest of its bytes, so checking many copies of one build reads each booklet once.
Nothing here knows how the texts were written: each game's checker names the
statements it expects as patterns and the values the cards give."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .report import GameReport

FOOTER = re.compile(r"^\s*(\d+\s+·\s+.+|.+\s+·\s+\d+)\s*$")  # "2 · Str8 Eight", "Str8 Eight · 3"
TEXT = "page-text"  # check/memo.py's kind: a page's text, footers dropped, by (digest, page)


@dataclass(frozen=True)
class Claim:
    """A statement a document must make: pattern (its numbers as groups) found in the
    text, each group equal to the value in want (numbers compare without thousands
    separators). want None: the statement must be absent (a passage left out)."""
    what: str
    pattern: str
    want: "tuple | None"


def page_texts(path: Path, titles: "tuple | None" = None) -> "list[str] | str":
    """The text of the pages holding the sections titles (all pages when None), footers
    dropped; or a string saying why it could not be read."""
    from .safefile import Refused, guard

    from . import memo, pdftext
    from .pdfread import Unreadable, bounded

    try:
        bounded(path)  # pages, streams and what the pages draw between them: as cardgen could write
        data = guard(path).read_bytes()
        key = memo.digest(data)
        pages = None
        if titles is not None:  # the outline read with pypdf, which reads no page to find it
            pages = memo.kept("sections", f"{key}:" + "\x1f".join(titles), lambda: _section_pages(data, titles))
            if isinstance(pages, str):
                return pages
        count = memo.get(TEXT, f"{key}:pages") if pages is None else None  # a whole file's pages
        want = list(range(count)) if count is not None else pages or []
        texts = {i: text for i in want if (text := memo.get(TEXT, f"{key}:{i}")) is not None}
        if (pages is None and count is None) or any(i not in texts for i in want):
            asked_all = pages is None
            pages, read = pdftext.read(data, pages, known=lambda i: i in texts)
            for i, text in read.items():
                texts[i] = "\n".join(line for line in text.splitlines() if not FOOTER.match(line))
                memo.put(TEXT, f"{key}:{i}", texts[i])
            if asked_all:
                memo.put(TEXT, f"{key}:pages", len(pages))
        else:
            pages = want
        return [texts[i] for i in pages]
    except (Refused, Unreadable) as exc:
        return str(exc)
    except Exception as exc:  # a damaged outline or page: reported, never a traceback
        return f"its text cannot be read ({exc.__class__.__name__})"


def _section_pages(data: bytes, titles: tuple) -> "list | str":
    """The pages (0-based) holding the sections titles, found through the outline; or a
    string saying which section the outline lacks."""
    import io

    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    starts = [(str(o["/Title"]), reader.get_destination_page_number(o))
              for o in reader.outline if isinstance(o, dict)]
    wanted = set()
    for i, (title, start) in enumerate(starts):
        if title in titles:
            end = next((s for _, s in starts[i + 1:] if s > start), len(reader.pages) - 1)
            wanted.update(range(start, end + 1))
    missing = [t for t in titles if t not in {title for title, _ in starts}]
    if missing:
        return f"has no section “{missing[0]}” in its outline"
    return sorted(wanted)


def one_line(pages: list) -> str:
    return " ".join(" ".join(pages).split())


def _number(text: str) -> str:
    return text.replace(",", "") if re.fullmatch(r"[\d,]+", text) else text


def check_claims(path: Path, kind: str, claims: list, report: GameReport, rel,
                 sections: "tuple | None" = None, extra=None) -> "str | None":
    """Each claim against the document's text; returns the text read (None when it
    could not be), so a caller can read a table from it too."""
    pages = page_texts(path, sections)
    if isinstance(pages, str):
        report.fail(rel(path), kind, pages)
        return None
    text = one_line(pages)
    for claim in claims:
        found = re.findall(claim.pattern, text)
        if claim.want is None:
            if found:
                report.fail(rel(path), kind, f"states {claim.what}, which this deck does not have")
            continue
        if not found:
            report.fail(rel(path), kind, f"does not state {claim.what} (“{_readable(claim.pattern)}”)")
            continue
        for got in found:
            got = got if isinstance(got, tuple) else (got,)
            if tuple(_number(g) for g in got) != tuple(str(w) for w in claim.want):
                report.fail(rel(path), kind, f"states {' / '.join(got)} for {claim.what}; the deck in this "
                            f"folder says {' / '.join(str(w) for w in claim.want)}")
                break
    return text


def _readable(pattern: str) -> str:
    return re.sub(r"\\(.)", r"\1", re.sub(r"\(\?:[^)]*\)|\([^)]*\)", "…", pattern))


def number_pairs(text: str, after: str, stop_words=("Value", "Copies")) -> "list | None":
    """The integers of a table of pairs that starts with the header after: read two at a
    time until the first word that is neither a number nor a header word."""
    at = text.find(after)
    if at < 0:
        return None
    numbers = []
    for token in text[at + len(after):].split():
        if token in stop_words:
            continue
        if not token.isdigit():
            break
        numbers.append(int(token))
    if len(numbers) % 2:
        numbers = numbers[:-1]
    return [(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]


def documents(game_dir: Path, rec) -> tuple:
    """(booklets, player aids, score pads) of a game's record that exist: each a list,
    one file per page size or paper. A missing file is reported by check/booklets.py."""
    info = rec.rules
    if info is None:
        return [], [], []
    present = lambda names: [game_dir / name for name in names if (game_dir / name).exists()]  # noqa: E731
    return present(info.booklet), present(info.reference), present(info.scorepad)


def check_all(game_dir: Path, rec, report: GameReport, rel, booklet: list, aid: list, pad: list,
              sections: tuple, tables=None, aid_tables=None) -> None:
    """Every booklet and player aid (one per page size) and every score pad (one per
    paper) against their claims; tables(text, path) and aid_tables(text, path) read
    what a booklet or an aid shows as a table."""
    booklets, aids, pads = documents(game_dir, rec)
    for path in booklets:
        text = check_claims(path, "booklet", booklet, report, rel, sections)
        if text is not None and tables is not None:
            tables(text, path)
    for path in aids:
        text = check_claims(path, "player aid", aid, report, rel)
        if text is not None and aid_tables is not None:
            aid_tables(text, path)
    for path in pads:
        check_claims(path, "score pad", pad, report, rel)
    if booklets and not report.violations:
        report.summary.append(f"booklet, player aid and score pads state {len(booklet) + len(aid) + len(pad)} "
                              "counts and targets that match the cards")
