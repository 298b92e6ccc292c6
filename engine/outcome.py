"""How a game ended."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """The winners (seat numbers, several when tied) and why the game ended."""

    winners: tuple[int, ...]
    reason: str

    @property
    def tied(self) -> bool:
        """True when more than one seat shares the win."""
        return len(self.winners) > 1
