"""One language for every command: --config, -q and -v everywhere; list flags that take
comma lists and repeats; errors as `cardgen: error: --flag: problem; fix`; one warning
for an option the games chosen do not use (an error under --strict); shell completion
of choice values; progress as parts done of the total, cleared before the summary;
counts in words that agree in number. All of it made from the settings table."""
from __future__ import annotations

import json
import re

import pytest

from cardgen.settings import EVERY, for_command
from conftest import run_cli

CHEAP = ("--format", "svg", "--only", "cards", "-q")  # Eights' card SVGs: a third of a second


@pytest.mark.parametrize("command", EVERY)
def test_every_command_takes_config_quiet_and_verbose(command):
    text = run_cli(command, "--help").output
    for flag in ("--config", "-q, --quiet", "-v, --verbose"):
        assert flag in text, (command, flag)
    assert {"config", "quiet", "verbose"} <= {s.name for s in for_command(command)}  # from the table


def test_check_init_and_calibrate_speak_it_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run_cli("init", "--config", "kit.toml", "-q").output == ""
    text = (tmp_path / "kit.toml").read_text()
    (tmp_path / "kit.toml").write_text(text.replace('out = "output"', 'out = "kit-output"')
                                       .replace('format = "pdf"', 'format = "svg"'))
    built = run_cli("build", "--config", "kit.toml", "--game", "eights", "--only", "cards", "-q")
    assert built.exit_code == 0 and built.output == ""  # the file's defaults (table size…) are no warning
    assert (tmp_path / "kit-output" / "eights").is_dir() and not (tmp_path / "output").exists()
    quiet = run_cli("check", "--config", "kit.toml", "-q")  # the project file's folder, and nothing said
    assert quiet.exit_code == 0 and quiet.output == ""
    loud = run_cli("check", "--out", "kit-output", "-v")
    assert loud.exit_code == 0 and "all checks passed in kit-output" in loud.output
    assert "init" in run_cli("init", "--config", "kit.toml").output  # refused: it exists
    assert run_cli("calibrate", "--out", tmp_path, "-q").output == ""
    verbose = run_cli("calibrate", "--dir", tmp_path, "-v", "--paper", "a4").output
    assert "wrote" in verbose and "a4 paper, 210 × 297 mm, 2 pages" in verbose


@pytest.mark.parametrize("args, games", [
    (("--game", "eights,crazy-eights"), ["crazy-eights", "eights"]),
    (("--game", "eights", "--game", "crazy-eights"), ["crazy-eights", "eights"]),
])
def test_game_takes_comma_lists_and_repeats(tmp_path, args, games):
    out = tmp_path / "out"
    result = run_cli("build", *args, *CHEAP, "--out", out)
    assert result.exit_code == 0, result.output
    assert sorted(json.loads((out / "manifest.json").read_text())["games"]) == games


def test_every_list_flag_adds_up_its_repeats():
    from cardgen.cli import _values, main

    def values(command, *args):
        ctx = main.get_command(None, command).make_context(command, list(args))
        return _values(ctx, None, dict(ctx.params))

    found, given = values("build", "--game", "eights", "--game", "str8eight,eights", "--only", "cards", "--only",
                          "box,print", "--format", "pdf", "--format", "svg,png", "--shop", "thegamecrafter",
                          "--shop", "drivethrucards", "--cards", "12", "--cards", "3x4,12")
    assert found["games"] == ("str8eight", "eights")  # the registry's order, each once
    assert found["only"] == ("cards", "print", "box")
    assert found["formats"] == frozenset({"pdf", "svg", "png"})
    assert found["shops"] == ("drivethrucards", "thegamecrafter")
    assert found["cards"] == ("12", "3x4", "12")  # in order, repeats kept: two 12s reprint two cards
    assert {"games", "only", "formats", "shops", "cards"} <= given
    assert values("playtest", "--bots", "greedy", "--bots", "random,greedy,random")[0]["bots"] == (
        "greedy", "random", "greedy", "random")


ERROR = re.compile(r"^cardgen: error: --[a-z][a-z-]*: [^;\n]+; [^\n]+\n$")


@pytest.mark.parametrize("args", [
    ("build", "--pass-cards", "5"),
    ("build", "--table-size", "13"),
    ("build", "--paper", "A3"),
    ("build", "--format", "jpeg"),
    ("build", "--game", "chess"),
    ("build", "--game", "str8eight,chess"),
    ("build", "--tabel-size", "8"),
    ("build", "--out"),
    ("build", "--base-url", "not a url", "--format", "tts"),
    ("build", "--base-url", "ftp://example.com/decks", "--format", "tts"),
    ("build", "--cards", "12"),
    ("build", "--sets", "2", "--game", "fourscore"),
    ("playtest", "--players", "7"),
    ("playtest", "--bots", "clever"),
    ("playtest", "--sweep", "colour=1"),
    ("check", "--out", "a", "b"),
    ("check", "--quiet", "--verbose", "--config", "missing.toml"),
    ("calibrate", "--back-rotation", "9"),
    ("calibrate", "--check"),
    ("init", "--config", "no/such/folder/cardgen.toml"),
])
def test_every_error_names_its_flag_the_problem_and_the_fix(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = run_cli(*args)
    assert result.exit_code == 2, result.output
    assert ERROR.match(result.output.replace(" (see 'cardgen", "; see 'cardgen")), result.output


def test_base_url_is_an_http_url_ending_in_one_slash():
    """(Joined to the file names in test_exports.test_tts_base_url.)"""
    from cardgen.options import BuildOptions

    for given in ("https://example.com/img", "https://example.com/img/", "https://example.com/img//", " http://h/ "):
        assert BuildOptions(base_url=given).base_url in ("https://example.com/img/", "http://h/")
    assert BuildOptions(base_url="").base_url == ""


def test_an_option_the_games_do_not_use_gets_one_warning_or_under_strict_an_error(tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "--game", "eights", "--table-size", "10", "--base-url", "https://example.com/",
                     *CHEAP, "--out", out)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("cardgen: warning:")]
    assert warnings == [
        "cardgen: warning: --table-size: applies to Str8 Eight and FourScore, not to Eights: ignored; "
        "add --game str8eight, or leave --table-size out",
        "cardgen: warning: --base-url: only the tts format uses it, and --format has no tts: ignored; "
        "add tts to --format, or leave --base-url out"]
    strict = run_cli("build", "--game", "eights", "--decks", "2", "--strict", *CHEAP, "--out", tmp_path / "strict")
    assert strict.exit_code == 2 and strict.output.count("\n") == 1
    assert strict.output.startswith("cardgen: error: --decks: applies to Crazy Eights, not to Eights: ignored")
    assert not (tmp_path / "strict").exists()
    # every game (no --game) uses every option: nothing to say
    assert "warning" not in run_cli("build", "--table-size", "8", "--game", "str8eight", *CHEAP,
                                    "--out", tmp_path / "fine").output


@pytest.mark.parametrize("words, cword, expected", [
    ("cardgen build --paper l", 3, ["letter"]),
    ("cardgen build --format pdf,p", 3, ["pdf,png", "pdf,pod"]),
    ("cardgen build --layout ", 3, ["duplex", "fronts", "gutterfold"]),
    ("cardgen build --game str8eight,e", 3, ["str8eight,eights"]),
    ("cardgen playtest --bots greedy,r", 3, ["greedy,random"]),
])
def test_shell_completion_completes_choice_values(monkeypatch, words, cword, expected):
    from click.testing import CliRunner

    from cardgen.cli import main

    env = {"_CARDGEN_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    result = CliRunner().invoke(main, [], env=env, prog_name="cardgen")
    found = [line.split(",", 1)[1] for line in result.output.splitlines()]
    assert found == expected, result.output


def test_progress_is_parts_done_of_the_total_and_cleared_before_the_summary(tmp_path, monkeypatch):
    from cardgen import cli

    out = tmp_path / "out"
    plain = run_cli("build", "--game", "eights,fourscore", "--format", "svg,html", "--out", out, "-j", "1")
    assert plain.exit_code == 0, plain.output
    lines = plain.stderr.splitlines()
    assert lines[0] == "0 of 3 parts done · Eights: starting" and "1 of 3 parts done · Eights built" in lines
    assert lines[-1] == "3 of 3 parts done · the HTML preview built" and len(set(lines)) == len(lines)
    from click.testing import CliRunner

    monkeypatch.setattr(cli, "_terminal", lambda: True)  # a terminal: one status line, rewritten
    tty = CliRunner().invoke(cli.main, ["build", "--game", "eights", "--format", "svg", "--out", str(out), "--clean"],
                             color=True)  # escape codes kept, as on a terminal
    status, summary = tty.output.rsplit("\r\033[K", 1)
    assert status.startswith("\r\033[K[") and "0 of 1 part done · Eights: " in status and "\n" not in status
    assert summary.startswith("eights: ") and summary.endswith("done in " + summary.rsplit("done in ", 1)[1])


def test_counts_in_words_agree_in_number(copy_of_games):
    out = copy_of_games("crazy-eights")
    text = run_cli("check", out).output
    assert "1 deck of 52 distinct cards, 1 back" in text and "(s)" not in text
