"""Checking: read what a build wrote and compare it with the rules.

The checker never looks at the in-memory model: it parses the output files,
rebuilds the deck from them and derives what it should be from the rules alone.
It imports only the standard library, file readers (pikepdf, pypdf, pypdfium2, Pillow,
defusedxml), errors.py and record.py: its paper sizes, margins, game registry and
deck facts are its own, so a change to the layout code cannot move what it expects.
"""
