"""Gallery samples of every Toolbox screen, reached by pressing the app's own keys."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.framework.contract import Context, Sample
from device.games.toolbox.app import APP
from device.games.toolbox.ui import ToolboxUi
from device.widgets.presser import Presser
from engine.toolbox import TOOLBOX
from engine.toolbox.commands import SetPlayers


def samples(ctx: Context) -> Sequence[Sample[ToolboxUi]]:
    """A state for every Toolbox screen, as a table would see it."""
    p = Presser(APP, ctx)
    fresh = p.start(seed=7)
    dice = replace(fresh, screen="dice")
    running = p.press(fresh, "timer", now=0)
    done = p.press(fresh, "timer", now=0)
    done = replace(done, game=replace(done.game, sandglass=done.game.sandglass.settle(90_000)))
    order = replace(fresh, screen="order")
    eight = replace(order, game=TOOLBOX.apply(fresh.game, SetPlayers(8)))
    return (
        Sample("menu", fresh),
        Sample("menu-four-keys", fresh, seat_buttons=False),  # no roll button: the title does not name it
        Sample("dice-empty", dice),
        Sample("dice-shapes", p.press(fresh, "roll")),
        Sample("dice-shapes-four-keys", p.press(dice, "ok"), seat_buttons=False),
        Sample("dice-new-round", p.press(order, "seat2", "seat4", "seat1", "seat3", "roll")),
        Sample("dice-d6", p.press(dice, "down", "ok")),
        Sample("dice-tokens", p.press(dice, "down", "down", "down", "down", "down", "ok")),
        Sample("sandglass-ready", replace(fresh, screen="sandglass")),
        Sample("sandglass-running", running, now_ms=12_300),
        Sample("sandglass-last-seconds", running, now_ms=81_000),
        Sample("sandglass-held", running, now_ms=3_000, held=True),  # back after a stop: the next press runs on
        Sample("sandglass-paused", p.press(running, "timer!", now=47_400), now_ms=50_000),
        Sample("sandglass-time-up", done, now_ms=90_000),
        Sample("sandglass-time-up-four-keys", done, now_ms=90_000, seat_buttons=False),
        Sample("order-empty", order),
        Sample("order", p.press(order, "seat3", "seat1")),
        Sample("order-by-hand", p.press(order, "seat3", "seat1", "ok", "down")),  # the table build's cursor
        Sample("order-four-keys", p.press(order, "seat3", "seat1"), seat_buttons=False),  # the cursor shown
        Sample("order-complete", p.press(order, "seat2", "seat4", "seat1", "seat3")),
        Sample("order-eight-seven-taken", p.press(eight, *(f"seat{s}" for s in (5, 2, 8, 1, 7, 3, 6)))),
        Sample("order-complete-eight", p.press(eight, *(f"seat{s}" for s in (5, 2, 8, 1, 7, 3, 6, 4)))),
        Sample("order-complete-four-keys", p.press(order, "seat2", "seat4", "seat1", "seat3"), seat_buttons=False),
        Sample("players", replace(fresh, screen="players", players_pick=6)),
    )
