"""IDENTIK commands: what the narrator and the judges tell the device."""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from engine.seats import Direction


@dataclass(frozen=True)
class ChooseSuper:
    """The narrator picks the super criterion (1 to 10)."""

    criterion: int


@dataclass(frozen=True)
class RollSuper:
    """Roll the ten-sided die for the super criterion."""


@dataclass(frozen=True)
class StartTimer:
    """The narrator has read the title: turn the hourglass."""

    now_ms: int


@dataclass(frozen=True)
class PauseTimer:
    """Lay the hourglass down for a table emergency."""

    now_ms: int


@dataclass(frozen=True)
class ResumeTimer:
    """Stand the hourglass up again after a pause."""

    now_ms: int


@dataclass(frozen=True)
class TimeUp:
    """The sand has run out: pencils down."""

    now_ms: int


@dataclass(frozen=True)
class PassDrawings:
    """The narrator says which way the drawings pass."""

    direction: Direction


@dataclass(frozen=True)
class Tick:
    """A judge ticks (or un-ticks) the current criterion for the drawing they hold."""

    judge: int


@dataclass(frozen=True)
class NextCriterion:
    """The current criterion is judged: read the next one (after the tenth, show the points)."""


@dataclass(frozen=True)
class Back:
    """Step back one screen in the round: to the super criterion before the hourglass turns,
    to the previous criterion (or the passing direction) while judging, to criterion 10 from
    the round's points."""


@dataclass(frozen=True)
class NextRound:
    """Write the round on the scorecard and hand it to the next narrator (or end the game)."""


Command = (
    ChooseSuper
    | RollSuper
    | StartTimer
    | PauseTimer
    | ResumeTimer
    | TimeUp
    | PassDrawings
    | Tick
    | NextCriterion
    | Back
    | NextRound
)
COMMANDS: tuple[type, ...] = get_args(Command)  # the union's classes, in its order
