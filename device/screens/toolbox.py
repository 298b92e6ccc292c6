"""The Toolbox screens: menu, dice, sandglass, finishing order, players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from device.render.frame import Frame
from device.screens.widgets import clock_text, draw_countdown, draw_seat_tokens, draw_shape_groups
from device.strings.all import STRINGS as T
from engine.dice import SHAPES
from engine.toolbox.state import State

if TYPE_CHECKING:
    from device.apps.base import Context, Sample
    from device.apps.toolbox import ToolboxApp, ToolboxUi


def dice_name(lang: str, game: State) -> str:
    """What `roll` throws, in words."""
    if game.dice_kind == "tokens":
        return T(lang, "dice.tokens", n=game.tokens)
    return T(lang, f"dice.{game.dice_kind}")


def render(state: ToolboxUi, ctx: Context, frame: Frame) -> None:
    """Draw the Toolbox screen the player is on."""
    {
        "menu": _menu, "dice": _dice, "sandglass": _sandglass, "order": _order, "players": _players,
    }[state.screen](state, ctx, frame)


def _menu(state: ToolboxUi, ctx: Context, frame: Frame) -> None:
    lang, game = ctx.lang, state.game
    frame.header(T(lang, "toolbox.title"), T(lang, "players", n=game.setup.players))
    frame.softkeys({"up": T(lang, "key.up"), "down": T(lang, "key.down"), "ok": T(lang, "key.open"),
                    "back": T(lang, "key.home")})
    glass = game.sandglass
    glass_note = clock_text(glass.remaining_ms(ctx.now_ms))
    if glass.status != "idle":
        glass_note = f"{T(lang, 'glass.' + glass.settle(ctx.now_ms).status)} {glass_note}"
    items = [T(lang, "toolbox.dice"), T(lang, "toolbox.sandglass"), T(lang, "toolbox.order"),
             T(lang, "toolbox.players")]
    right = [dice_name(lang, game), glass_note, f"{len(game.order.seats)}/{game.setup.players}",
             str(game.setup.players)]
    frame.menu(frame.content, items, state.cursor, right=right)


def _dice(state: ToolboxUi, ctx: Context, frame: Frame) -> None:
    lang, game = ctx.lang, state.game
    frame.header(T(lang, "toolbox.dice"), dice_name(lang, game))
    frame.softkeys({"up": T(lang, "key.prev"), "down": T(lang, "key.next"), "ok": T(lang, "dice.roll"),
                    "back": T(lang, "key.back")})
    box = frame.content
    pad = frame.px(4)
    inner = (box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad)
    if not game.last_roll or game.last_roll_kind != game.dice_kind:
        frame.fit(inner, T(lang, "dice.press_roll"), max_px=frame.body)
        return
    if game.last_roll_kind == "shapes":
        names = {shape: T(lang, f"shape.{shape}") for shape in SHAPES}
        draw_shape_groups(frame, inner, game.last_roll, names)
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


def _sandglass(state: ToolboxUi, ctx: Context, frame: Frame) -> None:
    lang = ctx.lang
    glass = state.game.sandglass.settle(ctx.now_ms)
    frame.header(T(lang, "toolbox.sandglass"), T(lang, f"glass.{glass.status}"))
    keys = {"back": T(lang, "key.back")}
    if glass.status == "idle":
        keys["ok"] = T(lang, "glass.start")
    elif glass.status == "running":
        keys.update(ok=T(lang, "glass.flip"), down=T(lang, "glass.pause"))
    elif glass.status == "paused":
        keys.update(ok=T(lang, "glass.resume"), up=T(lang, "glass.plus"), down=T(lang, "glass.minus"))
    else:
        keys["ok"] = T(lang, "glass.again")
    frame.softkeys(keys)
    if glass.status == "done":
        frame.fit(frame.content, T(lang, "glass.time_up"), max_px=int(frame.height * 0.6), weight="bold")
        return
    note = T(lang, "glass.paused_big") if glass.status == "paused" else ""
    draw_countdown(frame, frame.content, glass, ctx.now_ms, note)


def _order(state: ToolboxUi, ctx: Context, frame: Frame) -> None:
    lang, order = ctx.lang, state.game.order
    waiting = order.waiting()
    right = T(lang, "order.next", n=order.next_token) if waiting else ""
    frame.header(T(lang, "toolbox.order"), right)
    ok = T(lang, "order.take", n=order.next_token) if waiting else T(lang, "order.new_round")
    frame.softkeys({"up": T(lang, "key.prev") if waiting else "", "down": T(lang, "key.next") if waiting else "",
                    "ok": ok, "back": T(lang, "key.back")})
    left, top, right_x, bottom = frame.content
    pad = frame.px(3)
    row_h = frame.body + pad * 3
    tokens_box = (left + pad, top + pad, right_x - pad, bottom - row_h)
    if order.seats:
        draw_seat_tokens(frame, tokens_box, [T(lang, "seat", seat=s) for s in order.seats])
    else:
        frame.fit(tokens_box, T(lang, "order.hint"), max_px=frame.body)
    y = bottom - row_h // 2
    if not waiting:
        frame.text(((left + right_x) // 2, y), T(lang, "order.all_done"), frame.body, "bold", anchor="mm")
        return
    label = T(lang, "order.waiting") + ":"
    frame.text((left + pad, y), label, frame.body, anchor="lm")
    x = left + pad * 2 + frame.text_width(label, frame.body)
    for seat in waiting:
        text = T(lang, "seat.short", seat=seat)
        w = frame.text_width(text, frame.body, "bold") + pad * 2
        if seat == state.seat_cursor:
            frame.draw.rectangle((x, y - row_h // 2 + pad, x + w, y + row_h // 2 - pad), fill=frame.ink)
        fill = frame.paper if seat == state.seat_cursor else frame.ink
        frame.text((x + pad, y), text, frame.body, "bold", anchor="lm", fill=fill)
        x += w + pad


def _players(state: ToolboxUi, ctx: Context, frame: Frame) -> None:
    lang = ctx.lang
    frame.header(T(lang, "toolbox.players"))
    frame.softkeys({"up": "+1", "down": "-1", "ok": T(lang, "key.ok"), "back": T(lang, "key.back")})
    frame.big_number(frame.content, str(state.players_pick))


def samples(app: ToolboxApp, ctx: Context) -> Sequence[Sample[ToolboxUi]]:
    """A state for every Toolbox screen, as a table would see it."""
    from device.apps.base import Sample
    from hardware.events import ButtonEvent

    def press(ui: ToolboxUi, *buttons: str, now: int = 0) -> ToolboxUi:
        for button in buttons:
            kind = "hold" if button.endswith("!") else "press"
            event = ButtonEvent(button.rstrip("!"), kind)
            ui = app.handle(ui, event, replace(ctx, now_ms=now)).state
        return ui

    fresh = app.start(replace(ctx, seed=7))
    shapes = press(fresh, "roll")
    d6 = press(replace(fresh, screen="dice"), "down", "ok")
    tokens = press(replace(fresh, screen="dice"), "down", "down", "down", "down", "down", "ok")
    running = press(fresh, "timer", now=0)
    paused = press(running, "timer!", now=47_400)
    done = press(fresh, "timer", now=0)
    done = replace(done, game=replace(done.game, sandglass=done.game.sandglass.settle(90_000)))
    order = press(replace(fresh, screen="order"), "seat3", "seat1")
    full = press(replace(fresh, screen="order"), "seat2", "seat4", "seat1", "seat3")
    return (
        Sample("menu", fresh),
        Sample("dice-empty", replace(fresh, screen="dice")),
        Sample("dice-shapes", shapes),
        Sample("dice-d6", d6),
        Sample("dice-tokens", tokens),
        Sample("sandglass-ready", replace(fresh, screen="sandglass")),
        Sample("sandglass-running", running, now_ms=12_300),
        Sample("sandglass-last-seconds", running, now_ms=81_000),
        Sample("sandglass-paused", paused, now_ms=50_000),
        Sample("sandglass-time-up", done, now_ms=90_000),
        Sample("order", order),
        Sample("order-complete", full),
        Sample("players", replace(fresh, screen="players", players_pick=6)),
    )
