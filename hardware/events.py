"""Logical buttons and the events every input source produces."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

BUTTONS: tuple[str, ...] = (
    "up", "down", "ok", "back", "roll", "timer",
    "seat1", "seat2", "seat3", "seat4", "seat5", "seat6", "seat7", "seat8",
)
EventKind = Literal["press", "hold"]
HOLD_MS = 1000


@dataclass(frozen=True)
class ButtonEvent:
    """A logical button was pressed (released before 1 s) or held (>= 1 s)."""

    button: str
    kind: EventKind = "press"

    def __post_init__(self) -> None:
        if self.button not in BUTTONS:
            raise ValueError(f"unknown button {self.button!r}; known: {', '.join(BUTTONS)}")
        if self.kind not in ("press", "hold"):
            raise ValueError(f"unknown event kind {self.kind!r}; use press or hold")


def seat_of(button: str) -> int | None:
    """The seat number of a seat button, else None."""
    return int(button[4:]) if button.startswith("seat") else None


class Buttons(Protocol):
    """A source of button events (GPIO buttons, the serial pad, the simulator's keyboard)."""

    def start(self, sink: Callable[[ButtonEvent], None]) -> None:
        """Begin calling `sink` with each event (from the source's own threads)."""

    def close(self) -> None:
        """Stop and release the inputs."""
