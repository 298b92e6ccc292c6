"""The shape of the code: no import cycle anywhere in the project, imports in `device/` only
point down its layers, no module over 400 lines.

Imports are read with `ast`, so an import inside a function or under `TYPE_CHECKING` counts
like any other: a cycle hidden that way is still a cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "device", "hardware", "tests", "benchmarks")
MAX_LINES = 400
# The parts of device/, highest first: a part may import a part of a lower layer (or itself),
# never one of its own layer or above. "root" is device/*.py (config, settings, i18n...).
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"run"}),
    frozenset({"games", "system"}),
    frozenset({"widgets"}),
    frozenset({"framework"}),
    frozenset({"display", "storage", "strings"}),
    frozenset({"root"}),
    frozenset({"render"}),  # drawing on Pillow with the bundled font: what the root's word packs check against
)
APPS = frozenset({"games", "system"})  # one package an app: no app imports another


def project_files() -> Iterator[Path]:
    """Every Python file of the project."""
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    """The dotted module name of a project file (a package's __init__ is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a `from ... import` names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports_of(path: Path, module: str, known: set[str]) -> set[str]:
    """Project modules the file of `module` imports, wherever the import statement is."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, path.name == "__init__.py", node)
            for alias in node.names:
                child = f"{target}.{alias.name}"
                if child in known:
                    found.add(child)  # `from package import module`
                elif target in known:
                    found.add(target)
    found.discard(module)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each project module with the project modules it imports."""
    files = list(project_files())
    known = {module_name(p) for p in files}
    return {module_name(p): imports_of(p, module_name(p), known) for p in files}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    finder = _Tarjan(graph)
    for node in sorted(graph):
        if node not in finder.index:
            finder.visit(node)
    return finder.found


class _Tarjan:
    """Tarjan's strongly connected components over an import graph."""

    def __init__(self, graph: dict[str, set[str]]) -> None:
        self.graph = graph
        self.index: dict[str, int] = {}
        self.low: dict[str, int] = {}
        self.stack: list[str] = []
        self.found: list[list[str]] = []

    def visit(self, node: str) -> None:
        """Number `node`, follow its imports, and close its group if it is the group's root."""
        self.index[node] = self.low[node] = len(self.index)
        self.stack.append(node)
        for nxt in sorted(self.graph.get(node, ())):
            if nxt not in self.index:
                self.visit(nxt)
                self.low[node] = min(self.low[node], self.low[nxt])
            elif nxt in self.stack:
                self.low[node] = min(self.low[node], self.index[nxt])
        if self.low[node] == self.index[node]:
            self._close(node)

    def _close(self, root: str) -> None:
        group = [self.stack.pop()]
        while group[-1] != root:
            group.append(self.stack.pop())
        if len(group) > 1:
            self.found.append(sorted(group))


def test_no_import_cycles() -> None:
    """No two project modules import each other, directly or through others."""
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(group) for group in found)


def test_the_cycle_finder_sees_cycles_hidden_in_functions(tmp_path: Path) -> None:
    """An import inside a function or under TYPE_CHECKING makes an edge like any other."""
    (tmp_path / "a.py").write_text("def f():\n    from b import g\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n",
                                   encoding="utf-8")
    known = {"a", "b"}
    graph = {name: imports_of(tmp_path / f"{name}.py", name, known) for name in known}
    assert cycles(graph) == [["a", "b"]]


def test_the_project_graph_has_its_edges() -> None:
    """The graph is read for real: a game's app imports its keys and screens."""
    graph = import_graph()
    assert {"device.games.toolbox.keys", "device.games.toolbox.screens"} <= graph["device.games.toolbox.app"]


def device_part(module: str) -> tuple[str, str]:
    """The part of device/ a module is in ("root" for device/*.py) and, for an app, its package."""
    names = module.split(".")
    if len(names) == 2 and any(names[1] in layer for layer in LAYERS):
        return names[1], ""
    if len(names) < 3:
        return "root", ""
    return names[1], names[2] if names[1] in APPS else ""


def _rank(part: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if part in layer)


def climbing(graph: dict[str, set[str]]) -> list[str]:
    """The imports inside device/ that do not point down a layer (or stay in their part)."""
    found = []
    for module, imported in graph.items():
        if not module.startswith("device."):
            continue
        part, app = device_part(module)
        for target in imported:
            if not target.startswith("device."):
                continue
            other, other_app = device_part(target)
            same = part == other and app == other_app
            if not same and _rank(other) <= _rank(part):
                found.append(f"{module} -> {target}")
    return sorted(found)


def test_device_imports_point_down_its_layers() -> None:
    """run > games, system > widgets > framework > display, storage, strings > root > render:
    nothing imports a part of its own layer or a higher one, and no app imports another app."""
    found = climbing(import_graph())
    assert not found, "imports climbing the layers: " + "; ".join(found)


def test_the_layer_check_sees_a_climbing_import() -> None:
    """The framework importing a system app, a game importing another game, strings importing
    the framework: each is found."""
    graph = {
        "device.framework.session": {"device.system.pause.ui", "device.framework.registry"},
        "device.games.coin.app": {"device.games.artbox.ui", "device.games.coin.ui", "device.widgets.bindings"},
        "device.strings.all": {"device.framework.registry", "device.i18n"},
        "device.render.frame": {"device.strings.all"},
    }
    assert climbing(graph) == ["device.framework.session -> device.system.pause.ui",
                               "device.games.coin.app -> device.games.artbox.ui",
                               "device.render.frame -> device.strings.all",
                               "device.strings.all -> device.framework.registry"]
    assert device_part("device.i18n") == ("root", "") and device_part("device.games.coin.ui") == ("games", "coin")


def test_no_module_is_over_400_lines() -> None:
    """Small modules with one job: none is longer than 400 lines."""
    long = {str(p.relative_to(ROOT)): n for p in project_files()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"
