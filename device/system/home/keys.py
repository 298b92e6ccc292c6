"""The home menu's keys: up/down move, ok opens the entry, roll and timer open the Toolbox."""

from __future__ import annotations

from device.framework.contract import Context, Reply
from device.strings.all import STRINGS as T
from device.system.home.ui import HomeUi
from device.widgets.bindings import Binding, Bindings
from device.widgets.option_menu import option_menu


def bindings(ui: HomeUi, ctx: Context) -> Bindings[HomeUi]:
    """The menu's binding table (holds do nothing here)."""
    lang, count = ctx.lang, len(ctx.menu)

    def open_entry(u: HomeUi, c: Context) -> Reply[HomeUi]:
        return Reply(u, switch=c.menu[u.cursor % count].key)

    def toolbox(u: HomeUi, c: Context) -> Reply[HomeUi]:
        return Reply(u, switch="toolbox")

    keys = {"roll": Binding(toolbox), "timer": Binding(toolbox)}
    if count:  # a context without a menu (a bare test context) leaves only the shortcuts
        keys.update(option_menu(count, lang, Binding(open_entry, T(lang, "key.open"))))
    return Bindings(keys, holds_press=False)
