"""IDENTIK's binding table: setup, names, the name wheel, each phase of a round and the scorecard.

Four keys are enough everywhere (up/down move or change, ok acts, back steps back within the
game, and opens the pause menu where there is nothing to step back to); the table build adds
shortcuts: `roll` starts a game or rolls the d10, `timer` turns the hourglass (hold: pause), the
seat buttons tick for their judge (or open that seat's name).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from device.framework.contract import Context, Reply
from device.games.identik.ui import CHANGE_OPTION, COUNT_ROWS, SETUP_ROWS, Draft, IdentikUi, with_name
from device.i18n import Said, Text, said
from device.render.fonts import font
from device.render.frame import TEXT_FLOOR_PX
from device.strings.all import STRINGS as T
from device.widgets.bindings import Binding, Bindings, go_home, pause
from device.widgets.cursor import wrapped
from device.widgets.game_app import next_seed, starting_seed
from device.widgets.name_wheel import DONE, WHEEL, added, finished, first_letter
from device.widgets.option_menu import draft_count_keys, option_menu
from engine.identik import IDENTIK
from engine.identik.commands import (
    Back,
    ChooseSuper,
    Command,
    NextCriterion,
    NextRound,
    PassDrawings,
    PauseTimer,
    ResumeTimer,
    RollSuper,
    StartTimer,
    Tick,
)
from engine.identik.setup import CRITERIA, NAME_MAX, Setup
from engine.identik.state import State
from engine.identik.view import judges
from engine.seats import Direction

Keys = dict[str, Binding[IdentikUi]]
# The room for a soft key's text on the smallest panel (250 px wide: a quarter, less the key's
# symbol and margins) at the smallest text size the bar goes down to.
KEY_ROOM_PX = 48
JUMP = 5  # a held up/down moves the super criterion picker this far
Action = Callable[[IdentikUi, Context], Reply[IdentikUi]]


def bindings(ui: IdentikUi, ctx: Context) -> Bindings[IdentikUi]:
    """The keys of the screen shown (a hold only does what the table below names with '!')."""
    lang = ctx.lang
    if ui.screen == "names":
        return Bindings(_names(ui, lang), holds_press=False)
    if ui.screen == "name":
        return Bindings(_name(ui, lang), holds_press=False)
    if ui.game is None:
        return Bindings(_setup(ui, lang), holds_press=False)
    if ui.screen == "scores":
        return Bindings(_scores(lang), holds_press=False)
    if ui.screen == "quit":
        return Bindings(_quit(lang), holds_press=False)
    if ui.game.phase == "judging":
        return Bindings(_judging(ui, ui.game, lang, ctx.seat_buttons), holds_press=False)
    return Bindings(PHASES[ui.game.phase](ui, ui.game, lang), holds_press=False)


def who(game: State, seat: int) -> Text:
    """A seat's name, or "Seat 3" when it has none (as data: translated when drawn)."""
    return game.setup.name_of(seat) or said("seat", seat=seat)


def short_who(lang: str, game: State, seat: int) -> str:
    """A seat's name, or "S3" when it has none (for a soft key)."""
    return game.setup.name_of(seat) or T(lang, "seat.short", seat=seat)


def _menu(lang: str) -> Binding[IdentikUi]:
    """`back` where the game has nothing to step back to: the pause menu."""
    return Binding(pause, T(lang, "key.menu"))


def _apply(ui: IdentikUi, command: Command, label: Said, **changes: Any) -> Reply[IdentikUi]:
    assert ui.game is not None
    return Reply(replace(ui, game=IDENTIK.apply(ui.game, command), **changes), label=label)


def _command(command: Callable[[Context], Command], label_key: str, **changes: Any) -> Action:
    """An action applying one engine command, labelled for the undo list."""
    return lambda u, c: _apply(u, command(c), said(label_key), **changes)


# ----- setup, names and the name wheel -----------------------------------------------------


def _setup(ui: IdentikUi, lang: str) -> Keys:
    row = SETUP_ROWS[ui.cursor]

    change = CHANGE_OPTION.get(row)
    ok: Binding[IdentikUi]
    if change is not None and ui.editing is not None:
        return _count_editor(ui, change, lang, row)
    if row in COUNT_ROWS:
        ok = Binding(lambda u, c: Reply(replace(u, editing=u.draft)), T(lang, "key.change"))
    elif change is not None:
        ok = Binding(lambda u, c: Reply(replace(u, draft=change(u.draft, 1))), T(lang, "key.change"))
    elif row == "names":
        ok = Binding(lambda u, c: Reply(replace(u, screen="names", cursor=0)), T(lang, "key.change"))
    elif row == "hourglass":  # its length is the Settings' sandglass
        ok = Binding(lambda u, c: Reply(u, error=T(c.lang, "identik.hourglass_in_settings")))
    else:
        ok = Binding(_start_game, T(lang, "identik.go"))
    keys = option_menu(len(SETUP_ROWS), lang, ok, Binding(go_home, T(lang, "key.home")))
    keys["roll"] = Binding(_start_game)  # the table build starts from any row
    return keys


def _count_editor(ui: IdentikUi, change: Callable[[Draft, int], Draft], lang: str, row: str) -> Keys:
    """A count row being edited: up/down count (wrapping), ok keeps, back cancels (puts the value
    back); on the first narrator up/down name the choice they step to ("Seat 3", "random") and
    a seat button picks that seat at once (kept)."""
    keys: Keys = draft_count_keys(change, lang, _start_game)
    named = {"ok": "identik.keep", "back": "identik.cancel"}
    keys = keys | {key: replace(keys[key], label=T(lang, text)) for key, text in named.items()}
    if row != "first":
        return keys
    for key, by in (("up", 1), ("down", -1)):
        seat = change(ui.draft, by).first
        keys[key] = replace(keys[key], label=T(lang, "seat", seat=seat) if seat else T(lang, "identik.random"))
    for seat in range(1, ui.draft.players + 1):
        keys[f"seat{seat}"] = Binding(_first_is(seat))
    return keys


def _first_is(seat: int) -> Action:
    """A seat button while the first narrator is edited: that seat narrates first (kept)."""
    return lambda u, c: Reply(replace(u, draft=replace(u.draft, first=seat), editing=None))


def _start_game(ui: IdentikUi, ctx: Context) -> Reply[IdentikUi]:
    draft = ui.draft
    names = tuple(finished(n) for n in draft.used_names())
    seen: set[str] = set()
    for name in names:
        if name and name.casefold() in seen:
            return Reply(ui, error=T(ctx.lang, "identik.same_name", name=name))
        seen.add(name.casefold())
    try:
        setup = Setup(players=draft.players, names=names if any(names) else (),
                             narrations_each=draft.narrations_each, first_narrator=draft.first or None,
                             super_rule=draft.super_rule, timer_ms=ctx.settings.sandglass_s * 1000)
    except ValueError as exc:  # the wheel cannot build a bad name; say so if it ever does
        return Reply(ui, error=str(exc))
    seed = starting_seed(IDENTIK.key, ui, ctx.history)
    game = IDENTIK.new_game(setup, seed)
    started = replace(ui, seed=seed, game=game, screen="play", cursor=0, pick=1, direction="left")
    return Reply(started, label=said("identik.label.new", n=draft.players))


def _edit(ui: IdentikUi, seat: int) -> IdentikUi:
    return replace(ui, screen="name", seat=seat, cursor=seat - 1, letter=first_letter(ui.draft.names[seat - 1]))


def _names(ui: IdentikUi, lang: str) -> Keys:
    players = ui.draft.players

    def done(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        return Reply(replace(u, screen="setup", cursor=SETUP_ROWS.index("names")))

    if ui.cursor < players:
        ok = Binding(lambda u, c: Reply(_edit(u, u.cursor + 1)), T(lang, "key.change"))
    else:
        ok = Binding(done, T(lang, "identik.done"))
    keys = option_menu(players + 1, lang, ok, Binding(done, T(lang, "key.back")))
    for seat in range(1, players + 1):  # a seat button opens its own name, pressed or held
        keys[f"seat{seat}"] = keys[f"seat{seat}!"] = Binding(_edit_name_of(seat))
    return keys


def _edit_name_of(seat: int) -> Action:
    return lambda u, c: Reply(_edit(u, seat))


def _name(ui: IdentikUi, lang: str) -> Keys:
    text = ui.draft.names[ui.seat - 1]

    def turn(button: str) -> Binding[IdentikUi]:
        return Binding(lambda u, c: Reply(replace(u, letter=wrapped(u.letter, button, len(WHEEL)))),
                       T(lang, "key.prev" if button == "up" else "key.next"))

    def add(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        longer = added(text, u.letter, NAME_MAX)
        if longer == "full":
            return Reply(u, error=T(c.lang, "identik.name_full", n=NAME_MAX))
        if longer == "letter_first":
            return Reply(u, error=T(c.lang, "identik.letter_first"))
        return Reply(with_name(u, longer))

    if ui.letter == DONE:
        ok = Binding(lambda u, c: Reply(with_name(replace(u, screen="names"), finished(text))), T(lang, "identik.done"))
    else:
        ok = Binding(add, T(lang, "identik.add"))
    if text:
        back = Binding(lambda u, c: Reply(with_name(u, text[:-1])), T(lang, "identik.erase"))
    else:
        back = Binding(lambda u, c: Reply(replace(u, screen="names")), T(lang, "key.back"))
    return {"up": turn("up"), "down": turn("down"), "ok": ok, "back": back}


def _scores(lang: str) -> Keys:
    """The scorecard: ok or back return to the game; down asks whether to quit it."""
    def to_game(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        return Reply(replace(u, screen="play"))

    return {"down": Binding(lambda u, c: Reply(replace(u, screen="quit")), T(lang, "identik.quit")),
            "ok": Binding(to_game, T(lang, "identik.game_key")), "back": Binding(to_game, T(lang, "key.back"))}


def _quit(lang: str) -> Keys:
    """"Quit this game?": ok abandons it (an undo point: hold back brings it back), back keeps playing."""
    def quit_game(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        fresh = replace(u, game=None, screen="setup", cursor=0, seed=next_seed(u))
        return Reply(fresh, label=said("identik.label.quit"))

    return {"ok": Binding(quit_game, T(lang, "identik.quit")),
            "back": Binding(lambda u, c: Reply(replace(u, screen="scores")), T(lang, "identik.keep_playing"))}


# ----- a round ---------------------------------------------------------------------------------


def _super(ui: IdentikUi, game: State, lang: str) -> Keys:
    def roll(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        after = IDENTIK.apply(game, RollSuper())
        label = said("identik.label.rolled", n=str(after.super_criterion))
        return Reply(replace(u, game=after, pick=after.super_criterion or 1), label=label)

    keys: Keys = {"roll": Binding(roll), "roll!": Binding(roll), "back": _menu(lang)}
    if game.setup.super_rule == "roll":
        keys["ok"] = keys["ok!"] = Binding(roll, T(lang, "identik.roll"))
        return keys

    def count(step: int) -> Action:
        return lambda u, c: Reply(replace(u, pick=(u.pick - 1 + step) % CRITERIA + 1))

    def choose(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        return _apply(u, ChooseSuper(u.pick), said("identik.label.super", n=u.pick))

    keys.update({"up": Binding(count(1), "+1"), "down": Binding(count(-1), "−1"),
                 "up!": Binding(count(JUMP)), "down!": Binding(count(-JUMP)),  # any number in 3 presses at most
                 "ok": Binding(choose, T(lang, "identik.set"))})
    return keys


def _describe(ui: IdentikUi, game: State, lang: str) -> Keys:
    status = game.sandglass.status
    if status == "idle":
        start = Binding(_command(lambda c: StartTimer(c.now_ms), "identik.label.started"), T(lang, "identik.go"))
        if game.setup.super_rule == "roll":  # the roll stands: nothing to step back to
            return {"ok": start, "timer": start, "back": _menu(lang)}
        return {"ok": start, "timer": start,
                "back": Binding(_command(lambda c: Back(), "identik.label.back"), T(lang, "identik.change"))}
    if status == "running":
        hold = Binding(_command(lambda c: PauseTimer(c.now_ms), "identik.label.paused"), T(lang, "identik.pause"))
        return {"down": hold, "timer!": hold, "back": _menu(lang)}
    resume = Binding(_command(lambda c: ResumeTimer(c.now_ms), "identik.label.resumed"), T(lang, "identik.resume"))
    return {"ok": resume, "timer": resume, "timer!": resume, "back": _menu(lang)}


def _passing(ui: IdentikUi, game: State, lang: str) -> Keys:
    """One press says the way: up passes left, down passes right (rulebook 002 l.57)."""
    def passed(direction: Direction) -> Action:
        def action(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
            where = said(f"identik.dir.{direction}")
            return _apply(u, PassDrawings(direction), said("identik.label.passed", dir=where),
                          cursor=0, direction=direction)
        return action

    return {"up": Binding(passed("left"), T(lang, "identik.left")),
            "down": Binding(passed("right"), T(lang, "identik.right")), "back": _menu(lang)}


def _judging(ui: IdentikUi, game: State, lang: str, seat_buttons: bool = True) -> Keys:
    """Each judge's seat button ticks (002 l.61); on four keys up/down walk a cursor over the
    judges and ok ticks the one under it (the table build's bar leaves up/down unlabelled)."""
    seated = judges(game)

    def tick(u: IdentikUi, seat: int, walk: bool) -> Reply[IdentikUi]:
        after = IDENTIK.apply(game, Tick(seat))
        key = "identik.label.ticked" if seat in after.ticks[game.criterion - 1] else "identik.label.unticked"
        label = said(key, who=who(game, seat), c=game.criterion)
        # A seat button's tick leaves the cursor on "next" (an ok pressed to move on never changes
        # a tick); the cursor's own tick walks on to the next judge, "next" after the last (issue
        # 28: it went back to "next" and the next judge walked past the first again).
        cursor = seated.index(seat) + 2 if walk else 0
        return Reply(replace(u, game=after, cursor=cursor if cursor <= len(seated) else 0), label=label)

    def judge_tick(seat: int, walk: bool = False) -> Action:
        return lambda u, c: tick(u, seat, walk)

    if ui.cursor > 0:
        judge = seated[ui.cursor - 1]
        verb = "identik.untick" if judge in game.ticks[game.criterion - 1] else "identik.tick"
        label = T(lang, verb, who=short_who(lang, game, judge))
        if font(TEXT_FLOOR_PX).getlength(label) > KEY_ROOM_PX:  # "Tick Maximilien" would be cut:
            label = T(lang, f"{verb}.alone")  # "Tick", the cursor on the screen shows whom
        ok = Binding(judge_tick(judge, walk=True), label)
    else:
        ok = Binding(_next_criterion(game), T(lang, "identik.points_key" if game.criterion == CRITERIA
                                              else "identik.next"))
    back = Binding(_command(lambda c: Back(), "identik.label.back", cursor=0), T(lang, "key.back"))
    keys = option_menu(len(seated) + 1, lang, ok, back, labels=("identik.judge_prev", "identik.judge_next"))
    if seat_buttons:  # the seat buttons tick: the bar offers no judge cursor (up/down still walk
        # one, unlabelled, so a four-key habit keeps working and the cursor then shows on a tile)
        keys["up"], keys["down"] = Binding(keys["up"].action), Binding(keys["down"].action)
    for seat in range(1, 9):
        keys[f"seat{seat}"] = Binding(judge_tick(seat))
    return keys


def _next_criterion(game: State) -> Action:
    def action(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        if game.criterion == CRITERIA:
            return _apply(u, NextCriterion(), said("identik.label.judged"), cursor=0)
        return _apply(u, NextCriterion(), said("identik.label.next", c=game.criterion + 1), cursor=0)
    return action


def _summary(ui: IdentikUi, game: State, lang: str) -> Keys:
    last = game.round_no == game.setup.total_rounds

    def next_round(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        label = said("identik.label.round", r=game.round_no)
        return _apply(u, NextRound(), label, pick=1, direction="left", cursor=0)

    return {"ok": Binding(next_round, T(lang, "identik.final_key" if last else "identik.next_round")),
            "down": Binding(lambda u, c: Reply(replace(u, screen="scores")), T(lang, "identik.scores_key")),
            "back": Binding(_command(lambda c: Back(), "identik.label.back", cursor=0), T(lang, "key.back"))}


def _over(ui: IdentikUi, game: State, lang: str) -> Keys:
    def again(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        return _start_game(u, c)  # on the next seed after the finished game

    def to_setup(u: IdentikUi, c: Context) -> Reply[IdentikUi]:
        return Reply(replace(u, game=None, screen="setup", cursor=0, seed=next_seed(u)))

    return {"ok": Binding(again, T(lang, "identik.again")), "roll": Binding(again),
            "back": Binding(to_setup, T(lang, "identik.setup_key"))}


PHASES: dict[str, Callable[[IdentikUi, State, str], Keys]] = {
    "super": _super, "describe": _describe, "passing": _passing, "judging": _judging, "summary": _summary,
    "over": _over,
}
