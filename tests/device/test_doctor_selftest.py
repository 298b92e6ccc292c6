"""`easel doctor --selftest` on gpiozero's mock pins: each button asked for by name and pressed
(or not), the buzzer played and confirmed with ok or denied with back."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from device.config import Config
from device.run.doctor import run_doctor
from device.run.selftest import buttons_to_walk, run_selftest
from hardware import doctor as checks
from hardware.buttons import HAT27, TABLE


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    saved = Device.pin_factory
    Device.pin_factory = factory = MockFactory()
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = saved


def press_later(factory: MockFactory, pin: int, hold_s: float = 0.08) -> None:
    """Press the button on `pin` (pulled up: low while pressed) from another thread."""
    def run() -> None:
        time.sleep(0.05)
        factory.pin(pin).drive_low()
        time.sleep(hold_s)
        factory.pin(pin).drive_high()
    threading.Thread(target=run, daemon=True).start()


def builder(factory: MockFactory, answers: dict[str, str], skip: frozenset[str] = frozenset(),
            swap: dict[str, str] | None = None,
            pins: dict[str, int] = TABLE) -> tuple[list[str], Callable[[str], None]]:
    """An `out` that, like a builder at the table, presses what each prompt asks for."""
    lines: list[str] = []

    def out(line: str) -> None:
        lines.append(line)
        if "] press " in line:
            name = line.split("] press ")[1].split()[0]
            name = (swap or {}).get(name, name)
            if name not in skip:
                press_later(factory, pins[name])
        for question, button in answers.items():
            if line.startswith(question):
                press_later(factory, pins[button])
    return lines, out


def test_every_button_is_named_with_its_pin_and_passes_when_pressed(factory: MockFactory) -> None:
    lines, out = builder(factory, {})
    results = run_selftest(Config(button_profile="hat27", buzzer_pin=0), out, button_s=3)
    assert results == [(True, f"{name} (GPIO {HAT27[name]}, header pin {pin}): fired (press)")
                       for name, pin in (("up", 29), ("down", 31), ("ok", 33), ("back", 35))]
    assert lines[1] == "[1/4] press up (GPIO 5, header pin 29)"
    assert lines[-1] == "self-test: 4 of 4 passed"


def test_a_button_that_never_fires_fails_by_name(factory: MockFactory) -> None:
    """The target: the self-test fails on a button that never fires, and names it."""
    lines, out = builder(factory, {}, skip=frozenset({"seat3"}))
    results = run_selftest(Config(button_profile="table", buzzer_pin=0), out, button_s=1)
    failed = [message for ok, message in results if not ok]
    assert failed == ["seat3 (GPIO 16, header pin 36): no press within 1 s; check its two wires "
                      "(to its pin and to ground) and its microswitch; a seat you did not wire "
                      "fails here and does no harm"]
    assert len(results) == len(TABLE) and f"FAIL {failed[0]}" in lines
    assert lines[-1] == f"self-test: {len(TABLE) - 1} of {len(TABLE)} passed; see docs/build.md, Troubleshooting"


def test_a_swapped_button_says_which_one_fired_instead(factory: MockFactory) -> None:
    lines, out = builder(factory, {}, swap={"seat5": "seat6"}, skip=frozenset())
    results = run_selftest(Config(button_profile="table", buzzer_pin=0), out, button_s=1)
    seat5 = next(message for ok, message in results if message.startswith("seat5"))
    assert seat5.startswith("seat5 (GPIO 21, header pin 40): never fired, seat6 fired instead")
    assert "     that was seat6; waiting for seat5" in lines


def test_the_buzzer_plays_and_is_confirmed_with_ok_or_denied_with_back(factory: MockFactory) -> None:
    _, out = builder(factory, {"Did you hear": "ok"})
    results = run_selftest(Config(button_profile="hat27", buzzer_pin=26), out, button_s=3, answer_s=3)
    assert results[-1] == (True, "buzzer (GPIO 26): heard")
    states = [state for _, state in factory.pin(26).states]
    assert states.count(True) >= 3  # the alarm's three beeps reached the pin
    _, out = builder(factory, {"Did you hear": "back"})
    results = run_selftest(Config(button_profile="hat27", buzzer_pin=26), out, button_s=3, answer_s=3)
    assert not results[-1][0] and results[-1][1].startswith("buzzer (GPIO 26): not heard; check")


def test_no_answer_and_no_ok_key_fail_without_asking(factory: MockFactory) -> None:
    _, out = builder(factory, {})
    results = run_selftest(Config(button_profile="hat27", buzzer_pin=26), out, button_s=3, answer_s=0.5)
    assert results[-1] == (False, "buzzer (GPIO 26): no answer (ok or back) within the time; run "
                                  "the self-test again")
    _, out = builder(factory, {}, skip=frozenset({"ok"}))
    results = run_selftest(Config(button_profile="hat27", buzzer_pin=26), out, button_s=0.5)
    assert results[-1] == (False, "cannot ask a yes/no question: ok and back must both pass first")


def test_without_buttons_the_self_test_says_what_to_configure() -> None:
    lines: list[str] = []
    assert run_selftest(Config(), lines.append) == [
        (False, 'self-test: no buttons configured ([buttons] profile = "none", no serial pad); '
                "set the profile of your build in the config")]


def test_a_serial_pad_adds_every_button_it_can_send() -> None:
    names, where = buttons_to_walk(Config(button_profile="hat27", serial="loop://"))
    assert len(names) == 14 and where["seat8"] == "serial pad" and where["ok"] == "GPIO 13, header pin 33"


def test_doctor_runs_the_self_test_only_after_the_checks_pass(
        factory: MockFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "check_gpio", lambda: (False, "/dev/gpiochip0: missing"))
    lines: list[str] = []
    assert run_doctor(Config(button_profile="hat27"), lines.append, selftest=True) == 1
    assert lines[-1] == "--   the self-test starts once every check above passes"
    for name in ("check_gpio", "check_groups", "check_gpio_pin_factory"):
        monkeypatch.setattr(checks, name, lambda: (True, "fine"))
    lines, out = builder(factory, {})
    assert run_doctor(Config(button_profile="hat27"), out, selftest=True) == 0
    assert lines[-1] == "self-test: 4 of 4 passed"
