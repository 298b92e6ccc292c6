"""The Toolbox's UI state (the engine state plus where the player is) and its view model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.sandglass import Sandglass
from engine.toolbox.setup import MAX_TOKENS, DiceKind
from engine.toolbox.state import State

Screen = Literal["menu", "dice", "sandglass", "order", "players"]
# The menu lists a round's tools in the order the table uses them (000 l.36 the Maestro rolls,
# l.44 each finished drawing takes a number token, l.56 the first done guessing turns the glass).
MENU: tuple[Screen, ...] = ("dice", "order", "sandglass", "players")
# What up/down cycle through on the dice screen: each entry is (kind, tokens).
DICE_CHOICES: tuple[tuple[DiceKind, int], ...] = (
    ("shapes", 4), ("d6", 4), ("d10", 4), *(("tokens", n) for n in range(1, MAX_TOKENS + 1)),
)
MIN_PLAYERS, MAX_PLAYERS = 1, 8


@dataclass(frozen=True)
class ToolboxUi:
    """The Toolbox's engine state plus where the player is on its screens."""

    game: State
    screen: Screen = "menu"
    cursor: int = 0
    seat_cursor: int = 1
    players_pick: int = 4
    by_hand: bool = False  # table build: the seat cursor is out, for a seat whose button is not used
    new_round: bool = False  # the last roll returned the number tokens of a finished round (000 l.95)


@dataclass(frozen=True)
class ToolboxView:
    """What the screens show: the UI state with the sandglass as it stands at `now_ms`."""

    ui: ToolboxUi
    glass: Sandglass
    now_ms: int
    held: bool = False  # time held after a stop: the glass is not running until the next press

    @property
    def game(self) -> State:
        """The engine state."""
        return self.ui.game

    @property
    def waiting(self) -> tuple[int, ...]:
        """Seats still waiting for a number token."""
        return self.ui.game.order.waiting()


def view_of(ui: ToolboxUi, now_ms: int, held: bool = False) -> ToolboxView:
    """The view model of `ui` at `now_ms` (`held`: time held after a stop)."""
    return ToolboxView(ui, ui.game.sandglass.settle(now_ms), now_ms, held)


def dice_choice_index(game: State) -> int:
    """Where the current dice choice sits in DICE_CHOICES."""
    want = (game.dice_kind, game.tokens if game.dice_kind == "tokens" else 4)
    return DICE_CHOICES.index(want) if want in DICE_CHOICES else 0


def first_waiting(game: State) -> int:
    """The first seat still waiting for a number token (seat 1 when none is)."""
    waiting = game.order.waiting()
    return waiting[0] if waiting else 1
