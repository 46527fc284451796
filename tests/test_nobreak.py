"""Issue 41: no line breaks inside a product ("8 × 8", "12 × 12 = 144") or between a number and
its unit ("30 min", "0.3 mm"), in every wrapped text: the SVG wrapping of boxes and covers
(textfit.wrap), of the how-to-print, calibration and components pages (wrap.Measure) and of
the aid cards (aidcard.runs)."""
import re

import pytest

from cardgen.design import textfit
from cardgen.theme import DEFAULT_THEME

TEXTS = [
    "Build a line of eight cards that climbs the 8 × 8 multiplication table, one multiple at a time.",
    "On the 12 × 12 table the last card is 12 × 12 = 144, the largest number of the deck by far.",
    "Inside 65.5 × 90.9 × 23 mm (0.3 mm a card). Print at 100 % on card stock of 250–300 gsm, 90–110 lb cover.",
    "A hand takes about 30 min with four players and 20 min with two; a game of FourScore 45 min.",
]
PRODUCT = re.compile(r"\d+ × \d+(?: = \d+)?|\d[\d.,–]* (?:mm|min|gsm|lb|%)")


def _kept_whole(text: str, lines: list) -> None:
    assert " ".join(lines) == " ".join(text.split())
    for line in lines:
        assert not line.endswith(("×", "=")) and not line.startswith(("×", "=")), lines
        assert not re.match(r"(mm|min|gsm|lb|%)\b", line), lines
    for whole in PRODUCT.findall(text):
        assert any(whole in line for line in lines), (whole, lines)


@pytest.mark.parametrize("text", TEXTS)
def test_textfit_wrap_keeps_products_and_units_whole(text):
    font = DEFAULT_THEME.fonts.file("regular")
    broke_before = 0
    for width in range(20, 121):
        _kept_whole(text, textfit.wrap(text, width, font, 2.8))
        old = []  # what breaking at every space would have done
        line = ""
        for word in text.split():
            if line and textfit.width_mm(f"{line} {word}", font, 2.8) > width:
                old.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        broke_before += any(a.endswith(("×", "=")) or re.match(r"(×|=|mm|min|gsm|lb|%)\b", b)
                            for a, b in zip(old, old[1:] + [line]))
    assert broke_before  # the measures tried do reach the breaks that used to happen


@pytest.mark.parametrize("text", TEXTS)
def test_the_pages_measure_keeps_products_and_units_whole(text):
    from cardgen.design.wrap import Measure

    measure = Measure(DEFAULT_THEME.fonts)
    for width in range(20, 121, 3):
        _kept_whole(text, measure.lines(text, width, 8.0))


def test_aid_card_runs_keep_products_whole():
    from cardgen.design.aidcard import runs, wrap_runs

    words = runs("Climb the <b>8 × 8</b> table: 30 min a hand, 12 × 12 = 144 at most")
    assert [w.text for w in words if "×" in w.text or "min" in w.text] == ["8 × 8", "30 min", "12 × 12 = 144"]
    for width in range(15, 80, 2):
        lines = [" ".join(w.text for w in line) for line in wrap_runs(words, width, 2.8, DEFAULT_THEME.fonts)]
        assert all(not line.endswith("×") for line in lines)


def test_atoms():
    assert textfit.atoms("the 8 × 8 table, 12 × 12 = 144; 0.3 mm a card, 100 %") == [
        "the", "8 × 8", "table,", "12 × 12 = 144;", "0.3 mm", "a", "card,", "100 %"]
    assert textfit.atoms("2–4 players, 8+ ages") == ["2–4", "players,", "8+", "ages"]
