"""The Settings screen: languages, simulated panel, buzzer, sandglass length, screen cleaning."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from device.framework.contract import Context
from device.render.frame import Frame
from device.system.settings import keys, screens, used_words
from device.system.settings.ui import SettingsUi
from device.widgets.bindings import Bindings, KeyedApp


class SettingsApp(KeyedApp[SettingsUi]):
    """Change settings with four keys: ok edits, up/down change, ok keeps, back cancels."""

    key = "settings"
    title_key = "settings.title"
    ui_type = SettingsUi

    def start(self, ctx: Context) -> SettingsUi:
        """The list with the cursor on the first setting."""
        return SettingsUi()

    def adapt(self, state: SettingsUi | None, ctx: Context) -> SettingsUi | None:
        """On a real panel (the config fixes it) the screen setting is shown locked."""
        if "panel" not in ctx.locked:
            return state
        if state is None:
            return SettingsUi(panel_locked=True)
        return state if state.panel_locked else replace(state, panel_locked=True)

    def bindings(self, state: SettingsUi, ctx: Context) -> Bindings[SettingsUi]:
        """Browse, edit, keep or cancel."""
        return keys.bindings(state, ctx)

    def screen_key(self, state: SettingsUi) -> str:
        """The list, or the question before resetting the used words."""
        return "settings.reset" if state.confirm_reset else "settings"

    def draw(self, state: SettingsUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The settings list, or the question before resetting the used words."""
        if state.confirm_reset:
            used_words.render_confirm(ctx, labels, frame, used_words.progress(ctx))
            return
        screens.render(state, ctx.settings, ctx.lang, labels, frame, used_words.row_value(ctx))


APP = SettingsApp()
