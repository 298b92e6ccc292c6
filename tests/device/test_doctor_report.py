"""`easel doctor` reports the GPIO pin factory and the panel driver in use, with the fix."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from device.config import Config
from device.run.doctor import run_doctor
from hardware import doctor as checks


@pytest.fixture
def mock_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """gpiozero on mock pins; the SPI check fails, so no panel is opened."""
    monkeypatch.setattr(checks, "check_spi", lambda: (False, "/dev/spidev0.0: missing"))
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield
    finally:
        Device.pin_factory.close()
        Device.pin_factory = saved


def run(config: Config, cpuinfo: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> list[str]:
    path = tmp_path / "cpuinfo"
    path.write_text(cpuinfo)
    real = checks.check_gpio_pin_factory
    monkeypatch.setattr(checks, "check_gpio_pin_factory", lambda: real(path))
    lines: list[str] = []
    assert run_doctor(config, lines.append) == 1
    return lines


def test_doctor_prints_the_pin_factory_and_the_panel_driver(
        mock_pins: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = run(Config(panel="epd2in7_V2"), "Model\t: Raspberry Pi 4 Model B Rev 1.4\n",
                tmp_path, monkeypatch)
    assert ("ok   GPIO pin factory mock (gpiozero's mock pins, gpiozero's first choice that "
            "loads) on Raspberry Pi 4 Model B Rev 1.4") in lines
    assert any(line.startswith("ok   panel driver: epd2in7_V2 of waveshare-epaper ")
               for line in lines), lines


def test_doctor_on_a_pi_5_says_to_use_lgpio(mock_pins: None, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    lines = run(Config(panel="epd2in13_V4"), "Model\t: Raspberry Pi 5 Model B Rev 1.0\n",
                tmp_path, monkeypatch)
    failing = [line for line in lines if line.startswith("FAIL GPIO pin factory")]
    assert failing == ["FAIL GPIO pin factory mock (gpiozero's mock pins) fails on a Raspberry "
                       "Pi 5 Model B Rev 1.0; use lgpio: GPIOZERO_PIN_FACTORY=lgpio "
                       "(easel.service sets it), pip install lgpio"]


def test_simulator_without_gpio_skips_both(mock_pins: None, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    lines: list[str] = []
    run_doctor(Config(), lines.append)
    assert not any("pin factory" in line or "panel driver" in line for line in lines)
