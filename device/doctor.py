"""`easel doctor`: check the Pi's SPI and GPIO devices, groups, the GPIO pin factory and panel
driver in use, the pin map, the serial pad and the panel (a test pattern), then echo each button
pressed. Exit 0 when every check passes."""

from __future__ import annotations

from collections.abc import Callable

from device.config import Config, pin_map
from hardware import doctor as checks


def run_doctor(config: Config, out: Callable[[str], None] = print, echo_s: float = 20.0) -> int:
    """Run every check that applies to this config; print one line each; 0 if all pass, 1 if not."""
    results: list[tuple[bool, str]] = []
    if config.real_panel:
        results.append(checks.check_spi())
    results.append(checks.check_gpio())
    results.append(checks.check_groups())
    pins = pin_map(config)
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
    for ok, message in results:
        out(f"{'ok  ' if ok else 'FAIL'} {message}")
    if config.real_panel and all(ok for ok, _ in results):
        from device.hardware_setup import open_display

        display = open_display(config)
        try:
            ok, message = checks.check_display(display)
        finally:
            display.close()
        out(f"{'ok  ' if ok else 'FAIL'} {message}")
        results.append((ok, message))
    if not config.real_panel:
        out("--   no panel configured ([display] panel = \"simulator\"): skipping the test pattern")
    if all(ok for ok, _ in results) and (pins or config.serial):
        from device.hardware_setup import button_sources

        out(f"press each button now; its name shows here ({echo_s:.0f} s of silence ends the check)")
        for source in button_sources(config):
            ok, message = checks.button_echo(source, out, timeout_s=echo_s)
            out(f"{'ok  ' if ok else 'FAIL'} {message}")
            results.append((ok, message))
    return 0 if all(ok for ok, _ in results) else 1
