"""Keyboard input for the simulator: keys become the same ButtonEvents as real buttons."""

from __future__ import annotations

import os
import select
import sys
import termios
import threading
import tty
from collections.abc import Callable

from hardware.events import ButtonEvent

SHIFTED_DIGITS = "!@#$%^&*"
KEYS: dict[str, tuple[str, str]] = {
    "\x1b[A": ("up", "press"), "\x1b[B": ("down", "press"),
    "\x1b[D": ("back", "press"), "\x1b[C": ("ok", "press"),
    "\x1b[1;2A": ("up", "hold"), "\x1b[1;2B": ("down", "hold"),
    "\x1b[1;2D": ("back", "hold"), "\x1b[1;2C": ("ok", "hold"),
    "\r": ("ok", "press"), "\n": ("ok", "press"),
    "\x7f": ("back", "press"), "\x08": ("back", "press"),
    "r": ("roll", "press"), "R": ("roll", "hold"),
    "t": ("timer", "press"), "T": ("timer", "hold"),
    "O": ("ok", "hold"), "B": ("back", "hold"),
    **{str(i): (f"seat{i}", "press") for i in range(1, 9)},
    **{c: (f"seat{i}", "hold") for i, c in enumerate(SHIFTED_DIGITS, 1)},
}
QUIT = ("q", "\x03")


def decode(chunk: str) -> list[ButtonEvent | None]:
    """Split raw terminal input into events; None stands for quit. Unknown keys are ignored."""
    events: list[ButtonEvent | None] = []
    i = 0
    while i < len(chunk):
        for length in (6, 3, 1):
            piece = chunk[i:i + length]
            if piece in KEYS:
                button, kind = KEYS[piece]
                events.append(ButtonEvent(button, "hold" if kind == "hold" else "press"))
                i += length
                break
            if length == 1 and piece in QUIT:
                events.append(None)
                i += 1
                break
        else:
            i += 1
    return events


class Keyboard:
    """Reads the terminal in raw mode on a thread and calls `sink` for each event."""

    def __init__(self, sink: Callable[[ButtonEvent | None], None]) -> None:
        self.sink = sink
        self.fd = sys.stdin.fileno()
        self._saved = termios.tcgetattr(self.fd)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="keyboard", daemon=True)

    def start(self) -> None:
        """Enter raw mode and start reading."""
        tty.setcbreak(self.fd)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if not ready:
                continue
            chunk = os.read(self.fd, 64).decode("utf-8", "replace")
            for event in decode(chunk):
                self.sink(event)

    def close(self) -> None:
        """Stop reading and restore the terminal."""
        self._stop.set()
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
