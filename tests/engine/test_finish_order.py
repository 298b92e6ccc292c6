"""Number tokens: the next seat to finish takes the lowest free token."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalCommand
from engine.finish_order import FinishOrder


def test_first_to_finish_takes_one_then_two() -> None:
    """Rulebook 000 l.44: take the lowest Number token; the first takes #1, the second #2."""
    order = FinishOrder(4).take(3).take(1)
    assert order.token_of(3) == 1
    assert order.token_of(1) == 2
    assert order.token_of(2) is None
    assert order.next_token == 3


@given(st.integers(min_value=1, max_value=8).flatmap(lambda n: st.permutations(range(1, n + 1))))
def test_tokens_follow_the_finishing_order(seats: list[int]) -> None:
    """Rulebook 000 l.167: the first to finish takes #1, the next #2, and so on until all finish."""
    order = FinishOrder(len(seats))
    for i, seat in enumerate(seats):
        assert order.next_token == i + 1
        assert not order.complete
        order = order.take(seat)
        assert order.token_of(seat) == i + 1
    assert order.complete
    assert order.waiting() == ()


def test_a_seat_cannot_take_two_tokens() -> None:
    """A seat that holds a token is refused another and the order is unchanged."""
    order = FinishOrder(4).take(3)
    with pytest.raises(IllegalCommand, match="seat 3 already holds #1") as refused:
        order.take(3)
    assert refused.value.code == "already_taken"
    assert refused.value.params == {"seat": 3, "token": 1}
    assert order == FinishOrder(4, (3,))


@pytest.mark.parametrize("seat", [0, 5, -1, 9])
def test_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    """Rulebook 000 l.18: tokens equal to the number of players; seat 5 of 4 gets none."""
    with pytest.raises(IllegalCommand, match=f"seat {seat} is not at this table") as refused:
        FinishOrder(4).take(seat)
    assert refused.value.code == "not_at_table"
    assert refused.value.params == {"seat": seat}


def test_waiting_lists_seats_without_tokens_in_seat_order() -> None:
    """Seats still drawing are listed in seat order, not finishing order."""
    order = FinishOrder(5).take(4).take(2)
    assert order.waiting() == (1, 3, 5)
    assert FinishOrder(3).waiting() == (1, 2, 3)


def test_complete_only_when_every_seat_holds_a_token() -> None:
    """The round's order is complete once all seats have finished."""
    order = FinishOrder(2).take(2)
    assert not order.complete
    assert order.take(1).complete


@pytest.mark.parametrize(("players", "seats"), [
    (0, ()), (9, ()), (4, (1, 1)), (4, (5,)), (4, (0,)),
])
def test_invalid_orders_are_refused(players: int, seats: tuple[int, ...]) -> None:
    """1 to 8 players (8 number tokens); seats on the table, each at most once."""
    with pytest.raises(ValueError):
        FinishOrder(players, seats)
