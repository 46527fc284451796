"""Sphinx extension: the parts of the docs that cardgen's own code can say.

A page asks for one with a line `<!-- cardgen: NAME -->` (an HTML comment, so the page
still reads on its own in a repository browser); when Sphinx reads the page the line is
replaced by Markdown made from the code:

    options            the settings table (cardgen/settings.py, markdown_table)
    commands           every command's --help, as click prints it
    check-kinds        every kind of violation `cardgen check` reports (cardgen/check/kinds.py)
    output-layout      the files of a real build (the pictures' "kit" build), folder by folder
    examples           each project file under examples/, with its README
    picture NAME       a picture made from a real build (pictures.py)

Pages holding such a line are read again on every build, so a later change to the code
shows on the next build without touching the page. An unknown name, a picture that
does not exist or a kind of file the layout cannot describe is a warning, which the
strict build (`-W`) turns into an error.
"""
from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath

from sphinx.util import logging

import pictures

logger = logging.getLogger(__name__)
MARKER = re.compile(r"^<!-- cardgen: ([a-z-]+)(?: ([a-z0-9-]+))? -->$", re.M)
ROOT = Path(__file__).resolve().parents[2]
HELP_WIDTH = 88  # columns of the --help texts as the docs show them


def options(_app, _arg, _docname) -> str:
    from cardgen.settings import markdown_table

    return markdown_table()


def commands(_app, _arg, _docname) -> str:
    """`cardgen --help`, then each command's, in the order the settings table names them."""
    import click

    from cardgen.cli import main
    from cardgen.settings import EVERY

    top = click.Context(main, info_name="cardgen", terminal_width=HELP_WIDTH, max_content_width=HELP_WIDTH)
    parts = [f"## cardgen\n\n```text\n{main.get_help(top)}\n```\n"]
    names = [n for n in EVERY if n in main.commands] + [n for n in main.commands if n not in EVERY]
    for name in names:
        command = main.commands[name]
        ctx = click.Context(command, info_name=name, parent=top, terminal_width=HELP_WIDTH,
                            max_content_width=HELP_WIDTH)
        parts.append(f"## cardgen {name}\n\n```text\n{command.get_help(ctx)}\n```\n")
    return "\n".join(parts)


def check_kinds(_app, _arg, _docname) -> str:
    from cardgen.check.kinds import KINDS

    parts = []
    for kind in KINDS:
        modules = ", ".join(f"`cardgen/check/{m}.py`" for m in kind.modules)
        parts.append(f"### {kind.title}\n\n{kind.what}\n\nReported by {modules}.\n")
    return "\n".join(parts)


# what each kind of file in the manifest is, where the preview's labels do not say it
FILE_KINDS = {
    "number": "Number cards", "pass": "Pass cards", "letter": "Letter cards", "card": "Cards",
    "readme": "What the folder is (every build rewrites it)",
    "how-to-print": "The kit's first page: what to print on this paper, and how",
    "print-everything": "Every file printed on this paper in one, in the order to print and cut",
    "site": "The HTML preview", "playtest-figures": "The playtest's figures, as JSON",
    "playtest-page": "The playtest report, for a browser", "playtest-report": "The playtest report, to print",
    "designer-notes": "Optional, for designers: how the variant played in test games",
}
GROUPED = 4  # as many files of one kind in one folder are shown as one line
NAME_COLUMN = 42  # characters of the layout's file column; a longer name pushes its description along


def describe(kind: str) -> "str | None":
    from cardgen.export.site import PURPOSES

    if kind in FILE_KINDS:
        return FILE_KINDS[kind]
    if kind in PURPOSES:
        label = PURPOSES[kind][0]
        return label[0].upper() + label[1:]
    return None


def layout_lines(files: list) -> "tuple[list, set]":
    """A build's files (path, game, kind, format) as an indented tree, one line a file or a
    group of files of one kind; and the kinds nothing describes."""
    tree: dict = {}
    for path, _game, kind, _fmt in files:
        parts = PurePosixPath(path).parts
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part + "/", {})
        node[parts[-1]] = kind
    unknown: set = set()
    rows: list = []

    def kinds_below(node) -> list:
        return [k for v in node.values() for k in (kinds_below(v) if isinstance(v, dict) else [v])]

    def walk(node, depth: int) -> None:
        files_here = sorted((name, kind) for name, kind in node.items() if not isinstance(kind, dict))
        by_kind: dict = {}
        for name, kind in files_here:
            by_kind.setdefault(kind, []).append(name)
        for kind, names in sorted(by_kind.items(), key=lambda item: item[1][0]):
            what = describe(kind)
            if what is None:
                unknown.add(kind)
            if len(names) >= GROUPED:
                rows.append((depth, f"{names[0]} … {names[-1]}", f"{what} ({len(names)} files)"))
            else:
                rows.extend((depth, name, what) for name in names)
        for name in sorted(n for n, v in node.items() if isinstance(v, dict)):
            below = kinds_below(node[name])
            if len(set(below)) == 1 and len(below) >= GROUPED:
                what = describe(below[0])
                if what is None:
                    unknown.add(below[0])
                rows.append((depth, name, f"{what} ({len(below)} files)"))
            else:
                rows.append((depth, name, ""))
                walk(node[name], depth + 1)

    walk(tree, 1)
    return [(0, "output/", "")] + rows, unknown


def output_layout(_app, _arg, docname) -> str:
    files = pictures.layout()
    if files is None:
        return _left_out("the output layout", "kit")
    rows, unknown = layout_lines(files)
    rows.insert(1, (1, "manifest.json", "Every file (game, kind, format, sha256) and the build records"))
    for kind in sorted(unknown):
        logger.warning(f"the output layout cannot describe files of kind {kind!r}: add it to FILE_KINDS "
                       "in docs/_ext/cardgen_docs.py", location=docname)
    width = min(max(2 * depth + len(name) for depth, name, _ in rows), NAME_COLUMN) + 2
    lines = [f"{'  ' * depth + name:<{width}}{'  ' if 2 * depth + len(name) + 2 > width else ''}{what}".rstrip()
             for depth, name, what in rows]
    build = " && ".join(f"cardgen {c}" for c in pictures.BUILDS["kit"].commands).replace(" --out kit", "")
    return (f"The folder as `{build}` leaves it, listed from its `manifest.json` when these pages were "
            f"built:\n\n```text\n" + "\n".join(lines) + "\n```\n")


def examples(_app, _arg, docname) -> str:
    """Each example's README (its title one level down) and its project file."""
    parts = []
    for folder in sorted(p for p in (ROOT / "examples").iterdir() if (p / "cardgen.toml").is_file()):
        readme = (folder / "README.md").read_text(encoding="utf-8").strip()
        readme = re.sub(r"^# ", "## ", readme, count=1, flags=re.M)
        toml = (folder / "cardgen.toml").read_text(encoding="utf-8").strip()
        extra = sorted(p.name for p in folder.iterdir() if p.name not in ("README.md", "cardgen.toml", "output"))
        beside = f"\n\nBeside it: {', '.join(f'`{name}`' for name in extra)}." if extra else ""
        parts.append(f"{readme}\n\n`examples/{folder.name}/cardgen.toml`:\n\n```toml\n{toml}\n```{beside}\n")
    return "\n".join(parts)


def picture(app, name, docname) -> str:
    if name not in pictures.PICTURES:
        logger.warning(f"no picture named {name!r}: choose one of docs/_ext/pictures.py's PICTURES",
                       location=docname)
        return ""
    spec = pictures.PICTURES[name]
    path = app.cardgen_made.pictures[name]
    if path is None:
        return _left_out(f"the picture '{spec.alt}'", spec.build)
    here = os.path.relpath(path, Path(app.srcdir) / PurePosixPath(docname).parent)
    return f"```{{figure}} {PurePosixPath(Path(here).as_posix())}\n:alt: {spec.alt}\n\n{spec.caption}\n```\n"


def _left_out(what: str, build: str) -> str:
    return (f"```{{note}}\nThis build of the site leaves out {what}: {pictures.CHOSEN} does not name "
            f"its build, {build!r}.\n```\n")


GENERATORS = {"options": options, "commands": commands, "check-kinds": check_kinds,
              "output-layout": output_layout, "examples": examples, "picture": picture}


def expand(app, docname: str, source: list) -> None:
    """source-read: put the generated Markdown in place of each marker line."""
    def one(match) -> str:
        name, arg = match.group(1), match.group(2)
        if name not in GENERATORS or (name == "picture") != (arg is not None):
            logger.warning(f"unknown marker {match.group(0)!r}: use one of {', '.join(GENERATORS)}",
                           location=docname)
            return ""
        return GENERATORS[name](app, arg, docname)

    text, count = MARKER.subn(one, source[0])
    if count:
        source[0] = text
        app.env.cardgen_generated = getattr(app.env, "cardgen_generated", set()) | {docname}


def read_again(app, env, added, changed, removed) -> list:
    """env-get-outdated: the pages made partly from code are read on every build."""
    return sorted(getattr(env, "cardgen_generated", set()) - set(removed))


def make_pictures(app) -> None:
    """builder-inited: every picture found in the cache or made, each build run at most once.
    The cache is in Sphinx's own (the doctree folder, under the output folder unless -d names
    another): never in the checkout."""
    pictures.SITE_CACHE = Path(app.doctreedir) / "cardgen-pictures"
    app.cardgen_made = pictures.make()
    if app.cardgen_made.runs:
        logger.info(f"cardgen: ran the docs' builds {', '.join(app.cardgen_made.runs)}")


def setup(app):
    app.connect("builder-inited", make_pictures)
    app.connect("source-read", expand)
    app.connect("env-get-outdated", read_again)
    return {"version": "1", "parallel_read_safe": False, "parallel_write_safe": True, "env_version": 1}
