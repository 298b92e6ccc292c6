"""docs/build.md's troubleshooting table has an entry for every FAIL line `easel doctor` and its
self-test can print: the message of each failing check, each pin map refusal the doctor passes
through, and the lines doctor prints when an Easel already holds the hardware."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("hardware/doctor.py", "hardware/selftest.py", "hardware/buttons.py",
           "device/run/doctor.py", "device/run/selftest.py")


def literal_pieces(node: ast.expr) -> list[str]:
    """The fixed text of a message: its string constants, f-string parts and concatenations."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    if isinstance(node, ast.BinOp):
        return literal_pieces(node.left) + literal_pieces(node.right)
    return []


def failure_messages(path: Path) -> list[tuple[int, list[str]]]:
    """(line, fixed pieces) of each failure message in a module: `(False, message)` results,
    `raise PinMapError(...)`, `message = ...` of the pin-factory check, running_easel's returns."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        target: ast.expr | None = None
        if (isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[0], ast.Constant)
                and node.elts[0].value is False):
            target = node.elts[1]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "PinMapError":
            target = node.args[0]
        elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
              and node.targets[0].id == "message"):
            target = node.value
        elif isinstance(node, ast.FunctionDef) and node.name == "running_easel":
            found += [(r.lineno, literal_pieces(r.value)) for r in ast.walk(node)
                      if isinstance(r, ast.Return) and r.value is not None and literal_pieces(r.value)]
        if target is not None and literal_pieces(target):
            found.append((getattr(node, "lineno", 0), literal_pieces(target)))
    return found


def test_every_doctor_fail_line_has_its_troubleshooting_entry() -> None:
    guide = (ROOT / "docs" / "build.md").read_text(encoding="utf-8")
    table = guide[guide.index("## Troubleshooting"):]
    missing = []
    checked = 0
    for source in SOURCES:
        for line, pieces in failure_messages(ROOT / source):
            # the longest fixed piece, its first 40 characters: what a reader finds in the table
            key = max((p.strip(" ;:,()") for p in pieces), key=len)[:40]
            if len(key) < 8:  # the message is all variables (a passed-through exception's text)
                continue
            checked += 1
            if key not in table:
                missing.append(f"{source}:{line}: {key!r}")
    assert checked >= 25, checked  # the extraction still finds the messages
    assert not missing, "no troubleshooting entry in docs/build.md for:\n" + "\n".join(missing)


def test_the_three_troubles_no_check_can_see_have_their_entries() -> None:
    guide = (ROOT / "docs" / "build.md").read_text(encoding="utf-8")
    table = guide[guide.index("## Troubleshooting"):]
    for trouble in ("The panel stays white", "Ghosting", "A button fires twice"):
        assert f"**{trouble}" in table
