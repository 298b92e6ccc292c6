"""IDENTIK as the generic tests see it: its rules, an example setup, its committed scripts."""

from __future__ import annotations

from device.framework.descriptor import CountRow, Descriptor, Refusals, Script
from device.games.identik.ui import SETUP_ROWS
from engine.identik import IDENTIK
from engine.identik.commands import ChooseSuper, RollSuper, StartTimer
from engine.identik.setup import Setup


def example() -> Setup:
    """Four players, seat 1 narrating first."""
    return Setup(players=4, first_narrator=1)


GAME = Descriptor(
    rules=IDENTIK,
    rulebook="002",
    example=example,
    scripts=(Script("identik_full_game", ends=True), Script("identik_full_game_four_keys", ends=True)),
    refusals=Refusals(refused=((StartTimer(0), "identik.not_now"),), allowed=(ChooseSuper(4), RollSuper())),
    counts=(
        CountRow("players", SETUP_ROWS.index("players"), lambda s: s.draft.players, (3, 6)),
        CountRow("narrations", SETUP_ROWS.index("narrations"), lambda s: s.draft.narrations_each, (1, 3)),
        CountRow("first", SETUP_ROWS.index("first"), lambda s: s.draft.first, (0, 4)),
    ),
)
