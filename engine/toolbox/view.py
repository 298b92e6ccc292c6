"""What the Toolbox screens ask of its state beyond its fields."""

from __future__ import annotations

from engine.dice import Die, numbered_die
from engine.toolbox.state import State


def dice_for(state: State) -> tuple[Die, ...]:
    """The dice `roll` throws for the current choice."""
    if state.dice_kind == "shapes":
        return state.setup.shape_dice
    if state.dice_kind == "d6":
        return (numbered_die(6),)
    if state.dice_kind == "d10":
        return (numbered_die(10),)
    return tuple(Die(f"token {i + 1}", ("up", "down")) for i in range(state.tokens))
