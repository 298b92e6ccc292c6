"""The apps on the device. A game is its two folders (`engine/<key>/`, `device/games/<key>/`)
plus one line in LISTED: its key and its title in English and French.

Every game package has the same modules: `app` (its `APP`), `strings` (its `STRINGS` table),
`samples` (`samples(ctx)`: the gallery's states) and `game` (`GAME`: what the generic tests
check, see `device.framework.descriptor`). The home menu, the string tables, the gallery, the
tests, the history and the statistics all read the list of apps from here. This module only
names the apps and their titles, so the home menu shows every game without loading one;
`device.framework.loader` loads the apps themselves, so no app module imports what loads it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from device.i18n import Strings


@dataclass(frozen=True)
class Listed:
    """A game on the home menu: its key (the name of its two folders) and its title."""

    key: str
    english: str
    french: str


LISTED: tuple[Listed, ...] = (
    Listed("toolbox", "Toolbox", "Boîte à outils"),
    Listed("artbox", "#ARTBOX", "#ARTBOX"),
    Listed("identik", "IDENTIK", "IDENTIK"),
    Listed("artem", "Artem", "Artem"),
    Listed("canvas", "Canvas", "Canvas"),
)
GAMES: tuple[str, ...] = tuple(game.key for game in LISTED)
SYSTEM: tuple[str, ...] = ("home", "stats", "settings", "pause")
HOME = "home"
SETTINGS = "settings"
PAUSE = "pause"  # the pause menu a game's Menu key opens; not on the home menu
# The system apps whose adapt() fits a saved session to its device at start (Settings: a real
# panel shown locked); the other system apps are not loaded for it.
FITS_TO_DEVICE: tuple[str, ...] = (SETTINGS,)
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


def title_key(key: str) -> str:
    """The string key of an app's title on the home menu: `game.<key>` for a game (from its
    line above), `<key>.title` in a system app's own table."""
    return f"game.{key}" if key in GAMES else f"{key}.title"


def strings_of(key: str) -> Strings:
    """An app's string table (its `strings` module imports nothing but `device.i18n`)."""
    table: Strings = importlib.import_module(package(key) + ".strings").STRINGS
    return table


def string_tables() -> tuple[Strings, ...]:
    """The string table of every app."""
    return tuple(strings_of(key) for key in keys())


TITLES = Strings({title_key(game.key): (game.english, game.french) for game in LISTED})
