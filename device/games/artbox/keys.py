"""#ARTBOX's binding table: the setup menu and every phase of a round, each key with its label.

Four keys are enough everywhere; the table build adds shortcuts: `roll` starts the game and rolls
the dice, `timer` turns the sandglass, a seat button is that seat's own press (it looks at its
words, takes its number token, claims or ticks a drawing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from device import word_history, wordpacks
from device.contract import Context, Reply
from device.games.artbox.ui import ArtboxUi, identify_items, next_option, setup_rows, table_setup
from device.strings.all import STRINGS as T
from device.widgets.bindings import Action, Binding, Bindings, go_home, stay
from device.widgets.cursor import wrapped
from device.widgets.drawing import shapes_in_words
from device.widgets.option_menu import PREV_NEXT, option_menu
from device.wordpacks import WordPackError
from engine.artbox import ARTBOX
from engine.artbox.commands import (
    Command,
    ConfirmSlot,
    Continue,
    Finish,
    Pick,
    Roll,
    ShowWords,
    StartSandglass,
    ToggleEligible,
    ToggleGuess,
)
from engine.artbox.state import State
from engine.artbox.view import claim_for, shows_secret, still_drawing, tokens_taken
from engine.errors import IllegalCommand

Keys = dict[str, Binding[ArtboxUi]]
SEATS = range(1, 9)


def bindings(ui: ArtboxUi, ctx: Context) -> Bindings[ArtboxUi]:
    """The setup menu's keys, or the keys of the phase being played (holds do nothing there)."""
    if ui.game is None:
        return Bindings(_setup(ui, ctx.lang))
    phase_keys = PHASES.get(ui.game.phase, _continue)(ui, ui.game, ctx.lang)
    return Bindings({"back": Binding(go_home, T(ctx.lang, "key.home")), **phase_keys}, holds_press=False)


def word_deck(ctx: Context) -> tuple[str, ...]:
    """The built-in deck in the word language plus the players' own packs."""
    return wordpacks.word_deck(ctx.settings.word_language, ctx.resources.word_packs)


def _move(button: str, count: int) -> Action[ArtboxUi]:
    return lambda u, c: Reply(replace(u, cursor=wrapped(u.cursor, button, count)))


def _apply(ui: ArtboxUi, command: Command, label: str, **changes: Any) -> Reply[ArtboxUi]:
    """Apply a command; a new phase or slot resets the cursors; leaving a secret hides it."""
    assert ui.game is not None
    game = ARTBOX.apply(ui.game, command)
    if game.phase != ui.game.phase or game.slot_index != ui.game.slot_index:
        changes = {"cursor": 0, "marks": (), "view": "words", **changes}
    return Reply(replace(ui, game=game, **changes), label=label,
                 hide_secret=shows_secret(ui.game) and not shows_secret(game))


# ----- setup -------------------------------------------------------------------------------


def _setup(ui: ArtboxUi, lang: str) -> Keys:
    rows = setup_rows(ui.options)
    cursor = min(ui.cursor, len(rows) - 1)
    starts = rows[cursor] == "start"

    def change(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        options = next_option(u.options, rows[cursor])
        return Reply(replace(u, options=options, cursor=min(cursor, len(setup_rows(options)) - 1)))

    ok = Binding(_start_game, T(lang, "artbox.start")) if starts else Binding(change, T(lang, "key.change"))
    keys = option_menu(len(rows), lang, ok, Binding(go_home, T(lang, "key.home")), start=cursor)
    return {**keys, "roll": Binding(_start_game)}


def _start_game(ui: ArtboxUi, ctx: Context) -> Reply[ArtboxUi]:
    try:
        deck = word_deck(ctx)
        used = word_history.used_words(ctx.words, ctx.settings.word_language, deck)  # dealt last (supply.py)
        setup = replace(table_setup(ui.options, deck, ctx.resources.shape_dice), used=used)
    except (WordPackError, ValueError) as exc:
        return Reply(ui, error=str(exc))
    game = ARTBOX.new_game(setup, ui.seed ^ ui.games)
    started = replace(ui, game=game, cursor=0, marks=(), view="words", games=ui.games + 1)
    return Reply(started, label=T(ctx.lang, "artbox.started", n=setup.players))


# ----- step 1: dealing and dice ------------------------------------------------------------


def _deal_cover(ui: ArtboxUi, game: State, lang: str) -> Keys:
    def show(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return _apply(u, ShowWords(), T(c.lang, "artbox.looked", seat=game.dealing_seat), cursor=0, marks=())

    return {"ok": Binding(show, T(lang, "artbox.show")), f"seat{game.dealing_seat}": Binding(show)}


def _deal_pick(ui: ArtboxUi, game: State, lang: str) -> Keys:
    two = game.setup.drawings_each == 2

    def tick(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        marks = tuple(sorted(set(u.marks) ^ {u.cursor}))
        if len(marks) < game.setup.drawings_each:
            return Reply(replace(u, marks=marks))
        return _apply(u, Pick(marks), T(c.lang, "artbox.chose", seat=game.dealing_seat))

    size = game.setup.words_dealt
    ok = Binding(tick, T(lang, "artbox.tick" if two else "artbox.keep"))
    back: Binding[ArtboxUi] = Binding(go_home)  # unlabelled: the dealt words stay private
    return option_menu(size, lang, ok, back, labels=PREV_NEXT)


def _roll(ui: ArtboxUi, game: State, lang: str) -> Keys:
    def roll(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        rolled = ARTBOX.apply(game, Roll(c.now_ms))
        label = T(c.lang, "dice.rolled", what=shapes_in_words(c.lang, rolled.faces))
        return Reply(replace(u, game=rolled, cursor=0), label=label)

    return {"ok": Binding(roll, T(lang, "dice.roll")), "roll": Binding(roll)}


# ----- step 2: drawing ---------------------------------------------------------------------


def _drawing(ui: ArtboxUi, game: State, lang: str) -> Keys:
    if game.setup.simplified:  # the sand decides; no number tokens
        return {}
    waiting = still_drawing(game)

    def finish(seat_of: Callable[[ArtboxUi], int | None]) -> Callable[[ArtboxUi, Context], Reply[ArtboxUi]]:
        def action(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
            seat = seat_of(u)
            if seat is None:
                return Reply(u)
            token = len(game.finish.seats) + 1 if game.finish else 1
            return _apply(u, Finish(seat), T(c.lang, "order.took", seat=seat, token=token), cursor=0)
        return action

    def chosen(u: ArtboxUi) -> int | None:
        return waiting[min(u.cursor, len(waiting) - 1)] if waiting else None

    keys: Keys = {
        "up": Binding(_move("up", len(waiting)) if waiting else stay, T(lang, "key.prev")),
        "down": Binding(_move("down", len(waiting)) if waiting else stay, T(lang, "key.next")),
        "ok": Binding(finish(chosen), T(lang, "order.take", n=len(tokens_taken(game)) + 1)),
    }
    for seat in SEATS:
        keys[f"seat{seat}"] = Binding(finish(_always(seat)))
    return keys


def _always(seat: int) -> Callable[[ArtboxUi], int | None]:
    return lambda u: seat


# ----- step 3: guessing --------------------------------------------------------------------


def _guessing(ui: ArtboxUi, game: State, lang: str) -> Keys:
    def flip_view(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return Reply(replace(u, view="timer" if u.view == "words" else "words"))

    def start_glass(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        if game.sandglass.status != "idle":
            return Reply(u)
        return _apply(u, StartSandglass(c.now_ms), T(c.lang, "glass.started"))

    other = T(lang, "artbox.view_timer") if ui.view == "words" else T(lang, "artbox.view_words")
    ok_label = "" if game.sandglass.status == "running" else T(lang, "artbox.glass")
    keys: Keys = {"up": Binding(flip_view), "down": Binding(flip_view, other),
                  "ok": Binding(start_glass, ok_label), "timer": Binding(start_glass)}
    for seat in SEATS:
        keys[f"seat{seat}"] = Binding(start_glass)
    return keys


# ----- step 4: identify and award ----------------------------------------------------------


def _identify(ui: ArtboxUi, game: State, lang: str) -> Keys:
    items = identify_items(game)
    item = items[min(ui.cursor, len(items) - 1)]
    slot = game.slots[game.slot_index]

    def confirm(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return _apply(u, ConfirmSlot(), T(c.lang, "artbox.slot_done", slot=game.slot_index + 1))

    def toggle(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return _apply(u, ToggleEligible(), T(c.lang, "artbox.marked", slot=game.slot_index + 1))

    def on_seat(seat: int) -> Callable[[ArtboxUi, Context], Reply[ArtboxUi]]:
        return lambda u, c: _seat_on_slot(u, game, seat, c.lang)

    if item == "next":
        ok = Binding(confirm, T(lang, "artbox.confirm"))
    elif item == "ineligible":
        ok = Binding(toggle, T(lang, "artbox.toggle"))
    else:
        ok = Binding(on_seat(int(item[4:])), T(lang, "artbox.author" if not slot.author else "artbox.right"))
    keys = option_menu(len(items), lang, ok, labels=PREV_NEXT)
    for seat in SEATS:
        keys[f"seat{seat}"] = Binding(on_seat(seat))
    return keys


def _seat_on_slot(ui: ArtboxUi, game: State, seat: int, lang: str) -> Reply[ArtboxUi]:
    """The first seat pressed on a slot drew it; any other seat pressed guessed it right (a toggle)."""
    slot = game.slots[game.slot_index]
    if not slot.author or slot.author == seat:
        claim = claim_for(game, seat)
        if claim is None:
            raise IllegalCommand(f"seat {seat} already claimed", "artbox_claimed", seat=seat)
        if slot.author == seat and claim.word == slot.word:
            return Reply(ui)
        return _apply(ui, claim, T(lang, "artbox.claimed", seat=seat, slot=game.slot_index + 1))
    key = "artbox.unguessed" if seat in slot.guessers else "artbox.guessed"
    return _apply(ui, ToggleGuess(seat), T(lang, key, seat=seat))


def _continue(ui: ArtboxUi, game: State, lang: str) -> Keys:
    """Pencils down, awards, scoreboard and game over: ok goes on."""
    def go_on(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        if game.phase == "over":  # a new game with the same options
            return Reply(replace(u, game=None, cursor=0))
        if game.phase == "scoreboard":
            return _apply(u, Continue(), T(c.lang, "artbox.new_round", n=game.round + 1))
        return _apply(u, Continue(), T(c.lang, "artbox.continued"))

    label = {"pencils_down": "artbox.check", "awards": "key.ok", "scoreboard": "artbox.next_round",
             "over": "artbox.new_game"}.get(game.phase, "key.ok")
    return {"ok": Binding(go_on, T(lang, label))}


PHASES: dict[str, Callable[[ArtboxUi, State, str], Keys]] = {
    "deal_cover": _deal_cover, "deal_pick": _deal_pick, "roll": _roll, "drawing": _drawing,
    "guessing": _guessing, "identify": _identify,
}
