"""A deck of cards (words, tiles...) held top first, with draws, returns and shuffles."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalCommand
from engine.rng import Rng


@dataclass(frozen=True)
class Deck:
    """Cards from top to bottom."""

    cards: tuple[str, ...]

    @classmethod
    def shuffled(cls, cards: tuple[str, ...], rng: Rng) -> tuple[Deck, Rng]:
        """A deck of `cards` in a random order."""
        order, rng = rng.shuffle(cards)
        return cls(order), rng

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self, n: int) -> tuple[tuple[str, ...], Deck]:
        """Take `n` cards from the top; refuses if the deck is short."""
        if n < 0:
            raise IllegalCommand("cannot draw a negative number of cards")
        if n > len(self.cards):
            raise IllegalCommand(f"the deck has {len(self.cards)} cards, {n} needed")
        return self.cards[:n], Deck(self.cards[n:])

    def to_bottom(self, cards: tuple[str, ...]) -> Deck:
        """Put cards back under the deck, in the given order."""
        return Deck(self.cards + tuple(cards))
