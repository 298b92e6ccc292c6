"""The apps on the home menu. A game appears once its module `device.apps.<key>` exists."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from device.apps.base import App

GAME_KEYS: tuple[str, ...] = ("artbox", "identik", "artem", "canvas")
PLAY_KEYS: tuple[str, ...] = ("toolbox", *GAME_KEYS)  # apps that play: undo, redo, "continue"
MENU_KEYS: tuple[str, ...] = (*PLAY_KEYS, "stats", "settings")


@cache
def app(key: str) -> App[Any] | None:
    """The app for `key`, or None while that game has not arrived yet ("coming")."""
    name = f"device.apps.{key}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
    found: App[Any] = module.APP
    return found


def available() -> tuple[str, ...]:
    """Keys of every app that can be opened, home and settings included."""
    return tuple(k for k in ("home", *MENU_KEYS) if app(k) is not None)
