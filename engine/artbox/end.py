"""#ARTBOX victory tokens per seat, the game-end goal and the final tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.artbox.awards import RoundRecord
from engine.artbox.setup import Setup
from engine.outcome import Outcome, Termination


@dataclass(frozen=True)
class Tokens:
    """Victory tokens a seat holds: for drawings (red side) and for guesses (grey side)."""

    drawing: int = 0
    guessing: int = 0

    def __post_init__(self) -> None:
        if self.drawing < 0 or self.guessing < 0:
            raise ValueError("token counts cannot be negative")

    @property
    def total(self) -> int:
        """All victory tokens, whatever their colour."""
        return self.drawing + self.guessing


def reached_goal(setup: Setup, tokens: Tokens) -> bool:
    """True when this seat's tokens end the game (000 l.99-103, l.139-142; 001 l.184-188)."""
    if setup.experienced:
        each, one_colour = setup.experienced_goal
        return (tokens.drawing >= each and tokens.guessing >= each) or max(
            tokens.drawing, tokens.guessing
        ) >= one_colour
    return tokens.total >= setup.tokens_to_win


def game_outcome(setup: Setup, tokens: Sequence[Tokens], last: RoundRecord) -> Outcome | None:
    """The winners once a seat reached the goal; None while the game goes on.

    Most tokens wins; ties go to the most guessed drawing of the last round, then to the lower
    number token of that round (000 l.105-107, 001 l.190). The experienced variant changes only
    when the game ends (000 l.139, 001 l.235), so every seat competes; the "combination" reading
    lets only the seats that completed a goal combination win.
    """
    table = range(1, setup.players + 1)
    reached = [s for s in table if reached_goal(setup, tokens[s - 1])]
    if not reached:
        return None
    combination = setup.experienced and setup.experienced_winner == "combination"
    seats = reached if combination else list(table)
    most = max(tokens[s - 1].total for s in seats)
    tied = [s for s in seats if tokens[s - 1].total == most]
    if len(tied) == 1:
        return Outcome((tied[0],), Termination.MOST_TOKENS)
    best = max(last.guessed[s - 1] for s in tied)
    tied = [s for s in tied if last.guessed[s - 1] == best]
    if len(tied) == 1:
        return Outcome((tied[0],), Termination.TIE_MOST_GUESSED_DRAWING)
    if not setup.uses_number_tokens:
        return Outcome(tuple(tied), Termination.TIE_SHARED)
    winner = min(tied, key=lambda s: last.number_tokens[s - 1])
    return Outcome((winner,), Termination.TIE_LOWER_NUMBER_TOKEN)
