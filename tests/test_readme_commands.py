"""Docs checked by tests: every `cardgen` command the README and the docs' pages show is run,
as written, in the document's order, one project folder per document.

Sharing one folder, a document's commands share their output as a reader's do: `cardgen
check` checks what the commands before it built, and a build keeps (links) the games it was
not asked to rebuild. To keep the suite fast, each folder's cardgen.toml is a quick
project: only FourScore (its booklets and aids need the Str8 Eight cards drawn, but it
writes no deck), and SVG, the cheapest format, wherever a command leaves the format to the
project. A command that names a game or a format gets what it names: `--format pdf`
typesets FourScore's booklets, `--game str8eight --table-size 10` draws that deck.
`cardgen init` runs in a fresh folder beside it (it refuses to overwrite a project file);
`party.toml` is its file with the quick project's games and format; a playtest plays 4
hands, not the hundreds a page shows, and 1 hand a match of its skill ladder. With
CARDGEN_README_FULL=1 the commands run in an empty folder instead, every game in every
format, as a new user's would.
"""
import os
import re
import shlex
from pathlib import Path

import pytest

from conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCUMENTS = [README] + sorted((ROOT / "docs").rglob("*.md"))  # the docs' pages, as a reader finds them
FULL = os.environ.get("CARDGEN_README_FULL") == "1"
QUICK = {"games": '["fourscore"]', "format": '"svg"'}  # the suite's project: see the docstring
QUICK_HANDS = "4"  # a playtest's --hands in the suite (as written with CARDGEN_README_FULL=1)
QUICK_LADDER = "1"  # and its skill ladder's hands a match (the lookahead player's matches are the slow part)


def commands_in(path: Path) -> list:
    """The argument lists of every `cardgen …` command in a Markdown file's code blocks, in
    order (chains split at &&, comments dropped)."""
    from markdown_it import MarkdownIt

    found = []
    for token in MarkdownIt("commonmark").parse(path.read_text(encoding="utf-8")):
        if token.type not in ("code_block", "fence") or token.info.strip() in ("toml", "json"):
            continue
        for line in token.content.splitlines():
            for part in line.split("&&"):
                part = part.strip()
                if part == "cardgen" or part.startswith("cardgen "):
                    found.append(shlex.split(part, comments=True)[1:])
    return found


def readme_commands() -> list:
    return commands_in(README)


SHOWN = [path for path in DOCUMENTS if commands_in(path)]


def test_the_documents_commands_are_found():
    assert README in SHOWN and len(SHOWN) >= 8, [p.name for p in SHOWN]
    assert {"build --format pdf", "check"} <= {" ".join(c) for c in readme_commands()}
    shown = {" ".join(c) for path in SHOWN for c in commands_in(path)}
    assert {"build --format pdf", "check", "init", "calibrate", "build --config party.toml -v"} <= shown, shown
    assert any(c.startswith("playtest ") for c in shown) and sum(len(commands_in(p)) for p in SHOWN) >= 25


@pytest.mark.parametrize("document", SHOWN, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_command_shown_runs(document, tmp_path, monkeypatch):
    project = tmp_path / "project"
    project.mkdir()
    if not FULL:
        (project / "cardgen.toml").write_text("".join(f"{k} = {v}\n" for k, v in QUICK.items()))
    monkeypatch.chdir(project)
    ran, made = [], None
    for args in commands_in(document):
        if args[:1] == ["init"]:
            where = project if FULL else tmp_path / "fresh"
            where.mkdir(exist_ok=True)
            monkeypatch.chdir(where)
            result = run_cli(*args)
            monkeypatch.chdir(project)
            made = (where / "cardgen.toml").read_text()
        else:
            if "party.toml" in args:  # cardgen init's file (with the quick project's games and format)
                assert made is not None, f"{document.name} uses party.toml before cardgen init writes one"
                party = made
                for key, value in ({} if FULL else QUICK).items():
                    party, found = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", party)
                    assert found == 1, f"cardgen init's file has no {key} line"
                (project / "party.toml").write_text(party)
            if args[:1] == ["playtest"] and not FULL:
                args = list(args)
                for flag, quick in (("--hands", QUICK_HANDS), ("--ladder-hands", QUICK_LADDER)):
                    if flag in args:
                        args[args.index(flag) + 1] = quick
                    else:
                        args += [flag, quick]
            result = run_cli(*args)
        assert result.exit_code == 0, (document.name, args, result.output)
        ran.append(args)
    assert len(ran) == len(commands_in(document))
    if (project / "output" / "manifest.json").is_file():  # what the commands leave behind checks clean
        checked = run_cli("check")
        assert checked.exit_code == 0, checked.output
