"""The home menu: every game of the registry, the Statistics and the Settings."""

from __future__ import annotations

from collections.abc import Mapping

from device.framework.contract import Context
from device.render.frame import Frame
from device.system.home import keys, screens
from device.system.home.ui import HomeUi
from device.widgets.bindings import Bindings, KeyedApp


class HomeApp(KeyedApp[HomeUi]):
    """The first screen: pick a game or the Toolbox."""

    key = "home"
    title_key = "app.name"
    ui_type = HomeUi

    def start(self, ctx: Context) -> HomeUi:
        """The menu with the cursor on the first entry."""
        return HomeUi()

    def bindings(self, state: HomeUi, ctx: Context) -> Bindings[HomeUi]:
        """Move, open, or jump to the Toolbox."""
        return keys.bindings(state, ctx)

    def screen_key(self, state: HomeUi) -> str:
        """One screen."""
        return "home"

    def draw(self, state: HomeUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The menu."""
        screens.render(state, ctx.menu, ctx.lang, labels, frame)


APP = HomeApp()
