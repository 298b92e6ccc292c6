"""The Artem scripts say what each press is (issue 13): setup, or a rulebook action with its line.

Rulebook: "How to Play Artem" (file 003); the counts are explained in
docs/table-flow/artem.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT, SEEDS

SCRIPTS = sorted((ROOT / "tests" / "scripts").glob("artem_*.txt"))
NOTE = re.compile(r"^(press|hold) \S+\s+# (setup: .+|rule: .+ \((\d{3}) l\.(\d+)\)|extra: .+)$")


def _rulebook_lines() -> int:
    """Lines in rulebook 003 (beside the main checkout, or beside a worktree of it); without it,
    only the classification is checked, not that a cited line exists."""
    for folder in (SEEDS, ROOT.parents[1] / "shared" / "seeds"):
        found = sorted(folder.glob("003_*.txt"))
        if found:
            return len(found[0].read_text(encoding="utf-8").splitlines())
    return 10_000


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_every_press_is_classified_and_cites_a_real_line(script: Path) -> None:
    """Each press/hold ends with `# setup:`, `# rule: ... (003 l.N)` or `# extra:`, a rule's line
    exists in the rulebook, turns are marked and the count ends with `# ---- end`."""
    lines = script.read_text(encoding="utf-8").splitlines()
    rulebook = _rulebook_lines()
    turns = 0
    for line in lines:
        if line.startswith(("press", "hold")):
            found = NOTE.match(line)
            assert found, line
            if found.group(3):
                assert found.group(3) == "003" and 1 <= int(found.group(4)) <= rulebook, line
        turns += line.startswith("# ---- turn ")
    assert turns > 1 and lines[-1] == "# ---- end"
    first_turn = lines.index("# ---- turn 1")
    assert all("# setup:" in line for line in lines[:first_turn] if line.startswith("press"))
    assert all("# setup:" not in line for line in lines[first_turn:])
