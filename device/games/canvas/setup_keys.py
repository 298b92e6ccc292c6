"""Canvas setup keys: the setup menu (Start first), players, the cards in play (suggested, one by
one, at random), unknown points, the solo toss; and starting a game with the setup shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device.framework.contract import Context, Reply
from device.games.canvas.ui import (
    MAX_POINTS,
    CanvasUi,
    EnteredPoints,
    chosen_cards,
    data,
    mode_cursor,
    mode_items,
    needs_points,
    setup_rows,
    to_phase,
)
from device.i18n import said
from device.strings.all import STRINGS as T
from device.widgets.bindings import Binding, go_home
from device.widgets.cursor import counted
from device.widgets.game_app import next_seed, starting_seed
from device.widgets.option_menu import PREV_NEXT, option_menu
from engine.canvas import CANVAS
from engine.canvas.setup import Setup, draw_cards
from engine.rng import Rng

Keys = dict[str, Binding[CanvasUi]]
MAX_CHOSEN = 4


def _draw(ui: CanvasUi) -> tuple[str, ...]:
    seed, _ = Rng.from_seed(ui.seed ^ ui.draws).next_u64()
    return tuple(card.name for card in draw_cards(data().scorable(), seed))


def _after_choice(ui: CanvasUi) -> CanvasUi:
    if needs_points(ui) is not None:
        return replace(ui, screen="points", table=(), value=1)
    return replace(ui, screen="cards", cursor=0)


def start_game(ui: CanvasUi, ctx: Context) -> Reply[CanvasUi]:
    """Start a game with the setup shown (the points of a card the data lacks are asked first)."""
    if not ui.chosen:  # a setup saved before the setup menu existed: choose the cards first
        return Reply(replace(ui, screen="mode", cursor=mode_cursor(ui)))
    if needs_points(ui) is not None:
        return Reply(replace(ui, screen="points", table=(), value=1))
    setup = Setup(cards=chosen_cards(ui), players=ui.players, bonus_icons=data().bonus_icons)
    seed = starting_seed(CANVAS.key, ui, ctx.history)
    started = to_phase(replace(ui, seed=seed, game=CANVAS.new_game(setup, seed), cursor=0))
    return Reply(started, label=said("canvas.started"))


def play_again(ui: CanvasUi, ctx: Context) -> Reply[CanvasUi]:
    """The next game with the same setup and a new seed."""
    return start_game(replace(ui, game=None, seed=next_seed(ui)), ctx)


def to_setup(ui: CanvasUi, ctx: Context) -> Reply[CanvasUi]:
    """Back to the setup menu, the cursor on Start."""
    return Reply(replace(ui, game=None, seed=next_seed(ui), screen="setup", cursor=0))


def _setup(ui: CanvasUi, lang: str) -> Keys:
    rows = setup_rows(ui)

    def choose(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        row = rows[u.cursor]
        if row == "players":
            return Reply(replace(u, screen="players"))
        if row == "cards":
            return Reply(replace(u, screen="mode", cursor=mode_cursor(u)))
        if row == "toss":
            return Reply(replace(u, toss_table=not u.toss_table))
        return start_game(u, c)

    label = {"start": "canvas.key.start", "toss": "key.change"}.get(rows[ui.cursor], "key.open")
    keys = option_menu(len(rows), lang, Binding(choose, T(lang, label)), Binding(go_home, T(lang, "key.home")))
    keys["roll"] = Binding(start_game)
    return keys


def _players(ui: CanvasUi, lang: str) -> Keys:
    def change(button: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, players=counted(u.players, button, 1, 5))),
                       "+1" if button == "up" else "-1")

    def done(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(replace(u, screen="setup", cursor=1))

    return {"up": change("up"), "down": change("down"), "ok": Binding(done, T(lang, "key.ok")),
            "back": Binding(done, T(lang, "key.back"))}


def _mode(ui: CanvasUi, lang: str) -> Keys:
    items = mode_items()

    def choose(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        choice = items[u.cursor]
        if choice == "pick":
            return Reply(replace(u, screen="pick", cursor=0, chosen=(), random=False, entered=()))
        if choice == "random":
            return Reply(_after_choice(replace(u, random=True, entered=(), chosen=_draw(u))))
        setup = next(s for s in data().setups if s.id == choice)
        return Reply(_after_choice(replace(u, random=False, entered=(), chosen=setup.cards)))

    def back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(replace(u, screen="setup", cursor=2))

    ok = Binding(choose, T(lang, "key.ok"))
    return option_menu(len(items), lang, ok, Binding(back, T(lang, "key.back")), labels=PREV_NEXT)


def _pick(ui: CanvasUi, lang: str) -> Keys:
    count = len(data().cards) + 1
    done = ui.cursor == count - 1

    def toggle(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        if u.cursor == count - 1:
            if not u.chosen:
                return Reply(u, error=T(c.lang, "canvas.pick.none"))
            return Reply(_after_choice(u))
        name = data().cards[u.cursor].name
        if name in u.chosen:
            return Reply(replace(u, chosen=tuple(n for n in u.chosen if n != name)))
        if len(u.chosen) >= MAX_CHOSEN:
            return Reply(u, error=T(c.lang, "canvas.pick.full"))
        chosen = (*u.chosen, name)
        # The last card a painting scores with (004 l.8: four cards) is picked: the cursor goes
        # to Done, which sat out of sight at the bottom of the list (issue 20, second read).
        return Reply(replace(u, chosen=chosen, cursor=count - 1 if len(chosen) == MAX_CHOSEN else u.cursor))

    def back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(replace(u, screen="mode", cursor=mode_items().index("pick")))

    picked = not done and data().cards[ui.cursor].name in ui.chosen
    label = "canvas.pick.done" if done else "canvas.key.remove" if picked else "canvas.key.pick"
    ok = Binding(toggle, T(lang, label))
    return option_menu(count, lang, ok, Binding(back, T(lang, "key.back")), labels=PREV_NEXT)


def _points(ui: CanvasUi, lang: str) -> Keys:
    name = needs_points(ui)
    assert name is not None
    low = 1 if not ui.table else 0  # 0 after the first entry means "no more"

    def change(button: str) -> Binding[CanvasUi]:
        return Binding(lambda u, c: Reply(replace(u, value=counted(u.value, button, low, MAX_POINTS))),
                       "+1" if button == "up" else "-1")

    def keep(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        table = u.table if u.value == 0 else (*u.table, u.value)
        if u.value and len(table) < MAX_CHOSEN:
            return Reply(replace(u, table=table, value=table[-1]))
        return Reply(_after_choice(replace(u, entered=(*u.entered, EnteredPoints(name, table)), table=())))

    def back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        if u.table:
            return Reply(replace(u, table=u.table[:-1], value=u.table[-1]))
        return Reply(replace(u, screen="mode", cursor=0, entered=()))

    return {"up": change("up"), "down": change("down"), "ok": Binding(keep, T(lang, "key.ok")),
            "back": Binding(back, T(lang, "key.back"))}


def _cards(ui: CanvasUi, lang: str) -> Keys:
    def redraw(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        drawn = replace(u, draws=u.draws + 1)
        return Reply(replace(drawn, chosen=_draw(drawn)))

    def back(u: CanvasUi, c: Context) -> Reply[CanvasUi]:
        return Reply(replace(u, screen="setup", cursor=0))

    keys: Keys = {"ok": Binding(start_game, T(lang, "canvas.key.start")), "roll": Binding(start_game),
                  "back": Binding(back, T(lang, "key.back"))}
    if ui.random:
        keys["down"] = Binding(redraw, T(lang, "canvas.key.redraw"))
    return keys


SCREENS: dict[str, Callable[[CanvasUi, str], Keys]] = {
    "setup": _setup, "players": _players, "mode": _mode, "pick": _pick, "points": _points, "cards": _cards,
}
