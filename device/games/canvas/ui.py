"""Canvas's device state: the engine state, the setup choices and the cursors, and their data."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

from device.games.canvas.canvas_data import CanvasData, load
from engine.canvas import CANVAS
from engine.canvas.cards import ScoringCard
from engine.canvas.scores import ribbons, seats, tokens_pending, total
from engine.canvas.state import State
from engine.canvas.view import can_paint

Screen = Literal[
    "setup",
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
PAINT_ROW = MARKET_CHOICES - 1


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
    toss_table: bool = False
    by_hand: bool = False  # table build: the scoreboard's seat cursor shown ("No button?")


SETUP_ROWS = ("start", "players", "cards", "toss")  # "toss" only for the solo variant
DEFAULT_SETUP = "first_game"  # every card's points are known: Start needs nothing else
UNSET = -1  # a value the table has not entered yet (nothing is recorded by default)


def setup_rows(ui: CanvasUi) -> tuple[str, ...]:
    """The setup menu's rows: Start first, then the options (the toss only in solo)."""
    return SETUP_ROWS if ui.players == 1 else SETUP_ROWS[:-1]


def fresh_setup(seed: int) -> CanvasUi:
    """A first setup menu: two players and the default suggested cards, the cursor on Start."""
    setup = next(s for s in data().setups if s.id == DEFAULT_SETUP)
    return CanvasUi(screen="setup", seed=seed, chosen=setup.cards)


def setup_name(ui: CanvasUi) -> str | None:
    """The id of the suggested setup the chosen cards are, if they are one."""
    return next((s.id for s in data().setups if s.cards == ui.chosen), None)


def mode_items() -> tuple[str, ...]:
    """The setup menu: each suggested setup's id, then "pick" and "random"."""
    return (*(s.id for s in data().setups), "pick", "random")


def mode_cursor(ui: CanvasUi) -> int:
    """Where the card menu opens: on the suggested set in use, else on the first one."""
    name = setup_name(ui)
    return mode_items().index(name) if name and not ui.random else 0


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


def count_at(ui: CanvasUi, index: int) -> CanvasUi:
    """The screen where the table counts the ribbons of card `index` itself."""
    draft = game_of(ui).draft
    assert draft is not None
    return replace(ui, screen="count", cursor=index, value=draft.counted[index])


def to_phase(ui: CanvasUi) -> CanvasUi:
    """The screen for the engine's phase, with the cursors it starts from."""
    game = game_of(ui)
    phase = game.phase
    if phase == "playing":
        seats_ = board_seats(game)
        return replace(ui, screen="board", cursor=ui.cursor if ui.cursor in seats_ else seats_[0])
    if phase == "painting":
        draft = game.draft
        assert draft is not None
        slot = draft.slots[draft.at]
        return replace(ui, screen="slot", row=0, top=slot.top, bottom=slot.bottom)
    if phase == "review":
        counted = counted_cards(game)
        return count_at(ui, counted[0]) if counted and ui.screen == "slot" else replace(ui, screen="review", cursor=0)
    if phase == "tokens":
        pending = tokens_pending(game)
        return replace(ui, screen="tokens", value=0, cursor=pending[0] if pending else 1)
    if phase == "turn":
        return replace(ui, screen="turn", cursor=PAINT_ROW if can_paint(game) else 0)
    if phase == "automaton":
        solo = game.solo
        forced = solo is not None and solo.automaton_tokens == 0  # nothing to toss: none can be face up
        return replace(ui, screen="auto", value=0 if forced else UNSET)
    return replace(ui, screen="judge" if phase == "judging" else "final", cursor=0)


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
        if ui.screen not in ("setup", "players", "mode", "pick", "points", "cards"):
            problems.append(f"screen {ui.screen} without a game")
        return problems
    if ui.screen not in PHASE_SCREENS[game.phase]:
        problems.append(f"screen {ui.screen} during {game.phase}")
    return problems + _game_problems(game)


def _game_problems(game: State) -> list[str]:
    """Broken rules of a game under way: round trip, ribbons, scores, inspiration tokens."""
    problems: list[str] = []
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
