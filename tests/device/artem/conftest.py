"""Helpers of the artem device tests."""

from __future__ import annotations

from collections.abc import Callable

from device.framework.contract import Context
from device.framework.resources import Resources
from device.games.artem.app import APP
from device.games.artem.drive import Driver
from device.games.artem.ui import ArtemUi
from device.settings import Settings
from engine.artem.commands import Command
from engine.artem.state import State
from hardware.events import ButtonEvent
from tests.conftest import ROOT as REPO
from tests.conftest import Harness, said_text

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
    """Home -> Artem; `setup` presses on the setup screen; then start the game (Start is the
    first row)."""
    h.press("down", "down", "down", "ok", *setup)
    h.press(*["up"] * ui(h).cursor, "ok")


def play(h: Harness, command: Command, table: bool = False) -> None:
    """Press the buttons that play `command` (computed on a copy, then pressed for real): the
    four keys, or with `table` the seat buttons of the table build."""
    driver = Driver(APP, ui(h), CTX)
    driver.play(command, table)
    h.press(*[button for button, _ in driver.trail])


def press_labelled(h: Harness, *buttons: str) -> str:
    """Press buttons; returns the reply label of the last one (what undo would name), in English."""
    *first, last = buttons
    h.press(*first)
    label = APP.handle(ui(h), ButtonEvent(last), CTX).label
    h.press(last)
    return said_text(label) or ""
