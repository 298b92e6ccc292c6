"""Helpers for the Artem tests: boards written as letters, and every command to try."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from engine.artem.board import EMPTY, SIZE
from engine.artem.commands import BeginPlays, Claim, Command, EndTurn, Flip, MainDeckOut, Move
from engine.artem.refusals import refusal
from engine.artem.setup import Setup, TileColour
from engine.artem.state import State
from engine.artem.view import view
from engine.deck import Deck
from engine.rng import Rng

LETTERS = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "K": "black"}
BY_ID = {v: k for k, v in LETTERS.items()}


def tiles(text: str) -> tuple[str, ...]:
    """Colour ids from letters: "RRG" -> ("red", "red", "green")."""
    return tuple(LETTERS[ch] for ch in text)


def make(
    rows: list[str],
    deck: str = "",
    *,
    discards: str = "",
    players: int = 3,
    seat: int = 1,
    turn: int | None = None,
    phase: str = "play",
    scores: tuple[int, ...] | None = None,
    **options: Any,
) -> State:
    """A state with this board (letters, marker's frame), deck (top first) and discards.

    The colour deck is exactly these tiles, so the counting invariant holds. By default it is
    not anyone's first turn and phase 1 is done.
    """
    board = tuple(tiles(row) for row in rows)
    counts = Counter(t for row in board for t in row)
    counts.update(tiles(deck))
    counts.update(tiles(discards))
    colours = tuple(TileColour(c, n) for c, n in counts.items() if n)
    setup = Setup(players=players, colours=colours, **options)
    return State(
        setup=setup, rng=Rng.from_seed(0), board=board, deck=Deck(tiles(deck)),
        discards=tiles(discards), scores=scores or (0,) * players, phase=phase,  # type: ignore[arg-type]
        seat=seat, turn=players + seat if turn is None else turn,
    )


def rows(state: State) -> list[str]:
    """The active seat's view as letter strings ("." for an empty cell)."""
    return ["".join(BY_ID.get(t, ".") if t != EMPTY else "." for t in row) for row in view(state)]


def board_rows(state: State) -> list[str]:
    """The board in the marker's frame as letter strings."""
    return ["".join(BY_ID[t] if t != EMPTY else "." for t in row) for row in state.board]


def candidates(state: State) -> list[Command]:
    """Every command worth trying now (legal or not)."""
    out: list[Command] = [BeginPlays(), EndTurn(), MainDeckOut()]
    out += [Move(r, s) for r in range(SIZE) for s in (1, 2)]
    for r in range(SIZE):
        for c in range(SIZE):
            if c + 1 < SIZE:
                out.append(Flip("horizontal", (r, c), (r, c + 1)))
            if r + 1 < SIZE:
                out.append(Flip("vertical", (r, c), (r + 1, c)))
    grid = view(state)
    for r in range(SIZE):
        for start in range(SIZE):
            for length in range(2, SIZE - start + 1):
                out.append(Claim(grid[r][start] or "red", r, start, length))
    return out


def legal(state: State) -> list[Command]:
    """The commands the rules allow now."""
    return [c for c in candidates(state) if refusal(state, c) is None]


def fresh(state: State, **changes: Any) -> State:
    """`replace` for tests."""
    return replace(state, **changes)
