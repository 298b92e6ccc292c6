"""The Statistics screen: games played, and wins per player name, from the history."""

from __future__ import annotations

from collections.abc import Mapping

from device.framework.contract import Context
from device.render.frame import Frame
from device.system.stats import keys, screens
from device.system.stats.ui import StatsUi, stat_lines
from device.widgets.bindings import Bindings, KeyedApp


class StatsApp(KeyedApp[StatsUi]):
    """Read-only figures; up/down scroll, back goes home."""

    key = "stats"
    title_key = "stats.title"
    ui_type = StatsUi

    def start(self, ctx: Context) -> StatsUi:
        """At the top of the list."""
        return StatsUi()

    def bindings(self, state: StatsUi, ctx: Context) -> Bindings[StatsUi]:
        """Scroll or leave."""
        return keys.bindings(state, ctx)

    def screen_key(self, state: StatsUi) -> str:
        """One screen."""
        return "stats"

    def draw(self, state: StatsUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """Games played and wins per name, games titled as on the home menu."""
        titles = {entry.key: entry.title_key for entry in ctx.menu}
        lines = stat_lines(ctx.history, titles)
        screens.render(state, lines, len(ctx.history), ctx.lang, labels, frame)


APP = StatsApp()
