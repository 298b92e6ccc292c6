"""The registry: every game is one folder with the same modules, and every list of games reads it."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from device.clock import VirtualClock
from device.framework.contract import App, Context
from device.framework.loader import app, descriptor, menu, samples
from device.framework.registry import FITS_TO_DEVICE, GAMES, LISTED, MENU, SYSTEM, keys, package, string_tables
from device.framework.resources import Resources
from device.framework.runner import DeviceSetup, Runner, RunnerDeps
from device.i18n import Strings
from device.run.headless import FrameRecorder
from device.settings import Settings
from device.storage.store import Store
from device.strings.all import STRINGS, Catalog
from device.system.settings.ui import SettingsUi
from device.system.stats.screens import wins
from hardware.events import ButtonEvent
from tests.conftest import Harness

SHAPE = ("ui", "keys", "screens", "app", "samples", "strings")
ROOT = Path(__file__).resolve().parent.parent.parent


def test_every_app_package_has_the_same_modules() -> None:
    """Games and system apps alike: ui, keys, screens, app, samples, strings; a game also has
    its game.py for the generic tests, with its own rules."""
    for key in keys():
        for module in SHAPE:
            importlib.import_module(f"{package(key)}.{module}")
        assert app(key).key == key
    for key in GAMES:
        assert descriptor(key).rules.key == key


def test_a_toolbox_start_imports_no_other_game() -> None:
    """A fresh start that opens the Toolbox (roll on the home menu) and draws it loads neither
    another game's device package nor its rules: the home menu's titles come from the registry
    and each app's texts load with the app."""
    code = (
        "import sys\n"
        "from device.clock import VirtualClock\n"
        "from device.framework.resources import Resources\n"
        "from device.framework.runner import DeviceSetup, Runner, RunnerDeps\n"
        "from device.run.headless import FrameRecorder\n"
        "from device.settings import Settings\n"
        "from device.storage.store import Store\n"
        "from hardware.events import ButtonEvent\n"
        "runner = Runner(RunnerDeps(store=Store(None), resources=Resources(), sink=FrameRecorder(None),\n"
        "                           clock=VirtualClock(0)), DeviceSetup(settings=Settings(), seed=1))\n"
        "runner.show()\n"
        "runner.handle(ButtonEvent('roll'))\n"
        "assert runner.session.mode == 'toolbox'\n"
        "runner.handle(ButtonEvent('ok'))\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = out.stdout.split()
    assert "device.games.toolbox.app" in loaded and "engine.toolbox.rules" in loaded
    others = [m for m in loaded for key in GAMES if key != "toolbox"
              and (m == f"device.games.{key}" or m.startswith((f"device.games.{key}.", f"engine.{key}")))]
    assert others == []
    # Nor the system apps with nothing to fit to the device, nor the generic tests' descriptors.
    assert [m for m in ("device.system.stats.app", "device.system.pause.app", "device.framework.descriptor")
            if m in loaded] == []


def test_the_registry_names_every_system_app_that_fits_a_session_to_its_device() -> None:
    """At start only the system apps in FITS_TO_DEVICE are loaded to adapt the saved session: it
    must name exactly those whose app overrides adapt(), or a real panel would go unlocked."""
    overriding = {key for key in SYSTEM if type(app(key)).adapt is not App.adapt}
    assert overriding == set(FITS_TO_DEVICE)


def test_the_home_menu_lists_the_registry() -> None:
    """Home shows every game of the registry, titled by its registry line, then Statistics and
    Settings, titled by their own tables."""
    entries = menu()
    assert tuple(e.key for e in entries) == MENU == (*GAMES, "stats", "settings")
    assert all(e.title_key in STRINGS for e in entries)
    for listed in LISTED:
        assert STRINGS("en", f"game.{listed.key}") == listed.english
        assert STRINGS("fr", f"game.{listed.key}") == listed.french


def test_the_catalog_joins_each_table_once_and_refuses_a_clash() -> None:
    """An app's table joins when the app loads (twice is once); two tables defining one key
    are an error; a key no joined table has is an error at once, and loads nothing."""
    catalog = Catalog(Strings({"a": ("A", "A fr")}))
    late = Strings({"b": ("B", "B fr")})
    assert "b" not in catalog
    with pytest.raises(KeyError, match="no text 'b'"):
        catalog("en", "b")
    catalog.join(late)
    catalog.join(late)
    assert catalog("fr", "b") == "B fr"
    with pytest.raises(ValueError, match="defined twice"):
        catalog.join(Strings({"a": ("again", "encore")}))
    with pytest.raises(KeyError):
        catalog("en", "c")


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


def test_no_text_writes_a_plural_as_parentheses() -> None:
    """Issue 28: "2 juste(s)" reads as a form, not a sentence; a count picks its own wording."""
    texts = [(key, lang, table(lang, key)) for table in string_tables() for key in table.keys()  # noqa: SIM118
             for lang in ("en", "fr")]
    assert texts
    for key, lang, text in texts:
        assert "(s)" not in text, f"{key} ({lang}): {text}"


def test_a_win_count_is_singular_as_each_language_counts() -> None:
    """Issue 28's French plurals: Statistics says "1 victoire sur 4" (French: 0 and 1 are singular)
    and "1 win in 4", never "1 victoires"."""
    assert wins("fr", 1, 4) == "1 victoire sur 4" and wins("fr", 0, 2) == "0 victoire sur 2"
    assert wins("fr", 2, 4) == "2 victoires sur 4"
    assert wins("en", 1, 4) == "1 win in 4" and wins("en", 0, 2) == "0 wins in 2"
