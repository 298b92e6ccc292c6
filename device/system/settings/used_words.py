"""The "Used words" row of Settings: how many #ARTBOX words of the deck the table has seen in
this cycle, and resetting them (device/storage/word_history.py) after one confirming press."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from device import wordpacks
from device.framework.contract import Context, Reply
from device.render.frame import Frame
from device.storage import word_history
from device.strings.all import STRINGS as T
from device.system.settings.ui import SettingsUi
from device.widgets.bindings import Binding, Bindings
from device.widgets.confirm import confirm_screen
from device.wordpacks import WordPackError


def progress(ctx: Context) -> tuple[int, int] | None:
    """(used, in the deck) for the word language and packs in use; None when a pack is unusable."""
    language = ctx.settings.word_language
    try:
        deck = wordpacks.word_deck(language, ctx.resources.word_packs)
    except WordPackError:
        return None
    return word_history.progress(ctx.words, language, deck)


def row_value(ctx: Context) -> str:
    """The row's value: "12/331"."""
    found = progress(ctx)
    if found is None:
        return "?"
    return T(ctx.lang, "settings.used_of", used=found[0], total=found[1])


def ask(ui: SettingsUi, ctx: Context) -> Reply[SettingsUi]:
    """Ok on the row: the confirmation screen (or why the deck cannot be read)."""
    if progress(ctx) is None:
        return Reply(ui, error=T(ctx.lang, "settings.no_deck"))
    return Reply(replace(ui, confirm_reset=True))


def confirming(lang: str) -> Bindings[SettingsUi]:
    """Ok resets (the label says so), back keeps the words as they are."""

    def reset(u: SettingsUi, c: Context) -> Reply[SettingsUi]:
        found = progress(c)
        word_history.reset(c.words, c.settings.word_language)
        total = found[1] if found is not None else 0
        return Reply(replace(u, confirm_reset=False), error=T(c.lang, "settings.reset_done", total=total))

    def cancel(u: SettingsUi, c: Context) -> Reply[SettingsUi]:
        return Reply(replace(u, confirm_reset=False))

    return Bindings({"ok": Binding(reset, T(lang, "settings.reset_key")),
                     "back": Binding(cancel, T(lang, "key.back"))}, holds_press=False)


def render_confirm(ctx: Context, keys: Mapping[str, str], frame: Frame, found: tuple[int, int] | None) -> None:
    """What a reset does, with the count it clears."""
    lang = ctx.lang
    used, total = found if found is not None else (0, 0)
    lines = (T(lang, "settings.reset_count", used=used, total=total), T(lang, "settings.reset_what"))
    confirm_screen(frame, T(lang, "settings.reset_title"), lines, keys)
