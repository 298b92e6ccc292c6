"""Issue 21 item 5: the HAT ID EEPROM's pins are refused for buttons, and a serial pad path must be
a serial port (`easel doctor` opens it as a terminal; `easel play` refuses files and folders)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.config import load_config, pin_map
from hardware import doctor
from hardware.buttons import PinMapError, free_pins, validate_pin_map
from hardware.serial_pad import SerialPadError, check_serial_path

FIX = "set [buttons] serial to the pad's device, e.g. /dev/serial/by-id/usb-...-if00"


@pytest.mark.parametrize(("pin", "line"), [(0, "ID_SD"), (1, "ID_SC")])
def test_the_eeprom_pins_are_refused_for_buttons(pin: int, line: str) -> None:
    """GPIO 0 and 1 carry the HAT ID EEPROM's I2C bus, as the message for 2-27 always said."""
    with pytest.raises(PinMapError, match=rf'^button "seat1": GPIO {pin} is the HAT ID EEPROM\'s {line} pin; '
                                          r"use a BCM number 2-27, e\.g\. 2, 3, 4"):
        validate_pin_map({"seat1": pin})
    ok, message = doctor.check_pin_map({"seat1": pin})
    assert not ok and "HAT ID EEPROM" in message
    assert not {0, 1} & set(free_pins())


def test_the_buzzer_pin_0_still_means_no_buzzer(tmp_path: Path) -> None:
    """[buzzer] pin = 0 is no buzzer, not a buzzer on GPIO 0; pin = 1 is refused."""
    config = tmp_path / "easel.toml"
    config.write_text('[buttons]\nprofile = "table"\n[buzzer]\npin = 0\n', encoding="utf-8")
    loaded = load_config(config)
    assert loaded.buzzer_pin == 0 and pin_map(loaded)["roll"] == 2
    with pytest.raises(PinMapError, match=r"^the buzzer: GPIO 1 is the HAT ID EEPROM's ID_SC pin"):
        validate_pin_map({}, buzzer=1)


@pytest.fixture
def pty_path() -> Iterator[str]:
    """The path of a pseudo-terminal: a real tty, as a USB serial pad is."""
    master, slave = os.openpty()
    yield os.ttyname(slave)
    os.close(master)
    os.close(slave)


def test_doctor_accepts_a_serial_port(pty_path: str) -> None:
    assert doctor.check_serial(pty_path) == (True, f"{pty_path}: a serial port, present and usable")


def test_doctor_refuses_a_regular_file_a_folder_and_dev_null(tmp_path: Path) -> None:
    """Each once said "present and usable", then the pad retried forever with "Inappropriate ioctl"."""
    notes = tmp_path / "pad.txt"
    notes.write_text("not a pad\n", encoding="utf-8")
    assert doctor.check_serial(str(notes)) == (False, f"{notes}: is a regular file, not a serial device; {FIX}")
    assert doctor.check_serial(str(tmp_path)) == (False, f"{tmp_path}: is a directory, not a serial device; {FIX}")
    assert doctor.check_serial("/dev/null") == (
        False, f"/dev/null: a device, but not a serial port (Inappropriate ioctl for device); {FIX}")


def test_play_refuses_a_regular_file_or_a_folder_as_the_pad(tmp_path: Path, pty_path: str) -> None:
    """`easel play` checks without opening the port: a file or a folder is one line before start-up."""
    notes = tmp_path / "pad.txt"
    notes.write_text("", encoding="utf-8")
    for path, kind in ((notes, "a regular file"), (tmp_path, "a directory")):
        with pytest.raises(SerialPadError) as err:
            check_serial_path(str(path))
        assert str(err.value) == f"{path}: is {kind}, not a serial device; check [buttons] serial in your config"
    for memory in ("/dev/null", "/dev/zero"):  # character devices, but never a pad: refused by number
        with pytest.raises(SerialPadError, match=r"^/dev/\w+: is a memory device \(like /dev/null\), not a serial"):
            check_serial_path(memory)
    check_serial_path(pty_path)
