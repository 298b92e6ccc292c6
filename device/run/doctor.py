"""`easel doctor`: check the Pi's SPI and GPIO devices, groups, the GPIO pin factory and panel
driver in use, the pin map, the serial pad and the panel (a test pattern), then echo each button
pressed. Exit 0 when every check passes."""

from __future__ import annotations

from collections.abc import Callable

from device.config import Config, pin_map
from hardware import doctor as checks


def run_doctor(config: Config, out: Callable[[str], None] = print, echo_s: float = 20.0) -> int:
    """Run every check that applies to this config; print one line each; 0 if all pass, 1 if not."""
    pins = pin_map(config)
    results = _device_checks(config, pins, out)
    for ok, message in results:
        out(f"{'ok  ' if ok else 'FAIL'} {message}")
    if config.real_panel and all(ok for ok, _ in results):
        results.append(_test_pattern(config, out))
    if not config.real_panel:
        out("--   no panel configured ([display] panel = \"simulator\"): skipping the test pattern")
    if all(ok for ok, _ in results) and (pins or config.serial):
        results.extend(_echo_buttons(config, out, echo_s))
    return 0 if all(ok for ok, _ in results) else 1


def _device_checks(config: Config, pins: dict[str, int], out: Callable[[str], None]
                   ) -> list[tuple[bool, str]]:
    """The checks of the Pi's devices, groups, pin factory, panel driver, pin map and serial pad."""
    results: list[tuple[bool, str]] = []
    if config.real_panel:
        results.append(checks.check_spi())
    results.append(checks.check_gpio())
    results.append(checks.check_groups())
    if config.real_panel or pins or config.buzzer_pin:
        results.append(checks.check_gpio_pin_factory())
    if config.real_panel:
        results.append(checks.check_panel_driver(config.panel))
    if pins or config.buzzer_pin:
        results.append(checks.check_pin_map(pins, config.buzzer_pin or None))
    else:
        out("--   no GPIO buttons or buzzer configured ([buttons] profile = \"none\")")
    if config.serial:
        results.append(checks.check_serial(config.serial))
    return results


def _test_pattern(config: Config, out: Callable[[str], None]) -> tuple[bool, str]:
    """Show the test pattern on the configured panel; print and return its result."""
    from device.run.hardware_setup import open_display

    display = open_display(config)
    try:
        ok, message = checks.check_display(display)
    finally:
        display.close()
    out(f"{'ok  ' if ok else 'FAIL'} {message}")
    return ok, message


def _echo_buttons(config: Config, out: Callable[[str], None], echo_s: float
                  ) -> list[tuple[bool, str]]:
    """Echo each button source's presses; print and return one result per source."""
    from device.run.hardware_setup import button_sources

    out(f"press each button now; its name shows here ({echo_s:.0f} s of silence ends the check)")
    results: list[tuple[bool, str]] = []
    for source in button_sources(config):
        ok, message = checks.button_echo(source, out, timeout_s=echo_s)
        out(f"{'ok  ' if ok else 'FAIL'} {message}")
        results.append((ok, message))
    return results
