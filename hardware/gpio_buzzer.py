"""A buzzer on a GPIO pin (gpiozero Buzzer, or TonalBuzzer for a passive piezo).

`play` returns at once; a small thread plays the pattern. A new sound cuts the one playing
unless that one matters more (alarm > error > warn > tick): a tick never hides the alarm.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from hardware.buzzer import PATTERNS, Sound

PRIORITY: dict[str, int] = {"tick": 0, "warn": 1, "error": 2, "alarm": 3}
Wait = Callable[[threading.Event, float], bool]


def _wait(event: threading.Event, seconds: float) -> bool:
    return event.wait(seconds)


class GpioBuzzer:
    """Plays the PATTERNS on a buzzer; `tonal=True` drives a passive piezo at each frequency."""

    def __init__(self, pin: int, *, tonal: bool = False, pin_factory: Any = None,
                 wait: Wait = _wait) -> None:
        if tonal:
            from gpiozero import TonalBuzzer
            from gpiozero.tones import Tone

            # MIDI 90 (F#6, ~1480 Hz) two octaves each way spans ~370-5920 Hz: every pattern.
            self._device: Any = TonalBuzzer(pin, mid_tone=Tone(midi=90), octaves=2,
                                            pin_factory=pin_factory)
            self._tone: Callable[[float], Any] | None = Tone.from_frequency
        else:
            from gpiozero import Buzzer

            self._device = Buzzer(pin, pin_factory=pin_factory)
            self._tone = None
        self._wait = wait
        self._cond = threading.Condition()
        self._next: Sound | None = None
        self._playing: Sound | None = None
        self._cut = threading.Event()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="buzzer", daemon=True)
        self._thread.start()

    def play(self, sound: Sound) -> None:
        """Play a named pattern without blocking the caller."""
        if sound not in PATTERNS:
            raise ValueError(f"unknown sound {sound!r}; known: {', '.join(PATTERNS)}")
        with self._cond:
            current = self._next or self._playing
            if current is not None and PRIORITY[current] > PRIORITY[sound]:
                return
            self._next = sound
            if self._playing is not None:
                self._cut.set()
            self._cond.notify_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until nothing is playing or queued; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._next is None and self._playing is None,
                                       timeout)

    def close(self) -> None:
        """Silence the buzzer and release its pin."""
        with self._cond:
            self._closed = True
            self._cut.set()
            self._cond.notify_all()
        self._thread.join()
        self._device.close()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._next is not None or self._closed)
                if self._closed:
                    return
                sound, self._next = self._next, None
                self._playing = sound
                self._cut.clear()
            try:
                self._pattern(sound)
            finally:
                self._off()
                with self._cond:
                    self._playing = None
                    self._cond.notify_all()

    def _pattern(self, sound: Sound | None) -> None:
        for frequency, on_ms, off_ms in PATTERNS[sound or "tick"]:
            self._on(frequency)
            if self._wait(self._cut, on_ms / 1000):
                return
            self._off()
            if off_ms and self._wait(self._cut, off_ms / 1000):
                return

    def _on(self, frequency: int) -> None:
        if self._tone is not None:
            self._device.play(self._tone(float(frequency)))
        else:
            self._device.on()

    def _off(self) -> None:
        if self._tone is not None:
            self._device.stop()
        else:
            self._device.off()
