"""The Toolbox's state: the last roll, the sandglass, the number tokens and the generator."""

from __future__ import annotations

from dataclasses import dataclass

from engine.finish_order import FinishOrder
from engine.rng import Rng
from engine.sandglass import Sandglass
from engine.toolbox.setup import MAX_TOKENS, DiceKind, Setup


@dataclass(frozen=True)
class State:
    """Everything on the Toolbox: last roll, sandglass, number tokens and the generator."""

    setup: Setup
    rng: Rng
    sandglass: Sandglass
    order: FinishOrder
    dice_kind: DiceKind = "shapes"
    tokens: int = 4
    last_roll: tuple[str, ...] = ()
    last_roll_kind: DiceKind = "shapes"
    rolls: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.tokens <= MAX_TOKENS:
            raise ValueError(f"toss 1 to {MAX_TOKENS} tokens, not {self.tokens}")
        if self.order.players != self.setup.players:
            raise ValueError("the finish order must seat the toolbox's players")
