"""Gallery samples of every artbox screen."""

from __future__ import annotations

from collections.abc import Sequence

from device.contract import Context, Sample
from device.games.artbox import screens
from device.games.artbox.app import APP, ArtboxUi


def samples(ctx: Context) -> Sequence[Sample[ArtboxUi]]:
    """Every screen, played through the app's own keys."""
    return screens.samples(APP, ctx)
