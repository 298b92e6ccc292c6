"""Artem's state: the board in the marker's frame, the colour deck, scores and the turn.

Rulebook references are to the Artem rulebook, "How to Play Artem" (file 003).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from engine.artem.board import EMPTY, SIZE, Cell, Grid, adjacent, in_board
from engine.artem.setup import Setup
from engine.deck import Deck
from engine.rng import Rng

Phase = Literal["draw", "play", "over"]
EndReason = Literal["", "target", "colour_deck", "main_deck"]
PlayKind = Literal["move", "flip", "claim"]


@dataclass(frozen=True)
class LastPlay:
    """What the latest accepted play did, for the screen."""

    seat: int
    kind: PlayKind
    play: int  # 1 for the 1st play of the turn
    colour: str = ""  # the claimed colour
    length: int = 0  # tiles claimed or places moved
    points: int = 0


@dataclass(frozen=True)
class State:
    """A game of Artem; `board` is in the marker's frame, row 0 at the marker."""

    setup: Setup
    rng: Rng
    board: Grid
    deck: Deck
    discards: tuple[str, ...] = ()  # tiles pushed off the board or claimed
    scores: tuple[int, ...] = ()
    phase: Phase = "draw"
    seat: int = 1
    turn: int = 1  # turns begun so far, the current one included
    plays: int = 0  # cards played this turn
    claims: int = 0  # claims made this turn
    flipped: tuple[tuple[Cell, Cell], ...] = ()  # pairs flipped this turn, in the seat's frame
    last: LastPlay | None = None
    end: EndReason = ""

    def __post_init__(self) -> None:
        s = self.setup
        if len(self.board) != SIZE or any(len(row) != SIZE for row in self.board):
            raise ValueError("the board must be 6 rows of 6 cells")
        if len(self.scores) != s.players or any(p < 0 for p in self.scores):
            raise ValueError(f"scores must be {s.players} numbers of 0 or more")
        if not 1 <= self.seat <= s.players or self.turn < 1:
            raise ValueError("seat or turn out of range")
        if not 0 <= self.claims <= self.plays <= s.max_plays:
            raise ValueError("plays or claims out of range for this turn")
        if (self.phase == "over") != (self.end != ""):
            raise ValueError("a finished game needs an end reason, a running one none")
        holes = sum(row.count(EMPTY) for row in self.board)
        # A short refill ends the game (003 l.93), at the target if that claim reached it.
        if holes and (self.end not in ("colour_deck", "target") or self.deck.cards):
            raise ValueError("empty cells only appear when the colour deck ran out")
        for a, b in self.flipped:
            if not (in_board(a) and in_board(b) and adjacent(a, b)):
                raise ValueError("a flipped pair must be two adjacent cells")
        seen = Counter(t for row in self.board for t in row if t != EMPTY)
        seen.update(self.deck.cards)
        seen.update(self.discards)
        wanted = Counter({c.id: c.count for c in s.colours})
        if seen != wanted:
            raise ValueError("board, deck and discards do not add up to the colour deck")
