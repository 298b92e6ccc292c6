"""Artem: the 6x6 colour board, the colour deck and the scores, as one pure reducer.

The main deck of claim and movement cards stays in the players' hands: a command says which
card was played. Rows, columns and "left" are in the active seat's frame (the marker's frame
unless Relative directions is on). Rulebook: "How to Play Artem" (003).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.artem import refusals
from engine.artem.board import SIZE, Cell, Grid, cut_run, from_view, grid_from, slide_left, swap
from engine.artem.commands import BeginPlays, Claim, Command, EndTurn, Flip, MainDeckOut, Move
from engine.artem.refusals import PlayRefused, pair, seat_view
from engine.artem.setup import CLAIM_POINTS, Setup
from engine.artem.state import EndReason, LastPlay, State
from engine.deck import Deck
from engine.errors import IllegalCommand
from engine.outcome import Outcome, Termination
from engine.rng import Rng
from engine.seats import next_seat


def new_game(setup: Setup, seed: int) -> State:
    """Shuffle the colour deck and lay 36 tiles out as the board (003 l.19-20)."""
    tiles = tuple(c.id for c in setup.colours for _ in range(c.count))
    deck, rng = Deck.shuffled(tiles, Rng.from_seed(seed))
    laid, deck = deck.draw(SIZE * SIZE)
    return State(setup=setup, rng=rng, board=grid_from(laid), deck=deck,
                 scores=(0,) * setup.players)


def apply(state: State, command: Command) -> State:
    """The state after `command`; raises PlayRefused (an IllegalCommand) if the rules forbid it."""
    why = refusals.refusal(state, command)
    if why is not None:
        raise PlayRefused(why)
    if isinstance(command, BeginPlays):
        return replace(state, phase="play")
    if isinstance(command, MainDeckOut):
        return replace(state, phase="over", end="main_deck")
    if isinstance(command, EndTurn):
        return replace(state, phase="draw", seat=next_seat(state.seat, state.setup.players),
                       turn=state.turn + 1, plays=0, claims=0, flipped=())
    if isinstance(command, Move):
        return _move(state, command)
    if isinstance(command, Flip):
        return _flip(state, command)
    return _claim(state, command)


def _draw(deck: Deck, n: int) -> tuple[tuple[str, ...], Deck, bool]:
    """Up to `n` tiles from the colour deck, and whether it fell short (003 l.93)."""
    short = len(deck) < n
    drawn, deck = deck.draw(min(n, len(deck)))
    return drawn, deck, short


def _settle(state: State, view: Grid, **changes: Any) -> State:
    """Write the seat's picture back to the board and count the play."""
    board = from_view(view, state.setup.side_of(state.seat))
    return replace(state, board=board, plays=state.plays + 1, **changes)


def _untouched(state: State, touched: set[Cell]) -> tuple[tuple[Cell, Cell], ...]:
    """Flipped pairs whose tiles no later play has disturbed."""
    return tuple(p for p in state.flipped if not touched.intersection(p))


def _ended(short: bool) -> dict[str, Any]:
    return {"phase": "over", "end": "colour_deck"} if short else {}


def _move(state: State, move: Move) -> State:
    drawn, deck, short = _draw(state.deck, move.steps)
    view, pushed = slide_left(seat_view(state), move.row, move.steps, drawn)
    touched = {(move.row, c) for c in range(SIZE)}
    last = LastPlay(state.seat, "move", state.plays + 1, length=move.steps)
    return _settle(state, view, deck=deck, discards=state.discards + pushed,
                   flipped=_untouched(state, touched), last=last, **_ended(short))


def _flip(state: State, flip: Flip) -> State:
    view = swap(seat_view(state), flip.first, flip.second)
    flipped = (*_untouched(state, {flip.first, flip.second}), pair(flip.first, flip.second))
    last = LastPlay(state.seat, "flip", state.plays + 1)
    return _settle(state, view, flipped=flipped, last=last)


def claim_points(length: int, play: int) -> int:
    """Points for a run of `length` claimed as play number `play` (003 l.71-79, l.113)."""
    first, later = CLAIM_POINTS[length]
    return first if play == 1 else later


def _claim(state: State, claim: Claim) -> State:
    play = state.plays + 1
    points = claim_points(claim.length, play)
    drawn, deck, short = _draw(state.deck, claim.length)
    view, taken = cut_run(seat_view(state), claim.row, claim.start, claim.length, drawn)
    scores = tuple(s + points if i + 1 == state.seat else s for i, s in enumerate(state.scores))
    touched = {(claim.row, c) for c in range(claim.start, SIZE)}
    last = LastPlay(state.seat, "claim", play, claim.colour, claim.length, points)
    ending: dict[str, Any] = _ended(short)
    if scores[state.seat - 1] >= state.setup.target:
        ending = {"phase": "over", "end": "target"}  # 003 l.83: the first to reach it wins
    return _settle(state, view, deck=deck, discards=state.discards + taken, scores=scores,
                   claims=state.claims + 1, flipped=_untouched(state, touched), last=last,
                   **ending)


def outcome(state: State) -> Outcome | None:
    """Who won and why once the game is over (003 l.83, l.93); ties share the win."""
    if state.phase != "over":
        return None
    reason: EndReason = state.end
    if reason == "target":
        winners = tuple(i + 1 for i, s in enumerate(state.scores) if s >= state.setup.target)
    else:
        best = max(state.scores)
        winners = tuple(i + 1 for i, s in enumerate(state.scores) if s == best)
    return Outcome(winners, Termination(reason))


def refusal(state: State, command: Command) -> IllegalCommand | None:
    """Why the rules refuse `command` now (see engine.artem.refusals), without applying it."""
    why = refusals.refusal(state, command)
    return None if why is None else PlayRefused(why)
