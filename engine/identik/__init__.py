"""IDENTIK (2024 edition): the game's contract."""

from __future__ import annotations

from engine.game import Game
from engine.identik import rules
from engine.identik.commands import COMMANDS, Command
from engine.identik.setup import Setup
from engine.identik.state import State

IDENTIK: Game[Setup, State, Command] = Game(
    key="identik", setup_type=Setup, state_type=State, commands=COMMANDS,
    new_game=rules.new_game, apply=rules.apply, refusal=rules.refusal, outcome=rules.outcome,
)

__all__ = ["IDENTIK"]
