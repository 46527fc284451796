"""Checking: read what a build wrote and compare it with the rules.

The checker never looks at the in-memory model: it parses the output files,
rebuilds the deck from them and derives what it should be from the rules alone.
"""
