"""The pause menu as first opened (over #ARTBOX), and over the Toolbox with the cursor on Settings."""

from __future__ import annotations

from collections.abc import Sequence

from device.framework.contract import Context, Sample
from device.system.pause.app import APP
from device.system.pause.ui import PauseUi
from device.widgets.presser import Presser


def samples(ctx: Context) -> Sequence[Sample[PauseUi]]:
    """The menu with the cursor on Resume, and on its last row over the longest title."""
    p = Presser(APP, ctx, strict=True)
    over_artbox = PauseUi(game="artbox")
    return (
        Sample("artbox", over_artbox),
        Sample("toolbox-settings", p.press(PauseUi(game="toolbox"), "up")),
    )
