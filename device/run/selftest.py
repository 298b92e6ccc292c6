"""The hardware self-test behind `easel doctor --selftest`: every configured button by name,
then (answered with ok or back) the buzzer and the panel's test pattern."""

from __future__ import annotations

from collections.abc import Callable

from device.config import Config, pin_map
from hardware import selftest
from hardware.buttons import HEADER_PIN
from hardware.doctor import Check, status_line
from hardware.events import BUTTONS


def buttons_to_walk(config: Config) -> tuple[list[str], dict[str, str]]:
    """The buttons of this build in the order of BUTTONS, and where each one is wired."""
    pins = pin_map(config)
    where = {name: f"GPIO {pin}, header pin {HEADER_PIN[pin]}" for name, pin in pins.items()}
    if config.serial:
        where.update({name: "serial pad" for name in BUTTONS if name not in pins})
    return [name for name in BUTTONS if name in where], where


def run_selftest(config: Config, out: Callable[[str], None],
                 button_s: float = selftest.BUTTON_S, answer_s: float = selftest.ANSWER_S) -> list[Check]:
    """Walk the builder through the hardware; one result per button, the buzzer and the panel."""
    from device.run.hardware_setup import button_sources

    names, where = buttons_to_walk(config)
    if not names:
        result = (False, 'self-test: no buttons configured ([buttons] profile = "none", no serial '
                         "pad); set the profile of your build in the config")
        out(f"FAIL {result[1]}")
        return [result]
    out(f"self-test: {len(names)} buttons, one at a time ({button_s:.0f} s each)")
    presses = selftest.Presses(button_sources(config))
    try:
        results = selftest.walk_buttons(presses, names, out, where, button_s)
        can_ask = all(ok for (ok, _), name in zip(results, names, strict=True) if name in ("ok", "back"))
        steps: list[Callable[[], Check]] = []
        if config.buzzer_pin and config.buzzer:
            steps.append(lambda: _buzzer(config, presses, out, answer_s))
        if config.real_panel:
            steps.append(lambda: _panel(config, presses, out, answer_s))
        for step in steps:
            result = step() if can_ask else (
                False, "cannot ask a yes/no question: ok and back must both pass first")
            out(status_line(*result))
            results.append(result)
    finally:
        presses.close()
    passed = sum(ok for ok, _ in results)
    out(f"self-test: {passed} of {len(results)} passed" + ("" if passed == len(results) else
                                                          "; see docs/build.md, Troubleshooting"))
    return results


def _buzzer(config: Config, presses: selftest.Presses, out: Callable[[str], None],
            answer_s: float) -> Check:
    from hardware.gpio_buzzer import GpioBuzzer

    buzzer = GpioBuzzer(config.buzzer_pin, tonal=config.buzzer_tonal)
    try:
        return selftest.check_buzzer(buzzer, presses, out, f"GPIO {config.buzzer_pin}", answer_s)
    finally:
        buzzer.wait_idle(5.0)
        buzzer.close()


def _panel(config: Config, presses: selftest.Presses, out: Callable[[str], None],
           answer_s: float) -> Check:
    from device.run.hardware_setup import open_display

    display = open_display(config)
    try:
        return selftest.check_panel(display, presses, out, answer_s)
    finally:
        display.close()
