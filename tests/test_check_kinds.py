"""Every violation `cardgen check` reports has a kind from one table (cardgen/check/kinds.py),
which the docs' reference lists: a module that reports without an entry there fails here
(a user would see its violations counted as "Other")."""
import ast
from pathlib import Path

import cardgen.check
from cardgen.check.kinds import BY_MODULE, KINDS, OTHER
from cardgen.check.report import GameReport

CHECK = Path(cardgen.check.__file__).parent


def reporting_modules() -> set:
    """The modules of cardgen/check that call .fail(…), read from their source."""
    found = set()
    for path in CHECK.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "fail"
               for node in ast.walk(tree)):
            found.add(f"cardgen.check.{path.stem}")
    return found


def test_every_reporting_module_has_a_kind_and_every_kind_a_module():
    reporting = reporting_modules()
    assert len(reporting) >= 18 and "cardgen.check.homeprint" in reporting
    assert reporting == set(BY_MODULE)
    assert len({k.slug for k in KINDS}) == len({k.title for k in KINDS}) == len(KINDS)
    assert all(k.what.endswith(".") and len(k.what) > 80 for k in KINDS)


def test_a_violation_takes_its_kind_from_the_module_that_found_it():
    report = GameReport("str8eight")
    exec(compile("report.fail('a', '-', 'b')", "x", "exec"), {"__name__": "cardgen.check.homeprint", "report": report})
    assert report.violations[0].kind == "home-print"
    exec(compile("report.fail('a', '-', 'b')", "x", "exec"), {"__name__": "cardgen.check.new", "report": report})
    assert report.violations[1].kind == OTHER.slug and str(report.violations[1]) == "a: -: b"
