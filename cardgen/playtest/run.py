"""`cardgen playtest`: play a variant many times and report how it plays.

For each game played: the hands (model/play/), a skill match (one greedy bot among
random ones, a quarter as many hands), the figures (figures.py), the atlas for Str8
Eight (model/atlas.py), and the report: JSON, a page of plots per paper (plots.py) and
an HTML page, put into <out>/playtest/ (output.py). --sweep plays one variant per row
instead and reports the rows.
"""
from __future__ import annotations

import itertools
import json
from pathlib import Path

from ..errors import CardgenError
from ..words import plural
from ..settings import SWEEP_AXES, playtest_games
from .simulate import SKILL, simulate

SKILL_SHARE = 4  # the skill match plays hands / 4 hands (at least MIN_SKILL)
MIN_SKILL = 40
TITLES = {"str8eight": "Str8 Eight", "fourscore": "FourScore", "eights": "Eights", "crazy-eights": "Crazy Eights"}
OPTION_NAMES = ("table_size", "pass_cards", "sequence_length", "players", "decks", "ace_value", "crazy_options",
                "eights_words")  # what the variants are made from


def _variant(game: str, values: dict):
    from ..model.play.crazy_eights import TARGET, CrazyEightsVariant
    from ..model.play.eights import EightsVariant
    from ..model.play.fourscore import FourScoreVariant
    from ..model.play.str8eight import Variant

    if game == "crazy-eights":
        options = values["crazy_options"]
        target = next((int(o.split("-")[1]) for o in options if o.startswith("target-")), TARGET)
        return CrazyEightsVariant(players=values["players"], decks=values["decks"], ace_value=values["ace_value"],
                                  target=target, penalty_scoring="penalty-scoring" in options,
                                  draw_until_play="draw-until-play" in options, action_cards="action-cards" in options)
    if game == "eights":
        return EightsVariant(players=values["players"], words=values["eights_words"])
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


def play(game: str, variant, bots: tuple, hands: int, seed: int, jobs: int, log=None, progress=None) -> dict:
    """Every figure of one variant: the report's JSON."""
    from ..model.atlas import atlas
    from ..model.str8eight import build_deck
    from .figures import crazy_eights_figures, eights_figures, fourscore_figures, str8eight_figures

    main = simulate(game, variant, bots, hands, seed, jobs, log=log, progress=progress)
    skill = simulate(game, variant, bots, max(MIN_SKILL, hands // SKILL_SHARE), seed, jobs, stream=SKILL)
    seats = bots * variant.players if len(bots) == 1 else bots
    report = {"game": game, "variant": _describe(game, variant), "bots": list(seats), "hands": hands,
              "seed": seed}
    if game == "str8eight":
        report["figures"] = str8eight_figures(main, skill, variant.players)
        report["atlas"] = atlas(build_deck(variant.table_size, 0), variant.sequence_length).to_json()
    elif game == "crazy-eights":
        report["figures"] = crazy_eights_figures(main, skill, variant.players)
    elif game == "eights":
        from ..model.play.eights import lexicon, target

        report["figures"] = eights_figures(main, skill, variant.players)
        report["target"] = target(variant.players)
        report["lexicon"] = {"words": len(lexicon(variant.words).points),
                             "min_letters": lexicon(variant.words).min_letters}
    else:
        report["figures"] = fourscore_figures(main, skill, variant.players)
    return report


def sweep_row(report: dict) -> dict:
    f = report["figures"]
    row = {"variant": report["variant"], "hands": report["hands"]}
    if report["game"] == "str8eight":
        row.update(finished=f["finished"]["rate"], turns=f["turns"]["median"], seat1=f["seats"][0]["rate"],
                   bonus=f["bonus"]["rate"], reshuffle=f["reshuffle"]["hands"]["rate"],
                   impasse=f["impasse"]["hands"]["rate"], skill=f["skill"]["greedy"]["rate"],
                   sequences=report["atlas"]["value_sequences"])
    elif report["game"] in ("eights", "crazy-eights"):
        row.update(finished=f["finished"]["rate"], turns=f["turns_per_hand"]["median"],
                   seat1=f["seats"][0]["rate"], skill=f["skill"]["greedy"]["rate"])
    else:
        row.update(turns=f["rounds"], seat1=f["seats"][0]["rate"], skill=f["skill"]["greedy"]["rate"])
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


UNITS = {"str8eight": "hand", "fourscore": "game", "crazy-eights": "game", "eights": "game"}  # what a game's --hands counts: a FourScore game is whole


def run_playtest(options, progress=lambda message: None, verbose: bool = False, warn=None) -> list:
    """Play, write the reports; returns the lines to print (verbose: with each game's time
    and the files written). warn(line) hears of a report that will not match the deck the
    output folder holds (with --strict, an error before any hand is played)."""
    import time

    from ..progress import Parts
    from ..theme import DEFAULT_THEME

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
    try:
        for game in games:
            started = time.perf_counter()
            unit = UNITS[game]
            if options.sweep:
                variants = plan[game]
                if not variants:
                    continue
                rows = []
                for variant in variants:
                    parts.now(f"{TITLES[game]}: playing {_label(_describe(game, variant))}")
                    report = play(game, variant, options.bots, options.hands, options.seed, options.jobs,
                                  log)
                    rows.append(sweep_row(report))
                    parts.finished()
                sweeps[game] = rows
                parts.now(f"{TITLES[game]}: drawing the sweep")
                files.update(_sweep_files(game, rows, options, DEFAULT_THEME))
                lines += [f"{game} sweep: {_label(r['variant'])}: " + _row_text(r) for r in rows]
            else:
                parts.now(f"{TITLES[game]}: playing {plural(options.hands, unit)}")
                report = play(game, _variant(game, vars_of(options)), options.bots, options.hands, options.seed,
                              options.jobs, log,
                              lambda played: parts.now(f"{TITLES[game]}: {played:,} of "
                                                       f"{plural(options.hands, unit)} played"))
                reports.append(report)
                parts.now(f"{TITLES[game]}: drawing the report")
                files.update(_report_files(report, options, DEFAULT_THEME))
                lines.append(_summary(report))
                parts.finished(f"{TITLES[game]}: reported")
            timings.append(f"{game}: {time.perf_counter() - started:.2f} s")
        if not files:
            raise CardgenError("--sweep: varies nothing these games use; sweep table-size or players for FourScore")
        from .output import publish

        stale = tuple(f"{g}-{'sweep' if options.sweep else 'playtest'}" for g in games)
        written = publish(options.out, files, stale)
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
        lines += [f"  {line}" for line in timings] + [f"  wrote {p}" for p in written]
    if options.log is not None:
        lines.append(f"log: {options.log}")
    return lines


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


def vars_of(options) -> dict:
    return {name: getattr(options, name) for name in OPTION_NAMES}


def _label(variant: dict) -> str:
    return " ".join(f"{k.replace('_', '-')}={v}" for k, v in variant.items())


def _row_text(row: dict) -> str:
    parts = [f"median {row['turns']} {'turns' if 'finished' in row else 'rounds'}",
             f"seat 1 wins {row['seat1']:.1%}", f"greedy vs random {row['skill']:.1%}"]
    if "finished" in row:
        parts[1:1] = [f"finished {row['finished']:.1%}"]
    if "bonus" in row:
        parts += [f"bonus {row['bonus']:.1%}", f"{row['sequences']} winning sequences"]
    return ", ".join(parts)


def _summary(report: dict) -> str:
    f, game = report["figures"], report["game"]
    seats = ", ".join(f"{s['rate']:.1%}" for s in f["seats"])
    if game == "str8eight":
        return (f"str8eight: {plural(f['hands'], 'hand')}, {f['finished']['rate']:.1%} finished, median "
                f"{f['turns']['median']} turns; seat wins {seats}; bonus {f['bonus']['rate']:.1%} of wins; "
                f"reshuffled in {f['reshuffle']['hands']['rate']:.1%}, impasse in {f['impasse']['hands']['rate']:.1%}; "
                f"greedy vs random {f['skill']['greedy']['rate']:.1%} (fair {f['skill']['fair_share']:.1%}); "
                f"{report['atlas']['value_sequences']} winning sequences")
    skill = f"greedy vs random {f['skill']['greedy']['rate']:.1%} (fair {f['skill']['fair_share']:.1%})"
    if game == "crazy-eights":
        return (f"crazy-eights: {plural(f['games'], 'game')}, {plural(f['hands'], 'hand')}, median {f['hands_per_game']['median']} hands "
                f"a game and {f['turns_per_hand']['median']} turns a hand; seat wins {seats}; stock ran out in "
                f"{f['stock_out']['rate']:.1%} of hands; won on an 8 {f['decided_by_eight']['rate']:.1%}; {skill}")
    if game == "eights":
        return (f"eights: {plural(f['games'], 'game')}, {plural(f['hands'], 'hand')}, median {f['hands_per_game']['median']} hands "
                f"a game; seat wins {seats}; a word to spell on {f['word_held']['rate']:.1%} of turns; "
                f"{f['words_per_hand']} words a hand; {skill}")
    return (f"fourscore: {plural(f['games'], 'game')}; seat wins {seats}; median pile {f['piles']['median']}; {skill}")


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


def _report_files(report: dict, options, theme) -> dict:
    from ..design.templating import render
    from ..layout.paper import papers
    from .plots import crazy_eights_page, eights_page, fourscore_page, str8eight_page

    from .output import drawing_folder

    game = report["game"]
    draw = {"str8eight": str8eight_page, "fourscore": fourscore_page, "crazy-eights": crazy_eights_page,
            "eights": eights_page}[game]
    stem = f"{game}-playtest"
    files = {f"{stem}.json": ("playtest-figures", (json.dumps(report, indent=1) + "\n").encode())}
    with drawing_folder() as tmp:
        svg = Path(tmp) / "plots.svg"
        for i, paper in enumerate(papers(options.paper)):
            pdf = Path(tmp) / f"{paper.name}.pdf"
            draw(report, paper, theme, pdf, svg if i == 0 else None, meta=report_meta(report, paper.name))
            files[f"{stem}-{paper.name}.pdf"] = ("playtest-report", pdf.read_bytes())
        plots = svg.read_text(encoding="utf-8")
    plots = plots[plots.index("<svg"):]
    page = render("playtest/report.html.j2", title=f"{TITLES[game]} playtest", subtitle=_subtitle(report),
                  numbers=_numbers(report), note=_note(report), rows=None, columns=None, plots=plots,
                  files=sorted(n for n in files))
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
    rows = [(f"seat {i + 1} wins", _pct(s)) for i, s in enumerate(f["seats"])]
    rows.append(("greedy bot among random ones wins", f"{_pct(f['skill']['greedy'])}, fair share "
                                                      f"{f['skill']['fair_share']:.1%}"))
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


def _sweep_files(game: str, rows: list, options, theme) -> dict:
    from ..design.templating import render
    from ..layout.paper import papers
    from .plots import SWEEP_COLUMNS, _cell, sweep_page

    from .output import drawing_folder

    stem = f"{game}-sweep"
    files = {f"{stem}.json": ("playtest-figures", (json.dumps({"game": game, "rows": rows}, indent=1) + "\n").encode())}
    with drawing_folder() as tmp:
        for paper in papers(options.paper):
            pdf = Path(tmp) / f"{paper.name}.pdf"
            sweep_page(game, rows, paper, theme, pdf, None, meta=sweep_meta(game, rows, options.sweep, paper.name))
            files[f"{stem}-{paper.name}.pdf"] = ("playtest-report", pdf.read_bytes())
    axes = list(rows[0]["variant"])
    columns = [a.replace("_", " ") for a in axes] + [label for key, label in SWEEP_COLUMNS if key in rows[0]]
    cells = [[r["variant"][a] for a in axes] + [_cell(r[key]) for key, _ in SWEEP_COLUMNS if key in r] for r in rows]
    page = render("playtest/report.html.j2", title=f"{TITLES[game]} sweep",
                  subtitle=f"{len(rows)} variants · {rows[0]['hands']} hands each · seed {options.seed}",
                  numbers=[("variants", len(rows))], note="Each row plays the same seeds.", rows=cells,
                  columns=columns, plots=None, files=sorted(files))
    files[f"{stem}.html"] = ("playtest-page", page.encode())
    return files
