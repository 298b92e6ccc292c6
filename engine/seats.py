"""Seats around the table (numbered 1..players clockwise) and how roles rotate."""

from __future__ import annotations

from typing import Literal

Direction = Literal["left", "right"]


def check_players(players: int, low: int, high: int, game: str) -> None:
    """Refuse a player count outside the game's range."""
    if not low <= players <= high:
        raise ValueError(f"{game} is for {low} to {high} players, not {players}")


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat `step` places clockwise (to the left) of `seat`."""
    return (seat - 1 + step) % players + 1


def passing_map(players: int, skip: int | None, direction: Direction) -> dict[int, int]:
    """Who receives whose sheet: {holder: owner}, passing one place, skipping seat `skip`.

    Clockwise seat numbering means "left" is the next seat number.
    """
    seats = [s for s in range(1, players + 1) if s != skip]
    step = 1 if direction == "left" else -1
    return {seats[(i + step) % len(seats)]: owner for i, owner in enumerate(seats)}
