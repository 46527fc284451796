"""Draw the calibration sheet (layout/calibration.py): the front with its ladders of
numbered dashes, rulers and instructions, the back with the long lines to read them by."""
from __future__ import annotations

from ..layout.calibration import DEGREES_PER_MM, SPAN_MM, STEP_MM, Plan
from .templating import render

PT = 25.4 / 72
LABEL_PT = 4.2  # a rung's number
LABEL_GAP_MM = 2.0  # from the outermost rung to the numbers


def _number(v: float) -> str:
    """+1.25, −0.5, 0: the sign always shown, the minus sign typeset."""
    if v == 0:
        return "0"
    text = f"{abs(v):.2f}".rstrip("0").rstrip(".")
    return ("+" if v > 0 else "\u2212") + text


def _labels(ladder) -> list:
    """Each rung's number, beside the staircase: left of it for the across ladders,
    above it (reading upwards) for the down ladder."""
    out = []
    for r in ladder.rungs:
        whole = abs(r.value) % 1 == 0
        cx, cy = r.centre
        if ladder.axis == "x":
            out.append({"x": ladder.x - SPAN_MM - LABEL_GAP_MM, "y": cy + LABEL_PT * PT * 0.36, "text": _number(r.value),
                        "bold": whole, "vertical": False})
        else:
            out.append({"x": cx + LABEL_PT * PT * 0.36, "y": ladder.y - SPAN_MM - LABEL_GAP_MM, "text": _number(r.value),
                        "bold": whole, "vertical": True})
    return out


def _ruler_ticks(ruler) -> list:
    ticks = []
    for mm in range(0, int(ruler.length) + 1):
        size = 2.6 if mm % 10 == 0 else 1.7 if mm % 5 == 0 else 1.0
        ticks.append({"at": mm, "size": size, "label": str(mm) if mm % 10 == 0 else ""})
    return ticks


def sheet_svgs(plan: Plan, theme, check: "str | None" = None) -> "tuple[str, str]":
    """(front, back) SVG pages. check: the [printer] values the sheet was drawn with (a
    check print), said on the sheet."""
    paper = plan.paper
    common = dict(page=paper, fonts=theme.fonts.role_map, ink=theme.tokens.color("ink"),
                  muted=theme.tokens.color("muted"), white=theme.tokens.color("white"), pt=PT,
                  plan=plan, check=check, step=STEP_MM, span=SPAN_MM, per_mm=DEGREES_PER_MM)
    ladders = [{"l": l, "labels": _labels(l), "back": l.back_line(paper.width)} for l in plan.ladders]
    rulers = [{"r": r, "ticks": _ruler_ticks(r)} for r in plan.rulers]
    front = render("calibration/sheet.svg.j2", side="front", ladders=ladders, rulers=rulers, label_pt=LABEL_PT,
                   **common)
    back = render("calibration/sheet.svg.j2", side="back", ladders=ladders, rulers=rulers, label_pt=LABEL_PT,
                  **common)
    return front, back
