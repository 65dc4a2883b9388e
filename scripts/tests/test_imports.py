# SPDX-License-Identifier: GPL-2.0-only
"""The package `netblt_sim` has no import circles, and its sub-packages are layers.

The graph has an edge from module A to module B of the package for every `import` or `from ...
import` statement of A that names B, wherever it stands: at module level, under `if
TYPE_CHECKING:` and inside a function. A type-only or a deferred import is still a dependency
a reader has to follow, and a deferred import is the usual way to hide a circle from the
interpreter; counting every one means a circle cannot come back that way. `from netblt_sim
import name` counts as an import of `netblt_sim.name` if that is a module, else of the package
itself (`__init__`). Only the implicit import of the parent package when a submodule is first
imported is left out: every module has it, it is no choice of the module's.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

import pytest
from conftest import SCRIPTS_DIR

PACKAGE = "netblt_sim"


# The sub-packages, lowest first; the public API (`netblt_sim` itself) stands just below the
# tools.
LAYERS: tuple[str, ...] = ("wire", "core", "batch", "reporting", "scenarios.kind", "scenarios.table",
                           "scenarios.measure", "scenarios.time_sequence",
                           "scenarios.rate_control", "scenarios.sharing",
                           "scenarios.network_rate_control", "scenarios.bands",
                           "scenarios.calibration", "scenarios.registry",
                           "", "tools")  # fmt: skip
MAX_MODULE_LINES = 500


def module_names(package_dir: Path, package: str) -> dict[str, Path]:
    """Every module of the package and its sub-packages by dotted name, a package's
    `__init__` as the package's own name."""
    names = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = [package, *path.relative_to(package_dir).with_suffix("").parts]
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def layer_of(module: str, package: str) -> int:
    """The index in `LAYERS` of the layer a module belongs to (the longest that contains it);
    ValueError for a module of no layer."""
    inside = module.removeprefix(package).removeprefix(".")
    matches = [i for i, layer in enumerate(LAYERS)
               if inside == layer or inside.startswith(f"{layer}.") and layer]  # fmt: skip
    if matches:
        return max(matches, key=lambda i: len(LAYERS[i]))
    if inside in ("", "scenarios"):  # the public API; the kinds' package, which holds no code
        return LAYERS.index("")
    raise ValueError(f"{module}: in no layer of {LAYERS}")


def upward_imports(graph: Mapping[str, set[str]], package: str) -> list[str]:
    """Every import of a module from a layer above its own, as `importer -> imported`."""
    return [f"{module} -> {target}" for module in sorted(graph) for target in sorted(graph[module])
            if layer_of(target, package) > layer_of(module, package)]  # fmt: skip


def imported_modules(name: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The package's modules that module `name` (at `path`) imports anywhere in its text."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.stem == "__init__"
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package, one level up per extra dot
                parts = (name if is_package else name.rsplit(".", 1)[0]).split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            # `from package import module` imports the module; otherwise only `base` counts.
            targets = [t for t in targets[:-1] if t in modules] or [base]
        else:
            continue
        for target in targets:
            # `import netblt_sim.a.b` needs netblt_sim.a.b; a name that is no module stands for
            # the nearest module above it.
            while target and target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]
            if target in modules and target != name:
                imported.add(target)
    return imported


def import_graph(package_dir: Path, package: str) -> dict[str, set[str]]:
    modules = module_names(package_dir, package)
    return {name: imported_modules(name, path, modules) for name, path in modules.items()}


def import_circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The circles of each strongly connected component of more than one module (Tarjan's
    algorithm): the shortest through each of its modules, each written from its first module in
    name order back to it, without repeats."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    circles: list[list[str]] = []
    for component in sorted(components):
        for start in component:
            circle = _circle_through(graph, start, set(component))
            first = circle.index(min(circle))
            circle = circle[first:-1] + circle[:first] + [circle[first]]
            if circle not in circles:
                circles.append(circle)
    return circles


def _circle_through(graph: Mapping[str, set[str]], start: str, members: set[str]) -> list[str]:
    """A shortest path from `start` back to it through `members` only."""
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for target in sorted(graph[module] & members):
                if target == start:
                    path = [module]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if target not in previous:
                    previous[target] = module
                    following.append(target)
        frontier = following
    raise AssertionError(f"no circle through {start}")


def describe(circles: list[list[str]]) -> str:
    return "; ".join(" -> ".join(circle) for circle in circles)


def test_the_package_has_no_import_circle() -> None:
    graph = import_graph(SCRIPTS_DIR / PACKAGE, PACKAGE)
    # The graph is read at all, sub-packages included.
    assert f"{PACKAGE}.batch.executor" in graph[f"{PACKAGE}.batch.sweep"]
    circles = import_circles(graph)
    assert not circles, f"import circles in {PACKAGE}: {describe(circles)}"


def test_each_layer_imports_only_the_layers_below_it() -> None:
    graph = import_graph(SCRIPTS_DIR / PACKAGE, PACKAGE)
    assert f"{PACKAGE}.core.flows" in graph[f"{PACKAGE}.batch.executor"]
    for module in graph:  # every module sits in a layer (ValueError otherwise)
        layer_of(module, PACKAGE)
    upward = upward_imports(graph, PACKAGE)
    assert not upward, f"imports from a layer above: {'; '.join(upward)}"


def test_the_package_holds_sub_packages_and_short_modules_only() -> None:
    package_dir = SCRIPTS_DIR / PACKAGE
    assert sorted(p.name for p in package_dir.glob("*.py")) == ["__init__.py"]
    long_modules = {str(path.relative_to(package_dir)): lines for path in package_dir.rglob("*.py")
                    if (lines := len(path.read_text(encoding="utf-8").splitlines()))
                    > MAX_MODULE_LINES}  # fmt: skip
    assert not long_modules, f"modules over {MAX_MODULE_LINES} lines: {long_modules}"


@pytest.mark.parametrize(
    ("files", "upward"),
    [
        # The core reaching up into batch, under TYPE_CHECKING: refused.
        ({"core/a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.batch.b "
                    "import B\n", "batch/b": ""}, ["pkg.core.a -> pkg.batch.b"]),
        # A kind importing a later kind, and the public API from a layer: refused.
        ({"scenarios/table/a": "import pkg.scenarios.bands.b\n", "scenarios/bands/b": "",
          "reporting/c": "from pkg import run\n"},
         ["pkg.reporting.c -> pkg", "pkg.scenarios.table.a -> pkg.scenarios.bands.b"]),
        # Downward and sideways imports, and the tools using the public API: allowed.
        ({"batch/a": "from pkg.core import b\nfrom pkg.batch.c import C\n", "core/b": "",
          "batch/c": "", "tools/d": "from pkg import run\nimport pkg.scenarios.registry\n",
          "scenarios/registry": ""}, []),
    ],
)
def test_imports_from_a_layer_above_are_found(
    tmp_path: Path, files: dict[str, str], upward: list[str]
) -> None:
    for name, text in {"__init__": "", **files}.items():
        path = tmp_path / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        for parent in path.relative_to(tmp_path).parents:
            (tmp_path / parent / "__init__.py").touch()
        path.write_text(text, encoding="utf-8")
    assert upward_imports(import_graph(tmp_path, "pkg"), "pkg") == upward


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        # A module-level circle, and one closed by an import inside a function.
        ({"a": "from pkg import b\n", "b": "def f():\n    import pkg.a\n"}, "pkg.a -> pkg.b -> pkg.a"),
        # A circle closed under TYPE_CHECKING, through the relative import of a name.
        (
            {
                "a": "from pkg.b import B\n",
                "b": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import C\n",
                "c": "from pkg.a import A\n",
            },
            "pkg.a -> pkg.b -> pkg.c -> pkg.a",
        ),
        # `from pkg import name` of a name that is no module: an import of the package.
        ({"__init__": "from pkg.a import x\n", "a": "from pkg import y\n"}, "pkg -> pkg.a -> pkg"),
        # Two circles through one module: both named.
        (
            {"a": "import pkg.b\nimport pkg.c\n", "b": "import pkg.a\n", "c": "import pkg.a\n"},
            "pkg.a -> pkg.b -> pkg.a; pkg.a -> pkg.c -> pkg.a",
        ),
        # No circle: a chain, and a module importing itself by name.
        ({"a": "import pkg.b\n", "b": "import json\nfrom pkg import b\n"}, ""),
    ],
)
def test_circles_are_found_wherever_the_import_stands(
    tmp_path: Path, files: dict[str, str], expected: str
) -> None:
    for name, text in {"__init__": "", **files}.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    assert describe(import_circles(import_graph(tmp_path, "pkg"))) == expected
