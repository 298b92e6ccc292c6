"""Gallery samples of every toolbox screen."""

from __future__ import annotations

from collections.abc import Sequence

from device.contract import Context, Sample
from device.games.toolbox import screens
from device.games.toolbox.app import APP, ToolboxUi


def samples(ctx: Context) -> Sequence[Sample[ToolboxUi]]:
    """Every screen, played through the app's own keys."""
    return screens.samples(APP, ctx)
