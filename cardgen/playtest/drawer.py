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

    def __init__(self, theme, jobs: int, warm: bool = True):
        """warm: start the process now, to load matplotlib while the hands are played; else
        at the first page the store does not hold (kept), if any."""
        self.task = self.conn = None
        self.theme, self.jobs = theme, jobs
        self.lines: list = []  # what kept() reused or drew (-v)
        self.keys: list = []  # the store's keys of the pages kept() reused or drew
        if warm:
            self._start()

    def _start(self) -> None:
        if self.jobs > 1 and self.task is None:
            from multiprocessing import get_context

            self.conn, child = get_context("fork").Pipe()
            self.task = parallel.start(_serve, child, self.theme, jobs=self.jobs)
            child.close()
        self.jobs = 1  # started once at most

    def kept(self, name: str, *args) -> None:
        """draw(name, *args), whose last four arguments are (theme, pdf, svg or None, meta): the
        PDF and SVG from the store when the same page was drawn before (cache.py), keyed by
        everything that decides them (the figures, the paper, the theme's fonts and colors,
        the metadata, the code and matplotlib's version)."""
        from .. import cache

        *data, theme, pdf, svg, meta = args
        inputs = {"page": name, "data": data, "theme": cache.theme_inputs(theme), "meta": meta,
                  "svg": svg is not None, "matplotlib": cache.library_version("matplotlib"),
                  **cache.drawing_inputs()}
        key = cache.store_key("plots", inputs)
        self.keys.append(key)
        found = cache.fetch("plots", key)
        if found is not None and found[:1] == b"[" and b"]" in found[:40]:
            head, _, rest = found.partition(b"]")
            try:
                size = int(head[1:])
            except ValueError:
                size = -1
            if 0 <= size <= len(rest) and (svg is None) == (size == len(rest)):
                from ..errors import writing

                for path, data_bytes in ((pdf, rest[:size]), (svg, rest[size:])):
                    if path is not None:
                        with writing(path):
                            path.write_bytes(data_bytes)
                self.lines.append(f"report page: reused {key[:12]}")
                return
        self.draw(name, *args)
        drawn = pdf.read_bytes()
        cache.keep("plots", key, b"[%d]" % len(drawn) + drawn + (svg.read_bytes() if svg is not None else b""))
        self.lines.append(f"report page: drawn {key[:12]}")

    def draw(self, name: str, *args) -> None:
        self._start()
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
