"""Canvas (rulebook 004), 1-5 players with the solo variant: the game's contract."""

from __future__ import annotations

from engine.canvas import rules
from engine.canvas.commands import COMMANDS, Command
from engine.canvas.setup import Setup
from engine.canvas.state import State
from engine.game import Game

CANVAS: Game[Setup, State, Command] = Game(
    key="canvas", setup_type=Setup, state_type=State, commands=COMMANDS,
    new_game=rules.new_game, apply=rules.apply, refusal=rules.refusal, outcome=rules.outcome,
)

__all__ = ["CANVAS"]
