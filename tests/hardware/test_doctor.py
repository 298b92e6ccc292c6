"""`easel doctor` checks: device nodes, groups, pin map, test pattern, button echo."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from hardware import doctor
from hardware.buttons import HAT27
from hardware.events import ButtonEvent
from hardware.fake_pi import FakePi
from tests.hardware.conftest import open_rig


def test_spi_missing_says_how_to_enable_it(tmp_path: Path) -> None:
    ok, message = doctor.check_spi([tmp_path / "spidev0.0"])
    assert not ok
    assert message == (f"{tmp_path / 'spidev0.0'}: missing; enable SPI: sudo raspi-config "
                       "nonint do_spi 0, then reboot")


def test_spi_without_permission_names_the_group(tmp_path: Path) -> None:
    node = tmp_path / "spidev0.0"
    node.touch()
    ok, message = doctor.check_spi([node], access=lambda path, mode: False, user="pi")
    assert not ok and "add the user to group spi (sudo usermod -aG spi pi)" in message
    ok, message = doctor.check_spi([node], access=lambda path, mode: True)
    assert ok and message.endswith("present and usable")


def test_gpio_chip_is_checked(tmp_path: Path) -> None:
    ok, message = doctor.check_gpio([tmp_path / "gpiochip0"])
    assert not ok and "missing" in message


def test_groups_missing_are_listed_with_the_command() -> None:
    ok, message = doctor.check_groups(["pi", "spi"], user="pi")
    assert not ok
    assert message == "pi is not in group gpio, dialout; run: sudo usermod -aG gpio,dialout pi " \
                      "and log in again"
    assert doctor.check_groups(["gpio", "spi", "dialout", "video"], user="pi")[0]


def test_current_groups_are_names() -> None:
    names = doctor.current_groups()
    assert names and all(isinstance(n, str) for n in names)


def test_pin_map_check_passes_the_error_line_through() -> None:
    assert doctor.check_pin_map(HAT27, buzzer=26) == (
        True, "pin map OK: up=5, down=6, ok=13, back=19, buzzer=26")
    ok, message = doctor.check_pin_map({"ok": 8})
    assert not ok and message.startswith('button "ok": GPIO 8 is the e-paper panel')


def test_serial_check(tmp_path: Path) -> None:
    ok, message = doctor.check_serial(str(tmp_path / "pad"))
    assert not ok and "no such serial device; check [buttons] serial" in message
    assert doctor.check_serial("loop://")[0]
    master, slave = os.openpty()
    try:
        assert doctor.check_serial(os.ttyname(slave))[0]
    finally:
        os.close(master)
        os.close(slave)


def test_the_test_pattern_reaches_a_real_driver_on_the_fake_pi() -> None:
    with FakePi() as pi:
        rig = open_rig(pi, "epd2in7_V2")
        ok, message = doctor.check_display(rig.display)
        assert ok and message == "epd2in7_V2: test pattern shown (264x176)"
        expected = doctor.draw_test_pattern(rig.spec)
        diff = ImageChops.logical_xor(rig.shown(), expected)
        assert diff.getbbox() is None


def test_a_failing_display_is_reported_in_one_line() -> None:
    with FakePi(busy="high") as pi:
        rig = open_rig(pi, "epd2in13_V4", timeout_s=3.0)
        ok, message = doctor.check_display(rig.display)
        assert not ok
        assert message.startswith("epd2in13_V4: the test pattern was not shown: epd2in13_V4: "
                                  "BUSY did not settle within 3 s")


def test_colour_test_pattern_has_colour() -> None:
    from hardware.panels import panel
    image = doctor.draw_test_pattern(panel("epd7in3f"))
    assert image.mode == "RGB" and (255, 0, 0) in {c for _, c in image.getcolors(1 << 16) or []}
    assert doctor.draw_test_pattern(panel("epd2in13_V4")).size == (250, 122)
    assert isinstance(image, Image.Image)


class ScriptedButtons:
    """A Buttons source that replays events when started."""

    def __init__(self, events: list[ButtonEvent]) -> None:
        self.events = events
        self.closed = False

    def start(self, sink: Callable[[ButtonEvent], None]) -> None:
        for event in self.events:
            sink(event)

    def close(self) -> None:
        self.closed = True


def test_button_echo_prints_each_event() -> None:
    lines: list[str] = []
    source = ScriptedButtons([ButtonEvent("ok"), ButtonEvent("seat3", "hold")])
    assert doctor.button_echo(source, lines.append, count=2) == (True, "heard 2 button events")
    assert lines == ["ok press", "seat3 hold"]
    assert source.closed


def test_button_echo_with_silence_says_what_to_check() -> None:
    now = [0.0]

    def clock() -> float:
        now[0] += 10.0  # every look at the clock is 10 s later: the wait ends at once
        return now[0]

    source = ScriptedButtons([])
    ok, message = doctor.button_echo(source, print, timeout_s=5.0, clock=clock)
    assert not ok and message == "no button event heard; check the wiring and the pin map"
    assert source.closed


PI5 = "Model\t\t: Raspberry Pi 5 Model B Rev 1.0\n"
PI4 = "Model\t\t: Raspberry Pi 4 Model B Rev 1.4\n"


def cpuinfo(tmp_path: Path, model_line: str) -> Path:
    path = tmp_path / "cpuinfo"
    path.write_text("processor\t: 0\nBogoMIPS\t: 108.00\n\n" + model_line)
    return path


def test_board_model_reads_the_model_line(tmp_path: Path) -> None:
    assert doctor.board_model(cpuinfo(tmp_path, PI5)) == "Raspberry Pi 5 Model B Rev 1.0"
    assert doctor.board_model(cpuinfo(tmp_path, "")) is None
    assert doctor.board_model(tmp_path / "absent") is None


def test_rpi_gpio_on_a_pi_5_fails_in_one_line_naming_the_fix() -> None:
    ok, message = doctor.check_pin_factory(
        "rpigpio", "Raspberry Pi 5 Model B Rev 1.0",
        fallbacks=["Falling back from lgpio: No module named 'lgpio'"])
    assert not ok
    assert message == ("GPIO pin factory rpigpio (RPi.GPIO) fails on a Raspberry Pi 5 Model B "
                       "Rev 1.0 (lgpio: No module named 'lgpio'); use lgpio: "
                       "GPIOZERO_PIN_FACTORY=lgpio (easel.service sets it), pip install lgpio")
    assert len(message) <= 200 and "\n" not in message


def test_every_factory_but_lgpio_fails_on_rp1_boards() -> None:
    for board in ("Raspberry Pi 5 Model B Rev 1.0", "Raspberry Pi 500 Rev 1.0",
                  "Raspberry Pi Compute Module 5 Rev 1.0"):
        assert doctor.check_pin_factory("lgpio", board, "lgpio")[0]
        for name in ("rpigpio", "pigpio", "native"):
            ok, message = doctor.check_pin_factory(name, board, fallbacks=["lgpio: " + "x" * 99])
            assert not ok and len(message) <= 200, (name, board, message)


def test_older_pis_may_use_rpi_gpio_and_the_message_says_what_is_in_use() -> None:
    assert doctor.check_pin_factory("rpigpio", "Raspberry Pi 4 Model B Rev 1.4") == (
        True, "GPIO pin factory rpigpio (RPi.GPIO, gpiozero's first choice that loads) on "
              "Raspberry Pi 4 Model B Rev 1.4")
    assert doctor.check_pin_factory("lgpio", "Raspberry Pi 4 Model B Rev 1.4", "lgpio") == (
        True, "GPIO pin factory lgpio (lgpio, set by GPIOZERO_PIN_FACTORY) on "
              "Raspberry Pi 4 Model B Rev 1.4")


def test_no_factory_at_all_names_the_last_reason() -> None:
    ok, message = doctor.check_pin_factory(
        None, "Raspberry Pi 5 Model B Rev 1.0",
        fallbacks=["BadPinFactory: Unable to load any default pin factory!"])
    assert not ok and message.startswith("no GPIO pin factory loads on Raspberry Pi 5 Model B "
                                         "Rev 1.0 (BadPinFactory: Unable to load any")
    assert "GPIOZERO_PIN_FACTORY=lgpio" in message


def test_the_factory_in_use_is_read_from_gpiozero(tmp_path: Path) -> None:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        assert doctor.open_pin_factory() == ("mock", [])
        ok, message = doctor.check_gpio_pin_factory(cpuinfo(tmp_path, PI5))
        assert not ok and message.startswith("GPIO pin factory mock (gpiozero's mock pins) "
                                             "fails on a Raspberry Pi 5")
        ok, message = doctor.check_gpio_pin_factory(cpuinfo(tmp_path, PI4))
        assert ok and message.endswith("on Raspberry Pi 4 Model B Rev 1.4")
    finally:
        Device.pin_factory.close()
        Device.pin_factory = saved


def test_panel_driver_names_the_vendor_package_and_the_model() -> None:
    ok, message = doctor.check_panel_driver("epd2in7_V2")
    assert ok and message.startswith("panel driver: epd2in7_V2 of waveshare-epaper 1.")


def test_panel_driver_problems_say_what_to_install() -> None:
    import importlib.metadata

    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    ok, message = doctor.check_panel_driver("epd2in7_V2", version=missing)
    assert not ok and message.endswith("pip install 'easel-companion[pi]'")
    ok, message = doctor.check_panel_driver("epd2in7_V2", installed=lambda name: False)
    assert not ok and "spidev module is not installed" in message
    ok, message = doctor.check_panel_driver("epd7in5_V2", version=lambda name: "1.2.0",
                                            modules=lambda: ["epd2in7_V2"])
    assert (ok, message) == (False, "panel driver: waveshare-epaper 1.2.0 has no epd7in5_V2 "
                                    "module; upgrade it: pip install -U waveshare-epaper")


def test_usermod_names_the_login_even_when_user_is_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: with $USER and $LOGNAME unset the fix read "sudo usermod -aG ... 0"; the name
    comes from the password database, so the printed command works as printed."""
    import pwd

    monkeypatch.delenv("USER", raising=False)
    monkeypatch.delenv("LOGNAME", raising=False)
    me = pwd.getpwuid(os.geteuid()).pw_name
    ok, message = doctor.check_groups(["video"])
    assert not ok and message.endswith(f"sudo usermod -aG gpio,spi,dialout {me} and log in again")
    assert doctor._user(2**31 - 7) == "the user with uid 2147483641"  # no name: said in words


def test_a_long_gpiozero_reason_is_cut_at_a_word_not_mid_word() -> None:
    """Issue 28: a gpiozero fallback reason was cut at 50 characters, mid-word."""
    reason = ("Falling back from lgpio: [Errno 13] Permission denied: could not open "
              "/dev/gpiochip4 for the requested lines")
    ok, message = doctor.check_pin_factory("rpigpio", "Raspberry Pi 5 Model B Rev 1.0",
                                           fallbacks=[reason])
    assert not ok
    why = message[message.index("(lgpio:") + 1:message.index("); use lgpio")]
    assert why.endswith("…")
    full, kept = reason.removeprefix("Falling back from "), why.removesuffix("…")
    assert full.startswith(kept) and not full[len(kept)].isalnum()  # ends between words
    assert len(message) <= 200
    ok, message = doctor.check_pin_factory(None, None, fallbacks=[reason])
    assert "(Falling back from lgpio: [Errno 13] Permission denied…);" in message
    assert doctor.clip("short", 60) == "short"
