"""Helpers of the toolbox device tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device.games.toolbox.ui import ToolboxUi
from tests.conftest import Harness

MakeHarness = Callable[..., Harness]
FOUR_KEYS = {"up", "down", "ok", "back"}


def ui(h: Harness) -> ToolboxUi:
    """The Toolbox's state."""
    state = h.state("toolbox")
    assert isinstance(state, ToolboxUi)
    return state


def screen(h: Harness) -> str:
    """The screen key of the frame shown now ("toolbox.dice", "home", ...)."""
    return h.runner.render()[1].rsplit(":", 1)[1]


def four_key_build(h: Harness) -> Harness:
    """The same harness as a build with the four keys alone (no seat buttons, no roll, no timer)."""
    h.runner.device = replace(h.runner.device, seat_buttons=False)
    return h


def four_keys(h: Harness, *buttons: str) -> None:
    """Press only keys the 4-key HAT has (a trailing '!' holds)."""
    assert {b.rstrip("!") for b in buttons} <= FOUR_KEYS
    h.press(*buttons)


def countdown_sounds(start_ms: int, end_ms: int) -> list[tuple[int, str]]:
    """A tick at each of the last 10 seconds before `end_ms`, then the alarm."""
    return [(end_ms - 1000 * s, "tick") for s in range(10, 0, -1)] + [(end_ms, "alarm")]
