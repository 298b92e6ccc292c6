"""The home menu as first seen, and with a game under way further down.

The entries are a fixed list (the five games of the first release, Statistics, Settings), not
the registry's: adding a game changes none of these images.
"""

from __future__ import annotations

from collections.abc import Sequence

from device.framework.contract import Context, MenuEntry, Sample
from device.system.home.ui import HomeUi

ENTRIES: tuple[tuple[str, str], ...] = (
    ("toolbox", "game.toolbox"), ("artbox", "game.artbox"), ("identik", "game.identik"),
    ("artem", "game.artem"), ("canvas", "game.canvas"), ("stats", "stats.title"), ("settings", "settings.title"),
)


def _menu(under_way: str = "") -> tuple[MenuEntry, ...]:
    return tuple(MenuEntry(key, title, key == under_way) for key, title in ENTRIES)


def samples(ctx: Context) -> Sequence[Sample[HomeUi]]:
    """The menu, and the menu with the first game (after the Toolbox) under way."""
    return (Sample("menu", HomeUi(), menu=_menu()),
            Sample("menu-continue", HomeUi(cursor=3), under_way=("artbox",), menu=_menu("artbox")))
