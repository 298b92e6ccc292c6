"""Artem's 6x6 colour board as pure grid operations: turn, slide, swap, cut a run.

A grid is a tuple of rows, top row first; a cell holds a colour id, or EMPTY once the colour
deck could not fill it. Every function returns a new grid and never draws from a deck itself:
the caller passes the tiles that enter on the right.
"""

from __future__ import annotations

from typing import Literal

SIZE = 6
EMPTY = ""

Grid = tuple[tuple[str, ...], ...]
Cell = tuple[int, int]
# Where a seat sits around the board, seen from above with the direction marker at the top.
Side = Literal["bottom", "left", "top", "right"]
SIDES: tuple[Side, ...] = ("bottom", "left", "top", "right")


def grid_from(tiles: tuple[str, ...]) -> Grid:
    """Lay SIZE*SIZE tiles out row by row."""
    if len(tiles) != SIZE * SIZE:
        raise ValueError(f"a board needs {SIZE * SIZE} tiles, not {len(tiles)}")
    return tuple(tuple(tiles[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))


def rotate_cw(grid: Grid) -> Grid:
    """The grid turned a quarter clockwise."""
    n = len(grid)
    return tuple(tuple(grid[n - 1 - c][r] for c in range(n)) for r in range(n))


def _quarters(side: Side) -> int:
    """Clockwise quarter turns that bring the far edge of a seat's view to the top."""
    # A seat on the board's left faces right: the board's right edge must come to the top,
    # which is a counter-clockwise quarter (three clockwise ones).
    return {"bottom": 0, "left": 3, "top": 2, "right": 1}[side]


def _turn(grid: Grid, quarters: int) -> Grid:
    for _ in range(quarters % 4):
        grid = rotate_cw(grid)
    return grid


def to_view(board: Grid, side: Side) -> Grid:
    """The board as a seat on `side` sees it: its own far edge at the top."""
    return _turn(board, _quarters(side))


def from_view(view: Grid, side: Side) -> Grid:
    """Undo `to_view`: a seat's picture back in the marker's frame."""
    return _turn(view, 4 - _quarters(side))


def in_board(cell: Cell) -> bool:
    """True when a (row, column) pair lies on the board."""
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def adjacent(a: Cell, b: Cell) -> bool:
    """True when two cells share an edge (not a corner)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _with_row(grid: Grid, row: int, cells: tuple[str, ...]) -> Grid:
    return (*grid[:row], cells, *grid[row + 1:])


def _pad(fill: tuple[str, ...], n: int) -> tuple[str, ...]:
    """`n` cells for the right end: the drawn tiles, then EMPTY if the deck ran short."""
    if len(fill) > n:
        raise ValueError(f"{len(fill)} tiles drawn for {n} gaps")
    return fill + (EMPTY,) * (n - len(fill))


def slide_left(
    grid: Grid, row: int, steps: int, fill: tuple[str, ...]
) -> tuple[Grid, tuple[str, ...]]:
    """Slide a whole row left by `steps`; returns the grid and the tiles pushed off the left."""
    cells = grid[row]
    pushed = cells[:steps]
    return _with_row(grid, row, cells[steps:] + _pad(fill, steps)), pushed


def swap(grid: Grid, a: Cell, b: Cell) -> Grid:
    """Exchange the tiles of two cells."""
    rows = [list(r) for r in grid]
    rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]
    return tuple(tuple(r) for r in rows)


def cut_run(
    grid: Grid, row: int, start: int, length: int, fill: tuple[str, ...]
) -> tuple[Grid, tuple[str, ...]]:
    """Take a run out of a row, close the gap from the right, fill the right end with `fill`."""
    cells = grid[row]
    taken = cells[start:start + length]
    rest = cells[:start] + cells[start + length:]
    return _with_row(grid, row, rest + _pad(fill, length)), taken


def run_at(grid: Grid, cell: Cell) -> tuple[int, int]:
    """The longest same-colour run through `cell` in its row: (start column, length)."""
    row, col = cell
    cells = grid[row]
    colour = cells[col]
    if colour == EMPTY:
        return col, 0
    start = col
    while start > 0 and cells[start - 1] == colour:
        start -= 1
    end = col
    while end < SIZE - 1 and cells[end + 1] == colour:
        end += 1
    return start, end - start + 1


def tiles_on(grid: Grid) -> tuple[str, ...]:
    """Every tile on the grid, row by row, without empty cells."""
    return tuple(t for row in grid for t in row if t != EMPTY)
