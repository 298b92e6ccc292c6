"""Canvas's table setup: the scoring cards in play, the players, the bonus icons known."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.canvas.cards import ELEMENTS, MAX_CARDS_IN_PLAY, BonusIcon, ScoringCard
from engine.rng import Rng
from engine.seats import check_players


@dataclass(frozen=True)
class Setup:
    """The scoring cards in play (in their row order), the bonus icons known, the players.

    One player plays the solo variant against the automated player (rulebook 004 l.115).
    """

    cards: tuple[ScoringCard, ...]
    players: int = 2
    bonus_icons: tuple[BonusIcon, ...] = ()

    def __post_init__(self) -> None:
        check_players(self.players, 1, 5, "Canvas")
        if not 1 <= len(self.cards) <= MAX_CARDS_IN_PLAY:
            raise ValueError(f"Canvas plays with 1 to {MAX_CARDS_IN_PLAY} scoring cards")
        names = [card.name for card in self.cards]
        if len(set(names)) != len(names):
            raise ValueError("a scoring card is in play only once")
        ids = [b.id for b in self.bonus_icons]
        if len(set(ids)) != len(ids):
            raise ValueError("each bonus icon needs its own id")

    @property
    def solo(self) -> bool:
        """True for the solo variant."""
        return self.players == 1

    @property
    def icons(self) -> tuple[str, ...]:
        """What a slot position can show: nothing, an element or a known bonus icon."""
        return ("", *ELEMENTS, *(b.id for b in self.bonus_icons))


def draw_cards(pool: Sequence[ScoringCard], seed: int, count: int = MAX_CARDS_IN_PLAY) -> tuple[ScoringCard, ...]:
    """`count` different cards drawn at random (seeded) among those the device scores itself."""
    scorable = [card for card in pool if not card.counted]
    if not 1 <= count <= len(scorable):
        raise ValueError(f"cannot draw {count} cards from {len(scorable)}")
    order, _ = Rng.from_seed(seed).shuffle(scorable)
    return tuple(order[:count])
