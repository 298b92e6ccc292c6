"""On the four-key build (the 2.7" HAT, no seat buttons) #ARTBOX never tells a player to press a
button the build does not have: "press OK", not "your button" or "press roll" (issue 13: every
screen usable with the four keys)."""

from __future__ import annotations

from pathlib import Path

from device.config import Config
from device.framework.contract import Context
from device.framework.resources import Resources
from device.games.artbox.layout import hint
from device.run.hardware_setup import has_seat_buttons
from device.settings import Settings
from device.strings.all import STRINGS as T

KEYS = ("artbox.press_to_see", "artbox.press_short", "artbox.press_roll", "artbox.press_roll_short",
        "artbox.who_drew")


def test_the_hat_has_no_seat_buttons_and_the_table_build_and_a_pad_do(tmp_path: Path) -> None:
    assert not has_seat_buttons(Config(button_profile="hat27", database=tmp_path / "e.db"))
    assert has_seat_buttons(Config(button_profile="table", database=tmp_path / "e.db"))
    assert has_seat_buttons(Config(serial="/dev/ttyACM0", database=tmp_path / "e.db"))
    assert has_seat_buttons(Config(pins={"seat1": 5}, database=tmp_path / "e.db"))


def test_every_button_hint_has_a_four_key_form_that_names_ok_in_both_languages() -> None:
    for key in KEYS:
        for lang in ("en", "fr"):
            table = hint(lang, key, True, seat=3, slot=2)
            four = hint(lang, key, False, seat=3, slot=2)
            assert four != table and "OK" in four, (key, lang, four)
            assert "button" not in four and "bouton" not in four and "press roll" not in four


def test_a_context_says_seat_buttons_unless_the_build_lacks_them() -> None:
    ctx = Context(settings=Settings(), resources=Resources())
    assert ctx.seat_buttons
    assert T("en", "artbox.who_drew", slot=1) != hint("en", "artbox.who_drew", False, slot=1)
