"""The home menu as first seen, and with a game under way further down."""

from __future__ import annotations

from collections.abc import Sequence

from device.framework.contract import Context, Sample
from device.framework.registry import GAMES
from device.system.home.ui import HomeUi


def samples(ctx: Context) -> Sequence[Sample[HomeUi]]:
    """The menu, and the menu with the first game (after the Toolbox) under way."""
    first_game = GAMES[1:2]
    return (Sample("menu", HomeUi()), Sample("menu-continue", HomeUi(cursor=3), under_way=first_game))
