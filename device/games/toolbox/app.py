"""The Toolbox app: dice, sandglass, finishing order and table size for any table game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from device.display.refresh import Activity
from device.framework.contract import Context, Reply
from device.games.toolbox import keys, screens
from device.games.toolbox.ui import ToolboxUi, view_of
from device.render.frame import Frame
from device.widgets.bindings import Bindings, KeyedApp
from device.widgets.countdown import countdown_deadline, countdown_tick
from engine.toolbox import TOOLBOX
from engine.toolbox.setup import Setup
from hardware.events import ButtonEvent


class ToolboxApp(KeyedApp[ToolboxUi]):
    """Dice, sandglass and finishing order for any table game."""

    key = "toolbox"
    title_key = "toolbox.title"
    ui_type = ToolboxUi
    colour_screens = True

    def start(self, ctx: Context) -> ToolboxUi:
        """A fresh Toolbox with the settings' sandglass length and table size."""
        setup = Setup(shape_dice=ctx.resources.shape_dice, sandglass_s=ctx.settings.sandglass_s,
                             players=ctx.settings.players)
        return ToolboxUi(game=TOOLBOX.new_game(setup, ctx.seed), players_pick=ctx.settings.players)

    def bindings(self, state: ToolboxUi, ctx: Context) -> Bindings[ToolboxUi]:
        """The screen's keys plus the table build's shortcuts."""
        return keys.bindings(state, ctx)

    def handle(self, state: ToolboxUi, event: ButtonEvent, ctx: Context) -> Reply[ToolboxUi]:
        """A standing glass first takes the length chosen in Settings; then the key's action."""
        ready = keys.settings_length(state, ctx) if state.game.sandglass.status == "idle" else state
        return self.bindings(ready, ctx).dispatch(ready, event, ctx, unchanged=state)

    def in_progress(self, state: ToolboxUi) -> bool:
        """A sandglass turned or number tokens taken: home offers to continue."""
        return state.game.sandglass.status != "idle" or bool(state.game.order.seats)

    def next_deadline(self, state: ToolboxUi, ctx: Context) -> int | None:
        """Each displayed second of a running sandglass, and its end."""
        return countdown_deadline(state.game.sandglass, ctx.now_ms)

    def tick(self, state: ToolboxUi, ctx: Context) -> Reply[ToolboxUi]:
        """Beep in the last 10 s; at zero, settle the glass, ring and show Time!."""
        glass, sounds, finished = countdown_tick(state.game.sandglass, ctx.now_ms)
        if glass == state.game.sandglass:
            return Reply(state, sounds=sounds)
        game = replace(state.game, sandglass=glass)
        return Reply(replace(state, game=game, screen="sandglass" if finished else state.screen), sounds=sounds)

    def activity(self, state: ToolboxUi, ctx: Context) -> Activity:
        """A running sandglass is a countdown; while it runs, or after a roll, the table draws; on
        the Sandglass screen the next step may start (or resume) it."""
        running = state.game.sandglass.settle(ctx.now_ms).status == "running"
        rolled = state.screen == "dice" and bool(state.game.last_roll)
        return Activity(countdown=running, physical=running or rolled,
                        countdown_next=state.screen == "sandglass" and not running)

    def screen_key(self, state: ToolboxUi) -> str:
        """The Toolbox screen shown."""
        return f"toolbox.{state.screen}"

    def draw(self, state: ToolboxUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The screen shown, from its view model."""
        screens.render(view_of(state, ctx.now_ms), ctx.lang, labels, frame, seat_buttons=ctx.seat_buttons)


APP = ToolboxApp()
