"""Headless scripts under tests/scripts run through `easel play --headless` to an expected state.

Each NAME.txt starts with `# seed N`, which seeds the run by itself (no --seed); its final
state.json must equal NAME.expected.json. A NAME_four_keys.txt says `# buttons: four keys` and
runs as the build with the four keys alone, whose screens say OK where the table build's say seat
button. Regenerate with EASEL_UPDATE_GOLDENS=1 after checking the new state by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from device.run.cli import main
from device.run.script import four_keys_header
from tests.conftest import UPDATE

SCRIPTS = sorted((Path(__file__).resolve().parent.parent / "scripts").glob("*.txt"))


def run_script_file(script: Path, out: Path) -> dict[str, object]:
    """Run a script headless, seeded by its own `# seed N` header, and return its final state."""
    first = script.read_text(encoding="utf-8").splitlines()[0]
    assert re.fullmatch(r"# seed \d+", first), f"{script.name} must start with its seed"
    code = main(["play", "--headless", "--script", str(script), "--frames", str(out)])
    assert code == 0
    data: dict[str, object] = json.loads((out / "state.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_script_reaches_expected_state(script: Path, tmp_path: Path) -> None:
    """The script's final state is the reviewed expected state."""
    state = run_script_file(script, tmp_path)
    expected_path = script.with_suffix(".expected.json")
    if UPDATE:
        expected_path.write_text(json.dumps(state, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                                 encoding="utf-8")
        return
    assert expected_path.exists(), f"no {expected_path.name}; run with EASEL_UPDATE_GOLDENS=1 and review it"
    assert state == json.loads(expected_path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_a_four_keys_script_says_so_and_runs_as_that_build(script: Path) -> None:
    """A script named for the four keys declares that build in its header, and no other does; the
    headless run then tells the apps there are no seat buttons (the screens say OK)."""
    text = script.read_text(encoding="utf-8")
    assert four_keys_header(text) == script.stem.endswith("_four_keys")
    if four_keys_header(text):
        assert not any(re.match(r"(press|hold) (seat\d|roll|timer)\b", line) for line in text.splitlines())
