"""#ARTBOX's binding table: the setup menu and every phase of a round, each key with its label.

Four keys are enough everywhere; the table build adds shortcuts: `roll` starts the game and rolls
the dice, `timer` turns the sandglass, a seat button is that seat's own press (it looks at its
words, takes its number token, claims or ticks a drawing). Inside a game `back` steps back where
there is something to step back to and opens the pause menu at the top level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device import wordpacks
from device.framework.contract import Context, Reply
from device.games.artbox.identify_keys import identify
from device.games.artbox.moves import apply_command
from device.games.artbox.ui import COUNT_ROWS, ArtboxUi, Options, Row, next_option, setup_rows, table_setup
from device.i18n import said
from device.storage import word_history
from device.strings.all import STRINGS as T
from device.widgets.bindings import Action, Binding, Bindings, go_home, pause
from device.widgets.cursor import wrapped
from device.widgets.drawing import shapes_said
from device.widgets.game_app import next_seed, starting_seed
from device.widgets.keeper_cursor import close_cursor, open_cursor
from device.widgets.option_menu import count_keys, option_menu
from device.wordpacks import WordPackError
from engine.artbox import ARTBOX
from engine.artbox.commands import (
    Continue,
    Finish,
    HideWords,
    Pick,
    Roll,
    ShowWords,
    StartSandglass,
)
from engine.artbox.state import State
from engine.artbox.view import hand, still_drawing, tokens_taken

Keys = dict[str, Binding[ArtboxUi]]
SEATS = range(1, 9)


def bindings(ui: ArtboxUi, ctx: Context) -> Bindings[ArtboxUi]:
    """The setup menu's keys, or the keys of the phase being played (holds only where bound)."""
    if ui.game is None:
        return Bindings(_setup(ui, ctx.lang))
    if ui.game.phase == "drawing":
        phase_keys = _drawing(ui, ui.game, ctx.lang, ctx.seat_buttons)
    else:
        phase_keys = PHASES.get(ui.game.phase, _continue)(ui, ui.game, ctx.lang)
    return Bindings({"back": Binding(pause, T(ctx.lang, "key.menu")), **phase_keys},
                    holds_press=False)


def word_deck(ctx: Context) -> tuple[str, ...]:
    """The built-in deck in the word language plus the players' own packs."""
    return wordpacks.word_deck(ctx.settings.word_language, ctx.resources.word_packs)


def _move(button: str, count: int) -> Action[ArtboxUi]:
    return lambda u, c: Reply(replace(u, cursor=wrapped(min(u.cursor, count - 1), button, count)))


# ----- setup -------------------------------------------------------------------------------


def _setup(ui: ArtboxUi, lang: str) -> Keys:
    rows = setup_rows(ui.options)
    cursor = min(ui.cursor, len(rows) - 1)
    starts = rows[cursor] == "start"

    if ui.editing is not None:
        return _count_editor(rows[cursor], lang, ui.options)

    def change(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        if rows[cursor] in COUNT_ROWS:
            return Reply(replace(u, editing=u.options))
        options = next_option(u.options, rows[cursor])
        return Reply(replace(u, options=options, cursor=min(cursor, len(setup_rows(options)) - 1)))

    label = T(lang, "key.change")
    if rows[cursor] == "dealing":  # ok names the other way ("device deals" said no alternative)
        label = T(lang, "artbox.dealing.cards" if ui.options.dealing == "device" else "artbox.dealing.device")
    ok = Binding(_start_game, T(lang, "artbox.start")) if starts else Binding(change, label)
    keys = option_menu(len(rows), lang, ok, Binding(go_home, T(lang, "key.home")), start=cursor)
    return {**keys, "roll": Binding(_start_game)}


def _count_editor(row: Row, lang: str, options: Options) -> Keys:
    """A count row being edited: up/down count (wrapping), ok keeps, back puts the value back."""
    def keep(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return Reply(replace(u, editing=None, cursor=min(u.cursor, len(setup_rows(u.options)) - 1)))

    def cancel(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return Reply(replace(u, options=u.editing or u.options, editing=None))

    keys = count_keys(lambda u, by: replace(u, options=next_option(u.options, row, by)), lang,
                      Binding(keep, T(lang, "key.ok")), Binding(cancel, T(lang, "key.back")))
    if row == "maestro":  # "+1" on "random" names no seat: each key names the seat it leads to
        for button, by in (("up", 1), ("down", -1)):
            seat = next_option(options, row, by).first_maestro
            label = T(lang, "seat", seat=seat) if seat else T(lang, "artbox.random")
            keys[button] = replace(keys[button], label=label)
        for seat in range(1, options.players + 1):  # the table build: a seat button picks at once
            keys[f"seat{seat}"] = Binding(_first_maestro(seat))
    return {**keys, "roll": Binding(lambda u, c: _start_game(replace(u, editing=None), c))}


def _first_maestro(seat: int) -> Action[ArtboxUi]:
    """A seat button while the first Maestro is edited: that seat is the first Maestro (kept)."""
    def pick(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return Reply(replace(u, options=replace(u.options, first_maestro=seat), editing=None))
    return pick


def _start_game(ui: ArtboxUi, ctx: Context) -> Reply[ArtboxUi]:
    """A new game with the options shown (remembered in the app state for the next one)."""
    try:
        deck = word_deck(ctx)
        used, used_ref = word_history.used_words(ctx.words, ctx.settings.word_language, deck)  # dealt last
        setup = replace(table_setup(ui.options, deck, ctx.resources.shape_dice), used=used)
    except (WordPackError, ValueError) as exc:
        return Reply(ui, error=str(exc))
    seed = starting_seed(ARTBOX.key, ui, ctx.history)
    game = ARTBOX.new_game(setup, seed)
    started = replace(ui, seed=seed, game=game, cursor=0, marks=(), view="words", games=1, used_ref=used_ref)
    return Reply(started, label=said("artbox.started", n=setup.players))


# ----- step 1: dealing and dice ------------------------------------------------------------


def _deal_cover(ui: ArtboxUi, game: State, lang: str) -> Keys:
    seat = game.dealing_seat

    def show(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return apply_command(u, ShowWords(), said("artbox.looked", seat=seat))

    return {"ok": Binding(show, T(lang, "artbox.show")), f"seat{seat}": Binding(show)}


def _deal_pick(ui: ArtboxUi, game: State, lang: str) -> Keys:
    """One press keeps: up/down keep word 1/2; with three words up/down/ok drop one of them."""
    seat, words = game.dealing_seat, hand(game)

    def keep(chosen: tuple[int, ...]) -> Action[ArtboxUi]:
        return lambda u, c: apply_command(u, Pick(chosen), said("artbox.chose", seat=seat))

    def hide(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return apply_command(u, HideWords(), said("artbox.hid", seat=seat))

    keys: Keys = {"back": Binding(hide, T(lang, "artbox.hide"))}
    buttons = ("up", "down", "ok")
    if game.setup.drawings_each == 1:
        for i in range(len(words)):
            keys[buttons[i]] = Binding(keep((i,)), T(lang, "artbox.key_keep"))
        return keys
    everyone = set(range(len(words)))
    for i in range(len(words)):
        kept = tuple(sorted(everyone - {i}))
        keys[buttons[i]] = Binding(keep(kept), T(lang, "artbox.key_drop"))
    return keys


def _roll(ui: ArtboxUi, game: State, lang: str) -> Keys:
    def roll(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        rolled = ARTBOX.apply(game, Roll(c.now_ms))
        label = said("dice.rolled", what=shapes_said(rolled.faces))
        return Reply(replace(u, game=rolled, cursor=0), label=label)

    return {"ok": Binding(roll, T(lang, "dice.roll")), "roll": Binding(roll)}


# ----- step 2: drawing ---------------------------------------------------------------------


def _drawing(ui: ArtboxUi, game: State, lang: str, seat_buttons: bool = True) -> Keys:
    """000 l.44: a seat that finishes takes the lowest number token: its own seat button, or the
    keeper's cursor and ok (the four keys' way). On the table build the cursor waits behind
    "No button?" (a seat whose button is not used): no seat looks picked before it is opened."""
    if game.setup.simplified:  # the sand decides; no number tokens
        return {}
    waiting = still_drawing(game)
    token = len(tokens_taken(game)) + 1

    def finish(seat: int) -> Action[ArtboxUi]:
        def action(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
            reply = apply_command(replace(u, by_hand=False), Finish(seat),
                                  said("artbox.takes", seat=seat, n=token))
            taken = tokens_taken(reply.state.game) if reply.state.game is not None else ()
            if len(taken) > token:  # the last seat took the last token by itself
                last, m = taken[-1][1], taken[-1][0]
                label = said("artbox.takes_last", seat=seat, n=token, last=last, m=m)
                return replace(reply, label=label)
            return reply
        return action

    keys: Keys = {f"seat{seat}": Binding(finish(seat)) for seat in SEATS}
    if waiting and seat_buttons and not ui.by_hand:
        return keys | {"ok": open_cursor(lang)}
    if waiting:  # up/down name the seat they move the cursor to
        here = min(ui.cursor, len(waiting) - 1)
        # with two seats left up and down lead to the same one: down alone, not two "S4"
        for button in ("up", "down") if len(waiting) > 2 else ("down",):
            to = waiting[wrapped(here, button, len(waiting))]
            keys[button] = Binding(_move(button, len(waiting)), T(lang, "seat.short", seat=to))
        chosen = waiting[here]
        keys["ok"] = Binding(finish(chosen), T(lang, "artbox.takes_key", seat=chosen, n=token))
    if ui.by_hand:
        keys["back"] = close_cursor(lang)
    return keys


# ----- step 3: guessing --------------------------------------------------------------------


def _guessing(ui: ArtboxUi, game: State, lang: str) -> Keys:
    def flip_view(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return Reply(replace(u, view="timer" if u.view == "words" else "words"))

    def start_glass(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        if game.sandglass.status != "idle":
            return Reply(u)
        return apply_command(u, StartSandglass(c.now_ms), said("glass.started"))

    running = game.sandglass.status == "running"
    keys: Keys = {"ok": Binding(start_glass, "" if running else T(lang, "artbox.glass")),
                  "timer": Binding(start_glass)}
    if running:  # the sandglass view, big; before it runs there is nothing to count down
        other = T(lang, "artbox.view_timer") if ui.view == "words" else T(lang, "artbox.view_words")
        keys |= {"up": Binding(flip_view), "down": Binding(flip_view, other)}
    if ui.view == "timer":  # back steps back to the word list
        keys["back"] = Binding(flip_view, T(lang, "artbox.view_words"))
    for seat in SEATS:
        keys[f"seat{seat}"] = Binding(start_glass)
    return keys


# ----- after the round ---------------------------------------------------------------------


def _continue(ui: ArtboxUi, game: State, lang: str) -> Keys:
    """Game over: ok plays again with the same setup, back goes to the setup menu. Pencils
    down, awards and scoreboard (games saved by an earlier version): ok goes on."""
    if game.phase == "over":
        def setup_menu(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
            return Reply(replace(u, seed=next_seed(u), game=None, cursor=0))

        return {"ok": Binding(_start_game, T(lang, "artbox.play_again")), "roll": Binding(_start_game),
                "back": Binding(setup_menu, T(lang, "artbox.setup"))}

    def go_on(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return apply_command(u, Continue(), said("artbox.continued"))

    return {"ok": Binding(go_on, T(lang, "key.ok"))}


PHASES: dict[str, Callable[[ArtboxUi, State, str], Keys]] = {
    "deal_cover": _deal_cover, "deal_pick": _deal_pick, "roll": _roll, "drawing": _drawing,
    "guessing": _guessing, "identify": identify,
}
