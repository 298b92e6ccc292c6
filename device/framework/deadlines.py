"""When the apps need time to pass: each app's next deadline, counted from the last wake-up,
and time held still after a power cut in the middle of a countdown until someone presses."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from device.clock import Clock
from device.framework.contract import Context
from device.framework.loader import app
from device.framework.registry import known


class DeadlineScheduler:
    """Knows which app deadlines are due since the last wake-up (`checked_ms`)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.checked_ms = clock.now_ms()
        self.held = False

    def next(self, states: dict[str, Any], ctx: Context, retry_at: int | None = None) -> int | None:
        """The earliest deadline of any app counted from the last wake-up, or `retry_at` if
        sooner; none while time is held. `ctx` may be of any moment: only its data is read."""
        if self.held:
            return None
        since = replace(ctx, now_ms=self.checked_ms)
        deadlines = [] if retry_at is None else [retry_at]
        for key, state in states.items():
            if known(key) and (d := app(key).next_deadline(state, since)) is not None:
                deadlines.append(d)
        return min(deadlines) if deadlines else None

    def due(self, states: dict[str, Any], ctx: Context) -> list[tuple[str, Any]]:
        """The apps (and their states) whose deadline passed between the last wake-up and
        `ctx.now_ms`, which becomes the last wake-up."""
        since = replace(ctx, now_ms=self.checked_ms)
        self.checked_ms = ctx.now_ms
        return [(key, state) for key, state in states.items()
                if known(key) and (d := app(key).next_deadline(state, since)) is not None and d <= ctx.now_ms]

    def woke(self, now: int) -> None:
        """Deadlines up to `now` are handled (a press's own step covers them)."""
        self.checked_ms = now

    def hold(self) -> None:
        """Stop time where it is until the next press."""
        self.clock.hold()
        self.held = True

    def release(self) -> None:
        """Let time run again from where it was held."""
        self.held = False
        self.clock.release()
        self.checked_ms = self.clock.now_ms()
