"""Canvas solo keys: the human's turn (take a market card or paint) and the automated player's.

Table build: seat buttons 1-5 take that market card; on the automated player's turn `roll`
tosses its tokens (device toss), or, when the table tosses the real tokens, seat button k enters
"k face up". With the four keys: up/down move the cursor (or the face-up count), ok acts.
Rulebook 004 l.119: the automated player's result shows on the next turn's screen, so its turn
needs no acknowledgement.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device.framework.contract import Context, Reply
from device.games.canvas.game_keys import apply, paint
from device.games.canvas.ui import MARKET_CHOICES, PAINT_ROW, UNSET, CanvasUi, game_of, to_phase
from device.i18n import said
from device.strings.all import STRINGS as T
from device.widgets.bindings import Action, Binding, pause
from device.widgets.option_menu import PREV_NEXT, option_menu
from engine.canvas.commands import Command, TableToss, TakeCard, TossTokens
from engine.canvas.solo import MARKET_SIZE

Keys = dict[str, Binding[CanvasUi]]


def _take(position: int) -> Action[CanvasUi]:
    def action(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(to_phase(apply(u, TakeCard(position))), label=said("canvas.label.take", n=position))
    return action


def _turn(ui: CanvasUi, lang: str) -> Keys:
    def act(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return paint(u, 1) if u.cursor == PAINT_ROW else _take(u.cursor + 1)(u, c)

    ok = T(lang, "canvas.key.paint") if ui.cursor == PAINT_ROW else T(lang, "canvas.key.take", n=ui.cursor + 1)
    keys = option_menu(MARKET_CHOICES, lang, Binding(act, ok), Binding(pause, T(lang, "key.menu")), labels=PREV_NEXT)
    for position in range(1, MARKET_SIZE + 1):
        keys[f"seat{position}"] = Binding(_take(position))
    return keys


def _tossed_reply(ui: CanvasUi, command: Command) -> Reply[CanvasUi]:
    """The automated player's card taken; its turn's result shows on the human's turn."""
    after = to_phase(apply(ui, command))
    solo = game_of(after).solo
    assert solo is not None and solo.last_toss is not None
    label = said("canvas.label.toss", up=solo.last_toss.face_up, card=solo.last_toss.position)
    return Reply(after, label=label)


def _device_toss(ui: CanvasUi, ctx: Context) -> Reply[CanvasUi]:
    return _tossed_reply(ui, TossTokens())


def _auto(ui: CanvasUi, lang: str) -> Keys:
    back: Binding[CanvasUi] = Binding(pause, T(lang, "key.menu"))
    if not ui.toss_table:
        return {"ok": Binding(_device_toss, T(lang, "canvas.key.toss")), "roll": Binding(_device_toss), "back": back}
    solo = game_of(ui).solo
    assert solo is not None
    tossed = solo.automaton_tokens

    def enter(face_up: int) -> Action[CanvasUi]:
        return lambda u, c: _tossed_reply(u, TableToss(face_up))

    def change(button: str) -> Binding[CanvasUi]:
        def action(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
            value = max(0, min(tossed, u.value + (1 if button == "up" else -1)))
            return Reply(replace(u, value=0 if u.value == UNSET else value))
        return Binding(action, "+1" if button == "up" else "-1")

    keys: Keys = {"up": change("up"), "down": change("down"), "back": back} if tossed else {"back": back}
    if ui.value != UNSET:
        keys["ok"] = Binding(enter(ui.value), T(lang, "canvas.key.face_up", n=ui.value))
    for face_up in range(1, tossed + 1):
        keys[f"seat{face_up}"] = Binding(enter(face_up))
    return keys


def _tossed(ui: CanvasUi, lang: str) -> Keys:
    """The toss result screen of earlier versions (a saved game may wake on it)."""
    return {"ok": Binding(lambda u, c: Reply(to_phase(u)), T(lang, "key.ok")),
            "back": Binding(pause, T(lang, "key.menu"))}


SCREENS: dict[str, Callable[[CanvasUi, str], Keys]] = {"turn": _turn, "auto": _auto, "toss": _tossed}
