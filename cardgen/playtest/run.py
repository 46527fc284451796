"""`cardgen playtest`: play a variant many times and report how it plays.

For each game played: the hands (model/play/), the skill ladder (random < greedy <
lookahead: matches of two players on the same deals, with its own budget of hands), the
figures (figures.py), the atlas for Str8 Eight (model/atlas.py), and the report: JSON, a
page of plots per paper (plots.py) and an HTML page, put into <out>/playtest/ (output.py).
--sweep plays one variant per row instead and reports the rows; --tune searches the
variants that meet a designer's targets (tune.py).
"""
from __future__ import annotations

import itertools
import json
from pathlib import Path

from ..errors import CardgenError
from ..words import plural
from ..settings import playtest_games
from .simulate import simulate

# the ladder's matches, stronger player first: each plays its hands on the same deals
LADDER_MATCHES = {"str8eight": (("greedy", "random"), ("lookahead", "greedy"), ("lookahead-no-pass", "greedy")),
                  "fourscore": (("greedy", "random"), ("lookahead", "greedy")),
                  "crazy-eights": (("greedy", "random"), ("lookahead", "greedy")),
                  "eights": (("greedy", "random"), ("lookahead", "greedy"))}
TITLES = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "eights": "Eights", "crazy-eights": "Crazy Eights"}
OPTION_NAMES = ("table_size", "pass_cards", "sequence_length", "players", "decks", "ace_value", "crazy_options",
                "eights_words")  # what the variants are made from


def _variant(game: str, values: dict):
    if game == "crazy-eights":  # each game's engine imported only when it is played
        from ..model.play.crazy_eights import TARGET, CrazyEightsVariant

        options = values["crazy_options"]
        target = next((int(o.split("-")[1]) for o in options if o.startswith("target-")), TARGET)
        return CrazyEightsVariant(players=values["players"], decks=values["decks"], ace_value=values["ace_value"],
                                  target=target, penalty_scoring="penalty-scoring" in options,
                                  draw_until_play="draw-until-play" in options, action_cards="action-cards" in options)
    if game == "eights":
        from ..model.play.eights import EightsVariant

        return EightsVariant(players=values["players"], words=values["eights_words"])
    from ..model.play.fourscore import FourScoreVariant
    from ..model.play.str8eight import Variant

    try:
        if game == "str8eight":
            return Variant(table_size=values["table_size"], pass_cards=values["pass_cards"],
                           sequence_length=values["sequence_length"] or values["table_size"], players=values["players"])
        return FourScoreVariant(table_size=values["table_size"], players=values["players"])
    except ValueError as exc:  # the one a table and players can reach here: too few cards to deal
        raise CardgenError(f"{exc}: use fewer --players, a larger --table-size or more --pass-cards") from None


def _describe(game: str, variant) -> dict:
    if game == "str8eight":
        return {"table_size": variant.table_size, "pass_cards": variant.pass_cards,
                "sequence_length": variant.sequence_length, "players": variant.players}
    if game == "crazy-eights":
        return {"players": variant.players, "decks": variant.decks, "ace_value": variant.ace_value,
                "target": variant.target, "options": list(variant.options)}
    if game == "eights":
        from ..model.eights import build_deck as letter_deck

        return {"players": variant.players, "words": variant.words, "letter_cards": len(letter_deck())}
    return {"table_size": variant.table_size, "players": variant.players}


def play(game: str, variant, bots: tuple, hands: int, seed: int, jobs: int, log=None, progress=None,
         ladder_hands: int = 0, iterations: "int | None" = None, matches: "tuple | None" = None,
         status=None, executor=None, ladder_log=None) -> dict:
    """Every figure of one variant: the report's JSON. progress(played) hears how many hands
    are played; status(line) what is being played; ladder_hands: hands per ladder match (0:
    no ladder); matches: the ladder's matches (default: the game's); ladder_log(line): whether
    the ladder was reused from the store or played (ladder.py)."""
    from ..model.atlas import atlas
    from ..model.play import DEFAULT_ITERATIONS
    from ..model.str8eight import build_deck
    from .figures import (BOT_TITLES, crazy_eights_figures, eights_figures, fourscore_figures, ladder_figures,
                          str8eight_figures)

    iterations = iterations or DEFAULT_ITERATIONS
    main = simulate(game, variant, bots, hands, seed, jobs, log=log, progress=progress, iterations=iterations,
                    executor=executor)
    seats = bots * variant.players if len(bots) == 1 else bots
    report = {"game": game, "variant": _describe(game, variant), "bots": list(seats), "hands": hands,
              "seed": seed}
    if game == "str8eight":
        report["figures"] = str8eight_figures(main, variant.players)
        report["atlas"] = atlas(build_deck(variant.table_size, 0), variant.sequence_length).to_json()
    elif game == "crazy-eights":
        report["figures"] = crazy_eights_figures(main, variant.players)
    elif game == "eights":
        from ..model.play.eights import lexicon, target

        report["figures"] = eights_figures(main, variant.players)
        report["target"] = target(variant.players)
        report["lexicon"] = {"words": len(lexicon(variant.words).points),
                             "min_letters": lexicon(variant.words).min_letters}
    else:
        report["figures"] = fourscore_figures(main, variant.players)
    if ladder_hands:
        from .ladder import ladder

        pairs = tuple(matches or _matches(game, variant))
        if status is not None:
            status(f"{TITLES[game]}: skill ladder, " + "; ".join(f"{BOT_TITLES[a]} against {BOT_TITLES[b]}"
                                                                  for a, b in pairs))
        report["figures"]["ladder"] = ladder(
            game, variant, pairs, ladder_hands, seed, jobs, iterations,
            lambda played: ladder_figures(game, played, variant.players, iterations, ladder_hands), ladder_log)
    return report


def _matches(game: str, variant) -> tuple:
    """The game's ladder; no match without pass cards where the deck has none."""
    return tuple(m for m in LADDER_MATCHES[game] if m[0] != "lookahead-no-pass" or variant.pass_cards)


def sweep_row(report: dict) -> dict:
    f = report["figures"]
    row = {"variant": report["variant"], "hands": report["hands"]}
    skill = f["ladder"]["matches"][0]["strong_share"]["rate"] if "ladder" in f else None
    if report["game"] == "str8eight":
        row.update(finished=f["finished"]["rate"], turns=f["turns"]["median"], seat1=f["seats"][0]["rate"],
                   bonus=f["bonus"]["rate"], reshuffle=f["reshuffle"]["hands"]["rate"],
                   impasse=f["impasse"]["hands"]["rate"], skill=skill,
                   sequences=report["atlas"]["value_sequences"])
    elif report["game"] in ("eights", "crazy-eights"):
        row.update(finished=f["finished"]["rate"], turns=f["turns_per_hand"]["median"],
                   seat1=f["seats"][0]["rate"], skill=skill)
    else:
        row.update(turns=f["rounds"], seat1=f["seats"][0]["rate"], skill=skill)
    return row


def _variants(game: str, options) -> list:
    """The variants a sweep plays for game (axes the game has no use for are left out)."""
    base = vars_of(options)
    used = set(_describe(game, _variant(game, base)))
    axes = [(name, values) for name, values in options.sweep if name in used]
    if not axes:
        return []
    combos = itertools.product(*(values for _, values in axes))
    return [_variant(game, {**base, **dict(zip((n for n, _ in axes), combo))}) for combo in combos]


WARM_HANDS = 2000  # from this many hands, matplotlib is loaded while they are played (drawer.py)
UNITS = {"str8eight": "hand", "fourscore": "game", "crazy-eights": "game", "eights": "game"}  # what a game's --hands counts: a FourScore game is whole


def run_playtest(options, progress=lambda message: None, verbose: bool = False, warn=None,
                 fixed: "set | None" = None) -> list:
    """Play, write the reports; returns the lines to print (verbose: with each game's time
    and the files written). warn(line) hears of a report that will not match the deck the
    output folder holds (with --strict, an error before any hand is played). fixed: the
    options the user set (--tune searches the others); None: those that differ from their
    defaults.

    The output folder's lock is held from before the deck is read until the reports are in
    place: a build into the same folder meanwhile waits, then refuses in one line, as a
    playtest does while a build writes it (issue 40: a 6 × 6 build and an 8 × 8 playtest at
    once both ended well, and the kit held a report of another deck)."""
    with _output_held(options.out):
        return _play_and_report(options, progress, verbose, warn, fixed)


def _output_held(out: Path):
    """The output folder's lock, for the whole playtest (its parent folder made if need be)."""
    from .. import outdir

    final = outdir.final_path(out)
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardgenError(f"cannot create output folder {out} ({exc.strerror}): choose another with --out") from None
    return outdir.locked(final, out, "playtest")


def _play_and_report(options, progress, verbose: bool, warn, fixed: "set | None") -> list:
    import time

    from ..progress import Parts
    from ..theme import DEFAULT_THEME

    if options.tune:
        return _run_tune(options, progress, fixed, DEFAULT_THEME)
    games = playtest_games(options.games)
    from .. import outdir

    final = outdir.final_path(options.out)  # a folder refused before any hand is played
    outdir.refuse_unless_ours(final, options.out)
    if not options.sweep:
        _against_the_deck(final, games, options, warn)
    from .sidefiles import side_files

    json_out, log = side_files(options.json_out, options.log, final)
    reports, sweeps, files, lines, timings = [], {}, {}, [], []
    plan = {game: _variants(game, options) for game in games} if options.sweep else {}
    parts = Parts(sum(len(v) for v in plan.values()) if options.sweep else len(games), progress)
    from .drawer import Drawer

    from contextlib import nullcontext

    from .executors import executor_for

    cluster = executor_for(options) if options.executor == "dask" else None  # None: simulate's own pool
    try:
        # loads matplotlib while the hands are played, when they are many; else at the first page
        # the store does not hold (a page drawn before is not drawn again: no matplotlib at all)
        warm = ((bool(options.sweep) or options.hands >= WARM_HANDS or _ladders_to_play(games, options))
                and not _pages_kept(games, options))
        with Drawer(DEFAULT_THEME, options.jobs, warm=warm) as drawer, cluster or nullcontext():
            for game in games:
                started = time.perf_counter()
                unit = UNITS[game]
                if options.sweep:
                    variants = plan[game]
                    from ..model.play import DEFAULT_ITERATIONS
                    from .figures import players_words
                    if not variants:
                        continue
                    rows = []
                    for variant in variants:
                        parts.now(f"{TITLES[game]}: playing {_label(_describe(game, variant))}")
                        report = play(game, variant, options.bots, options.hands, options.seed, options.jobs,
                                      log, ladder_hands=options.ladder_hands, iterations=options.lookahead_iterations,
                                      matches=(("greedy", "random"),), status=parts.now, executor=cluster)
                        rows.append({**sweep_row(report), "decided_by": players_words(
                            options.bots, options.lookahead_iterations or DEFAULT_ITERATIONS)})
                        parts.finished()
                    sweeps[game] = rows
                    parts.now(f"{TITLES[game]}: drawing the sweep")
                    files.update(_sweep_files(game, rows, options, DEFAULT_THEME, drawer))
                    lines += [f"{game} sweep: {_label(r['variant'])}: " + _row_text(r) for r in rows]
                    lines.append(f"{game} sweep: played by {rows[0]['decided_by']}")
                else:
                    parts.now(f"{TITLES[game]}: playing {plural(options.hands, unit)}")
                    report = play(game, _variant(game, vars_of(options)), options.bots, options.hands, options.seed,
                                  options.jobs, log,
                                  lambda played: parts.now(f"{TITLES[game]}: {played:,} of "
                                                           f"{plural(options.hands, unit)} played"),
                                  ladder_hands=options.ladder_hands, iterations=options.lookahead_iterations,
                                  status=parts.now, executor=cluster,
                                  ladder_log=lambda line: timings.append(f"{game}: {line}"))
                    reports.append(report)
                    parts.now(f"{TITLES[game]}: drawing the report")
                    files.update(_report_files(report, options, DEFAULT_THEME, drawer))
                    lines.append(_summary(report))
                    parts.finished(f"{TITLES[game]}: reported")
                timings.append(f"{game}: {time.perf_counter() - started:.2f} s")
        if not files:
            raise CardgenError("--sweep: varies nothing these games use; sweep table-size or players for FourScore")
        _pages_kept(games, options, drawer.keys)
        from .output import publish

        stale = tuple(f"{g}-{'sweep' if options.sweep else 'playtest'}" for g in games)
        written = publish(options.out, files, stale, held=True)
        data = {"sweep": sweeps} if options.sweep else {"reports": reports}
        for target, text in ((json_out, json.dumps(data, indent=1) + "\n"), (log, None)):
            if target is not None:  # each put in place in one step, after the reports
                try:
                    if text is not None:
                        target.write(text)
                    target.commit()
                except CardgenError as exc:  # its folder turned read-only meanwhile, say
                    flag, _, why = str(exc).partition(": ")
                    raise CardgenError(f"{flag}: the report is in {options.out / 'playtest'}, but {why}") from None
    finally:
        for target in (json_out, log):  # a run that failed leaves the old files (or none) as they were
            if target is not None:
                target.discard()
    pages = [p for p in written if p.suffix == ".html"]
    lines.append(f"report: {', '.join(str(p) for p in pages)}")
    if verbose:
        lines += [f"  {line}" for line in timings + drawer.lines] + [f"  wrote {p}" for p in written]
    if options.log is not None:
        lines.append(f"log: {options.log}")
    return lines


def _ladders_to_play(games: tuple, options) -> bool:
    """Whether a skill ladder of these games is not in the store: its lookahead hands take long
    enough for matplotlib to be loaded beside them (on a core the pool's workers share)."""
    from ..model.play import DEFAULT_ITERATIONS
    from .ladder import kept

    if not options.ladder_hands:
        return False
    iterations = options.lookahead_iterations or DEFAULT_ITERATIONS
    for game in games:
        variant = _variant(game, vars_of(options))
        if not kept(game, variant, _matches(game, variant), options.ladder_hands, options.seed, iterations):
            return True
    return False


def _pages_kept(games: tuple, options, keys: "list | None" = None, fixed: "set | None" = None) -> bool:
    """Whether the same playtest (sweep, tune) drew its report pages before and the store still
    holds them (the hands of a seed are the same every time, so are the pages): then no process
    loads matplotlib while the hands are played, to take a core from them for nothing. keys:
    the pages this playtest drew or reused, noted for the next one. fixed: a tune's options the
    user set (what it searches is the rest). The record only decides whether to load
    matplotlib early: each page is looked up by its own key (drawer.py), whatever it says."""
    from .. import cache

    inputs = {"games": list(games), "variant": vars_of(options), "bots": list(options.bots), "hands": options.hands,
              "seed": options.seed, "ladder_hands": options.ladder_hands,
              "iterations": options.lookahead_iterations, "paper": options.paper}
    if options.sweep:  # (a plain playtest's record keeps the key it always had)
        inputs["sweep"] = [[name, list(values)] for name, values in options.sweep]
    if options.tune:
        inputs["tune"] = {"fixed": sorted(fixed or ()), "targets": [
            getattr(options, name) for name in ("target_seats", "target_turns", "target_bonus", "target_finished")]}
    key = cache.store_key("pages", inputs)
    if keys is not None:
        cache.keep("pages", key, json.dumps(keys).encode())
        return True
    found = cache.fetch("pages", key)
    try:
        pages = json.loads(found) if found is not None else None
    except ValueError:
        pages = None
    return bool(pages) and all(cache.holds("plots", k) for k in pages)


def _against_the_deck(final: Path, games: tuple, options, warn) -> None:
    """A report of another variant than the deck the folder holds: `cardgen check` will fail
    it and the deck's next build will take it out, so say so now (an error under --strict)."""
    from .. import manifest
    from ..record import RecordError, from_json, variant_words

    try:
        records = manifest.load(final)["games"]
    except CardgenError:
        return
    for game in games:
        try:
            built = variant_words(game, from_json(game, records[game]))
        except (KeyError, RecordError):
            continue
        played = variant_words(game, _describe(game, _variant(game, vars_of(options))))
        if played != built:
            line = (f"the {TITLES[game]} deck in {options.out} is built as {built}, and this report plays {played}: "
                    "cardgen check will fail it and the next build takes it out; give the build's options, or "
                    "playtest into another --out")
            if options.strict:
                raise CardgenError(line + " (--strict)")
            if warn is not None:
                warn(line)


def _run_tune(options, progress, fixed: "set | None", theme) -> list:
    """--tune: search, then write the page, its PDF per paper and --json, as the reports are written."""
    from .. import outdir
    from ..settings import BY_NAME
    from .output import publish
    from .tune import refuse_unless_tunable, tune

    refuse_unless_tunable(options)
    final = outdir.final_path(options.out)
    outdir.refuse_unless_ours(final, options.out)
    if options.log is not None:
        raise CardgenError("--tune plays too many hands to log them: drop --log (a plain playtest of the variant "
                           "you choose logs its hands)")
    if fixed is None:
        fixed = {name for name in OPTION_NAMES if getattr(options, name) != BY_NAME[name].default_value()}
    from .drawer import Drawer
    from .sidefiles import side_files

    json_out, _ = side_files(options.json_out, None, final)
    try:
        # matplotlib loaded while the variants are judged, unless the same tune's page is in the store
        with Drawer(theme, options.jobs, warm=not _pages_kept(("str8eight",), options, fixed=fixed)) as drawer:
            data = tune(options, fixed, progress)
            progress("tune: drawing the report…")
            files = _tune_files(data, options, theme, drawer)
        _pages_kept(("str8eight",), options, drawer.keys, fixed)
        written = publish(options.out, files, ("str8eight-tune",), held=True)
        if json_out is not None:
            json_out.write(json.dumps({"tune": data}, indent=1) + "\n")
            json_out.commit()
    finally:
        if json_out is not None:
            json_out.discard()
    pages = [p for p in written if p.suffix == ".html"]
    return [f"tune: {data['variants']} variants judged ({data['stopped_early']} stopped early), "
            f"{data['hands_played']} hands played by {data['decided_by']}", data["answer"],
            f"report: {', '.join(str(p) for p in pages)}"]


def _tune_files(data: dict, options, theme, drawer) -> dict:
    from ..design.templating import render
    from ..layout.paper import papers
    from ..private import temporary
    from .plots import tune_columns

    stem = "str8eight-tune"
    files = {f"{stem}.json": ("playtest-figures", (json.dumps(data, indent=1) + "\n").encode())}
    with temporary("playtest") as tmp:
        for paper in papers(options.paper):
            pdf = Path(tmp) / f"{paper.name}.pdf"
            drawer.kept("tune_page", data, paper, theme, pdf, None, tune_meta(data, paper.name))
            files[f"{stem}-{paper.name}.pdf"] = ("playtest-report", pdf.read_bytes())
    columns, cells = tune_columns(data)
    t = data["targets"]
    numbers = [("variants judged", data["variants"]), ("stopped early (an interval missed a target)",
                                                       data["stopped_early"]),
               ("missed a target after every hand", data["missed_at_the_end"]),
               ("meet every target (by the estimates; with the intervals inside)",
                f"{data['meeting']} ({data['confirmed']})"),
               ("not ruled out, but an estimate outside a target", data["undecided"]),
               ("hands played", data["hands_played"]), ("decided by", data["decided_by"]),
               ("targets", f"seats within ±{t['seats_points']:g} points of a fair share · median "
                           f"{t['turns'][0]}–{t['turns'][1]} turns · bonus in ≥ {t['bonus']:.1%} of wins · "
                           f"≥ {t['finished']:.1%} of hands finished"),
               ("searched", "; ".join(f"{k.replace('_', ' ')} {_values_text(v)}" for k, v in data["searched"].items())),
               ("stopped by target", ", ".join(f"{k} {n}" for k, n in data["stopped_by"].items()))]
    page = render("playtest/report.html.j2", title="Str8 Eight tune",
                  subtitle=f"the variants that meet your targets · up to {data['hands_per_variant']} hands each · "
                           f"decided by {data['decided_by']} · seed {data['seed']}",
                  answer=data["answer"], rows_title="The variants that meet the targets, best first", numbers=numbers,
                  intervals=f"Rates and medians show a {data['interval_level']:.2%} interval:",
                  note=f"{data['method']}.",
                  rows=cells, columns=columns, plots=None, files=sorted(files), preview=True)
    files[f"{stem}.html"] = ("playtest-page", page.encode())
    return files


def _values_text(values) -> str:
    if isinstance(values, str):
        return values
    if len(values) > 2 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}–{values[-1]}"
    return ", ".join(map(str, values))


def vars_of(options) -> dict:
    return {name: getattr(options, name) for name in OPTION_NAMES}


def _label(variant: dict) -> str:
    return " ".join(f"{k.replace('_', '-')}={v}" for k, v in variant.items())


def _row_text(row: dict) -> str:
    parts = [f"median {row['turns']} {'turns' if 'finished' in row else 'rounds'}",
             f"seat 1 wins {row['seat1']:.1%}"] + ([f"greedy beats random {row['skill']:.1%}"]
                                                   if row["skill"] is not None else [])
    if "finished" in row:
        parts[1:1] = [f"finished {row['finished']:.1%}"]
    if "bonus" in row:
        parts += [f"bonus {row['bonus']:.1%}", f"{row['sequences']} winning sequences"]
    return ", ".join(parts)


def _summary(report: dict) -> str:
    f, game = report["figures"], report["game"]
    seats = ", ".join(f"{s['rate']:.1%}" for s in f["seats"])
    skill = _ladder_text(f.get("ladder"))
    if game == "str8eight":
        return (f"str8eight: {plural(f['hands'], 'hand')}, {f['finished']['rate']:.1%} finished, median "
                f"{f['turns']['median']} turns; seat wins {seats}; bonus {f['bonus']['rate']:.1%} of wins; "
                f"reshuffled in {f['reshuffle']['hands']['rate']:.1%}, impasse in {f['impasse']['hands']['rate']:.1%}; "
                f"{report['atlas']['value_sequences']} winning sequences{skill}")
    if game == "crazy-eights":
        return (f"crazy-eights: {plural(f['games'], 'game')}, {plural(f['hands'], 'hand')}, median {f['hands_per_game']['median']} hands "
                f"a game and {f['turns_per_hand']['median']} turns a hand; seat wins {seats}; stock ran out in "
                f"{f['stock_out']['rate']:.1%} of hands; won on an 8 {f['decided_by_eight']['rate']:.1%}{skill}")
    if game == "eights":
        return (f"eights: {plural(f['games'], 'game')}, {plural(f['hands'], 'hand')}, median {f['hands_per_game']['median']} hands "
                f"a game; seat wins {seats}; a word to spell on {f['word_held']['rate']:.1%} of turns; "
                f"{f['words_per_hand']} words a hand{skill}")
    return (f"fourscore: {plural(f['games'], 'game')}; seat wins {seats}; median pile {f['piles']['median']}{skill}")


def report_meta(report: dict, paper: str):
    """A report PDF's metadata: the game and the variant it played (the checker compares
    the variant with the build's)."""
    from ..draw.pdfmeta import meta_for
    from ..record import variant_words

    game = report["game"]
    return meta_for("playtest-report", TITLES[game], variant_words(game, report["variant"]),
                    f"{plural(report['variant']['players'], 'player')}, {paper}")


def sweep_meta(game: str, rows: list, axes: tuple, paper: str):
    from ..draw.pdfmeta import meta_for

    varied = "; ".join(f"{name.replace('_', ' ')} {', '.join(map(str, values))}" for name, values in axes)
    return meta_for("playtest-sweep", TITLES[game], varied, f"{plural(len(rows), 'variant')}, {paper}")


def tune_meta(data: dict, paper: str):
    from ..draw.pdfmeta import meta_for

    return meta_for("playtest-tune", TITLES["str8eight"], "", f"{plural(data['variants'], 'variant')}, {paper}")


def _ladder_text(ladder: "dict | None") -> str:
    """The ladder in a line: each match's stronger player's share of the won hands."""
    if not ladder:
        return ""
    from .figures import BOT_TITLES

    return "; ladder: " + ", ".join(f"{BOT_TITLES[m['strong']]} beats {m['weak']} {_pct(m['strong_share'])}"
                                    for m in ladder["matches"])


PAGES = {"str8eight": "str8eight_page", "fourscore": "fourscore_page", "crazy-eights": "crazy_eights_page",
         "eights": "eights_page"}  # plots.py's page of each game


def _report_files(report: dict, options, theme, drawer) -> dict:
    from ..design.templating import render
    from ..layout.paper import papers

    from .output import drawing_folder

    game = report["game"]
    stem = f"{game}-playtest"
    files = {f"{stem}.json": ("playtest-figures", (json.dumps(report, indent=1) + "\n").encode())}
    with drawing_folder() as tmp:
        svg = Path(tmp) / "plots.svg"
        for i, paper in enumerate(papers(options.paper)):
            pdf = Path(tmp) / f"{paper.name}.pdf"
            drawer.kept(PAGES[game], report, paper, theme, pdf, svg if i == 0 else None, report_meta(report, paper.name))
            files[f"{stem}-{paper.name}.pdf"] = ("playtest-report", pdf.read_bytes())
        plots = svg.read_text(encoding="utf-8")
    plots = plots[plots.index("<svg"):]
    page = render("playtest/report.html.j2", title=f"{TITLES[game]} playtest", subtitle=_subtitle(report),
                  findings=ladder_findings(report), numbers=_numbers(report), note=_note(report), rows=None,
                  columns=None, plots=plots, files=sorted(n for n in files), preview=True)
    files[f"{stem}.html"] = ("playtest-page", page.encode())
    return files


def _subtitle(report: dict) -> str:
    v = report["variant"]
    if report["game"] == "crazy-eights":
        return (f"{report['hands']} games · {v['players']} players ({', '.join(report['bots'])}) · target "
                f"{v['target']} · aces {v['ace_value']} · {v['decks']} deck{'s' if v['decks'] > 1 else ''}"
                + "".join(f" · {o.replace('-', ' ')}" for o in v["options"]) + f" · seed {report['seed']}")
    if report["game"] == "eights":
        return (f"{report['hands']} games · {v['players']} players ({', '.join(report['bots'])}) · "
                f"{'number words' if v['words'] == 'numbers' else 'open words'} · target {report['target']} · "
                f"seed {report['seed']}")
    text = f"{report['hands']} {'hands' if report['game'] == 'str8eight' else 'games'} · {v['players']} players " \
           f"({', '.join(report['bots'])}) · {v['table_size']} × {v['table_size']} table"
    if report["game"] == "str8eight":
        text += f" · {v['pass_cards']} pass cards · sequences of {v['sequence_length']}"
    return text + f" · seed {report['seed']}"


def _pct(rate: dict) -> str:
    return f"{rate['rate']:.1%} ({rate['low']:.1%}–{rate['high']:.1%})"


def _numbers(report: dict) -> list:
    f = report["figures"]
    rows = [(f"seat {i + 1} wins", _pct(s)) for i, s in enumerate(f["seats"])] + _ladder_rows(report)
    if report["game"] in ("crazy-eights", "eights"):
        g = [("games (hands)", f"{f['games']} ({f['hands']})"), ("games finished", _pct(f["finished"])),
             ("hands per game: median (10–90 %)", _range(f["hands_per_game"])),
             ("turns per hand: median (10–90 %)", _range(f["turns_per_hand"])),
             ("winner's total, median", f["final_scores"]["winners"]["median"]),
             ("the others' totals, median", f["final_scores"]["others"]["median"])]
        if report["game"] == "crazy-eights":
            return g + [("hands where the stock ran out", _pct(f["stock_out"])),
                        ("hands won on an 8 (of hands won)", _pct(f["decided_by_eight"])),
                        ("hands ending with an 8 in someone's hand", _pct(f["eight_caught"])),
                        ("blocked hands", _pct(f["blocked"])),
                        ("hand score, median (10–90 %)", _range(f["hand_scores"]))] + rows
        lengths = ", ".join(f"{k} letters {n}" for k, n in f["word_lengths"].items())
        return g + [("turns with a word to spell", _pct(f["word_held"])),
                    ("hands where the stack ran out", _pct(f["stock_out"])),
                    ("words spelled (a hand)", f"{f['words_spelled']} ({f['words_per_hand']})"),
                    ("words spelled by length", lengths or "–"),
                    ("words spelled most", ", ".join(f"{w} {n}" for w, n in f["top_words"].items()) or "–"),
                    ("words the game accepts", report["lexicon"]["words"])] + rows
    if report["game"] == "fourscore":
        return [("games", f["games"]), ("rounds per game", f["rounds"]),
                ("scoring pile, median (winners)", f"{f['piles']['median']} ({f['winning_piles']['median']})"),
                ("rows taken with a fifth card, per game", f["fifth_cards"]["mean"]),
                ("rows taken for want of a place, per game", f["takes"]["mean"]),
                ("facing-arrow returns, per game", f["arrow_bonus"]["mean"])] + rows
    a = report["atlas"]
    t = f["turns"]
    return [("hands finished", _pct(f["finished"])),
            ("turns per hand: median (10–90 %)", f"{t['median']} ({t['p10']}–{t['p90']})"),
            ("rounds per hand, mean", f["rounds_per_hand"]),
            ("Str8 Eight bonus, per win", _pct(f["bonus"])),
            ("hands with a reshuffle", _pct(f["reshuffle"]["hands"])),
            ("hands with an impasse", _pct(f["impasse"]["hands"])),
            ("hands with a pass card played (mean per hand)", f"{_pct(f['pass_cards']['hands'])}; "
                                                               f"{f['pass_cards']['mean']}"),
            ("winner's score, median", f["scores"]["winner"]["median"]),
            ("the others' scores, median", f["scores"]["others"]["median"]),
            ("others below zero", _pct(f["scores"]["others_below_zero"])),
            ("winning value sequences (atlas)", a["value_sequences"]),
            ("winning card sequences, counting copies", a["card_sequences"]),
            ("one-color bonus runs", a["bonus_runs"])] + rows


def ladder_findings(report: dict) -> list:
    """What the skill ladder says, in sentences: who beats whom (and whether the interval
    already tells), what the strong player does differently, what pass cards are worth to it."""
    from .figures import BOT_TITLES

    ladder = report["figures"].get("ladder")
    if not ladder:
        return []
    unit = "hands" if report["game"] == "str8eight" else "games"
    out = []
    for m in ladder["matches"]:
        r = m["strong_share"]
        verdict = ("clearly ahead" if r["low"] > 0.5 else "clearly behind" if r["high"] < 0.5 else
                   "not clearly ahead yet (more --ladder-hands would tell)")
        out.append(f"{BOT_TITLES[m['strong']].capitalize()} against {BOT_TITLES[m['weak']]}: "
                   f"{r['rate']:.0%} of the won {unit} (95 %: {r['low']:.0%}–{r['high']:.0%}), {verdict}.")
    by = {(m["strong"], m["weak"]): m for m in ladder["matches"]}
    match = by.get(("lookahead", "greedy"))
    if match and report["game"] == "str8eight":
        a, b = match["play"]["lookahead"], match["play"]["greedy"]
        out.append(f"Against greedy, the lookahead player plays {a['passes']:.2f} pass cards a hand (greedy "
                   f"{b['passes']:.2f}), takes {a['takes']:.2f} cards from the discard pile (greedy {b['takes']:.2f}), "
                   f"discards {a['discards']:.1f} (greedy {b['discards']:.1f}) and lays its first card after "
                   f"{a['start_turn'] or 0:.1f} of its turns (greedy {b['start_turn'] or 0:.1f}).")
    elif match and report["game"] == "fourscore":
        out.append(f"Against greedy, the lookahead player takes {match['play']['lookahead']['pile']:g} cards into "
                   f"its scoring pile a game; greedy takes {match['play']['greedy']['pile']:g}.")
    worth = ladder.get("pass_cards_worth")
    if worth:
        sure = "" if worth["low"] > 0 or worth["high"] < 0 else " (the interval still spans zero)"
        out.append(f"Pass cards are worth {worth['points']:+.1f} points of its share of the wins to the lookahead "
                   f"player (95 %: {worth['low']:+.1f} to {worth['high']:+.1f}){sure}: its share against greedy "
                   f"with them, {worth['with']:.0%}, less its share when it never plays them, {worth['without']:.0%}.")
    return out


def _ladder_rows(report: dict) -> list:
    """The ladder's lines of the numbers table: each match, what the players do, what pass cards are worth."""
    from .figures import BOT_TITLES

    ladder = report["figures"].get("ladder")
    if not ladder:
        return []
    unit = "hands" if report["game"] == "str8eight" else "games"
    rows = [(f"ladder: {BOT_TITLES[m['strong']]} against {m['weak']}, its share of the won {unit} "
             f"({m['hands']} {unit}, fair 50 %)", _pct(m["strong_share"])) for m in ladder["matches"]]
    if report["game"] == "str8eight":
        for m in ladder["matches"]:
            for name, other in ((m["strong"], m["weak"]), (m["weak"], m["strong"])):
                p = m["play"][name]
                start = f"{p['start_turn']:.1f}" if p["start_turn"] is not None else "–"
                rows.append((f"{BOT_TITLES[name]} against {BOT_TITLES[other]}, per hand: cards laid · pass cards "
                             "played · discards · cards taken from the discard pile · own turns before its first "
                             "card", f"{p['plays']} · {p['passes']} · {p['discards']} · {p['takes']} · {start}"))
        worth = ladder.get("pass_cards_worth")
        if worth:
            rows.append(("pass cards worth to the lookahead player (its share with them minus without)",
                         f"{worth['points']:+.1f} points ({worth['low']:+.1f} to {worth['high']:+.1f})"))
    elif report["game"] == "fourscore":
        for m in ladder["matches"]:
            rows.append((f"cards in the scoring pile per game: {m['strong']} · {m['weak']} (against each other)",
                         f"{m['play'][m['strong']]['pile']} · {m['play'][m['weak']]['pile']}"))
    return rows


def _range(spread: dict) -> str:
    return f"{spread['median']} ({spread['p10']}–{spread['p90']})"


def _note(report: dict) -> str:
    if report["game"] == "crazy-eights":
        return ("Seat 1 leads the first hand; the lead passes left each hand. A game is played to its target; "
                "a shared win counts as a share. Turns count every seat's turn.")
    if report["game"] == "eights":
        return ("Seat 1 starts the first hand; the start passes left each hand. A game is played to its target; "
                "a shared win counts as a share. A word to spell: the seat to move could spell at least one word.")
    if report["game"] == "str8eight":
        return ("Seat 1 moves first. Turns count every seat's turn. The atlas counts are exact, "
                "not simulated.")
    return "Seat 1 has the box at the start. A tied win counts as a share."


def _sweep_files(game: str, rows: list, options, theme, drawer) -> dict:
    from ..design.templating import render
    from ..layout.paper import papers
    from .plots import SWEEP_COLUMNS, _cell

    from .output import drawing_folder

    stem = f"{game}-sweep"
    files = {f"{stem}.json": ("playtest-figures", (json.dumps({"game": game, "rows": rows}, indent=1) + "\n").encode())}
    with drawing_folder() as tmp:
        for paper in papers(options.paper):
            pdf = Path(tmp) / f"{paper.name}.pdf"
            drawer.kept("sweep_page", game, rows, paper, theme, pdf, None, sweep_meta(game, rows, options.sweep, paper.name))
            files[f"{stem}-{paper.name}.pdf"] = ("playtest-report", pdf.read_bytes())
    axes = list(rows[0]["variant"])
    columns = [a.replace("_", " ") for a in axes] + [label for key, label in SWEEP_COLUMNS if key in rows[0]]
    cells = [[r["variant"][a] for a in axes] + [_cell(r[key]) for key, _ in SWEEP_COLUMNS if key in r] for r in rows]
    page = render("playtest/report.html.j2", title=f"{TITLES[game]} sweep",
                  subtitle=f"{len(rows)} variants · {rows[0]['hands']} hands each · played by "
                           f"{rows[0]['decided_by']} · seed {options.seed}",
                  numbers=[("variants", len(rows))], note="Each row plays the same seeds.", rows=cells,
                  columns=columns, plots=None, files=sorted(files))
    files[f"{stem}.html"] = ("playtest-page", page.encode())
    return files
