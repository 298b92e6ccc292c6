"""The Statistics keys: up/down scroll, back or ok go home."""

from __future__ import annotations

from dataclasses import replace

from device.framework.contract import Context, Reply
from device.strings.all import STRINGS as T
from device.system.stats.ui import StatsUi, stat_lines
from device.widgets.bindings import Binding, Bindings
from device.widgets.cursor import wrapped


def bindings(ui: StatsUi, ctx: Context) -> Bindings[StatsUi]:
    """Scroll or leave (holds do nothing here)."""
    lang, count = ctx.lang, len(stat_lines(ctx.history, {}))

    def move(button: str) -> Binding[StatsUi]:
        def action(u: StatsUi, c: Context) -> Reply[StatsUi]:
            return Reply(replace(u, cursor=wrapped(u.cursor, button, count)) if count else u)
        return Binding(action, T(lang, f"key.{button}"))

    def leave(u: StatsUi, c: Context) -> Reply[StatsUi]:
        return Reply(replace(u, cursor=0), switch="home")

    return Bindings({"up": move("up"), "down": move("down"), "ok": Binding(leave),
                     "back": Binding(leave, T(lang, "key.home"))}, holds_press=False)
