"""The serial button pad over pyserial's loop:// and a pty pair, including an unplug."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial

from hardware.events import ButtonEvent
from hardware.serial_pad import SerialPad, SerialPadError, check_serial_path
from tests.hardware.conftest import Clock

WAIT = 10.0


class Events:
    """A sink that lets the test wait for events."""

    def __init__(self) -> None:
        self.items: list[ButtonEvent] = []
        self._cond = threading.Condition()

    def __call__(self, event: ButtonEvent) -> None:
        with self._cond:
            self.items.append(event)
            self._cond.notify_all()

    def wait(self, count: int) -> list[ButtonEvent]:
        with self._cond:
            assert self._cond.wait_for(lambda: len(self.items) >= count, WAIT), self.items
            return list(self.items)


def wait_until(predicate: Callable[[], bool]) -> None:
    done = threading.Event()
    for _ in range(int(WAIT / 0.01)):
        if predicate():
            return
        done.wait(0.01)
    raise AssertionError("condition never became true")


@pytest.fixture
def loop_port() -> Iterator[Any]:
    port = serial.serial_for_url("loop://", timeout=0.2)
    yield port
    port.close()


def start_loop_pad(port: Any, clock: Clock) -> tuple[SerialPad, Events]:
    events = Events()
    pad = SerialPad("loop://", opener=lambda path: port, clock_ms=clock, timer=False,
                    debounce_ms=0)
    pad.start(events)
    wait_until(lambda: pad.status.connected)
    return pad, events


def test_lines_become_presses_over_loop(loop_port: Any) -> None:
    pad, events = start_loop_pad(loop_port, Clock())
    try:
        loop_port.write(b"HELLO easel-pad 1.2\r\nD seat3\r\nU seat3\nD roll\nU roll\n")
        assert events.wait(2) == [ButtonEvent("seat3"), ButtonEvent("roll")]
        assert pad.status.version == "1.2"
    finally:
        pad.close()


def test_hold_comes_from_the_down_up_timing(loop_port: Any) -> None:
    clock = Clock()
    pad, events = start_loop_pad(loop_port, clock)
    try:
        loop_port.write(b"D timer\n")
        assert pad.tracker is not None
        wait_until(lambda: pad.tracker is not None and pad.tracker.next_deadline_ms() == 1000)
        clock.now = 1000
        pad.tracker.poll()
        loop_port.write(b"U timer\n")
        assert events.wait(1) == [ButtonEvent("timer", "hold")]
    finally:
        pad.close()


def test_garbage_and_unknown_buttons_are_ignored(loop_port: Any) -> None:
    pad, events = start_loop_pad(loop_port, Clock())
    try:
        loop_port.write(b"\xff\xfe junk\nD seat9\nX ok\nD\nU seat9\nD ok\nU ok\n")
        assert events.wait(1) == [ButtonEvent("ok")]
    finally:
        pad.close()


def test_the_host_asks_the_pad_to_say_hello_on_connect(loop_port: Any) -> None:
    seen: list[bytes] = []

    class Spy:
        """loop:// that also remembers what the host wrote."""

        def __getattr__(self, name: str) -> Any:
            return getattr(loop_port, name)

        def write(self, data: bytes) -> int:
            seen.append(data)
            return int(loop_port.write(data))

    pad = SerialPad("loop://", opener=lambda path: Spy(), timer=False)
    pad.start(Events())
    try:
        wait_until(lambda: bool(seen))
        assert seen[0] == b"?\n"
    finally:
        pad.close()


def test_a_missing_device_is_one_clear_line() -> None:
    path = "/dev/serial/by-id/usb-easel-pad-nope"
    with pytest.raises(SerialPadError) as err:
        SerialPad(path).start(Events())
    assert str(err.value) == (f"{path}: no such serial device; check [buttons] serial in "
                              "your config")
    check_serial_path("loop://")  # URLs are not files


def test_pty_pad_survives_an_unplug_and_reconnects(tmp_path: Path) -> None:
    link = tmp_path / "usb-easel-pad-if00"  # like /dev/serial/by-id/...
    master, slave = os.openpty()
    link.symlink_to(os.ttyname(slave))
    events = Events()
    pad = SerialPad(str(link), backoff_s=(0.01, 0.05), debounce_ms=0)
    pad.start(events)
    try:
        wait_until(lambda: pad.status.connected)
        os.write(master, b"HELLO easel-pad 1.0\nD seat3\nU seat3\nD seat5\n")
        assert events.wait(1) == [ButtonEvent("seat3")]

        os.close(master)  # unplugged while seat 5 was down
        os.close(slave)
        link.unlink()
        wait_until(lambda: not pad.status.connected and pad.status.error is not None)
        assert str(link) in (pad.status.error or "")

        master, slave = os.openpty()  # plugged back in (a new tty behind the same by-id link)
        link.symlink_to(os.ttyname(slave))
        wait_until(lambda: pad.status.connected and pad.status.connects == 2)
        asked = b""
        while b"?" not in asked:
            asked += os.read(master, 64)
        os.write(master, b"U seat5\nD roll\nU roll\n")  # seat 5's release is forgotten
        assert events.wait(2) == [ButtonEvent("seat3"), ButtonEvent("roll")]
    finally:
        pad.close()
        os.close(master)
        os.close(slave)
