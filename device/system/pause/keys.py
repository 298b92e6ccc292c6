"""The pause menu's keys: up/down move, ok acts on the row, back resumes the game."""

from __future__ import annotations

from device.framework.contract import Context, Reply
from device.framework.registry import HOME
from device.strings.all import STRINGS as T
from device.system.pause.ui import ROWS, PauseUi, Row, row_at
from device.widgets.bindings import Action, Binding, Bindings
from device.widgets.option_menu import option_menu


def bindings(ui: PauseUi, ctx: Context) -> Bindings[PauseUi]:
    """The menu's binding table (holds do nothing here; hold back/ok are the game's undo/redo)."""
    lang = ctx.lang
    ok = Binding(_act, T(lang, f"pause.key.{row_at(ui)}"))
    keys = option_menu(len(ROWS), lang, ok, Binding(_resume, T(lang, "pause.key.resume")))
    return Bindings(keys, holds_press=False)


def _resume(ui: PauseUi, ctx: Context) -> Reply[PauseUi]:
    return Reply(ui, switch=ui.game or HOME)


def _undo(ui: PauseUi, ctx: Context) -> Reply[PauseUi]:
    """Back to the game with its last step undone (the same undo as holding back)."""
    if not ui.game:
        return Reply(ui, switch=HOME)
    return Reply(ui, switch=ui.game, step="undo")


def _home(ui: PauseUi, ctx: Context) -> Reply[PauseUi]:
    return Reply(ui, switch=HOME)


def _settings(ui: PauseUi, ctx: Context) -> Reply[PauseUi]:
    return Reply(ui, switch="settings")


ROW_ACTIONS: dict[Row, Action[PauseUi]] = {"resume": _resume, "undo": _undo, "home": _home, "settings": _settings}


def _act(ui: PauseUi, ctx: Context) -> Reply[PauseUi]:
    return ROW_ACTIONS[row_at(ui)](ui, ctx)
