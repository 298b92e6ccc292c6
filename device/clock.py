"""Where `now_ms` comes from: a monotonic clock that resumes from the saved time, or a virtual one.

Either can be held still (after a power cut in the middle of a countdown: the device shows the
time where it stopped, and time only moves again once someone presses a button).
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Milliseconds on the device's own timeline (continues across restarts)."""

    def now_ms(self) -> int:
        """The current time."""

    def hold(self) -> None:
        """Stop time where it is until `release`."""

    def release(self) -> None:
        """Let time run again from where it was held."""


class MonotonicClock:
    """Real time from the monotonic clock, starting at `start_ms` (the last saved time).

    Wall-clock jumps (a Pi without a real-time clock setting its time from the network)
    cannot move a running sandglass; time spent powered off is not counted.
    """

    def __init__(self, start_ms: int = 0) -> None:
        self._origin = time.monotonic_ns() // 1_000_000 - start_ms
        self._held: int | None = None

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


class VirtualClock:
    """Time that moves only when told to (headless scripts: `wait 90` takes no real time)."""

    def __init__(self, start_ms: int = 0) -> None:
        self._now = start_ms
        self._held = False

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
