"""Press-to-glass on the simulated panel: from a press to the end of the refresh that shows it.

The real display worker and planner decide; the readout adds up what their refreshes cost on
the panel model, in the capability table's times (as `refresh.jsonl` does): the rest of a
refresh already running when the press came, then every refresh that started after it until
the worker has nothing left to show (a frame merged into a newer one is shown by that one).
The host's own milliseconds (rendering, PNG, the page) are not the panel's and are left out, so
the figure is the same at any time scale. As in `refresh.jsonl`, the refresh that hides a dealt
word counts only beyond the 3 s that handing the device on covers.
"""

from __future__ import annotations

import collections
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from device.run.web.panel import Refresh

SECRET_GRACE_MS = 3000
SHOWN = ("partial", "fast", "full")  # the refreshes the readout names (a wake or sleep only costs time)
FLUSH_LIMIT_S = 120.0  # a stuck worker must not hang the readout thread forever


class Flushable(Protocol):
    """The display worker, as far as the readout cares."""

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every submitted frame is shown."""


@dataclass(frozen=True)
class Reading:
    """The readout: the last press's wait and refreshes, and the running total."""

    last_ms: int | None
    kinds: tuple[str, ...]
    total_ms: int
    presses: int

    def to_dict(self) -> dict[str, Any]:
        """JSON for the page."""
        return {"last_ms": self.last_ms, "kinds": list(self.kinds), "total_ms": self.total_ms,
                "presses": self.presses}


@dataclass(frozen=True)
class _Press:
    at: float
    worker: Flushable
    secret: bool


class PressTimer:
    """Turns presses and finished refreshes into readings, on its own thread."""

    def __init__(self, on_reading: Callable[[Reading], None]) -> None:
        self._on_reading = on_reading
        self._lock = threading.Lock()
        self._refreshes: collections.deque[Refresh] = collections.deque(maxlen=512)
        self._presses: queue.SimpleQueue[_Press | None] = queue.SimpleQueue()
        self.reading = Reading(None, (), 0, 0)
        self._thread = threading.Thread(target=self._run, name="press-timer", daemon=True)
        self._thread.start()

    def refreshed(self, refresh: Refresh) -> None:
        """A refresh finished (called by the simulated panel)."""
        with self._lock:
            self._refreshes.append(refresh)

    def pressed(self, at: float, worker: Flushable, secret: bool) -> None:
        """A press that arrived at `at` has been handled and its frames handed to `worker`."""
        self._presses.put(_Press(at, worker, secret))

    def reset(self) -> None:
        """Start a new running total (another panel model costs differently)."""
        with self._lock:
            self.reading = Reading(None, (), 0, 0)
        self._on_reading(self.reading)

    def close(self) -> None:
        """Stop the thread once the presses already handed over are measured."""
        self._presses.put(None)
        self._thread.join(FLUSH_LIMIT_S)

    def _run(self) -> None:
        while (press := self._presses.get()) is not None:
            press.worker.flush(FLUSH_LIMIT_S)
            with self._lock:
                caused = [r for r in self._refreshes if r.start >= press.at]
                running = [r for r in self._refreshes if r.start < press.at < r.end]
                wait_ms = sum(r.panel_ms for r in caused) + sum(
                    round(r.panel_ms * (r.end - press.at) / (r.end - r.start)) for r in running)
                if press.secret:
                    wait_ms = max(0, wait_ms - SECRET_GRACE_MS)
                old = self.reading
                kinds = tuple(r.kind for r in caused if r.kind in SHOWN)
                self.reading = Reading(wait_ms, kinds, old.total_ms + wait_ms, old.presses + 1)
                reading = self.reading
            self._on_reading(reading)
