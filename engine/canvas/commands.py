"""What the table can tell the Canvas engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args


@dataclass(frozen=True)
class StartPainting:
    """A seat completes a painting: its slots are entered next."""

    seat: int


@dataclass(frozen=True)
class SetSlot:
    """The icons the current slot shows ("" for none); moves on to the next slot."""

    top: str = ""
    bottom: str = ""


@dataclass(frozen=True)
class BackSlot:
    """Go back one slot to correct it (also leaves the review)."""


@dataclass(frozen=True)
class CancelPainting:
    """Drop the painting being entered."""


@dataclass(frozen=True)
class CountRibbons:
    """The players' count for a scoring card (1-based) whose condition the device does not know."""

    card: int
    ribbons: int


@dataclass(frozen=True)
class ConfirmPainting:
    """Take the ribbons and bonus points of the reviewed painting."""


@dataclass(frozen=True)
class TakeCard:
    """Solo: the human player takes the market card in `position` (1 = leftmost)."""

    position: int


@dataclass(frozen=True)
class TossTokens:
    """Solo: the automated player tosses its inspiration tokens and takes a card."""


@dataclass(frozen=True)
class TableToss:
    """Solo: the table tossed the automated player's real tokens and `face_up` came up face up."""

    face_up: int


@dataclass(frozen=True)
class EnterTokens:
    """At the end, a tied player's inspiration tokens (the first tie-break)."""

    seat: int
    tokens: int


@dataclass(frozen=True)
class Judge:
    """The runner-up's choice among players tied on points and tokens."""

    seat: int


Command = (
    StartPainting
    | SetSlot
    | BackSlot
    | CancelPainting
    | CountRibbons
    | ConfirmPainting
    | TakeCard
    | TossTokens
    | TableToss
    | EnterTokens
    | Judge
)
COMMANDS: tuple[type, ...] = get_args(Command)  # the union's classes, in its order
