"""Shared test fixtures."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from PIL import Image, ImageChops

from device.clock import VirtualClock
from device.framework.deps import local_time
from device.framework.loader import join_texts
from device.framework.registry import keys
from device.framework.resources import Resources
from device.framework.runner import DeviceSetup, Runner, RunnerDeps
from device.i18n import Said
from device.run.headless import FrameRecorder
from device.settings import Settings
from device.storage.store import Store
from device.strings.all import STRINGS

# Property tests are deterministic under pytest: the "ci" profile derives every example from
# the test's own name (derandomize), keeps no example database and never times out, so a run
# fails the same way everywhere or not at all. HYPOTHESIS_PROFILE=fuzz explores at random
# (benchmarks/fuzz.py --property-rounds runs it with fresh seeds); the tests' own
# @settings(max_examples=...) bound each run either way.
settings.register_profile(
    "ci", derandomize=True, database=None, deadline=None, max_examples=100, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("fuzz", derandomize=False, database=None, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Tests use the apps' modules directly (not only through the loader, which joins an app's texts to
# the catalog when it loads it): every app's texts are joined once for the whole test process.
# tests/device/test_own_texts.py checks, app by app in fresh processes, that each app's screens
# need only its own texts and the shared ones.
for _key in keys():
    join_texts(_key)

UPDATE = os.environ.get("EASEL_UPDATE_GOLDENS") == "1"


def check_golden(image: Image.Image, path: Path, test_file: str) -> None:
    """`image` is pixel for pixel its golden PNG at `path` (written instead under
    EASEL_UPDATE_GOLDENS=1; look at it before committing)."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(path)
        return
    assert path.exists(), f"no golden image {path.name}; run EASEL_UPDATE_GOLDENS=1 pytest {test_file}"
    golden = Image.open(path)
    assert golden.size == image.size
    diff = ImageChops.difference(golden.convert("RGB"), image.convert("RGB")).getbbox()
    assert diff is None, f"{path.name} differs from its golden image in box {diff}"
ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"


class Harness:
    """A runner on a virtual clock with an in-memory (or given) database and recorded frames."""

    def __init__(self, db: Path | None = None, settings: Settings | None = None, seed: int = 1,
                 wall_clock: Callable[[], str] = local_time, resources: Resources | None = None,
                 store: Store | None = None, seat_buttons: bool = True,
                 wall: Callable[[], int] | None = None) -> None:
        self.frames = FrameRecorder(None)
        self.sounds: list[tuple[int, str]] = []
        self.store = store or Store(db)  # `store`: one opened by the test (its own lock wait)
        self.clock = VirtualClock(self.store.resume_ms(), wall)  # `wall`: a wall clock, as on a real device
        deps = RunnerDeps(store=self.store, resources=resources or Resources(), sink=self.frames, clock=self.clock,
                          on_sound=lambda ms, s: self.sounds.append((ms, s)), wall_clock=wall_clock)
        self.runner = Runner(deps, DeviceSetup(settings=settings or Settings(), seed=seed, seat_buttons=seat_buttons))

    def press(self, *buttons: str) -> None:
        """Press buttons in order; a trailing '!' means hold."""
        from hardware.events import ButtonEvent, EventKind

        for button in buttons:
            kind: EventKind = "hold" if button.endswith("!") else "press"
            self.runner.handle(ButtonEvent(button.rstrip("!"), kind))

    def wait(self, seconds: float) -> None:
        """Let virtual time pass, firing deadlines."""
        from device.run.headless import run_script
        from device.run.script import Wait

        run_script(self.runner, self.clock, [Wait(round(seconds * 1000))])

    def state(self, mode: str | None = None) -> object:
        """An app's state (the open one by default)."""
        return self.runner.session.states[mode or self.runner.session.mode]


@pytest.fixture
def harness() -> Callable[..., Harness]:
    """Make a Harness."""
    return Harness


def hold_database_lock(db: Path, sql: str) -> subprocess.Popen[str]:
    """Another program (not Easel) holding a lock on the database until its stdin closes."""
    code = ("import sqlite3,sys\n"
            f"c=sqlite3.connect({str(db)!r}, isolation_level=None)\n"
            f"for s in {sql!r}.split(';'): c.execute(s)\n"
            "print('held', flush=True)\nsys.stdin.read()\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def said_text(label: Said | None, lang: str = "en") -> str | None:
    """An undo label (kept as data) as the screen draws it in `lang`; None stays None."""
    return None if label is None else STRINGS.text(lang, label)
