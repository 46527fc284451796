"""The playtest report drawn as one page of plots (matplotlib), as PDF and as SVG.

matplotlib is imported here only, and only when a report is drawn, so `cardgen build`
never pays for it. The output is byte-for-byte reproducible: the theme's own font
file, no creation date, a fixed SVG id salt, and plots drawn from figures that are
themselves rounded.
"""
from __future__ import annotations

from pathlib import Path

MM = 1 / 25.4  # inches per mm


def _palette() -> tuple:
    """The plots' inks from the design tokens (templates/design/tokens.toml): text, muted
    text, the house indigo, a second series in group 7's rose, a third in group 4's green,
    and the paper the heat map starts from."""
    from ..tokens import default_tokens

    t = default_tokens()
    groups = t.group_colors
    return t.color("ink"), t.color("muted"), t.color("accent"), groups[6], groups[3], t.color("paper")


INK, MUTED, ACCENT, SECOND, THIRD, PAPER = _palette()


def heat_colors():
    """The heat map's color map: from the paper through the group-2 blue to the house indigo,
    the palette's own colors (no matplotlib default map)."""
    from matplotlib.colors import LinearSegmentedColormap

    from ..tokens import default_tokens

    return LinearSegmentedColormap.from_list("cardgen-heat", [PAPER, default_tokens().group_colors[1], ACCENT])


def thousands(value, _pos=None) -> str:
    """A tick or a count with thousands separators (7,123,296)."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def _matplotlib(theme):
    import logging
    import os
    import sys

    logging.getLogger("matplotlib").setLevel(logging.ERROR)  # its warnings are not the user's to act on (-q)
    if "matplotlib" not in sys.modules:  # read at its import: its cache and config in a private folder,
        from ..private import folder  # never ~/.cache or ~/.config (nor a warning when HOME is read-only)

        config = folder("matplotlib")
        os.environ["MPLCONFIGDIR"] = str(config)
        listed = _font_list(config)
        os.environ["MPL_IGNORE_SYSTEM_FONTS"] = "1"  # its font list made without a scan of the system's
        try:  # (a second a run, as the cache is new each time): the theme's fonts are added below
            import matplotlib.font_manager  # noqa: F401
        finally:
            del os.environ["MPL_IGNORE_SYSTEM_FONTS"]  # else findfont looks only at matplotlib's own
        if not listed:
            _font_list(config, keep=True)
    import matplotlib

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # the font's 1904-based date is fine
    matplotlib.use("Agg", force=True)
    matplotlib.rcdefaults()  # matplotlib's own defaults, not a matplotlibrc found in the current folder
    from matplotlib import font_manager

    font = _plain(theme.fonts.file("regular"))
    font_manager.fontManager.addfont(font)
    font_manager.fontManager.addfont(_plain(theme.fonts.file("bold")))
    name = font_manager.FontProperties(fname=font).get_name()
    matplotlib.rcParams.update({
        "font.family": name, "font.size": 7.5, "axes.titlesize": 8.5, "axes.titleweight": "bold",
        "axes.edgecolor": MUTED, "axes.labelcolor": INK, "xtick.color": INK, "ytick.color": INK,
        "axes.spines.top": False, "axes.spines.right": False, "svg.hashsalt": "cardgen",
        "svg.fonttype": "path", "pdf.fonttype": 42, "path.simplify": False, "axes.unicode_minus": False,
        # the palette's colors for anything drawn without one (error bars' caps, a legend's patches)
        "axes.prop_cycle": matplotlib.cycler(color=[ACCENT, SECOND, THIRD, MUTED]),
    })
    from matplotlib.figure import Figure

    return Figure


def _font_list(config: Path, keep: bool = False) -> bool:
    """matplotlib's list of its own fonts, which it makes on import when its cache folder has
    none (0.1 s of CPU, every run: that folder is this process's own): put into config from
    the store (cache.py) before the import, or (keep) kept there after it. Keyed by
    matplotlib's version and place, it is the list matplotlib would make again, the very file
    it reads on its next import where the folder lasts; whether it was there is returned."""
    import importlib.util
    import json

    from .. import cache

    try:
        spec = importlib.util.find_spec("matplotlib")
    except (ImportError, ValueError):
        return False
    key = cache.store_key("matplotlib-fonts", {"matplotlib": cache.library_version("matplotlib"),
                                               "at": str(spec.origin if spec else None)})
    if keep:
        made = sorted(config.glob("fontlist-v*.json"))
        try:
            text = made[0].read_text(encoding="utf-8") if len(made) == 1 else None
            json.loads(text or "")  # whole (matplotlib's own write may have been refused half-way)
        except (OSError, ValueError):
            return False
        cache.keep("matplotlib-fonts", key, json.dumps({"name": made[0].name, "list": text}).encode())
        return True
    found = cache.fetch("matplotlib-fonts", key)
    try:
        entry = json.loads(found) if found is not None else None
        name, text = entry["name"], entry["list"]
    except (ValueError, TypeError, KeyError):
        return False
    if not (isinstance(name, str) and isinstance(text, str) and name.startswith("fontlist-v") and
            name.endswith(".json") and "/" not in name and "\\" not in name):
        return False
    try:  # (a write refused, as by a file size limit: matplotlib makes the list, as before)
        (config / name).write_text(text, encoding="utf-8")
    except OSError:
        (config / name).unlink(missing_ok=True)
        return False
    return True


_PLAIN: dict = {}  # font file -> its plain copy (this process's private folder)


def _plain(path) -> str:
    """A copy of a font without the tables a plot never reads (OpenType layout, hinting),
    made once per process in a private folder. matplotlib subsets a font for the PDF with
    fontTools, twice per cut (once for the first 256 characters, once for the rest), and
    parsing the layout tables was most of that: 0.3 s of a report's 1.1 s. Kerning ('kern',
    which matplotlib reads through FreeType) is kept, and the head table's dates, so the
    embedded subsets are the same bytes as before."""
    path = str(path)
    if path not in _PLAIN:
        from fontTools.ttLib import TTFont

        from ..errors import writing
        from ..private import folder  # swept by the next cardgen process should this one be killed

        font = TTFont(path, lazy=True, recalcTimestamp=False)
        for tag in ("GPOS", "GSUB", "GDEF", "fpgm", "prep", "cvt ", "gasp"):
            if tag in font:
                del font[tag]
        out = folder("matplotlib") / Path(path).name
        with writing(out):
            font.save(str(out))
        _PLAIN[path] = str(out)
    return _PLAIN[path]


def _ints(hist: dict) -> tuple:
    xs = [int(k) for k in hist]
    return xs, [hist[k] for k in hist]


def _integer_axes(fig) -> None:
    """Counts on labelled axes: whole-number ticks with thousands separators, and an axis
    of counts that starts where a count can, at 0 (never at −1)."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    for ax in fig.axes:
        if ax.images:
            continue
        if ax.get_ylabel():
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.yaxis.set_major_formatter(FuncFormatter(thousands))
            low, high = ax.get_ylim()
            if low < 0:
                ax.set_ylim(0, high)
        if ax.get_xlabel():
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.xaxis.set_major_formatter(FuncFormatter(thousands))
            low, high = ax.get_xlim()
            if low < -0.5:  # bars centred on 0 reach to −0.4: the axis stops just short of them
                ax.set_xlim(-0.5, high)


SVG_APART = False  # drawer.py's warm process: the SVG is drawn by a child while the PDF is written


def _save(fig, pdf: "Path | None", svg: "Path | None", title: str, meta=None) -> None:
    """The figure as PDF (with meta's metadata, draw/pdfmeta.py) and as SVG (titled), each drawn
    in memory, then written: a write that fails (a full disk, `ulimit -f`) is one OSError naming
    the file, not matplotlib's writer failing on its own broken state."""
    _integer_axes(fig)
    task = None
    if svg is not None and pdf is not None and SVG_APART:
        from .. import parallel

        task = parallel.start(_save_svg, fig, svg, title, jobs=2)
    elif svg is not None:
        _save_svg(fig, svg, title)
    if pdf is not None:
        from ..draw.pdfmeta import finish_bytes

        _write(pdf, finish_bytes(_drawn(fig, "pdf", {"CreationDate": None}), meta, "matplotlib, pikepdf"))
    if task is not None:
        task.result()


def _save_svg(fig, svg: Path, title: str) -> None:
    _write(svg, _drawn(fig, "svg", {"Date": None, "Creator": "cardgen", "Title": title}))


def _drawn(fig, fmt: str, metadata: dict) -> bytes:
    import io

    drawn = io.BytesIO()
    fig.savefig(drawn, format=fmt, metadata=metadata)
    return drawn.getvalue()


def _write(path, data: bytes) -> None:
    from ..errors import writing

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


def _table(ax, cells: list, columns: list, size: float, scale: float, loc: str = "upper center",
           widths: "list | None" = None, head: float = 1.0) -> None:
    """A table of text in thin gray rules, its header bold (head: the header row's height, in rows)."""
    table = ax.table(cellText=cells, colLabels=columns, loc=loc, cellLoc="center", colWidths=widths)
    table.auto_set_font_size(False)
    table.set_fontsize(size)
    table.scale(1, scale)
    for (r, c), cell in table.get_celld().items():
        cell.set_linewidth(0.3)
        cell.set_edgecolor(MUTED)
        if r == 0:
            cell.get_text().set_fontweight("bold")
            cell.set_height(cell.get_height() * head)


def _ladder_panel(ax, ladder: "dict | None", unit: str) -> None:
    """The skill ladder: each match's stronger player's share of the won hands, 50 % being even."""
    if not ladder:
        ax.axis("off")
        ax.text(0, 0.5, "Skill ladder: not played (--ladder-hands 0)", color=MUTED, transform=ax.transAxes)
        return
    from .figures import BOT_TITLES

    matches = ladder["matches"][::-1]  # the first match on top
    ys = range(len(matches))
    rates = [m["strong_share"] for m in matches]
    xs = [r["rate"] for r in rates]
    err = [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]
    ax.barh(ys, xs, color=THIRD, height=0.4)
    ax.errorbar(xs, ys, xerr=err, fmt="none", ecolor=INK, capsize=3, linewidth=0.8)
    ax.axvline(0.5, color=SECOND, linewidth=0.8, linestyle="--")
    ax.set_yticks([])
    ax.spines["left"].set_visible(False)
    ax.set_ylim(len(matches) - max(3, len(matches)) - 0.5, len(matches) - 0.1)  # a bar as thick as one of three
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    for y, m, r in zip(ys, matches, rates):
        piles = "pile" in m["play"][m["strong"]]  # FourScore: the cards each took, a game
        ax.text(0, y + 0.24, f"{BOT_TITLES[m['strong']]} vs {BOT_TITLES[m['weak']]}: {r['rate']:.0%} "
                f"({r['low']:.0%}–{r['high']:.0%})" + (f"; cards taken a game {m['play'][m['strong']]['pile']:g} "
                                                      f"vs {m['play'][m['weak']]['pile']:g}" if piles else ""),
                va="bottom", fontsize=6.5, color=INK)
    played = sorted({m["hands"] for m in matches})  # a match ranked early stopped short of the budget
    each = (f"{ladder['hands']} {unit} a match" if played == [ladder["hands"]] else
            f"{', '.join(map(str, played))} {unit} a match, of at most {ladder['hands']}")
    ax.set_title(f"Skill ladder: share of the won {unit} (95 %; {each})", loc="left")


def _play_table(ax, ladder: "dict | None") -> None:
    """What each player does in its ladder matches, per hand: a small table."""
    ax.axis("off")
    if not ladder:
        return
    from .figures import BOT_TITLES

    rows = []
    for m in ladder["matches"]:
        for name, other in ((m["strong"], m["weak"]), (m["weak"], m["strong"])):
            p = m["play"][name]
            rows.append([BOT_TITLES[name], BOT_TITLES[other], f"{p['plays']:.1f}", f"{p['passes']:.2f}",
                         f"{p['discards']:.1f}", f"{p['takes']:.2f}",
                         "–" if p["start_turn"] is None else f"{p['start_turn']:.1f}", f"{p['started']:.0%}"])
    columns = ["player", "against", "cards laid", "pass cards", "discards", "from the discards",
               "turns to start", "started"]
    _table(ax, rows, columns, 6.5, 1.25, loc="upper left", widths=[0.24, 0.24, 0.08, 0.08, 0.08, 0.11, 0.09, 0.08])
    title = ("What each player does in its ladder matches, per hand (turns to start: its own turns before its "
             "first card)")
    worth = ladder.get("pass_cards_worth")
    if worth:
        title += (f"\nPass cards are worth {worth['points']:+.1f} points of its share of the wins to the lookahead "
                  f"player (95 %: {worth['low']:+.1f} to {worth['high']:+.1f})")
    ax.set_title(title, loc="left")


def str8eight_page(report: dict, paper, theme, pdf: "Path | None", svg: "Path | None", meta=None) -> None:
    """Nine panels: turns, seats, events, pass cards, scores, the others' progress, the skill ladder with
    what each player does, and the heat map."""
    Figure = _matplotlib(theme)
    f, v = report["figures"], report["variant"]
    fig = _page(Figure, paper)
    n = v["table_size"]
    _heading(fig, "Str8 Eight playtest",
             f"{f['hands']:,} hands · {v['players']} players ({', '.join(report['bots'])}) · {n} × {n} table · "
             f"{v['pass_cards']} pass cards · sequences of {v['sequence_length']} · seed {report['seed']}")
    grid = fig.add_gridspec(5, 2, left=0.09, right=0.96, top=0.9, bottom=0.04, hspace=0.72, wspace=0.32)

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

    ax = fig.add_subplot(grid[2, 1])
    xs, ys = _ints(f["others_lengths"])
    ax.bar(xs, ys, width=0.8, color=MUTED)
    ax.set_title("The others' sequences when a hand ends", loc="left")
    ax.set_xlabel("cards in sequence")
    ax.set_ylabel("seats")

    _ladder_panel(fig.add_subplot(grid[3, 0]), f.get("ladder"), "hands")
    _play_table(fig.add_subplot(grid[4, :]), f.get("ladder"))

    ax = fig.add_subplot(grid[3, 1])
    heat = [[f["heat"].get(f"{r}x{c}", 0) for c in range(1, n + 1)] for r in range(1, n + 1)]
    image = ax.imshow(heat, cmap=heat_colors(), origin="upper", extent=(0.5, n + 0.5, n + 0.5, 0.5))
    if n <= 10:
        top = max(max(row) for row in heat) or 1
        for r in range(n):
            for c in range(n):
                ax.text(c + 1, r + 1, str((r + 1) * (c + 1)), ha="center", va="center", fontsize=5,
                        color=INK if heat[r][c] < 0.5 * top else PAPER)
    ax.set_title("Cards in winning sequences", loc="left")
    ax.set_xticks(range(1, n + 1))
    ax.set_yticks(range(1, n + 1))
    ax.tick_params(labelsize=5.5)
    bar = fig.colorbar(image, ax=ax, shrink=0.85)
    bar.ax.tick_params(labelsize=5.5)
    from matplotlib.ticker import FuncFormatter

    bar.ax.yaxis.set_major_formatter(FuncFormatter(thousands))
    _save(fig, pdf, svg, "Str8 Eight playtest", meta)


def fourscore_page(report: dict, paper, theme, pdf: "Path | None", svg: "Path | None", meta=None) -> None:
    Figure = _matplotlib(theme)
    f, v = report["figures"], report["variant"]
    fig = _page(Figure, paper)
    _heading(fig, "FourScore playtest", f"{f['games']:,} games · {v['players']} players "
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
    _ladder_panel(fig.add_subplot(grid[2, 1]), f.get("ladder"), "games")
    _save(fig, pdf, svg, "FourScore playtest", meta)


def _bars(ax, hist: dict, title: str, xlabel: str, ylabel: str, color=ACCENT, median: bool = False) -> None:
    """A histogram of whole numbers as bars (the median marked when asked)."""
    xs, ys = _ints(hist)
    if xs and max(xs) - min(xs) > 40:  # a wide spread: binned
        ax.hist(xs, weights=ys, bins=40, color=color)
    elif xs:
        ax.bar(xs, ys, width=0.8, color=color)
        ax.set_xlim(max(min(xs) - 1, -0.5), max(xs) + 1)  # whole-number ticks even for one or two bars
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
    _heading(fig, title, f"{f['games']:,} games, {f['hands']:,} hands · {v['players']} players "
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
    _ladder_panel(fig.add_subplot(grid[2, 1]), f.get("ladder"), "games")
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
    _ladder_panel(fig.add_subplot(grid[2, 1]), f.get("ladder"), "games")
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
                 ("skill", "greedy beats random"), ("sequences", "winning sequences"))


def sweep_page(game: str, rows: list, paper, theme, pdf: "Path | None", svg: "Path | None", meta=None) -> None:
    """One row per variant, as a table."""
    Figure = _matplotlib(theme)
    fig = _page(Figure, paper)
    titles = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "eights": "Eights", "crazy-eights": "Crazy Eights"}
    _heading(fig, f"{titles[game]} sweep",
             f"{len(rows)} variants · {rows[0]['hands'] if rows else 0} hands each"
             + (f" · played by {rows[0]['decided_by']}" if rows and "decided_by" in rows[0] else ""))
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
        return f"{value:.1%}" if value <= 1 else thousands(value)
    return f"{value:,}" if isinstance(value, int) else str(value)


def tune_columns(data: dict) -> tuple:
    """The ranked variants as table columns and cells (the PDF's and the HTML page's)."""
    columns = ["rank", "table", "pass cards", "sequence", "players", "hands",
               "seat wins, lowest–highest (fair share)", "median turns (interval)", "bonus a win (interval)", "finished", "verdict"]
    cells = []
    for r in data["ranked"]:
        v, seats = r["variant"], r["seats"]["seats"]
        verdict = ("meets, sure" if r["confirmed"] == 4 else "meets" if r["nearness"] <= 1 else "not ruled out")
        table = f"{v['table_size']}\u00a0×\u00a0{v['table_size']}"
        cells.append([r["rank"], table, v["pass_cards"], v["sequence_length"], v["players"], r["hands"],
                      f"{min(s['rate'] for s in seats):.1%}–{max(s['rate'] for s in seats):.1%} "
                      f"({1 / v['players']:.0%})",
                      f"{r['turns']['median']} ({r['turns']['low']}–{r['turns']['high']})",
                      f"{r['bonus']['rate']:.1%} ({r['bonus']['low']:.1%}–{r['bonus']['high']:.1%})",
                      f"{r['finished']['rate']:.1%}", verdict])
    return columns, cells


def tune_page(data: dict, paper, theme, pdf: Path, svg: None = None, meta=None) -> None:
    """The answer, why variants were set aside, and the ranked variants (a PDF alone: svg is
    None, the page's HTML has its own table)."""
    import textwrap

    Figure = _matplotlib(theme)
    fig = _page(Figure, paper)
    t = data["targets"]
    _heading(fig, "Str8 Eight tune",
             f"targets: seats ±{t['seats_points']:g} points of fair · median {t['turns'][0]}–{t['turns'][1]} turns "
             f"· bonus ≥ {t['bonus']:.1%} of wins · ≥ {t['finished']:.1%} finished · up to "
             f"{data['hands_per_variant']} hands a variant · seed {data['seed']}")
    fig.text(0.06, 0.905, "\n".join(textwrap.wrap(data["answer"], 118)), fontsize=8, color=INK, va="top",
             fontweight="bold")
    searched = "; ".join(f"{k.replace('_', ' ')}: {v if isinstance(v, str) else ', '.join(map(str, v))}"
                         for k, v in data["searched"].items())
    fig.text(0.06, 0.845, "\n".join(textwrap.wrap(f"Searched: {searched}. Decided by {data['decided_by']}.", 130)),
             fontsize=6.5, color=MUTED,
             va="top")
    ax = fig.add_axes((0.12, 0.66, 0.34, 0.12))
    names = list(data["stopped_by"])
    ax.barh(range(len(names)), [data["stopped_by"][n] for n in names], color=SECOND)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel("variants")
    ax.set_title(f"Set aside, by the first target missed ({data['variants']} judged)", loc="left")
    ax = fig.add_axes((0.58, 0.66, 0.36, 0.12))
    ax.axis("off")
    lines = [f"{data['variants']} variants judged, {data['hands_played']:,} hands played",
             f"{data['stopped_early']} stopped early, {data['missed_at_the_end']} missed at the end",
             f"{data['meeting']} meet every target by the estimates",
             f"{data['confirmed']} with every interval inside its target",
             f"intervals at {data['interval_level']:.2%} (looks at {', '.join(map(str, data['looks']))} hands)"]
    ax.text(0, 1, "\n".join(lines), fontsize=7, color=INK, va="top", linespacing=1.6)
    ax = fig.add_axes((0.04, 0.04, 0.92, 0.58))
    ax.axis("off")
    columns, cells = tune_columns(data)
    if cells:
        heads = [c.replace(" (", "\n(").replace("pass cards", "pass\ncards") for c in columns]
        _table(ax, [[str(c) for c in row] for row in cells], heads, 5.5, 1.2, head=1.8,
               widths=[0.05, 0.07, 0.06, 0.07, 0.06, 0.06, 0.17, 0.11, 0.15, 0.08, 0.12])
    else:
        ax.text(0.5, 0.9, "No variant meets every target.", ha="center", fontsize=9, color=MUTED)
    _save(fig, pdf, None, "Str8 Eight tune", meta)
