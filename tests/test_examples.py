"""Every project file in examples/ builds what it says and passes cardgen check."""
from pathlib import Path

import pytest

from conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NAMES = sorted(p.parent.name for p in EXAMPLES.glob("*/cardgen.toml"))


def test_the_four_examples_are_there():
    assert {"variant", "theme", "classroom", "print-shop"} <= set(NAMES)
    assert all((EXAMPLES / name / "README.md").is_file() for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_example_builds_and_checks(name, tmp_path):
    out = tmp_path / name
    result = run_cli("build", "--config", EXAMPLES / name / "cardgen.toml", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    result = run_cli("check", out)
    assert result.exit_code == 0, result.output


def test_each_example_builds_into_its_own_folder_which_the_default_build_leaves_alone(tmp_path, monkeypatch):
    """An example's output goes to examples/NAME/output/ (ignored by git), not into ./output,
    so a plain `cardgen build` afterwards neither refuses ("output holds examples/") nor
    touches it."""
    import subprocess

    from cardgen import config

    for name in NAMES:
        assert config.load(EXAMPLES / name / "cardgen.toml")["out"] == (EXAMPLES / name / "output").resolve()
    ignored = subprocess.run(["git", "check-ignore", "-q", "examples/variant/output/manifest.json"],
                             cwd=EXAMPLES.parent, capture_output=True)
    assert ignored.returncode in (0, 128)  # ignored (128: not a git checkout, as in an unpacked sdist)
    top = tmp_path / "project"
    (top / "examples").mkdir(parents=True)
    (top / "examples" / "variant").mkdir()
    (top / "examples" / "variant" / "cardgen.toml").write_text((EXAMPLES / "variant" / "cardgen.toml").read_text())
    monkeypatch.chdir(top)
    cheap = ("--format", "svg", "--only", "cards", "-q")
    assert run_cli("build", "--config", "examples/variant/cardgen.toml", *cheap).exit_code == 0
    example = top / "examples" / "variant" / "output"
    assert (example / "manifest.json").is_file() and not (top / "output").exists()
    before = {p: p.stat().st_mtime_ns for p in example.rglob("*")}
    result = run_cli("build", "--game", "eights", *cheap)
    assert result.exit_code == 0, result.output
    assert (top / "output" / "eights").is_dir()
    assert {p: p.stat().st_mtime_ns for p in example.rglob("*")} == before
