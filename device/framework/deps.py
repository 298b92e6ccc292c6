"""What a runner is given: the parts it talks to (`RunnerDeps`) and the device it starts on
(`DeviceSetup`). Each way Easel runs (terminal, web, hardware, headless, tests) builds both."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from PIL import Image

from device.clock import Clock
from device.display.refresh import NO_ACTIVITY, Activity
from device.framework.resources import Resources
from device.settings import Settings
from device.storage.store import Store
from hardware.buzzer import Buzzer, Sound


class FrameSink(Protocol):
    """Takes rendered frames (the display worker, a PNG recorder, a test list)."""

    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool = False,
               activity: Activity = NO_ACTIVITY) -> None:
        """Show this frame when the panel is free (newest frame wins)."""


def local_time() -> str:
    """The wall-clock time a finished game is recorded with (ISO 8601, to the second)."""
    return datetime.now().isoformat(timespec="seconds")


@dataclass(frozen=True)
class RunnerDeps:
    """The parts a runner talks to: the database, the data files, the display, the clock, and
    where sounds go (`buzzer`, and `on_sound` for a recorder); `wall_clock` dates finished games."""

    store: Store
    resources: Resources
    sink: FrameSink
    clock: Clock
    buzzer: Buzzer | None = None
    on_sound: Callable[[int, Sound], None] | None = None
    wall_clock: Callable[[], str] = local_time


@dataclass(frozen=True)
class DeviceSetup:
    """The device a session starts (or resumes) on.

    `settings` and `seed` start a fresh session; `forced` settings override a resumed one (the
    config's panel); `panel_locked`: a real panel is configured, so Settings cannot change it;
    `seat_buttons` is false on a four-key build, whose screens then say OK.
    """

    settings: Settings
    seed: int
    panel_locked: bool = False
    forced: Mapping[str, Any] = field(default_factory=dict)
    seat_buttons: bool = True

    def locked(self) -> tuple[str, ...]:
        """The settings this device fixes: the panel, when a real one is configured."""
        return ("panel",) if self.panel_locked else ()
