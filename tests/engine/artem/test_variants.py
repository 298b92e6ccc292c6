"""Artem variants: All In and Relative directions.

Rulebook: "How to Play Artem" (file 003).
"""

from __future__ import annotations

import pytest

from engine.artem.board import to_view
from engine.artem.commands import Claim, EndTurn, Flip, Move
from engine.artem.rules import apply, new_game
from engine.artem.setup import Setup
from engine.artem.view import view
from engine.errors import IllegalCommand
from tests.engine.artem.conftest import board_rows, make, rows

BOARD = ["RRRGBK", "BBGGGG", "KOYRGB", "OKBYRG", "GYKOBR", "YYYYYY"]
DECK = "RGBKOYRGBKOYRGBKOY"


def test_all_in_plays_a_whole_hand() -> None:
    """003 l.113: All In lets a player play as many cards as they like from their hand
    (a hand holds 5 cards after phase 1, 003 l.31)."""
    state = make(BOARD, DECK, all_in=True)
    for row in range(5):
        state = apply(state, Move(row, 1))
    assert state.plays == 5
    with pytest.raises(IllegalCommand, match="5 cards already played"):
        apply(state, Move(5, 1))


def test_all_in_allows_several_claims_later_ones_as_2nd_play() -> None:
    """003 l.113: as many claims as they like; claims after the first score as 2nd play."""
    state = make(BOARD, DECK, all_in=True)
    state = apply(state, Claim("red", 0, 0, 3))
    assert state.scores[0] == 3  # 1st play, length 3
    state = apply(state, Claim("yellow", 5, 0, 6))
    assert state.scores[0] == 3 + 5  # 2nd-play column for length 6
    state = apply(state, Claim("green", 1, 2, 4))
    assert state.scores[0] == 3 + 5 + 3 and state.claims == 3


def test_all_in_first_claim_late_in_the_turn_scores_as_2nd_play() -> None:
    """003 l.71 with l.113: only a claim played as the turn's 1st card scores the 1st-play
    column; a 3rd or later card scores the 2nd-play column."""
    state = make(BOARD, DECK, all_in=True)
    state = apply(apply(state, Flip("wild", (3, 0), (3, 1))), Flip("wild", (4, 0), (4, 1)))
    state = apply(state, Claim("yellow", 5, 0, 6))
    assert state.scores[0] == 5 and state.last is not None and state.last.play == 3


def test_all_in_keeps_the_first_turn_rule() -> None:
    """003 l.36, l.113: All In changes how many cards, not the first-turn rule."""
    with pytest.raises(IllegalCommand, match="first turn"):
        apply(make(BOARD, DECK, all_in=True, turn=1), Claim("red", 0, 0, 3))


def test_relative_directions_turns_the_board_for_each_seat() -> None:
    """003 l.109: each seat's directions are relative to its place at the table; by
    default seat 2 sits on seat 1's left (clockwise), seat 3 opposite seat 1."""
    state = make(BOARD, DECK, players=3, relative_directions=True)
    assert rows(state) == BOARD
    seat2 = apply(state, EndTurn())
    assert rows(seat2)[0] == "".join(r[5] for r in BOARD)  # its top is the board's right edge
    seat3 = apply(seat2, EndTurn())
    assert rows(seat3) == [r[::-1] for r in reversed(BOARD)]


def test_a_move_from_the_left_seat_slides_a_column_towards_the_marker() -> None:
    """003 l.55, l.109: "left" for a seat on the board's left is the marker's top: its row 0
    (the board's right column) slides up and refills from the bottom."""
    state = make(BOARD, "RO", players=2, seat=2, relative_directions=True,
                 seat_sides=("bottom", "left"))
    after = apply(state, Move(0, 2))
    column = "".join(r[5] for r in board_rows(after))
    assert column == "".join(r[5] for r in BOARD)[2:] + "RO"
    assert board_rows(after)[0][:5] == BOARD[0][:5]


def test_a_move_from_the_top_seat_slides_a_row_to_the_markers_right() -> None:
    """003 l.109: the seat facing the marker's side sees the board upside down: its left is
    the marker's right."""
    board = [*BOARD[:5], "RGBKOY"]
    state = make(board, "O", players=2, seat=2, relative_directions=True)
    assert rows(state)[0] == "YOKBGR"  # its row 0 is the board's bottom row, seen from above
    after = apply(state, Move(0, 1))
    assert board_rows(after)[5] == "ORGBKO"
    assert rows(after)[0] == "OKBGRO"


def test_a_claim_from_the_right_seat_reads_a_column() -> None:
    """003 l.45, l.109: a seat on the right claims along its own row (a board column read
    bottom to top) and the refill enters from its right (the board's top)."""
    board = ["KBBBBB", "RGGGGG", "RYYYYY", "ROOOOO", "GKKKKK", "BRRRRR"]
    state = make(board, "YOK", players=4, seat=4, relative_directions=True)
    assert rows(state)[0] == "BGRRRK"
    after = apply(state, Claim("red", 0, 2, 3))
    assert rows(after)[0] == "BGKYOK"
    assert [r[0] for r in board_rows(after)] == list("KOYKGB")


def test_a_horizontal_flip_is_horizontal_in_the_seats_own_frame() -> None:
    """003 l.61, l.109: horizontal and vertical follow the seat's own directions."""
    state = make(BOARD, DECK, players=2, seat=2, relative_directions=True,
                 seat_sides=("bottom", "left"))
    after = apply(state, Flip("horizontal", (0, 0), (0, 1)))
    # its row 0 is the board's column 5: a board-vertical swap of (0,5) and (1,5)
    assert board_rows(after)[0][5] == BOARD[1][5] and board_rows(after)[1][5] == BOARD[0][5]


def test_without_the_variant_every_seat_sees_the_marker_frame() -> None:
    """003 l.67: standard Artem defines one top for everybody."""
    state = apply(make(BOARD, DECK, players=4), EndTurn())
    assert rows(state) == BOARD


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_side_sees_the_same_tiles(players: int) -> None:
    """003 l.109: turning the picture never changes the board."""
    state = new_game(Setup(players=players, relative_directions=True), seed=players)
    seen = sorted(t for row in view(state) for t in row)
    assert seen == sorted(t for row in state.board for t in row)
    assert to_view(state.board, "bottom") == state.board
