"""Shared test fixtures."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from device.clock import VirtualClock
from device.headless import FrameRecorder
from device.resources import Resources
from device.runner import Runner
from device.settings import Settings
from device.store import Store

UPDATE = os.environ.get("EASEL_UPDATE_GOLDENS") == "1"
ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"


class Harness:
    """A runner on a virtual clock with an in-memory (or given) database and recorded frames."""

    def __init__(self, db: Path | None = None, settings: Settings | None = None, seed: int = 1) -> None:
        self.frames = FrameRecorder(None)
        self.sounds: list[tuple[int, str]] = []
        self.store = Store(db)
        self.clock = VirtualClock(self.store.resume_ms())
        self.runner = Runner(store=self.store, resources=Resources(), sink=self.frames, clock=self.clock,
                             settings=settings or Settings(), seed=seed,
                             on_sound=lambda ms, s: self.sounds.append((ms, s)))

    def press(self, *buttons: str) -> None:
        """Press buttons in order; a trailing '!' means hold."""
        from hardware.events import ButtonEvent

        for button in buttons:
            kind = "hold" if button.endswith("!") else "press"
            self.runner.handle(ButtonEvent(button.rstrip("!"), kind))

    def wait(self, seconds: float) -> None:
        """Let virtual time pass, firing deadlines."""
        from device.headless import run_script
        from device.script import Wait

        run_script(self.runner, self.clock, [Wait(round(seconds * 1000))])

    def state(self, mode: str | None = None) -> object:
        """An app's state (the open one by default)."""
        return self.runner.session.states[mode or self.runner.session.mode]


@pytest.fixture
def harness() -> Callable[..., Harness]:
    """Make a Harness."""
    return Harness
