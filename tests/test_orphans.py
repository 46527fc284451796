"""Issue 41, item 5: no word alone on the last line of a wrapped text on covers and boxes
(a lone "Pederson" under the Eights credit line)."""
import re

import pytest

from cardgen.design import textfit
from cardgen.theme import DEFAULT_THEME

CREDIT = "A word game for 2–6 players by Eric Pederson · © 1999 Eric Pederson"
BOX = ("Eights is a game by Eric Pederson, © 1999 Eric Pederson. Card art, box and texts of this print-and-play "
       "edition: MIT licence. Type: Lato (SIL Open Font License).")


@pytest.mark.parametrize("text", [CREDIT, BOX])
def test_wrap_leaves_no_word_alone(text):
    """At every measure from 30 to 120 mm: no lone last word, every line within the measure,
    and no more lines than filling each line would take."""
    font = DEFAULT_THEME.fonts.file("regular")
    lone = 0
    for width in range(30, 121):
        lines = textfit.wrap(text, width, font, 3.5)
        greedy = textfit._greedy(text, width, font, 3.5)
        lone += len(greedy) > 1 and len(greedy[-1].split()) == 1
        assert " ".join(lines) == " ".join(text.split())
        assert len(lines) == len(greedy), width
        assert all(textfit.width_mm(line, font, 3.5) <= width for line in lines if " " in line), width
        assert len(lines) < 2 or len(lines[-1].split()) > 1, (width, lines)
    assert lone  # filling each line would have left some


def test_no_box_or_cover_of_the_kit_ends_a_text_on_one_word(built):
    """Each tuck box's wrapped texts (about, contents, credits) and each booklet cover's credit line."""
    from cardgen.check import pdfread

    boxes = sorted(built.glob("*/*-tuckbox-letter.svg"))
    assert len(boxes) == 3
    for box in boxes:
        svg = box.read_text()
        for face in ("about", "contents", "credits"):
            group = re.search(rf'<g data-face="{face}">(.*?)</g>', svg)
            lines = re.findall(r">([^<]+)</text>", group.group(1)) if group else []
            assert len(lines) < 2 or len(lines[-1].split()) > 1, (box.name, face, lines)
    with pdfread.open_pdf(built / "eights" / "eights-rules.pdf") as pdf:
        lines = pdfread.page_text(pdf, 1).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("A word game"))
    assert lines[at + 1] != "Pederson" and len(lines[at + 1].split()) > 1, lines[at:at + 2]
