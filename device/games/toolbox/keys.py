"""The Toolbox's binding table: for each screen, what every key does and its soft-key label.

Shortcuts of the table build work on every screen: `roll` rolls, `timer` turns the sandglass
(hold: pause or resume), a seat button takes that seat's number token.
"""

from __future__ import annotations

from dataclasses import replace

from device.clock import clock_text
from device.framework.contract import Context, Reply
from device.games.toolbox.ui import (
    DICE_CHOICES,
    MAX_PLAYERS,
    MENU,
    MIN_PLAYERS,
    ToolboxUi,
    dice_choice_index,
    first_waiting,
)
from device.i18n import Text, said
from device.strings.all import STRINGS as T
from device.widgets.bindings import Action, Binding, Bindings, pause, stay
from device.widgets.cursor import counted, neighbour, wrapped
from device.widgets.drawing import shapes_said
from device.widgets.keeper_cursor import close_cursor, open_cursor
from device.widgets.option_menu import option_menu
from engine.toolbox import TOOLBOX
from engine.toolbox.commands import (
    AdjustSandglass,
    ChooseDice,
    ClearTokens,
    Command,
    FlipSandglass,
    PauseSandglass,
    ResumeSandglass,
    Roll,
    SetPlayers,
    SetSandglassLength,
    SettleSandglass,
    StartSandglass,
    TakeToken,
)
from engine.toolbox.state import State

Keys = dict[str, Binding[ToolboxUi]]


def bindings(ui: ToolboxUi, ctx: Context) -> Bindings[ToolboxUi]:
    """The table for the screen shown, plus the table build's shortcuts."""
    screen_keys = {"menu": _menu, "dice": _dice, "sandglass": _sandglass, "order": _order,
                   "players": _players}[ui.screen](ui, ctx)
    return Bindings({**_shortcuts(), **screen_keys})


def settings_length(ui: ToolboxUi, ctx: Context) -> ToolboxUi:
    """A glass about to start takes the length chosen in Settings (the state keeps the old one)."""
    seconds = ctx.settings.sandglass_s
    if ui.game.setup.sandglass_s == seconds:
        return ui
    game = TOOLBOX.apply(ui.game, SettleSandglass(ctx.now_ms))
    return replace(ui, game=TOOLBOX.apply(game, SetSandglassLength(seconds)))


def dice_short(lang: str, kind: str, tokens: int) -> str:
    """A dice choice in a soft key's few letters ("d6", "3 tokens")."""
    if kind == "tokens":
        return T(lang, "dice.short.token_one") if tokens == 1 else T(lang, "dice.short.tokens", n=tokens)
    return T(lang, f"dice.short.{kind}")


def roll_summary(game: State) -> Text:
    """The last roll in words ("2 x triangle, 1 x circle", "5", "3 of 4 face up"), as data."""
    if not game.last_roll:
        return ""
    if game.last_roll_kind == "shapes":
        return shapes_said(game.last_roll)
    if game.last_roll_kind == "tokens":
        up = sum(1 for face in game.last_roll if face == "up")
        return said("dice.face_up", up=up, n=len(game.last_roll))
    return " + ".join(game.last_roll)


# ----- shortcuts -------------------------------------------------------------------------


def _shortcuts() -> Keys:
    keys: Keys = {
        "roll": Binding(lambda ui, ctx: _roll(replace(ui, screen="dice"), ctx)),
        "roll!": Binding(stay),
        "timer": Binding(lambda ui, ctx: _timer(replace(ui, screen="sandglass"), ctx, hold=False)),
        "timer!": Binding(lambda ui, ctx: _timer(replace(ui, screen="sandglass"), ctx, hold=True)),
    }
    for seat in range(1, 9):
        keys[f"seat{seat}"] = Binding(_take_at(seat))
    return keys


def _take_at(seat: int) -> Action[ToolboxUi]:
    """A seat button: that seat takes the next number token, shown on the order screen."""
    return lambda ui, ctx: _take(replace(ui, screen="order"), seat)


def _back_to_menu(ui: ToolboxUi, ctx: Context) -> Reply[ToolboxUi]:
    return Reply(replace(ui, screen="menu"))


# ----- the menu ----------------------------------------------------------------------------


def _menu(ui: ToolboxUi, ctx: Context) -> Keys:
    lang = ctx.lang

    def open_screen(u: ToolboxUi, c: Context) -> Reply[ToolboxUi]:
        return Reply(replace(u, screen=MENU[u.cursor], players_pick=u.game.setup.players,
                             seat_cursor=first_waiting(u.game), by_hand=False))

    back: Binding[ToolboxUi] = Binding(pause, T(lang, "key.menu"))
    return option_menu(len(MENU), lang, Binding(open_screen, T(lang, "key.open")), back)


# ----- dice --------------------------------------------------------------------------------


def _dice(ui: ToolboxUi, ctx: Context) -> Keys:
    lang = ctx.lang

    def choose(button: str) -> Binding[ToolboxUi]:
        kind, tokens = DICE_CHOICES[wrapped(dice_choice_index(ui.game), button, len(DICE_CHOICES))]

        def action(u: ToolboxUi, c: Context) -> Reply[ToolboxUi]:
            return Reply(replace(u, game=TOOLBOX.apply(u.game, ChooseDice(kind, tokens))))
        return Binding(action, dice_short(lang, kind, tokens))  # the key names the dice it switches to

    return {"up": choose("up"), "down": choose("down"), "ok": Binding(_roll, T(lang, "dice.roll")),
            "back": Binding(_back_to_menu, T(lang, "key.back"))}


def _roll(ui: ToolboxUi, ctx: Context) -> Reply[ToolboxUi]:
    """Roll; a roll after everyone took a number token starts a new round, so the tokens go back
    first (000 l.95: tokens returned, a new round begins; l.36: it begins with the roll)."""
    new_round = ui.game.order.complete
    game = TOOLBOX.apply(ui.game, ClearTokens()) if new_round else ui.game
    game = TOOLBOX.apply(game, Roll())
    key = "dice.rolled_new_round" if new_round else "dice.rolled"
    seat_cursor = 1 if new_round else ui.seat_cursor
    label = said(key, what=roll_summary(game))
    return Reply(replace(ui, game=game, seat_cursor=seat_cursor, by_hand=False, new_round=new_round), label=label)


# ----- sandglass ---------------------------------------------------------------------------


def _sandglass(ui: ToolboxUi, ctx: Context) -> Keys:
    lang = ctx.lang
    status = ui.game.sandglass.settle(ctx.now_ms).status
    back = Binding(_back_to_menu, T(lang, "key.back"))
    if status == "done":  # Time!: the next step is the next round's roll (000 l.95, l.36); up turns it again
        return {"up": Binding(lambda u, c: _timer(u, c, hold=False), T(lang, "glass.again")),
                "ok": Binding(lambda u, c: _roll(replace(u, screen="dice"), c), T(lang, "dice.roll")),
                "back": back}
    ok_label = {"idle": "glass.start", "running": "glass.flip", "paused": "glass.resume"}[status]
    keys: Keys = {"ok": Binding(lambda u, c: _timer(u, c, hold=False), T(lang, ok_label)), "back": back}
    if status == "running":
        keys["down"] = Binding(lambda u, c: _timer(u, c, hold=True), T(lang, "glass.pause"))
    elif status == "paused":
        keys["up"] = Binding(lambda u, c: _adjust(u, c, 10_000), T(lang, "glass.plus"))
        keys["down"] = Binding(lambda u, c: _adjust(u, c, -10_000), T(lang, "glass.minus"))
    return keys


def _timer(ui: ToolboxUi, ctx: Context, hold: bool) -> Reply[ToolboxUi]:
    """Press: start, flip or resume the glass; hold: pause or resume it."""
    status, now = ui.game.sandglass.settle(ctx.now_ms).status, ctx.now_ms
    command: Command
    if status == "running":
        command, key = (PauseSandglass(now), "glass.paused_label") if hold else \
            (FlipSandglass(now), "glass.flipped")
    elif status == "paused":
        command, key = ResumeSandglass(now), "glass.resumed"
    elif hold:
        return Reply(ui)
    else:
        ui = settings_length(ui, ctx)
        command, key = StartSandglass(now), "glass.started"
    return Reply(replace(ui, game=TOOLBOX.apply(ui.game, command)), label=said(key))


def _adjust(ui: ToolboxUi, ctx: Context, delta_ms: int) -> Reply[ToolboxUi]:
    """+/-10 s while paused; where the glass is full (its length) or empty it says so."""
    game = TOOLBOX.apply(ui.game, AdjustSandglass(delta_ms))
    moved = game.sandglass.top_ms - ui.game.sandglass.top_ms
    if moved != delta_ms:  # stopped at full or empty: say where, and why
        length = clock_text(game.sandglass.length_ms)
        limit = T(ctx.lang, "glass.full" if delta_ms > 0 else "glass.empty", length=length)
        if moved == 0:
            return Reply(ui, error=limit)
        label = said("glass.adjusted", delta=f"{round(moved / 1000):+d}")
        return Reply(replace(ui, game=game), label=label, note=limit)
    return Reply(replace(ui, game=game), label=said("glass.adjusted", delta=f"{delta_ms // 1000:+d}"))


# ----- finishing order ---------------------------------------------------------------------


def _order(ui: ToolboxUi, ctx: Context) -> Keys:
    """Each player presses their own seat button on finishing (000 l.44); the seat cursor is the
    four keys' way, and on the table build a way "by hand" for a seat whose button is not used.
    Once everyone has finished the guessing starts (l.55-56): ok turns the sandglass. The number
    tokens stay until the next round's roll (they are placed and break ties in Step 4, l.71-74,
    and return at the round's end, l.95): no key here clears them."""
    lang, order = ctx.lang, ui.game.order
    waiting = order.waiting()
    back_to_menu = Binding(_back_to_menu, T(lang, "key.back"))
    if not waiting:
        return {"ok": _glass_key(ui, ctx), "back": back_to_menu}
    if ctx.seat_buttons and not ui.by_hand:
        return {"ok": open_cursor(lang),
                "back": back_to_menu}

    def move(button: str) -> Binding[ToolboxUi]:
        return Binding(lambda u, c: Reply(replace(u, seat_cursor=neighbour(waiting, u.seat_cursor, button))),
                       T(lang, "order.seat_up" if button == "up" else "order.seat_down"))

    def take(u: ToolboxUi, c: Context) -> Reply[ToolboxUi]:
        return _take(u, u.seat_cursor if u.seat_cursor in waiting else waiting[0])

    shown = ui.seat_cursor if ui.seat_cursor in waiting else waiting[0]
    take_label = T(lang, "order.seat_takes", seat=T(lang, "seat.short", seat=shown), n=order.next_token)
    keys: Keys = {"up": move("up"), "down": move("down"), "ok": Binding(take, take_label), "back": back_to_menu}
    if ui.by_hand:
        keys["back"] = close_cursor(lang)
    return keys


def _glass_key(ui: ToolboxUi, ctx: Context) -> Binding[ToolboxUi]:
    """Everyone finished: ok turns a standing glass (as timer would), or shows one already turned."""
    status = ui.game.sandglass.settle(ctx.now_ms).status
    if status in ("idle", "done"):
        return Binding(lambda u, c: _timer(replace(u, screen="sandglass"), c, hold=False),
                       T(ctx.lang, "order.turn_glass"))
    return Binding(lambda u, c: Reply(replace(u, screen="sandglass")), T(ctx.lang, "order.open_glass"))


def _take(ui: ToolboxUi, seat: int) -> Reply[ToolboxUi]:
    game = TOOLBOX.apply(ui.game, TakeToken(seat))
    token = game.order.token_of(seat)
    return Reply(replace(ui, game=game, seat_cursor=first_waiting(game), by_hand=False),
                 label=said("order.took", seat=seat, token=str(token)))


# ----- players -----------------------------------------------------------------------------


def _players(ui: ToolboxUi, ctx: Context) -> Keys:
    lang = ctx.lang

    def count(button: str) -> Binding[ToolboxUi]:
        return Binding(lambda u, c: Reply(replace(u, players_pick=counted(u.players_pick, button, MIN_PLAYERS,
                                                                          MAX_PLAYERS))),
                       "+1" if button == "up" else "-1")

    def keep(u: ToolboxUi, c: Context) -> Reply[ToolboxUi]:
        game = TOOLBOX.apply(u.game, SetPlayers(u.players_pick))
        return Reply(replace(u, game=game, screen="menu", seat_cursor=1, by_hand=False, new_round=False),
                     label=said("players.set", n=u.players_pick))

    # ok keeps the count, back leaves the table size as it was: the keys say which
    return {"up": count("up"), "down": count("down"), "ok": Binding(keep, T(lang, "players.keep")),
            "back": Binding(_back_to_menu, T(lang, "players.cancel"))}
