"""The pause menu's screen: the paused game in the header, then Resume, Undo, Home, Settings."""

from __future__ import annotations

from collections.abc import Mapping

from device.render.frame import Frame
from device.strings.all import STRINGS as T
from device.system.pause.ui import PauseUi

ROW_TEXT = {"resume": "pause.resume", "undo": "pause.undo", "home": "pause.home", "settings": "settings.title"}


def render(ui: PauseUi, game_title: str, lang: str, keys: Mapping[str, str], frame: Frame) -> None:
    """The menu under a header naming the paused game."""
    frame.header(T(lang, "pause.title"), game_title)
    frame.softkeys(keys)
    frame.menu(frame.content, [T(lang, text) for text in ROW_TEXT.values()], ui.cursor)
