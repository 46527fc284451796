"""cardgen: print-and-play cards for the Str8 Eight family, built from the rules and checked."""

__version__ = "0.1.0"
