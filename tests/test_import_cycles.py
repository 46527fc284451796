"""Data flows one way: no module of cardgen imports, directly or through others, a module
that imports it back. Every import counts, those inside functions too (a lazy import
still ties the two modules together); only `if TYPE_CHECKING:` blocks do not."""
from __future__ import annotations

import ast
from pathlib import Path

import cardgen

PACKAGE = Path(cardgen.__file__).parent


def _modules() -> dict:
    """Dotted name -> source path of every module of the package."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ["cardgen", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_only(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return isinstance(test, (ast.Name, ast.Attribute)) and ast.unparse(test).endswith("TYPE_CHECKING")


def imports_of(name: str, path: Path, modules: dict) -> set:
    """The package's modules that module `name` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking_only(child):
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name in modules)
            elif isinstance(child, ast.ImportFrom):
                base = package.split(".")
                base = base[:len(base) - (child.level - 1)] if child.level else []
                target = ".".join(base + ([child.module] if child.module else []))
                for alias in child.names:  # `from . import fonts` imports a module; `from .fonts import x` a name
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in modules else target)
            visit(child)
    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in modules and m != name}


def cycles(graph: dict) -> list:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))
    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def package_graph() -> dict:
    modules = _modules()
    # a package's __init__ runs before its modules, but that is Python's order, not a
    # dependency between ideas: only the modules' own imports are followed
    return {name: {m for m in imports_of(name, path, modules) if modules[m].name != "__init__.py"}
            for name, path in modules.items()}


def test_the_package_has_no_import_cycle():
    found = cycles(package_graph())
    assert not found, "import cycles (each group imports itself through the others): " + "; ".join(
        " <-> ".join(c) for c in found)


def test_the_cycle_finder_sees_a_lazy_import_and_a_relative_one(tmp_path):
    """The finder itself: a cycle closed by an import inside a function is found, and a
    `from . import x` of a submodule counts as importing that submodule."""
    modules = {"cardgen.a": PACKAGE / "a.py", "cardgen.b": PACKAGE / "b.py", "cardgen.c": PACKAGE / "c.py"}
    graph = {"cardgen.a": {"cardgen.b"}, "cardgen.b": {"cardgen.c"}, "cardgen.c": {"cardgen.a"}}
    assert cycles(graph) == [["cardgen.a", "cardgen.b", "cardgen.c"]]
    assert cycles({"cardgen.a": {"cardgen.b"}, "cardgen.b": set()}) == []
    source = tmp_path / "a.py"
    source.write_text("import os\n\ndef f():\n    from . import b\n    from .c import thing\n")
    assert imports_of("cardgen.a", source, modules) == {"cardgen.b", "cardgen.c"}
