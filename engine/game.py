"""The contract every game's rules meet: setup, new game, apply, refusal, outcome, commands.

Each game package (`engine/<game>/`) builds one `Game` from its own modules and exposes it from
its `__init__.py`; the device needs nothing else to start, play, store and resume a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine import codec
from engine.errors import IllegalCommand
from engine.outcome import Outcome

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")


@dataclass(frozen=True)
class Game(Generic[SetupT, StateT, CommandT]):
    """One game's rules behind one typed face.

    `refusal(state, command)` says why the rules refuse `command` without applying it (None
    when they allow it); `apply` raises exactly that refusal, or returns the next state.
    `outcome` is None while the game goes on.
    """

    key: str
    setup_type: type[SetupT]
    state_type: type[StateT]
    commands: tuple[type[CommandT], ...]
    new_game: Callable[[SetupT, int], StateT]
    apply: Callable[[StateT, CommandT], StateT]
    refusal: Callable[[StateT, CommandT], IllegalCommand | None]
    outcome: Callable[[StateT], Outcome | None]

    def state_to_dict(self, state: StateT) -> dict[str, Any]:
        """The state as JSON-friendly values (the saved-game format)."""
        data: dict[str, Any] = codec.to_dict(state)
        return data

    def state_from_dict(self, data: Any) -> StateT:
        """Rebuild and validate a state written by `state_to_dict`; raises InvalidState."""
        return codec.from_dict(self.state_type, data)

    def command_to_dict(self, command: CommandT) -> dict[str, Any]:
        """A command as JSON-friendly values, its class name under "type"."""
        data: dict[str, Any] = codec.command_to_dict(command)
        return data

    def command_from_dict(self, data: Any) -> CommandT:
        """Rebuild a command of this game from `command_to_dict` output; raises InvalidState."""
        command: CommandT = codec.command_from_dict(self.commands, data)
        return command


def refusal_by_trial(
    apply: Callable[[StateT, CommandT], StateT], state: StateT, command: CommandT
) -> IllegalCommand | None:
    """Why `apply` refuses `command`, found by applying it: states are immutable, so the trial
    changes nothing, and the answer is exactly the refusal `apply` would raise."""
    try:
        apply(state, command)
    except IllegalCommand as refused:
        return refused
    return None
