"""Which card values read as another value when the card is upside down.

A card is picked up either way round, so a 6 seen upside down is a 9, and a 16 is a 91.
The rule: turning the text half a turn maps each character to what it then looks like
(0, 1 and 8 stay, 6 and 9 swap, capital M and W swap; any other character reads as no
character at all), and reverses their order. A value is ambiguous when every character
turns into one, the turned text differs from the value, and it does not start with 0
(a 10 upside down shows "01", which nobody reads as a number). 69, 88 and 96 read the
same both ways, so they are not ambiguous; 6, 9, 16, 18, 66, 81, 99 are, as are a 6 in
an index and a capital W. Ambiguous values are underlined (the print convention) in the
big number and the corner indices, so the underline shows which way is down.
"""
from __future__ import annotations

TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6", "M": "W", "W": "M"}


def turned(text: str) -> "str | None":
    """What text reads as upside down, or None when some character reads as nothing."""
    if not text or any(ch not in TURNED for ch in text):
        return None
    return "".join(TURNED[ch] for ch in reversed(text))


def reads_as_another(text) -> bool:
    """Whether the value (a number or text) upside down reads as a different value."""
    text = str(text)
    other = turned(text)
    return other is not None and other != text and not other.startswith("0")
