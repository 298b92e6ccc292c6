"""The serial button pad: a microcontroller on USB that sends one line per button edge.

Line protocol (ASCII, one line each, `\\n` or `\\r\\n` ended, 115200 baud):

    pad -> host   HELLO easel-pad <version>   at start-up, and in answer to `?`
    pad -> host   D <button>                  the button went down (e.g. `D seat3`)
    pad -> host   U <button>                  the button came up   (e.g. `U seat3`)
    host -> pad   ?                           "who are you?" (sent after each connect)

Buttons are the logical names (`up down ok back roll timer seat1`..`seat8`). Anything else
is ignored. Press and hold come from the down/up timing here, as for GPIO buttons (the pad
debounces its contacts too). An unplugged pad is reopened with a growing pause; buttons it
held are forgotten without events.
"""

from __future__ import annotations

import logging
import os
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hardware.events import BUTTONS, ButtonEvent
from hardware.press import DEBOUNCE_MS, PressTracker, monotonic_ms

log = logging.getLogger(__name__)

BAUD = 115200
HELLO = "HELLO easel-pad"


class SerialPadError(RuntimeError):
    """The configured pad cannot be used; one line naming the path and the fix."""


MEMORY_DEVICES_MAJOR = 1  # Linux: /dev/null, /dev/zero, /dev/random, /dev/urandom, /dev/full


def check_serial_path(path: str) -> None:
    """Refuse a device path that does not exist, a regular file, a directory or a memory device
    such as /dev/null, which the pad would retry forever (URLs such as loop:// pass). The port is
    not opened: opening a USB serial port resets many microcontroller boards (`easel doctor` opens
    it as a terminal)."""
    if "://" in path:
        return
    try:
        found = os.stat(path)
    except OSError:
        raise SerialPadError(
            f"{path}: no such serial device; check [buttons] serial in your config") from None
    mode = found.st_mode
    if stat.S_ISCHR(mode) and os.major(found.st_rdev) == MEMORY_DEVICES_MAJOR:
        raise SerialPadError(
            f"{path}: is a memory device (like /dev/null), not a serial device; check [buttons] serial "
            "in your config")
    if stat.S_ISDIR(mode) or stat.S_ISREG(mode):
        kind = "a directory" if stat.S_ISDIR(mode) else "a regular file"
        raise SerialPadError(
            f"{path}: is {kind}, not a serial device; check [buttons] serial in your config")


def open_port(path: str) -> Any:
    """Open the pad's port (a device path or a pyserial URL) with a short read timeout."""
    import serial

    return serial.serial_for_url(path, baudrate=BAUD, timeout=0.2)


@dataclass(frozen=True)
class PadStatus:
    """Whether the pad is connected, what it said it is, and the last connection problem."""

    connected: bool
    version: str | None
    error: str | None
    connects: int


class SerialPad:
    """Reads a serial pad on its own thread and turns its lines into button events."""

    def __init__(self, path: str, *, opener: Callable[[str], Any] = open_port,
                 backoff_s: tuple[float, float] = (0.5, 5.0), debounce_ms: int = DEBOUNCE_MS,
                 clock_ms: Callable[[], int] = monotonic_ms, timer: bool = True) -> None:
        self.path = path
        self._opener = opener
        self._backoff = backoff_s
        self._debounce = debounce_ms
        self._clock = clock_ms
        self._timer = timer
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._port: Any = None
        self._thread: threading.Thread | None = None
        self._status = PadStatus(False, None, None, 0)
        self.tracker: PressTracker | None = None

    @property
    def status(self) -> PadStatus:
        """The pad's connection status."""
        with self._lock:
            return self._status

    def start(self, sink: Callable[[ButtonEvent], None]) -> None:
        """Check the path, then read the pad on a thread, sending events to `sink`."""
        check_serial_path(self.path)
        self.tracker = PressTracker(sink, clock_ms=self._clock, debounce_ms=self._debounce,
                                    timer=self._timer)
        self._thread = threading.Thread(target=self._run, name="serial-pad", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop reading and close the port."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.tracker is not None:
            self.tracker.close()

    def _run(self) -> None:
        delay = self._backoff[0]
        while not self._stop.is_set():
            try:
                self._session()
                delay = self._backoff[0]
            except Exception as exc:  # SerialException is an OSError subclass; ValueError too
                self._disconnected(exc)
                if self._stop.wait(delay):
                    break
                delay = min(delay * 2, self._backoff[1])

    def _session(self) -> None:
        """Open the port, then read lines until stopped or the port fails."""
        port = self._opener(self.path)
        with self._lock:
            self._port = port
        try:
            port.reset_input_buffer()  # drop whatever queued while we were away
            port.write(b"?\n")
            with self._lock:
                self._status = PadStatus(True, None, None, self._status.connects + 1)
            log.info("serial pad connected on %s", self.path)
            pending = b""
            while not self._stop.is_set():
                chunk = port.read(max(1, port.in_waiting))
                if not chunk:
                    continue
                *lines, pending = (pending + chunk).split(b"\n")
                for line in lines:
                    self._line(line.decode("ascii", "replace").strip())
        finally:
            with self._lock:
                self._port = None
            port.close()

    def _line(self, line: str) -> None:
        if line.startswith(HELLO):
            version = line[len(HELLO):].strip() or "?"
            with self._lock:
                self._status = PadStatus(True, version, None, self._status.connects)
            return
        kind, _, button = line.partition(" ")
        if kind in ("D", "U") and button in BUTTONS and self.tracker is not None:
            self.tracker.edge(button, kind == "D")
        elif line and line != "?":  # `?` is our own question echoed back by loop://
            log.debug("serial pad: ignored line %r", line)

    def _disconnected(self, exc: Exception) -> None:
        message = f"{self.path}: {exc}"
        with self._lock:
            was = self._status
            self._status = PadStatus(False, None, message, was.connects)
        if self.tracker is not None:
            self.tracker.release_all()
        if was.connected or was.error != message:
            log.warning("serial pad lost, retrying: %s", message)
