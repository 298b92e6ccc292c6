"""The self-test's panel step on the vendor's driver over the fake SPI bus: the test pattern
reaches the glass by a full refresh, and the builder's answer decides pass or fail."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageChops

from hardware import selftest
from hardware.doctor import draw_test_pattern
from hardware.events import ButtonEvent
from hardware.fake_pi import FakePi
from tests.hardware.conftest import open_rig


class Builder:
    """A button source whose presses come from the builder answering the prompts."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.sink: Callable[[ButtonEvent], None] | None = None
        self.lines: list[str] = []

    def start(self, sink: Callable[[ButtonEvent], None]) -> None:
        self.sink = sink

    def close(self) -> None:
        self.sink = None

    def out(self, line: str) -> None:
        self.lines.append(line)
        if line.endswith("Press ok for yes, back for no.") and self.answer and self.sink:
            self.sink(ButtonEvent("seat1"))  # a stray press is not an answer
            self.sink(ButtonEvent(self.answer))


def test_the_panel_step_shows_the_pattern_by_a_full_refresh_and_asks() -> None:
    with FakePi() as pi:
        rig = open_rig(pi, "epd2in7_V2")
        builder = Builder("ok")
        presses = selftest.Presses([builder])
        result = selftest.check_panel(rig.display, presses, builder.out, timeout_s=2)
        assert result == (True, "epd2in7_V2 test pattern: seen")
        assert ImageChops.logical_xor(rig.shown(), draw_test_pattern(rig.spec)).getbbox() is None
        assert builder.lines[0] == "epd2in7_V2: a full refresh shows the test pattern now (up to 6 s)"
        assert builder.lines[1] == ("Do you see a frame, two diagonals and 'epd2in7_V2 264x176' on "
                                    "the panel? Press ok for yes, back for no.")


def test_the_panel_step_fails_on_no_and_on_a_stuck_panel() -> None:
    with FakePi() as pi:
        rig = open_rig(pi, "epd2in13_V4")
        builder = Builder("back")
        ok, message = selftest.check_panel(rig.display, selftest.Presses([builder]), builder.out, 2)
        assert not ok and message.startswith("epd2in13_V4 test pattern: not seen as drawn; check")
    with FakePi(busy="high") as pi:
        rig = open_rig(pi, "epd2in13_V4", timeout_s=2.0)
        builder = Builder("ok")
        ok, message = selftest.check_panel(rig.display, selftest.Presses([builder]), builder.out, 2)
        assert not ok and message.startswith("epd2in13_V4: the test pattern was not shown")
        assert not any("Press ok" in line for line in builder.lines)  # nothing asked of a blank panel
