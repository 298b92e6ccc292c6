"""The registry: every game is one folder with the same modules, and every list of games reads it."""

from __future__ import annotations

import importlib

from device.clock import VirtualClock
from device.framework.contract import Context
from device.framework.loader import app, menu, samples
from device.framework.registry import GAMES, MENU, SYSTEM, keys, package, string_tables
from device.framework.resources import Resources
from device.framework.runner import DeviceSetup, Runner, RunnerDeps
from device.run.headless import FrameRecorder
from device.settings import Settings
from device.storage.store import Store
from device.strings.all import STRINGS
from device.system.settings.ui import SettingsUi
from hardware.events import ButtonEvent
from tests.conftest import Harness

SHAPE = ("ui", "keys", "screens", "app", "samples", "strings")


def test_every_app_package_has_the_same_modules() -> None:
    """Games and system apps alike: ui, keys, screens, app, samples, strings."""
    for key in keys():
        for module in SHAPE:
            importlib.import_module(f"{package(key)}.{module}")
        assert app(key).key == key


def test_the_home_menu_lists_the_registry() -> None:
    """Home shows every game of the registry, then Statistics and Settings, titled from each app."""
    entries = menu()
    assert tuple(e.key for e in entries) == MENU == (*GAMES, "stats", "settings")
    assert all(e.title_key in STRINGS for e in entries)


def test_string_tables_and_gallery_come_from_the_registry() -> None:
    """One string table per app, and samples for every app."""
    assert len(string_tables()) == len(GAMES) + len(SYSTEM)
    ctx = Context(settings=Settings(), resources=Resources())
    assert all(samples(key, ctx) for key in keys())


def test_settings_travel_as_changes_any_app_may_send() -> None:
    """Settings: ok edits, up changes, ok keeps; the session applies the change for every app."""
    h = Harness()
    h.runner.open("settings")
    h.press("ok", "up", "ok")
    assert h.runner.session.settings.language == "fr"


def test_a_real_panel_locks_the_screen_setting() -> None:
    """A real panel (fixed by the config) shows on Settings as set in config, with no special case."""
    runner = Runner(RunnerDeps(store=Store(None), resources=Resources(), sink=FrameRecorder(None),
                               clock=VirtualClock(0)), DeviceSetup(settings=Settings(), seed=1, panel_locked=True))
    state = runner.session.states["settings"]
    assert isinstance(state, SettingsUi) and state.panel_locked
    runner.open("settings")
    runner.handle(ButtonEvent("down"))
    runner.handle(ButtonEvent("down"))
    runner.handle(ButtonEvent("ok"))
    assert runner.session.message == "set in config"
