"""IDENTIK engine invariants under random play: serialisation, replay, refusals, score bounds."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codec import command_from_dict, command_to_dict
from engine.errors import IllegalCommand, InvalidState
from engine.identik import IDENTIK
from engine.identik.commands import (
    COMMANDS,
    Back,
    ChooseSuper,
    Command,
    NextCriterion,
    NextRound,
    PassDrawings,
    PauseTimer,
    ResumeTimer,
    RollSuper,
    StartTimer,
    Tick,
    TimeUp,
)
from engine.identik.rules import apply, new_game, outcome
from engine.identik.setup import Setup
from engine.identik.state import State
from engine.identik.view import (
    round_scores,
    scores,
)
from tests.engine.identik.conftest import game, play_round

setups = st.builds(
    Setup,
    players=st.integers(3, 6),
    narrations_each=st.integers(1, 3),
    super_rule=st.sampled_from(["choose", "roll"]),
    timer_ms=st.sampled_from([5_000, 90_000]),
)

Game = tuple[Setup, int, list[Command]]


def natural_next(state: State, now: int, arg: int) -> Command:
    """The command a table would most likely give now (so random play reaches the end)."""
    if state.phase == "super":
        return RollSuper() if state.setup.super_rule == "roll" else ChooseSuper(1 + arg % 10)
    if state.phase == "describe":
        if state.sandglass.status == "idle":
            return StartTimer(now)
        if state.sandglass.status == "paused":
            return ResumeTimer(now)
        return TimeUp(max(now, state.sandglass.deadline_ms() or now))
    if state.phase == "passing":
        return PassDrawings("left" if arg % 2 else "right")
    if state.phase == "judging":
        return Tick(1 + arg % state.setup.players) if arg % 2 else NextCriterion()
    return NextRound()


@st.composite
def games(draw: st.DrawFn) -> tuple[Setup, int, list[Command]]:
    """A setup, a seed and commands: mostly the natural next one, else any command (legal or
    not), with a clock that only moves forward."""
    now = 0
    setup, seed = draw(setups), draw(st.integers(0, 2**64 - 1))
    state = new_game(setup, seed)
    commands: list[Command] = []
    for _ in range(draw(st.integers(0, 250))):
        now += draw(st.sampled_from([0, 1, 999, 4_000, 90_000]))
        arg = draw(st.integers(0, 59))
        if draw(st.integers(0, 9)) < 8:
            command = natural_next(state, now, arg)
            now = getattr(command, "now_ms", now)
        else:
            anything: list[Command] = [
                ChooseSuper(arg % 13 - 1),
                RollSuper(),
                StartTimer(now),
                PauseTimer(now),
                ResumeTimer(now),
                TimeUp(now),
                PassDrawings("left" if arg % 2 else "right"),
                Tick(arg % 8),
                NextCriterion(),
                Back(),
                NextRound(),
            ]
            command = anything[arg % len(anything)]
        commands.append(command)
        with contextlib.suppress(IllegalCommand):
            state = apply(state, command)
    return setup, seed, commands


def run(state: State, commands: list[Command]) -> State:
    """Apply the commands, skipping refused ones (each refusal changes nothing and has a code
    the device can translate)."""
    for command in commands:
        before = IDENTIK.state_to_dict(state)
        try:
            state = apply(state, command)
        except IllegalCommand as exc:
            assert IDENTIK.state_to_dict(state) == before
            assert exc.code.startswith("identik."), f"{exc} has no code to translate"
    return state


@settings(max_examples=150, deadline=None)
@given(games())
def test_state_round_trips_through_json(played: Game) -> None:
    """IDENTIK.state_from_dict(IDENTIK.state_to_dict(s)) == s, also through a JSON text."""
    setup, seed, commands = played
    state = run(new_game(setup, seed), commands)
    data = json.loads(json.dumps(IDENTIK.state_to_dict(state)))
    assert IDENTIK.state_from_dict(data) == state


@settings(max_examples=100, deadline=None)
@given(games())
def test_replay_is_deterministic(played: Game) -> None:
    """Same seed and same commands give the same state (dice rolls included)."""
    setup, seed, commands = played
    assert run(new_game(setup, seed), commands) == run(new_game(setup, seed), commands)


@settings(max_examples=100, deadline=None)
@given(games())
def test_commands_round_trip(played: Game) -> None:
    """Every command survives command_to_dict / command_from_dict."""
    _, _, commands = played
    for command in commands:
        assert command_from_dict(COMMANDS, command_to_dict(command)) == command


@settings(max_examples=150, deadline=None)
@given(games())
def test_scores_stay_within_the_rules(played: Game) -> None:
    """Per round an artist scores 0..12 (10 boxes + 2 by the star), the narrator 0..10 and at
    most as many points as criteria ticked; totals add up; no winner before the end."""
    setup, seed, commands = played
    state = run(new_game(setup, seed), commands)
    if state.phase in ("judging", "summary"):
        lines = round_scores(state)
        ticked = sum(1 for judges in state.ticks if judges)
        assert all(0 <= line.artist_points <= 12 for line in lines)
        assert sum(line.narrator_points for line in lines) == ticked
        assert lines[state.narrator - 1].artist_points == 0
    card = scores(state)
    assert all(line.total == line.narrator_points + line.artist_points for line in card)
    assert (outcome(state) is None) == (state.phase != "over")


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**32), st.lists(st.integers(0, 4), min_size=18))
def test_random_full_games_end_with_the_best_totals_winning(
    players: int, seed: int, marks: list[int]
) -> None:
    """Rulebook 002 l.84 and l.87: after every narration the highest totals win together."""
    state = new_game(Setup(players=players), seed)
    for number in range(players):
        judges = [s for s in range(1, players + 1) if s != state.narrator]
        ticks = {c: judges[: marks[(number * 3 + c) % len(marks)]] for c in range(1, 11)}
        state = play_round(state, ticks, super_criterion=1 + marks[number % len(marks)])
    result = outcome(state)
    assert result is not None
    best = max(line.total for line in scores(state))
    assert result.winners == tuple(line.seat for line in scores(state) if line.total == best)


def _judging_dict() -> dict[str, Any]:
    state = play_round(game(4, first=1), {1: [2]})
    state = apply(apply(state, ChooseSuper(3)), StartTimer(0))
    state = apply(apply(state, TimeUp(90_000)), PassDrawings("left"))
    return IDENTIK.state_to_dict(apply(state, Tick(3)))


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("phase",), "drawing"),
        (("phase",), "super"),
        (("criterion",), 11),
        (("ticks", 0), [2]),  # seat 2 narrates round 2
        (("ticks", 0), [3, 3]),
        (("ticks", 0), [7]),
        (("super_criterion",), 0),
        (("direction",), None),
        (("round_no",), 5),
        (("first_narrator",), 2),
        (("history", 0, "narrator"), 3),
        (("history", 0, "ticks", 0), [1]),
        (("sandglass", "status"), "running"),
        (("setup", "players"), 7),
        (("setup", "names"), ["Sam"]),
    ],
)
def test_tampered_states_are_refused(path: tuple[Any, ...], value: Any) -> None:
    """from_dict validates: a state the rules cannot reach is refused with InvalidState."""
    data = _judging_dict()
    assert IDENTIK.state_from_dict(data) is not None
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(InvalidState):
        IDENTIK.state_from_dict(data)


def test_unknown_command_is_refused() -> None:
    """apply refuses anything that is not an IDENTIK command."""
    with pytest.raises(IllegalCommand):
        apply(game(), "roll")  # type: ignore[arg-type]
