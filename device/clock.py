"""Where `now_ms` comes from: a monotonic clock that resumes from the saved time, or a virtual one.

Either can be held still (after a power cut in the middle of a countdown: the device shows the
time where it stopped, and time only moves again once someone presses a button).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol


def wall_now_ms() -> int:
    """The wall clock (Unix time, ms): set by NTP or a real-time clock, restored at boot by a Pi's
    fake-hwclock; unlike the monotonic clock it runs on while Easel (or the Pi) is off."""
    return time.time_ns() // 1_000_000


class Clock(Protocol):
    """Milliseconds on the device's own timeline (continues across restarts)."""

    def now_ms(self) -> int:
        """The current time."""

    def hold(self) -> None:
        """Stop time where it is until `release`."""

    def release(self) -> None:
        """Let time run again from where it was held."""

    def wall_ms(self) -> int | None:
        """The wall clock now (Unix ms), None when time only moves when told (a virtual clock)."""

    def skip(self, ms: int) -> None:
        """Move time on by `ms` (the sand that ran while Easel was stopped)."""


class MonotonicClock:
    """Real time from the monotonic clock, starting at `start_ms` (the last saved time).

    Wall-clock jumps (a Pi without a real-time clock setting its time from the network)
    cannot move a running sandglass; time spent powered off is not counted.
    """

    def __init__(self, start_ms: int = 0, wall: Callable[[], int] = wall_now_ms) -> None:
        self._origin = time.monotonic_ns() // 1_000_000 - start_ms
        self._held: int | None = None
        self._wall = wall

    def now_ms(self) -> int:
        """The current time."""
        if self._held is not None:
            return self._held
        return time.monotonic_ns() // 1_000_000 - self._origin

    def hold(self) -> None:
        """Stop time where it is until `release`."""
        self._held = self.now_ms()

    def release(self) -> None:
        """Let time run again from where it was held."""
        if self._held is not None:
            self._origin = time.monotonic_ns() // 1_000_000 - self._held
            self._held = None

    def wall_ms(self) -> int | None:
        """The wall clock now (Unix ms)."""
        return self._wall()

    def skip(self, ms: int) -> None:
        """Move time on by `ms`."""
        self._origin -= ms
        if self._held is not None:
            self._held += ms


class VirtualClock:
    """Time that moves only when told to (headless scripts: `wait 90` takes no real time).

    It has no wall clock unless given one (`wall`, for tests of what a real clock does)."""

    def __init__(self, start_ms: int = 0, wall: Callable[[], int] | None = None) -> None:
        self._now = start_ms
        self._held = False
        self._wall = wall

    def now_ms(self) -> int:
        """The current time."""
        return self._now

    def set(self, now_ms: int) -> None:
        """Move time forward to `now_ms` (never backwards; not at all while held)."""
        if not self._held:
            self._now = max(self._now, now_ms)

    def hold(self) -> None:
        """Stop time where it is until `release` (a script's `wait` passes without the device)."""
        self._held = True

    def release(self) -> None:
        """Let time run again from where it was held."""
        self._held = False

    def wall_ms(self) -> int | None:
        """The wall clock given, if any."""
        return None if self._wall is None else self._wall()

    def skip(self, ms: int) -> None:
        """Move time on by `ms` (even while held)."""
        self._now += max(0, ms)


COARSE_STEP_S = 30


def shown_seconds(remaining_ms: int) -> int:
    """The whole seconds a countdown shows (rounded up: 0.2 s left shows 1)."""
    return -(-remaining_ms // 1000)


def clock_text(ms: int, coarse: bool = False) -> str:
    """Remaining time as m:ss (rounded up to the second shown; to 30 s, with "≤", when coarse)."""
    seconds = shown_seconds(ms)
    if coarse and seconds > 0:
        seconds = -(-seconds // COARSE_STEP_S) * COARSE_STEP_S
        return f"≤{seconds // 60}:{seconds % 60:02d}"
    return f"{seconds // 60}:{seconds % 60:02d}"
