"""The docs are tested: the site builds strictly (Sphinx with -W, the calibration build's
pictures made through the same code as every other picture, into a cache of the test's
own), the parts made from code say what the code says, no link leads outside the
repository or the site, the help's references name sections that exist, the README is
short and its pictures are current, and the version is one.

Every `cardgen` command the pages show is run by test_readme_commands.py."""
import contextlib
import hashlib
import html.parser
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import pytest

from cardgen import __version__
from conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
QUICK_BUILDS = "calibration"  # the docs' builds the suite makes (the quickest): docs/_ext/pictures.py
NOT_SOURCES = (".venv", ".git", "_build", ".pytest_cache", "node_modules")
# MyST still calls Sphinx APIs that Sphinx 11 will drop: their notices are MyST's to act on
pytestmark = pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")


def files_of(root: Path) -> dict:
    """Every path under root with its bytes (None for a folder): what a build may not change."""
    return {p.relative_to(root).as_posix(): None if p.is_dir() else p.read_bytes() for p in sorted(root.rglob("*"))}


@contextlib.contextmanager
def read_only(folder: Path):
    """The folder read-only, even to root: a read-only bind mount where one can be made
    (root), else every write bit taken away."""
    mounted = os.geteuid() == 0 and subprocess.run(["mount", "--bind", str(folder), str(folder)],
                                                   capture_output=True).returncode == 0
    if mounted and subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], capture_output=True).returncode:
        subprocess.run(["umount", str(folder)], check=True)
        mounted = False
    modes = {}
    if not mounted:
        for path in [folder, *folder.rglob("*")]:
            modes[path] = path.stat().st_mode
            path.chmod(modes[path] & ~0o222)
    try:
        yield
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], check=True)
        for path, mode in modes.items():
            path.chmod(mode)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site as `sphinx-build -W --keep-going -b html docs OUT` builds it, with the pictures
    of the quick builds only (the rest of the pictures are notes), from a read-only copy of
    the checkout's docs (and what they include), into a folder of the test's own: no
    picture cache named, so the build keeps its own where it should."""
    from sphinx.cmd.build import build_main

    out = tmp_path_factory.mktemp("site")
    source = tmp_path_factory.mktemp("checkout")
    shutil.copytree(DOCS, source / "docs", ignore=shutil.ignore_patterns("_build", "__pycache__"))
    shutil.copytree(ROOT / "examples", source / "examples", ignore=shutil.ignore_patterns("output"))
    shutil.copy(ROOT / "CHANGELOG.md", source)
    before = files_of(source)
    with pytest.MonkeyPatch.context() as mp, read_only(source):
        mp.setenv("CARDGEN_DOCS_PICTURES", QUICK_BUILDS)
        mp.delenv("CARDGEN_DOCS_CACHE", raising=False)
        mp.setenv("PYTHONDONTWRITEBYTECODE", "1")
        mp.setattr(sys, "dont_write_bytecode", True)
        code = build_main(["-W", "--keep-going", "-q", "-w", str(out / "warnings.txt"), "-b", "html",
                           str(source / "docs"), str(out / "html")])
    assert code == 0, (out / "warnings.txt").read_text()
    assert files_of(source) == before  # nothing written into the checkout: no docs/_build/pictures
    return out


def plain(text: str) -> str:
    """Words as a page shows them: straight quotes, no code marks, single spaces."""
    return " ".join(text.translate(str.maketrans({"\u2019": "'", "\u201c": '"', "\u201d": '"', "`": None})).split())


def text_of(page: Path) -> str:
    """A built page's words, as a reader sees them (tags dropped, entities read)."""
    import html as entities

    return plain(entities.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))))


def test_the_site_builds_with_every_page_and_the_quick_pictures(site):
    pages = {p.relative_to(site / "html").as_posix() for p in (site / "html").rglob("*.html")}
    for source in DOCS.rglob("*.md"):
        rel = source.relative_to(DOCS)
        if rel.parts[0] in ("readme", "_build"):
            continue
        assert rel.with_suffix(".html").as_posix() in pages, rel
    images = sorted(p.name for p in (site / "html" / "_images").iterdir())
    assert [re.sub(r"-[0-9a-f]{16}\.png$", "", n) for n in images] == ["calibration-back", "calibration-front"]
    from PIL import Image

    with Image.open(site / "html" / "_images" / images[1]) as front:
        assert front.width == 760 and 900 < front.height < 1100  # the Letter page, drawn from the PDF
        assert front.convert("L").getextrema()[0] < 60  # ink on it: the sheet's words and ladders
    printing = text_of(site / "html" / "printing.html")
    assert "The calibration sheet's front: five numbered steps." in printing  # the picture's caption
    assert "This build of the site leaves out the picture 'A Letter print sheet's fronts and its backs'" in printing


def test_pictures_come_from_the_cache_the_second_time(site, monkeypatch):
    sys.path.insert(0, str(DOCS / "_ext"))
    import pictures

    monkeypatch.setenv("CARDGEN_DOCS_PICTURES", QUICK_BUILDS)
    monkeypatch.setenv("CARDGEN_DOCS_CACHE", str(site / "html" / ".doctrees" / "cardgen-pictures"))
    made = pictures.make(["calibration-front", "calibration-back", "cover"])
    assert made.runs == []  # the site's build made them: no cardgen command ran
    assert made.pictures["cover"] is None and made.pictures["calibration-front"].is_file()
    assert all(p.build in pictures.BUILDS for p in pictures.PICTURES.values())


def test_the_reference_is_the_code(site):
    from cardgen.check.kinds import KINDS
    from cardgen.cli import main
    from cardgen.settings import SETTINGS

    reference = site / "html" / "reference"
    options = (reference / "options.html").read_text(encoding="utf-8")
    assert options.count("<tr") == len(SETTINGS) + 1  # one row an option, and the heading
    flags = text_of(reference / "options.html")
    assert all(s.flag in flags and plain(s.help.split(":")[0]) in flags for s in SETTINGS if s.flag)
    commands = text_of(reference / "commands.html")
    for name, command in main.commands.items():
        assert f"Usage: cardgen {name} [OPTIONS]" in commands
        assert plain(command.help)[:60] in commands, name
    check = text_of(reference / "check.html")
    assert all(kind.title in check and plain(kind.what)[:80] in check for kind in KINDS)
    examples = text_of(site / "html" / "examples.html")
    assert all(f"examples/{p.name}/cardgen.toml" in examples for p in (ROOT / "examples").iterdir() if p.is_dir())


def test_the_output_layout_describes_every_file_a_build_writes(built):
    """The layout page lists a build's files from its manifest: every kind of file in a full
    build of every game is described, and every file is on a line of its own or counted in one."""
    sys.path.insert(0, str(DOCS / "_ext"))
    from cardgen_docs import layout_lines

    files = [(e["path"], e["game"], e["kind"], e["format"])
             for e in json.loads((built / "manifest.json").read_text())["files"]]
    rows, unknown = layout_lines(files)
    assert unknown == set()
    counted = sum(int(m.group(1)) if (m := re.search(r"\((\d+) files\)$", what)) else 1
                  for _, name, what in rows if not name.endswith("/") or what)
    assert counted == len(files)
    _, missing = layout_lines(files + [("str8eight/new.xyz", "str8eight", "a-new-kind", "xyz")])
    assert missing == {"a-new-kind"}


class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.targets = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.targets.append(value)


def outside(target: str, page: Path, root: Path) -> "str | None":
    """Why a link's target is not a file under root, or None. Only plain relative paths
    (and anchors) stay inside: any scheme, a host, an absolute path or a climb out leaves."""
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith("//"):
        return "leads off the site or repository"
    if not parts.path:
        return None  # an anchor on the same page
    if parts.path.startswith("/"):
        return "an absolute path"
    where = (page.parent / unquote(parts.path)).resolve()
    if not where.is_relative_to(root.resolve()):
        return "climbs out"
    return None if where.exists() else "no such file"


def test_no_link_of_the_site_leads_off_it(site):
    root = site / "html"
    bad = []
    for page in root.rglob("*.html"):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        bad += [(page.name, t, why) for t in parser.targets if (why := outside(t, page, root))]
    for css in root.rglob("*.css"):
        bad += [(css.name, t, why) for t in re.findall(r"url\(['\"]?([^'\")]+)", css.read_text(encoding="utf-8"))
                if not t.startswith("data:") and (why := outside(t, css, root))]
    assert bad == []


def markdown_files() -> list:
    return sorted(p for p in ROOT.rglob("*.md") if not set(p.relative_to(ROOT).parts) & set(NOT_SOURCES)
                  and not (p.parent.name == "output" and p.parent.parent.parent.name == "examples"))


def test_no_markdown_link_leads_outside_the_repository():
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark")
    bad, seen = [], 0
    for path in markdown_files():
        text = path.read_text(encoding="utf-8")
        targets = re.findall(r"""<(?:a|img)\s[^>]*(?:href|src)=["']([^"']+)""", text)  # raw HTML too
        for token in parser.parse(text):
            for child in [token, *(token.children or [])]:
                if child.type == "link_open":
                    targets.append(child.attrs["href"])
                elif child.type == "image":
                    targets.append(child.attrs["src"])
        seen += len(targets)
        bad += [(path.relative_to(ROOT).as_posix(), t, why) for t in targets if (why := outside(t, path, ROOT))]
    assert bad == [] and seen > 40


def test_the_link_checks_fail_on_links_that_leave(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("x")
    assert outside("https://example.com/", page, tmp_path) and outside("../shared/RESEARCH.md", page, tmp_path)
    assert outside("/etc/passwd", page, tmp_path) and outside("missing.md", page, tmp_path)
    assert outside("page.md#top", page, tmp_path) is None and outside("#top", page, tmp_path) is None


def headings() -> set:
    """Every section title of the docs' pages and of the booklets' texts."""
    found = set()
    for path in [*DOCS.rglob("*.md"), *(ROOT / "templates" / "rules").glob("*.md")]:
        found |= {m.strip().strip("`") for m in re.findall(r"(?m)^#{1,4} (.+)$", path.read_text(encoding="utf-8"))}
    return found


def test_every_see_in_the_help_names_a_section_that_exists():
    import click

    from cardgen.cli import main
    from cardgen.settings import SETTINGS

    top = click.Context(main, info_name="cardgen")
    texts = [s.help for s in SETTINGS] + [main.get_help(top)]
    texts += [c.get_help(click.Context(c, info_name=n, parent=top)) for n, c in main.commands.items()]
    named = {m for text in texts for m in re.findall(r"see '([^']+)'", " ".join(text.split()))}
    assert {"Reprints and partial builds", "Shell completion", "In the classroom"} <= named, named
    assert named - headings() == set()
    assert "Reprinting cards" not in headings()  # the name the --cards help once gave


def test_the_readme_is_short_and_leads_into_the_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 60 and len(readme) < 5000
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", readme)
    assert len(pictures) == 3 and all((ROOT / p).is_file() for p in pictures)
    linked = set(re.findall(r"\]\((docs/[^)#]+\.md)", readme))
    assert {f"docs/{p}.md" for p in ("getting-started", "printing", "classroom", "variants", "shops",
                                     "reference/options", "reference/check", "contributing/how-it-works")} <= linked
    assert "pip install . && cardgen build --format pdf && cardgen check" in readme


def test_the_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = next(line.strip() for line in readme.splitlines() if line.strip().endswith("pytest -q"))
    ci = (ROOT / ".ci" / "run").read_text().replace("pip install -q ", "pip install ")  # quiet in CI's log
    ci_steps = [step.strip() for line in ci.splitlines() for step in line.split("&&")]
    for step in shown.split("&&"):
        assert step.strip() in ci_steps, (step, ci_steps)


def test_the_readme_pictures_are_current(built):
    """docs/readme/sources.json names the card SVGs each README picture was drawn from:
    the code must still write them byte for byte (else run python docs/readme_pictures.py)."""
    sources = json.loads((DOCS / "readme" / "sources.json").read_text())
    assert sorted(sources) == ["family.png", "hand.png", "sheet.png"]
    for picture, made in sources.items():
        assert hashlib.sha256((DOCS / "readme" / picture).read_bytes()).hexdigest() == made["png"], picture
        for svg, digest in made["svgs"].items():
            now = hashlib.sha256((built / svg).read_bytes()).hexdigest()
            assert now == digest, f"{svg} changed since docs/readme/{picture} was made: " \
                                  "run python docs/readme_pictures.py"


def test_one_version():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in pyproject["project"] and "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "cardgen.__version__"}
    assert importlib.metadata.version("cardgen") == __version__
    assert run_cli("--version").output.strip() == f"cardgen, version {__version__}"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in changelog and re.search(rf"(?m)^## \[{re.escape(__version__)}\] - \d{{4}}-\d\d-\d\d$",
                                                         changelog)
    meta = importlib.metadata.metadata("cardgen")
    assert not meta.get_all("Project-URL") and meta.get_all("Classifier") and meta["Keywords"]
    assert PurePosixPath(pyproject["project"]["readme"]).name == "README.md"
