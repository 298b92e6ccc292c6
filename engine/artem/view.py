"""What the Artem screens show, derived from the state: the seat's board, runs, play counts."""

from __future__ import annotations

from engine.artem.board import Cell, Grid, run_at, tiles_on
from engine.artem.refusals import seat_view
from engine.artem.state import State


def view(state: State) -> Grid:
    """The board as the active seat sees it (turned for it under Relative directions)."""
    return seat_view(state)


def run_in_view(state: State, cell: Cell) -> tuple[int, int]:
    """The longest same-colour run through `cell` of the seat's view: (start, length)."""
    return run_at(seat_view(state), cell)


def play_number(state: State) -> int:
    """The number the next play of this turn would have (1 for the 1st play)."""
    return state.plays + 1


def is_first_turn(state: State) -> bool:
    """True during the active seat's first turn, when it may not claim (003 l.36)."""
    return state.turn <= state.setup.players


def tiles_on_board(state: State) -> tuple[str, ...]:
    """The tiles on the board (fewer than 36 only once the colour deck has run out)."""
    return tiles_on(state.board)


def tiles_in_play(state: State) -> int:
    """Tiles on the board, in the colour deck and discarded: always the whole colour deck."""
    return len(tiles_on(state.board)) + len(state.deck) + len(state.discards)
