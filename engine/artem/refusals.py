"""Why Artem refuses a command: a code the screens translate, plus its English text.

Rulebook references are to the Artem rulebook, "How to Play Artem" (file 003).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.artem.board import EMPTY, SIZE, Cell, Grid, adjacent, in_board, to_view
from engine.artem.commands import BeginPlays, Claim, Command, EndTurn, Flip, MainDeckOut, Move
from engine.artem.setup import MAX_RUN, MIN_RUN, MOVE_STEPS
from engine.artem.state import State
from engine.errors import IllegalCommand

Code = Literal[
    "game_over", "draw_first", "plays_begun", "main_deck_in_draw", "plays_used",
    "claim_made", "first_turn", "off_board", "bad_steps", "not_adjacent", "not_side_by_side",
    "not_one_above", "flip_back", "bad_length", "unknown_colour", "mixed_run", "wrong_colour",
]

_TEXT: dict[str, str] = {
    "game_over": "the game is over",
    "draw_first": "finish phase 1 first: discard and draw to 5 cards",
    "plays_begun": "phase 1 is already done",
    "main_deck_in_draw": "the main deck is only drawn in phase 1",
    "plays_used": "{n} cards already played this turn",
    "claim_made": "a claim was already made this turn",
    "first_turn": "no claim on a player's first turn",
    "off_board": "that is off the board",
    "bad_steps": "a move card slides a row 1 or 2 places",
    "not_adjacent": "those two tiles are not adjacent",
    "not_side_by_side": "a horizontal flip swaps two tiles side by side",
    "not_one_above": "a vertical flip swaps a tile with the one above or below",
    "flip_back": "no reversing a move: those two tiles were just flipped",
    "bad_length": "a claim takes 2 to 6 tiles",
    "unknown_colour": "there is no colour {colour} in this game",
    "mixed_run": "those tiles are not all one colour",
    "wrong_colour": "the claim card is {card} but the tiles are {tiles}",
}
_FIELDS: dict[str, tuple[str, ...]] = {
    "plays_used": ("n",), "unknown_colour": ("colour",), "wrong_colour": ("card", "tiles"),
}


@dataclass(frozen=True)
class Refusal:
    """A refused command: `code` names the reason, `values` fill its message's fields."""

    code: Code
    values: tuple[str, ...] = ()

    @property
    def params(self) -> dict[str, str]:
        """The values by field name, as the message's {fields} name them."""
        return dict(zip(_FIELDS.get(self.code, ()), self.values, strict=True))

    def text(self) -> str:
        """The reason in English (screens translate `code` instead)."""
        return _TEXT[self.code].format(**self.params)


class PlayRefused(IllegalCommand):
    """IllegalCommand with code "artem_<code>" and named params, so screens can translate it."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.text(), f"artem_{refusal.code}", **refusal.params)
        self.refusal = refusal


def seat_view(state: State) -> Grid:
    """The board in the active seat's frame (the marker's frame without Relative directions)."""
    return to_view(state.board, state.setup.side_of(state.seat))


def refusal(state: State, command: Command) -> Refusal | None:
    """Why `command` is not allowed now, or None when it is."""
    if state.phase == "over":
        return Refusal("game_over")
    if isinstance(command, EndTurn):
        return None
    if isinstance(command, BeginPlays):
        return None if state.phase == "draw" else Refusal("plays_begun")
    if isinstance(command, MainDeckOut):
        return None if state.phase == "draw" else Refusal("main_deck_in_draw")
    why = card_refusal(state, claim=isinstance(command, Claim))
    if why is not None:
        return why
    if isinstance(command, Move):
        return _move_refusal(command)
    if isinstance(command, Flip):
        return _flip_refusal(state, command)
    return _claim_refusal(state, command)


def card_refusal(state: State, claim: bool) -> Refusal | None:
    """Why no move/flip card (or, with `claim`, no claim card) may be played now, if so.

    Screens ask this before the player picks tiles, so a card that cannot be played is
    refused at once.
    """
    if state.phase == "over":
        return Refusal("game_over")
    if state.phase == "draw":
        return Refusal("draw_first")
    if state.plays >= state.setup.max_plays:
        return Refusal("plays_used", (str(state.plays),))  # 003 l.33, l.113
    if claim and state.claims >= state.setup.max_claims:
        return Refusal("claim_made")  # 003 l.35
    if claim and state.turn <= state.setup.players:
        return Refusal("first_turn")  # 003 l.36
    return None


def _move_refusal(move: Move) -> Refusal | None:
    if not 0 <= move.row < SIZE:
        return Refusal("off_board")
    if move.steps not in MOVE_STEPS:
        return Refusal("bad_steps")
    return None


def pair(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    """Two cells in a fixed order, so a pair is the same whichever tile was named first."""
    return (a, b) if a <= b else (b, a)


def _flip_refusal(state: State, flip: Flip) -> Refusal | None:
    a, b = flip.first, flip.second
    if not (in_board(a) and in_board(b)):
        return Refusal("off_board")
    if not adjacent(a, b):
        return Refusal("not_adjacent")
    if flip.card == "horizontal" and a[0] != b[0]:
        return Refusal("not_side_by_side")
    if flip.card == "vertical" and a[1] != b[1]:
        return Refusal("not_one_above")
    if not state.setup.flip_back_allowed and pair(a, b) in state.flipped:
        return Refusal("flip_back")  # 003 l.37
    return None


def _claim_refusal(state: State, claim: Claim) -> Refusal | None:
    if claim.colour not in state.setup.colour_ids:
        return Refusal("unknown_colour", (claim.colour,))
    if not MIN_RUN <= claim.length <= MAX_RUN:
        return Refusal("bad_length")
    if not (0 <= claim.row < SIZE and claim.start >= 0 and claim.start + claim.length <= SIZE):
        return Refusal("off_board")
    tiles = seat_view(state)[claim.row][claim.start:claim.start + claim.length]
    if len(set(tiles)) != 1 or EMPTY in tiles:
        return Refusal("mixed_run")
    if tiles[0] != claim.colour:
        return Refusal("wrong_colour", (claim.colour, tiles[0]))  # 003 l.45
    return None
