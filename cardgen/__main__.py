"""`python -m cardgen` runs the CLI."""
from .entry import run

run()
