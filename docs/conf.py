"""Sphinx settings for cardgen's docs: Markdown pages (MyST) in the Furo theme.

Build the site from the repository's top folder (see docs/contributing/docs.md):

    sphinx-build -W --keep-going -b html docs docs/_build/html

_ext/cardgen_docs.py makes the parts cardgen's code can say (options, --help texts, the
checker's kinds of violation, the output layout, the examples) and _ext/pictures.py the
pictures, from a real build.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

from cardgen import __version__  # noqa: E402

project = "cardgen"
author = "the cardgen authors"
copyright = "2026, the cardgen authors"  # noqa: A001 (Sphinx's name)
version = release = __version__

extensions = ["myst_parser", "cardgen_docs"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "_templates", "readme"]
templates_path = ["_templates"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3  # links to a page's sections by their titles' slugs
smartquotes = False  # "--format" stays two hyphens, as a reader must type it (the help texts are plain text)
suppress_warnings = []

html_theme = "furo"
html_title = f"cardgen {__version__}"
html_static_path = ["_static"]
html_css_files = ["cardgen.css"]
html_show_sourcelink = False
html_copy_source = False
html_show_sphinx = False
html_last_updated_fmt = None
html_theme_options = {
    "light_css_variables": {"color-brand-primary": "#332288", "color-brand-content": "#332288"},
    "dark_css_variables": {"color-brand-primary": "#a8a0f0", "color-brand-content": "#a8a0f0"},
}
