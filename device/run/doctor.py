"""`easel doctor`: check the Pi's SPI and GPIO devices, groups, the GPIO pin factory and panel
driver in use, the pin map, the serial pad and the panel (a test pattern), then echo each button
pressed. `--selftest` instead walks the builder through every button by name, the buzzer and the
panel's test pattern, each answered with ok (yes) or back (no). Exit 0 when every check passes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from device.config import Config, pin_map
from hardware import claim
from hardware import doctor as checks
from hardware.doctor import status_line

# Where systemd, when it is the running init, keeps its state (sd_booted(3)).
SYSTEMD_RUN = Path("/run/systemd/system")
RUNNING_STATES = ("active", "activating", "deactivating", "reloading")


def run_doctor(config: Config, out: Callable[[str], None] = print, echo_s: float = 20.0,
               selftest: bool = False) -> int:
    """Run every check that applies to this config; print one line each; 0 if all pass, 1 if not;
    2 (and one line saying how to stop it) while a running Easel holds the panel and pins.
    `selftest`: after the checks, the walk through buttons, buzzer and panel (device/run/selftest.py)."""
    running = running_easel()
    if running is not None:
        print(f"easel doctor: {running}", file=sys.stderr)
        return 2
    pins = pin_map(config)
    results = _device_checks(config, pins, out)
    for ok, message in results:
        out(status_line(ok, message))
    if selftest:
        from device.run.selftest import run_selftest

        if not all(ok for ok, _ in results):
            out("--   the self-test starts once every check above passes")
            return 1
        return 0 if all(ok for ok, _ in run_selftest(config, out)) else 1
    if config.real_panel and all(ok for ok, _ in results):
        results.append(_test_pattern(config, out))
    if not config.real_panel:
        out("--   no panel configured ([display] panel = \"simulator\"): skipping the test pattern")
    if all(ok for ok, _ in results) and (pins or config.serial):
        results.extend(_echo_buttons(config, out, echo_s))
    return 0 if all(ok for ok, _ in results) else 1


def running_easel(nodes: Sequence[Path] | None = None, locks: Path | None = None,
                  service_state: Callable[[], str] | None = None) -> str | None:
    """Why doctor must wait (a running Easel holds the panel and pins), or None if none does.

    The lock on the device nodes (hardware/claim.py) finds any Easel, with or without systemd;
    the service's state also finds one that is between two restarts, or whose nodes this user
    may not open.
    """
    busy = claim.holder(nodes, locks)
    if busy is not None:
        who = f"Easel (pid {busy.pid})" if busy.pid is not None else "another Easel"
        return (f"{who} is using {busy.node}: stop it first (sudo systemctl stop easel, or quit "
                "that 'easel play'), then run doctor again")
    state = (service_state or _service_state)()
    if state in RUNNING_STATES:
        return (f"the easel service is {state} and drives the panel and buttons: stop it first "
                "(sudo systemctl stop easel), then run doctor again")
    return None


def _service_state() -> str:
    """easel.service's ActiveState, or '' where systemd is not the running init."""
    systemctl = shutil.which("systemctl")
    if systemctl is None or not SYSTEMD_RUN.is_dir():
        return ""
    try:
        result = subprocess.run([systemctl, "is-active", "easel.service"], capture_output=True,
                                text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return result.stdout.strip()


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
    out(status_line(ok, message))
    return ok, message


def _echo_buttons(config: Config, out: Callable[[str], None], echo_s: float
                  ) -> list[tuple[bool, str]]:
    """Echo each button source's presses; print and return one result per source."""
    from device.run.hardware_setup import button_sources

    out(f"press each button now; its name shows here ({echo_s:.0f} s of silence ends the check)")
    results: list[tuple[bool, str]] = []
    for source in button_sources(config):
        ok, message = checks.button_echo(source, out, timeout_s=echo_s)
        out(status_line(ok, message))
        results.append((ok, message))
    return results
