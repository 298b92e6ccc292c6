"""Load the registered apps by name: each app, its gallery samples, the home menu's entries."""

from __future__ import annotations

import importlib
from collections.abc import Collection, Sequence
from functools import cache
from typing import Any

from device.framework.contract import App, Context, MenuEntry, Sample
from device.framework.registry import GAMES, MENU, package


@cache
def app(key: str) -> App[Any]:
    """The app for `key`; KeyError for a key no app has."""
    found: App[Any] = importlib.import_module(package(key) + ".app").APP
    return found


def samples(key: str, ctx: Context) -> Sequence[Sample[Any]]:
    """The gallery's sample states of an app."""
    made: Sequence[Sample[Any]] = importlib.import_module(package(key) + ".samples").samples(ctx)
    return made


def menu(under_way: Collection[str] = ()) -> tuple[MenuEntry, ...]:
    """The home menu's entries, marking the games in `under_way` as games to continue."""
    return tuple(MenuEntry(key, app(key).title_key, key in under_way) for key in MENU)


def games_under_way(states: dict[str, Any]) -> tuple[str, ...]:
    """The games among a session's app states that hold a game under way."""
    return tuple(key for key in GAMES if key in states and app(key).in_progress(states[key]))
