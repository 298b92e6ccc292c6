"""GPIO buttons through gpiozero's MockFactory; pin maps and their one-line errors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from hardware.buttons import (
    HAT27,
    HAT27_KEY_ORDER,
    PANEL_PINS,
    PROFILES,
    TABLE,
    GpioButtons,
    PinMapError,
    profile,
    validate_pin_map,
)
from hardware.events import BUTTONS, ButtonEvent
from tests.hardware.conftest import Clock


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


def test_the_hat_keys_map_in_label_order() -> None:
    """KEY1..KEY4 of the 2.7" HAT are GPIO 5, 6, 13, 19."""
    assert [HAT27[key] for key in HAT27_KEY_ORDER] == [5, 6, 13, 19]
    assert HAT27_KEY_ORDER == ("up", "down", "ok", "back")


def test_the_table_profile_has_every_button_on_a_free_pin() -> None:
    assert set(TABLE) == set(BUTTONS)
    for name in PROFILES:
        assert validate_pin_map(profile(name)) == PROFILES[name]


def test_a_panel_pin_is_refused_naming_button_pin_and_fix() -> None:
    with pytest.raises(PinMapError) as err:
        validate_pin_map({"up": 5, "ok": 24})
    message = str(err.value)
    assert message.startswith('button "ok": GPIO 24 is the e-paper panel\'s BUSY pin; '
                              "move it to a free pin such as 2, 3, 4")
    assert "\n" not in message


@pytest.mark.parametrize("pin", sorted(PANEL_PINS))
def test_every_panel_pin_is_refused(pin: int) -> None:
    with pytest.raises(PinMapError, match=f"GPIO {pin} is the e-paper panel's"):
        validate_pin_map({"seat1": pin})


def test_a_pin_used_twice_is_refused() -> None:
    with pytest.raises(PinMapError, match='button "seat2": GPIO 12 is already used by "seat1"'):
        validate_pin_map({"seat1": 12, "seat2": 12})


def test_the_buzzer_pin_is_checked_too() -> None:
    with pytest.raises(PinMapError, match='the buzzer: GPIO 5 is already used by "up"'):
        validate_pin_map(HAT27, buzzer=5)
    with pytest.raises(PinMapError, match="the buzzer: GPIO 18 is the e-paper panel's PWR"):
        validate_pin_map(HAT27, buzzer=18)


@pytest.mark.parametrize("pin", ["5", 28, -1, True, 5.0])
def test_a_pin_that_is_not_a_gpio_number_is_refused(pin: object) -> None:
    with pytest.raises(PinMapError, match=r'button "ok": .* is not a GPIO number'):
        validate_pin_map({"ok": pin})


def test_unknown_button_and_profile_are_refused() -> None:
    with pytest.raises(PinMapError, match='unknown button "select"; buttons are: up, down'):
        validate_pin_map({"select": 5})
    with pytest.raises(PinMapError, match="unknown button profile 'hat'; choose hat27 or table"):
        profile("hat")


def test_gpio_buttons_press_and_hold(factory: MockFactory) -> None:
    clock = Clock()
    events: list[ButtonEvent] = []
    buttons = GpioButtons(HAT27, clock_ms=clock, timer=False, pin_factory=factory)
    buttons.start(events.append)
    try:
        ok = factory.pin(13)
        ok.drive_low()  # pressed: the key pulls the pin to ground
        clock.now = 150
        ok.drive_high()
        assert events == [ButtonEvent("ok", "press")]
        back = factory.pin(19)
        clock.now = 1000
        back.drive_low()
        clock.now = 2000
        assert buttons.tracker is not None
        buttons.tracker.poll()
        assert events[-1] == ButtonEvent("back", "hold")
        clock.now = 2500
        back.drive_high()
        assert len(events) == 2
    finally:
        buttons.close()


def test_gpio_bounce_is_filtered_in_our_code(factory: MockFactory) -> None:
    clock = Clock()
    events: list[ButtonEvent] = []
    buttons = GpioButtons(HAT27, clock_ms=clock, timer=False, pin_factory=factory)
    buttons.start(events.append)
    try:
        up = factory.pin(5)
        for at, low in ((0, True), (1, False), (3, True), (6, False), (8, True), (200, False),
                        (202, True), (204, False)):
            clock.now = at
            up.drive_low() if low else up.drive_high()
        assert events == [ButtonEvent("up", "press")]
    finally:
        buttons.close()


def test_close_releases_the_pins(factory: MockFactory) -> None:
    buttons = GpioButtons(HAT27, timer=False, pin_factory=factory)
    buttons.start(lambda event: None)
    buttons.close()
    Button(5, pin_factory=factory).close()  # the pin is free again


def test_a_bad_map_fails_before_any_pin_is_claimed(factory: MockFactory) -> None:
    with pytest.raises(PinMapError):
        GpioButtons({"up": 5, "down": 25}, pin_factory=factory)
