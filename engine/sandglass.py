"""A sandglass that behaves like a real one: run, flip, and (unlike glass) pause and adjust.

Time only enters through `now_ms` arguments; the glass stores how much sand was in the top
bulb at an anchor moment, so it never drifts and needs no thread.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from engine.errors import IllegalCommand

Status = Literal["idle", "running", "paused", "done"]

MIN_LENGTH_MS = 1_000
MAX_LENGTH_MS = 3_600_000


@dataclass(frozen=True)
class Sandglass:
    """Sand left in the top bulb (`top_ms`) as of `anchor_ms`; runs only when `status` is running."""

    length_ms: int
    top_ms: int
    status: Status = "idle"
    anchor_ms: int = 0

    def __post_init__(self) -> None:
        if not MIN_LENGTH_MS <= self.length_ms <= MAX_LENGTH_MS:
            raise ValueError(f"sandglass length {self.length_ms} ms is out of range")
        if not 0 <= self.top_ms <= self.length_ms:
            raise ValueError("sand in the top bulb must be between 0 and the length")

    @classmethod
    def full(cls, length_ms: int) -> Sandglass:
        """A glass standing with all its sand on top, not yet turned."""
        return cls(length_ms=length_ms, top_ms=length_ms)

    def remaining_ms(self, now_ms: int) -> int:
        """Sand left on top at `now_ms` (never below zero)."""
        if self.status != "running":
            return self.top_ms
        return max(0, self.top_ms - max(0, now_ms - self.anchor_ms))

    def deadline_ms(self) -> int | None:
        """When the sand runs out, if it is running."""
        return self.anchor_ms + self.top_ms if self.status == "running" else None

    def is_out(self, now_ms: int) -> bool:
        """True once the sand has run out (whether or not `settle` has been applied)."""
        return self.status == "done" or (self.status == "running" and self.remaining_ms(now_ms) == 0)

    def start(self, now_ms: int) -> Sandglass:
        """Turn a standing or empty glass: a full run starts now."""
        if self.status in ("running", "paused"):
            raise IllegalCommand("the sandglass is already turned", "glass_turned")
        return replace(self, top_ms=self.length_ms, status="running", anchor_ms=now_ms)

    def flip(self, now_ms: int) -> Sandglass:
        """Turn a running glass over: the sand that fell becomes the sand on top."""
        if self.status != "running":
            raise IllegalCommand("only a running sandglass can be flipped", "glass_not_running")
        fallen = self.length_ms - self.remaining_ms(now_ms)
        return replace(self, top_ms=fallen, anchor_ms=now_ms)

    def pause(self, now_ms: int) -> Sandglass:
        """Lay the glass on its side: the sand stops."""
        if self.status != "running":
            raise IllegalCommand("only a running sandglass can be paused", "glass_not_running")
        return replace(self, top_ms=self.remaining_ms(now_ms), status="paused", anchor_ms=now_ms)

    def resume(self, now_ms: int) -> Sandglass:
        """Stand a paused glass up again."""
        if self.status != "paused":
            raise IllegalCommand("the sandglass is not paused", "glass_not_paused")
        if self.top_ms == 0:
            return replace(self, status="done", anchor_ms=now_ms)
        return replace(self, status="running", anchor_ms=now_ms)

    def adjust(self, delta_ms: int) -> Sandglass:
        """Add or take away sand while paused (clamped to the glass's length)."""
        if self.status != "paused":
            raise IllegalCommand("pause the sandglass before adjusting it", "glass_pause_first")
        return replace(self, top_ms=min(self.length_ms, max(0, self.top_ms + delta_ms)))

    def settle(self, now_ms: int) -> Sandglass:
        """Mark the glass done if its sand has run out by `now_ms`."""
        if self.status == "running" and self.remaining_ms(now_ms) == 0:
            return replace(self, top_ms=0, status="done", anchor_ms=self.anchor_ms + self.top_ms)
        return self

    def reset(self, length_ms: int | None = None) -> Sandglass:
        """Stand the glass full again, optionally with a new length."""
        return Sandglass.full(self.length_ms if length_ms is None else length_ms)
