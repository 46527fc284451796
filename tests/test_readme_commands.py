"""Docs checked by tests: every `cardgen` command the README shows is run, as written,
in the README's order, in one project folder.

Sharing one folder, the commands share their output as a user's do: `cardgen check`
checks what the commands before it built, and a build keeps (links) the games it was
not asked to rebuild. To keep the suite fast, the folder's cardgen.toml is a quick
project: only FourScore (its booklets and aids need the Str8 Eight cards drawn, but it
writes no deck), and SVG, the cheapest format, wherever a command leaves the format to
the project. A command that names a game or a format gets what it names: the quick
start's `--format pdf` typesets FourScore's booklets, `--format all` adds its HTML
page, `--game str8eight --table-size 10` draws that deck. `cardgen init` runs in a fresh
folder beside it (it refuses to overwrite a project file); `party.toml` is its file with
the quick project's games and format; a playtest plays 20 hands, not the README's hundreds,
and 2 hands a match of its skill ladder.
With CARDGEN_README_FULL=1 the commands run in an
empty folder instead, every game in every format, as a new user's would: about 30 s.
"""
import os
import re
import shlex
from pathlib import Path

import pytest

from conftest import run_cli

README = Path(__file__).resolve().parents[1] / "README.md"
FULL = os.environ.get("CARDGEN_README_FULL") == "1"
QUICK = {"games": '["fourscore"]', "format": '"svg"'}  # the suite's project: see the docstring
QUICK_HANDS = "20"  # a playtest's --hands in the suite (as written with CARDGEN_README_FULL=1)
QUICK_LADDER = "2"  # and its skill ladder's hands a match (the lookahead player's matches are the slow part)


def readme_commands() -> list:
    """The argument lists of every `cardgen …` command in the README's code blocks, in
    order (chains split at &&, comments dropped)."""
    from markdown_it import MarkdownIt

    found = []
    for token in MarkdownIt("commonmark").parse(README.read_text(encoding="utf-8")):
        if token.type not in ("code_block", "fence"):
            continue
        for line in token.content.splitlines():
            for part in line.split("&&"):
                part = part.strip()
                if part == "cardgen" or part.startswith("cardgen "):
                    found.append(shlex.split(part, comments=True)[1:])
    return found


def test_the_readme_commands_are_found():
    commands = readme_commands()
    shown = {" ".join(c) for c in commands}
    assert {"build", "check", "init", "build --format all", "build --config party.toml -v"} <= shown, shown
    assert len(commands) >= 10


def test_every_readme_command_runs(tmp_path, monkeypatch):
    project = tmp_path / "project"
    project.mkdir()
    if not FULL:
        (project / "cardgen.toml").write_text("".join(f"{k} = {v}\n" for k, v in QUICK.items()))
    monkeypatch.chdir(project)
    ran, made = [], None
    for args in readme_commands():
        if args[:1] == ["init"]:
            where = project if FULL else tmp_path / "fresh"
            where.mkdir(exist_ok=True)
            monkeypatch.chdir(where)
            result = run_cli(*args)
            monkeypatch.chdir(project)
            made = (where / "cardgen.toml").read_text()
        else:
            if "party.toml" in args:  # cardgen init's file (with the quick project's games and format)
                assert made is not None, "the README uses party.toml before cardgen init writes one"
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
        assert result.exit_code == 0, (args, result.output)
        ran.append(args)
    assert len(ran) == len(readme_commands())
    assert (project / "output" / "manifest.json").is_file() and (project / "print-me").is_dir()
    assert run_cli("check").exit_code == 0  # what the README's commands leave behind checks clean
