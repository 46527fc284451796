"""The `cardgen` command's entry point: Ctrl-C while Python is still loading the
command line (the first tenth of a second) ends quietly too, not with a traceback."""
from __future__ import annotations

import sys


def run() -> None:
    try:
        from .cli import main
    except KeyboardInterrupt:
        sys.stderr.write("cardgen: interrupted\n")
        sys.exit(130)
    main()
