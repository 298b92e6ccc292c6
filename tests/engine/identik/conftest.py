"""Helpers shared by the IDENTIK engine tests (no tests here): play rounds by their facts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.identik.commands import (
    ChooseSuper,
    NextCriterion,
    NextRound,
    PassDrawings,
    StartTimer,
    Tick,
    TimeUp,
)
from engine.identik.rules import apply, new_game
from engine.identik.setup import Setup
from engine.identik.state import State
from engine.seats import Direction

T0 = 1_000_000


def game(players: int = 4, first: int = 1, **options: object) -> State:
    """A new game with a chosen first narrator."""
    return new_game(Setup(players=players, first_narrator=first, **options), seed=7)  # type: ignore[arg-type]


def to_judging(state: State, super_criterion: int = 5, direction: Direction = "left") -> State:
    """Choose the super criterion, run the hourglass out and pass the drawings."""
    state = apply(state, ChooseSuper(super_criterion))
    state = apply(state, StartTimer(T0))
    state = apply(state, TimeUp(T0 + state.setup.timer_ms))
    return apply(state, PassDrawings(direction))


def judge_all(state: State, ticks: Mapping[int, Sequence[int]]) -> State:
    """Tick criterion c for each judge in ticks[c], ok through all ten: the round's summary."""
    for criterion in range(1, 11):
        for judge in ticks.get(criterion, ()):
            state = apply(state, Tick(judge))
        state = apply(state, NextCriterion())
    return state


def play_round(
    state: State,
    ticks: Mapping[int, Sequence[int]],
    super_criterion: int = 5,
    direction: Direction = "left",
) -> State:
    """A whole round up to and including NextRound."""
    state = judge_all(to_judging(state, super_criterion, direction), ticks)
    return apply(state, NextRound())


def holder_of(state: State, artist: int) -> int:
    """The judge holding `artist`'s drawing this round."""
    from engine.identik.view import drawing_held

    return next(j for j, a in drawing_held(state).items() if a == artist)
