"""The Toolbox engine: every command, replayable, serialisable, and all-or-nothing."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import codec
from engine.dice import SHAPES, Die
from engine.errors import IllegalCommand, InvalidState
from engine.finish_order import FinishOrder
from engine.sandglass import Sandglass
from engine.toolbox import TOOLBOX
from engine.toolbox.commands import (
    COMMANDS,
    AdjustSandglass,
    ChooseDice,
    ClearTokens,
    Command,
    FlipSandglass,
    PauseSandglass,
    ResumeSandglass,
    Roll,
    SetPlayers,
    SetSandglassLength,
    SettleSandglass,
    StartSandglass,
    TakeToken,
)
from engine.toolbox.setup import DICE_KINDS, DiceKind, Setup
from engine.toolbox.state import State

SHAPE_DICE = tuple(Die(f"shape die {i}", SHAPES + SHAPES[:2]) for i in range(1, 5))
SETUP = Setup(shape_dice=SHAPE_DICE)


class SetupChanges(TypedDict, total=False):
    """Fields of a Setup a test changes."""

    shape_dice: tuple[Die, ...]
    players: int
    sandglass_s: int


def fresh(seed: int = 1, players: int = SETUP.players, sandglass_s: int = SETUP.sandglass_s) -> State:
    """A new Toolbox."""
    return TOOLBOX.new_game(replace(SETUP, players=players, sandglass_s=sandglass_s), seed)


def run(state: State, *commands: Command) -> State:
    """Apply commands in order."""
    for command in commands:
        state = TOOLBOX.apply(state, command)
    return state


def test_new_game() -> None:
    """A fresh Toolbox: idle full glass of the setup's length, no tokens, shape dice chosen."""
    state = fresh(players=5, sandglass_s=120)
    assert state.sandglass == Sandglass.full(120_000)
    assert state.order == FinishOrder(5)
    assert (state.dice_kind, state.last_roll, state.rolls) == ("shapes", (), 0)


def test_roll_shape_dice() -> None:
    """Rulebook 000 l.36: the 4 dice are rolled; each shows a face of its own die."""
    state = run(fresh(), Roll())
    assert len(state.last_roll) == 4
    assert all(face in die.faces for face, die in zip(state.last_roll, SHAPE_DICE, strict=True))
    assert (state.last_roll_kind, state.rolls) == ("shapes", 1)
    assert state.rng != fresh().rng


@pytest.mark.parametrize(("kind", "tokens", "count", "faces"), [
    ("d6", 4, 1, {str(i) for i in range(1, 7)}),
    ("d10", 4, 1, {str(i) for i in range(1, 11)}),
    ("tokens", 7, 7, {"up", "down"}),
    ("shapes", 4, 4, set(SHAPES)),
])
def test_choose_dice_then_roll(kind: DiceKind, tokens: int, count: int, faces: set[str]) -> None:
    """ChooseDice picks what Roll throws: shape dice, a d6, a d10 or 1-8 two-sided tokens."""
    state = run(fresh(), ChooseDice(kind, tokens))
    assert (state.dice_kind, state.tokens) == (kind, tokens)
    rolled = run(state, Roll())
    assert len(rolled.last_roll) == count
    assert set(rolled.last_roll) <= faces
    assert rolled.last_roll_kind == kind


@pytest.mark.parametrize("command", [
    ChooseDice("d20", 4),  # type: ignore[arg-type]
    ChooseDice("tokens", 0),
    ChooseDice("tokens", 9),
])
def test_bad_dice_choices_are_refused(command: ChooseDice) -> None:
    """Only the known dice, and 1 to 8 tokens."""
    with pytest.raises(IllegalCommand):
        TOOLBOX.apply(fresh(), command)


def test_sandglass_commands() -> None:
    """Start, flip, pause, adjust, resume and settle drive the glass with the commands' times."""
    state = run(fresh(), StartSandglass(0))
    assert state.sandglass.deadline_ms() == 90_000
    state = run(state, FlipSandglass(30_000))
    assert state.sandglass.remaining_ms(30_000) == 30_000
    state = run(state, PauseSandglass(40_000))
    assert (state.sandglass.status, state.sandglass.top_ms) == ("paused", 20_000)
    state = run(state, AdjustSandglass(10_000), AdjustSandglass(10_000))
    assert state.sandglass.top_ms == 40_000
    state = run(state, ResumeSandglass(100_000))
    assert state.sandglass.deadline_ms() == 140_000
    assert run(state, SettleSandglass(139_999)).sandglass.status == "running"
    assert run(state, SettleSandglass(140_000)).sandglass.status == "done"


def test_commands_settle_a_run_out_glass_first() -> None:
    """Once the sand has run out, start turns it again and flip or pause are refused."""
    state = run(fresh(), StartSandglass(0))
    again = run(state, StartSandglass(95_000))
    assert again.sandglass.deadline_ms() == 95_000 + 90_000
    for late in (FlipSandglass(90_000), PauseSandglass(91_000)):
        with pytest.raises(IllegalCommand):
            TOOLBOX.apply(state, late)


def test_set_sandglass_length() -> None:
    """A standing glass can be given a new length (30-300 s); the setup remembers it."""
    state = run(fresh(), SetSandglassLength(60))
    assert state.sandglass == Sandglass.full(60_000)
    assert state.setup.sandglass_s == 60
    done = run(fresh(), StartSandglass(0), SettleSandglass(90_000), SetSandglassLength(30))
    assert done.sandglass == Sandglass.full(30_000)


@pytest.mark.parametrize("seconds", [29, 301, 0])
def test_sandglass_length_out_of_range_is_refused(seconds: int) -> None:
    """The Toolbox glass runs 30 to 300 s."""
    with pytest.raises(IllegalCommand) as refused:
        TOOLBOX.apply(fresh(), SetSandglassLength(seconds))
    assert refused.value.code == "glass_length"


@pytest.mark.parametrize("turned", [(StartSandglass(0),), (StartSandglass(0), PauseSandglass(5_000))])
def test_length_of_a_turned_glass_cannot_change(turned: tuple[Command, ...]) -> None:
    """A running or paused glass keeps its length until it stops."""
    with pytest.raises(IllegalCommand) as refused:
        TOOLBOX.apply(run(fresh(), *turned), SetSandglassLength(60))
    assert refused.value.code == "glass_busy"


def test_take_tokens_in_finishing_order() -> None:
    """Rulebook 000 l.44: each finisher takes the lowest Number token left."""
    state = run(fresh(), TakeToken(2), TakeToken(4))
    assert state.order.seats == (2, 4)
    assert state.order.token_of(4) == 2


def test_take_token_refusals() -> None:
    """A seat takes one token only, and only seats at the table take one."""
    state = run(fresh(), TakeToken(2))
    with pytest.raises(IllegalCommand, match="seat 2 already holds #1"):
        TOOLBOX.apply(state, TakeToken(2))
    with pytest.raises(IllegalCommand, match="seat 5 is not at this table"):
        TOOLBOX.apply(state, TakeToken(5))


def test_clear_tokens() -> None:
    """Rulebook 000 l.95: the Number tokens are returned for a new round."""
    state = run(fresh(), TakeToken(1), TakeToken(2), ClearTokens())
    assert state.order == FinishOrder(4)


def test_set_players_clears_the_tokens() -> None:
    """A new table size seats 1-8 players and returns the tokens."""
    state = run(fresh(), TakeToken(1), SetPlayers(6))
    assert state.setup.players == 6
    assert state.order == FinishOrder(6)
    assert run(state, TakeToken(6)).order.seats == (6,)
    for bad in (0, 9):
        with pytest.raises(IllegalCommand):
            TOOLBOX.apply(state, SetPlayers(bad))


def test_unknown_command_is_refused() -> None:
    """Something that is not a Toolbox command is refused."""
    with pytest.raises(IllegalCommand):
        TOOLBOX.apply(fresh(), "roll")  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [
    {"shape_dice": ()}, {"players": 0}, {"players": 9}, {"sandglass_s": 29}, {"sandglass_s": 301},
])
def test_invalid_setups_are_refused(bad: SetupChanges) -> None:
    """At least one shape die, 1-8 players, a 30-300 s glass."""
    with pytest.raises(ValueError):
        replace(SETUP, **bad)


def test_state_invariants() -> None:
    """The finish order seats the setup's players; 1-8 tokens."""
    state = fresh()
    with pytest.raises(ValueError):
        replace(state, order=FinishOrder(5))
    with pytest.raises(ValueError):
        replace(state, tokens=0)


# random play ---------------------------------------------------------------------------
times = st.integers(min_value=0, max_value=400_000)
commands = st.one_of(
    st.builds(ChooseDice, st.sampled_from(DICE_KINDS), st.integers(min_value=0, max_value=9)),
    st.just(Roll()),
    st.builds(StartSandglass, times),
    st.builds(FlipSandglass, times),
    st.builds(PauseSandglass, times),
    st.builds(ResumeSandglass, times),
    st.builds(AdjustSandglass, st.sampled_from([10_000, -10_000, 100_000])),
    st.builds(SettleSandglass, times),
    st.builds(SetSandglassLength, st.integers(min_value=20, max_value=310)),
    st.builds(TakeToken, st.integers(min_value=0, max_value=9)),
    st.just(ClearTokens()),
    st.builds(SetPlayers, st.integers(min_value=0, max_value=9)),
)
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def play(seed: int, moves: list[Command]) -> tuple[State, int]:
    """Apply the moves, skipping refused ones; returns the state and how many were refused."""
    state, refused = TOOLBOX.new_game(SETUP, seed), 0
    for move in moves:
        try:
            state = TOOLBOX.apply(state, move)
        except IllegalCommand:
            refused += 1
    return state, refused


@settings(max_examples=150)
@given(seeds, st.lists(commands, max_size=30))
def test_replay_is_deterministic(seed: int, moves: list[Command]) -> None:
    """The same seed and the same commands, read back from JSON, give the same state (dice included)."""
    journal = json.loads(json.dumps([codec.command_to_dict(move) for move in moves]))
    assert play(seed, [codec.command_from_dict(COMMANDS, entry) for entry in journal]) == play(seed, moves)


@settings(max_examples=150)
@given(seeds, st.lists(commands, max_size=30))
def test_round_trip_of_any_reachable_state(seed: int, moves: list[Command]) -> None:
    """Any state play can reach survives state_to_dict -> JSON -> state_from_dict exactly."""
    state, _ = play(seed, moves)
    assert TOOLBOX.state_from_dict(json.loads(json.dumps(TOOLBOX.state_to_dict(state)))) == state


@settings(max_examples=150)
@given(seeds, st.lists(commands, max_size=20), commands)
def test_refused_command_leaves_the_state_unchanged(seed: int, moves: list[Command], last: Command) -> None:
    """An IllegalCommand leaves the state exactly as it was (also as serialised)."""
    state, _ = play(seed, moves)
    before = TOOLBOX.state_to_dict(state)
    try:
        after = TOOLBOX.apply(state, last)
    except IllegalCommand:
        assert TOOLBOX.state_to_dict(state) == before
    else:
        assert TOOLBOX.state_from_dict(TOOLBOX.state_to_dict(after)) == after


def test_replay_continues_after_a_round_trip() -> None:
    """A saved and restored Toolbox rolls the same dice as the original would."""
    state = run(fresh(seed=99), Roll(), ChooseDice("d10"))
    restored = TOOLBOX.state_from_dict(json.loads(json.dumps(TOOLBOX.state_to_dict(state))))
    assert run(restored, Roll(), Roll()) == run(state, Roll(), Roll())


def test_state_from_dict_refuses_broken_states() -> None:
    """A saved state that breaks an invariant or a type is refused as InvalidState."""
    data = TOOLBOX.state_to_dict(fresh())
    data["order"]["players"] = 5
    with pytest.raises(InvalidState):
        TOOLBOX.state_from_dict(data)
    data = TOOLBOX.state_to_dict(fresh())
    data["dice_kind"] = "d20"
    with pytest.raises(InvalidState):
        TOOLBOX.state_from_dict(data)
    data = TOOLBOX.state_to_dict(fresh())
    data["sandglass"]["top_ms"] = 100_000
    with pytest.raises(InvalidState):
        TOOLBOX.state_from_dict(data)
