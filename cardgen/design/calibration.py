"""Draw the calibration sheet (layout/calibration.py): the front with its numbered ladders,
edge ladders, rulers and the steps a person follows, with pictures; the back with the long
lines to read the ladders by and what to look for, in words and pictures.

The words are in the template (templates/calibration/sheet.svg.j2); here is the geometry
it draws: every ladder's dashes and numbers (8 pt, on alternate sides so each has room),
the rungs and numbers of the edge ladders, the rulers' ticks, and the small example
ladders of the pictures, drawn like the real ones."""
from __future__ import annotations

from ..layout.calibration import DASH_MM, EDGE_INNER_MM, EDGE_LETTERS, ROW_MM, SPAN_MM, STEP_MM, Ladder, Plan, ladder_values
from .templating import render
from .wrap import Measure

PT = 25.4 / 72
LABEL_PT = 8.0  # every number on the sheet: a parent reads them at arm's length
LABEL_GAP_MM = 1.6  # from the outermost dash to the numbers
EDGE_LABEL_GAP_MM = 1.0  # from a rung's inner end to its number
CAP = 0.72  # Lato's digit height, as a fraction of the font size


def number(v: float) -> str:
    """+1.25, −0.5, 0: the sign always shown, the minus sign typeset."""
    if v == 0:
        return "0"
    text = f"{abs(v):.2f}".rstrip("0").rstrip(".")
    return ("+" if v > 0 else "\u2212") + text


def _labels(ladder: Ladder, size_pt: float = LABEL_PT) -> list:
    """Each dash's number beside it, on alternate sides (left and right of an across ladder,
    above and below the down one, reading upwards), so that each number has twice the
    dashes' pitch; whole millimetres in bold."""
    out = []
    shift = size_pt * PT * CAP / 2  # from a dash's centre to the numbers' baseline
    for i, r in enumerate(ladder.rungs):
        cx, cy = r.centre
        first = i % 2 == 0
        item = {"text": number(r.value), "bold": abs(r.value) % 1 == 0, "value": r.value}
        if ladder.axis == "x":
            item.update(x=ladder.x - SPAN_MM - LABEL_GAP_MM if first else ladder.x + SPAN_MM + LABEL_GAP_MM,
                        y=cy + shift, anchor="end" if first else "start", vertical=False)
        else:
            item.update(x=cx + shift, y=ladder.y - SPAN_MM - LABEL_GAP_MM if first else ladder.y + SPAN_MM + LABEL_GAP_MM,
                        anchor="start" if first else "end", vertical=True)
        out.append(item)
    return out


def _edge_labels(ladder, page) -> list:
    """Each rung's number at its inner end, reading along the rung (upwards on the top and
    bottom edges); whole millimetres in bold."""
    out = []
    shift = LABEL_PT * PT * CAP / 2
    inner = EDGE_INNER_MM + EDGE_LABEL_GAP_MM
    for r in ladder.rungs:
        x1, y1, _, _ = r.stem
        text = f"{r.value:g}"
        item = {"text": text, "bold": r.value % 1 == 0}
        if ladder.edge == "top":
            item.update(x=x1 + shift, y=inner, anchor="end", vertical=True)
        elif ladder.edge == "bottom":
            item.update(x=x1 + shift, y=page.height - inner, anchor="start", vertical=True)
        elif ladder.edge == "left":
            item.update(x=inner, y=y1 + shift, anchor="start", vertical=False)
        else:
            item.update(x=page.width - inner, y=y1 + shift, anchor="end", vertical=False)
        out.append(item)
    return out


def _ruler_ticks(ruler) -> list:
    ticks = []
    for mm in range(0, int(ruler.length) + 1):
        size = 2.6 if mm % 10 == 0 else 1.7 if mm % 5 == 0 else 1.0
        ticks.append({"at": mm, "size": size, "label": str(mm) if mm % 10 == 0 else ""})
    return ticks


def example_ladder(x: float, y: float, through: float, zoom: float = 2.0, rungs: int = 7) -> dict:
    """A short ladder for the pictures, zoom times as large as the real ones (readings around
    0, numbered on alternate sides as they are), with the back's line drawn where it would
    be seen through the paper: through the dash numbered `through`. Centred on (x, y)."""
    values = ladder_values()
    middle = len(values) // 2
    shown = values[middle - rungs // 2: middle + rungs // 2 + 1]
    half = (len(shown) - 1) / 2
    reach = max(abs(v) for v in shown) * zoom
    dashes, labels = [], []
    size = LABEL_PT
    for i, v in enumerate(shown):
        at = y + (i - half) * ROW_MM * zoom
        dashes.append({"x1": x + v * zoom, "y1": at - DASH_MM * zoom / 2, "x2": x + v * zoom,
                       "y2": at + DASH_MM * zoom / 2, "value": v})
        left = (i + middle - rungs // 2) % 2 == 0  # the side the real ladder puts it
        labels.append({"text": number(v), "bold": v % 1 == 0, "anchor": "end" if left else "start",
                       "x": x - reach - 2.5 if left else x + reach + 2.5, "y": at + size * PT * CAP / 2,
                       "vertical": False, "value": v})
    top, bottom = dashes[0]["y1"] - 3, dashes[-1]["y2"] + 3
    hit = next(l for l in labels if l["value"] == through)
    return {"dashes": dashes, "labels": labels, "size": size, "line": (x + through * zoom, top, x + through * zoom, bottom),
            "hit": hit, "height": bottom - top}


def sheet_svgs(plan: Plan, theme, check: "str | None" = None) -> "tuple[str, str]":
    """(front, back) SVG pages. check: the [printer] values the sheet was drawn with (a
    check print), said on the sheet."""
    paper = plan.paper
    measure = Measure(theme.fonts)
    common = dict(page=paper, fonts=theme.fonts.role_map, ink=theme.tokens.color("ink"),
                  muted=theme.tokens.color("muted"), white=theme.tokens.color("white"), pt=PT,
                  plan=plan, check=check, step=STEP_MM, span=SPAN_MM, label_pt=LABEL_PT, number=number,
                  wrap=measure.lines, width=measure.width, example_ladder=example_ladder, values=ladder_values(),
                  letters=EDGE_LETTERS)
    ladders = [{"l": l, "labels": _labels(l), "back": l.back_line(paper.width)} for l in plan.ladders]
    edges = [{"e": e, "labels": _edge_labels(e, paper)} for e in plan.edges]
    rulers = [{"r": r, "ticks": _ruler_ticks(r)} for r in plan.rulers]
    front = render("calibration/sheet.svg.j2", side="front", ladders=ladders, edges=edges, rulers=rulers, **common)
    back = render("calibration/sheet.svg.j2", side="back", ladders=ladders, edges=edges, rulers=rulers, **common)
    return front, back
