"""The data shipped inside the package (cardgen.templates, cardgen.fonts).

Reached only through importlib.resources, so a checkout, an editable install and a
wheel all find the same files; never a path computed beside the package.
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from .errors import CardgenError


def folder(package: str) -> Path:
    """A data package as a real folder: fontconfig and Jinja read plain files. pip installs
    wheels unpacked and editable installs point at the checkout, so it always is one; a
    zipped install is refused by name instead of failing later."""
    try:
        root = files(package)
    except ModuleNotFoundError:  # a bare checkout on PYTHONPATH: the mapping comes with installing
        raise CardgenError(f"cannot find {package}: install cardgen with pip (pip install -e . in a checkout)") from None
    if not isinstance(root, Path) or not root.is_dir():
        raise CardgenError(f"{package} is not a folder on disk ({root}): install cardgen with pip, unzipped")
    return root
