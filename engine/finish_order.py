"""Number tokens: the first seat to finish takes #1, the next #2, and so on."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalCommand


@dataclass(frozen=True)
class FinishOrder:
    """Seats in the order they finished; seat `seats[i]` holds token #i+1."""

    players: int
    seats: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= self.players <= 8:
            raise ValueError("finish order needs 1 to 8 players")
        if len(set(self.seats)) != len(self.seats):
            raise ValueError("a seat holds at most one number token")
        for seat in self.seats:
            if not 1 <= seat <= self.players:
                raise ValueError(f"seat {seat} is not at this table")

    def take(self, seat: int) -> FinishOrder:
        """Give `seat` the lowest free token; refuses a second token or an unknown seat."""
        if not 1 <= seat <= self.players:
            raise IllegalCommand(f"seat {seat} is not at this table of {self.players}", "not_at_table", seat=seat)
        if seat in self.seats:
            token = self.token_of(seat)
            raise IllegalCommand(f"seat {seat} already holds #{token}", "already_taken", seat=seat, token=token)
        return FinishOrder(self.players, (*self.seats, seat))

    def token_of(self, seat: int) -> int | None:
        """The token a seat holds, or None."""
        return self.seats.index(seat) + 1 if seat in self.seats else None

    @property
    def next_token(self) -> int:
        """The token the next finisher takes."""
        return len(self.seats) + 1

    @property
    def complete(self) -> bool:
        """True when every seat holds a token."""
        return len(self.seats) == self.players

    def waiting(self) -> tuple[int, ...]:
        """Seats still without a token, in seat order."""
        return tuple(s for s in range(1, self.players + 1) if s not in self.seats)
