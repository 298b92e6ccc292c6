"""What a game tells the generic tests about itself (its `device/games/<key>/game.py`).

The engine contract test starts a new game from `example()` for every registered game; the
script tests play every script the game names and, for a script that `ends` the game, fail
unless its history record is there. A game registers here in its own folder, so a new game is
covered by every generic test the moment its registry line exists.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.game import Game


@dataclass(frozen=True)
class Script:
    """A committed script `tests/scripts/<name>.txt`; `ends`: it plays the game to its end
    (False: it stops mid-game on purpose, e.g. to leave a game under way)."""

    name: str
    ends: bool


# What one press may write to the database, on average over a game's committed scripts: the
# session row, its undo row and anything else the step adds (a deck kept once is not a press's
# cost). Every registered game is held to it by tests/device/test_save_budget.py; an SD card
# wears by the bytes written, and a deck saved whole in a state (or twice) is what breaks it.
SAVE_BUDGET_BYTES = 2048


def as_saved(game: dict[str, Any]) -> dict[str, Any]:
    """The engine's dict of a saved game, for a game that saves its engine state as is."""
    return game


@dataclass(frozen=True)
class Refusals:
    """Commands the rules refuse in a game just begun from the example setup (seed 2), each with
    the `code` of its refusal, and commands they allow there: the contract test checks that
    `refusal` answers exactly what `apply` does, and changes nothing."""

    refused: tuple[tuple[Any, str], ...]
    allowed: tuple[Any, ...]


@dataclass(frozen=True)
class CountRow:
    """A count on the game's setup screen (its `ui.COUNT_ROWS`): the row's name, how many downs
    from the setup's first row reach it, the value it sets, the range it wraps over (the
    rulebook's or the engine's limits) and its step (1; 10 for a sandglass in seconds)."""

    row: str
    downs: int
    value: Callable[[Any], int]
    span: tuple[int, int]
    step: int = 1


@dataclass(frozen=True)
class Descriptor:
    """A game's rules, an example setup for them, its scripts, and how its save holds the rules'
    state (`engine_form`: the engine's dict from the saved `game` field; #ARTBOX saves its words
    by reference and expands them back); the refusals the contract test tries, and the counts
    of its setup screen (tests/device/test_setup_counts.py turns each both ways). `rulebook`
    names the rulebook its tests and scripts cite; a game with none is allowed, and
    benchmarks/presses.py then counts its rule presses without a citation and says so."""

    rules: Game[Any, Any, Any]
    rulebook: str  # the rulebook its rules come from ("001"), "" for a game with none (said so)
    example: Callable[[], Any]
    scripts: tuple[Script, ...]
    refusals: Refusals
    engine_form: Callable[[dict[str, Any]], dict[str, Any]] = as_saved
    counts: tuple[CountRow, ...] = ()
