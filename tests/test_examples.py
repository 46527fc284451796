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
