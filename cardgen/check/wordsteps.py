"""The kit's words as a whole: nothing written for us (buyerwords.py) and nothing said of a
feature the cards lack (featurecheck.py), reported together as one step of the check."""
from __future__ import annotations

from pathlib import Path

from .report import GameReport


def check_words(out: Path, entries: list, records: dict) -> GameReport:
    from .buyerwords import check_buyer_words, check_readme
    from .featurecheck import check_features

    report = GameReport("words")
    read = check_buyer_words(out, entries, report)
    check_readme(out, entries, report)
    features = check_features(out, entries, records, report)
    report.summary.append(f"{read} buyer files hold nothing written for us"
                          + (f"; {features} of them speak only of features the cards have" if features else ""))
    return report
