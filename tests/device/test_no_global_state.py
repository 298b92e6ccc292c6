"""No module of device/ keeps state of its own: a module-level list, dict, set or deque that the
code changes, or a name rebound with `global`, is state every runner (and every test) in the
process would share. Dependencies go through `Context` and the runner's parts instead.

Read with `ast`: a module-level name bound to a mutable container counts as state when any module
of device/ changes it in place (a mutating method, an item assignment or deletion, an augmented
assignment). Containers only read (tables like `PHASES`) are constants. `functools.cache` memos of
pure functions are not state: they give the same answer whether they were filled or not.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

MUTABLE_CALLS = {"list", "dict", "set", "bytearray", "deque", "defaultdict", "OrderedDict", "Counter"}
MUTATORS = {"append", "appendleft", "extend", "extendleft", "insert", "pop", "popleft", "popitem", "clear",
            "update", "setdefault", "add", "discard", "remove", "sort", "reverse", "rotate",
            "difference_update", "intersection_update", "symmetric_difference_update"}


def _is_mutable(value: ast.expr | None) -> bool:
    if isinstance(value, ast.List | ast.Dict | ast.Set | ast.ListComp | ast.DictComp | ast.SetComp):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name in MUTABLE_CALLS
    return False


def module_containers(tree: ast.Module) -> set[str]:
    """Names the module binds, at its top level, to a mutable container."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and _is_mutable(node.value):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and _is_mutable(node.value):
            names.add(node.target.id)
    return names


def _named(node: ast.expr) -> str:
    """The module-level name an expression reaches (`_X` or `module._X`), else ''."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.attr
    return ""


def changed_names(tree: ast.Module) -> set[str]:
    """Names the code changes in place, or rebinds through `global`."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found |= set(node.names)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            found.add(_named(node.func.value))
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.Delete):
            targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
            found |= {_named(t.value) for t in targets if isinstance(t, ast.Subscript)}
            if isinstance(node, ast.AugAssign):
                found.add(_named(node.target))
    return found - {""}


def parsed(root: Path) -> dict[str, ast.Module]:
    """Every module under `root`/device, parsed, by dotted name."""
    return {_module(p, root): ast.parse(p.read_text(encoding="utf-8"), str(p))
            for p in sorted((root / "device").rglob("*.py"))}


def _module(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def global_state(trees: dict[str, ast.Module]) -> set[tuple[str, str]]:
    """(module, name) of every module-level container that some module changes, and every name
    rebound through `global`."""
    changed = set().union(*(changed_names(tree) for tree in trees.values()))
    rebound = {(module, name) for module, tree in trees.items() for node in ast.walk(tree)
               if isinstance(node, ast.Global) for name in node.names}
    kept = {(module, name) for module, tree in trees.items() for name in module_containers(tree) & changed}
    return kept | rebound


def import_time_calls(trees: dict[str, ast.Module]) -> set[tuple[str, str]]:
    """(module, statement) of every call a module makes by being imported: a module that fills
    an object at import (another module's string catalog, a registry) makes state that every
    runner in the process shares, and that depends on what happened to be imported."""
    return {(module, ast.unparse(node)) for module, tree in trees.items() for node in tree.body
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)}


def test_no_module_of_device_fills_anything_when_imported() -> None:
    """Importing a module of device/ changes nothing: no top-level call (the registry once joined
    the games' titles to the string catalog, and told it to import every app's table on a
    missing key, at import)."""
    found = import_time_calls(parsed(ROOT))
    assert found == set(), f"calls made at import in device/: {sorted(found)}"


def test_a_missing_text_imports_no_app() -> None:
    """In a fresh process: a text of an app not loaded is a KeyError at once, and looking it up
    imports no app's module (not even its string table); loading one app joins only its texts."""
    code = (
        "import sys\n"
        "from device.framework import loader, registry\n"
        "from device.strings.all import STRINGS\n"
        "def apps():\n"
        "    return sorted(m for m in sys.modules if m.startswith(('device.games.', 'device.system.')))\n"
        "try:\n    STRINGS('en', 'artbox.started')\nexcept KeyError:\n    print('missing', apps())\n"
        "loader.app('identik')\n"
        "print('identik' in STRINGS('en', 'game.identik').lower(), 'artbox.started' in STRINGS)\n"
        "print([m for m in apps() if m.startswith('device.games.') and '.identik' not in m])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.splitlines() == ["missing []", "True False", "[]"], done.stdout + done.stderr


def test_no_module_of_device_keeps_state() -> None:
    """Every runner starts from what it is given: no module-level container that the code changes."""
    found = global_state(parsed(ROOT))
    assert found == set(), f"module-global state in device/: {sorted(found)}"


def test_the_check_finds_each_kind_of_state(tmp_path: Path) -> None:
    """The check itself: a filled list, an item set in a dict, a `global` and a changed deque are
    found, also when another module changes them (b fills a's table when imported: a call made at
    import, found by both checks); a local list and a memo are not."""
    (tmp_path / "device").mkdir()
    (tmp_path / "device" / "a.py").write_text(
        "import collections\nfrom functools import cache\n"
        "_SOURCE: list[int] = []\n_SEEN = {}\n_COUNT = 0\n_QUEUE = collections.deque()\n"
        "_BY_ID = dict()\nTABLE = {'a': 1}\n"
        "def attach(x):\n    _SOURCE.append(x)\n    _SEEN[x] = True\n    _QUEUE.append(x)\n"
        "def bump():\n    global _COUNT\n    _COUNT += 1\n"
        "def read():\n    items = []\n    items.append(TABLE['a'])\n    return items\n"
        "@cache\ndef memo(x):\n    return x * 2\n", encoding="utf-8")
    (tmp_path / "device" / "b.py").write_text("from device import a\ndef forget():\n    del a._BY_ID[1]\n"
                                             "a.TABLE.update(b=2)\n", encoding="utf-8")
    assert global_state(parsed(tmp_path)) == {("device.a", n) for n in ("_SOURCE", "_SEEN", "_COUNT", "_QUEUE",
                                                                         "_BY_ID", "TABLE")}
    assert import_time_calls(parsed(tmp_path)) == {("device.b", "a.TABLE.update(b=2)")}
