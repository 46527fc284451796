"""The playtest report drawn as one page of plots (matplotlib), as PDF and as SVG.

matplotlib is imported here only, and only when a report is drawn, so `cardgen build`
never pays for it. The output is byte-for-byte reproducible: the theme's own font
file, no creation date, a fixed SVG id salt, and plots drawn from figures that are
themselves rounded.
"""
from __future__ import annotations

from pathlib import Path

MM = 1 / 25.4  # inches per mm
INK, MUTED, ACCENT, SECOND = "#222222", "#777777", "#332288", "#cc6677"


def _matplotlib(theme):
    import logging
    import os
    import sys

    logging.getLogger("matplotlib").setLevel(logging.ERROR)  # its warnings are not the user's to act on (-q)
    if "matplotlib" not in sys.modules:  # read at its import: its cache and config in a private folder,
        from ..private import folder  # never ~/.cache or ~/.config (nor a warning when HOME is read-only)

        os.environ["MPLCONFIGDIR"] = str(folder("matplotlib"))
        os.environ["MPL_IGNORE_SYSTEM_FONTS"] = "1"  # its font list made without a scan of the system's
        try:  # (a second a run, as the cache is new each time): the theme's fonts are added below
            import matplotlib.font_manager  # noqa: F401
        finally:
            del os.environ["MPL_IGNORE_SYSTEM_FONTS"]  # else findfont looks only at matplotlib's own
    import matplotlib

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # the font's 1904-based date is fine
    matplotlib.use("Agg", force=True)
    matplotlib.rcdefaults()  # matplotlib's own defaults, not a matplotlibrc found in the current folder
    from matplotlib import font_manager

    font = theme.fonts.file("regular")
    font_manager.fontManager.addfont(str(font))
    bold = theme.fonts.file("bold")
    font_manager.fontManager.addfont(str(bold))
    name = font_manager.FontProperties(fname=str(font)).get_name()
    matplotlib.rcParams.update({
        "font.family": name, "font.size": 7.5, "axes.titlesize": 8.5, "axes.titleweight": "bold",
        "axes.edgecolor": MUTED, "axes.labelcolor": INK, "xtick.color": INK, "ytick.color": INK,
        "axes.spines.top": False, "axes.spines.right": False, "svg.hashsalt": "cardgen",
        "svg.fonttype": "path", "pdf.fonttype": 42, "path.simplify": False, "axes.unicode_minus": False,
    })
    from matplotlib.figure import Figure

    return Figure


def _ints(hist: dict) -> tuple:
    xs = [int(k) for k in hist]
    return xs, [hist[k] for k in hist]


def _integer_axes(fig) -> None:
    """Counts on labelled axes: whole-number ticks."""
    from matplotlib.ticker import MaxNLocator

    for ax in fig.axes:
        if ax.images:
            continue
        if ax.get_ylabel():
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        if ax.get_xlabel():
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _save(fig, pdf: "Path | None", svg: "Path | None", title: str, meta=None) -> None:
    """The figure as PDF (with meta's metadata, draw/pdfmeta.py) and as SVG (titled), drawn in
    memory, then written: a write that fails (a full disk, `ulimit -f`) is one OSError naming
    the file, not matplotlib's writer failing on its own broken state."""
    import io

    from ..errors import writing

    _integer_axes(fig)
    for path, fmt, metadata in ((pdf, "pdf", {"CreationDate": None}),
                                (svg, "svg", {"Date": None, "Creator": "cardgen", "Title": title})):
        if path is not None:
            drawn = io.BytesIO()
            fig.savefig(drawn, format=fmt, metadata=metadata)
            data = drawn.getvalue()
            if fmt == "pdf":
                from ..draw.pdfmeta import finish_bytes

                data = finish_bytes(data, meta, "matplotlib, pikepdf")
            with writing(path):
                Path(path).write_bytes(data)


def _page(Figure, paper):
    return Figure(figsize=(paper.width * MM, paper.height * MM))


def _heading(fig, title: str, subtitle: str) -> None:
    fig.text(0.06, 0.965, title, fontsize=14, fontweight="bold", color=INK, va="top")
    fig.text(0.06, 0.935, subtitle, fontsize=8, color=MUTED, va="top")


def _rate_bars(ax, labels: list, rates: list, title: str, fair: "float | None" = None, color=ACCENT) -> None:
    xs = range(len(labels))
    ys = [r["rate"] for r in rates]
    err = [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]
    ax.bar(xs, ys, color=color, width=0.6)
    ax.errorbar(xs, ys, yerr=err, fmt="none", ecolor=INK, capsize=3, linewidth=0.8)
    if fair is not None:
        ax.axhline(fair, color=SECOND, linewidth=0.8, linestyle="--")
    ax.set_xticks(list(xs), labels)
    ax.set_ylim(0, max([1e-9] + [r["high"] for r in rates]) * 1.15 + 0.02)
    ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    ax.set_title(title, loc="left")


def _skill_panel(ax, skill: dict, unit: str) -> None:
    """One greedy bot among random ones: a game that rewards skill shows it here."""
    _rate_bars(ax, ["greedy among\nrandom players"], [skill["greedy"]],
               f"Skill: one greedy bot, {skill['hands']} {unit}", fair=skill["fair_share"], color="#117733")
    ax.set_xlim(-1, 1)


def str8eight_page(report: dict, paper, theme, pdf: "Path | None", svg: "Path | None", meta=None) -> None:
    """Eight panels: turns, seats, events, pass cards, scores, skill, the others' progress and the heat map."""
    Figure = _matplotlib(theme)
    f, v = report["figures"], report["variant"]
    fig = _page(Figure, paper)
    n = v["table_size"]
    _heading(fig, "Str8 Eight playtest",
             f"{f['hands']} hands · {v['players']} players ({', '.join(report['bots'])}) · {n} × {n} table · "
             f"{v['pass_cards']} pass cards · sequences of {v['sequence_length']} · seed {report['seed']}")
    grid = fig.add_gridspec(4, 2, left=0.09, right=0.96, top=0.89, bottom=0.05, hspace=0.62, wspace=0.3)

    ax = fig.add_subplot(grid[0, 0])
    xs, ys = _ints(f["turns"]["histogram"])
    if xs:
        ax.bar(xs, ys, width=1.0, color=ACCENT)
        ax.axvline(f["turns"]["median"], color=SECOND, linewidth=1)
    ax.set_title(f"Turns per hand (median {f['turns']['median']}, all seats)", loc="left")
    ax.set_xlabel("turns")
    ax.set_ylabel("hands")

    ax = fig.add_subplot(grid[0, 1])
    _rate_bars(ax, [f"seat {i + 1}" for i in range(v["players"])], f["seats"],
               "Win rate by seat (95 % interval; seat 1 starts)", fair=1 / v["players"])

    ax = fig.add_subplot(grid[1, 0])
    events = [("finished", f["finished"]), ("Str8 Eight\nbonus", f["bonus"]),
              ("reshuffle", f["reshuffle"]["hands"]), ("impasse", f["impasse"]["hands"]),
              ("pass card\nplayed", f["pass_cards"]["hands"])]
    _rate_bars(ax, [e[0] for e in events], [e[1] for e in events], "How often, per hand (bonus: per win)")
    ax.tick_params(axis="x", labelsize=6.5)

    ax = fig.add_subplot(grid[1, 1])
    xs, ys = _ints(f["pass_cards"]["histogram"])
    ax.bar(xs, ys, width=0.8, color=ACCENT)
    ax.set_title(f"Pass cards played per hand (mean {f['pass_cards']['mean']})", loc="left")
    ax.set_xlabel("pass cards played")
    ax.set_ylabel("hands")

    ax = fig.add_subplot(grid[2, 0])
    for key, color, label in (("winner", ACCENT, "winner"), ("others", SECOND, "the others")):
        xs, ys = _ints(f["scores"][key]["histogram"])
        if xs:
            ax.hist(xs, weights=ys, bins=30, color=color, alpha=0.75, label=label)
    ax.legend(frameon=False, fontsize=6.5)
    ax.set_title("Scores of a hand", loc="left")
    ax.set_xlabel("points")
    ax.set_ylabel("seats")

    _skill_panel(fig.add_subplot(grid[2, 1]), f["skill"], "hands")

    ax = fig.add_subplot(grid[3, 0])
    xs, ys = _ints(f["others_lengths"])
    ax.bar(xs, ys, width=0.8, color=MUTED)
    ax.set_title("The others' sequences when a hand ends", loc="left")
    ax.set_xlabel("cards in sequence")
    ax.set_ylabel("seats")

    ax = fig.add_subplot(grid[3, 1])
    heat = [[f["heat"].get(f"{r}x{c}", 0) for c in range(1, n + 1)] for r in range(1, n + 1)]
    image = ax.imshow(heat, cmap="viridis", origin="upper", extent=(0.5, n + 0.5, n + 0.5, 0.5))
    if n <= 10:
        top = max(max(row) for row in heat) or 1
        for r in range(n):
            for c in range(n):
                ax.text(c + 1, r + 1, str((r + 1) * (c + 1)), ha="center", va="center", fontsize=5,
                        color="white" if heat[r][c] < 0.6 * top else INK)
    ax.set_title("Cards in winning sequences (row × column)", loc="left")
    ax.set_xticks(range(1, n + 1))
    ax.set_yticks(range(1, n + 1))
    ax.tick_params(labelsize=5.5)
    fig.colorbar(image, ax=ax, shrink=0.85).ax.tick_params(labelsize=5.5)
    _save(fig, pdf, svg, "Str8 Eight playtest", meta)


def fourscore_page(report: dict, paper, theme, pdf: "Path | None", svg: "Path | None", meta=None) -> None:
    Figure = _matplotlib(theme)
    f, v = report["figures"], report["variant"]
    fig = _page(Figure, paper)
    _heading(fig, "FourScore playtest", f"{f['games']} games · {v['players']} players "
             f"({', '.join(report['bots'])}) · {v['table_size']} × {v['table_size']} table · seed {report['seed']}")
    grid = fig.add_gridspec(3, 2, left=0.09, right=0.96, top=0.89, bottom=0.06, hspace=0.5, wspace=0.3)
    ax = fig.add_subplot(grid[0, 0])
    _rate_bars(ax, [f"seat {i + 1}" for i in range(v["players"])], f["seats"],
               "Win rate by seat (95 % interval; seat 1 has the box)", fair=1 / v["players"])
    ax = fig.add_subplot(grid[0, 1])
    for key, color, label in (("piles", MUTED, "every seat"), ("winning_piles", ACCENT, "winners")):
        xs, ys = _ints(f[key]["histogram"])
        ax.bar(xs, ys, width=0.8, color=color, alpha=0.8, label=label)
    ax.legend(frameon=False, fontsize=6.5)
    ax.set_title("Cards in the scoring pile at the end", loc="left")
    for (i, key, title) in ((2, "fifth_cards", "Rows taken with a fifth card, per game"),
                            (3, "takes", "Rows taken for want of a place, per game"),
                            (4, "arrow_bonus", "Facing-arrow returns to the box, per game")):
        ax = fig.add_subplot(grid[i // 2, i % 2])
        xs, ys = _ints(f[key]["histogram"])
        ax.bar(xs, ys, width=0.8, color=ACCENT)
        ax.set_title(f"{title} (mean {f[key]['mean']})", loc="left")
        ax.set_ylabel("games")
    _skill_panel(fig.add_subplot(grid[2, 1]), f["skill"], "games")
    _save(fig, pdf, svg, "FourScore playtest", meta)


def _bars(ax, hist: dict, title: str, xlabel: str, ylabel: str, color=ACCENT, median: bool = False) -> None:
    """A histogram of whole numbers as bars (the median marked when asked)."""
    xs, ys = _ints(hist)
    if xs and max(xs) - min(xs) > 40:  # a wide spread: binned
        ax.hist(xs, weights=ys, bins=40, color=color)
    elif xs:
        ax.bar(xs, ys, width=0.8, color=color)
        ax.set_xlim(min(xs) - 1, max(xs) + 1)  # whole-number ticks even for one or two bars
    ax.set_title(title, loc="left")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)


def _totals_panel(ax, f: dict, unit: str) -> None:
    """The totals at the end of a game: winners against the others."""
    for key, color, label in (("winners", ACCENT, "winners"), ("others", SECOND, "the others")):
        xs, ys = _ints(f["final_scores"][key]["histogram"])
        if xs:
            ax.hist(xs, weights=ys, bins=30, color=color, alpha=0.75, label=label)
    ax.legend(frameon=False, fontsize=6.5)
    ax.set_title(f"Totals at the end of a game ({unit})", loc="left")
    ax.set_xlabel("points")
    ax.set_ylabel("seats")


def _games_head(fig, report: dict, title: str, details: str) -> tuple:
    f, v = report["figures"], report["variant"]
    _heading(fig, title, f"{f['games']} games, {f['hands']} hands · {v['players']} players "
             f"({', '.join(report['bots'])}) · {details} · seed {report['seed']}")
    grid = fig.add_gridspec(4, 2, left=0.09, right=0.96, top=0.89, bottom=0.05, hspace=0.62, wspace=0.3)
    ax = fig.add_subplot(grid[0, 0])
    _bars(ax, f["hands_per_game"]["histogram"], f"Hands per game (median {f['hands_per_game']['median']})",
          "hands", "games")
    ax = fig.add_subplot(grid[0, 1])
    _rate_bars(ax, [f"seat {i + 1}" for i in range(v["players"])], f["seats"],
               "Games won by seat (95 % interval; seat 1 starts)", fair=1 / v["players"])
    return f, v, grid


def crazy_eights_page(report: dict, paper, theme, pdf: "Path | None", svg: "Path | None", meta=None) -> None:
    """Eight panels: game length, seats, how often the stock runs out and an 8 decides, turns,
    totals, skill, the hand winner's score and the 8s played."""
    Figure = _matplotlib(theme)
    fig = _page(Figure, paper)
    v = report["variant"]
    details = f"target {v['target']} · aces {v['ace_value']} · {v['decks']} deck{'s' if v['decks'] > 1 else ''}" + \
        "".join(f" · {o.replace('-', ' ')}" for o in v["options"])
    f, v, grid = _games_head(fig, report, "Crazy Eights playtest", details)
    ax = fig.add_subplot(grid[1, 0])
    events = [("stock ran\nout", f["stock_out"]), ("won on\nan 8", f["decided_by_eight"]),
              ("an 8 left\nin a hand", f["eight_caught"]), ("blocked", f["blocked"])]
    _rate_bars(ax, [e[0] for e in events], [e[1] for e in events], "How often, per hand (won on an 8: per win)")
    ax.tick_params(axis="x", labelsize=6.5)
    ax = fig.add_subplot(grid[1, 1])
    _bars(ax, f["turns_per_hand"]["histogram"], f"Turns per hand (median {f['turns_per_hand']['median']}, "
          "all seats)", "turns", "hands")
    _totals_panel(fig.add_subplot(grid[2, 0]), f, "before the winner's bonus" if "penalty-scoring" not in
                  v["options"] else "penalty points")
    _skill_panel(fig.add_subplot(grid[2, 1]), f["skill"], "games")
    ax = fig.add_subplot(grid[3, 0])
    scored = "Penalty points a seat takes in a hand" if "penalty-scoring" in v["options"] else \
        "What the player who goes out scores"
    xs, ys = _ints(f["hand_scores"]["histogram"])
    if xs:
        ax.hist(xs, weights=ys, bins=30, color=ACCENT)
    ax.set_title(f"{scored} (median {f['hand_scores']['median']})", loc="left")
    ax.set_xlabel("points")
    ax.set_ylabel("hands" if "penalty-scoring" not in v["options"] else "seats")
    _bars(fig.add_subplot(grid[3, 1]), f["eights_played"]["histogram"],
          f"8s played per hand (mean {f['eights_played']['mean']})", "8s played", "hands", color=MUTED)
    _save(fig, pdf, svg, "Crazy Eights playtest", meta)


def eights_page(report: dict, paper, theme, pdf: "Path | None", svg: "Path | None", meta=None) -> None:
    """Eight panels: game length, seats, how often a word can be spelled, words by length,
    totals, skill, points per hand and the words spelled most."""
    Figure = _matplotlib(theme)
    fig = _page(Figure, paper)
    v = report["variant"]
    details = "number words" if v["words"] == "numbers" else "open words"
    f, v, grid = _games_head(fig, report, "Eights playtest", details)
    ax = fig.add_subplot(grid[1, 0])
    events = [("a word to\nspell (turn)", f["word_held"]), ("stack ran\nout (hand)", f["stock_out"]),
              ("game\nfinished", f["finished"])]
    _rate_bars(ax, [e[0] for e in events], [e[1] for e in events], "How often")
    ax.tick_params(axis="x", labelsize=6.5)
    _bars(fig.add_subplot(grid[1, 1]), f["word_lengths"], f"Words spelled by length ({f['words_per_hand']} a hand)",
          "letters", "words")
    _totals_panel(fig.add_subplot(grid[2, 0]), f, f"target {report['target']}")
    _skill_panel(fig.add_subplot(grid[2, 1]), f["skill"], "games")
    _bars(fig.add_subplot(grid[3, 0]), f["hand_scores"]["histogram"],
          f"Points a seat spells in a hand (median {f['hand_scores']['median']})", "points", "seats")
    ax = fig.add_subplot(grid[3, 1])
    words = list(f["top_words"].items())[::-1]
    ax.barh(range(len(words)), [k for _, k in words], color=ACCENT)
    ax.set_yticks(range(len(words)), [w for w, _ in words])
    ax.tick_params(axis="y", labelsize=6)
    ax.set_title(f"Words spelled most ({f['distinct_words']} different)", loc="left")
    ax.set_xlabel("times spelled")
    _save(fig, pdf, svg, "Eights playtest", meta)


SWEEP_COLUMNS = (("finished", "finished"), ("turns", "turns (median)"), ("seat1", "seat 1 wins"),
                 ("bonus", "bonus / win"), ("reshuffle", "reshuffled"), ("impasse", "impasse"),
                 ("skill", "greedy vs random"), ("sequences", "winning sequences"))


def sweep_page(game: str, rows: list, paper, theme, pdf: "Path | None", svg: "Path | None", meta=None) -> None:
    """One row per variant, as a table."""
    Figure = _matplotlib(theme)
    fig = _page(Figure, paper)
    titles = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "eights": "Eights", "crazy-eights": "Crazy Eights"}
    _heading(fig, f"{titles[game]} sweep",
             f"{len(rows)} variants · {rows[0]['hands'] if rows else 0} hands each")
    ax = fig.add_axes((0.04, 0.05, 0.92, 0.86))
    ax.axis("off")
    if rows:
        axes = list(rows[0]["variant"])
        cols = axes + [label for key, label in SWEEP_COLUMNS if key in rows[0]]
        cells = [[str(r["variant"][a]) for a in axes] + [_cell(r[key]) for key, _ in SWEEP_COLUMNS if key in r]
                 for r in rows]
        table = ax.table(cellText=cells, colLabels=[c.replace("_", " ") for c in cols], loc="upper center",
                         cellLoc="center")
        table.auto_set_font_size(False)
        table.set_fontsize(6.5 if len(rows) < 40 else 5)
        table.scale(1, 1.25)
    _save(fig, pdf, svg, "sweep", meta)


def _cell(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.1%}" if value <= 1 else f"{value:g}"
    return str(value)
