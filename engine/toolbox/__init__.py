"""The Toolbox (dice, sandglass, finishing order): its contract, the same as a game's."""

from __future__ import annotations

from engine.game import Game
from engine.toolbox import rules
from engine.toolbox.commands import COMMANDS, Command
from engine.toolbox.setup import Setup
from engine.toolbox.state import State

TOOLBOX: Game[Setup, State, Command] = Game(
    key="toolbox", setup_type=Setup, state_type=State, commands=COMMANDS,
    new_game=rules.new_game, apply=rules.apply, refusal=rules.refusal, outcome=rules.outcome,
)

__all__ = ["TOOLBOX"]
