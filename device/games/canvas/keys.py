"""Canvas's binding table: the setup screens, painting entry slot by slot, the scoreboard, the
tie-breaks and the solo turns, each key with the soft-key label that says what it does.

Every screen works with up/down/ok/back (presses only); seat buttons start a seat's painting on
the scoreboard, and `roll` tosses the automated player's tokens in the solo game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device.contract import Context, Reply
from device.games.canvas import setup_keys
from device.games.canvas.text import bonus_of, card_name, review_lines, seat, slot_text
from device.games.canvas.ui import MARKET_CHOICES, CanvasUi, board_seats, count_at, counted_cards, game_of, to_phase
from device.strings.all import STRINGS as T
from device.widgets.bindings import Action, Binding, Bindings, go_home
from device.widgets.cursor import counted, neighbour, step
from device.widgets.option_menu import PREV_NEXT, option_menu
from engine.canvas import CANVAS
from engine.canvas.cards import SLOTS, Slot
from engine.canvas.commands import (
    BackSlot,
    CancelPainting,
    Command,
    ConfirmPainting,
    CountRibbons,
    EnterTokens,
    Judge,
    SetSlot,
    StartPainting,
    TakeCard,
    TossTokens,
)
from engine.canvas.rules import review
from engine.canvas.scores import best_by_tokens
from engine.rng import Rng

Keys = dict[str, Binding[CanvasUi]]
Screen = Callable[[CanvasUi, str], Keys]


def bindings(ui: CanvasUi, ctx: Context) -> Bindings[CanvasUi]:
    """The keys of the screen shown (holds do nothing in Canvas)."""
    screen = setup_keys.SCREENS.get(ui.screen) or SCREENS[ui.screen]
    return Bindings(screen(ui, ctx.lang), holds_press=False)


def apply(ui: CanvasUi, command: Command) -> CanvasUi:
    """The UI state with an engine command applied to its game."""
    return replace(ui, game=CANVAS.apply(game_of(ui), command))


def _paint(ui: CanvasUi, number: int, lang: str) -> Reply[CanvasUi]:
    after = to_phase(apply(ui, StartPainting(number)))
    return Reply(after, label=T(lang, "canvas.label.paints", seat=seat(lang, number)))


def _back_to_slot(ui: CanvasUi, lang: str) -> Reply[CanvasUi]:
    return Reply(to_phase(apply(ui, BackSlot())), label=T(lang, "canvas.label.back", n=SLOTS))


# ----- the table game ----------------------------------------------------------------------


def _board(ui: CanvasUi, lang: str) -> Keys:
    seats_ = board_seats(game_of(ui))

    def move(button: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, cursor=neighbour(seats_, u.cursor, button))),
                       T(lang, "key.prev" if button == "up" else "key.next"))

    keys: Keys = {"up": move("up"), "down": move("down"),
                  "ok": Binding(lambda u, c: _paint(u, u.cursor, c.lang),
                                f"{T(lang, 'canvas.key.paint')} {seat(lang, ui.cursor)}"),
                  "back": Binding(go_home, T(lang, "key.home"))}
    for number in range(1, 9):
        keys[f"seat{number}"] = Binding(_paint_seat(number))
    return keys


def _paint_seat(number: int) -> Action[CanvasUi]:
    """A seat button on the scoreboard: that seat starts painting."""
    return lambda u, c: _paint(u, number, c.lang)


def _slot(ui: CanvasUi, lang: str) -> Keys:
    game = game_of(ui)
    draft = game.draft
    assert draft is not None
    icons = game.setup.icons

    def turn(button: str) -> Binding[CanvasUi]:
        def action(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
            chosen = neighbour(icons, u.top if u.row == 0 else u.bottom, button)
            return Reply(replace(u, top=chosen) if u.row == 0 else replace(u, bottom=chosen))
        return Binding(action, T(lang, "key.prev" if button == "up" else "key.next"))

    def set_slot(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        after = to_phase(apply(u, SetSlot(u.top, u.bottom)))
        text = slot_text(c.lang, Slot(u.top, u.bottom), game.setup)
        return Reply(after, label=T(c.lang, "canvas.label.slot", n=draft.at + 1, icons=text))

    def cancel(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(to_phase(apply(u, CancelPainting())), label=T(c.lang, "canvas.label.cancel"))

    def slot_back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(to_phase(apply(u, BackSlot())), label=T(c.lang, "canvas.label.back", n=draft.at))

    ok: Binding[CanvasUi]
    if ui.row == 0:
        ok = Binding(lambda u, c: Reply(replace(u, row=1)), T(lang, "key.next"))
        first = draft.at == 0
        back = Binding(cancel, T(lang, "canvas.key.cancel")) if first else Binding(slot_back, T(lang, "key.back"))
    else:
        ok = Binding(set_slot, T(lang, "key.ok"))
        back = Binding(lambda u, c: Reply(replace(u, row=0)), T(lang, "key.back"))
    return {"up": turn("up"), "down": turn("down"), "ok": ok, "back": back}


def _count(ui: CanvasUi, lang: str) -> Keys:
    game = game_of(ui)
    card = game.setup.cards[ui.cursor]
    marked = counted_cards(game)

    def keep(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        after = apply(u, CountRibbons(u.cursor + 1, u.value))
        later = [i for i in marked if i > u.cursor]
        after = count_at(after, later[0]) if later else replace(after, screen="review", cursor=0)
        return Reply(after, label=T(c.lang, "canvas.label.count", card=card_name(c.lang, card), n=u.value))

    def back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        earlier = [i for i in marked if i < u.cursor]
        return Reply(count_at(u, earlier[-1])) if earlier else _back_to_slot(u, c.lang)

    def change(button: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, value=counted(u.value, button, 0, card.cap))),
                       "+1" if button == "up" else "-1")

    return {"up": change("up"), "down": change("down"), "ok": Binding(keep, T(lang, "key.ok")),
            "back": Binding(back, T(lang, "key.back"))}


def _review(ui: CanvasUi, lang: str) -> Keys:
    game = game_of(ui)
    lines = len(review_lines(lang, game))

    def scroll(button: str, label: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, cursor=max(0, min(lines - 1, u.cursor + step(button))))), label)

    def confirm(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        draft = game.draft
        assert draft is not None
        ribbons = sum(r.awarded for r in review(game))
        bonus = sum(r.points for r in bonus_of(game))
        after = to_phase(replace(apply(u, ConfirmPainting()), cursor=draft.seat))
        label = T(c.lang, "canvas.label.painted", seat=seat(c.lang, draft.seat), ribbons=ribbons, bonus=bonus)
        return Reply(after, label=label)

    def back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        marked = counted_cards(game)
        return Reply(count_at(u, marked[-1])) if marked else _back_to_slot(u, c.lang)

    return {"up": scroll("up", T(lang, "key.up") if ui.cursor > 0 else ""),
            "down": scroll("down", T(lang, "key.down") if ui.cursor < lines - 1 else ""),
            "ok": Binding(confirm, T(lang, "canvas.key.confirm")), "back": Binding(back, T(lang, "key.back"))}


def _tokens(ui: CanvasUi, lang: str) -> Keys:
    most = 4 * game_of(ui).setup.players

    def enter(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        after = to_phase(apply(u, EnterTokens(u.cursor, u.value)))
        return Reply(after, label=T(c.lang, "canvas.label.tokens", seat=seat(c.lang, u.cursor), n=u.value))

    def change(button: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, value=counted(u.value, button, 0, most))),
                       "+1" if button == "up" else "-1")

    return {"up": change("up"), "down": change("down"), "ok": Binding(enter, T(lang, "key.ok"))}


def _judge(ui: CanvasUi, lang: str) -> Keys:
    tied = best_by_tokens(game_of(ui))

    def judge(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        chosen = tied[u.cursor]
        label = T(c.lang, "canvas.label.judged", seat=seat(c.lang, chosen))
        return Reply(to_phase(apply(u, Judge(chosen))), label=label)

    return option_menu(len(tied), lang, Binding(judge, T(lang, "key.ok")), labels=PREV_NEXT)


def _final(ui: CanvasUi, lang: str) -> Keys:
    def new_game(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        seed, _ = Rng.from_seed(u.seed).next_u64()
        return Reply(CanvasUi(seed=seed & 0xFFFFFFFF, players=u.players))

    return {"ok": Binding(new_game, T(lang, "canvas.key.new")), "back": Binding(go_home, T(lang, "key.home"))}


# ----- solo --------------------------------------------------------------------------------


def _turn(ui: CanvasUi, lang: str) -> Keys:
    def take(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        if u.cursor == 5:
            return _paint(u, 1, c.lang)
        return Reply(to_phase(apply(u, TakeCard(u.cursor + 1))), label=T(c.lang, "canvas.label.take", n=u.cursor + 1))

    ok = T(lang, "canvas.key.paint") if ui.cursor == 5 else T(lang, "canvas.key.take", n=ui.cursor + 1)
    return option_menu(MARKET_CHOICES, lang, Binding(take, ok), Binding(go_home, T(lang, "key.home")), labels=PREV_NEXT)


def _toss(ui: CanvasUi, ctx: Context) -> Reply[CanvasUi]:
    after = apply(ui, TossTokens())
    solo = game_of(after).solo
    assert solo is not None and solo.last_toss is not None
    label = T(ctx.lang, "canvas.label.toss", up=solo.last_toss.face_up, card=solo.last_toss.position)
    return Reply(replace(after, screen="toss"), label=label)


def _auto(ui: CanvasUi, lang: str) -> Keys:
    return {"ok": Binding(_toss, T(lang, "canvas.key.toss")), "roll": Binding(_toss),
            "back": Binding(go_home, T(lang, "key.home"))}


def _tossed(ui: CanvasUi, lang: str) -> Keys:
    return {"ok": Binding(lambda u, c: Reply(to_phase(u)), T(lang, "key.ok")),
            "back": Binding(go_home, T(lang, "key.home"))}


SCREENS: dict[str, Screen] = {
    "board": _board, "slot": _slot, "count": _count, "review": _review, "tokens": _tokens, "judge": _judge,
    "final": _final, "turn": _turn, "auto": _auto, "toss": _tossed,
}
