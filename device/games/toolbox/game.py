"""The Toolbox as the generic tests see it: its rules, an example setup, its committed scripts."""

from __future__ import annotations

from device.framework.descriptor import Descriptor, Refusals, Script
from device.framework.resources import Resources
from engine.toolbox import TOOLBOX
from engine.toolbox.commands import SetPlayers, SetSandglassLength
from engine.toolbox.setup import Setup


def example() -> Setup:
    """Four players and the packaged shape dice."""
    return Setup(shape_dice=Resources().shape_dice)


GAME = Descriptor(
    rules=TOOLBOX,
    rulebook="000",
    example=example,
    scripts=(Script("toolbox_round", ends=False),),  # the Toolbox keeps no score: it never ends
    refusals=Refusals(refused=((SetSandglassLength(5), "glass_length"), (SetPlayers(9), "player_count")),
                      allowed=(SetPlayers(3),)),
)
