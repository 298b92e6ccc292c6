"""Countdown timing shared by every app that shows a sandglass."""

from __future__ import annotations

from engine.sandglass import Sandglass
from hardware.buzzer import Sound

WARN_SECONDS = 10


def shown_seconds(remaining_ms: int) -> int:
    """The whole seconds a countdown shows (rounded up: 0.2 s left shows 1)."""
    return -(-remaining_ms // 1000)


def countdown_deadline(glass: Sandglass, now_ms: int) -> int | None:
    """The next moment the shown seconds change or the sand runs out; None unless running."""
    if glass.status != "running":
        return None
    remaining = glass.remaining_ms(now_ms)
    if remaining <= 0:
        return now_ms
    return now_ms + (remaining % 1000 or 1000)


def countdown_tick(glass: Sandglass, now_ms: int) -> tuple[Sandglass, tuple[Sound, ...], bool]:
    """At a countdown deadline: (glass, sounds, just finished).

    A beep sounds at each of the last 10 seconds, the alarm at zero, where the glass is
    settled as done.
    """
    if glass.status != "running":
        return glass, (), False
    settled = glass.settle(now_ms)
    if settled.status == "done":
        return settled, ("alarm",), True
    sounds: tuple[Sound, ...] = ("tick",) if shown_seconds(glass.remaining_ms(now_ms)) <= WARN_SECONDS else ()
    return glass, sounds, False
