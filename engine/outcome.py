"""How a game ended: the winning seats and the way the game ended (a `Termination`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Termination(StrEnum):
    """Every way a game on Easel ends, one member each (like python-chess's `Termination`).

    Saved as its value; the values are the texts the games used before the enum, so a saved
    game or a screen key built from them (`artbox.end.<value>`) reads the same.
    """

    # #ARTBOX: a seat reached the goal; most victory tokens wins (000 l.105-107, 001 l.190)
    MOST_TOKENS = "most_tokens"
    TIE_MOST_GUESSED_DRAWING = "tie_most_guessed_drawing"  # tie: the most guessed drawing of the last round
    TIE_LOWER_NUMBER_TOKEN = "tie_lower_number_token"  # still tied: the lower number token of that round
    TIE_SHARED = "tie_shared"  # simplified rules (no number tokens): the tied seats share the win
    # Artem (003 l.83, l.93)
    TARGET = "target"  # a player reached the target score and wins at once
    COLOUR_DECK = "colour_deck"  # the colour deck ran out: most points wins
    MAIN_DECK = "main_deck"  # the main deck ran out: most points wins
    # IDENTIK and Canvas: the most points at the end (Canvas 004: ribbons counted)
    POINTS = "points"
    TOKENS = "tokens"  # Canvas: tied on points, more inspiration tokens (004)
    JUDGED = "judged"  # Canvas: still tied, the runner-up chose the winner (004)
    SOLO = "solo"  # Canvas solo: the game ends after the last painting; the score earns an award

    @classmethod
    def _missing_(cls, value: object) -> Termination | None:
        """Texts saved before the enum: IDENTIK's "most points", a Canvas solo award name."""
        return _LEGACY.get(str(value))


# What games wrote before the enum (Canvas solo wrote the award earned, 004 l.127-131).
_LEGACY: dict[str, Termination] = {
    "most points": Termination.POINTS,
    **{award: Termination.SOLO for award in
       ("best_in_show", "runner_up", "honorable_mention", "emerging_artist", "participation")},
}


@dataclass(frozen=True)
class Outcome:
    """The winners (seat numbers, several when tied) and why the game ended."""

    winners: tuple[int, ...]
    reason: Termination

    @property
    def tied(self) -> bool:
        """True when more than one seat shares the win."""
        return len(self.winners) > 1
