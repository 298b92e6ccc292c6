"""Artem (rulebook 003): the game's contract."""

from __future__ import annotations

from engine.artem import rules
from engine.artem.commands import COMMANDS, Command
from engine.artem.setup import Setup
from engine.artem.state import State
from engine.game import Game

ARTEM: Game[Setup, State, Command] = Game(
    key="artem", setup_type=Setup, state_type=State, commands=COMMANDS,
    new_game=rules.new_game, apply=rules.apply, refusal=rules.refusal, outcome=rules.outcome,
)

__all__ = ["ARTEM"]
