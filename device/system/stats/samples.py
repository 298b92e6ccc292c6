"""The Statistics screen with no games yet, and with a small history."""

from __future__ import annotations

from collections.abc import Sequence

from device.framework.contract import Context, Sample
from device.storage.history import GameRecord
from device.system.stats.ui import StatsUi

SAMPLE_HISTORY: tuple[GameRecord, ...] = (
    GameRecord("artbox", "2026-11-20T20:10:00", ("Ana", "Bruno", "Chloé", "Dev"), (5, 3, 2, 4), (1,), 11),
    GameRecord("identik", "2026-11-21T19:00:00", ("Ana", "Bruno", "Chloé"), (21, 25, 25), (2, 3), 12),
    GameRecord("artbox", "2026-11-22T21:30:00", ("Bruno", "Dev", "Ana"), (5, 1, 4), (1,), 13),
)


def samples(ctx: Context) -> Sequence[Sample[StatsUi]]:
    """No games yet; and a small history (the sample's context carries it)."""
    return (Sample("empty", StatsUi()), Sample("figures", StatsUi(cursor=1), history=SAMPLE_HISTORY))
