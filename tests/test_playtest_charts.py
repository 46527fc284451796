"""The playtest charts (issue 41): the palette's colors only, counts on axes that start
at 0, thousands separators, and HTML tables whose intervals do not wrap."""
from __future__ import annotations

import re
import subprocess

import pytest
from conftest import run_cli

from cardgen.playtest import plots
from cardgen.tokens import default_tokens


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("charts") / "out"
    result = run_cli("playtest", "--game", "str8eight", "--hands", "24", "--ladder-hands", "0", "-j", "1", "-q",
                     "--out", out)
    assert result.exit_code == 0, result.output
    return out / "playtest"


def palette() -> set:
    t = default_tokens()
    return {c.lower() for c in (t.color("ink"), t.color("muted"), t.color("accent"), t.color("paper"),
                                t.color("white"), *t.group_colors)} | {"#ffffff", "#000000"}


def test_the_plots_draw_in_the_palettes_colors_only(report):
    svg = (report / "str8eight-playtest.html").read_text()
    used = {c.lower() for c in re.findall(r"(?:fill|stroke):\s*(#[0-9a-fA-F]{6})", svg)}
    assert used and used <= palette(), used - palette()
    # the heat map's color map runs from the paper to the house indigo, no matplotlib default map
    cmap = plots.heat_colors()
    ends = [cmap(0.0), cmap(1.0)]
    hexes = ["#%02x%02x%02x" % tuple(round(v * 255) for v in c[:3]) for c in ends]
    assert hexes == [default_tokens().color("paper"), default_tokens().color("accent")]


def test_count_axes_start_at_zero_and_never_at_minus_one(report):
    text = subprocess.run(["pdftotext", "-layout", str(report / "str8eight-playtest-letter.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    labels = re.findall(r"(?<![\w.])[-−]\d+(?![\w.%])", text)
    assert labels == [], labels


def test_thousands_separators_and_cells():
    assert plots.thousands(7123296) == "7,123,296" and plots.thousands(12.0) == "12"
    assert plots._cell(7123296) == "7,123,296" and plots._cell(0.5) == "50.0%"


def test_the_html_tables_keep_intervals_on_one_line_with_separators():
    from cardgen.design.templating import render

    page = render("playtest/report.html.j2", title="t", subtitle="s", numbers=[("hands played", 7123296)],
                  note="", rows=[["1", "48.1%–51.9% (25%)"]], columns=["rank", "seat wins"], plots=None, files=[])
    assert "7,123,296" in page
    assert re.search(r"td\.n \{[^}]*white-space: nowrap", page)
    assert '<div class="wide"><table>' in page
