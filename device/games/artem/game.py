"""Artem as the generic tests see it: its rules, an example setup, its committed scripts."""

from __future__ import annotations

from device.framework.descriptor import Descriptor, Script
from engine.artem import ARTEM
from engine.artem.setup import Setup


def example() -> Setup:
    """Three players with the rulebook's colours."""
    return Setup(players=3)


GAME = Descriptor(
    rules=ARTEM,
    example=example,
    scripts=(Script("artem_three_players", ends=True), Script("artem_colour_deck_tie", ends=True)),
)
