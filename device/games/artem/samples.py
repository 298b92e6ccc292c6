"""Gallery samples of every Artem screen, reached by pressing buttons from a fresh start."""

from __future__ import annotations

from collections.abc import Sequence

from device.contract import Context, Sample
from device.games.artem.app import APP, ArtemUi
from device.games.artem.drive import sample_states


def samples(ctx: Context) -> Sequence[Sample[ArtemUi]]:
    """Every Artem screen, played through the app's own keys."""
    return sample_states(APP, ctx)
