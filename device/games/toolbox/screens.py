"""The Toolbox screens: menu, dice, sandglass, finishing order, players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.clock import clock_text
from device.games.toolbox.ui import ToolboxView
from device.render.frame import TEXT_FLOOR_PX, Frame
from device.strings.all import STRINGS as T
from device.widgets.countdown import draw_countdown, held_note, stands_still
from device.widgets.drawing import draw_seat_tokens, draw_shape_groups, shape_names
from device.widgets.keeper_cursor import cursor_shown
from device.widgets.seat_button import draw_seat_button
from engine.toolbox.state import State


def dice_name(lang: str, game: State) -> str:
    """What `roll` throws, in words."""
    if game.dice_kind == "tokens":
        return T(lang, "dice.token_one") if game.tokens == 1 else T(lang, "dice.tokens", n=game.tokens)
    return T(lang, f"dice.{game.dice_kind}")


def render(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame,
           seat_buttons: bool = True) -> None:
    """Draw the Toolbox screen the player is on, with these soft-key labels; `seat_buttons`
    (the table build) names the timer button where the four keys would press down."""
    if view.ui.screen == "order":
        _order(view, lang, keys, frame, seat_buttons)
    elif view.ui.screen == "dice":
        _dice(view, lang, keys, frame, seat_buttons)
    elif view.ui.screen == "sandglass":
        _sandglass(view, lang, keys, frame, seat_buttons)
    elif view.ui.screen == "menu":
        _menu(view, lang, keys, frame, seat_buttons)
    else:
        _players(view, lang, keys, frame)


def _header(frame: Frame, title: str, right: str, more: str) -> None:
    """The header, with `more` after `right` where the bar has room for title, right and more."""
    px = int(min(frame.px(17), max(17, frame.height // 7)) * 0.72)  # as Frame.header sizes its text
    both = f"{right} · {more}"
    room = frame.width - frame.px(4) * 5 - frame.text_width(title, px, "bold")
    frame.header(title, both if frame.text_width(both, px) <= room else right)


def _menu(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame, seat_buttons: bool) -> None:
    game = view.game
    frame.header(T(lang, "toolbox.title_roll" if seat_buttons else "toolbox.title"),
                 T(lang, "players", n=game.setup.players))
    frame.softkeys(keys)
    glass_note = clock_text(game.sandglass.remaining_ms(view.now_ms))
    if game.sandglass.status != "idle":
        glass_note = f"{T(lang, 'glass.' + view.glass.status)} {glass_note}"
    items = [T(lang, "toolbox.step_dice"), T(lang, "toolbox.step_order"), T(lang, "toolbox.step_sandglass"),
             T(lang, "toolbox.players")]  # in MENU's order: a round's steps, numbered
    order_note = T(lang, "toolbox.order_count", done=len(game.order.seats), n=game.setup.players)
    right = [dice_name(lang, game), order_note, glass_note,
             str(game.setup.players)]
    frame.menu(frame.content, items, view.ui.cursor, right=right)


def _dice(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame, seat_buttons: bool) -> None:
    game = view.game
    # the roll that began a new round says it cleared last round's finishing order (000 l.95)
    cleared = view.ui.new_round and bool(game.last_roll) and not game.order.seats
    _header(frame, T(lang, "dice.title"), T(lang, "dice.order_cleared") if cleared else dice_name(lang, game),
            T(lang, "toolbox.table_of", n=game.setup.players))
    frame.softkeys(keys)
    box = frame.content
    pad = frame.px(4)
    inner = (box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad)
    if not game.last_roll or game.last_roll_kind != game.dice_kind:
        frame.fit(inner, T(lang, "dice.press_roll" if seat_buttons else "dice.press_roll.keys"), max_px=frame.body)
        return
    # Rolled: the round's next steps under the dice, in the build's words (000 l.44, l.56).
    suffix = "" if seat_buttons else ".keys"
    line_h = frame.small + frame.px(1)
    lines = (T(lang, "dice.then_order" + suffix), T(lang, "dice.then_glass" + suffix))
    for i, line in enumerate(lines):
        top = inner[3] - line_h * (len(lines) - i)
        weight = "bold" if i == 0 else "semibold"
        frame.fit((inner[0], top, inner[2], top + line_h), line, max_px=frame.small, weight=weight)
    inner = (inner[0], inner[1], inner[2], inner[3] - line_h * len(lines) - frame.px(1))
    if game.last_roll_kind == "shapes":
        draw_shape_groups(frame, inner, game.last_roll, shape_names(lang))
    elif game.last_roll_kind == "tokens":
        _tokens(frame, inner, game.last_roll, lang)
    else:
        frame.big_number(inner, game.last_roll[0])


def _tokens(frame: Frame, box: tuple[int, int, int, int], faces: Sequence[str], lang: str) -> None:
    left, top, right, bottom = box
    up = sum(1 for f in faces if f == "up")
    caption_h = frame.body + frame.px(4)
    size = min((right - left) // (len(faces) + 1), (bottom - top - caption_h) * 3 // 4)
    gap = size // 4
    total = len(faces) * size + (len(faces) - 1) * gap
    x = (left + right - total) // 2
    y = top + (bottom - top - caption_h - size) // 2
    for face in faces:
        circle = (x, y, x + size, y + size)
        if face == "up":
            frame.draw.ellipse(circle, fill=frame.ink)
        else:
            frame.draw.ellipse(circle, outline=frame.ink, width=frame.stroke)
        x += size + gap
    frame.text(((left + right) // 2, bottom), T(lang, "dice.face_up", up=up, n=len(faces)),
               frame.body, "bold", anchor="md")


def _sandglass(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame, seat_buttons: bool) -> None:
    glass = view.glass
    status = "held" if stands_still(glass, view.held) else glass.status  # the notice says why
    frame.header(T(lang, "toolbox.sandglass"), T(lang, f"glass.{status}"))
    frame.softkeys(keys)
    if glass.status == "done":  # Time!, and under it the table's next step: the next round's roll
        left, top, right, bottom = frame.content
        pad = frame.px(3)
        line_top = bottom - pad - frame.body - frame.px(2)
        frame.fit((left, top + pad, right, line_top - pad), T(lang, "glass.time_up"), max_px=int(frame.height * 0.6),
                  weight="bold")
        say = "glass.next_round" if seat_buttons else "glass.next_round.keys"
        frame.fit((left + pad, line_top, right - pad, bottom - pad), T(lang, say), max_px=frame.body, weight="bold")
        return
    note = T(lang, "glass.paused_big") if status == "paused" else held_note(lang, glass, view.held)
    draw_countdown(frame, frame.content, glass, view.now_ms, note)


def _order(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame, seat_buttons: bool) -> None:
    order, waiting = view.game.order, view.waiting
    _header(frame, T(lang, "toolbox.order"), T(lang, "order.next", n=order.next_token) if waiting else
            T(lang, "order.all_done"), T(lang, "toolbox.table_of", n=view.game.setup.players))
    frame.softkeys(keys)
    left, top, right_x, bottom = frame.content
    pad = frame.px(3)
    # The waiting row sits a clear gap above the soft-key bar, its highlight inside the row; the
    # line above it says who presses what.
    row_bottom = bottom - frame.px(4)
    row_top = row_bottom - (frame.body + pad * 2)
    say_box = (left + pad, row_top - frame.body - pad, right_x - pad, row_top)
    if not waiting:  # the drawings are done: the guessing, and its sandglass, come next
        say_box = (left + pad, row_top, right_x - pad, row_bottom)
    cursor = cursor_shown(view.ui.by_hand, seat_buttons)
    above = say_box[1]
    why_box = (left + pad, say_box[1] - frame.small - pad, right_x - pad, say_box[1])
    with_why = (left + pad, top + pad, right_x - pad, why_box[1] - pad)
    # the table build: what "● No button?" is for, above the prompt, where the tokens keep room
    if waiting and not cursor and _tokens_fit(frame, with_why, order.seats, lang):
        frame.fit(why_box, T(lang, "order.by_hand_why"), max_px=frame.small)
        above = why_box[1]
    tokens_box = (left + pad, top + pad, right_x - pad, above - pad)
    if order.seats:
        _tokens_taken(frame, tokens_box, order.seats, lang)
    else:
        frame.fit(tokens_box, T(lang, "order.first"), max_px=frame.body)
    if not waiting:
        say = "order.then_glass" if seat_buttons else "order.then_glass.keys"
    else:
        say = "order.pick_seat" if cursor else "order.press_own"
    frame.fit(say_box, T(lang, say, n=order.next_token), max_px=frame.body, weight="bold")
    if waiting:
        _waiting_row(view, frame, (left + pad, row_top, right_x - pad, row_bottom), lang, cursor)


def _tokens_taken(frame: Frame, box: tuple[int, int, int, int], seats: Sequence[int], lang: str) -> None:
    """The number tokens taken, four a row; where two rows would be cramped, one row, seats in short."""
    if box[3] - box[1] < frame.px(36):  # too short to stand a token over its seat (the 2.13" table build)
        _token_chips(frame, box, seats, lang)
        return
    one_row = len(seats) > 4 and (box[3] - box[1]) // 2 < frame.px(40)
    name = "seat.short" if one_row else "seat"
    draw_seat_tokens(frame, box, [T(lang, name, seat=s) for s in seats], per_row=len(seats) if one_row else 4)


def _tokens_fit(frame: Frame, box: tuple[int, int, int, int], seats: Sequence[int], lang: str) -> bool:
    """Whether the tokens taken fit `box`: tall enough for tokens, or one row of chips at the floor."""
    return box[3] - box[1] >= frame.px(36) or _chips_width(frame, seats, lang, TEXT_FLOOR_PX) <= box[2] - box[0]


def _chips_width(frame: Frame, seats: Sequence[int], lang: str, px: int) -> int:
    """How wide one row of "#1 S3" chips is at `px`."""
    inner, gap = frame.px(3) + frame.stroke, frame.px(3)
    return sum(frame.text_width(_chip(lang, i, seat), px, "bold") + 2 * inner + gap
               for i, seat in enumerate(seats, 1)) - gap


def _chip(lang: str, token: int, seat: int) -> str:
    return f"#{token} {T(lang, 'seat.short', seat=seat)}"


def _token_chips(frame: Frame, box: tuple[int, int, int, int], seats: Sequence[int], lang: str) -> None:
    """The number tokens taken as one row of "#1 S3" chips, for a box too short for the tokens."""
    left, top, right, bottom = box
    inner, gap = frame.px(3) + frame.stroke, frame.px(3)  # text a clear pad inside the outline
    px = frame.small
    while px > TEXT_FLOOR_PX and _chips_width(frame, seats, lang, px) > right - left:
        px -= 1
    height = min(bottom - top, px + 2 * inner)
    y = (top + bottom - height) // 2
    x = left
    for text in (_chip(lang, i, seat) for i, seat in enumerate(seats, 1)):
        width = frame.text_width(text, px, "bold") + 2 * inner
        frame.draw.rounded_rectangle((x, y, x + width, y + height), radius=frame.px(3), outline=frame.ink,
                                     width=frame.stroke)
        frame.text((x + width // 2, y + height // 2), text, px, "bold", anchor="mm")
        x += width + gap


def _waiting_row(view: ToolboxView, frame: Frame, box: tuple[int, int, int, int], lang: str, cursor: bool) -> None:
    """The seats still drawing: their seat buttons, or with the four keys the seats with the cursor."""
    left, row_top, _, row_bottom = box
    pad = frame.px(3)
    y = (row_top + row_bottom) // 2
    label = T(lang, "order.waiting") + ":"
    frame.text((left, y), label, frame.body, anchor="lm")
    x = left + pad + frame.text_width(label, frame.body)
    for seat in view.waiting:
        if not cursor:
            x = draw_seat_button(frame, x, y, seat, frame.body)
            continue
        text = T(lang, "seat.short", seat=seat)
        w = frame.text_width(text, frame.body, "bold") + pad * 2
        chosen = seat == view.ui.seat_cursor
        if chosen:
            frame.draw.rectangle((x, row_top, x + w, row_bottom), fill=frame.ink)
        frame.text((x + pad, y), text, frame.body, "bold", anchor="lm", fill=frame.paper if chosen else frame.ink)
        x += w + pad


def _players(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame) -> None:
    frame.header(T(lang, "toolbox.players"))
    frame.softkeys(keys)
    frame.big_number(frame.content, str(view.ui.players_pick))
