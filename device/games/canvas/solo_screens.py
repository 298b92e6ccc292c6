"""The Canvas solo screens (004 l.113-131): the human's turn at the market, the automated
artist's toss, and what its tokens did."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from device.games.canvas.draw import draw_market, draw_tokens_row, inner, number_screen, shorten
from device.games.canvas.ui import UNSET, CanvasUi
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from engine.canvas.cards import PAINTINGS_EACH
from engine.canvas.scores import paintings_done, total
from engine.canvas.state import State

Keys = Mapping[str, str]


def game_of(ui: CanvasUi) -> State:
    """The game a solo screen shows (always started)."""
    assert ui.game is not None
    return ui.game


def turn(ui: CanvasUi, lang: str, keys: Keys, frame: Frame, seat_buttons: bool = True) -> None:
    """The card row: the player's figures, then the automated player's, then (table build) what
    the seat buttons do here."""
    game = game_of(ui)
    solo = game.solo
    assert solo is not None
    frame.header(T(lang, "canvas.turn.title"), T(lang, "canvas.points", n=total(game, 1)))
    frame.softkeys(keys)
    left, top, right, bottom = inner(frame)
    auto = T(lang, "canvas.turn.auto", tokens=solo.automaton_tokens)
    if solo.last_toss is not None:
        auto += " · " + T(lang, "canvas.turn.last", up=solo.last_toss.face_up, card=solo.last_toss.position)
    lines = [T(lang, "canvas.turn.you", tokens=solo.tokens, hand=solo.hand, done=paintings_done(game, 1),
               all=PAINTINGS_EACH), auto]
    if seat_buttons:
        lines.append(T(lang, "canvas.turn.seat_keys"))
    row = int(frame.small * 1.35)
    market_bottom = bottom - row * len(lines) - frame.px(2)
    draw_market(frame, (left, top, right, market_bottom), solo.market, ui.cursor, T(lang, "canvas.key.paint"))
    for i, text in enumerate(lines):
        frame.text(
            (left, market_bottom + frame.px(2) + i * row + row // 2),
            shorten(text, right - left, frame.small),
            frame.small,
            anchor="lm",
        )


def _auto(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    game = game_of(ui)
    assert game.solo is not None
    frame.header(T(lang, "canvas.auto.title"), T(lang, "canvas.points.you", n=total(game, 1)))
    frame.softkeys(keys)
    if ui.toss_table:
        tossed = game.solo.automaton_tokens
        value = T(lang, "canvas.auto.unset") if ui.value == UNSET else str(ui.value)
        question = T(lang, "canvas.auto.table", n=tossed) if tossed else T(lang, "canvas.auto.none")
        number_screen(frame, question, value, T(lang, "canvas.auto.keys") if tossed else "")
        return
    left, top, right, bottom = inner(frame)
    rule_h = frame.small + frame.px(4)
    frame.fit(
        (left, top, right, bottom - rule_h),
        T(lang, "canvas.auto.ask", n=game.solo.automaton_tokens),
        max_px=frame.large,
        weight="bold",
    )
    frame.fit((left, bottom - rule_h, right, bottom), T(lang, "canvas.auto.rule"), max_px=frame.small)


def _toss(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    game = game_of(ui)
    solo = game.solo
    assert solo is not None and solo.last_toss is not None
    toss = solo.last_toss
    frame.header(T(lang, "canvas.auto.title"))
    frame.softkeys(keys)
    left, top, right, bottom = inner(frame)
    line = int(frame.body * 1.3)
    discs_bottom = bottom - 2 * line
    draw_tokens_row(frame, (left, top, right, discs_bottom), toss.flips)
    result = T(lang, "canvas.toss.result", up=toss.face_up, n=len(toss.flips), card=toss.position)
    frame.fit((left, discs_bottom, right, discs_bottom + line), result, max_px=frame.body, weight="bold")
    if toss.spent:
        paid = T(lang, "canvas.toss.paid", cards=", ".join(str(c) for c in range(1, toss.spent + 1)))
    else:
        paid = T(lang, "canvas.toss.free")
    detail = T(lang, "canvas.toss.detail", paid=paid, gained=T(lang, "canvas.toss.gained", n=toss.gained))
    frame.fit((left, discs_bottom + line, right, bottom), detail, max_px=frame.small)


SOLO_SCREENS: dict[str, Callable[[CanvasUi, str, Keys, Frame], None]] = {
    "turn": turn, "auto": _auto, "toss": _toss,
}
