"""Press, hold and debounce: raw down/up edges of logical buttons become ButtonEvents.

Shared by every physical input (GPIO buttons, the serial pad). gpiozero's MockPin ignores
`bounce_time` and a pad's lines carry no timing guarantee, so debouncing happens here:
the first edge counts at once (no added latency), further edges within `debounce_ms` are
ignored, and if the contact settled the other way meanwhile that is caught up afterwards.
A press is a release before `hold_ms`; a hold is emitted once, the moment `hold_ms` is
reached while the button is still down (its release then emits nothing).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from hardware.events import BUTTONS, HOLD_MS, ButtonEvent

Sink = Callable[[ButtonEvent], None]
DEBOUNCE_MS = 30


def monotonic_ms() -> int:
    """Milliseconds from the monotonic clock."""
    return time.monotonic_ns() // 1_000_000


@dataclass
class _Key:
    stable: bool = False  # the debounced state: True while down
    raw: bool = False  # the latest edge seen
    lock_until: int = -(2**62)
    down_at: int = 0
    hold_fired: bool = False


class PressTracker:
    """Debounces edges and decides press or hold; calls `sink` with each event.

    With `timer=True` a small thread wakes at each hold or debounce deadline; tests pass
    `timer=False` with a fake clock and call `poll()` themselves.
    """

    def __init__(self, sink: Sink, *, clock_ms: Callable[[], int] = monotonic_ms,
                 debounce_ms: int = DEBOUNCE_MS, hold_ms: int = HOLD_MS,
                 timer: bool = True) -> None:
        self._sink = sink
        self._clock = clock_ms
        self._debounce = debounce_ms
        self._hold = hold_ms
        self._keys: dict[str, _Key] = {}
        self._cond = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None
        if timer:
            self._thread = threading.Thread(target=self._run, name="press-timer", daemon=True)
            self._thread.start()

    def edge(self, button: str, down: bool) -> None:
        """A raw edge: `button` went down (True) or up (False) now."""
        if button not in BUTTONS:
            raise ValueError(f"unknown button {button!r}; known: {', '.join(BUTTONS)}")
        now = self._clock()
        with self._cond:
            key = self._keys.setdefault(button, _Key())
            key.raw = down
            events = [] if now < key.lock_until else self._accept(button, key, down, now)
            self._cond.notify_all()
        self._emit(events)

    def poll(self) -> None:
        """Emit what is due now: holds reached, edges that settled after a bounce."""
        now = self._clock()
        with self._cond:
            events = self._due(now)
        self._emit(events)

    def next_deadline_ms(self) -> int | None:
        """When `poll` next has something to do, or None."""
        with self._cond:
            return self._next_deadline()

    def release_all(self) -> None:
        """Forget buttons held down, without events (their source went away)."""
        with self._cond:
            self._keys.clear()
            self._cond.notify_all()

    def close(self) -> None:
        """Stop the timer thread."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join()

    # -- internals (called with the lock held) ---------------------------------------------

    def _accept(self, button: str, key: _Key, down: bool, now: int) -> list[ButtonEvent]:
        if down == key.stable:
            return []
        key.stable = down
        key.lock_until = now + self._debounce
        if down:
            key.down_at = now
            key.hold_fired = False
            return []
        if key.hold_fired:
            return []
        # Released at or past the hold time before the timer fired: still a hold, once.
        held = now - key.down_at >= self._hold
        return [ButtonEvent(button, "hold" if held else "press")]

    def _due(self, now: int) -> list[ButtonEvent]:
        events: list[ButtonEvent] = []
        for button, key in self._keys.items():
            if key.raw != key.stable and now >= key.lock_until:
                events += self._accept(button, key, key.raw, now)
            if key.stable and not key.hold_fired and now - key.down_at >= self._hold:
                key.hold_fired = True
                events.append(ButtonEvent(button, "hold"))
        return events

    def _next_deadline(self) -> int | None:
        deadlines = []
        for key in self._keys.values():
            if key.raw != key.stable:
                deadlines.append(key.lock_until)
            if key.stable and not key.hold_fired:
                deadlines.append(key.down_at + self._hold)
        return min(deadlines) if deadlines else None

    def _emit(self, events: list[ButtonEvent]) -> None:
        for event in events:
            self._sink(event)

    def _run(self) -> None:
        with self._cond:
            while not self._closed:
                deadline = self._next_deadline()
                if deadline is None:
                    self._cond.wait()
                    continue
                now = self._clock()
                if now < deadline:
                    self._cond.wait((deadline - now) / 1000)
                    continue
                events = self._due(now)
                self._cond.release()
                try:
                    self._emit(events)
                finally:
                    self._cond.acquire()
