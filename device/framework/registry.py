"""The apps on the device. A game is one folder `device/games/<key>/` plus one line in GAMES.

Every app package has the same modules: `app` (its `APP`), `strings` (its `STRINGS` table) and
`samples` (`samples(ctx)`: the gallery's states). The home menu, the string tables, the gallery,
the history and the statistics all read the list of apps from here. This module only names the
apps (and loads their string tables, which import nothing but `device.i18n`); `device.framework.loader`
loads the apps themselves, so no app module ever imports the module that loads it.
"""

from __future__ import annotations

import importlib

from device.i18n import Strings

GAMES: tuple[str, ...] = (
    "toolbox",
    "artbox",
    "identik",
    "artem",
    "canvas",
)
SYSTEM: tuple[str, ...] = ("home", "stats", "settings", "pause")
HOME = "home"
SETTINGS = "settings"
PAUSE = "pause"  # the pause menu a game's Menu key opens; not on the home menu
MENU: tuple[str, ...] = (*GAMES, "stats", "settings")  # what the home menu lists, in order


def package(key: str) -> str:
    """The package of an app: device.games.<key> or device.system.<key>."""
    if key in GAMES:
        return f"device.games.{key}"
    if key in SYSTEM:
        return f"device.system.{key}"
    raise KeyError(f"no app {key!r}")


def keys() -> tuple[str, ...]:
    """Every app, home first, the pause menu last."""
    return (HOME, *MENU, PAUSE)


def known(key: str) -> bool:
    """True for the key of an app on this device."""
    return key in GAMES or key in SYSTEM


def string_tables() -> tuple[Strings, ...]:
    """The string table of every app."""
    return tuple(importlib.import_module(package(key) + ".strings").STRINGS for key in keys())
