"""Artem's setup: players, the colour deck, the variants, and the rulebook's tables.

Rulebook references are to the Artem rulebook, "How to Play Artem" (file 003).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.artem.board import SIDES, SIZE, Side
from engine.seats import check_players

# 003 l.73-79: points for a claimed run by its length, as the 1st / the 2nd play of a turn.
CLAIM_POINTS: dict[int, tuple[int, int]] = {2: (1, 1), 3: (3, 2), 4: (5, 3), 5: (7, 4), 6: (9, 5)}
MIN_RUN, MAX_RUN = 2, 6
# 003 l.85-89: points to win by number of players.
POINTS_TO_WIN: dict[int, int] = {2: 20, 3: 15, 4: 10}
# 003 l.33: up to 2 cards a turn; 003 l.21/l.31: a hand holds 5 cards, the All In limit.
PLAYS_PER_TURN = 2
HAND_SIZE = 5
MOVE_STEPS = (1, 2)  # 003 l.55

@dataclass(frozen=True)
class TileColour:
    """One colour of the colour deck and how many tiles of it the deck holds."""

    id: str
    count: int

    def __post_init__(self) -> None:
        if not self.id or not self.id.isidentifier():
            raise ValueError(f"colour id {self.id!r} must be a plain word")
        if not 1 <= self.count <= 999:
            raise ValueError(f"colour {self.id!r}: count {self.count} must be 1 to 999")


# The component facts give 72 tiles but not their colours: 6 colours of 12 is our default,
# kept equal to device/data/artem.toml (a device test checks it).
DEFAULT_COLOURS: tuple[TileColour, ...] = tuple(
    TileColour(c, 12) for c in ("red", "orange", "yellow", "green", "blue", "black")
)


def default_sides(players: int) -> tuple[Side, ...]:
    """Seats clockwise from the bottom edge (seat 2 on seat 1's left); two players face."""
    return ("bottom", "top") if players == 2 else SIDES[:players]


@dataclass(frozen=True)
class Setup:
    """Players, the colour deck and the variants (All In, Relative directions)."""

    players: int = 3
    colours: tuple[TileColour, ...] = DEFAULT_COLOURS
    all_in: bool = False
    relative_directions: bool = False
    seat_sides: tuple[Side, ...] = ()  # empty: default_sides(players)
    flip_back_allowed: bool = False

    def __post_init__(self) -> None:
        check_players(self.players, 2, 4, "Artem")
        if len(self.colours) < 2:
            raise ValueError("the colour deck needs at least 2 colours")
        ids = [c.id for c in self.colours]
        if len(set(ids)) != len(ids):
            raise ValueError(f"colour ids repeat: {', '.join(ids)}")
        if self.total_tiles < SIZE * SIZE:
            raise ValueError(f"the colour deck has {self.total_tiles} tiles; the board needs 36")
        if self.seat_sides and len(self.seat_sides) != self.players:
            raise ValueError(f"seat_sides names {len(self.seat_sides)} seats for {self.players}")
        for side in self.seat_sides:
            if side not in SIDES:
                raise ValueError(f"unknown side {side!r}; use one of {', '.join(SIDES)}")

    @property
    def total_tiles(self) -> int:
        """Tiles in the whole colour deck."""
        return sum(c.count for c in self.colours)

    @property
    def colour_ids(self) -> tuple[str, ...]:
        """The colour ids in setup order."""
        return tuple(c.id for c in self.colours)

    @property
    def target(self) -> int:
        """Points that win at once (003 l.85-89)."""
        return POINTS_TO_WIN[self.players]

    @property
    def max_plays(self) -> int:
        """Cards a seat may play in a turn: 2, or a whole hand in All In (003 l.113)."""
        return HAND_SIZE if self.all_in else PLAYS_PER_TURN

    @property
    def max_claims(self) -> int:
        """Claims allowed in a turn: 1 (003 l.35), any in All In (003 l.113)."""
        return HAND_SIZE if self.all_in else 1

    def side_of(self, seat: int) -> Side:
        """The board edge a seat plays from (the marker's frame for all without the variant)."""
        if not self.relative_directions:
            return "bottom"
        return (self.seat_sides or default_sides(self.players))[seat - 1]
