"""IDENTIK's state: the round being played now plus the record of every finished round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.identik.scores import RoundRecord, check_ticks, no_ticks
from engine.identik.setup import CRITERIA, Setup
from engine.rng import Rng
from engine.sandglass import Sandglass
from engine.seats import Direction, next_seat

Phase = Literal["super", "describe", "passing", "judging", "summary", "over"]
PHASES: tuple[Phase, ...] = ("super", "describe", "passing", "judging", "summary", "over")


@dataclass(frozen=True)
class State:
    """The whole game: the round being played now plus the record of every finished round."""

    setup: Setup
    rng: Rng
    phase: Phase
    first_narrator: int
    round_no: int
    super_criterion: int | None
    super_rolled: bool
    sandglass: Sandglass
    direction: Direction | None
    criterion: int
    ticks: tuple[tuple[int, ...], ...]
    history: tuple[RoundRecord, ...]

    def __post_init__(self) -> None:
        players = self.setup.players
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
        if not 1 <= self.first_narrator <= players:
            raise ValueError(f"there is no seat {self.first_narrator}")
        if not 1 <= self.round_no <= self.setup.total_rounds:
            raise ValueError(f"round {self.round_no} is not in 1..{self.setup.total_rounds}")
        finished = self.setup.total_rounds if self.phase == "over" else self.round_no - 1
        if len(self.history) != finished:
            raise ValueError(f"round {self.round_no} needs {finished} finished rounds")
        for number, record in enumerate(self.history, start=1):
            if record.narrator != next_seat(self.first_narrator, players, number - 1):
                raise ValueError(f"round {number} was not narrated by the seat in turn")
            _check_judges(record.ticks, players)
        if not 1 <= self.criterion <= CRITERIA:
            raise ValueError(f"criterion {self.criterion} is not 1 to {CRITERIA}")
        check_ticks(self.ticks, self.narrator)
        _check_judges(self.ticks, players)
        if self.sandglass.length_ms != self.setup.timer_ms:
            raise ValueError("the hourglass length differs from the setup")
        self._check_phase()

    def _check_phase(self) -> None:
        between_rounds = self.phase in ("super", "over")
        if between_rounds != (self.super_criterion is None):
            raise ValueError(f"phase {self.phase} and super criterion {self.super_criterion} clash")
        if self.super_criterion is not None and not 1 <= self.super_criterion <= CRITERIA:
            raise ValueError(f"super criterion {self.super_criterion} is not 1 to {CRITERIA}")
        if (self.phase in ("judging", "summary")) != (self.direction is not None):
            raise ValueError(f"phase {self.phase} and passing direction clash")
        timer_over = self.sandglass.status == "done"
        if timer_over != (self.phase in ("passing", "judging", "summary")):
            raise ValueError(f"phase {self.phase} and hourglass {self.sandglass.status} clash")
        if self.phase in ("super", "describe", "over") and self.ticks != no_ticks():
            raise ValueError(f"no criterion is ticked in phase {self.phase}")
        resting = CRITERIA if self.phase == "summary" else 1
        if self.phase != "judging" and self.criterion != resting:
            raise ValueError(f"criterion {self.criterion} makes no sense in phase {self.phase}")

    @property
    def narrator(self) -> int:
        """The seat narrating this round (the narrator of the last round once the game is over)."""
        return next_seat(self.first_narrator, self.setup.players, self.round_no - 1)


def _check_judges(ticks: tuple[tuple[int, ...], ...], players: int) -> None:
    for judges in ticks:
        if any(j > players for j in judges):
            raise ValueError(f"judges {judges} include a seat beyond {players}")
