"""Jinja2 environment for the SVG templates under templates/ (themes are templates)."""
from __future__ import annotations

from functools import lru_cache

from ..paths import TEMPLATES_DIR


def fmt(value: float) -> str:
    """Numbers in SVG: 3 decimals at most, no trailing zeros, so output is stable and small."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=None)
def environment():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
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
