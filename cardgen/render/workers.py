"""Processes that render pixels, forked once per game build and shared by every PNG job.

A worker spends its first quarter second loading cairo (cairocffi parses its C
declarations on import) and the fonts. Forked at the start of a game's build, the
workers do that while this process is still writing the SVGs; cards, sheets, boxes
and the TTS/print-shop images then all go through the same warm pool, one job at a
time so a big page never leaves a worker idle at the end.
"""
from __future__ import annotations

_pool = None


def _warm() -> None:
    from . import fonts
    from .png import svg_to_png

    roles = fonts.active().roles
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
           f'<text x="1" y="5" font-family="{roles["text"]}" font-size="3">8</text>'
           f'<text x="1" y="9" font-family="{roles["text"]}" font-weight="700" font-size="3">8</text>'
           f'<text x="5" y="9" font-family="{roles["heavy"]}" font-size="3">8</text></svg>')
    svg_to_png(svg, 20)


def start(workers: int) -> None:
    """Fork the workers now (no-op with one job: everything then runs in this process)."""
    global _pool
    if workers <= 1 or _pool is not None:
        return
    import multiprocessing

    from . import fonts

    fonts.ensure_fonts()  # FONTCONFIG_FILE set before the fork, so every worker sees only our fonts
    _pool = multiprocessing.get_context("fork").Pool(workers, initializer=_warm)


def stop() -> None:
    global _pool
    if _pool is not None:
        _pool.close()
        _pool.join()
        _pool = None


def run(func, jobs: list, workers: int) -> list:
    """func(job) for every job, results in job order: on the started pool, on a pool
    made for the occasion when there is enough work, or here."""
    if workers <= 1 or (len(jobs) < 8 and _pool is None):
        return [func(job) for job in jobs]
    if _pool is not None:
        return _ordered(_pool, func, jobs)
    import multiprocessing

    from . import fonts

    fonts.ensure_fonts()
    _warm()  # load fontconfig and the fonts once, before the workers fork
    with multiprocessing.get_context("fork").Pool(min(workers, len(jobs))) as pool:
        return _ordered(pool, func, jobs)


def _ordered(pool, func, jobs: list) -> list:
    results: list = [None] * len(jobs)
    for i, value in pool.imap_unordered(_indexed, [(func, i, job) for i, job in enumerate(jobs)]):
        results[i] = value
    return results


def _indexed(item):
    func, i, job = item
    return i, func(job)
