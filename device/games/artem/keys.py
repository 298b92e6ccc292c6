"""Artem's binding table: the setup, the turn's list and each step of playing a card.

Four keys: up/down move the cursor, ok takes the entry or the pick, back steps back (from the
turn's list: the pause menu). Table build: the seat buttons are the numbers on the screen, so one
press names an entry of the list (1 Move 1 ... 5 End turn), a row (1-6, top to bottom) or a
column (1-6 = A-F); roll starts a game from the setup or the game-over screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device.framework.contract import Context, Reply
from device.games.artem.artem_data import colour_name
from device.games.artem.ui import (
    CHANGE_OPTION,
    COUNT_ROWS,
    SETUP_ITEMS,
    ArtemUi,
    Mode,
    Screen,
    actions,
    as_card,
    begun,
    cell_name,
    claim_run,
    claim_span,
    flip_card,
    flip_partners,
    longest_run,
    mid_turn_cursor,
    offered,
    on_offered,
    turn_cursor,
)
from device.i18n import Said, explain, in_each, said
from device.strings.all import STRINGS as T
from device.widgets.bindings import Action, Binding, Bindings, go_home, pause
from device.widgets.cursor import neighbour, wrapped
from device.widgets.game_app import next_seed, starting_seed
from device.widgets.option_menu import draft_count_keys, option_menu
from engine.artem import ARTEM
from engine.artem.board import SIZE, Cell
from engine.artem.commands import Claim, Command, EndTurn, Flip, MainDeckOut, Move
from engine.artem.refusals import PlayRefused, Refusal, card_refusal
from engine.artem.rules import claim_points
from engine.artem.setup import Setup
from engine.artem.state import State
from engine.artem.view import play_number, view
from engine.errors import IllegalCommand

Keys = dict[str, Binding[ArtemUi]]
SEATS = tuple(f"seat{n}" for n in range(1, 9))


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
    params = {k: colour_name(lang, str(v)) if k in ("card", "tiles", "colour") else v
              for k, v in exc.params.items()}
    return explain(T, lang, IllegalCommand(str(exc), exc.code, **params))


def _play(ui: ArtemUi, command: Command, label: Said, cells: str = "") -> Reply[ArtemUi]:
    """Apply a card (or the turn's end); the last card a turn allows ends it (003 l.33).
    `cells` names the tiles a card changed, for the screen's last-play line."""
    assert ui.game is not None
    game = ui.game
    if not isinstance(command, EndTurn | MainDeckOut):
        game = begun(game)
    game = ARTEM.apply(game, command)
    if game.phase == "play" and game.plays >= game.setup.max_plays:
        game = ARTEM.apply(game, EndTurn())
    screen: Screen = "over" if game.phase == "over" else "board"
    cursor = mid_turn_cursor(game, ui.cursor) if game.seat == ui.game.seat else turn_cursor(game)
    last_cells = cells if game.last is not ui.game.last else ui.last_cells
    return Reply(replace(ui, game=game, screen=screen, mode="actions", card="", cursor=cursor,
                         last_cells=last_cells), label=label)


def _to(mode: Mode, label: str = "") -> Binding[ArtemUi]:
    return Binding(lambda u, c: Reply(replace(u, mode=mode)), label)


def _numbered(count: int, choose: Action[ArtemUi]) -> Keys:
    """seat1..seat<count>: the numbers on the screen; `choose` reads the number from `cursor`."""
    def pick(n: int) -> Binding[ArtemUi]:
        return Binding(lambda u, c: choose(replace(u, cursor=n), c))
    return {SEATS[n]: pick(n) for n in range(count)}


# ----- setup and the end -------------------------------------------------------------------


def _start(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
    seed = starting_seed(ARTEM.key, u, c.history)
    game = ARTEM.new_game(u.draft, seed)
    fresh = replace(u, seed=seed, game=game, screen="board", cursor=turn_cursor(game), mode="actions", card="")
    return Reply(fresh, label=said("artem.started", n=u.draft.players))


def _setup(ui: ArtemUi, lang: str) -> Keys:
    item = SETUP_ITEMS[ui.cursor]
    change = CHANGE_OPTION.get(item)
    if change is not None and ui.editing is not None:
        return _count_editor(change, lang)

    def ok(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        if change is None:
            return _start(u, c)
        if item in COUNT_ROWS:
            return Reply(replace(u, editing=u.draft))
        return Reply(replace(u, draft=change(u.draft, 1)))

    label = "artem.key.start" if SETUP_ITEMS[ui.cursor] == "start" else "key.change"
    keys = option_menu(len(SETUP_ITEMS), lang, Binding(ok, T(lang, label)),
                       Binding(go_home, T(lang, "key.home")))
    keys["roll"] = Binding(_start)
    return keys


def _count_editor(change: Callable[[Setup, int], Setup], lang: str) -> Keys:
    """A count row being edited: up/down count (wrapping), ok keeps, back puts the value back."""
    return draft_count_keys(change, lang, _start)


def _over(lang: str) -> Keys:
    def again(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        return _start(ArtemUi(draft=u.draft, seed=next_seed(u)), c)

    def to_setup(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        return Reply(ArtemUi(draft=u.draft, seed=next_seed(u)))

    return {"ok": Binding(again, T(lang, "artem.key.again")), "roll": Binding(again),
            "back": Binding(to_setup, T(lang, "artem.key.setup"))}


# ----- the board ---------------------------------------------------------------------------


def _actions(ui: ArtemUi, game: State, lang: str) -> Keys:
    listed, shown = actions(game), offered(game)

    def take(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        action, seat = listed[min(u.cursor, len(listed) - 1)], game.seat
        if action == "end_turn":
            return _play(u, EndTurn(), said("artem.ended", seat=seat))
        if action == "main_out":
            return _play(u, MainDeckOut(), said("artem.main_out_label", seat=seat))
        why = card_refusal(begun(game), claim=action == "claim")
        if why is not None:  # a seat button of an entry not offered (Claim on a first turn)
            raise PlayRefused(why)
        # The four keys' cursor starts on row 1 (on a claim: the row of the longest run).
        chosen = replace(u, card=as_card(action), mode="row", row=0, col=0)
        if action == "claim":
            chosen = replace(chosen, row=longest_run(view(game))[0])
        return Reply(chosen)

    def move(button: str) -> Binding[ArtemUi]:
        def action(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
            return Reply(replace(u, cursor=neighbour(shown, on_offered(game, u.cursor), button)))
        return Binding(action, T(lang, f"key.{button}"))

    def ok(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        return take(replace(u, cursor=on_offered(game, u.cursor)), c)

    keys = {"up": move("up"), "down": move("down"), "ok": Binding(ok, T(lang, "key.ok")),
            "back": Binding(pause, T(lang, "key.menu"))}
    return {**keys, **_numbered(len(listed), take)}


def _row(ui: ArtemUi, game: State, lang: str) -> Keys:
    def move(button: str) -> Binding[ArtemUi]:
        return Binding(lambda u, c: Reply(replace(u, row=wrapped(u.row, button, SIZE))),
                       T(lang, f"key.{button}"))

    if ui.card in ("move1", "move2"):
        steps = 1 if ui.card == "move1" else 2

        def slide(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
            label = said("artem.moved", seat=game.seat, row=u.row + 1, n=steps)
            return _play(u, Move(u.row, steps), label, str(u.row + 1))

        ok = Binding(slide, T(lang, "artem.key.slide"))
    else:
        ok = Binding(lambda u, c: Reply(_to_tiles(u, game)), T(lang, "artem.key.pick"))
    keys = {"up": move("up"), "down": move("down"), "ok": ok,
            "back": _to("actions", T(lang, "key.back"))}
    return {**keys, **{SEATS[n]: _then(ok.action, "row", n) for n in range(SIZE)}}


def _to_tiles(u: ArtemUi, game: State) -> ArtemUi:
    """The tile step; a claim's cursor starts on the longest run of the row."""
    if u.card != "claim":
        return replace(u, mode="col")
    return replace(u, mode="col", col=longest_run(view(game), range(u.row, u.row + 1))[1])


def _then(action: Action[ArtemUi], field: str, n: int) -> Binding[ArtemUi]:
    """A seat button: set the row or the column to its number, then do what ok does."""
    def press(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        return action(replace(u, row=n) if field == "row" else replace(u, col=n), c)
    return Binding(press)


def _col(ui: ArtemUi, game: State, lang: str) -> Keys:
    def move(button: str) -> Binding[ArtemUi]:
        return Binding(lambda u, c: Reply(replace(u, col=wrapped(u.col, button, SIZE))),
                       T(lang, "artem.key.left" if button == "up" else "artem.key.right"))

    def pick(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        if u.card != "claim":
            return Reply(replace(u, mode="pair"))
        first, last = claim_span(view(game), (u.row, u.col))
        return Reply(replace(u, mode="end", col=first, pick=last))

    keys = {"up": move("up"), "down": move("down"), "ok": Binding(pick, T(lang, "artem.key.pick")),
            "back": _to("row", T(lang, "key.back"))}
    return {**keys, **{SEATS[n]: _then(pick, "col", n) for n in range(SIZE)}}


def _flip(game: State, first: Cell, second: Cell) -> Action[ArtemUi]:
    def action(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        a, b = cell_name(first), cell_name(second)
        label = said("artem.flipped", seat=game.seat, a=a, b=b)
        return _play(u, Flip(flip_card(first, second), first, second), label, f"{a}, {b}")
    return action


def _pair(ui: ArtemUi, game: State, lang: str) -> Keys:
    first = (ui.row, ui.col)
    names = {"up": "artem.key.above", "down": "artem.key.below",
             "ok": "artem.key.right" if ui.col < SIZE - 1 else "artem.key.left"}
    keys: Keys = {key: Binding(_flip(game, first, other), T(lang, names[key]))
                  for key, other in flip_partners(first).items()}
    for col in (ui.col - 1, ui.col + 1):  # the seat button of a column beside the tile
        if 0 <= col < SIZE:
            keys[SEATS[col]] = Binding(_flip(game, first, (ui.row, col)))
    keys["back"] = _to("col", T(lang, "key.back"))
    return keys


def _claim(game: State, first: int, last: int) -> Action[ArtemUi]:
    def action(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
        start, length = min(first, last), abs(last - first) + 1
        if length < 2:
            raise PlayRefused(Refusal("bad_length"))
        colour = view(game)[u.row][start]
        points = claim_points(length, play_number(begun(game))) if length <= SIZE else 0
        label = said("artem.claimed", seat=game.seat, n=length,
                     colour=in_each(lambda lang: colour_name(lang, colour)), points=points)
        run = f"{cell_name((u.row, start))}-{cell_name((u.row, start + length - 1))}"
        return _play(u, Claim(colour, u.row, start, length), label, run)
    return action


def _end(ui: ArtemUi, game: State, lang: str) -> Keys:
    def move(button: str) -> Binding[ArtemUi]:
        def action(u: ArtemUi, c: Context) -> Reply[ArtemUi]:
            span = SIZE - 1 - u.col
            return Reply(replace(u, pick=u.col + 1 + wrapped(u.pick - u.col - 1, button, span)))
        return Binding(action, T(lang, "artem.key.left" if button == "up" else "artem.key.right"))

    start, length = claim_run(ui)
    keys = {"up": move("up"), "down": move("down"),
            "ok": Binding(_claim(game, start, start + length - 1), T(lang, "artem.key.claim")),
            "back": _to("col", T(lang, "key.back"))}
    return {**keys, **{SEATS[n]: Binding(_claim(game, ui.col, n)) for n in range(SIZE)}}


def _old_colour_step(ui: ArtemUi, game: State, lang: str) -> Keys:
    """A game saved while picking a claim card's colour (older versions) goes on with its row."""
    return _row(ui, game, lang)


STEPS = {"actions": _actions, "colour": _old_colour_step, "row": _row, "col": _col,
         "pair": _pair, "end": _end}
