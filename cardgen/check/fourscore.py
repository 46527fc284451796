"""Check FourScore's output: its rule booklet (it is played with the Str8 Eight deck),
whose counts must be those of the table size it was built for, and that of the Str8
Eight deck beside it when the same output has one."""
from __future__ import annotations

import re
from pathlib import Path

from .report import GameReport
from .booklets import check_rules
from . import wording
from .wording import Claim

ROWS, MOST_PLAYERS, FEWEST_EACH = 4, 6, 2  # rows laid out; players; fewer cards each is no game


def check(game_dir: Path, rec, out: Path) -> GameReport:
    report = GameReport("fourscore")
    rel = lambda p: p.relative_to(out).as_posix()  # noqa: E731
    check_rules(game_dir, rec, "FourScore", report, rel, "fourscore")
    if "rules" not in rec.parts:
        report.summary.append("no rule booklet in this build: it left out 'rules' (cardgen build --only)")
        return report
    if rec.rules is None:
        report.summary.append("no rule booklet in this build (it is written with --format pdf)")
        return report
    _same_deck(out, rec, report)
    n, passes = rec.table_size, rec.pass_cards
    numbers = n * n
    dealt = numbers - ROWS
    deal = [(p, dealt // p, dealt % p) for p in range(2, MOST_PLAYERS + 1) if dealt // p >= FEWEST_EACH]
    booklet = [Claim("the cards left to deal", r"With (\d+) cards left after the rows are laid out", (dealt,))]
    if passes:
        booklet += [Claim("the pass cards", r"Take the (\d+) pass cards out", (passes,)),
                    Claim("the number cards", r"only play with the (\d+) number cards", (numbers,))]
    else:
        booklet += [Claim("pass cards", r"Take the (\d+) pass cards out", None),
                    Claim("the number cards", r"Use the (\d+) number cards", (numbers,))]
    aid = [Claim("the cards left to deal", r"Share out the other (\d+)", (dealt,)),
           Claim("the pass cards", r"the (\d+) pass cards stay in the tuck box", (passes,) if passes else None)]
    even = all(left == 0 for _, _, left in deal)

    def deal_table(text: str, path: Path) -> None:
        m = re.search(r"Players Cards each( Left over)?((?: \d+)+)", text)
        width = 3 if (m and m.group(1)) else 2
        got = [int(x) for x in m.group(2).split()] if m else []
        stated = [tuple(got[i:i + width]) for i in range(0, len(got) - width + 1, width)]
        want = [row if not even else row[:2] for row in deal]
        if stated != want:
            report.fail(rel(path), "booklet", f"deal table {stated or 'missing'}; {dealt} cards to deal give {want}")
    def aid_deal(text: str, path: Path) -> None:
        """The aid's deal runs across: a row of players, a row of cards each (+ left over)."""
        m = re.search(r"Players((?: \d+)+) Cards each((?: \d+(?: \(\+\d+ over\))?)+)", text)
        seats = [int(x) for x in m.group(1).split()] if m else []
        hands = [(int(e), int(o or 0)) for e, o in re.findall(r"(\d+)(?: \(\+(\d+) over\))?", m.group(2))] if m else []
        stated = [(p, e, o) for p, (e, o) in zip(seats, hands)] if len(seats) == len(hands) else []
        if stated != deal:
            report.fail(rel(path), "player aid", f"deal table {stated or 'missing'}; {dealt} cards to deal give {deal}")
    wording.check_all(game_dir, rec, report, rel, booklet, aid, [], ("Setup",), deal_table, aid_deal)
    return report


def _same_deck(out: Path, rec, report: GameReport) -> None:
    """FourScore's rules count the Str8 Eight deck built beside them."""
    import json

    try:
        from .safefile import Refused, guard

        games = json.loads(guard(out / "manifest.json", 64 << 20).read_text(encoding="utf-8")).get("games", {})
        deck = games.get("str8eight") or {}
    except (Refused, OSError, ValueError, AttributeError, RecursionError):
        return  # the manifest's own check reports it
    for key in ("table_size", "pass_cards"):
        if key in deck and deck[key] != getattr(rec, key):
            report.fail("manifest.json", "-", f"FourScore's rules were written for {key.replace('_', ' ')} "
                        f"{getattr(rec, key)}, the Str8 Eight deck beside them has {deck[key]}")
