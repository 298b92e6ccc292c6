"""Physical buttons on GPIO pins (through gpiozero), their pin maps and profiles.

Profiles (BCM GPIO numbers; every button wired between its pin and ground, internal pull-up):

- `hat27`: the four keys of the Waveshare 2.7" e-Paper HAT, KEY1..KEY4 = GPIO 5, 6, 13, 19,
  in label order: KEY1 = up, KEY2 = down, KEY3 = ok, KEY4 = back. Screens label the keys in
  this order (`HAT27_KEY_ORDER`).
- `table`: the same four keys plus one arcade button per seat, `roll` and `timer`, on the
  pins the panel leaves free; GPIO 2 and 3 (fixed pull-ups on the Pi) suit buttons.
  The buzzer goes on GPIO 26 (`DEFAULT_BUZZER_PIN`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hardware.events import BUTTONS, ButtonEvent
from hardware.press import DEBOUNCE_MS, PressTracker, monotonic_ms

HAT27_KEY_ORDER: tuple[str, ...] = ("up", "down", "ok", "back")  # KEY1, KEY2, KEY3, KEY4
HAT27: dict[str, int] = dict(zip(HAT27_KEY_ORDER, (5, 6, 13, 19), strict=True))
TABLE: dict[str, int] = {
    **HAT27,
    "seat1": 4, "seat2": 12, "seat3": 16, "seat4": 20,
    "seat5": 21, "seat6": 22, "seat7": 23, "seat8": 27,
    "roll": 2, "timer": 3,
}
PROFILES: dict[str, dict[str, int]] = {"hat27": HAT27, "table": TABLE}
DEFAULT_BUZZER_PIN = 26

# Pins the e-paper HAT and SPI0 use (BCM numbers), and what for.
PANEL_PINS: dict[int, str] = {
    7: "SPI0 CE1", 8: "SPI0 CE0 (panel CS)", 9: "SPI0 MISO", 10: "SPI0 MOSI (panel DIN)",
    11: "SPI0 SCLK (panel CLK)", 17: "RST", 18: "PWR", 24: "BUSY", 25: "DC",
}
GPIO_RANGE = range(0, 28)  # the BCM GPIOs on the 40-pin header
# BCM GPIO -> physical pin of the 40-pin header (the same on every 40-pin Raspberry Pi).
HEADER_PIN: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19,
    9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35,
    16: 36, 26: 37, 20: 38, 21: 40,
}
# GPIO 0 and 1 carry the HAT ID EEPROM's I2C bus (ID_SD, ID_SC): no button or buzzer goes there.
EEPROM_PINS: dict[int, str] = {0: "ID_SD", 1: "ID_SC"}


class PinMapError(ValueError):
    """A pin map that cannot work; the message is one line naming the button, pin and fix."""


def free_pins(used: Mapping[int, str] | None = None) -> list[int]:
    """Header GPIOs neither the panel nor `used` takes (0/1 are the HAT ID EEPROM's)."""
    taken = set(PANEL_PINS) | set(used or {}) | set(EEPROM_PINS)
    return [pin for pin in GPIO_RANGE if pin not in taken]


def validate_pin_map(pins: Mapping[str, Any], buzzer: Any = None) -> dict[str, int]:
    """Check a button -> GPIO map (and the buzzer's pin); PinMapError on the first problem."""
    used: dict[int, str] = {}
    items = list(pins.items()) + ([("buzzer", buzzer)] if buzzer is not None else [])
    for name, pin in items:
        what = "the buzzer" if name == "buzzer" else f'button "{name}"'
        if name != "buzzer" and name not in BUTTONS:
            raise PinMapError(f'unknown button "{name}"; buttons are: {", ".join(BUTTONS)}')
        if isinstance(pin, bool) or not isinstance(pin, int) or pin not in GPIO_RANGE:
            raise PinMapError(f"{what}: {pin!r} is not a GPIO number; use a BCM number 2-27, "
                              f"e.g. {_some(free_pins(used))}")
        if pin in EEPROM_PINS:
            raise PinMapError(f"{what}: GPIO {pin} is the HAT ID EEPROM's {EEPROM_PINS[pin]} pin; use a BCM "
                              f"number 2-27, e.g. {_some(free_pins(used))}")
        if pin in PANEL_PINS:
            raise PinMapError(f"{what}: GPIO {pin} is the e-paper panel's {PANEL_PINS[pin]} pin; "
                              f"move it to a free pin such as {_some(free_pins(used))}")
        if pin in used:
            raise PinMapError(f'{what}: GPIO {pin} is already used by "{used[pin]}"; '
                              f"give it its own pin such as {_some(free_pins(used))}")
        used[pin] = name
    return {name: int(pin) for name, pin in pins.items()}


def _some(pins: list[int]) -> str:
    return ", ".join(str(p) for p in pins[:6]) if pins else "(none left)"


def profile(name: str) -> dict[str, int]:
    """The pin map of a named profile; PinMapError lists the choices."""
    try:
        return dict(PROFILES[name])
    except KeyError:
        raise PinMapError(f"unknown button profile {name!r}; choose {' or '.join(PROFILES)}") \
            from None


class GpioButtons:
    """Buttons on GPIO pins; their callbacks only feed the press/hold tracker."""

    def __init__(self, pins: Mapping[str, Any], *, debounce_ms: int = DEBOUNCE_MS,
                 clock_ms: Callable[[], int] = monotonic_ms, timer: bool = True,
                 pin_factory: Any = None) -> None:
        self.pins = validate_pin_map(pins)
        self._debounce = debounce_ms
        self._clock = clock_ms
        self._timer = timer
        self._factory = pin_factory
        self._devices: list[Any] = []
        self.tracker: PressTracker | None = None

    def start(self, sink: Callable[[ButtonEvent], None]) -> None:
        """Claim the pins and begin sending events to `sink`."""
        from gpiozero import Button

        self.tracker = tracker = PressTracker(sink, clock_ms=self._clock,
                                              debounce_ms=self._debounce, timer=self._timer)
        try:
            for name, pin in self.pins.items():
                # bounce_time stays None: debouncing is ours (the tracker's).
                device = Button(pin, pull_up=True, bounce_time=None, pin_factory=self._factory)
                device.when_pressed = _edge(tracker, name, True)
                device.when_released = _edge(tracker, name, False)
                self._devices.append(device)
        except Exception:
            self.close()
            raise

    def close(self) -> None:
        """Release the pins and stop the tracker."""
        for device in self._devices:
            device.close()
        self._devices.clear()
        if self.tracker is not None:
            self.tracker.close()
            self.tracker = None


def _edge(tracker: PressTracker, name: str, down: bool) -> Callable[[], None]:
    def callback() -> None:
        tracker.edge(name, down)
    return callback
