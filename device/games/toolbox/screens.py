"""The Toolbox screens: menu, dice, sandglass, finishing order, players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.games.toolbox.ui import ToolboxView
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from device.widgets.countdown import clock_text, draw_countdown
from device.widgets.drawing import draw_seat_tokens, draw_shape_groups, shape_names
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
        return
    {
        "menu": _menu, "dice": _dice, "sandglass": _sandglass, "players": _players,
    }[view.ui.screen](view, lang, keys, frame)


def _menu(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame) -> None:
    game = view.game
    frame.header(T(lang, "toolbox.title"), T(lang, "players", n=game.setup.players))
    frame.softkeys(keys)
    glass_note = clock_text(game.sandglass.remaining_ms(view.now_ms))
    if game.sandglass.status != "idle":
        glass_note = f"{T(lang, 'glass.' + view.glass.status)} {glass_note}"
    items = [T(lang, "toolbox.dice"), T(lang, "toolbox.sandglass"), T(lang, "toolbox.order"),
             T(lang, "toolbox.players")]
    right = [dice_name(lang, game), glass_note, f"{len(game.order.seats)}/{game.setup.players}",
             str(game.setup.players)]
    frame.menu(frame.content, items, view.ui.cursor, right=right)


def _dice(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame) -> None:
    game = view.game
    frame.header(T(lang, "toolbox.dice"), dice_name(lang, game))
    frame.softkeys(keys)
    box = frame.content
    pad = frame.px(4)
    inner = (box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad)
    if not game.last_roll or game.last_roll_kind != game.dice_kind:
        frame.fit(inner, T(lang, "dice.press_roll"), max_px=frame.body)
        return
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


def _sandglass(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame) -> None:
    glass = view.glass
    frame.header(T(lang, "toolbox.sandglass"), T(lang, f"glass.{glass.status}"))
    frame.softkeys(keys)
    if glass.status == "done":
        frame.fit(frame.content, T(lang, "glass.time_up"), max_px=int(frame.height * 0.6), weight="bold")
        return
    note = T(lang, "glass.paused_big") if glass.status == "paused" else ""
    draw_countdown(frame, frame.content, glass, view.now_ms, note)


def _order(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame, seat_buttons: bool) -> None:
    order, waiting = view.game.order, view.waiting
    right = T(lang, "order.next", n=order.next_token) if waiting else ""
    frame.header(T(lang, "toolbox.order"), right)
    frame.softkeys(keys)
    left, top, right_x, bottom = frame.content
    pad = frame.px(3)
    # The waiting row sits a clear gap above the soft-key bar, its highlight inside the row.
    row_bottom = bottom - frame.px(4)
    row_top = row_bottom - (frame.body + pad * 2)
    tokens_box = (left + pad, top + pad, right_x - pad, row_top - pad)
    if not waiting:  # the drawings are done: the table's next step is the sandglass
        row_top -= frame.body + pad
        tokens_box = (left + pad, top + pad, right_x - pad, row_top - pad)
    if order.seats:
        draw_seat_tokens(frame, tokens_box, [T(lang, "seat", seat=s) for s in order.seats])
    else:
        frame.fit(tokens_box, T(lang, "order.hint"), max_px=frame.body)
    y = (row_top + row_bottom) // 2
    if not waiting:
        then = T(lang, "order.then_glass" if seat_buttons else "order.then_glass.keys")
        middle = (row_top + row_bottom) // 2
        frame.fit((left + pad, row_top, right_x - pad, middle), T(lang, "order.all_done"), max_px=frame.body)
        frame.fit((left + pad, middle, right_x - pad, row_bottom), then, max_px=frame.body, weight="bold")
        return
    label = T(lang, "order.waiting") + ":"
    frame.text((left + pad, y), label, frame.body, anchor="lm")
    x = left + pad * 2 + frame.text_width(label, frame.body)
    for seat in waiting:
        text = T(lang, "seat.short", seat=seat)
        w = frame.text_width(text, frame.body, "bold") + pad * 2
        chosen = seat == view.ui.seat_cursor and not seat_buttons  # the table build has no cursor
        if chosen:
            frame.draw.rectangle((x, row_top, x + w, row_bottom), fill=frame.ink)
        frame.text((x + pad, y), text, frame.body, "bold", anchor="lm", fill=frame.paper if chosen else frame.ink)
        x += w + pad


def _players(view: ToolboxView, lang: str, keys: Mapping[str, str], frame: Frame) -> None:
    frame.header(T(lang, "toolbox.players"))
    frame.softkeys(keys)
    frame.big_number(frame.content, str(view.ui.players_pick))
