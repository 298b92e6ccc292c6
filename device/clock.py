"""Where `now_ms` comes from: a monotonic clock that resumes from the saved time, or a virtual one."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Milliseconds on the device's own timeline (continues across restarts)."""

    def now_ms(self) -> int:
        """The current time."""


class MonotonicClock:
    """Real time from the monotonic clock, starting at `start_ms` (the last saved time).

    Wall-clock jumps (a Pi without a real-time clock setting its time from the network)
    cannot move a running sandglass; time spent powered off is not counted.
    """

    def __init__(self, start_ms: int = 0) -> None:
        self._origin = time.monotonic_ns() // 1_000_000 - start_ms

    def now_ms(self) -> int:
        """The current time."""
        return time.monotonic_ns() // 1_000_000 - self._origin


class VirtualClock:
    """Time that moves only when told to (headless scripts: `wait 90` takes no real time)."""

    def __init__(self, start_ms: int = 0) -> None:
        self._now = start_ms

    def now_ms(self) -> int:
        """The current time."""
        return self._now

    def set(self, now_ms: int) -> None:
        """Move time forward to `now_ms` (never backwards)."""
        self._now = max(self._now, now_ms)
