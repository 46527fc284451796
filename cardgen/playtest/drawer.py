"""The report's plots, drawn by a process that loaded matplotlib while the hands were played.

Importing matplotlib and drawing a page of plots cost a playtest as much as playing ten
thousand hands on two cores (1.6 s of CPU), all of it after the last hand. So when
there is more than one job, a process is forked before the hands are dealt: it imports
matplotlib and prepares the fonts while the workers play, then draws each page it is
sent (plots.py), the SVG for the HTML page in a child of its own while it writes the
PDF. With one job everything is drawn here, in turn. Drawing is the same code either
way, so the files are the same bytes.
"""
from __future__ import annotations

from .. import parallel


class Drawer:
    """draw(name, *args): plots.<name>(*args) drawn in the warm process (or here)."""

    def __init__(self, theme, jobs: int):
        self.task = self.conn = None
        if jobs > 1:
            from multiprocessing import get_context

            self.conn, child = get_context("fork").Pipe()
            self.task = parallel.start(_serve, child, theme, jobs=jobs)
            child.close()

    def draw(self, name: str, *args) -> None:
        if self.task is None:
            from . import plots

            getattr(plots, name)(*args)
            return
        try:
            self.conn.send((name, args))
            status, error = self.conn.recv()
        except (EOFError, OSError):  # the process ended: its own failure (a write refused, say), if it left one
            task, self.task = self.task, None
            task.result()
            raise RuntimeError("the process drawing the playtest report stopped") from None
        if status != "ok":
            raise error

    def close(self) -> None:
        if self.task is not None:
            try:
                self.conn.send(None)
            except OSError:
                pass
            self.task.result()
            self.conn.close()
            self.task = None

    def __enter__(self) -> "Drawer":
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is not None and self.task is not None:
            self.task.cancel()
            self.task = None
        self.close()


def _serve(conn, theme) -> None:
    """The warm process: load matplotlib and the fonts, then draw what is asked until told to stop."""
    from ..draw.workers import worker_signals
    from . import plots

    worker_signals()  # Ctrl-C is the playtest's to act on
    plots._matplotlib(theme)
    plots.SVG_APART = True
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        name, args = request
        try:
            getattr(plots, name)(*args)
            answer = ("ok", None)
        except Exception as exc:  # noqa: BLE001 - the failure goes back to the playtest
            answer = ("error", exc)
        try:
            conn.send(answer)
        except OSError:
            return
