"""Artem's UI state: the setup being chosen, the game under way, and where the cursor is while a
card is being played (which row, column, neighbour or run)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from device.widgets.cursor import shifted
from engine.artem import ARTEM
from engine.artem.board import SIZE, Cell, Grid, run_at
from engine.artem.commands import BeginPlays, FlipCard
from engine.artem.refusals import card_refusal
from engine.artem.setup import Setup
from engine.artem.state import State

Screen = Literal["setup", "board", "over"]
Mode = Literal["actions", "colour", "row", "col", "pair", "end"]
# "flip" is any flip card: the tiles picked say whether it was played side by side or upright.
# "colour" and the three flip kinds are kept so a game saved by an older version still loads.
Card = Literal["", "move1", "move2", "flip", "flip_h", "flip_v", "flip_w", "claim"]

# Start first, the cursor on it: one press starts a game with the options shown (issue 13).
SETUP_ITEMS: tuple[str, ...] = ("start", "players", "all_in", "relative", "flip_back")
# The turn's list; the seat buttons 1..6 pick its entries by number on the table build.
TURN_ACTIONS: tuple[str, ...] = ("move1", "move2", "flip", "claim", "end_turn")
# Before the turn's first play the table is in phase 1, when the main deck can run out (003 l.93).
DRAW_ACTIONS: tuple[str, ...] = (*TURN_ACTIONS, "main_out")

@dataclass(frozen=True)
class ArtemUi:
    """The game (None until started), the setup being chosen, and the cursor's place."""

    draft: Setup
    seed: int
    game: State | None = None
    screen: Screen = "setup"
    cursor: int = 0  # setup item, or entry of the action list
    mode: Mode = "actions"
    card: Card = ""
    colour: int = 0  # unused since a claim takes its tiles' colour; kept for saved games
    row: int = 0
    col: int = 0
    pick: int = 0  # the second tile of a flip (neighbour index) or a claim's last column
    editing: Setup | None = None  # while the players row is edited: the setup before (back restores)
    last_cells: str = ""  # the tiles the latest play changed, as its seat read them ("D5, D6")

    def __post_init__(self) -> None:
        if self.screen != "setup" and self.game is None:
            raise ValueError("the board and end screens need a game")
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise ValueError("the cursor is off the board")


def begun(game: State) -> State:
    """The game with phase 1 done: playing the turn's first card says the cards were drawn."""
    return ARTEM.apply(game, BeginPlays()) if game.phase == "draw" else game


def actions(game: State) -> tuple[str, ...]:
    """The action list's entries by number (entry k is seat button k+1), offered or not."""
    return DRAW_ACTIONS if game.phase == "draw" else TURN_ACTIONS


def claim_refused(game: State) -> str:
    """Why Claim may not be played now ("" if it may): on a player's first turn (003 l.36),
    once the turn's claim is made (003 l.35), or when the game is over."""
    if game.phase == "over":
        return "game_over"
    why = card_refusal(begun(game), claim=True)
    return "" if why is None else why.code


def offered(game: State) -> tuple[int, ...]:
    """The entries of `actions` the cursor stops on: Claim is passed over on a player's first
    turn (003 l.36) and once the turn's claim is made (003 l.35); the screen still lists it as
    unavailable, with the reason. The others keep their numbers, so a seat button always names
    the same card."""
    claim = TURN_ACTIONS.index("claim")
    refused = bool(claim_refused(game))
    return tuple(i for i in range(len(actions(game))) if not (i == claim and refused))


def on_offered(game: State, cursor: int) -> int:
    """`cursor` if that entry is offered, else the next offered entry (wrapping)."""
    shown = offered(game)
    return next((i for i in shown if i >= cursor), shown[0])


def mid_turn_cursor(game: State, cursor: int) -> int:
    """Where the cursor stays after a play that leaves the turn open: on the card just played
    if it may be played again, else on the first card; never on End turn, so ok pressed out of
    habit opens a card (back returns) instead of ending the turn (003 l.33)."""
    return cursor if cursor in offered(game) and actions(game)[cursor] != "end_turn" else 0


def turn_cursor(game: State) -> int:
    """Where the four keys' cursor starts a turn: on Claim, the play that scores, or on the
    first card while the seat may not claim yet (003 l.36). Choosing an entry records nothing."""
    claim = TURN_ACTIONS.index("claim")
    return claim if claim in offered(game) else 0


# The pair step of a flip: the key that swaps the picked tile with the one above, below, or
# beside it (on the right, or on the left from the last column), as (row, column) offsets.
FLIP_KEYS: tuple[tuple[str, Cell], ...] = (("up", (-1, 0)), ("down", (1, 0)), ("ok", (0, 1)))


def flip_partners(cell: Cell) -> dict[str, Cell]:
    """The tiles the four keys swap `cell` with: above (up), below (down), beside (ok)."""
    row, col = cell
    found: dict[str, Cell] = {}
    for key, (dr, dc) in FLIP_KEYS:
        if key == "ok" and col == SIZE - 1:
            dc = -1
        other = (row + dr, col + dc)
        if 0 <= other[0] < SIZE and 0 <= other[1] < SIZE:
            found[key] = other
    return found


def flip_card(first: Cell, second: Cell) -> FlipCard:
    """The flip two adjacent tiles were swapped by: side by side or upright (003 l.61)."""
    return "horizontal" if first[0] == second[0] else "vertical"


def longest_run(grid: Grid, rows: range = range(SIZE)) -> Cell:
    """Where the four keys' cursor starts for a claim: the first tile of the longest run of one
    colour in `rows` (the first one found on a tie). Only a cursor: nothing is claimed until ok
    on the run, whose reply names the seat and the points."""
    best: tuple[int, Cell] = (0, (rows[0], 0))
    for row in rows:
        col = 0
        while col < SIZE:
            start, length = run_at(grid, (row, col))
            if length > best[0]:
                best = (length, (row, start))
            col = start + max(length, 1)
    return best[1]


def claim_span(grid: Grid, cell: Cell) -> tuple[int, int]:
    """The run a claim proposes from a picked tile: (first, last column) of its colour, going
    right from the tile, or ending at it when the tile closes its run; one tile more otherwise."""
    start, length = run_at(grid, cell)
    col = cell[1]
    if start + length - 1 > col:
        return col, start + length - 1
    if length >= 2:
        return start, col
    return (col, col + 1) if col + 1 < SIZE else (col - 1, col)


def cell_name(cell: Cell) -> str:
    """A cell as players read it on the board's edges: column letter, row number ("C2")."""
    return f"{'ABCDEF'[cell[1]]}{cell[0] + 1}"


def claim_run(ui: ArtemUi) -> tuple[int, int]:
    """The run a claim pick covers now: (first column, length)."""
    return ui.col, ui.pick - ui.col + 1


def as_card(action: str) -> Card:
    """The card an action of the list plays ("" for the other actions)."""
    for card in CARDS:
        if card == action:
            return card
    return ""


CARDS: tuple[Card, ...] = ("move1", "move2", "flip", "claim")
# The rows that hold a count: ok opens it, up/down count (wrapping), ok keeps, back cancels.
COUNT_ROWS: tuple[str, ...] = ("players",)
# What up (one step on) and down (one step back) change on the setup rows that hold a value,
# wrapping; ok flips a yes/no row at once.
CHANGE_OPTION: dict[str, Callable[[Setup, int], Setup]] = {
    "players": lambda d, by: replace(d, players=shifted((2, 3, 4), d.players, by)),
    "all_in": lambda d, by: replace(d, all_in=not d.all_in),
    "relative": lambda d, by: replace(d, relative_directions=not d.relative_directions),
    "flip_back": lambda d, by: replace(d, flip_back_allowed=not d.flip_back_allowed),
}
