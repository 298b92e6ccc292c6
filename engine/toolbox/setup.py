"""The Toolbox's setup: the shape dice, the table size and the sandglass length, with limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.dice import Die

DiceKind = Literal["shapes", "d6", "d10", "tokens"]
DICE_KINDS: tuple[DiceKind, ...] = ("shapes", "d6", "d10", "tokens")
MAX_TOKENS = 8
SANDGLASS_MIN_S = 30
SANDGLASS_MAX_S = 300


@dataclass(frozen=True)
class Setup:
    """The shape dice (faces are data), the table size and the sandglass length."""

    shape_dice: tuple[Die, ...]
    players: int = 4
    sandglass_s: int = 90

    def __post_init__(self) -> None:
        if not self.shape_dice:
            raise ValueError("the toolbox needs at least one shape die")
        if not 1 <= self.players <= 8:
            raise ValueError(f"the toolbox seats 1 to 8 players, not {self.players}")
        if not SANDGLASS_MIN_S <= self.sandglass_s <= SANDGLASS_MAX_S:
            raise ValueError(
                f"sandglass length {self.sandglass_s} s is outside {SANDGLASS_MIN_S}-{SANDGLASS_MAX_S} s"
            )
