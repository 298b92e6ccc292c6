"""The Settings keys: ok edits a setting, up/down change it, ok keeps it, back cancels."""

from __future__ import annotations

from dataclasses import replace

from device.framework.contract import Context, Reply
from device.strings.all import STRINGS as T
from device.system.settings import used_words
from device.system.settings.ui import ROWS, USED_WORDS, SettingsUi, field_at, next_value
from device.widgets.bindings import Binding, Bindings, leave
from device.widgets.option_menu import option_menu


def bindings(ui: SettingsUi, ctx: Context) -> Bindings[SettingsUi]:
    """Browsing or editing (holds do nothing here)."""
    if ui.confirm_reset:
        return used_words.confirming(ctx.lang)
    return _editing(ctx.lang) if ui.editing else _browsing(ui, ctx)


def _browsing(ui: SettingsUi, ctx: Context) -> Bindings[SettingsUi]:
    lang = ctx.lang
    ok = Binding(used_words.ask, T(lang, "settings.reset_key")) if ui.cursor == USED_WORDS \
        else Binding(_edit, T(lang, "key.change"))
    keys = option_menu(ROWS, lang, ok, leave(ctx))
    return Bindings(keys, holds_press=False)


def _edit(ui: SettingsUi, ctx: Context) -> Reply[SettingsUi]:
    if field_at(ui) == "panel" and ui.panel_locked:
        return Reply(ui, error=T(ctx.lang, "settings.real_panel"))
    return Reply(replace(ui, editing=True, draft=ctx.settings))


def _editing(lang: str) -> Bindings[SettingsUi]:
    def change(button: str) -> Binding[SettingsUi]:
        def action(u: SettingsUi, c: Context) -> Reply[SettingsUi]:
            draft, name = u.draft or c.settings, field_at(u)
            return Reply(replace(u, draft=replace(draft, **{name: next_value(name, getattr(draft, name), button)})))
        return Binding(action, "+" if button == "up" else "−")

    def keep(u: SettingsUi, c: Context) -> Reply[SettingsUi]:
        name = field_at(u)
        value = getattr(u.draft or c.settings, name)
        return Reply(replace(u, editing=False, draft=None), settings_changes={name: value})

    def cancel(u: SettingsUi, c: Context) -> Reply[SettingsUi]:
        return Reply(replace(u, editing=False, draft=None))

    return Bindings({"up": change("up"), "down": change("down"), "ok": Binding(keep, T(lang, "key.ok")),
                     "back": Binding(cancel, T(lang, "key.back"))}, holds_press=False)
