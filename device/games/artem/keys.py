"""Artem's binding table: the setup, the action list and each step of playing a card.

Only up, down, ok and back are used (pressed, not held): up/down move the cursor, ok takes the
action or picks, back steps back (from the action list: home).
"""

from __future__ import annotations

from dataclasses import replace

from device.contract import Context, Reply
from device.games.artem.artem_data import colour_name
from device.games.artem.ui import (
    FLIP_KIND,
    NEXT_OPTION,
    SETUP_ITEMS,
    ArtemUi,
    Mode,
    Screen,
    actions,
    as_card,
    cell_name,
    claim_run,
    mode_for,
    neighbours,
)
from device.i18n import explain
from device.strings.all import STRINGS as T
from device.widgets.bindings import Binding, Bindings, go_home
from device.widgets.cursor import wrapped
from device.widgets.option_menu import option_menu
from engine.artem import ARTEM
from engine.artem.board import SIZE
from engine.artem.commands import BeginPlays, Claim, Command, EndTurn, Flip, MainDeckOut, Move
from engine.artem.refusals import PlayRefused, Refusal, card_refusal
from engine.artem.rules import claim_points
from engine.artem.state import State
from engine.artem.view import play_number, run_in_view
from engine.errors import IllegalCommand
from engine.rng import Rng

Keys = dict[str, Binding[ArtemUi]]


def bindings(ui: ArtemUi, ctx: Context) -> Bindings[ArtemUi]:
    """The keys of the screen and, on the board, of the step being played."""
    lang = ctx.lang
    if ui.screen == "setup":
        keys = _setup(ui, lang)
    elif ui.screen == "over" or ui.game is None:
        keys = _over(lang)
    else:
        keys = STEPS[ui.mode](ui, ui.game, lang)
    return Bindings(keys, holds_press=False, explain=refusal_text)


def refusal_text(exc: IllegalCommand, lang: str) -> str:
    """A refused play in words, its colours named in the interface language."""
    params = {k: colour_name(lang, str(v)) if k in ("card", "tiles", "colour") else v for k, v in exc.params.items()}
    return explain(T, lang, IllegalCommand(str(exc), exc.code, **params))


def _play(ui: ArtemUi, command: Command, label: str) -> Reply[ArtemUi]:
    """Apply an engine command; the cursor goes back to the action list."""
    assert ui.game is not None
    game = ARTEM.apply(ui.game, command)
    screen: Screen = "over" if game.phase == "over" else "board"
    return Reply(replace(ui, game=game, screen=screen, mode="actions", card=""), label=label)


def _to(mode: Mode) -> Binding[ArtemUi]:
    return Binding(lambda u, c: Reply(replace(u, mode=mode)))


# ----- setup and the end -------------------------------------------------------------------


def _setup(ui: ArtemUi, lang: str) -> Keys:
    item = SETUP_ITEMS[ui.cursor]

    def start(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        game = ARTEM.new_game(u.draft, u.seed)
        fresh = replace(u, game=game, screen="board", cursor=0, mode="actions", card="")
        return Reply(fresh, label=T(c.lang, "artem.started", n=u.draft.players))

    change = NEXT_OPTION.get(item)
    if change is None:
        ok = Binding(start, T(lang, "artem.key.start"))
    else:
        ok = Binding(lambda u, c: Reply(replace(u, draft=change(u.draft))), T(lang, "key.change"))
    return option_menu(len(SETUP_ITEMS), lang, ok, Binding(go_home, T(lang, "key.home")))


def _over(lang: str) -> Keys:
    def new_game(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        seed, _ = Rng.from_seed(u.seed).next_u64()
        return Reply(ArtemUi(draft=u.draft, seed=seed & 0xFFFFFFFF))

    return {"ok": Binding(new_game, T(lang, "artem.key.new")), "back": Binding(go_home, T(lang, "key.home"))}


# ----- the board ---------------------------------------------------------------------------


def _actions(ui: ArtemUi, game: State, lang: str) -> Keys:
    listed = actions(game)
    cursor = min(ui.cursor, len(listed) - 1)
    action, seat = listed[cursor], game.seat

    def take(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        if action == "drawn":
            return _play(u, BeginPlays(), T(c.lang, "artem.drew", seat=seat))
        if action == "end_turn":
            after = _play(u, EndTurn(), T(c.lang, "artem.ended", seat=seat))
            return replace(after, state=replace(after.state, cursor=0))
        if action == "main_out":
            return _play(u, MainDeckOut(), T(c.lang, "artem.main_out_label"))
        why = card_refusal(game, claim=action == "claim")
        if why is not None:
            raise PlayRefused(why)
        return Reply(replace(u, cursor=cursor, card=as_card(action), mode=mode_for(action)))

    return option_menu(len(listed), lang, Binding(take, T(lang, "key.ok")), Binding(go_home, T(lang, "key.home")),
                       start=cursor)


def _colour(ui: ArtemUi, game: State, lang: str) -> Keys:
    count = len(game.setup.colours)

    def move(button: str) -> Binding[ArtemUi]:
        return Binding(lambda u, c: Reply(replace(u, colour=wrapped(u.colour, button, count))),
                       T(lang, "key.prev" if button == "up" else "key.next"))

    return {"up": move("up"), "down": move("down"), "ok": Binding(_to("row").action, T(lang, "artem.key.pick")),
            "back": Binding(_to("actions").action, T(lang, "key.back"))}


def _row(ui: ArtemUi, game: State, lang: str) -> Keys:
    def move(button: str) -> Binding[ArtemUi]:
        return Binding(lambda u, c: Reply(replace(u, row=wrapped(u.row, button, SIZE))), T(lang, f"key.{button}"))

    if ui.card in ("move1", "move2"):
        steps = 1 if ui.card == "move1" else 2

        def slide(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
            label = T(c.lang, "artem.moved", seat=game.seat, row=u.row + 1, n=steps)
            return _play(u, Move(u.row, steps), label)

        ok = Binding(slide, T(lang, "artem.key.slide"))
    else:
        ok = Binding(_to("col").action, T(lang, "artem.key.pick"))
    back = _to("colour" if ui.card == "claim" else "actions").action
    return {"up": move("up"), "down": move("down"), "ok": ok, "back": Binding(back, T(lang, "key.back"))}


def _col(ui: ArtemUi, game: State, lang: str) -> Keys:
    def move(button: str) -> Binding[ArtemUi]:
        return Binding(lambda u, c: Reply(replace(u, col=wrapped(u.col, button, SIZE))),
                       T(lang, "artem.key.left" if button == "up" else "artem.key.right"))

    def pick(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        if u.card != "claim":
            return Reply(replace(u, mode="pair", pick=0))
        start, length = run_in_view(game, (u.row, u.col))
        last = max(u.col + 1, start + length - 1)
        if last >= SIZE:
            raise PlayRefused(Refusal("off_board"))
        return Reply(replace(u, mode="end", pick=last))

    return {"up": move("up"), "down": move("down"), "ok": Binding(pick, T(lang, "artem.key.pick")),
            "back": Binding(_to("row").action, T(lang, "key.back"))}


def _pair(ui: ArtemUi, game: State, lang: str) -> Keys:
    near = neighbours(ui.card, (ui.row, ui.col))

    def move(button: str) -> Binding[ArtemUi]:
        return Binding(lambda u, c: Reply(replace(u, pick=wrapped(u.pick, button, len(near)))),
                       T(lang, "key.prev" if button == "up" else "key.next"))

    def flip(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        first, second = (u.row, u.col), near[u.pick % len(near)]
        label = T(c.lang, "artem.flipped", seat=game.seat, a=cell_name(first), b=cell_name(second))
        return _play(u, Flip(FLIP_KIND[u.card], first, second), label)

    return {"up": move("up"), "down": move("down"), "ok": Binding(flip, T(lang, "artem.key.flip")),
            "back": Binding(_to("col").action, T(lang, "key.back"))}


def _end(ui: ArtemUi, game: State, lang: str) -> Keys:
    def move(button: str) -> Binding[ArtemUi]:
        def action(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
            return Reply(replace(u, pick=u.col + 1 + wrapped(u.pick - u.col - 1, button, SIZE - 1 - u.col)))
        return Binding(action, T(lang, "artem.key.left" if button == "up" else "artem.key.right"))

    def claim(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        colour = game.setup.colours[u.colour].id
        start, length = claim_run(u)
        points = claim_points(length, play_number(game)) if 2 <= length <= 6 else 0
        label = T(c.lang, "artem.claimed", seat=game.seat, n=length, colour=colour_name(c.lang, colour), points=points)
        return _play(u, Claim(colour, u.row, start, length), label)

    return {"up": move("up"), "down": move("down"), "ok": Binding(claim, T(lang, "artem.key.claim")),
            "back": Binding(_to("col").action, T(lang, "key.back"))}


STEPS = {"actions": _actions, "colour": _colour, "row": _row, "col": _col, "pair": _pair, "end": _end}
