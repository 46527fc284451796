"""Jinja2 environment for the SVG templates in cardgen.templates (themes are templates)."""
from __future__ import annotations

from functools import lru_cache

from .. import paths


def fmt(value: float) -> str:
    """Numbers in SVG: 3 decimals at most, no trailing zeros, so output is stable and small."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def bytecode_cache():
    """Compiled templates (the SVG designs' and the rule texts') kept between runs (Jinja checks each against its source), so a
    build does not spend a tenth of a second compiling the same templates again. Only
    code is cached here, never output: --clean has nothing to do with it. Jinja's own
    default folder is used because Jinja checks it belongs to this user and nobody else
    can write to it (loading bytecode from a folder others can write would run their code)."""
    import jinja2

    class Cache(jinja2.FileSystemBytecodeCache):
        """A cache that cannot be read or written (TMPDIR turned read-only or full
        mid-build, issue 40) costs a compile, never the build."""

        def load_bytecode(self, bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except OSError:
                pass

        def dump_bytecode(self, bucket) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:
                pass

    try:
        return Cache()
    except (OSError, RuntimeError):
        return None  # no safe folder: templates are compiled each run


@lru_cache(maxsize=None)
def environment():
    import jinja2

    env = jinja2.Environment(
        bytecode_cache=bytecode_cache(),
        loader=jinja2.FileSystemLoader(str(paths.folder("cardgen.templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["n"] = fmt
    return env


def render(template: str, **context) -> str:
    return environment().get_template(template).render(**context)
