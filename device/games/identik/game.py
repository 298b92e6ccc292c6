"""IDENTIK as the generic tests see it: its rules, an example setup, its committed scripts."""

from __future__ import annotations

from device.framework.descriptor import Descriptor, Script
from engine.identik import IDENTIK
from engine.identik.setup import Setup


def example() -> Setup:
    """Four players, seat 1 narrating first."""
    return Setup(players=4, first_narrator=1)


GAME = Descriptor(
    rules=IDENTIK,
    example=example,
    scripts=(Script("identik_full_game", ends=True), Script("identik_full_game_four_keys", ends=True)),
)
