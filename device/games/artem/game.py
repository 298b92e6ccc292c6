"""Artem as the generic tests see it: its rules, an example setup, its committed scripts."""

from __future__ import annotations

from device.framework.descriptor import CountRow, Descriptor, Refusals, Script
from device.games.artem.ui import SETUP_ITEMS
from engine.artem import ARTEM
from engine.artem.commands import EndTurn, MainDeckOut, Move
from engine.artem.setup import Setup


def example() -> Setup:
    """Three players with the rulebook's colours."""
    return Setup(players=3)


GAME = Descriptor(
    rules=ARTEM,
    rulebook="003",
    example=example,
    scripts=(Script("artem_three_players", ends=True), Script("artem_colour_deck_tie", ends=True)),
    refusals=Refusals(refused=((Move(0, 1), "artem_draw_first"),), allowed=(EndTurn(), MainDeckOut())),
    counts=(CountRow("players", SETUP_ITEMS.index("players"), lambda s: s.draft.players, (2, 4)),),
)
