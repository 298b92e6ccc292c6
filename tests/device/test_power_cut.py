"""DESIGN.md: "Power cut at any moment: nothing acknowledged is lost; the journal is never corrupt."
A bounded number of random SIGKILLs per scripted game here; benchmarks/power_cut.py runs 100+."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.powercut import kill_and_resume

SCRIPTS = sorted((Path(__file__).resolve().parent.parent / "scripts").glob("*.txt"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_random_power_cuts_lose_nothing_acknowledged(script: Path, tmp_path: Path) -> None:
    """Two random kills per game script: resume equals the last acknowledged step; play ends the same."""
    rng = random.Random(f"power-cut:{script.stem}")
    for run in range(2):
        work = tmp_path / f"run{run}"
        work.mkdir()
        kill_and_resume(script, work, rng)
