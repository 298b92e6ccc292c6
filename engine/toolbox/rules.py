"""The Toolbox: dice, a sandglass and the finishing order, usable beside any table game."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from engine import codec
from engine.dice import Die, numbered_die, roll
from engine.errors import IllegalCommand
from engine.finish_order import FinishOrder
from engine.rng import Rng
from engine.sandglass import Sandglass

DiceKind = Literal["shapes", "d6", "d10", "tokens"]
DICE_KINDS: tuple[DiceKind, ...] = ("shapes", "d6", "d10", "tokens")
MAX_TOKENS = 8
SANDGLASS_MIN_S = 30
SANDGLASS_MAX_S = 300


@dataclass(frozen=True)
class Setup:
    """The shape dice (faces are data), the table size and the sandglass length."""

    shape_dice: tuple[Die, ...]
    players: int = 4
    sandglass_s: int = 90

    def __post_init__(self) -> None:
        if not self.shape_dice:
            raise ValueError("the toolbox needs at least one shape die")
        if not 1 <= self.players <= 8:
            raise ValueError(f"the toolbox seats 1 to 8 players, not {self.players}")
        if not SANDGLASS_MIN_S <= self.sandglass_s <= SANDGLASS_MAX_S:
            raise ValueError(
                f"sandglass length {self.sandglass_s} s is outside {SANDGLASS_MIN_S}-{SANDGLASS_MAX_S} s"
            )


@dataclass(frozen=True)
class State:
    """Everything on the Toolbox: last roll, sandglass, number tokens and the generator."""

    setup: Setup
    rng: Rng
    sandglass: Sandglass
    order: FinishOrder
    dice_kind: DiceKind = "shapes"
    tokens: int = 4
    last_roll: tuple[str, ...] = ()
    last_roll_kind: DiceKind = "shapes"
    rolls: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.tokens <= MAX_TOKENS:
            raise ValueError(f"toss 1 to {MAX_TOKENS} tokens, not {self.tokens}")
        if self.order.players != self.setup.players:
            raise ValueError("the finish order must seat the toolbox's players")


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
COMMANDS: tuple[type, ...] = (
    ChooseDice, Roll, StartSandglass, FlipSandglass, PauseSandglass, ResumeSandglass,
    AdjustSandglass, SettleSandglass, SetSandglassLength, TakeToken, ClearTokens, SetPlayers,
)


def new_game(setup: Setup, seed: int) -> State:
    """A fresh Toolbox with a full sandglass and no tokens taken."""
    return State(
        setup=setup,
        rng=Rng.from_seed(seed),
        sandglass=Sandglass.full(setup.sandglass_s * 1000),
        order=FinishOrder(setup.players),
    )


def dice_for(state: State) -> tuple[Die, ...]:
    """The dice `roll` throws for the current choice."""
    if state.dice_kind == "shapes":
        return state.setup.shape_dice
    if state.dice_kind == "d6":
        return (numbered_die(6),)
    if state.dice_kind == "d10":
        return (numbered_die(10),)
    return tuple(Die(f"token {i + 1}", ("up", "down")) for i in range(state.tokens))


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


def state_to_dict(state: State) -> dict[str, Any]:
    """Serialise a Toolbox state."""
    data: dict[str, Any] = codec.to_dict(state)
    return data


def state_from_dict(data: dict[str, Any]) -> State:
    """Rebuild and validate a Toolbox state."""
    return codec.from_dict(State, data)
