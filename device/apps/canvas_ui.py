"""Canvas's device state: the engine state, the setup choices and the cursors, and their data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from device.canvas_data import CanvasData, load
from engine.canvas import CANVAS
from engine.canvas.cards import ScoringCard
from engine.canvas.scores import ribbons, seats, total
from engine.canvas.state import State
from engine.canvas.view import can_paint

Screen = Literal[
    "players",
    "mode",
    "pick",
    "points",
    "cards",
    "board",
    "slot",
    "count",
    "review",
    "tokens",
    "judge",
    "final",
    "turn",
    "auto",
    "toss",
]
MAX_POINTS = 99
MARKET_CHOICES = 6  # solo turn: the five market cards, then "paint"


@cache
def data() -> CanvasData:
    """The packaged scoring cards, bonus icons and suggested setups."""
    return load()


def names_fr() -> dict[str, str]:
    """French card names by English name."""
    return {entry.name: entry.name_fr for entry in data().cards}


@dataclass(frozen=True)
class EnteredPoints:
    """A points table the table read off a card the data file gives none for."""

    name: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class CanvasUi:
    """The engine state (once the game starts) plus the setup choices and the cursors."""

    game: State | None = None
    screen: Screen = "players"
    seed: int = 0
    players: int = 2
    cursor: int = 0
    chosen: tuple[str, ...] = ()
    random: bool = False
    draws: int = 0
    entered: tuple[EnteredPoints, ...] = ()
    table: tuple[int, ...] = ()
    value: int = 0
    row: int = 0
    top: str = ""
    bottom: str = ""


def mode_items() -> tuple[str, ...]:
    """The setup menu: each suggested setup's id, then "pick" and "random"."""
    return (*(s.id for s in data().setups), "pick", "random")


def needs_points(ui: CanvasUi) -> str | None:
    """The first chosen card whose points the table still has to enter."""
    done = {e.name for e in ui.entered}
    for name in ui.chosen:
        if not data().entry(name).points_known and name not in done:
            return name
    return None


def chosen_cards(ui: CanvasUi) -> tuple[ScoringCard, ...]:
    """The chosen cards as the engine takes them."""
    entered = {e.name: e.points for e in ui.entered}
    return tuple(data().entry(name).card(entered.get(name)) for name in ui.chosen)


def game_of(ui: CanvasUi) -> State:
    """The engine state (the caller knows the game has started)."""
    assert ui.game is not None
    return ui.game


def counted_cards(game: State) -> tuple[int, ...]:
    """Indexes of the cards the players count themselves."""
    return tuple(i for i, card in enumerate(game.setup.cards) if card.counted)


def board_seats(game: State) -> tuple[int, ...]:
    """Seats the scoreboard cursor can stop on (those with paintings left)."""
    return can_paint(game) or tuple(seats(game))


def step(value: int, button: str, low: int, high: int) -> int:
    """Up adds one, down takes one, within [low, high] (wrapping)."""
    span = high - low + 1
    delta = 1 if button == "up" else -1
    return low + (value - low + delta) % span


# Which screens each engine phase may show (setup screens have no game yet).
PHASE_SCREENS: dict[str, tuple[str, ...]] = {
    "playing": ("board",),
    "painting": ("slot",),
    "review": ("count", "review"),
    "tokens": ("tokens",),
    "judging": ("judge",),
    "finished": ("final",),
    "turn": ("turn", "toss"),
    "automaton": ("auto",),
}


def ui_problems(ui: CanvasUi) -> list[str]:
    """Broken rules of a Canvas UI state (an empty list when all is well)."""
    problems: list[str] = []
    if not 1 <= ui.players <= 5:
        problems.append(f"{ui.players} players")
    if len(ui.chosen) > 4 or len(set(ui.chosen)) != len(ui.chosen):
        problems.append(f"cards chosen: {ui.chosen}")
    game = ui.game
    if game is None:
        if ui.screen not in ("players", "mode", "pick", "points", "cards"):
            problems.append(f"screen {ui.screen} without a game")
        return problems
    if ui.screen not in PHASE_SCREENS[game.phase]:
        problems.append(f"screen {ui.screen} during {game.phase}")
    if CANVAS.state_from_dict(CANVAS.state_to_dict(game)) != game:
        problems.append("the game does not round-trip")
    for seat in seats(game):
        held = ribbons(game, seat)
        for card, n in zip(game.setup.cards, held, strict=True):
            if not 0 <= n <= card.cap:
                problems.append(f"seat {seat} holds {n} {card.name} ribbons")
        if total(game, seat) < 0:
            problems.append(f"seat {seat} scores below zero")
    solo = game.solo
    if solo is not None and sum(solo.market) + solo.tokens + solo.automaton_tokens != 8:
        problems.append("inspiration tokens appeared or vanished")
    return problems
