"""The `cardgen` command's entry point (console script and `python -m cardgen`).

Ctrl-C while Python is still loading the command line (the first tenth of a second)
ends quietly too, not with a traceback; SIGTERM and SIGHUP are made to stop the
command the way Ctrl-C does (interrupt.py). Only here: a program that calls cardgen's
CLI as a library keeps its own signal handling."""
from __future__ import annotations

import sys


def run() -> None:
    try:
        from .cli import main
        from .interrupt import raise_on_stop_signals

        raise_on_stop_signals()
    except KeyboardInterrupt:
        sys.stderr.write("cardgen: interrupted\n")
        sys.exit(130)
    main()
