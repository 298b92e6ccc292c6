"""The Buzzer protocol and the sound patterns Easel plays."""

from __future__ import annotations

from typing import Literal, Protocol

Sound = Literal["tick", "warn", "alarm", "error"]

# (frequency Hz, on ms, off ms) steps; a plain buzzer ignores the frequency.
PATTERNS: dict[str, tuple[tuple[int, int, int], ...]] = {
    "tick": ((2000, 40, 0),),
    "warn": ((2400, 80, 80), (2400, 80, 0)),
    "alarm": ((2800, 300, 150), (2800, 300, 150), (2800, 600, 0)),
    "error": ((600, 150, 0),),
}


class Buzzer(Protocol):
    """Something that can make the device's sounds."""

    def play(self, sound: Sound) -> None:
        """Play a named pattern without blocking the caller."""

    def close(self) -> None:
        """Release the buzzer."""
