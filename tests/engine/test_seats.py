"""Seats 1..players clockwise: who is next, and how sheets pass."""

from __future__ import annotations

import pytest

from engine.seats import check_players, next_seat, passing_map


def test_next_seat_is_to_the_left_and_wraps() -> None:
    """Rulebook 000 l.94: the player to the left is the new Maestro; after the last seat comes seat 1."""
    assert next_seat(1, 4) == 2
    assert next_seat(4, 4) == 1
    assert [next_seat(s, 3) for s in (1, 2, 3)] == [2, 3, 1]


def test_next_seat_with_steps() -> None:
    """Several steps wrap too; a negative step goes to the right."""
    assert next_seat(3, 5, step=4) == 2
    assert next_seat(1, 5, step=-1) == 5
    assert next_seat(2, 6, step=12) == 2


CASES = [(players, skip, direction)
         for players in range(3, 9)
         for skip in (None, *range(1, players + 1))
         for direction in ("left", "right")]


@pytest.mark.parametrize(("players", "skip", "direction"), CASES)
def test_passing_map_is_a_bijection_without_own_sheets(players: int, skip: int | None, direction: str) -> None:
    """Rulebook 002 l.57: pass your drawing left or right; everyone gets one other sheet.

    The skipped seat (the narrator, who does not draw) neither gives nor receives one.
    """
    holders = passing_map(players, skip, direction)  # type: ignore[arg-type]
    seats = {s for s in range(1, players + 1) if s != skip}
    assert set(holders) == seats
    assert sorted(holders.values()) == sorted(seats)
    assert all(holder != owner for holder, owner in holders.items())


@pytest.mark.parametrize("players", range(3, 9))
def test_passing_left_goes_to_the_next_seat(players: int) -> None:
    """Left is the next seat number (clockwise numbering): seat s's sheet goes to seat s+1."""
    left = passing_map(players, None, "left")
    right = passing_map(players, None, "right")
    for owner in range(1, players + 1):
        assert left[next_seat(owner, players)] == owner
        assert right[next_seat(owner, players, -1)] == owner


def test_passing_skips_the_given_seat() -> None:
    """With seat 2 skipped, seat 1 passes left straight to seat 3."""
    assert passing_map(4, 2, "left") == {3: 1, 4: 3, 1: 4}
    assert passing_map(4, 2, "right") == {4: 1, 1: 3, 3: 4}


def test_check_players_refuses_a_count_outside_the_range() -> None:
    """A game names its player range in the refusal."""
    check_players(3, 3, 8, "#ARTBOX")
    check_players(8, 3, 8, "#ARTBOX")
    with pytest.raises(ValueError, match="#ARTBOX is for 3 to 8 players, not 2"):
        check_players(2, 3, 8, "#ARTBOX")
    with pytest.raises(ValueError):
        check_players(9, 3, 8, "#ARTBOX")
