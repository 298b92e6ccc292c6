"""Artem board operations: moves with refill, flips at every edge, claims of every length.

Rulebook: "How to Play Artem" (file 003).
"""

from __future__ import annotations

import pytest

from engine.artem.board import SIZE, adjacent, from_view, rotate_cw, run_at, to_view
from engine.artem.commands import Claim, Flip, Move
from engine.artem.rules import apply, new_game
from engine.artem.setup import Setup
from engine.artem.view import tiles_in_play
from engine.errors import IllegalCommand
from tests.engine.artem.conftest import board_rows, make, rows, tiles

BOARD = ["RROYGB", "OYGBKR", "YGBKRO", "GBKROY", "BKROYG", "KROYGB"]


def test_setup_lays_36_tiles_and_keeps_the_rest_as_the_colour_deck() -> None:
    """003 l.12 and l.19-20: 72 colour tiles shuffled, 36 of them drawn into a 6x6 grid."""
    state = new_game(Setup(players=2), seed=7)
    assert len(state.board) == 6 and all(len(r) == 6 for r in state.board)
    assert len(state.deck) == 72 - 36
    assert tiles_in_play(state) == 72


def test_setup_shuffles_by_seed() -> None:
    """003 l.19: the colour tiles are shuffled (same seed, same board; other seed, other)."""
    a, b, c = (new_game(Setup(), seed) for seed in (1, 1, 2))
    assert a.board == b.board and a.deck == b.deck
    assert a.board != c.board


@pytest.mark.parametrize("row", range(SIZE))
def test_move_one_slides_the_row_left_and_refills_on_the_right(row: int) -> None:
    """003 l.55: a move card moves the entire row left 1 unit; the tile pushed off is
    discarded and a new tile drawn into the gap on the right."""
    state = apply(make(BOARD, "KG"), Move(row, 1))
    expected = list(BOARD)
    expected[row] = BOARD[row][1:] + "K"
    assert rows(state) == expected
    assert state.discards == tiles(BOARD[row][0])
    assert state.deck.cards == tiles("G")


@pytest.mark.parametrize("row", range(SIZE))
def test_move_two_slides_two_places_and_draws_two(row: int) -> None:
    """003 l.55: a move card may move the row left 2 units; both tiles pushed off are
    discarded, two new ones fill the right, in the order drawn."""
    state = apply(make(BOARD, "KGY"), Move(row, 2))
    expected = list(BOARD)
    expected[row] = BOARD[row][2:] + "KG"
    assert rows(state) == expected
    assert state.discards == tiles(BOARD[row][:2])
    assert state.deck.cards == tiles("Y")


@pytest.mark.parametrize("steps", [0, 3, -1, 6])
def test_a_move_is_one_or_two_places(steps: int) -> None:
    """003 l.55: moves are of 1 or 2 units only."""
    with pytest.raises(IllegalCommand, match="1 or 2"):
        apply(make(BOARD, "KGY"), Move(0, steps))


@pytest.mark.parametrize("row", [-1, 6])
def test_a_move_off_the_board_is_refused(row: int) -> None:
    """003 l.55: a move acts on one of the board's rows."""
    with pytest.raises(IllegalCommand, match="off the board"):
        apply(make(BOARD, "KGY"), Move(row, 1))


def _edge_pairs() -> list[tuple[str, tuple[int, int], tuple[int, int]]]:
    """Horizontal pairs on the left and right edges, vertical pairs on the top and bottom
    edges, for every row/column; the corners are among them."""
    pairs = []
    for i in range(SIZE):
        pairs.append(("horizontal", (i, 0), (i, 1)))
        pairs.append(("horizontal", (i, 4), (i, 5)))
        pairs.append(("vertical", (0, i), (1, i)))
        pairs.append(("vertical", (4, i), (5, i)))
    return pairs


@pytest.mark.parametrize(("card", "a", "b"), _edge_pairs())
def test_flips_at_every_edge_swap_two_adjacent_tiles(card: str, a: tuple[int, int],
                                                      b: tuple[int, int]) -> None:
    """003 l.61: a flip swaps the positions of adjacent colours (vertical or horizontal)."""
    before = make(BOARD, "KG")
    after = apply(before, Flip(card, a, b))  # type: ignore[arg-type]
    grid_before, grid_after = rows(before), rows(after)
    assert grid_after[a[0]][a[1]] == grid_before[b[0]][b[1]]
    assert grid_after[b[0]][b[1]] == grid_before[a[0]][a[1]]
    changed = {(r, c) for r in range(SIZE) for c in range(SIZE)
               if grid_after[r][c] != grid_before[r][c]}
    assert changed <= {a, b}
    assert after.deck == before.deck and after.discards == ()


@pytest.mark.parametrize(("a", "b"), [((0, 0), (0, 1)), ((3, 2), (4, 2)), ((5, 5), (4, 5))])
def test_a_wild_flip_may_go_either_way(a: tuple[int, int], b: tuple[int, int]) -> None:
    """003 l.61: a wild flip does either a horizontal or a vertical flip."""
    after = apply(make(BOARD), Flip("wild", a, b))
    assert rows(after)[a[0]][a[1]] == BOARD[b[0]][b[1]]


@pytest.mark.parametrize(("card", "a", "b", "why"), [
    ("horizontal", (0, 0), (1, 0), "side by side"),
    ("vertical", (0, 0), (0, 1), "above or below"),
    ("wild", (0, 0), (1, 1), "not adjacent"),
    ("wild", (2, 2), (2, 4), "not adjacent"),
    ("horizontal", (0, 5), (0, 6), "off the board"),
    ("vertical", (-1, 0), (0, 0), "off the board"),
    ("wild", (3, 3), (3, 3), "not adjacent"),
])
def test_flips_of_tiles_not_adjacent_in_the_cards_direction_are_refused(
    card: str, a: tuple[int, int], b: tuple[int, int], why: str
) -> None:
    """003 l.61: flips swap adjacent colours, horizontally or vertically as the card says."""
    with pytest.raises(IllegalCommand, match=why):
        apply(make(BOARD), Flip(card, a, b))  # type: ignore[arg-type]


def _claims() -> list[tuple[int, int]]:
    return [(start, length) for length in range(2, 7) for start in range(0, 7 - length)]


@pytest.mark.parametrize(("start", "length"), _claims())
def test_claims_of_every_length_and_place_slide_and_refill(start: int, length: int) -> None:
    """003 l.45: the claimed run is removed, the colours to its right slide into the gap and
    new colours are drawn and filled from the right."""
    row = "".join("GB"[i % 2] for i in range(start)) + "R" * length
    row += "".join("YK"[i % 2] for i in range(SIZE - len(row)))
    board = [row, *BOARD[1:]]
    fill = "OYGBKR"[:length]
    state = apply(make(board, fill + "G"), Claim("red", 0, start, length))
    assert rows(state)[0] == row[:start] + row[start + length:] + fill
    assert rows(state)[1:] == BOARD[1:]
    assert state.discards == tiles("R" * length)
    assert state.deck.cards == tiles("G")
    assert tiles_in_play(state) == tiles_in_play(make(board, fill + "G"))


def test_a_claim_may_take_part_of_a_longer_run() -> None:
    """003 l.45: the player specifies the row of colour claimed (here 3 of 4 reds)."""
    state = apply(make(["BRRRRG", *BOARD[1:]], "YOK"), Claim("red", 0, 2, 3))
    assert rows(state)[0] == "BRGYOK"


def test_run_at_finds_the_longest_run_through_a_cell() -> None:
    """003 l.45: a claim takes a row of one colour; the cursor proposes the whole run."""
    grid = tuple(tiles(r) for r in ["BRRRRG", *BOARD[1:]])
    assert run_at(grid, (0, 3)) == (1, 4)
    assert run_at(grid, (0, 0)) == (0, 1)


def test_turning_the_board_four_times_and_back_is_identity() -> None:
    """003 l.67, l.109: a seat's picture is the board turned; turning back restores it."""
    grid = tuple(tiles(r) for r in BOARD)
    assert rotate_cw(rotate_cw(rotate_cw(rotate_cw(grid)))) == grid
    for side in ("bottom", "left", "top", "right"):
        assert from_view(to_view(grid, side), side) == grid


def test_the_left_seat_sees_the_right_edge_at_its_top() -> None:
    """003 l.109: a seat on the board's left faces right: its top is the board's right edge
    and its left is the marker's top."""
    grid = tuple(tiles(r) for r in BOARD)
    seen = to_view(grid, "left")
    assert seen[0] == tuple(grid[r][5] for r in range(SIZE))
    assert seen[0][0] == grid[0][5]


def test_adjacent_means_sharing_an_edge() -> None:
    """003 l.61: adjacent colours share an edge; a diagonal neighbour is not adjacent."""
    assert adjacent((1, 1), (1, 2)) and adjacent((1, 1), (0, 1))
    assert not adjacent((1, 1), (2, 2)) and not adjacent((1, 1), (1, 1))


def test_board_rows_helper_reads_the_marker_frame() -> None:
    """Self-check of the test helper (the marker's frame equals the view without variant)."""
    assert board_rows(make(BOARD)) == BOARD
