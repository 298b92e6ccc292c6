"""#ARTBOX (rulebooks 000 English, 001 French): the game's contract."""

from __future__ import annotations

from engine.artbox import rules
from engine.artbox.commands import COMMANDS, Command
from engine.artbox.setup import Setup
from engine.artbox.state import State
from engine.game import Game

ARTBOX: Game[Setup, State, Command] = Game(
    key="artbox", setup_type=Setup, state_type=State, commands=COMMANDS,
    new_game=rules.new_game, apply=rules.apply, refusal=rules.refusal, outcome=rules.outcome,
)

__all__ = ["ARTBOX"]
