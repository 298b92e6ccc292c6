"""Gallery samples of every IDENTIK screen, reached by pressing buttons from a fresh start."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.identik.view import judges

if TYPE_CHECKING:
    from device.apps.base import Context, Sample
    from device.apps.identik import IdentikApp, IdentikUi


def samples(app: IdentikApp, ctx: Context) -> Sequence[Sample[IdentikUi]]:
    """A state for every IDENTIK screen, reached by pressing buttons from a fresh start."""
    from device.apps.base import Sample
    from device.settings import Settings
    from hardware.events import ButtonEvent

    def press(ui: IdentikUi, *buttons: str, now: int = 0) -> IdentikUi:
        for button in buttons:
            kind = "hold" if button.endswith("!") else "press"
            event = ButtonEvent(button.rstrip("!"), kind)
            ui = app.handle(ui, event, replace(ctx, now_ms=now, settings=Settings())).state
        return ui

    def name(ui: IdentikUi, text: str) -> IdentikUi:
        from device.apps.identik import WHEEL

        for char in text.lower():
            target = WHEEL.index(char)
            steps = (target - ui.letter) % len(WHEEL)
            ui = press(ui, *(["down"] * steps), "ok")
        return press(ui, *(["up"] * ui.letter), "ok")

    fresh = app.start(replace(ctx, seed=11))
    options = press(fresh, "ok", "ok", "down", "down", "ok", "down", "ok", "ok", "ok", "down", "ok")
    names = press(fresh, "down", "ok")
    for seat in range(1, 5):
        names = name(press(names, "ok"), ["Sam", "Zoé", "Anne-Marie", "Mika"][seat - 1])
        names = press(names, "down")
    editing = press(press(names, "up", "up", "ok"), "back", "back", "back")
    editing = press(editing, *(["down"] * 18))
    named = press(names, "ok", "down", "down", "ok", "ok")
    started = press(named, "down", "down", "down", "ok")
    picked = press(started, "up", "up", "up", "up", "up", "up")
    ready = press(picked, "ok")
    running = press(ready, "ok", now=1_000)
    paused = press(running, "timer!", now=48_000)
    passing = press(running, "up", now=91_000)
    judging = press(passing, "ok", "ok", "ok", now=92_000)
    judging = press(judging, "seat1", "seat3", "down", now=92_000)
    at_super = press(judging, "up", "ok", "ok", "ok", "ok", "seat4", "seat1", now=93_000)
    summary = press(at_super, "ok", "ok", "ok", "ok", now=94_000)
    card = press(press(summary, "ok"), "back")
    rolled_rule = press(fresh, *(["down"] * 4), "ok", *(["down"] * 2), "ok")
    rolled = press(rolled_rule, "roll")
    final = _play_out(press, started, bias=1)
    tie = _play_out(press, press(fresh, *(["down"] * 6), "ok"))
    six = _play_out(press, press(fresh, "ok", "ok", *(["down"] * 6), "ok"), bias=2)
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
        Sample("passing", passing, now_ms=91_000),
        Sample("judging", judging, now_ms=92_000),
        Sample("judging-super", at_super, now_ms=93_000),
        Sample("summary", summary, now_ms=94_000),
        Sample("scorecard", card),
        Sample("final", final),
        Sample("final-tie", tie),
        Sample("final-six", six),
    )


def _play_out(push: Callable[..., IdentikUi], ui: IdentikUi, bias: int = 0) -> IdentikUi:
    """Play every round of a started game, one judge ticking a few criteria each round."""
    now = 0
    while ui.game is not None and ui.game.phase != "over":
        game = ui.game
        ui = push(ui, *(["up"] * (game.round_no % 10)), "ok", now=now)
        ui = push(ui, "ok", now=now)
        now += game.setup.timer_ms
        ui = push(ui, "ok", now=now)
        for criterion in range(1, 11):
            seated = judges(game)
            if criterion <= game.round_no + 1 + bias:
                ui = push(ui, f"seat{seated[(criterion + bias) % len(seated)]}", now=now)
            ui = push(ui, "ok", now=now)
        ui = push(ui, "ok", now=now)
    return ui
