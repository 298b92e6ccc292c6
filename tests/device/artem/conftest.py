"""Helpers of the artem device tests."""

from __future__ import annotations

from collections.abc import Callable

from device.contract import Context
from device.games.artem.app import APP
from device.games.artem.drive import Driver
from device.games.artem.ui import ArtemUi
from device.resources import Resources
from device.settings import Settings
from engine.artem.commands import Command
from engine.artem.state import State
from tests.conftest import ROOT as REPO
from tests.conftest import Harness

MakeHarness = Callable[..., Harness]
SCRIPTS = REPO / "tests" / "scripts"
CTX = Context(settings=Settings(), resources=Resources())


def ui(h: Harness) -> ArtemUi:
    """The Artem state."""
    state = h.state("artem")
    assert isinstance(state, ArtemUi)
    return state


def game(h: Harness) -> State:
    """The engine state behind the Artem screen."""
    found = ui(h).game
    assert found is not None
    return found


def open_artem(h: Harness, *setup: str) -> None:
    """Home -> Artem; `setup` presses on the setup screen; then start the game."""
    h.press("down", "down", "down", "ok", *setup)
    h.press(*["down"] * (4 - ui(h).cursor), "ok")


def play(h: Harness, command: Command) -> None:
    """Press the buttons that play `command` (computed on a copy, then pressed for real)."""
    driver = Driver(APP, ui(h), CTX)
    driver.play(command)
    h.press(*[button for button, _ in driver.trail])
