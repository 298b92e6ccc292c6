"""What the Toolbox's keys tell it: dice, sandglass, number tokens and table size."""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from engine.toolbox.setup import DiceKind


@dataclass(frozen=True)
class ChooseDice:
    """Pick what `roll` rolls."""

    kind: DiceKind
    tokens: int = 4


@dataclass(frozen=True)
class Roll:
    """Roll the chosen dice (or toss the tokens)."""


@dataclass(frozen=True)
class StartSandglass:
    """Turn a standing or empty glass."""

    now_ms: int


@dataclass(frozen=True)
class FlipSandglass:
    """Turn a running glass over."""

    now_ms: int


@dataclass(frozen=True)
class PauseSandglass:
    """Lay the glass on its side."""

    now_ms: int


@dataclass(frozen=True)
class ResumeSandglass:
    """Stand the paused glass up."""

    now_ms: int


@dataclass(frozen=True)
class AdjustSandglass:
    """Add or remove sand while paused, in milliseconds."""

    delta_ms: int


@dataclass(frozen=True)
class SettleSandglass:
    """Note that time has passed: a glass whose sand ran out becomes done."""

    now_ms: int


@dataclass(frozen=True)
class SetSandglassLength:
    """Change the glass's length (seconds); only while it is not turned."""

    seconds: int


@dataclass(frozen=True)
class TakeToken:
    """A seat finished: it takes the lowest free number token."""

    seat: int


@dataclass(frozen=True)
class ClearTokens:
    """Return every number token for a new round."""


@dataclass(frozen=True)
class SetPlayers:
    """Change the table size (clears the number tokens)."""

    players: int


Command = (
    ChooseDice | Roll | StartSandglass | FlipSandglass | PauseSandglass | ResumeSandglass
    | AdjustSandglass | SettleSandglass | SetSandglassLength | TakeToken | ClearTokens | SetPlayers
)
COMMANDS: tuple[type, ...] = get_args(Command)  # the union's classes, in its order
