"""The Artem screens: setup, the board (phase 1, the action list, every pick), game over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.games.artem.artem_data import colour_info
from device.games.artem.tiles import PLAIN_BELOW_PX, draw_tile
from device.games.artem.ui import SETUP_ITEMS, ArtemUi, actions, cell_name, claim_run, offered, on_offered
from device.render.fonts import font
from device.render.frame import Frame, wrap_words
from device.render.shapes import Box, Ink, draw_arrow
from device.strings.all import STRINGS as T
from device.widgets.option_menu import edited
from device.widgets.seat_button import button_width, draw_seat_button
from engine.artem import ARTEM
from engine.artem.board import SIZE
from engine.artem.rules import claim_points
from engine.artem.state import State
from engine.artem.view import is_first_turn, play_number, view

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
    board_side = min(bottom - top, (right - left) * 3 // 5)
    board_box = (left, top, left + board_side, bottom)
    gap = frame.px(4)
    _draw_board(ui, game, frame, board_box, lang)
    _panel(ui, game, frame, (board_box[2] + gap, top, right, bottom), lang, seat_buttons)


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
        # A small tile's letter nearly fills it: a 3 px frame astride the grid line, one pixel
        # into the tile (the letter keeps a blank pixel) and one into its neighbours.
        frame.draw.rectangle((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), outline=frame.ink, width=3)
        return
    width = max(2, frame.px(2))
    frame.draw.rectangle(box, outline=frame.ink, width=width)
    inner = (box[0] + width, box[1] + width, box[2] - width, box[3] - width)
    frame.draw.rectangle(inner, outline=frame.paper, width=max(1, width // 2))


def _panel(ui: ArtemUi, game: State, frame: Frame, box: Box, lang: str, seat_buttons: bool) -> None:
    """Seat and play number, scores, deck, then the action list or the current pick."""
    left, top, right, bottom = box
    pad = frame.px(3)
    bar = int(frame.body * 1.3)
    frame.draw.rectangle((left, top, right - 1, top + bar - 1), fill=frame.ink)
    status = _status(game, lang)
    long_seat = T(lang, "seat", seat=game.seat)
    seat, px = long_seat, frame.body
    for seat, px in ((long_seat, frame.body), (long_seat, frame.small),
                     (T(lang, "seat.short", seat=game.seat), frame.small)):
        room = right - left - frame.text_width(seat, frame.body, "bold") - 4 * pad
        if frame.text_width(status, px) <= room:
            break
    frame.text((left + pad, top + bar // 2), seat, frame.body, "bold", anchor="lm",
               fill=frame.paper)
    frame.text((right - pad, top + bar // 2), status, px, anchor="rm", fill=frame.paper)
    y = _scores(frame, game, (left, top + bar + pad // 2, right, bottom), lang)
    note = T(lang, "artem.deck", n=len(game.deck)) + " · "
    note += T(lang, "artem.to_win", n=game.setup.target)
    y = _line(frame, (left + pad, y, right, bottom), note)
    rest = (left, y + pad // 2, right, bottom)
    if ui.mode == "actions":
        _action_list(ui, game, frame, rest, lang, seat_buttons)
    else:
        _pick(ui, game, frame, rest, lang, seat_buttons)


def _status(game: State, lang: str) -> str:
    """Which play of the turn comes next (phase 1 ends with the turn's first card)."""
    if game.plays >= game.setup.max_plays:
        return T(lang, "artem.plays_done", n=game.plays)
    return T(lang, "artem.play_of", n=play_number(game), max=game.setup.max_plays)


def _line(frame: Frame, box: Box, text: str, weight: str = "semibold") -> int:
    """One line of small text (smaller down to the floor before it is cut to the box's width);
    returns the y below it, its descenders included, and a blank pixel or two."""
    left, top, right, _ = box
    width = right - left - frame.px(2)
    px = frame.fit_px(text, (0, 0, width, frame.height), frame.small, weight=weight)
    frame.text((left, top), frame.ellipsize(text, width, px, weight), px, weight)
    return max(top + int(frame.small * 1.25), top + int(font(frame.small, weight).getbbox("Égp,")[3]) + 2)


def _scores(frame: Frame, game: State, box: Box, lang: str) -> int:
    """Each seat's points, the active seat inverted; wraps to a second line if needed."""
    left, top, right, _ = box
    pad = frame.px(3)
    line = int(frame.small * 1.25)
    x, y = left + pad, top
    for seat, points in enumerate(game.scores, start=1):
        text = f"{T(lang, 'seat.short', seat=seat)} {points}"
        w = frame.text_width(text, frame.small, "bold") + 2 * pad
        if x + w > right and x > left + pad:
            x, y = left + pad, y + line
        if seat == game.seat:
            frame.draw.rectangle((x - pad // 2, y, x + w - pad - 1, y + line - 2), fill=frame.ink)
        fill = frame.paper if seat == game.seat else frame.ink
        frame.text((x, y + line // 2 - 1), text, frame.small, "bold", anchor="lm", fill=fill)
        x += w
    return y + line


def _action_list(ui: ArtemUi, game: State, frame: Frame, box: Box, lang: str, seat_buttons: bool) -> None:
    """The cards and turn actions offered, every entry in sight (in two columns on small panels),
    each after the seat button that picks it on the table build, with notes (the last play,
    phase 1's task) if room."""
    listed, shown = actions(game), offered(game)
    items = [T(lang, f"artem.act.{listed[i]}") for i in shown]
    left, top, right, bottom = box
    note_h = int(frame.small * 1.25)
    px, columns = _list_layout(frame, items, (right - left, bottom - top), seat_buttons)
    rows = -(-len(items) // columns)
    row_h = _row_h(px)
    notes = [part for note in _notes(game, lang)
             for part in wrap_words(note, right - left - frame.px(5), frame.small)]
    for note in notes[:max(0, (bottom - top - rows * row_h) // note_h)]:
        top = _line(frame, (left + frame.px(3), top, right, bottom), note)
    cursor = on_offered(game, ui.cursor)
    width = (right - left) // columns
    for place, (index, item) in enumerate(zip(shown, items, strict=True)):
        cell = (left + (place % columns) * width, top + (place // columns) * row_h)
        fill = frame.ink
        if index == cursor:
            frame.draw.rectangle((*cell, cell[0] + width - 2, cell[1] + row_h - 1), fill=frame.ink)
            fill = frame.paper
        x, cy = cell[0] + frame.px(2), cell[1] + row_h // 2
        if seat_buttons:
            x = draw_seat_button(frame, x, cy, index + 1, px, fill)
        shown_text = frame.ellipsize(item, cell[0] + width - frame.px(1) - x, px)
        frame.text((x, cy), shown_text, px, anchor="lm", fill=fill)


def _row_h(px: int) -> int:
    """A list row tall enough for accents and descenders ("Échange") with a pixel to spare."""
    tallest = font(px).getbbox("ÉfÇçgj", anchor="lm")
    return max(int(px * 1.35), 2 * int(max(-tallest[1], tallest[3])) + 3)


def _list_layout(frame: Frame, items: Sequence[str], room: tuple[int, int],
                 seat_buttons: bool) -> tuple[int, int]:
    """The text size and the columns that show every entry in `room` (width, height), leaving
    a note's line if it can; else the smallest size in two columns."""
    note_h = int(frame.small * 1.25)
    floor = frame.px(10)  # 10 px on the 2.13" panel, scaled: never smaller (issue 13)
    for spare in (note_h, 0):
        for px, columns in ((frame.body, 1), (frame.small, 1), (floor, 1), (frame.small, 2),
                            (floor, 2)):
            glyph = button_width(frame, px) if seat_buttons else 0
            widest = max(frame.text_width(item, px) for item in items) + glyph + frame.px(6)
            rows = -(-len(items) // columns)
            if rows * _row_h(px) + spare <= room[1] and widest * columns <= room[0]:
                return px, columns
    return floor, 2


def _notes(game: State, lang: str) -> list[str]:
    """What the last play did (the previous seat's at a turn's start), phase 1's task, the
    first-turn rule."""
    notes = _last_play(game, lang)
    if game.phase == "draw":
        notes.append(T(lang, "artem.phase1"))
        if is_first_turn(game):
            notes.append(T(lang, "artem.first_turn"))
    return notes


def _last_play(game: State, lang: str) -> list[str]:
    """What the latest play did: this seat's, or at a turn's start the seat before's."""
    last = game.last
    if last is None or (last.seat != game.seat and game.plays > 0):
        return []
    if last.kind == "claim":
        return [T(lang, "artem.last.claim", seat=last.seat, n=last.length,
                  colour=colour_info(last.colour).name(lang), points=last.points)]
    if last.kind == "move":
        return [T(lang, "artem.last.move", seat=last.seat, n=last.length)]
    return [T(lang, "artem.last.flip", seat=last.seat)]


def _pick(ui: ArtemUi, game: State, frame: Frame, box: Box, lang: str, seat_buttons: bool) -> None:
    """The question of the current step, the buttons that answer it, and what the pick would do."""
    left, top, right, bottom = box
    pad = frame.px(3)
    card = T(lang, f"artem.act.{ui.card}")
    px = frame.fit_px(card, (0, 0, right - left - pad, frame.height), frame.body, weight="bold")
    frame.text((left + pad, top), frame.ellipsize(card, right - left - pad, px, "bold"), px, "bold")
    top += int(frame.body * 1.25)
    question = {"colour": "artem.pick_row", "row": "artem.pick_row", "col": "artem.pick_tile",
                "pair": "artem.pick_pair", "end": "artem.pick_end"}[ui.mode]
    if ui.mode == "row" and ui.card in ("move1", "move2"):
        question = "artem.pick_row_move"
    top = _line(frame, (left + pad, top, right, bottom), T(lang, question, cell=cell_name((ui.row, ui.col))))
    hint = _pick_hint(ui, lang, seat_buttons)
    line_h = int(frame.small * 1.25)
    for part in wrap_words(hint, right - left - pad - frame.px(2), frame.small)[:2]:
        if top + line_h > bottom:
            break
        top = _line(frame, (left + pad, top, right, bottom), part)
    detail_box = (left + pad, top, right - pad, bottom - pad)
    if ui.mode in ("row", "colour"):
        detail = T(lang, "artem.row", n=ui.row + 1)
    elif ui.mode in ("col", "pair"):
        detail = cell_name((ui.row, ui.col))
    else:
        _, length = claim_run(ui)
        points = claim_points(length, play_number(game)) if length <= 6 else 0
        detail = T(lang, "artem.preview", n=length, points=points)
    if detail_box[3] - detail_box[1] >= frame.px(8):
        frame.fit(detail_box, detail, max_px=frame.large, weight="bold", align="left")


def _pick_hint(ui: ArtemUi, lang: str, seat_buttons: bool) -> str:
    """Which buttons answer the step: the seat buttons by number on the table build, else the
    four keys."""
    if ui.mode == "pair":
        side = "artem.hint.right" if ui.col < SIZE - 1 else "artem.hint.left"
        keys = T(lang, "artem.hint.pair", side=T(lang, side))
        beside = "/".join(str(c + 1) for c in (ui.col - 1, ui.col + 1) if 0 <= c < SIZE)
        return keys + " " + T(lang, "artem.hint.pair_seat", columns=beside) if seat_buttons else keys
    mode = "row" if ui.mode in ("row", "colour") else ui.mode
    build = "seat" if seat_buttons else "keys"
    return T(lang, f"artem.hint.{mode}.{build}")


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
