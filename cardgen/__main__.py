"""`python -m cardgen` runs the CLI."""
from .cli import main

main()
