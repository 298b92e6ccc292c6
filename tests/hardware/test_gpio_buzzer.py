"""The GPIO buzzer on gpiozero's MockFactory: patterns played off the caller's thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.buzzer import PATTERNS
from hardware.gpio_buzzer import GpioBuzzer

WAIT = 10.0
PIN = 26


class Steps:
    """A wait() for the buzzer that records the pin at each step instead of sleeping."""

    def __init__(self, factory: MockFactory, tonal: bool) -> None:
        self.pin = factory.pin(PIN, pin_class=MockPWMPin if tonal else None)
        self.tonal = tonal
        self.log: list[tuple[object, float]] = []
        self.gate = threading.Event()
        self.gate.set()

    def __call__(self, cut: threading.Event, seconds: float) -> bool:
        level = round(self.pin.frequency) if self.tonal and self.pin.frequency else (
            None if self.tonal else bool(self.pin.state))
        self.log.append((level, seconds))
        self.gate.wait(WAIT)
        return cut.is_set()


@pytest.fixture
def pwm_factory() -> Iterator[MockFactory]:
    f = MockFactory(pin_class=MockPWMPin)
    yield f
    f.reset()


def test_a_tonal_buzzer_plays_each_frequency_for_its_time(pwm_factory: MockFactory) -> None:
    steps = Steps(pwm_factory, tonal=True)
    buzzer = GpioBuzzer(PIN, tonal=True, pin_factory=pwm_factory, wait=steps)
    try:
        buzzer.play("warn")
        assert buzzer.wait_idle(WAIT)
        assert steps.log == [(2400, 0.08), (None, 0.08), (2400, 0.08)]
        assert steps.pin.frequency is None  # silent afterwards
    finally:
        buzzer.close()


def test_every_pattern_is_in_the_tonal_range(pwm_factory: MockFactory) -> None:
    steps = Steps(pwm_factory, tonal=True)
    buzzer = GpioBuzzer(PIN, tonal=True, pin_factory=pwm_factory, wait=steps)
    try:
        for sound, pattern in PATTERNS.items():
            steps.log.clear()
            buzzer.play(sound)  # type: ignore[arg-type]
            assert buzzer.wait_idle(WAIT)
            tones = [level for level, _ in steps.log if level is not None]
            assert tones == [f for f, _, _ in pattern]
    finally:
        buzzer.close()


def test_a_plain_buzzer_switches_on_and_off() -> None:
    factory = MockFactory()
    steps = Steps(factory, tonal=False)
    buzzer = GpioBuzzer(PIN, pin_factory=factory, wait=steps)
    try:
        buzzer.play("alarm")
        assert buzzer.wait_idle(WAIT)
        assert steps.log == [(True, 0.3), (False, 0.15), (True, 0.3), (False, 0.15),
                             (True, 0.6)]
        assert steps.pin.state is False
    finally:
        buzzer.close()
        factory.reset()


def test_play_never_blocks_and_a_tick_does_not_cut_the_alarm(pwm_factory: MockFactory) -> None:
    steps = Steps(pwm_factory, tonal=True)
    steps.gate.clear()  # every step lasts until the test says so
    buzzer = GpioBuzzer(PIN, tonal=True, pin_factory=pwm_factory, wait=steps)
    try:
        def alarm_then_tick() -> None:
            buzzer.play("alarm")
            buzzer.play("tick")

        caller = threading.Thread(target=alarm_then_tick)
        caller.start()
        caller.join(WAIT)
        assert not caller.is_alive(), "play blocked"
        steps.gate.set()
        assert buzzer.wait_idle(WAIT)
        assert [level for level, _ in steps.log if level] == [2800, 2800, 2800]
    finally:
        steps.gate.set()
        buzzer.close()


def test_a_more_important_sound_cuts_a_lesser_one(pwm_factory: MockFactory) -> None:
    steps = Steps(pwm_factory, tonal=True)
    steps.gate.clear()
    buzzer = GpioBuzzer(PIN, tonal=True, pin_factory=pwm_factory, wait=steps)
    try:
        buzzer.play("warn")
        while not steps.log:
            threading.Event().wait(0.001)
        buzzer.play("error")
        steps.gate.set()
        assert buzzer.wait_idle(WAIT)
        assert [level for level, _ in steps.log if level] == [2400, 600]
    finally:
        steps.gate.set()
        buzzer.close()


def test_unknown_sound_is_refused(pwm_factory: MockFactory) -> None:
    buzzer = GpioBuzzer(PIN, tonal=True, pin_factory=pwm_factory)
    try:
        with pytest.raises(ValueError, match="unknown sound 'beep'"):
            buzzer.play("beep")  # type: ignore[arg-type]
    finally:
        buzzer.close()
