"""The apps on the device. A game is one folder `device/games/<key>/` plus one line in GAMES.

Every app package has the same modules: `app` (its `APP`), `strings` (its `STRINGS` table) and
`samples` (`samples(ctx)`: the gallery's states). The home menu, the string tables, the gallery,
the history and the statistics all read the list of apps from here.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Sequence
from functools import cache
from typing import Any

from device.contract import App, Context, MenuEntry, Sample
from device.i18n import Strings

GAMES: tuple[str, ...] = (
    "toolbox",
    "artbox",
    "identik",
    "artem",
    "canvas",
)
SYSTEM: tuple[str, ...] = ("home", "stats", "settings")
HOME = "home"
MENU: tuple[str, ...] = (*GAMES, "stats", "settings")  # what the home menu lists, in order


def package(key: str) -> str:
    """The package of an app: device.games.<key> or device.system.<key>."""
    if key in GAMES:
        return f"device.games.{key}"
    if key in SYSTEM:
        return f"device.system.{key}"
    raise KeyError(f"no app {key!r}")


def keys() -> tuple[str, ...]:
    """Every app, home first."""
    return (HOME, *MENU)


def known(key: str) -> bool:
    """True for the key of an app on this device."""
    return key in GAMES or key in SYSTEM


@cache
def app(key: str) -> App[Any]:
    """The app for `key`; KeyError for a key no app has."""
    found: App[Any] = importlib.import_module(package(key) + ".app").APP
    return found


def samples(key: str, ctx: Context) -> Sequence[Sample[Any]]:
    """The gallery's sample states of an app."""
    made: Sequence[Sample[Any]] = importlib.import_module(package(key) + ".samples").samples(ctx)
    return made


def string_tables() -> tuple[Strings, ...]:
    """The string table of every app."""
    return tuple(importlib.import_module(package(key) + ".strings").STRINGS for key in keys())


def menu(under_way: Collection[str] = ()) -> tuple[MenuEntry, ...]:
    """The home menu's entries, marking the games in `under_way` as games to continue."""
    return tuple(MenuEntry(key, app(key).title_key, key in under_way) for key in MENU)


def games_under_way(states: dict[str, Any]) -> tuple[str, ...]:
    """The games among a session's app states that hold a game under way."""
    return tuple(key for key in GAMES if key in states and app(key).in_progress(states[key]))
