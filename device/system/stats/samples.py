"""The Statistics screen with no games yet, and with a history of every registered game that
ends (from the registry: a game added there appears here), named players and unnamed seats."""

from __future__ import annotations

from collections.abc import Sequence

from device.framework.contract import Context, Sample
from device.framework.loader import descriptor
from device.framework.registry import GAMES
from device.storage.history import GameRecord
from device.system.stats.ui import StatsUi

NAMES = ("Ana", "Bruno", "Chloé", "Dev")


def sample_history() -> tuple[GameRecord, ...]:
    """A finished game of each registered game that ends (its descriptor has a script that ends
    it), three or four named players each, then one with its seats left unnamed."""
    ending = [key for key in GAMES if any(script.ends for script in descriptor(key).scripts)]
    records = []
    for i, key in enumerate(ending):
        players = NAMES[: 3 + i % 2]
        scores = tuple((7 * (i + s)) % 10 for s in range(len(players)))
        records.append(GameRecord(key, f"2026-11-{20 + i}T20:00:00", players, scores, (i % len(players) + 1,), 11 + i))
    unnamed = GameRecord(ending[0], "2026-11-30T20:00:00", ("", "", ""), (3, 5, 1), (2,), 99)
    return (*records, unnamed)


def samples(ctx: Context) -> Sequence[Sample[StatsUi]]:
    """No games yet; and a small history (the sample's context carries it)."""
    return (Sample("empty", StatsUi()), Sample("figures", StatsUi(cursor=1), history=sample_history()))
