"""#ARTBOX commands: what the table (via the device's keys) can tell the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args


@dataclass(frozen=True)
class ShowWords:
    """The seat being dealt to presses ok to see its words."""


@dataclass(frozen=True)
class HideWords:
    """The seat being dealt to hides its words again without keeping any (back to the cover)."""


@dataclass(frozen=True)
class Pick:
    """The seat being dealt to keeps these words (indices into its hand)."""

    chosen: tuple[int, ...]


@dataclass(frozen=True)
class Roll:
    """The Maestro rolls the four shape dice (and, simplified, turns the sandglass)."""

    now_ms: int


@dataclass(frozen=True)
class Finish:
    """A seat has finished drawing and takes the lowest free number token."""

    seat: int


@dataclass(frozen=True)
class StartSandglass:
    """The first player done guessing turns the sandglass."""

    now_ms: int


@dataclass(frozen=True)
class TimeUp:
    """The sand has run out."""

    now_ms: int


@dataclass(frozen=True)
class Continue:
    """ok on a screen that only needs acknowledging (pencils down, awards, scoreboard: phases
    that only games saved by an earlier version are in)."""


@dataclass(frozen=True)
class ClaimSlot:
    """The author of the current slot says so; `word` picks which of their words it shows."""

    seat: int
    word: int = 0


@dataclass(frozen=True)
class ClaimNext:
    """A seat places its number token on the next drawing: the current one is settled and
    `seat` is the author of the next (000 l.71-73)."""

    seat: int


@dataclass(frozen=True)
class ToggleGuess:
    """Mark (or unmark) a seat as having guessed the current slot right."""

    seat: int


@dataclass(frozen=True)
class ToggleEligible:
    """The Maestro marks the current drawing as breaking the requirements (or undoes it)."""


@dataclass(frozen=True)
class ConfirmSlot:
    """ok: the current slot is settled; the last one awards the tokens and ends the round."""


Command = (
    ShowWords | Pick | Roll | Finish | StartSandglass | TimeUp | Continue
    | ClaimSlot | ToggleGuess | ToggleEligible | ConfirmSlot | HideWords | ClaimNext
)
COMMANDS: tuple[type, ...] = get_args(Command)  # the union's classes, in its order
