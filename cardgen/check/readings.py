"""The checker's own statement of which card values read as another value upside down,
and of what a card that carries one must show (copied from the print convention, not
imported from the model code that drew the cards).

Turned half a turn, 0, 1 and 8 read as themselves, 6 and 9 as each other, capital M and
W as each other, anything else as no character; the order reverses. A value is ambiguous
when every character turns into one, the turned text differs and does not start with 0.
An ambiguous value is underlined wherever the card shows it big or in an index, each
underline an element with data-mark="underline".
"""
from __future__ import annotations

from . import svgread

TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6", "M": "W", "W": "M"}


def ambiguous(value) -> bool:
    text = str(value)
    if not text or any(ch not in TURNED for ch in text):
        return False
    turned = "".join(TURNED[ch] for ch in reversed(text))
    return turned != text and not turned.startswith("0")


def underlines(root) -> int:
    return sum(el.get("data-mark") == "underline" for el in svgread.with_attr(root, "data-mark"))


def check_underlines(root, want: int, file: str, label: str, why: str, report) -> None:
    """The card carries want underlines (why: what they are under), no more, no fewer."""
    got = underlines(root)
    if got != want:
        report.fail(file, label, f"{got} underline(s), expected {want}{f' ({why})' if want else ''}: "
                    + ("it reads as another value upside down" if want else "nothing on it reads as another "
                       "value upside down"))
