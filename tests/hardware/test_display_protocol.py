"""Every Display in the repo implements the whole protocol, show_fast and restore included."""

from __future__ import annotations

import inspect

import pytest

from hardware.display import Display
from hardware.terminal import TerminalDisplay
from hardware.waveshare import WaveshareDisplay
from tests.device.test_display_worker import SlowPanel

PROTOCOL = {name for name, value in vars(Display).items()
            if callable(value) and not name.startswith("_")}


def test_the_protocol_has_the_two_new_methods() -> None:
    assert {"show_full", "show_fast", "show_partial", "restore", "clear", "sleep",
            "close"} == PROTOCOL


@pytest.mark.parametrize("cls", [WaveshareDisplay, TerminalDisplay, SlowPanel])
def test_display_implements_every_method_with_the_same_parameters(cls: type) -> None:
    for name in PROTOCOL:
        method = getattr(cls, name, None)
        assert callable(method), f"{cls.__name__}.{name} is missing"
        expected = list(inspect.signature(getattr(Display, name)).parameters)
        assert list(inspect.signature(method).parameters) == expected, f"{cls.__name__}.{name}"
