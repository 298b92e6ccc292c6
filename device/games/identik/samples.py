"""Gallery samples of every IDENTIK screen, reached by pressing buttons from a fresh start."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.framework.contract import Context, Sample
from device.games.identik.app import APP
from device.games.identik.ui import IdentikUi
from device.settings import Settings
from device.widgets.name_wheel import WHEEL
from device.widgets.presser import Presser
from engine.identik.view import judges

# The widest real names a table can enter (10 letters, the most a name holds): the worst case
# for every screen that shows names on the smallest panel.
LONG_NAMES = ("Wilhelmina", "Maximilien", "Marguerite", "Jean-Louis", "Christophe", "Gwendoline")


def samples(ctx: Context) -> Sequence[Sample[IdentikUi]]:
    """A state for every IDENTIK screen, reached by pressing buttons from a fresh start."""
    p = Presser(APP, replace(ctx, settings=Settings()), strict=True)  # the default hourglass
    press = p.press
    fresh = p.start(seed=11)
    options = press(fresh, "down", "ok", "up", "up", "ok", "down", "down", "ok", "up", "ok", "down", "ok", "up", "up",
                    "up", "ok", "down", "ok")  # a count: ok opens it, up counts, ok keeps
    names = _named(p, press(fresh, "down", "down", "ok"), ("Sam", "Zoé", "Anne-Marie", "Mika"))
    editing = press(press(names, "up", "up", "ok"), "back", "back", "back")
    editing = press(editing, *(["down"] * 18))
    named = press(names, "ok", "down", "down", "ok", "up", "up", "ok")  # Done; Zoé (seat 2) narrates first
    started = press(named, "roll")
    picked = press(started, "up", "up", "up", "up", "up", "up")
    ready = press(picked, "ok")
    running = press(ready, "ok", now=1_000)
    paused = press(running, "timer!", now=48_000)
    passing = p.tick(running, 91_000)
    judging = press(passing, "up", "ok", "ok", now=92_000)
    judging = press(judging, "seat1", "seat3", "down", now=92_000)
    at_super = press(judging, "up", "ok", "ok", "ok", "ok", "seat4", "seat1", now=93_000)
    summary = press(at_super, "ok", "ok", "ok", "ok", now=94_000)
    card = press(summary, "down")
    rolled_rule = press(fresh, *(["down"] * 5), "ok", "roll")
    rolled = press(rolled_rule, "roll")
    final = _play_out(p, started, bias=1)
    tie = _play_out(p, press(fresh, "ok"))
    six = _play_out(p, press(fresh, "down", "ok", "up", "up", "ok", "up", "ok"), bias=2)
    long_start = press(_named(p, press(fresh, "down", "ok", "up", "up", "ok", "down", "ok"), LONG_NAMES), "ok", "roll")
    long_judging = _to_judging(p, long_start, criterion=10)
    long_summary = press(long_judging, "ok")
    # The largest table with no names (seats read "S1".."S6"): every screen that lays out a tile,
    # a row or a line per player.
    six_start = press(fresh, "down", "ok", "up", "up", "ok", "up", "ok")
    six_passing = _to_passing(p, six_start)
    six_super = _to_judging(p, six_start, criterion=1)  # the super criterion is 1: judged first
    six_judging = _to_judging(p, six_start, criterion=10)
    six_summary = press(six_judging, "ok")
    return (
        Sample("setup", fresh),
        Sample("setup-options", options),
        Sample("names", names),
        Sample("name-edit", editing),
        Sample("super", picked),
        Sample("super-roll-rule", rolled_rule),
        Sample("describe-ready", ready),
        Sample("describe-rolled", rolled),
        Sample("describe-running", running, now_ms=13_300),
        Sample("describe-last-seconds", running, now_ms=84_200),
        Sample("describe-paused", paused, now_ms=60_000),
        Sample("describe-held", running, now_ms=13_300, held=True),  # back after a stop: the next press runs on
        Sample("passing", passing, now_ms=91_000),
        Sample("judging", judging, now_ms=92_000),
        Sample("judging-super", at_super, now_ms=93_000),
        Sample("summary", summary, now_ms=94_000),
        Sample("scorecard", card),
        Sample("quit", press(card, "down")),
        Sample("final", final),
        Sample("final-tie", tie),
        Sample("final-six", six),
        Sample("long-names-super", long_start),
        Sample("long-names-judging", long_judging),
        Sample("long-names-summary", long_summary),
        Sample("long-names-scorecard", press(long_summary, "down")),
        Sample("long-names-final", _play_out(p, long_summary, bias=3)),
        Sample("long-names-passing", _to_passing(p, long_start)),
        Sample("long-names-judging-super", _to_judging(p, long_start, criterion=1)),
        Sample("long-names-judging-four-keys", press(long_judging, "down", "down"), seat_buttons=False),
        Sample("six-passing", six_passing),
        Sample("six-judging-super", six_super),
        Sample("six-judging", six_judging),
        Sample("six-judging-four-keys", press(six_judging, "down", "down"), seat_buttons=False),
        Sample("six-summary", six_summary),
        Sample("six-scorecard", press(six_summary, "down")),
    )


def _named(p: Presser[IdentikUi], ui: IdentikUi, names: Sequence[str]) -> IdentikUi:
    """From the names list, spell each seat's name on the wheel (the shorter way round)."""
    for seat, text in enumerate(names, start=1):
        ui = p.press(ui, "ok")
        for char in text.lower():
            ahead = (WHEEL.index(char) - ui.letter) % len(WHEEL)
            turns = ["down"] * ahead if ahead <= len(WHEEL) // 2 else ["up"] * (len(WHEEL) - ahead)
            ui = p.press(ui, *turns, "ok")
        ui = p.press(ui, *(["up"] * ui.letter), "ok")
        if seat < len(names):
            ui = p.press(ui, "down")
    return p.press(ui, "down")


def _to_passing(p: Presser[IdentikUi], ui: IdentikUi) -> IdentikUi:
    """Super criterion 1, the hourglass started and the sand run out: pencils down."""
    assert ui.game is not None
    return p.tick(p.press(ui, "ok", "timer", now=0), ui.game.setup.timer_ms)


def _to_judging(p: Presser[IdentikUi], ui: IdentikUi, criterion: int) -> IdentikUi:
    """Super criterion 1, the sand run out, drawings passed left, every judge ticking up to `criterion`."""
    assert ui.game is not None
    timer = ui.game.setup.timer_ms
    ui = p.press(_to_passing(p, ui), "up", now=timer)
    for number in range(1, criterion + 1):
        assert ui.game is not None
        ui = p.press(ui, *(f"seat{j}" for j in judges(ui.game)[: number % 5 + 1]), now=timer)
        if number < criterion:
            ui = p.press(ui, "ok", now=timer)
    return ui


def _play_out(p: Presser[IdentikUi], ui: IdentikUi, bias: int = 0) -> IdentikUi:
    """Play every round of a started game, one judge ticking a few criteria each round."""
    push, now = p.press, 0
    while ui.game is not None and ui.game.phase != "over":
        game = ui.game
        if game.phase == "super":
            ui = push(ui, *(["up"] * (game.round_no % 10)), "ok", now=now)
            ui = push(ui, "ok", now=now)
            now += game.setup.timer_ms
            ui = push(ui, "up", now=now)
            for criterion in range(1, 11):
                seated = judges(game)
                if criterion <= game.round_no + 1 + bias:
                    ui = push(ui, f"seat{seated[(criterion + bias) % len(seated)]}", now=now)
                ui = push(ui, "ok", now=now)
        ui = push(ui, "ok", now=now)
    return ui
