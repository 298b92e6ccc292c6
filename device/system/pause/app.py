"""The pause menu: opened by a game's Menu key (back at its top level), over the game under way."""

from __future__ import annotations

from collections.abc import Mapping

from device.framework.contract import Context
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from device.system.pause import keys, screens
from device.system.pause.ui import PauseUi
from device.widgets.bindings import Bindings, KeyedApp


class PauseApp(KeyedApp[PauseUi]):
    """Resume, Undo, Home or Settings: leaving a game is a deliberate choice, never one slip."""

    key = "pause"
    title_key = "pause.title"
    ui_type = PauseUi

    def start(self, ctx: Context) -> PauseUi:
        """No game paused yet (the session fills in the game when a game opens the menu)."""
        return PauseUi()

    def bindings(self, state: PauseUi, ctx: Context) -> Bindings[PauseUi]:
        """Move, act on the row, back resumes."""
        return keys.bindings(state, ctx)

    def screen_key(self, state: PauseUi) -> str:
        """One screen."""
        return "pause"

    def draw(self, state: PauseUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The menu, titled with the paused game."""
        titles = {entry.key: entry.title_key for entry in ctx.menu}
        title = T(ctx.lang, titles[state.game]) if state.game in titles else ""
        screens.render(state, title, ctx.lang, labels, frame)


APP = PauseApp()
