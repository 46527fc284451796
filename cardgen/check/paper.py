"""The checker's own paper facts (portrait, mm): the sizes every print file is held to
and the margin the home-print sheets keep clear of cards. Copied from the standards,
not imported from the layout code, so a change there cannot move what is expected."""
from __future__ import annotations

PAPERS = {
    "letter": (215.9, 279.4),  # ANSI Letter, 8.5 × 11 in
    "a4": (210.0, 297.0),  # ISO 216
}
MARGIN_MM = 5.0  # no card closer than this to a sheet's edge: what home printers reach
# the rule booklets' and player aids' pages: half of an A4 or a Letter sheet
BOOKLET_PAGES = {
    "a5": (148.0, 210.0),  # ISO 216
    "half-letter": (139.7, 215.9),  # 5.5 × 8.5 in
}
