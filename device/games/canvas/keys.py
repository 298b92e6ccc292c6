"""Canvas's binding table: the setup screens, painting entry slot by slot, the scoreboard, the
tie-breaks and the solo turns, each key with the soft-key label that says what it does.

Every screen works with up/down/ok/back (presses only). On the table build the seat buttons
start a seat's painting on the scoreboard, enter a slot's icons (seat k = the k-th icon: 1 Hue,
2 Shape, 3 Texture, 4 Tone, 5-8 the bonus icons, `timer` the ninth; a hold keeps the slot open
for a second icon)
and choose among tied players; the solo keys are in `solo_keys`. At the game's top level `back`
opens the pause menu; elsewhere it steps back within the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device.framework.contract import Context, Reply
from device.games.canvas import setup_keys, solo_keys
from device.games.canvas.game_keys import apply, paint
from device.games.canvas.text import bonus_of, card_name, review_rows, seat, seat_said, short_icon, slot_text
from device.games.canvas.ui import CanvasUi, board_seats, count_at, counted_cards, game_of, to_phase
from device.i18n import Text, in_each, said
from device.strings.all import STRINGS as T
from device.widgets.bindings import Action, Binding, Bindings, pause
from device.widgets.cursor import counted, neighbour, step
from device.widgets.keeper_cursor import close_cursor, open_cursor
from device.widgets.option_menu import PREV_NEXT, option_menu
from engine.canvas.cards import SLOTS, Slot
from engine.canvas.commands import (
    BackSlot,
    CancelPainting,
    ConfirmPainting,
    CountRibbons,
    EnterTokens,
    Judge,
    SetSlot,
)
from engine.canvas.rules import review
from engine.canvas.scores import best_by_tokens

Keys = dict[str, Binding[CanvasUi]]
Screen = Callable[[CanvasUi, str], Keys]


def bindings(ui: CanvasUi, ctx: Context) -> Bindings[CanvasUi]:
    """The keys of the screen shown (holds do nothing in Canvas)."""
    if ui.screen in ("board", "slot"):  # these two differ between the table and four-key builds
        keys = (_board if ui.screen == "board" else _slot)(ui, ctx.lang, ctx.seat_buttons)
        return Bindings(keys, holds_press=False)
    screen = setup_keys.SCREENS.get(ui.screen) or solo_keys.SCREENS.get(ui.screen) or SCREENS[ui.screen]
    return Bindings(screen(ui, ctx.lang), holds_press=False)


def _back_to_slot(ui: CanvasUi) -> Reply[CanvasUi]:
    return Reply(to_phase(apply(ui, BackSlot())), label=said("canvas.label.back", n=SLOTS))


# ----- the table game ----------------------------------------------------------------------


def _board(ui: CanvasUi, lang: str, seat_buttons: bool = True) -> Keys:
    seats_ = board_seats(game_of(ui))
    painters: Keys = {f"seat{n}": Binding(_paint_seat(n)) for n in range(1, 9)}
    if seat_buttons and not ui.by_hand:
        # The table build: each painter presses their own seat button, so no seat is singled
        # out (issue 20, third read: a highlight moving on read as turn tracking); ok shows the
        # cursor for a seat button that fails.
        return {"ok": open_cursor(lang),
                "back": Binding(pause, T(lang, "key.menu")), **painters}

    def move(button: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, cursor=neighbour(seats_, u.cursor, button))),
                       T(lang, "key.prev" if button == "up" else "key.next"))

    keys: Keys = {"up": move("up"), "down": move("down"),
                  "ok": Binding(lambda u, c: paint(u, u.cursor),
                                f"{T(lang, 'canvas.key.paint')} {seat(lang, ui.cursor)}"),
                  "back": Binding(pause, T(lang, "key.menu")), **painters}
    if ui.by_hand:
        keys["back"] = close_cursor(lang)
    return keys


def _paint_seat(number: int) -> Action[CanvasUi]:
    """A seat button on the scoreboard: that seat starts painting."""
    return lambda u, c: paint(u, number)


def _slot(ui: CanvasUi, lang: str, seat_buttons: bool = True) -> Keys:
    game = game_of(ui)
    draft = game.draft
    assert draft is not None
    icons = game.setup.icons

    def turn(button: str) -> Binding[CanvasUi]:
        def action(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
            chosen = neighbour(icons, u.top if u.row == 0 else u.bottom, button)
            return Reply(replace(u, top=chosen) if u.row == 0 else replace(u, bottom=chosen))
        # The label is the icon this key puts in the row being entered (issue 20: "Prev icon"
        # did not say what cycles).
        after = neighbour(icons, ui.top if ui.row == 0 else ui.bottom, button)
        # The table build: the seat buttons and `timer` enter every icon, so up/down (which still
        # cycle) are not labelled as if they entered one (issue 20, third read: ▼ "Hue" beside
        # seat button 1 "Hue").
        shown = not seat_buttons or len(icons) > len(ICON_KEYS) + 1
        return Binding(action, short_icon(lang, after, game.setup) if shown else "")

    def set_slot(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        after = to_phase(apply(u, SetSlot(u.top, u.bottom)))
        text = in_each(lambda lang: slot_text(lang, Slot(u.top, u.bottom), game.setup))
        label = said("canvas.label.slot", seat=seat_said(draft.seat), n=draft.at + 1, icons=text)
        return Reply(after, label=label)

    ok: Binding[CanvasUi]
    if ui.row == 0 and not ui.top:
        ok = Binding(set_slot, T(lang, "canvas.key.empty"))
    elif ui.row == 0:
        ok = Binding(lambda u, c: Reply(replace(u, row=1)), T(lang, "canvas.key.to_bottom"))
    elif not ui.bottom:  # issue 20, third read: say that ok enters the top icon alone
        ok = Binding(set_slot, T(lang, "canvas.key.top_only"))
    else:
        ok = Binding(set_slot, T(lang, "key.ok"))
    back = _slot_back(ui, lang, draft.at)
    keys: Keys = {"up": turn("up"), "down": turn("down"), "ok": ok, "back": back}
    for key, icon in zip(ICON_KEYS, icons[1:], strict=False):
        keys[key] = Binding(_icon_key(icon, set_slot, hold=False))
        keys[f"{key}!"] = Binding(_icon_key(icon, set_slot, hold=True))
    return keys


# Seat buttons 1-8 enter the first eight icons and `timer` the ninth (+2 per Shape in the data
# file); any further icon is reached with up/down.
ICON_KEYS = (*(f"seat{n}" for n in range(1, 9)), "timer")


def _slot_back(ui: CanvasUi, lang: str, at: int) -> Binding[CanvasUi]:
    """Back on a slot: from the bottom to the top, else to the slot before, else drop the painting."""
    def cancel(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(to_phase(apply(u, CancelPainting())), label=said("canvas.label.cancel"))

    def slot_back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(to_phase(apply(u, BackSlot())), label=said("canvas.label.back", n=at))

    if ui.row == 1:
        return Binding(lambda u, c: Reply(replace(u, row=0)), T(lang, "key.back"))
    if at == 0:
        return Binding(cancel, T(lang, "canvas.key.cancel"))
    return Binding(slot_back, T(lang, "key.back"))


def _icon_key(icon: str, set_slot: Action[CanvasUi], hold: bool) -> Action[CanvasUi]:
    """A seat button on a slot: the icon goes on top (or below a top already chosen) and the slot
    is entered; held on the top, the slot stays open for a second icon."""
    def action(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        if u.row == 0 and hold:
            return Reply(replace(u, top=icon, bottom="", row=1))
        chosen = replace(u, top=icon, bottom="") if u.row == 0 else replace(u, bottom=icon)
        return set_slot(chosen, c)
    return action


def _count(ui: CanvasUi, lang: str) -> Keys:
    game = game_of(ui)
    card = game.setup.cards[ui.cursor]
    marked = counted_cards(game)
    painter: Text = seat_said(game.draft.seat) if game.draft is not None else ""

    def keep(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        after = apply(u, CountRibbons(u.cursor + 1, u.value))
        later = [i for i in marked if i > u.cursor]
        after = count_at(after, later[0]) if later else replace(after, screen="review", cursor=0)
        name = in_each(lambda lang: card_name(lang, card))
        return Reply(after, label=said("canvas.label.count", seat=painter, card=name, n=u.value))

    def back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        earlier = [i for i in marked if i < u.cursor]
        return Reply(count_at(u, earlier[-1])) if earlier else _back_to_slot(u)

    def change(button: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, value=counted(u.value, button, 0, card.cap))),
                       "+1" if button == "up" else "-1")

    return {"up": change("up"), "down": change("down"), "ok": Binding(keep, T(lang, "canvas.key.ribbons", n=ui.value)),
            "back": Binding(back, T(lang, "key.back"))}


def _review(ui: CanvasUi, lang: str) -> Keys:
    game = game_of(ui)
    lines = len(review_rows(lang, game))  # the cursor steps from card to card

    def scroll(button: str, label: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, cursor=max(0, min(lines - 1, u.cursor + step(button))))), label)

    def confirm(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        draft = game.draft
        assert draft is not None
        ribbons = sum(r.awarded for r in review(game))
        bonus = sum(r.points for r in bonus_of(game))
        scored = apply(u, ConfirmPainting())
        after = to_phase(replace(scored, cursor=next_painter(scored, draft.seat)))
        label = said("canvas.label.painted", seat=seat_said(draft.seat), ribbons=ribbons, bonus=bonus)
        return Reply(after, label=label)

    def back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        marked = counted_cards(game)
        return Reply(count_at(u, marked[-1])) if marked else _back_to_slot(u)

    return {"up": scroll("up", T(lang, "key.up") if ui.cursor > 0 else ""),
            "down": scroll("down", T(lang, "key.down") if ui.cursor < lines - 1 else ""),
            "ok": Binding(confirm, T(lang, "canvas.key.confirm")), "back": Binding(back, T(lang, "key.back"))}


def next_painter(ui: CanvasUi, painted: int) -> int:
    """The seat the scoreboard's cursor (and its "Paint" ok) moves to once `painted` is scored:
    the next seat clockwise with a painting left, so one hasty ok never records a painting for
    the seat that just painted."""
    if ui.game is None or ui.game.phase != "playing":
        return painted
    left = board_seats(ui.game)
    return next((s for s in left if s > painted), left[0])


def _tokens(ui: CanvasUi, lang: str) -> Keys:
    most = 4 * game_of(ui).setup.players

    def enter(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        after = to_phase(apply(u, EnterTokens(u.cursor, u.value)))
        return Reply(after, label=said("canvas.label.tokens", seat=seat_said(u.cursor), n=u.value))

    def change(button: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, value=counted(u.value, button, 0, most))),
                       "+1" if button == "up" else "-1")

    ok = Binding(enter, T(lang, "canvas.key.tokens", seat=seat(lang, ui.cursor), n=ui.value))
    return {"up": change("up"), "down": change("down"), "ok": ok, "back": Binding(pause, T(lang, "key.menu"))}


def _judge(ui: CanvasUi, lang: str) -> Keys:
    tied = best_by_tokens(game_of(ui))

    def judge(number: int) -> Action[CanvasUi]:
        def action(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
            label = said("canvas.label.judged", seat=seat_said(number))
            return Reply(to_phase(apply(u, Judge(number))), label=label)
        return action

    def judge_cursor(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return judge(tied[u.cursor])(u, c)

    ok = Binding(judge_cursor, T(lang, "canvas.key.judge", seat=seat(lang, tied[ui.cursor])))
    keys = option_menu(len(tied), lang, ok, Binding(pause, T(lang, "key.menu")), labels=PREV_NEXT)
    for number in tied:
        keys[f"seat{number}"] = Binding(judge(number))
    return keys


def _final(ui: CanvasUi, lang: str) -> Keys:
    return {"ok": Binding(setup_keys.play_again, T(lang, "canvas.key.again")), "roll": Binding(setup_keys.play_again),
            "back": Binding(setup_keys.to_setup, T(lang, "canvas.key.setup"))}


SCREENS: dict[str, Screen] = {
    "count": _count, "review": _review, "tokens": _tokens, "judge": _judge,
    "final": _final,
}
