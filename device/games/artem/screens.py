"""The Artem screens: setup, the board (phase 1, the action list, every pick), game over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.games.artem.artem_data import colour_info
from device.games.artem.panel import panel
from device.games.artem.tiles import PLAIN_BELOW_PX, draw_tile
from device.games.artem.ui import SETUP_ITEMS, ArtemUi
from device.render.fonts import font
from device.render.frame import Frame
from device.render.shapes import Box, Ink, draw_arrow
from device.strings.all import STRINGS as T
from device.widgets.option_menu import edited
from engine.artem import ARTEM
from engine.artem.board import SIZE
from engine.artem.state import State
from engine.artem.view import view

Keys = Mapping[str, str]

# Where the direction marker (the board's top) appears in a seat's picture.
MARKER_EDGE = {"bottom": "top", "left": "left", "top": "bottom", "right": "right"}


def render(ui: ArtemUi, lang: str, keys: Keys, frame: Frame, seat_buttons: bool = True) -> None:
    """Draw the Artem screen the table is on, with these soft-key labels; with `seat_buttons`
    (the table build) the board names the seat button that picks each entry, row or tile."""
    if ui.screen == "board":
        _board(ui, lang, keys, frame, seat_buttons)
    else:
        {"setup": _setup, "over": _over}[ui.screen](ui, lang, keys, frame)


# setup -----------------------------------------------------------------------------------
def _setup(ui: ArtemUi, lang: str, keys: Keys, frame: Frame) -> None:
    draft = ui.draft
    frame.header(T(lang, "artem.setup"))
    frame.softkeys(keys)
    on_off = {True: T(lang, "on"), False: T(lang, "off")}
    flip_back = "artem.flip_back.on" if draft.flip_back_allowed else "artem.flip_back.off"
    values = [T(lang, "artem.tiles", n=draft.total_tiles), str(draft.players),
              on_off[draft.all_in], on_off[draft.relative_directions], T(lang, flip_back)]
    items = [T(lang, f"artem.{key}") for key in SETUP_ITEMS]
    if ui.editing is not None:
        values[ui.cursor] = edited(values[ui.cursor])
    frame.menu(frame.content, items, ui.cursor, right=values)


# the board screen ------------------------------------------------------------------------
def _board(ui: ArtemUi, lang: str, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    game = ui.game
    assert game is not None
    frame.softkeys(keys)
    left, top, right, bottom = frame.content
    # The board leaves the panel room for the turn's list in two columns and its notes.
    board_side = min(bottom - top, (right - left) * 11 // 25)
    board_box = (left, top, left + board_side, bottom)
    gap = frame.px(4)
    _draw_board(ui, game, frame, board_box, lang)
    panel(ui, game, frame, (board_box[2] + gap, top, right, bottom), lang, seat_buttons)


def _draw_board(ui: ArtemUi, game: State, frame: Frame, box: Box, lang: str) -> None:
    """The 6x6 tiles as the active seat sees them, the marker, labels and the cursor."""
    left, top, right, bottom = box
    edge = MARKER_EDGE[game.setup.side_of(game.seat)]
    margin = {side: max(2, frame.px(2)) for side in ("top", "left", "bottom", "right")}
    margin[edge] = max(7, frame.px(8))
    side = min(right - left, bottom - top)
    labels = side // SIZE >= 40
    label = frame.small + frame.px(3) if labels else 0
    cell = min(right - left - margin["left"] - margin["right"] - label,
               bottom - top - margin["top"] - margin["bottom"] - label) // SIZE
    x0 = left + margin["left"] + label
    y0 = top + margin["top"]
    span = cell * SIZE
    grid = view(game)
    for r in range(SIZE):
        for c in range(SIZE):
            tile = grid[r][c]
            cell_box = (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)
            draw_tile(frame, cell_box, colour_info(tile) if tile else None, lang)
    for i in range(SIZE + 1):
        frame.draw.line((x0 + i * cell, y0, x0 + i * cell, y0 + span), fill=frame.ink, width=1)
        frame.draw.line((x0, y0 + i * cell, x0 + span, y0 + i * cell), fill=frame.ink, width=1)
    frame.draw.rectangle((x0 - 1, y0 - 1, x0 + span + 1, y0 + span + 1), outline=frame.ink,
                         width=max(1, frame.stroke - 1))
    if labels:
        for i in range(SIZE):
            frame.text((x0 - margin["left"] - frame.px(1), y0 + i * cell + cell // 2), str(i + 1),
                       frame.small, anchor="rm")
            frame.text((x0 + i * cell + cell // 2, y0 + span + margin["bottom"] + frame.px(1)),
                       "ABCDEF"[i], frame.small, anchor="mt")
    _draw_marker(frame, (x0, y0, x0 + span, y0 + span), margin[edge], edge)
    _draw_cursor(ui, frame, x0, y0, cell)


def _draw_marker(frame: Frame, board: Box, depth: int, edge: str) -> None:
    """The direction marker: an arrow pointing out of the edge that is the board's top."""
    left, top, right, bottom = board
    half = max(depth, (right - left) // 10)
    cx, cy = (left + right) // 2, (top + bottom) // 2
    near, far = 2, depth
    if edge == "top":
        tab = (cx - half, top - far, cx + half, top - near)
    elif edge == "bottom":
        tab = (cx - half, bottom + near, cx + half, bottom + far)
    elif edge == "left":
        tab = (left - far, cy - half, left - near, cy + half)
    else:
        tab = (right + near, cy - half, right + far, cy + half)
    draw_arrow(frame.draw, {"top": "up", "bottom": "down"}.get(edge, edge), tab, frame.ink)


def _draw_cursor(ui: ArtemUi, frame: Frame, x0: int, y0: int, cell: int) -> None:
    if ui.mode == "actions":
        return
    row, col = ui.row, ui.col
    if ui.mode in ("row", "colour"):
        cells = [(row, 0), (row, SIZE - 1)]
    elif ui.mode in ("col", "pair"):
        cells = [(row, col)]
    else:
        cells = [(row, col), (row, ui.pick)]
    r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
    c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
    box = (x0 + c0 * cell, y0 + r0 * cell, x0 + (c1 + 1) * cell, y0 + (r1 + 1) * cell)
    if cell < PLAIN_BELOW_PX:
        # A small tile's letter nearly fills it: a 4 px frame astride the grid line, one pixel
        # into the tile (the letter keeps a blank pixel) and two into its neighbours.
        frame.draw.rectangle((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), outline=frame.ink, width=4)
        return
    width = max(2, frame.px(2))
    frame.draw.rectangle(box, outline=frame.ink, width=width)
    inner = (box[0] + width, box[1] + width, box[2] - width, box[3] - width)
    frame.draw.rectangle(inner, outline=frame.paper, width=max(1, width // 2))


# game over -------------------------------------------------------------------------------
def _centred(frame: Frame, box: Box, text: str, max_px: int, weight: str = "semibold",
             fill: Ink | None = None) -> None:
    """Text as large as fits, its ink centred in the box (digits sit on their baseline)."""
    px = frame.fit_px(text, box, max_px, weight=weight)
    left, top, right, bottom = font(px, weight).getbbox(text)
    x = int((box[0] + box[2] - (right - left)) // 2 - left)
    y = int((box[1] + box[3] - (bottom - top)) // 2 - top)
    frame.text((x, y), text, px, weight, fill=fill)


def _over(ui: ArtemUi, lang: str, keys: Keys, frame: Frame) -> None:
    game = ui.game
    assert game is not None
    result = ARTEM.outcome(game)
    assert result is not None
    frame.header(T(lang, "artem.over"))
    frame.softkeys(keys)
    left, top, right, bottom = frame.content
    pad = frame.px(4)
    if result.tied:
        headline = T(lang, "artem.tie", seats=", ".join(str(s) for s in result.winners))
    else:
        headline = T(lang, "artem.wins", seat=result.winners[0])
    height = bottom - top
    y1 = top + height * 2 // 5
    _centred(frame, (left + pad, top + pad, right - pad, y1), headline, frame.large * 2, "bold")
    reason = T(lang, f"artem.end.{result.reason}", n=game.setup.target)
    y2 = y1 + int(frame.body * 1.4)
    _centred(frame, (left + pad, y1, right - pad, y2), reason, frame.body)
    _final_scores(frame, game, (left + pad, y2 + pad, right - pad, bottom - pad), lang,
                  result.winners)


def _final_scores(frame: Frame, game: State, box: Box, lang: str,
                  winners: Sequence[int]) -> None:
    left, top, right, bottom = box
    count = len(game.scores)
    width = (right - left) // count
    pad = frame.px(2)
    for i, points in enumerate(game.scores):
        seat = i + 1
        cell = (left + i * width, top, left + (i + 1) * width - frame.px(3), bottom)
        fill = frame.ink
        if seat in winners:
            frame.draw.rectangle(cell, fill=frame.ink)
            fill = frame.paper
        else:
            frame.draw.rectangle(cell, outline=frame.ink, width=1)
        # The label as tall as its ink at the small size, then a blank gap, then the points:
        # on the 2.13" the cell is only 28 px high and a proportional split made them touch.
        label = T(lang, "seat", seat=seat)
        inner = (cell[0] + pad, cell[1] + pad, cell[2] - pad, cell[3] - pad)
        label_px = frame.fit_px(label, (inner[0], 0, inner[2], frame.height), frame.body)
        ink = font(label_px).getbbox(label)
        split = inner[1] + max(int(ink[3] - ink[1]), (inner[3] - inner[1]) * 2 // 5 - pad)
        _centred(frame, (inner[0], inner[1], inner[2], split), label, label_px, fill=fill)
        _centred(frame, (inner[0], split + max(2, pad), inner[2], inner[3]), str(points),
                 frame.large * 2, "bold", fill=fill)
