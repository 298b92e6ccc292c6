"""Artem's commands: the cards a seat plays (the main deck stays in the players' hands).

Rows, columns and "left" are in the active seat's frame. Rulebook: file 003.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from engine.artem.board import Cell

FlipCard = Literal["horizontal", "vertical", "wild"]


@dataclass(frozen=True)
class BeginPlays:
    """Phase 1 (discard and draw to 5 cards) is done at the table; the plays start."""


@dataclass(frozen=True)
class Move:
    """A move card: slide `row` (0 at the top of the seat's frame) left by `steps`."""

    row: int
    steps: int


@dataclass(frozen=True)
class Flip:
    """A flip card of kind `card`: swap the tiles of two adjacent cells (seat's frame)."""

    card: FlipCard
    first: Cell
    second: Cell


@dataclass(frozen=True)
class Claim:
    """A claim card of `colour` on `length` tiles of `row` from column `start` (seat's frame)."""

    colour: str
    row: int
    start: int
    length: int


@dataclass(frozen=True)
class EndTurn:
    """The active seat is done; the next seat clockwise begins phase 1."""


@dataclass(frozen=True)
class MainDeckOut:
    """The active seat had to draw from the main deck and could not: the game ends (003 l.93)."""


Command = BeginPlays | Move | Flip | Claim | EndTurn | MainDeckOut
COMMANDS: tuple[type, ...] = get_args(Command)  # the union's classes, in its order
