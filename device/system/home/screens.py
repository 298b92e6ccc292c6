"""The home menu's screen: every entry, with "continue" beside a game under way."""

from __future__ import annotations

from collections.abc import Mapping

from device.framework.contract import MenuEntry
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from device.system.home.ui import HomeUi


def render(ui: HomeUi, menu: tuple[MenuEntry, ...], lang: str, keys: Mapping[str, str], frame: Frame) -> None:
    """The menu with a note on the right of each entry."""
    frame.header(T(lang, "app.name"))
    frame.softkeys(keys)
    notes = [T(lang, "home.continue") if entry.under_way else "" for entry in menu]
    frame.menu(frame.content, [T(lang, entry.title_key) for entry in menu], ui.cursor, right=notes)
