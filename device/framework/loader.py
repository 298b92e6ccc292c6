"""Load the registered apps by name: each app (with its string table), its gallery samples,
its test descriptor, and the home menu's entries (titles from the registry: no game loaded)."""

from __future__ import annotations

import importlib
from collections.abc import Collection, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from device.framework.contract import App, Context, MenuEntry, Sample
from device.framework.registry import (
    FITS_TO_DEVICE,
    GAMES,
    HOME,
    MENU,
    SYSTEM,
    TITLES,
    package,
    strings_of,
    title_key,
)
from device.strings.all import STRINGS

if TYPE_CHECKING:  # only the tests ask for a descriptor: a start does not load the module
    from device.framework.descriptor import Descriptor


@cache
def app(key: str) -> App[Any]:
    """The app for `key`, its texts joined to the catalog; KeyError for a key no app has."""
    join_texts(key)
    found: App[Any] = importlib.import_module(package(key) + ".app").APP
    return found


def join_texts(key: str) -> None:
    """Join an app's table to the catalog, with the texts any screen may name: the games'
    titles (the registry's) and the system apps' light tables (Statistics, Settings...)."""
    STRINGS.join(TITLES)
    for system in SYSTEM:
        STRINGS.join(strings_of(system))
    STRINGS.join(strings_of(key))


def samples(key: str, ctx: Context) -> Sequence[Sample[Any]]:
    """The gallery's sample states of an app."""
    made: Sequence[Sample[Any]] = importlib.import_module(package(key) + ".samples").samples(ctx)
    return made


def descriptor(key: str) -> Descriptor:
    """What a game tells the generic tests (`device/games/<key>/game.py`)."""
    if key not in GAMES:
        raise KeyError(f"no game {key!r}")
    found: Descriptor = importlib.import_module(package(key) + ".game").GAME
    return found


def menu(under_way: Collection[str] = ()) -> tuple[MenuEntry, ...]:
    """The home menu's entries, marking the games in `under_way` as games to continue."""
    join_texts(HOME)  # the titles, Statistics' and Settings' (light tables)
    return tuple(MenuEntry(key, title_key(key), key in under_way) for key in MENU)


def games_under_way(states: dict[str, Any]) -> tuple[str, ...]:
    """The games among a session's app states that hold a game under way."""
    return tuple(key for key in GAMES if key in states and app(key).in_progress(states[key]))


def adaptable(states: Collection[str]) -> tuple[str, ...]:
    """The apps that may fit a session to its device: the system apps the registry names
    (Settings makes a state to show a real panel locked; the others are not loaded for it) and
    each game with a state (a game without one has none to fit)."""
    return tuple(key for key in (*SYSTEM, *GAMES) if key in FITS_TO_DEVICE or (key in GAMES and key in states))
