"""The package works when installed, not only from the checkout: sdist → wheel → fresh venv.

The checkout is copied first so a stale build/ folder cannot hide a missing file, the
wheel is built from the sdist (so the sdist is proven complete), and the installed
cardgen builds and checks a deck from an empty folder, where the checkout cannot be
imported by accident. Offline: no build isolation, no dependencies fetched.
"""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOT_SHIPPED = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__",
                                     ".pytest_cache", "output", "results", "_build")

pytest.importorskip("setuptools", minversion="77")


def run(*args, cwd, env=None, log=None):
    proc = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, f"{args}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    if log is not None:
        log.append(proc.stdout + proc.stderr)
    return proc.stdout


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict:
    """{"sdist": path, "wheel": path}, built from a clean copy of the checkout."""
    tmp = tmp_path_factory.mktemp("dist")
    src = tmp / "src"
    shutil.copytree(REPO, src, ignore=NOT_SHIPPED)
    log = []  # what setuptools said while building: read by test_the_build_gives_no_warning
    sdist = run(sys.executable, "-c", f"from setuptools import build_meta as b; print(b.build_sdist({str(tmp)!r}))",
                cwd=src, log=log).split()[-1]
    with tarfile.open(tmp / sdist) as tar:
        tar.extractall(tmp / "unpacked", **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    (unpacked,) = (tmp / "unpacked").iterdir()
    # the same PEP 517 hook pip wheel --no-build-isolation calls, without pip's start-up
    run(sys.executable, "-c", f"from setuptools import build_meta as b; b.build_wheel({str(tmp)!r})", cwd=unpacked,
        log=log)
    (wheel,) = tmp.glob("cardgen-*.whl")
    return {"sdist": tmp / sdist, "wheel": wheel, "log": "\n".join(log)}


def test_sdist_has_the_data_and_licences(dists):
    with tarfile.open(dists["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"LICENSE", "fonts/OFL.txt", "fonts/Lato-Regular.ttf", "fonts/Andika-Bold.ttf", "fonts/OFL-Andika.txt",
            "templates/cards/back.svg.j2",
            "templates/rules/str8eight.md", "pyproject.toml", "tests/conftest.py", "examples/theme/back.svg",
            "CHANGELOG.md", "docs/conf.py", "docs/index.md", "docs/_ext/pictures.py", "docs/readme/hand.png"} <= names


def test_wheel_has_every_module_the_data_and_licences(dists):
    names = set(zipfile.ZipFile(dists["wheel"]).namelist())
    modules = {f"cardgen/{p.relative_to(REPO / 'cardgen').as_posix()}" for p in (REPO / "cardgen").rglob("*.py")}
    templates = {f"cardgen/templates/{p.relative_to(REPO / 'templates').as_posix()}"
                 for p in (REPO / "templates").rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    fonts = {f"cardgen/fonts/{p.name}" for p in (REPO / "fonts").iterdir() if p.suffix in (".ttf", ".txt")}
    assert modules - names == set(), "a subpackage is missing from pyproject.toml's packages list"
    assert templates - names == set() and fonts - names == set()
    assert {"cardgen/fonts/OFL.txt", "cardgen-0.1.0.dist-info/licenses/LICENSE",
            "cardgen-0.1.0.dist-info/licenses/fonts/OFL.txt", "cardgen/fonts/Andika-Regular.ttf",
            "cardgen/fonts/OFL-Andika.txt", "cardgen-0.1.0.dist-info/licenses/fonts/OFL-Andika.txt"} <= names
    assert not [n for n in names if n.startswith(("tests/", "output/", "examples/", "benchmarks/", "templates/",
                                                  "fonts/", "docs/"))]
    metadata = zipfile.ZipFile(dists["wheel"]).read("cardgen-0.1.0.dist-info/METADATA").decode("utf-8")
    assert metadata.split("\n\n", 1)[1].strip() == (REPO / "README.md").read_text(encoding="utf-8").strip()  # the short README


def test_installed_wheel_builds_and_checks_from_an_empty_folder(dists, tmp_path):
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", venv, cwd=tmp_path)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    # reuse the dependencies (and pip) of the environment running the tests; the new
    # venv's own site-packages comes first, so its cardgen wins over any other
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp_path).strip()
    outer = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "outer-env.pth").write_text("\n".join(sorted(outer)) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    run(python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--ignore-installed", dists["wheel"],
        cwd=tmp_path, env=env)
    empty = tmp_path / "empty"
    empty.mkdir()
    where = run(python, "-c", "import cardgen; print(cardgen.__file__)", cwd=empty, env=env).strip()
    assert Path(where).is_relative_to(venv), where
    run(bin_dir / "cardgen", "build", "--game", "str8eight", "--format", "pdf", "--out", "out", "-q", cwd=empty, env=env)
    out = run(bin_dir / "cardgen", "check", "out", cwd=empty, env=env)
    assert (empty / "out" / "str8eight").is_dir() and out
    # a theme's own fonts live outside the package: templates must still be found
    themed = tmp_path / "themed"
    shutil.copytree(REPO / "fonts", themed / "my-fonts", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (themed / "cardgen.toml").write_text('games = ["str8eight"]\nformat = "svg"\n[theme]\nfonts = "my-fonts"\n')
    run(bin_dir / "cardgen", "build", "-q", cwd=themed, env=env)
    run(bin_dir / "cardgen", "check", "output", cwd=themed, env=env)


def test_the_build_gives_no_warning(dists):
    """`python -m build` says nothing to be fixed: a template folder missing from pyproject's
    packages list ("Package 'cardgen.templates.x' is absent from the `packages` configuration")
    or any other warning Python's warnings module gives (SetuptoolsDeprecationWarning…) fails
    here; distutils' log notes ("warning: no previously-included files…") are not warnings."""
    said = [line for line in dists["log"].splitlines()
            if re.search(r"\w*Warning\b|absent from|would be ignored", line)]
    assert said == [], "\n".join(said[:20])


def test_no_url_leads_to_a_repository_that_does_not_exist(dists):
    """The package names no home it does not have: no URL in pyproject.toml, none in the
    wheel's metadata (the made-up github.com/cardgen/cardgen above all)."""
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert "github.com/cardgen" not in text and "[project.urls]" not in text
    assert not re.search(r"https?://", text)
    metadata = zipfile.ZipFile(dists["wheel"]).read("cardgen-0.1.0.dist-info/METADATA").decode("utf-8")
    head = metadata.split("\n\n", 1)[0]
    assert "Project-URL" not in head and "Home-page" not in head
