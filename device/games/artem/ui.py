"""Artem's UI state: the setup being chosen, the game under way, and where the cursor is while a
card is being played (which row, column, neighbour or run)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from engine.artem.board import SIZE, Cell
from engine.artem.commands import FlipCard
from engine.artem.setup import Setup
from engine.artem.state import State

Screen = Literal["setup", "board", "over"]
Mode = Literal["actions", "colour", "row", "col", "pair", "end"]
Card = Literal["", "move1", "move2", "flip_h", "flip_v", "flip_w", "claim"]

SETUP_ITEMS: tuple[str, ...] = ("players", "all_in", "relative", "flip_back", "start")
DRAW_ACTIONS: tuple[str, ...] = ("drawn", "end_turn", "main_out")
PLAY_ACTIONS: tuple[str, ...] = ("move1", "move2", "flip_h", "flip_v", "flip_w", "claim",
                                 "end_turn")
FLIP_KIND: dict[str, FlipCard] = {"flip_h": "horizontal", "flip_v": "vertical",
                                         "flip_w": "wild"}


@dataclass(frozen=True)
class ArtemUi:
    """The game (None until started), the setup being chosen, and the cursor's place."""

    draft: Setup
    seed: int
    game: State | None = None
    screen: Screen = "setup"
    cursor: int = 0  # setup item, or entry of the action list
    mode: Mode = "actions"
    card: Card = ""
    colour: int = 0  # claim card colour (index into the setup's colours)
    row: int = 0
    col: int = 0
    pick: int = 0  # the second tile of a flip (neighbour index) or a claim's last column

    def __post_init__(self) -> None:
        if self.screen != "setup" and self.game is None:
            raise ValueError("the board and end screens need a game")
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise ValueError("the cursor is off the board")


def actions(game: State) -> tuple[str, ...]:
    """What the action list offers now."""
    return DRAW_ACTIONS if game.phase == "draw" else PLAY_ACTIONS


def neighbours(card: Card, cell: Cell) -> tuple[Cell, ...]:
    """Cells a flip card may swap with `cell`: right, below, left, above, as the card allows."""
    row, col = cell
    sideways: tuple[Cell, ...] = ((row, col + 1), (row, col - 1))
    upright: tuple[Cell, ...] = ((row + 1, col), (row - 1, col))
    if card == "flip_h":
        found = sideways
    elif card == "flip_v":
        found = upright
    else:
        found = (sideways[0], upright[0], sideways[1], upright[1])
    return tuple(c for c in found if 0 <= c[0] < SIZE and 0 <= c[1] < SIZE)


def cell_name(cell: Cell) -> str:
    """A cell as players read it on the board's edges: column letter, row number ("C2")."""
    return f"{'ABCDEF'[cell[1]]}{cell[0] + 1}"


def claim_run(ui: ArtemUi) -> tuple[int, int]:
    """The run a claim pick covers now: (first column, length)."""
    return ui.col, ui.pick - ui.col + 1


def mode_for(action: str) -> Mode:
    """Where playing a card starts: a claim with its colour, any other card with its row."""
    return "colour" if action == "claim" else "row"


def as_card(action: str) -> Card:
    """The card an action of the list plays ("" for the other actions)."""
    for card in CARDS:
        if card == action:
            return card
    return ""


CARDS: tuple[Card, ...] = ("move1", "move2", "flip_h", "flip_v", "flip_w", "claim")
# What ok changes on the setup rows that hold a value.
NEXT_OPTION: dict[str, Callable[[Setup], Setup]] = {
    "players": lambda d: replace(d, players={2: 3, 3: 4, 4: 2}[d.players]),
    "all_in": lambda d: replace(d, all_in=not d.all_in),
    "relative": lambda d: replace(d, relative_directions=not d.relative_directions),
    "flip_back": lambda d: replace(d, flip_back_allowed=not d.flip_back_allowed),
}
