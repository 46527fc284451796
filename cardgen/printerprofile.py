"""The printer's profile from the calibration sheet's readings, saved in a project file's
[printer] table: what `cardgen calibrate --read` and the web face's "Set up my printer" do,
in one place.
"""
from __future__ import annotations

from pathlib import Path

from .errors import CardgenError


def read_sheet(path: Path, project: dict, values: dict, got, check: bool = False) -> tuple:
    """Work the readings (layout.calibration.Readings) of the sheet printed on values' paper
    out into the printer's values, check them with the whole project (project: the project
    file's values) and save them in the file's [printer] table. Returns (lines telling what
    was found, the values saved)."""
    from .projectfile import refuse_unwritable

    refuse_unwritable(path)
    return save(path, work_out(project, values, got, check))


def work_out(project: dict, values: dict, got, check: bool = False) -> tuple:
    """The printer's values from the readings, checked with the whole project: (found, the
    values to save, the options before and after, the edges as read). A CardgenError (readings
    that disagree, a correction that pushes cards off the sheet) names the readings at fault,
    so that a person at a terminal is asked for those again."""
    from .layout.calibration import on_top_of, plan, solve
    from .layout.paper import papers
    from .options import BuildOptions, pick
    from .settings import printer_correction

    chosen = papers(values["paper"])
    if len(chosen) != 1:
        raise CardgenError("--read: with paper 'both' there are two sheets; name the one you read "
                           "with --paper letter or --paper a4")
    found = solve(plan(chosen[0]), got)
    if check:  # what is left of the error, on top of the values the check print was drawn with
        found = on_top_of(printer_correction(values), found)
    new = {"back_offset": found.back_offset, "back_rotation": found.back_rotation, "print_scale": found.scale,
           "printer_margin": found.margins}
    merged = {**project, **{k: v for k, v in values.items() if k == "paper"}, **new}
    merged.pop("out", None)
    before = BuildOptions(**pick(BuildOptions, {**merged, "printer_margin": project.get("printer_margin")}))
    after = BuildOptions(**pick(BuildOptions, merged))  # a correction that pushes cards off the sheet: one line
    return found, new, before, after, got.edges


def save(path: Path, worked: tuple) -> tuple:
    """Save work_out's values in the project file's [printer] table; (lines telling what was
    found, the values saved)."""
    from . import readings
    from .projectfile import save_settings

    found, new, before, after, edges = worked
    save_settings(path, new)
    return readings.describe(found, sheet_note(before), sheet_note(after), edges), new


def sheet_note(options) -> list:
    """What a home-print sheet of the project holds with these options: (paper, cards, size,
    turned) for each paper."""
    from .layout.imposition import SheetSpec, per_sheet
    from .layout.paper import papers
    from .model.sizes import card_size
    from .settings import printer_margins

    size = card_size(options.card_size)
    notes = []
    for paper in papers(options.paper):
        count, turned = per_sheet(SheetSpec(paper, size.width, size.height, options.bleed, options.layout,
                                            margins=printer_margins(options)))
        notes.append(("Letter" if paper.name == "letter" else paper.name.upper(), count, options.card_size, turned))
    return notes
