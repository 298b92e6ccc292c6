"""docs/architecture.md, Failure and bad input: "Power cut at any moment: nothing acknowledged is
lost; the journal is never corrupt." A bounded number of random SIGKILLs per scripted game
here; benchmarks/power_cut.py runs 100+."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest

from tests.conftest import Harness
from tests.device.test_store_faults import headless, send
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


@pytest.mark.parametrize("countdown", [False, True], ids=["idle", "sandglass"])
def test_an_acknowledged_wait_has_its_clock_on_disk(tmp_path: Path, countdown: bool) -> None:
    """Issue 21 item 4: `ok N` for a `wait` means the time it passed is saved: a cut right after
    it resumes at the end of the wait (it used to resume at the step before when nothing ran)."""
    db = tmp_path / "easel.db"
    proc = headless(db, tmp_path / "f1")
    lines = ["press ok", *(["press timer"] if countdown else []), "wait 30.5"]
    for number, line in enumerate(lines, 1):
        assert send(proc, line) == f"ok {number}"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    h = Harness(db)
    assert h.clock.now_ms() == 30_500
    assert h.runner.held == countdown  # a running sandglass comes back held where it stopped
    h.store.close()
