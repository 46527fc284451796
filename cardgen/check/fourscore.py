"""Check FourScore's output: its rule booklet (it is played with the Str8 Eight deck)."""
from __future__ import annotations

from pathlib import Path

from .report import GameReport
from .booklets import check_rules


def check(game_dir: Path, rec, out: Path) -> GameReport:
    report = GameReport("fourscore")
    check_rules(game_dir, rec, "FourScore", report, lambda p: p.relative_to(out).as_posix())
    if "rules" not in rec.parts:
        report.summary.append("no rule booklet in this build: it left out 'rules' (cardgen build --only)")
    elif rec.rules is None:
        report.summary.append("no rule booklet in this build (it is written with --format pdf)")
    return report
