"""The Toolbox app: dice, sandglass, finishing order and table size for any table game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from device.framework.contract import Context, Reply
from device.games.toolbox import keys, screens
from device.games.toolbox.ui import ToolboxUi, view_of
from device.render.frame import Frame
from device.widgets.bindings import Bindings
from device.widgets.timed import TimedApp
from engine.sandglass import Sandglass
from engine.toolbox import TOOLBOX
from engine.toolbox.setup import Setup
from hardware.events import ButtonEvent


class ToolboxApp(TimedApp[ToolboxUi]):
    """Dice, sandglass and finishing order for any table game."""

    key = "toolbox"
    title_key = "toolbox.title"
    ui_type = ToolboxUi
    colour_screens = True
    catches_up = False  # a press reads the glass settled (keys.py, ui.view_of) and leaves it as saved

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

    def glass(self, state: ToolboxUi) -> Sandglass:
        """The Toolbox's one sandglass, on every screen (the menu shows its time too)."""
        return state.game.sandglass

    def time_up(self, state: ToolboxUi, ctx: Context) -> ToolboxUi:
        """No rules of its own at zero: the glass is settled as done."""
        return replace(state, game=replace(state.game, sandglass=state.game.sandglass.settle(ctx.now_ms)))

    def alarm(self, state: ToolboxUi) -> ToolboxUi:
        """The alarm shows Time! on the sandglass screen."""
        return replace(state, screen="sandglass")

    def away(self, state: ToolboxUi, ctx: Context) -> bool:
        """While the sandglass runs, or after a roll, the table draws."""
        rolled = state.screen == "dice" and bool(state.game.last_roll)
        return self.running(state, ctx.now_ms) or rolled

    def countdown_next(self, state: ToolboxUi, ctx: Context) -> bool:
        """On the Sandglass screen the next step may start (or resume) it."""
        return state.screen == "sandglass" and not self.running(state, ctx.now_ms)

    def screen_key(self, state: ToolboxUi) -> str:
        """The Toolbox screen shown."""
        return f"toolbox.{state.screen}"

    def draw(self, state: ToolboxUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The screen shown, from its view model."""
        screens.render(view_of(state, ctx.now_ms, ctx.held), ctx.lang, labels, frame, seat_buttons=ctx.seat_buttons)


APP = ToolboxApp()
