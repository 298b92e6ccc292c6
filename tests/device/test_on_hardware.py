"""`easel play` on a (fake) Pi end to end: the real Waveshare driver under a fake SPI bus, the 2.7"
HAT's four keys on gpiozero mock pins, SIGTERM for a clean exit with the panel cleared and asleep."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from pytest_mock import MockerFixture

from device.config import Config
from device.run.hardware_setup import run_on_hardware
from device.settings import Settings
from device.storage.store import Store
from hardware.buttons import HAT27
from hardware.fake_pi import FakePi
from hardware.panel_ram import as_frame, controller_for
from hardware.panels import panel
from hardware.waveshare import WaveshareDisplay

MODEL = "epd2in7_V2"


def test_hat_keys_play_and_sigterm_clears_the_panel(tmp_path: Path, mocker: MockerFixture) -> None:
    """Four keys open the Toolbox and roll; SIGTERM saves, clears the panel and exits 0."""
    db = tmp_path / "easel.db"
    with FakePi() as pi:
        driver = pi.load(MODEL)
        mocker.patch("device.run.hardware_setup.open_display",
                     return_value=WaveshareDisplay(MODEL, driver, clock=pi.clock))
        factory = pi._factory
        assert factory is not None

        def player() -> None:
            time.sleep(0.5)
            for button in ("ok", "ok", "ok"):  # home -> Toolbox -> Dice -> roll
                pin = factory.pin(HAT27[button])
                pin.drive_low()
                time.sleep(0.08)
                pin.drive_high()
                time.sleep(0.25)
            time.sleep(0.5)
            os.kill(os.getpid(), signal.SIGTERM)

        thread = threading.Thread(target=player, daemon=True)
        thread.start()
        config = Config(panel=MODEL, button_profile="hat27", clear_on_exit=True, database=db)
        code = run_on_hardware(config, Settings(panel=MODEL), seed=9, database=db)
        thread.join(5)
        assert code == 0
        controller = controller_for(MODEL)
        for transaction in pi.traffic.transactions:
            controller.feed(transaction)
        assert controller.shown is not None
        final = as_frame(controller.shown, panel(MODEL))
        assert final.convert("L").getextrema() == (255, 255), "the panel must be left blank (cleared)"
    saved = Store(db).load()
    assert saved is not None
    toolbox = saved[0]["states"]["toolbox"]
    assert toolbox["screen"] == "dice" and toolbox["game"]["rolls"] == 1
    assert (tmp_path / "easel.log").exists()


def test_the_log_has_a_line_per_refresh(tmp_path: Path, mocker: MockerFixture) -> None:
    """Issue 8: the rotating log in the state directory gets one line per refresh."""
    db = tmp_path / "easel.db"
    with FakePi() as pi:
        driver = pi.load(MODEL)
        mocker.patch("device.run.hardware_setup.open_display",
                     return_value=WaveshareDisplay(MODEL, driver, clock=pi.clock))

        def stop_soon() -> None:
            time.sleep(0.8)
            os.kill(os.getpid(), signal.SIGTERM)

        threading.Thread(target=stop_soon, daemon=True).start()
        config = Config(panel=MODEL, button_profile="hat27", clear_on_exit=False, database=db)
        assert run_on_hardware(config, Settings(panel=MODEL), seed=9, database=db) == 0
    text = (tmp_path / "easel.log").read_text(encoding="utf-8")
    assert "full refresh (first) for epd2in7_V2:home:home" in text
    assert "stopped cleanly" in text
