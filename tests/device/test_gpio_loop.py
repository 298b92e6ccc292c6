"""The device loop driven by real gpiozero buttons on MockFactory pins (docs/architecture.md, A
press, from button to glass): callbacks only enqueue events; one loop thread turns them into
commands, saves and renders."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from device.run.loop import STOP, run_loop
from hardware.buttons import TABLE, GpioButtons
from hardware.events import ButtonEvent
from tests.conftest import Harness
from tests.hardware.conftest import Clock


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """gpiozero's mock pins."""
    f = MockFactory()
    yield f
    f.reset()


def _press(factory: MockFactory, clock: Clock, pin: int, hold_ms: int = 120) -> None:
    device = factory.pin(pin)
    device.drive_low()
    clock.now += hold_ms
    device.drive_high()
    clock.now += 200


def _wait_for(condition: Callable[[], object], timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("the loop did not get there in time")


def test_button_presses_reach_the_game_through_the_loop(factory: MockFactory) -> None:
    """Rulebook 000 l.44: the first seat to finish takes #1 — pressed on real (mock) GPIO pins."""
    clock = Clock()
    h = Harness()
    events: queue.Queue[ButtonEvent | None] = queue.Queue()
    buttons = GpioButtons(TABLE, clock_ms=clock, timer=False, pin_factory=factory)
    buttons.start(events.put)
    stop = threading.Event()
    loop = threading.Thread(target=run_loop, args=(h.runner, events, stop), daemon=True)
    loop.start()
    try:
        _press(factory, clock, TABLE["ok"])       # home -> Toolbox
        _press(factory, clock, TABLE["roll"])     # the shape dice
        for seat in (3, 1, 2):
            _press(factory, clock, TABLE[f"seat{seat}"])
        _wait_for(lambda: h.runner.session.mode == "toolbox"
                  and h.runner.session.states["toolbox"].game.order.seats == (3, 1, 2))
        toolbox = h.runner.session.states["toolbox"]
        assert toolbox.game.rolls == 1
        assert toolbox.screen == "order"
        assert h.frames.last_key is not None and h.frames.last_key[0].endswith("toolbox.order")
    finally:
        events.put(STOP)
        loop.join(5)
        buttons.close()
    assert not loop.is_alive()


def test_a_bouncing_contact_is_one_press(factory: MockFactory) -> None:
    """Debounce is ours (MockPin ignores bounce_time): a chattering key takes one token, not two."""
    clock = Clock()
    h = Harness()
    h.press("ok")
    events: queue.Queue[ButtonEvent | None] = queue.Queue()
    buttons = GpioButtons(TABLE, clock_ms=clock, timer=False, pin_factory=factory)
    buttons.start(events.put)
    pin = factory.pin(TABLE["seat4"])
    for low in (True, False, True, False, True):
        pin.drive_low() if low else pin.drive_high()
        clock.now += 2
    clock.now += 100
    pin.drive_high()
    buttons.close()
    got = []
    while not events.empty():
        got.append(events.get())
    assert got == [ButtonEvent("seat4", "press")]
