"""The Toolbox: dice, a sandglass and the finishing order, usable beside any table game."""

from __future__ import annotations

from dataclasses import replace

from engine.dice import roll
from engine.errors import IllegalCommand
from engine.finish_order import FinishOrder
from engine.game import refusal_by_trial
from engine.outcome import Outcome
from engine.rng import Rng
from engine.sandglass import Sandglass
from engine.toolbox.commands import (
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
from engine.toolbox.setup import DICE_KINDS, MAX_TOKENS, SANDGLASS_MAX_S, SANDGLASS_MIN_S, Setup
from engine.toolbox.state import State
from engine.toolbox.view import dice_for


def new_game(setup: Setup, seed: int) -> State:
    """A fresh Toolbox with a full sandglass and no tokens taken."""
    return State(
        setup=setup,
        rng=Rng.from_seed(seed),
        sandglass=Sandglass.full(setup.sandglass_s * 1000),
        order=FinishOrder(setup.players),
    )


def apply(state: State, command: Command) -> State:
    """Apply one command; IllegalCommand leaves `state` as it was."""
    glass = state.sandglass
    match command:
        case ChooseDice(kind=kind, tokens=tokens):
            if kind not in DICE_KINDS:
                raise IllegalCommand(f"unknown dice {kind!r}", "unknown_dice")
            if not 1 <= tokens <= MAX_TOKENS:
                raise IllegalCommand(f"toss 1 to {MAX_TOKENS} tokens", "token_count")
            return replace(state, dice_kind=kind, tokens=tokens)
        case Roll():
            faces, rng = roll(dice_for(state), state.rng)
            return replace(state, rng=rng, last_roll=faces, last_roll_kind=state.dice_kind,
                           rolls=state.rolls + 1)
        case StartSandglass(now_ms=now):
            return replace(state, sandglass=glass.settle(now).start(now))
        case FlipSandglass(now_ms=now):
            return replace(state, sandglass=glass.settle(now).flip(now))
        case PauseSandglass(now_ms=now):
            return replace(state, sandglass=glass.settle(now).pause(now))
        case ResumeSandglass(now_ms=now):
            return replace(state, sandglass=glass.resume(now))
        case AdjustSandglass(delta_ms=delta):
            return replace(state, sandglass=glass.adjust(delta))
        case SettleSandglass(now_ms=now):
            return replace(state, sandglass=glass.settle(now))
        case SetSandglassLength(seconds=seconds):
            if glass.status in ("running", "paused"):
                raise IllegalCommand("stop the sandglass before changing its length", "glass_busy")
            if not SANDGLASS_MIN_S <= seconds <= SANDGLASS_MAX_S:
                raise IllegalCommand(
                    f"the sandglass runs {SANDGLASS_MIN_S} to {SANDGLASS_MAX_S} s", "glass_length"
                )
            setup = replace(state.setup, sandglass_s=seconds)
            return replace(state, setup=setup, sandglass=Sandglass.full(seconds * 1000))
        case TakeToken(seat=seat):
            return replace(state, order=state.order.take(seat))
        case ClearTokens():
            return replace(state, order=FinishOrder(state.setup.players))
        case SetPlayers(players=players):
            if not 1 <= players <= 8:
                raise IllegalCommand("the toolbox seats 1 to 8 players", "player_count")
            return replace(state, setup=replace(state.setup, players=players),
                           order=FinishOrder(players))
    raise IllegalCommand(f"unknown command {command!r}", "unknown_command")


def refusal(state: State, command: Command) -> IllegalCommand | None:
    """Why the Toolbox refuses `command` now, without applying it; None when it takes it."""
    return refusal_by_trial(apply, state, command)


def outcome(state: State) -> Outcome | None:
    """Always None: the Toolbox has no winner and never ends."""
    return None
