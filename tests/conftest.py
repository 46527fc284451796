"""Shared fixtures: one full build per test session, and copies of it to corrupt."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.manifest import sha256_file

MM_PER_PT = 25.4 / 72


def run_cli(*args: str):
    """Run the CLI in-process; returns the click Result (exit_code, output, stderr)."""
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """A complete build (SVG, PDF and PNG) of every game, shared read-only by tests."""
    out = tmp_path_factory.mktemp("built") / "output"
    result = run_cli("build", "--format", "svg,pdf,png", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def copy_of_build(built, tmp_path) -> Path:
    """A private copy of the build that a test may damage."""
    out = tmp_path / "output"
    shutil.copytree(built, out)
    return out


def refresh_manifest(out: Path) -> None:
    """Make manifest.json agree with the files again, as a careful forger would."""
    path = out / "manifest.json"
    data = json.loads(path.read_text())
    entries = []
    for entry in data["files"]:
        file = out / entry["path"]
        if file.exists():
            entry["sha256"] = sha256_file(file)
            entries.append(entry)
    known = {e["path"] for e in entries}
    for game in data["games"]:
        for file in sorted((out / game).rglob("*")):
            rel = file.relative_to(out).as_posix()
            if file.is_file() and rel not in known:
                entries.append({"path": rel, "game": game, "kind": "?", "format": file.suffix[1:],
                                "sha256": sha256_file(file)})
    data["files"] = entries
    path.write_text(json.dumps(data, indent=2))


def pdf_fonts(path: Path) -> dict:
    """BaseFont name (without subset tag) -> whether its font file is embedded, for every
    font used on any page, looking inside form XObjects too."""
    import pypdf

    found: dict = {}

    def walk(resources, seen):
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            desc = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = desc["/FontDescriptor"].get_object() if "/FontDescriptor" in desc else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font["/BaseFont"]).split("+")[-1]] = embedded
        for xobj in (resources.get("/XObject") or {}).values():
            ref = xobj.indirect_reference if hasattr(xobj, "indirect_reference") else None
            xobj = xobj.get_object()
            key = (ref.idnum if ref else id(xobj))
            if key in seen or "/Resources" not in xobj:
                continue
            seen.add(key)
            walk(xobj["/Resources"], seen)

    for page in pypdf.PdfReader(str(path)).pages:
        walk(page.get("/Resources"), set())
    return found


def drop_last_pdf_page(path: Path) -> None:
    """Damage a PDF the quiet way: one page fewer, still a valid file."""
    import pypdf

    reader, writer = pypdf.PdfReader(str(path)), pypdf.PdfWriter()
    for page in reader.pages[:-1]:
        writer.add_page(page)
    with open(path, "wb") as fh:
        writer.write(fh)


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace text in a built file, failing loudly if the text is not there."""
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count))


def assert_check_catches(out: Path, expected: list) -> str:
    """Re-hash the manifest to match the damage, run the checker, expect every message."""
    refresh_manifest(out)
    result = run_cli("check", out)
    assert result.exit_code == 1, result.output
    for text in expected:
        assert text in result.output, (text, result.output)
    return result.output
