"""The home menu as the registry lists it: as first seen, with a game under way further down,
and with the cursor on its last entry (the Settings), which a small panel shows only scrolled.

The entries are the registry's (`device.framework.loader.menu`, the gallery's default), so the
images show the menu a device shows: a game added to the registry appears in them.
"""

from __future__ import annotations

from collections.abc import Sequence

from device.framework.contract import Context, Sample
from device.framework.registry import GAMES, MENU
from device.system.home.ui import HomeUi


def samples(ctx: Context) -> Sequence[Sample[HomeUi]]:
    """The menu; the menu with the first game after the Toolbox under way; the last entry."""
    return (Sample("menu", HomeUi()),
            Sample("menu-continue", HomeUi(cursor=3), under_way=(GAMES[1],)),
            Sample("menu-last", HomeUi(cursor=len(MENU) - 1)))
